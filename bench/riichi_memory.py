#!/usr/bin/env python
"""Resident memory over simulated Riichi hanchan: flat once the bounded memos are full.

Plays ``--hanchan`` whole hanchan under ``tenhou`` between four ``--bot`` bots through
``yakuset.riichi.play_games`` (the code ``yakuset simulate`` runs; each part's tally kept and
added, as a study does), and prints the resident set size (``VmRSS``) after each tenth, with
``gc.collect()`` first, then the memos' sizes. Each tenth's line is printed as it is reached, so
a run cut short still reports. Flat means the last nine figures stay within a few hundred KiB.

    python bench/riichi_memory.py [--hanchan 10000] [--bot random]
"""

from __future__ import annotations

import argparse
import gc
import time

import yakuset
from _common import machine_line  # bench/ is on sys.path when a script runs
from memory_flat import rss_kib
from yakuset import riichi


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hanchan", type=int, default=10_000)
    parser.add_argument("--bot", default="random")
    args = parser.parse_args()
    print(f"Resident memory over {args.hanchan:,} simulated hanchan, {args.bot} x4 under 'tenhou'")
    print(machine_line(), flush=True)
    rs = yakuset.load_ruleset("tenhou")
    bots = riichi.find_bots(rs, [args.bot] * 4)
    tally = riichi.play_games(rs, 1, 0, 0, bots)
    gc.collect()
    start = rss_kib()
    began = time.perf_counter()
    print(f"  RSS before: {start:,} KiB", flush=True)
    step = max(1, args.hanchan // 10)
    done, readings = 0, []
    while done < args.hanchan:
        tally.add(riichi.play_games(rs, 1, done, done + step, bots))
        done += step
        gc.collect()
        readings.append(rss_kib())
        print(f"  {done:>7,} hanchan  RSS {readings[-1]:>9,} KiB  ({time.perf_counter() - began:,.0f} s)", flush=True)
    tail = readings[1:] or readings
    print(f"  after the first tenth: {min(tail):,} to {max(tail):,} KiB (spread {max(tail) - min(tail):,} KiB)")
    print(f"  hands played: {tally.hands:,}")
    print(
        "  memos at the end (entries / bound): "
        + ", ".join(f"{k} {n:,}/{b:,}" for k, (n, b) in riichi.memo_sizes().items())
    )


if __name__ == "__main__":
    main()
