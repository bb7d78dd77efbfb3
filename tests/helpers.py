"""What many test modules share: where the repository and the bundled rule sets are, how a
message shows a path, running the command line in process, writing a rule file.

Test modules import these from here (``from .helpers import run``), never from conftest.py or
from one another; conftest.py holds only the session's set-up.
"""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yakuset
import yaml
from yakuset._cli import main
from yakuset._core import bundled
from yakuset._core.resolve import display_name
from yakuset._core.yamlsource import LocatedDict, LocatedList

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = bundled.rulesets_dir()
#: The game logs the log tests read (tests/data/logs/README.md says where each came from).
LOGS = ROOT / "tests" / "data" / "logs"


@functools.cache
def game_log(path: Path) -> Any:
    """``yakuset.riichi.read_log(path)``, read once per session (the records are values)."""
    from yakuset.riichi import read_log

    return read_log(path)


#: Whether this run leaves the slow tests out (``-m "not slow"``); conftest.py sets it before any
#: test module is imported.
QUICK_RUN = False


def examples(whole: int) -> int:
    """How many examples a property test tries: ``whole`` in a run with the slow tests (CI's
    ``python -m pytest``), a quarter (at least 3) in the quick run. The quick run keeps every
    property, each sampled more thinly."""
    return max(3, whole // 4) if QUICK_RUN else whole


def bundled_ids(game: str | None = None) -> tuple[str, ...]:
    """The ids of the bundled rule sets (of ``game``, or all), in id order. Test modules take
    their parameters from it as they are collected: the rule sets are loaded once per session."""
    return tuple(ident for ident, its_game in _bundled_games() if game in (None, its_game))


@functools.cache
def _bundled_games() -> tuple[tuple[str, str], ...]:
    return tuple((rs.id, rs.game) for rs in yakuset.list_rulesets())


@functools.cache
def sanma_payment_grid() -> dict[str, Any]:
    """tests/data/sanma/payments.yaml (the three-player payment grid), read once per session with
    libyaml; several modules share it, so none may change it."""
    text = (ROOT / "tests" / "data" / "sanma" / "payments.yaml").read_text(encoding="utf-8")
    grid: dict[str, Any] = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return grid


@functools.cache
def bundled_behaviour(old: str, new: str) -> Any:
    """``yakuset.diff.behaviour`` of two bundled rule sets, worked out once per session: several
    modules compare the same pairs (a whole Riichi comparison scores about 4,900 situations a
    side), and the report is a value (frozen, its changes a tuple), so none can change it."""
    from yakuset import diff

    return diff.behaviour(yakuset.load_ruleset(old), yakuset.load_ruleset(new))


def behaviour_of_group(a: Any, b: Any, group: str) -> Any:
    """``yakuset.diff.behaviour(a, b)`` of the built-in situations of one ``group`` only (``grid``,
    ``settle``, ``tiles``, ...), for a test about that group: each situation is scored alone, so
    their changes are those of the whole comparison (which scores about 4,900 Riichi situations a
    side)."""
    from yakuset import diff

    return diff.behaviour(a, b, situations=[s for s in a.part.compare.situations(a, b) if s[0] == group])


def shown(path: Path) -> str:
    """How messages show ``path``: ``<bundled>/...`` for a bundled rule set, else relative to the
    working folder when inside it."""
    return display_name(path)


def real(display: str) -> Path:
    """The file a message's path names (``<bundled>/koikoi/nintendo.yaml`` included)."""
    if display.startswith("<bundled>/"):
        return BUNDLED / display.removeprefix("<bundled>/")
    return Path(display).resolve()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line in this process: its exit code, stdout and stderr."""
    try:
        code = main(list(argv))
    except SystemExit as stop:  # --version and --help exit through argparse
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def write(folder: Path, name: str, text: str, newline: str | None = None) -> Path:
    """``text`` (dedented) written as ``folder/name``."""
    return write_at(folder / name, text, newline)


def write_at(path: Path, text: str, newline: str | None = None) -> Path:
    """``text`` (dedented, leading blank lines left out) written at ``path``."""
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8", newline=newline)
    return path


def trace_parts(trace: Path) -> tuple[Path, str]:
    """``stem.ruleset.trace.txt`` -> (the script ``stem.yaml`` beside it, the rule set's id)."""
    stem, ruleset_id = trace.name.split(".")[:2]
    return trace.parent / f"{stem}.yaml", ruleset_id


def located_shape(value: Any) -> Any:
    """Every value of a parsed rule file with every location the engine keeps, as plain data
    (two parses compare equal when their values and locations are the same)."""
    if isinstance(value, LocatedDict):
        return (
            "map",
            value.loc,
            [(key, value.key_locs[key], value.value_locs[key], located_shape(item)) for key, item in value.items()],
        )
    if isinstance(value, LocatedList):
        return ("list", value.loc, list(value.item_locs), [located_shape(item) for item in value])
    return (type(value).__name__, value)
