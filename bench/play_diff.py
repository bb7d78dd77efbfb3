#!/usr/bin/env python
"""``yakuset diff A B --play N``: the paired comparison's speed on one core and on a local Dask
cluster, and how much narrower pairing makes the intervals than two independent runs.

- one core: ``_paired.play(a, b, N, causes=False, workers=1)``: N matches under each rule set,
  paired (Nintendo against bench/club.yaml by default, greedy bots);
- cluster: the same on a local Dask cluster of ``--workers`` processes, its start-up included;
  both must give the same figures (exit 1 if not);
- variance: each measure's interval half-width when the two rule sets play the same matches
  (paired), as the pairs' formula predicts for independent runs (``ci95_unpaired``), and as
  measured: the second rule set's matches played from another seed, so that match ``i`` of one
  side has nothing in common with match ``i`` of the other, through the same interval code;
- breakdown (``--breakdown N``): where the one-core time goes, in CPU seconds: the same N matches
  a side paired, played without pairing (``koikoi.play_matches``, both sides), and played by
  :class:`InstantBot`, which answers every question at once (the table's and referee's floor:
  no bot can cost less).

Run from the repository root::

    python bench/play_diff.py [--matches 20000] [--workers 2] [--variance-matches 10000]
                              [--breakdown 0] [--a nintendo] [--b bench/club.yaml]

``--once N`` plays N paired matches (after 30 untimed), for callgrind; with ``--instant``, N
matches of each rule set by :class:`InstantBot`, unpaired (the table's and referee's share).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from _common import machine_line  # bench/ is on sys.path when a script runs

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yakuset
from yakuset import _paired, _studies, koikoi
from yakuset._core.pairs import Pairs

BOTS = ("greedy", "greedy")


def one_core_and_cluster(a: yakuset.RuleSet, b: yakuset.RuleSet, matches: int, workers: int) -> int:
    _paired.play(a, b, 200, causes=False, workers=1)  # memos warm, untimed
    began = time.perf_counter()
    here = _paired.play(a, b, matches, causes=False, workers=1)
    one = time.perf_counter() - began
    print(f"one core: {matches:,} paired matches ({2 * matches:,} played) in {one:.1f} s: {matches / one:,.0f} pairs/s")
    if workers < 2 or not _studies._dask_installed():
        return 0
    began = time.perf_counter()
    there = _paired.play(a, b, matches, causes=False, workers=workers)
    many = time.perf_counter() - began
    same = here.as_dict() == there.as_dict()
    print(
        f"local cluster of {workers} processes: {many:.1f} s with its start-up: {one / many:.2f}x; "
        f"same figures: {'yes' if same else 'NO'}"
    )
    return 0 if same else 1


class InstantBot:
    """The first playable card, the first choice, Shobu at once: a bot that costs next to nothing."""

    def __init__(self, rs: yakuset.RuleSet, rng: object) -> None:
        pass

    def play(self, view: koikoi.View) -> str:
        return view.playable[0]

    def capture(self, view: koikoi.View, card: str, choices: tuple[str, ...]) -> str:
        return choices[0]

    def koikoi(self, view: koikoi.View) -> bool:
        return False


#: Both seats played by :class:`InstantBot`.
INSTANT_BOTS = (InstantBot, InstantBot)


def breakdown(a: yakuset.RuleSet, b: yakuset.RuleSet, matches: int) -> None:
    greedy = koikoi.find_bots(a, list(BOTS))

    def cpu(run: Callable[[], object]) -> float:
        began = time.process_time()
        run()
        return time.process_time() - began

    def both(bots: Sequence[koikoi.BotFactory]) -> None:
        for rs in (a, b):
            koikoi.play_matches(rs, 1, 0, matches, bots)

    both(greedy)  # memos warm, untimed
    both(INSTANT_BOTS)
    paired = cpu(lambda: _paired.play(a, b, matches, seed=1, causes=False, workers=1))
    unpaired = cpu(lambda: both(greedy))
    floor = cpu(lambda: both(INSTANT_BOTS))
    scale = 20_000 / matches
    print(f"\nbreakdown: {matches:,} matches a side, CPU seconds (and scaled to 20,000 pairs)")
    print(f"  paired, greedy bots (what --play does)    {paired:7.2f}   ({paired * scale:6.1f})")
    print(f"  both sides, greedy, no pairing            {unpaired:7.2f}   ({unpaired * scale:6.1f})")
    print(f"  both sides, InstantBot (the table alone)  {floor:7.2f}   ({floor * scale:6.1f})")
    print(
        f"  so: pairing {100 * (paired - unpaired) / paired:.0f}%, greedy bots"
        f" {100 * (unpaired - floor) / paired:.0f}%, table and referee {100 * floor / paired:.0f}% of the paired run"
    )


def variance(a: yakuset.RuleSet, b: yakuset.RuleSet, matches: int) -> None:
    part = a.part.study
    assert part is not None
    measures = part.play_measures(a)
    keys = [m.key for m in measures]
    paired, independent = Pairs(keys), Pairs(keys)
    streams = (
        part.play_each(a, 0, 0, matches, BOTS),
        part.play_each(b, 0, 0, matches, BOTS),
        part.play_each(b, 1, 0, matches, BOTS),
    )
    for first, same, other in zip(*streams, strict=True):
        read = [{m.key: m.read(t) for m in measures} for t in (first, same, other)]
        paired.observe(read[0], read[1])
        independent.observe(read[0], read[2])
    print(f"\nvariance: {matches:,} matches a side, {a.id} against {b.id}; 95% interval half-widths")
    print(f"  {'measure':<30} {'paired':>10} {'formula':>10} {'independent':>12}   variance ratio")
    ratios = []
    for m in measures:
        found = paired.difference(m.key)
        predicted = paired.difference(m.key, paired=False)
        measured = independent.difference(m.key)
        if found is None or predicted is None or measured is None:
            continue
        half = (found.high - found.low) / 2
        if half <= 0:
            print(f"  {m.label:<30} {'0':>10}   (the rules change nothing here: every pair is equal)")
            continue
        other_half = (measured.high - measured.low) / 2
        ratio = (other_half / half) ** 2
        ratios.append(ratio)
        print(
            f"  {m.label:<30} {half:>10.4f} {(predicted.high - predicted.low) / 2:>10.4f} {other_half:>12.4f}"
            f"   {ratio:,.1f}x"
        )
    if ratios:
        print(f"  median variance ratio (independent / paired): {statistics.median(ratios):.1f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="nintendo")
    parser.add_argument("--b", default=str(ROOT / "bench" / "club.yaml"))
    parser.add_argument("--matches", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--variance-matches", type=int, default=10_000)
    parser.add_argument("--breakdown", type=int, default=0, help="N matches a side: where the one-core time goes")
    parser.add_argument("--once", type=int, help="play N paired matches after 30, untimed (for callgrind)")
    parser.add_argument("--instant", action="store_true", help="with --once: InstantBot, each side alone")
    args = parser.parse_args()
    a, b = yakuset.load_ruleset(args.a), yakuset.load_ruleset(args.b)
    if args.once is not None:
        if args.instant:
            for rs in (a, b):
                koikoi.play_matches(rs, 0, 0, 30, INSTANT_BOTS)
                koikoi.play_matches(rs, 1, 0, args.once, INSTANT_BOTS)
            return 0
        _paired.play(a, b, 30, causes=False, workers=1)
        if args.once:
            _paired.play(a, b, args.once, seed=1, causes=False, workers=1)
        return 0
    print(machine_line())
    code = 0
    if args.matches:
        code = one_core_and_cluster(a, b, args.matches, args.workers)
    if args.breakdown:
        breakdown(a, b, args.breakdown)
    if args.variance_matches:
        variance(a, b, args.variance_matches)
    return code


if __name__ == "__main__":
    sys.exit(main())
