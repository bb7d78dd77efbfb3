"""The README and the pages of docs/ stay true: every `$ yakuset ...` line of their console
examples prints what the page shows (blank lines and lines of `...` alone are left out of the
comparison; `...` within a line stands for any text), and the messages of "When something goes wrong" (docs/rule-sets.md) are the ones
yakuset prints for those mistakes."""

from __future__ import annotations

import ast
import contextlib
import doctest
import io
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from yakuset._cli import main

from ..helpers import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
#: The pages whose console examples are run: the README and every page of docs/ (the tutorials too).
PAGES = {
    path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
}
RULE_SETS_PAGE = PAGES["docs/rule-sets.md"]
#: The plugin tutorial's `yakuset` commands need its package installed: its own test runs them.
PLUGIN_TUTORIAL = "docs/tutorials/first-plugin.md"
BLOCK = re.compile(r"```(console|yaml)\n(.*?)```", re.S)


def _examples() -> list[tuple[str, list[tuple[str, str, list[str]]], str | None, tuple[tuple[str, str], ...]]]:
    """Each distinct (command, house.yaml text, other files) once, with every page's showing of
    it: (page, the command's line, expected lines). The house.yaml text is the file shown by
    `cat -n` or the page's latest yaml block; another file a command names is the page's latest
    yaml block whose first line names it (``# cases.yaml``)."""
    found: dict[tuple[str, str | None, tuple[tuple[str, str], ...]], list[tuple[str, str, list[str]]]] = {}
    for page, text in PAGES.items():
        if page == PLUGIN_TUTORIAL:
            continue
        for command, line, shown, house, others in _page_examples(text):
            named = tuple((name, body) for name, body in sorted(others.items()) if name in command)
            key = (command, house if "house.yaml" in command else None, named)
            found.setdefault(key, []).append((page, line, shown))
    return [(command, shown, house, named) for (command, house, named), shown in found.items()]


def _page_examples(text: str) -> list[tuple[str, str, list[str], str | None, dict[str, str]]]:
    found = []
    house: str | None = None
    others: dict[str, str] = {}
    for kind, body in BLOCK.findall(text):
        if kind == "yaml":
            named = re.match(r"# (\S+\.yaml)\n", body)
            if named and named.group(1) != "house.yaml":
                others[named.group(1)] = body
            else:
                house = body
            continue
        lines = body.splitlines()
        listed = house
        index = 0
        while index < len(lines):
            line = lines[index]
            end = next((j for j in range(index + 1, len(lines)) if lines[j].startswith("$ ")), len(lines))
            shown = lines[index + 1 : end]
            if line.startswith("$ cat -n house.yaml"):
                listed = "".join(row.split("\t", 1)[1] + "\n" for row in shown)
            elif line.startswith("$ yakuset "):
                command = re.split(r"\s{2,}#", line[2:])[0].strip()
                if "|" not in command:
                    found.append((command, line, shown, listed, dict(others)))
            index = end
    return found


#: Examples that take seconds (a study of 500 matches a rule set, a diff between four and three
#: players, ten Riichi games played five ways): run with the slow tests. So do three of the five
#: comparisons of the testing tutorial's house.yaml with tenhou (about 0.5 s each: a whole Riichi
#: comparison and its causes); the quick run keeps two (its cases file, and tenhou with itself), and
#: test_diff, test_diff_causes and test_riichi_log_replay check the other outputs in the quick run.
HEAVY = (
    "yakuset simulate nintendo tournament --matches 500",
    "yakuset diff tenhou tenhou-sanma --behaviour-only",
    "yakuset diff tenhou house.yaml --structural-only --play 10",
    "yakuset diff tenhou house.yaml --behaviour-only --top 1 --steps 1",
    "yakuset diff tenhou house.yaml --behaviour-only --logs",
    "yakuset diff tenhou house.yaml --format github",
)

EXAMPLES = [
    pytest.param(*example, marks=pytest.mark.slow) if example[0].startswith(HEAVY) else example
    for example in _examples()
]


def _command_of(example: Any) -> str:
    return str(example.values[0] if hasattr(example, "values") else example[0])


