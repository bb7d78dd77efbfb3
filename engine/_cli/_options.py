"""Options several commands take: ``--json`` (every command), and the simulated matches'
options ``simulate`` and ``diff --play`` share."""

from __future__ import annotations

import argparse

from .._core.commands import positive_argument, seed_argument


def add_json(sub: argparse.ArgumentParser) -> None:
    """``--json``, which every command takes."""
    sub.add_argument("--json", action="store_true", help="print JSON for machines")


def matches_argument(value: str) -> int:
    """A number of matches a study plays per rule set: at least 1, at most the study's bound."""
    from .._studies import MAX_MATCHES  # the study's own bound, said in the help and checked here

    matches = positive_argument(value)
    if matches > MAX_MATCHES:
        raise argparse.ArgumentTypeError(f"expected at most {MAX_MATCHES:,} matches, got {value!r}")
    return matches


def add_study_arguments(sub: argparse.ArgumentParser, plot_help: str) -> None:
    """The arguments of simulated matches that ``simulate`` and ``diff --play`` share."""
    sub.add_argument(
        "--seed",
        type=seed_argument,
        default=0,
        metavar="S",
        help="the study's seed: same seed, same figures",
    )
    sub.add_argument(
        "--bots",
        metavar="A,B,...",
        help="the bots, one a seat, first dealer's first (Riichi: one name seats it everywhere); "
        "default: human,human for Koi-Koi, human for Riichi",
    )
    sub.add_argument(
        "--workers",
        type=positive_argument,
        metavar="N",
        help="processes of a local Dask cluster (1: this process; default: every CPU for large studies)",
    )
    sub.add_argument("--scheduler", metavar="ADDRESS", help="run on the Dask cluster at tcp://HOST:PORT")
    sub.add_argument("--plot", metavar="FILE", help=plot_help)
    sub.add_argument("--no-progress", action="store_true", help="no progress bar on standard error")


def bot_names(args: argparse.Namespace) -> list[str]:
    """The bots ``--bots`` names (none: the game's default)."""
    return [] if args.bots is None else [name.strip() for name in args.bots.split(",")]
