"""``yakuset list``: the bundled rule sets, one a line (``--game``: one game's)."""

from __future__ import annotations

import argparse

from .._core.commands import Output
from .._house import REGISTRY, list_rulesets
from ._output import EXIT_OK, emit

HELP = "list the bundled rule sets"


def add_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--game", choices=sorted(REGISTRY.games), help="only this game's rule sets")


def run(args: argparse.Namespace) -> int:
    rulesets = [rs for rs in list_rulesets() if args.game in (None, rs.game)]
    width = max((len(rs.id) for rs in rulesets), default=0)
    text = "".join(
        f"{rs.id.ljust(width)}  {rs.game:<7} {rs.name}: {rs.metadata.get('description', '')}".rstrip() + "\n"
        for rs in rulesets
    )
    data = [
        {"id": rs.id, "game": rs.game, "name": rs.name, "description": rs.metadata.get("description", "")}
        for rs in rulesets
    ]
    emit(Output(text, data), args.json)
    return EXIT_OK
