#!/usr/bin/env python
"""Whole simulated Koi-Koi matches: matches per second on one core, a local Dask cluster's
speed-up, and memory as the number of matches grows.

- one core: ``yakuset.koikoi.play_matches(rs, seed, 0, N, bots)`` for each bundled Koi-Koi rule
  set, with ``random`` bots and with ``greedy`` bots (N matches, 1,000 by default; median and
  best of 5 repeats, garbage collector off; the rule sets' memos warm from an untimed pass).
  A match is the rule set's whole match (12 months for most; Hanafuda Flash and any rule set
  that plays to a target: until it ends);
- cluster: ``yakuset simulate``'s runner on ``--cluster-matches`` matches (100,000 by default)
  of Nintendo with greedy bots, in this process and on a local Dask cluster of 2 processes
  (its start-up included); the speed-up is the ratio of the wall times, and both must give
  the same figures (the script stops with exit 1 if not);
- memory: the resident set size after 1,000, then every tenth of ``--memory-matches`` matches
  (100,000), played in one process: a study keeps counts, never traces, so it stays flat.

Run from the repository root with the project installed (the cluster part needs
``pip install 'yakuset[cluster]'``; it is skipped without it)::

    python bench/koikoi_matches.py [--matches 1000] [--repeats 5] [--cluster-matches 100000] [--memory-matches 100000]

For instruction counts, ``--once N --ruleset ID --bots NAME`` plays 30 matches, then N more
(``play_matches``), untimed, with the garbage collector off: run it under ``valgrind
--tool=callgrind`` with N and with 0, and divide the difference by N (with ``PYTHONPATH`` at
another checkout, the same loop on its code).
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from pathlib import Path

from _common import machine_line, timed  # bench/ is on sys.path when a script runs

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yakuset
from yakuset import _studies, koikoi


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def one_core(matches: int, repeats: int) -> None:
    print(f"\none core: matches per second ({matches:,} matches a run; median, best of {repeats})")
    print(f"  {'rule set':<16} {'random':>16} {'greedy':>16}   rounds per match")
    for rs in yakuset.list_rulesets():
        if rs.game != "koikoi":
            continue
        cells = []
        rounds = 0.0
        for name in ("random", "greedy"):
            bots = koikoi.find_bots(rs, [name, name])
            warm = koikoi.play_matches(rs, 1, 0, 200, bots)  # memos warm, untimed
            rounds = warm.rounds / warm.matches
            times = [timed(lambda r=rs, b=bots: koikoi.play_matches(r, 0, 0, matches, b)) for _ in range(repeats)]
            cells.append(f"{matches / statistics.median(times):>7,.0f} ({matches / min(times):>6,.0f})")
        print(f"  {rs.id:<16} {cells[0]:>16} {cells[1]:>16}   {rounds:.1f}")


def cluster(matches: int) -> None:
    if not _studies._dask_installed():
        print("\ncluster: skipped (pip install 'yakuset[cluster]')")
        return
    rs = yakuset.load_ruleset("nintendo")
    print(f"\ncluster: {matches:,} Nintendo matches, greedy bots")
    began = time.perf_counter()
    here = _studies.run([rs], matches, 3, ["greedy", "greedy"], workers=1)
    one = time.perf_counter() - began
    began = time.perf_counter()
    two = _studies.run([rs], matches, 3, ["greedy", "greedy"], workers=2)
    both = time.perf_counter() - began
    if json.dumps(here.as_dict()) != json.dumps(two.as_dict()):
        sys.exit("the cluster's figures differ from one process's")
    print(f"  one process        {one:7.1f} s  ({matches / one:,.0f} matches/s)")
    print(f"  2-process cluster  {both:7.1f} s  ({matches / both:,.0f} matches/s), start-up included")
    print(f"  speed-up {one / both:.2f}x; identical figures")


def memory(matches: int) -> None:
    rs = yakuset.load_ruleset("nintendo")
    bots = koikoi.find_bots(rs, ["random", "random"])
    tally = koikoi.play_matches(rs, 5, 0, 1_000, bots)
    points = [(1_000, rss_kib())]
    step = max(1, matches // 10)
    done = 1_000
    while done < matches:
        stop = min(done + step, matches)
        tally.add(koikoi.play_matches(rs, 5, done, stop, bots))
        done = stop
        points.append((done, rss_kib()))
    print(f"\nmemory: RSS while {matches:,} Nintendo matches are played and tallied in one process")
    print("  matches  " + "  ".join(f"{n:>8,}" for n, _ in points))
    print("  RSS KiB  " + "  ".join(f"{r:>8,}" for _, r in points))
    print(f"  spread after the first 1,000: {max(r for _, r in points) - points[0][1]:,} KiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=1_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--cluster-matches", type=int, default=100_000)
    parser.add_argument("--memory-matches", type=int, default=100_000)
    parser.add_argument("--once", type=int, default=None, metavar="N", help="play N matches once, untimed")
    parser.add_argument("--ruleset", default="nintendo", help="the rule set of --once")
    parser.add_argument("--bots", default="random", help="the bots of --once")
    args = parser.parse_args()
    if args.once is not None:
        gc.disable()
        rs = yakuset.load_ruleset(args.ruleset)
        bots = koikoi.find_bots(rs, [args.bots, args.bots])
        koikoi.play_matches(rs, 1, 0, 30, bots)
        koikoi.play_matches(rs, 0, 0, args.once, bots)
        return
    print("Whole simulated Koi-Koi matches")
    print(machine_line())
    one_core(args.matches, args.repeats)
    if args.cluster_matches:
        cluster(args.cluster_matches)
    if args.memory_matches:
        memory(args.memory_matches)


if __name__ == "__main__":
    main()
