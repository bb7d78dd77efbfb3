"""``yakuset replay``: played Riichi games' logs (and KoiKoi-AI's Koi-Koi records) replayed at
the table (``yakuset._replays``), checked against each log, and rescored under another rule set
side by side."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from ._output import EXIT_ERROR, EXIT_NEGATIVE, EXIT_OK, load

HELP = (
    "replay played games' logs (Riichi logs, KoiKoi-AI's Koi-Koi records) at the table, checked "
    "against each log; with another rule set, rescored side by side (exit 1 if a log diverges)"
)


def add_arguments(sub: argparse.ArgumentParser) -> None:
    from ..riichi import LOG_FORMATS

    titles = ", ".join(each.title for each in LOG_FORMATS)
    sub.add_argument(
        "log",
        metavar="LOG",
        help=f"a log file ({titles}; plain or gzip; or a KoiKoi-AI Koi-Koi record) or a folder of logs",
    )
    sub.add_argument(
        "--ruleset",
        metavar="RULESET",
        help="rescore under this rule set (id or file) beside the one the log implies; "
        "the rule set of a log that names none",
    )
    sub.add_argument("--markdown", action="store_true", help="print Markdown (a pull request, a report)")


def run(args: argparse.Namespace) -> int:
    from .. import _replays

    rs = load(args.ruleset) if args.ruleset is not None else None
    progress = _progress if sys.stderr.isatty() and Path(args.log).is_dir() else None
    games, errors = _replays.replay_logs(args.log, rs, progress)
    if args.json:
        print(json.dumps(_replays.as_json(games, errors), indent=2, ensure_ascii=False))
    else:
        words: Callable[..., str] = _replays.markdown if args.markdown else _replays.text
        sys.stdout.write(words(games, errors))
    for error in errors:
        print(f"yakuset: error: {error}", file=sys.stderr)
    if errors:
        return EXIT_ERROR
    return EXIT_OK if _replays.exit_status(games) else EXIT_NEGATIVE


def _progress(number: int, total: int, file: str) -> None:
    """The log being replayed, on one line of standard error (a folder's logs, on a terminal)."""
    end = "\n" if number == total else ""
    print(f"\ryakuset: replaying {number}/{total}: {file}"[:200].ljust(80), end=end, file=sys.stderr)
