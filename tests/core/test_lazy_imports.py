"""`import yakuset` imports nothing it does not need: each public name is imported when first
read (PEP 562). These tests keep the tables of where each name lives true, and the start-up
light (bench/startup.py measures it)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

PACKAGES = ["yakuset", "yakuset.riichi", "yakuset.koikoi", "yakuset.diff"]


@pytest.mark.parametrize("name", PACKAGES)
def test_every_public_name_is_in_the_table_and_reads_as_its_module_defines_it(name):
    package = importlib.import_module(name)
    public = set(package.__all__) - {"__version__"}
    assert public == set(package._WHERE)
    for attribute in sorted(public):
        module, inside = package._WHERE[attribute]
        expected = importlib.import_module(module)
        assert getattr(package, attribute) is (expected if inside is None else getattr(expected, inside))
    assert public <= set(dir(package))


def _modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return set(out.split())


def test_import_yakuset_imports_no_engine_module_and_no_dependency():
    loaded = _modules_after("import yakuset")
    assert {m for m in loaded if m.startswith("yakuset.")} <= {"yakuset._core", "yakuset._core.lazy"}
    assert not {"yaml", "jsonschema", "pluggy", "importlib.metadata"} & loaded


def test_scoring_riichi_never_imports_koikoi_scoring_the_diff_or_a_schema_validator():
    loaded = _modules_after("import yakuset\nyakuset.riichi.score(yakuset.load_ruleset('tenhou'), han=3, fu=40)")
    assert not {"yakuset.koikoi.scoring.award", "yakuset.koikoi.match.referee", "yakuset.diff._behaviour"} & loaded
    assert not {"yaml", "jsonschema", "importlib.metadata"} & loaded


#: A game's parts, each a module (or a sub-package) of the game: loading a rule set imports none.
PARTS = ("study", "cases", "present.commands", "present.web", "present.yaku_examples")


def test_loading_a_rule_set_imports_no_part_of_its_game_nor_argparse():
    loaded = _modules_after("import yakuset\nyakuset.load_ruleset('tenhou')\nyakuset.load_ruleset('nintendo')")
    assert {"yakuset.riichi.game", "yakuset.koikoi.game"} <= loaded
    parts = [f"yakuset.{game}.{part}" for game in ("riichi", "koikoi") for part in PARTS]
    assert not {m for m in loaded if any(m == part or m.startswith(part + ".") for part in parts)}
    assert "argparse" not in loaded


def test_a_game_part_is_imported_when_first_asked_for_and_kept():
    loaded = _modules_after(
        "import yakuset\nrs = yakuset.load_ruleset('tenhou')\n"
        "assert rs.part.study is rs.part.study and type(rs.part.study).__name__ == 'RiichiStudy'"
    )
    assert "yakuset.riichi.study.part" in loaded
    assert not {"yakuset.riichi.cases", "yakuset.riichi.present.commands", "yakuset.riichi.present.web"} & loaded


@pytest.mark.parametrize(("argv", "command"), [(["list"], "list"), (["tiles"], "games")])
def test_a_command_imports_its_own_module_and_no_other_commands(argv, command):
    loaded = _modules_after(
        "import contextlib, io\nfrom yakuset._cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()):\n    main({argv!r})"
    )
    cli = {m.removeprefix("yakuset._cli.") for m in loaded if m.startswith("yakuset._cli.")}
    assert {m for m in cli if not m.startswith("_")} == {"games", command}
    assert "yakuset._studies" not in loaded
