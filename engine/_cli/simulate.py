"""``yakuset simulate``: many Koi-Koi matches or Riichi games between bots under each rule set
given (``yakuset._studies``), their balance figures with 95% intervals side by side."""

from __future__ import annotations

import argparse
import json
import sys

from ._options import add_study_arguments, bot_names, matches_argument
from ._output import EXIT_INTERRUPTED, EXIT_OK, load

HELP = "play many Koi-Koi matches or Riichi games between bots: balance figures with 95% intervals, rule sets compared"


def add_arguments(sub: argparse.ArgumentParser) -> None:
    from .._studies import MAX_MATCHES  # said in the help

    sub.add_argument(
        "rulesets",
        nargs="+",
        metavar="RULESET",
        help="Koi-Koi or Riichi rule sets, all of one game (bundled ids or files)",
    )
    sub.add_argument(
        "--matches",
        type=matches_argument,
        default=1000,
        metavar="N",
        help=f"matches (Riichi: games) per rule set, at most {MAX_MATCHES:,}",
    )
    add_study_arguments(sub, "draw the figures side by side into FILE (.png, .svg, .pdf)")


def run(args: argparse.Namespace) -> int:
    from .. import _studies

    rulesets = [load(source) for source in args.rulesets]
    bots = bot_names(args)
    if args.plot:
        _studies.check_plot(args.plot)  # before the study, not after it
    progress = (
        None
        if args.no_progress or not sys.stderr.isatty()
        else _studies.Progress(_studies.study_part(rulesets[0]).unit, args.matches)
    )
    study = _studies.run(
        rulesets, args.matches, args.seed, bots, workers=args.workers, scheduler=args.scheduler, progress=progress
    )
    if progress is not None and study.interrupted:
        progress.close()
    data = study.as_dict()
    if args.plot:
        _studies.plot(study, args.plot)
    if args.json:
        print(json.dumps(data, indent=2))
        for note in study.notes:
            print(f"yakuset: note: {note}", file=sys.stderr)
    else:
        sys.stdout.write(_studies.text(study))
    return EXIT_INTERRUPTED if study.interrupted else EXIT_OK
