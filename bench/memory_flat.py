#!/usr/bin/env python
"""Resident memory while scoring: flat once the bounded memos are full.

Scores 1,000,000 han/fu questions drawn uniformly from every valid (han 1-13, raw fu, dealer,
tsumo, honba 0-5, sticks 0-3) under ``tenhou``, then 100,000 random hands from their tiles (the
generator of tests/oracles/hand_corpus.py, after as many to fill the memos), and prints the
resident set size (``VmRSS``) after each tenth, with ``gc.collect()`` first, and the memos'
sizes at the end. Flat means the last nine figures of each part stay within a few hundred KiB.

Run from the repository root with the project installed (``pip install -e .[test]``)::

    python bench/memory_flat.py [--calls 1000000] [--hands 100000]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import itertools
import random
import sys
from pathlib import Path

import yakuset
from _common import machine_line  # bench/ is on sys.path when a script runs
from yakuset._plugins import riichi_yaku
from yakuset.riichi import evaluate, memo_sizes, score

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.oracles.hand_corpus import SEED, cases


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise SystemExit("this benchmark reads /proc/self/status (Linux)")


def han_fu_stream(rs: yakuset.RuleSet, seed: int = 20261130) -> list[tuple[int, int, bool, bool, int, int]]:
    valid = []
    for args in itertools.product(
        range(1, 14), [*range(20, 111, 2), 25], (False, True), (False, True), range(6), range(4)
    ):
        han, fu, dealer, tsumo, honba, sticks = args
        try:
            score(rs, han=han, fu=fu, dealer=dealer, tsumo=tsumo, honba=honba, riichi_sticks=sticks)
        except yakuset.InputError:
            continue
        valid.append(args)
    yakuset.clear_caches()
    rng = random.Random(seed)
    return [rng.choice(valid) for _ in range(100_000)]


def report(what: str, points: list[tuple[int, int]], start: int) -> None:
    print(f"\n{what} (RSS before: {start:,} KiB)")
    print("  done     " + "  ".join(f"{n:>9,}" for n, _ in points))
    print("  RSS KiB  " + "  ".join(f"{r:>9,}" for _, r in points))
    tail = [r for _, r in points[1:]]
    print(f"  after the first tenth: {min(tail):,} to {max(tail):,} KiB (spread {max(tail) - min(tail):,} KiB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=1_000_000, help="han/fu scores (default 1000000)")
    parser.add_argument("--hands", type=int, default=100_000, help="hands from their tiles (default 100000)")
    args = parser.parse_args()
    print("Resident memory while scoring, yakuset under 'tenhou'")
    print(machine_line())
    rs = yakuset.load_ruleset("tenhou")

    stream = han_fu_stream(rs)
    gc.collect()
    start, points, done = rss_kib(), [], 0
    step = args.calls // 10
    while done < args.calls:
        for han, fu, dealer, tsumo, honba, sticks in itertools.islice(itertools.cycle(stream), step):
            score(rs, han=han, fu=fu, dealer=dealer, tsumo=tsumo, honba=honba, riichi_sticks=sticks)
        done += step
        gc.collect()
        points.append((done, rss_kib()))
    report(f"{args.calls:,} han/fu scores, uniform over every valid input", points, start)

    hands = cases(SEED + 2)
    for case in itertools.islice(hands, args.hands):  # a warm-up: the bounded memos fill up
        with contextlib.suppress(yakuset.InputError):
            evaluate(rs, case.hand, **case.kwargs())
    gc.collect()
    start, points, done = rss_kib(), [], 0
    step = args.hands // 10
    while done < args.hands:
        for case in itertools.islice(hands, step):
            with contextlib.suppress(yakuset.InputError):
                evaluate(rs, case.hand, **case.kwargs())
        done += step
        gc.collect()
        points.append((done, rss_kib()))
    report(f"{args.hands:,} hands from their tiles, after as many to warm up", points, start)
    print(
        "\nmemos at the end (entries / bound): "
        + ", ".join(f"{k} {n:,}/{b:,}" for k, (n, b) in memo_sizes().items())
        + ", detectors' sets of ids {:,}/{:,}".format(*_ids_memo())
    )


def _ids_memo() -> tuple[int, int]:
    """The built-in detectors' memo of id sets: entries, bound (older commits report it apart)."""
    if hasattr(riichi_yaku, "memo_size"):
        return riichi_yaku.memo_size()  # type: ignore[no-any-return]
    return len(riichi_yaku._ID_SETS), riichi_yaku._ID_SETS.size


if __name__ == "__main__":
    main()
