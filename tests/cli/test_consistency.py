"""One consistent command line: a version, the schema's place, validate for ids and files, the
same names as the Python API (old names kept), defaults in every option's help, conflicting
options refused, and every failure one line with exit code 2."""

from __future__ import annotations

import argparse
import json
import sys
from importlib.metadata import version
from pathlib import Path

import jsonschema
import pytest
import yakuset
import yaml
from yakuset._cli import build_parser

from ..helpers import BUNDLED, run


def test_version_prints_the_installed_version(capsys):
    code, out, _ = run(capsys, "--version")
    assert (code, out) == (0, f"yakuset {version('yakuset')}\n")


def test_schema_prints_where_the_schema_is_and_json_prints_the_schema(capsys):
    code, out, _ = run(capsys, "schema")
    path = out.strip()
    assert code == 0 and path.endswith("ruleset.schema.json")
    assert json.loads(Path(path).read_text(encoding="utf-8"))["title"] == "yakuset rule set"
    code, out, _ = run(capsys, "schema", "--json")
    assert code == 0
    # The file refers to the core's and each game's schema files; --json prints them as one
    # document that stands alone: a standard validator needs nothing else to check a file.
    schema = json.loads(out)
    jsonschema.Draft202012Validator.check_schema(schema)
    alone = jsonschema.Draft202012Validator(schema)  # no registry: a $ref elsewhere would fail
    for file in sorted(BUNDLED.glob("*/*.yaml")):
        assert list(alone.iter_errors(yaml.safe_load(file.read_text(encoding="utf-8")))) == [], file.name
    assert [e.message for e in alone.iter_errors({"game": "koikoi", "scoring": {}})] == [
        "Additional properties are not allowed ('scoring' was unexpected)"
    ]
    assert list(alone.iter_errors({"game": "riichi", "fu": {"base": "twenty"}}))


def test_validate_takes_bundled_ids_and_files_together(capsys, tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: nintendo\nname: House\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", "nintendo", str(house), "tenhou")
    assert code == 0
    assert out.splitlines()[0] == "nintendo: ok" and out.splitlines()[2] == "tenhou: ok"
    code, _, err = run(capsys, "validate", "nintendoo")
    assert code == 2 and "no bundled rule set or file named 'nintendoo' (hint: did you mean 'nintendo'?)" in err


def _options() -> list[tuple[str, argparse.Action]]:
    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found = []
    for name, sub in subparsers.choices.items():
        for action in sub._actions:
            if action.option_strings and not isinstance(action, argparse._HelpAction):
                found.append((name, action))
    return found


@pytest.mark.parametrize(("command", "action"), _options(), ids=lambda x: x if isinstance(x, str) else x.dest)
def test_every_option_says_what_it_does_and_its_default(command, action):
    assert action.help, f"yakuset {command} {action.option_strings[0]} has no help"
    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert issubclass(subparsers.choices[command].formatter_class, argparse.ArgumentDefaultsHelpFormatter)


def test_hand_takes_the_api_names_and_the_old_short_ones(capsys):
    new = run(
        capsys,
        "hand",
        "tenhou",
        "234m456p23456788s",
        "--win",
        "4s",
        "--seat-wind",
        "south",
        "--round-wind",
        "east",
        "--dora-indicator",
        "7s",
        "--riichi",
        "--tsumo",
        "--json",
    )
    old = run(
        capsys,
        "hand",
        "tenhou",
        "234m456p23456788s",
        "--win",
        "4s",
        "--seat",
        "south",
        "--round",
        "east",
        "--dora",
        "7s",
        "--riichi",
        "--tsumo",
        "--json",
    )
    # The old --dora still works, and says it is deprecated, naming the new spelling.
    assert new[:2] == old[:2] and new[0] == 0 and new[2] == ""
    assert old[2] == (
        "yakuset: warning: --dora is deprecated (`score --dora` counted dora and `hand --dora` named an indicator"
        " tile): use --dora-indicator\n"
    )
    # Riichi, tsumo, pinfu, tanyao and two dora (7s shows 8s, held twice): 6 han, haneman, non-dealer tsumo.
    assert json.loads(new[1])["payments"] == {"dealer": 6000, "non_dealer": 3000}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["diff", "nintendo", "yakuza", "--json", "--format", "markdown"],
            "--json and --format markdown exclude each other",
        ),
        (["table", "tenhou", "--json", "--format", "markdown"], "--json and --format markdown exclude each other"),
        (["diff", "nintendo", "yakuza", "--steps", "-1"], "expected a whole number of at least 0, got '-1'"),
        (["diff", "nintendo", "yakuza", "--top", "-3"], "expected a whole number of at least 0, got '-3'"),
        (["award", "nintendo", "--base", "8", "--own-calls", "-1"], "expected a whole number of at least 0, got '-1'"),
    ],
)
def test_conflicting_or_impossible_options_are_refused(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    if "--json" in argv:  # the refusal is JSON too
        assert (code, err) == (2, "") and message in json.loads(out)["error"]["message"]
        return
    assert (code, out) == (2, "")
    assert message in err and len(err.strip().splitlines()) == 1


def test_text_and_human_name_the_same_format(capsys):
    assert run(capsys, "table", "tenhou", "--format", "human") == run(capsys, "table", "tenhou", "--format", "text")
    assert run(capsys, "diff", "nintendo", "yakuza", "--format", "text", "--colour", "never") == run(
        capsys, "diff", "nintendo", "yakuza", "--format", "human", "--colour", "never"
    )


def test_koikoi_yaku_scores_a_pile_from_the_terminal(capsys):
    code, out, _ = run(capsys, "koikoi-yaku", "nintendo", "01-bright-crane", "03-bright-curtain", "08-bright-moon")
    # Sanko: three brights without the rain man, 5 points (docs/rules/koikoi.md).
    assert (code, out) == (0, "Sanko (three brights) 5 = 5\n")
    code, _, err = run(capsys, "koikoi-yaku", "nintendo", "01-bright-cran")
    assert code == 2 and "01-bright-cran" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["award", "nintendo", "--base", "8"],
        ["score", "tenhou", "--han", "3", "--fu", "30"],
        ["hand", "tenhou", "234m456p23456788s", "--win", "4s"],
        ["table", "nintendo"],
        ["list"],
        ["show", "tenhou"],
        ["validate", "nintendo"],
        ["diff", "nintendo", "yakuza"],
        ["play", "tenhou", "examples/riichi/tie-for-first.yaml"],
        ["koikoi-yaku", "nintendo", "01-bright-crane"],
    ],
)
@pytest.mark.parametrize(
    "failure",
    [
        ValueError("a value no game has"),
        yakuset.PluginError("club_bonus", "yakuset_koikoi_award_context", KeyError("x")),
    ],
    ids=["value-error", "plugin-error"],
)
def test_every_command_turns_a_value_error_or_a_plugin_failure_into_one_line_and_exit_2(
    capsys, monkeypatch, argv, failure
):
    def fail(*_args, **_kwargs):
        raise failure

    build_parser()  # every command's module imported, then each name replaced where a module of the CLI holds it
    for module in [m for name, m in sys.modules.items() if name.startswith("yakuset._cli.")]:
        for name in ("load_ruleset", "list_rulesets", "bundled_ids"):
            if hasattr(module, name):
                monkeypatch.setattr(module, name, fail)
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err
    assert str(failure) in lines[0]