def _examples_beside(folder: Path) -> None:
    """The repository's examples/ as ``folder/examples``, as the pages' commands name it: a link,
    not a copy (the examples only read it; a copy of its 50 files for each of 60 examples was
    a second of the quick run, and as much again to delete)."""
    (folder / "examples").symlink_to(ROOT / "examples", target_is_directory=True)


def _run(argv: list[str]) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), contextlib.suppress(SystemExit):
        main(argv)
    return out.getvalue() + err.getvalue()


def test_the_readme_and_the_tour_have_console_examples():
    assert len(_page_examples(README)) >= 8
    assert len(_page_examples(PAGES["docs/tour.md"])) >= 10


@pytest.mark.parametrize(
    ("command", "showings", "house", "files"), EXAMPLES, ids=[_command_of(e)[:70] for e in EXAMPLES]
)
def test_each_console_example_prints_what_its_pages_show(tmp_path, monkeypatch, command, showings, house, files):
    if house is not None:
        (tmp_path / "house.yaml").write_text(house, encoding="utf-8")
    for name, body in files:
        (tmp_path / name).write_text(body, encoding="utf-8")
    _examples_beside(tmp_path)
    monkeypatch.chdir(tmp_path)
    actual = _run(shlex.split(command)[1:]).splitlines()
    for page, line, expected in showings:
        _compare(page, line, expected, actual)


def _compare(page: str, line: str, expected: list[str], actual: list[str]) -> None:
    """Each line a page shows (but blank ones and those of `...` alone) is printed, in that order;
    `...` within a line stands for any text there (the line's other words are checked)."""
    position = 0
    for want in expected:
        if want.strip() in ("", "..."):
            continue
        shape = re.compile(".*".join(map(re.escape, want.rstrip().split("..."))))
        while position < len(actual) and not shape.fullmatch(actual[position].rstrip()):
            position += 1
        assert position < len(actual), f"{page}: {line!r} shows {want!r}, which yakuset no longer prints"
        position += 1


MISTAKES = {
    "an id that matches nothing inherited": "extends: nintendo\nname: House\naward:\n  multipliers:\n"
    "    - id: own_streek\n      max: 4\n",
    "a tab": "extends: nintendo\nname: House\naward:\n\tmultipliers: []\n",
    "game in a file of the other game": "extends: nintendo\nname: House\ngame: riichi\n",
    "a value not one of the choices": "extends: tenhou\nname: House\nyakuman:\n  stacking: add_with_double\n",
    "a formula that fails": "extends: nintendo\nname: House\naward:\n  multipliers:\n    - id: own_streak\n"
    "      factor: base / (own_calls - 1)\n",
}


