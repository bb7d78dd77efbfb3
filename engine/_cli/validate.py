"""``yakuset validate``: rule-set files or bundled ids checked, every problem as
``file:line:col: path: message``; exit 1 if one is invalid."""

from __future__ import annotations

import argparse
from pathlib import Path

from .._core import bundled
from .._core.commands import Output
from .._core.errors import Problem, RulesetError, RulesetNotFound
from .._core.resolve import display_name
from .._core.ruleset import bundled_ids, problems_as_written
from .._house import REGISTRY, load_ruleset
from ._output import EXIT_NEGATIVE, EXIT_OK, emit

HELP = "check rule-set files or bundled ids; every problem as file:line:col: path: message"


def add_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("files", nargs="+", metavar="FILE", help="rule-set files (or bundled ids) to check")


def run(args: argparse.Namespace) -> int:
    report = []
    lines = []
    for name in args.files:
        path = Path(name)
        if not path.is_file() and name not in bundled_ids():
            raise RulesetNotFound(name, *bundled.not_found(name))
        problems = _problems_of(path if path.is_file() else name)
        shown = display_name(path.resolve()) if path.is_file() else name
        errors = [p for p in problems if not p.warning]
        report.append({"file": shown, "valid": not errors, "problems": [p.as_dict() for p in problems]})
        lines += [str(p) for p in problems]
        if not errors:
            warned = len(problems)
            lines.append(f"{shown}: ok" + (f" ({warned} warning{'s' if warned != 1 else ''})" if warned else ""))
    emit(Output("".join(line + "\n" for line in lines), report), args.json)
    return EXIT_OK if all(r["valid"] for r in report) else EXIT_NEGATIVE


def _problems_of(source: Path | str) -> list[Problem]:
    """The errors and warnings of a rule-set file (or bundled id), in file order."""
    # An abstract base (file name starting with "_") is checked as written only.
    if isinstance(source, Path) and source.stem.startswith("_"):
        return problems_as_written(source.resolve(), REGISTRY)
    try:
        rs = load_ruleset(source)
    except RulesetError as exc:
        return exc.problems
    return list(rs.warnings)