def test_the_command_names_known_before_building_are_the_commands_built():
    from yakuset._cli._parser import command_names

    parser = build_parser()
    [subcommands] = [action for action in parser._actions if action.dest == "command"]
    assert command_names() == set(subcommands.choices)


def test_a_command_runs_the_same_with_only_its_own_arguments_built(capsys):
    from yakuset._cli import build_parser

    argv = ["hand", "tenhou", "234m456p23456788s", "--win", "4s", "--riichi", "--tsumo"]
    alone, full = vars(build_parser("hand").parse_args(argv)), vars(build_parser().parse_args(argv))
    assert alone.pop("run").__qualname__ == full.pop("run").__qualname__
    assert alone == full


def test_help_is_wrapped_as_argparse_wraps_it_for_the_columns_given(monkeypatch, capsys):
    """The formatters find the width without importing shutil, and wrap exactly as argparse's own."""
    from yakuset._cli import _parser

    monkeypatch.setenv("COLUMNS", "50")
    ours = [run(capsys, *argv)[1] for argv in (["--help"], ["hand", "--help"])]
    defaults_once = {"_get_help_string": _parser._Formatter._get_help_string}
    monkeypatch.setattr(
        _parser, "_Formatter", type("Formatter", (argparse.ArgumentDefaultsHelpFormatter,), defaults_once)
    )
    monkeypatch.setattr(_parser, "_TopFormatter", argparse.HelpFormatter)
    theirs = [run(capsys, *argv)[1] for argv in (["--help"], ["hand", "--help"])]
    assert ours == theirs
    assert "--riichi-sticks" in ours[1]


def _every_help() -> list[tuple[str, str]]:
    """Each subcommand's help as `yakuset COMMAND --help` prints it, and the top-level help."""
    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [("yakuset", parser.format_help())] + [
        (name, sub.format_help()) for name, sub in sorted(subparsers.choices.items())
    ]


@pytest.mark.parametrize(("command", "text"), _every_help(), ids=lambda x: x if len(x) < 20 else "")
def test_help_shows_each_default_once_and_no_formatting_leftovers(monkeypatch, command, text):
    import re

    assert "%%" not in text and "%(" not in text
    for empty in ("None", "False", "[]", "none"):
        assert f"(default: {empty})" not in text, f"{command}: (default: {empty})"
    # One option's help mentions its default once: "(1000) (default: 1000)" says it twice.
    joined = " ".join(text.split())
    for match in re.finditer(r"\(default: ([^)]*)\)", joined):
        before = joined[max(0, match.start() - 200) : match.start()]
        since_option = before.rsplit(" --", 1)[-1]
        assert f"({match.group(1)})" not in since_option, f"{command}: {since_option}{match.group(0)}"
        assert "default" not in since_option, f"{command}: {since_option}{match.group(0)}"


@pytest.mark.parametrize(
    ("command", "option"),
    [("award", "--base"), ("hand", "--win"), ("simulate", "--matches"), ("koikoi-yaku", "--month")],
)
def test_required_and_optional_options_help(command, option):
    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    text = " ".join(subparsers.choices[command].format_help().split())
    line = text.split(f" {option} ", 1)[1].split(" --", 1)[0]
    if command == "simulate":
        assert line.endswith("(default: 1000)") and "(1000)" not in line.removesuffix("(default: 1000)")
    else:
        assert "default" not in line, line