@pytest.mark.parametrize("mistake", MISTAKES)
def test_the_troubleshooting_messages_are_what_yakuset_prints(tmp_path, monkeypatch, mistake):
    (tmp_path / "house.yaml").write_text(MISTAKES[mistake], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for printed in _run(["validate", "house.yaml"]).splitlines():
        assert printed in RULE_SETS_PAGE, f"docs/rule-sets.md's {mistake!r} does not show: {printed}"


def test_readme_names_every_bundled_rule_set():
    def plain(text: str) -> str:
        return re.sub(r"[-\s]+", " ", text.lower())

    for path in sorted((ROOT / "rulesets").glob("*/*.yaml")):
        if not path.stem.startswith("_"):
            name = path.read_text(encoding="utf-8").split("\nname: ", 1)[1].split("\n", 1)[0]
            assert plain(name) in plain(README), name


def test_the_readme_stays_short():
    assert README.count("\n") <= 250


def test_the_readme_test_command_is_the_one_ci_runs():
    assert "python -m pip install '.[test]' && python -m pytest" in README
    assert Path(ROOT / ".ci" / "run").read_text(encoding="utf-8").count("python -m pytest") >= 1


#: The Python sessions of the pages (```pycon blocks): each page's run in order, in one namespace.
SESSIONS = {page: blocks for page, text in PAGES.items() if (blocks := re.findall(r"```pycon\n(.*?)```", text, re.S))}


def test_the_embedding_tutorial_has_python_sessions():
    assert len(SESSIONS.get("docs/tutorials/embedding.md", [])) >= 6


@pytest.mark.parametrize("page", sorted(SESSIONS))
def test_each_python_session_prints_what_its_page_shows(tmp_path, monkeypatch, page):
    _examples_beside(tmp_path)
    monkeypatch.chdir(tmp_path)
    session = doctest.DocTestParser().get_doctest("\n".join(SESSIONS[page]), {}, page, page, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report = io.StringIO()
    runner.run(session, out=report.write)
    assert session.examples and runner.failures == 0, report.getvalue()


@pytest.mark.slow
def test_the_plugin_tutorial_builds_installs_and_plays_its_bot(tmp_path, monkeypatch):
    """Its files written where their first line says, the package built and installed by pip
    (into a folder of its own, as the tutorial's `pip install` would into the environment), then
    each `yakuset` command run and compared with what the page shows."""
    page = PAGES[PLUGIN_TUTORIAL]
    files = re.findall(r"```(?:python|toml)\n# (\S+)\n(.*?)```", page, re.S)
    assert {path for path, _ in files} == {"cautious-bot/cautious_bot.py", "cautious-bot/pyproject.toml"}
    for path, body in files:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(f"# {path}\n{body}", encoding="utf-8")
    assert "$ python -m pip install ./cautious-bot\n" in page
    installed = tmp_path / "installed"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(installed), "./cautious-bot"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    monkeypatch.syspath_prepend(str(installed))
    monkeypatch.chdir(tmp_path)
    examples = _page_examples(page)
    assert examples
    for command, line, shown, _, _ in examples:
        _compare(PLUGIN_TUTORIAL, line, shown, _run(shlex.split(command)[1:]).splitlines())


#: Fenced Python blocks of the pages that no test runs, and why. Every other one is run: the
#: pycon sessions above, the plugin blocks by tests/plugins/test_plugins.py (``_doc_block``: a block is
#: found there by its first line) and the plugin tutorial's files by its packaging test.
NOT_RUN = {
    ("docs/architecture.md", "class Game(Protocol):"): "a sketch of the protocol in _core/game.py",
    ("docs/architecture.md", "class RiichiGame:"): (
        "a sketch of engine/riichi/game.py, whose lines test_the_sketch_of_a_game_names_its_parts_as_the_game_does checks"
    ),
    ("docs/rules/riichi.md", "from mahjong.hand_calculating.hand import HandCalculator"): (
        "notes on the `mahjong` package's own API, a rule source"
    ),
}


def test_every_python_block_of_the_pages_is_run_by_a_test_or_says_why_not():
    sources = "".join(path.read_text(encoding="utf-8") for path in (ROOT / "tests").rglob("test_*.py"))
    extracted = [ast.literal_eval(found) for found in re.findall(r"_doc_block\((\"[^\"]*\")\)", sources)]
    for page, text in PAGES.items():
        for block in re.findall(r"```python\n(.*?)```", text, re.S):
            first = block.splitlines()[0]
            if (page, first) in NOT_RUN:
                continue
            tutorial = page == PLUGIN_TUTORIAL and re.match(r"# \S+\.py$", first)
            assert tutorial or any(block.startswith(opening) for opening in extracted), (
                f"{page}: the python block starting {first!r} is run by no test: make it a pycon "
                "session, run it from a test (_doc_block), or say why not in NOT_RUN"
            )


def test_the_sketch_of_a_game_names_its_parts_as_the_game_does():
    [block] = [
        b
        for b in re.findall(r"```python\n(.*?)```", PAGES["docs/architecture.md"], re.S)
        if b.startswith("class RiichiGame:")
    ]
    source = (ROOT / "engine" / "riichi" / "game.py").read_text(encoding="utf-8")
    stated = [line.strip() for line in block.splitlines()[1:] if not line.strip().startswith("def ")]
    assert len(stated) == 8 and sum("Part(" in line for line in stated) == 5
    assert [line for line in stated if line not in source] == []
