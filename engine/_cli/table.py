"""``yakuset table``: a rule set's tables as its game draws them (Koi-Koi: the award tables;
Riichi: the han × fu payment grid)."""

from __future__ import annotations

import argparse

from .._core.commands import CommandLinePart
from .._core.errors import InputError
from .._core.ruleset import RuleSet
from .._house import load_ruleset
from ._output import EXIT_OK, emit, one_format

HELP = "the award tables (Koi-Koi) or the han × fu payment grid (Riichi)"


def add_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("ruleset", metavar="RULESET", help="a bundled id (nintendo) or a YAML file")
    sub.add_argument(
        "--format",
        choices=["text", "human", "markdown", "json"],
        default="text",
        help="text or human (two names of the readable text), markdown or json",
    )


def run(args: argparse.Namespace) -> int:
    one_format(args, "text")
    rs = load_ruleset(args.ruleset)
    as_json = args.json or args.format == "json"
    emit(_part(rs).table(rs, "text" if args.format == "human" else args.format), as_json)
    return EXIT_OK


def _part(rs: RuleSet) -> CommandLinePart:
    part = rs.part.command_line
    if part is None:
        raise InputError(f"{rs.game} rule sets have no table or commands")
    return part
