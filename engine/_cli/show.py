"""``yakuset show``: a rule set as written, or resolved with where each value came from."""

from __future__ import annotations

import argparse

from .._core.commands import Output
from .._core.resolved import resolved_sources, resolved_text, switched_off, switched_off_line
from .._core.ruleset import RuleSet
from .._house import load_ruleset
from ._output import EXIT_OK, emit

HELP = "show a rule set as written, or resolved with where each value came from"


def add_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("ruleset", metavar="RULESET", help="a bundled id (nintendo) or a YAML file")
    sub.add_argument("--resolved", action="store_true", help="after `extends`, each value with its file:line")


def run(args: argparse.Namespace) -> int:
    rs = load_ruleset(args.ruleset)
    emit(_resolved(rs) if args.resolved else _as_written(rs), args.json)
    return EXIT_OK


def _resolved(rs: RuleSet) -> Output:
    """The resolved document, each value with its file:line; what the rule set turns off."""
    off = switched_off_line(rs)
    data = {
        "ruleset": rs.id,
        "files": [f.display for f in rs.files],
        "document": rs.document,
        "sources": resolved_sources(rs),
        "off": switched_off(rs),
    }
    head, rest = resolved_text(rs).split("\n", 1)
    return Output("\n".join([head, *([off] if off else []), rest]), data)


def _as_written(rs: RuleSet) -> Output:
    """The rule set's own file; what its parents turn off is not in it: the second line says it."""
    off = switched_off_line(rs)
    text = f"# {rs.files[0].display}\n" + (f"{off}\n" if off else "") + rs.path.read_text(encoding="utf-8")
    data = {"ruleset": rs.id, "file": rs.files[0].display, "document": rs.files[0].data, "off": switched_off(rs)}
    return Output(text, data)
