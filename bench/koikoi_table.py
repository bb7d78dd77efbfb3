#!/usr/bin/env python
"""Whole Koi-Koi matches played move by move at a ``yakuset.koikoi.Table``: matches per second
on one core with random legal moves.

Each match is dealt from its seed (``Table(rs, ("a", "b"), seed)``), and every decision is a
uniformly random choice among ``table.legal_moves()``; every move goes through ``table.play``
(checked, scored by the referee, written to the trace). N matches per bundled Koi-Koi rule set
(500 by default), median and best of 3 repeats, garbage collector off, memos warm from an
untimed pass. Balance studies (bench/koikoi_matches.py) play at the same Table, their bots
choosing the moves.

    python bench/koikoi_table.py [--matches 500] [--repeats 3]

For instruction counts, ``--once N --ruleset ID`` plays 30 matches, then N more, untimed, with the
garbage collector off: run it under ``valgrind --tool=callgrind`` with N and with 0, and divide
the difference by N (with ``PYTHONPATH`` at another checkout, the same loop on its code).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
from pathlib import Path

from _common import machine_line, timed  # bench/ is on sys.path when a script runs

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yakuset
from yakuset.koikoi import Table


def play(rs: yakuset.RuleSet, matches: int, start: int = 0) -> int:
    """Play ``matches`` matches (seeds from ``start``) with random legal moves; the rounds played."""
    rounds = 0
    for seed in range(start, start + matches):
        table = Table(rs, ("a", "b"), seed)
        pick = random.Random(seed).random
        while not table.finished:
            moves = table.legal_moves()
            table.play(moves[int(pick() * len(moves))])
        assert table.result is not None
        rounds += len(table.result.rounds)
    return rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--once", type=int, default=None, metavar="N", help="play N matches once, untimed")
    parser.add_argument("--ruleset", default="nintendo", help="the rule set of --once")
    args = parser.parse_args()
    if args.once is not None:
        gc.disable()
        rs = yakuset.load_ruleset(args.ruleset)
        play(rs, 30, start=1000)
        play(rs, args.once)
        return
    print(machine_line())
    print(f"matches a second at a Table, random legal moves ({args.matches} matches; median (best) of {args.repeats})")
    for info in yakuset.list_rulesets():
        if info.game != "koikoi":
            continue
        rs = yakuset.load_ruleset(info.id)
        rounds = play(rs, 50) / 50  # memos warm, untimed
        times = [timed(lambda rs=rs: play(rs, args.matches) and None) for _ in range(args.repeats)]
        rate = args.matches / statistics.median(times)
        print(f"  {rs.id:<16} {rate:>7,.0f} ({args.matches / min(times):>6,.0f})   {rounds:.1f} rounds a match")


if __name__ == "__main__":
    main()
