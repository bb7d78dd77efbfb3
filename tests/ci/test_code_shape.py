""".ci/code-shape: modules at most 600 lines, functions at most 60 lines (decorators included)
and ruff complexity 15, outside *_fast.py fast paths; the known debts are listed, and a listed
debt that is gone fails too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ..helpers import ROOT

pytest.importorskip("ruff")

SCRIPT = ROOT / ".ci" / "code-shape"


def _complex(name: str, branches: int) -> str:
    """A function of ``branches`` ifs: ruff's complexity ``branches + 1``, a few lines long."""
    return f"def {name}(x):\n" + "".join(f"    if x == {i}:\n        return {i}\n" for i in range(branches))


def _long(name: str, lines: int, decorators: int = 0) -> str:
    """A function of ``lines`` lines in all, ``decorators`` of them its decorators."""
    body = "".join(f"    x += {i}\n" for i in range(lines - decorators - 2))
    return "@staticmethod\n" * decorators + f"def {name}(x):\n{body}    return x\n"


def _tree(root: Path) -> None:
    engine = root / "engine"
    (engine / "sub").mkdir(parents=True)
    (root / "plugins").mkdir()
    (engine / "fine.py").write_text(_long("sixty", 60) + _complex("fifteen", 14), encoding="utf-8")
    (engine / "sub" / "shapes.py").write_text(
        _long("too_long", 61) + _long("decorated", 61, decorators=2) + "class Table:\n"
        "    def play(self, x):  # noqa: C901\n"
        + "".join(f"        if x == {i}:\n            return {i}\n" for i in range(15)),
        encoding="utf-8",
    )
    (root / "plugins" / "big.py").write_text("x = 1\n" * 601, encoding="utf-8")
    (engine / "walk_fast.py").write_text(_long("walk", 200) + _complex("choose", 30), encoding="utf-8")
    (engine / "big_fast.py").write_text("x = 1\n" * 601, encoding="utf-8")


def _run(root: Path, debts: str) -> tuple[int, list[str]]:
    (root / "debts").write_text(debts, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--root", str(root), "--debts", str(root / "debts")],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, [line for line in done.stderr.splitlines() if not line.startswith("code-shape: modules")]


DEBTS = """\
# what the tree owes
engine/big_fast.py       module      -              a fast path is a module like any other
engine/sub/shapes.py     lines       too_long       issue 40: being split
engine/sub/shapes.py     lines       decorated      issue 40: being split
engine/sub/shapes.py     complexity  Table.play     issue 40: being split
plugins/big.py           module      -              issue 40: being split
"""


def test_every_offender_outside_the_fast_paths_fails_until_it_is_listed(tmp_path):
    _tree(tmp_path)
    code, problems = _run(tmp_path, "")
    assert code == 1
    assert problems == [
        "code-shape: engine/big_fast.py:1: module too long: 601 lines (at most 600)",
        "code-shape: engine/sub/shapes.py:1: too_long: too long: 61 lines (at most 60)",
        "code-shape: engine/sub/shapes.py:62: decorated: too long: 61 lines (at most 60)",
        "code-shape: engine/sub/shapes.py:124: Table.play: too complex: `play` is too complex (16 > 15)",
        "code-shape: plugins/big.py:1: module too long: 601 lines (at most 600)",
    ]
    assert _run(tmp_path, DEBTS) == (0, [])


def test_a_listed_debt_that_is_gone_fails_so_the_list_only_shrinks(tmp_path):
    _tree(tmp_path)
    (tmp_path / "plugins" / "big.py").write_text("x = 1\n" * 600, encoding="utf-8")
    code, problems = _run(tmp_path, DEBTS + "engine/fine.py  lines  sixty  issue 40: being split\n")
    assert code == 1
    assert problems == [
        "code-shape: debts:6: plugins/big.py: the module is within the limits now: remove the entry",
        "code-shape: debts:7: engine/fine.py: sixty (lines) is within the limits now: remove the entry",
    ]


def test_a_malformed_or_repeated_entry_fails(tmp_path):
    _tree(tmp_path)
    code, problems = _run(tmp_path, DEBTS + "plugins/big.py module -\nplugins/big.py module - again\n")
    assert code == 1
    assert problems == [
        "code-shape: debts:7: expected `path module|lines|complexity function reason`",
        "code-shape: debts:8: listed twice",
    ]


def test_the_repository_keeps_its_shape():
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, "")
