#!/usr/bin/env python
"""Scoring from the tiles: ``yakuset.riichi.evaluate`` against ``mahjong``'s ``estimate_hand_value``.

Both engines score the same random winning hands in one run: the seeded generator of
tests/oracles/hand_corpus.py (closed and open hands, chi/pon/kan/ankan, seven pairs, kokushi,
chuuren, honours, red fives, dora and ura indicators, every lawful situational flag, winds,
honba, riichi sticks), under ``tenhou`` and mahjong's matching options (the mapping is written
down in that test). Inputs are built before any timing: for ours the mpsz strings and keyword
arguments ``yakuset hand`` would pass (so our figure includes parsing and input checks), for
mahjong the 136-tile arrays, Meld objects and a HandConfig per hand. Before timing the script
checks that the yaku, dora, han, fu, payments and totals agree on every hand and stops (exit 1)
if any differs; hands without yaku count when both refuse them.

Measured, each as the best and the median of the repeats (``time.perf_counter``, garbage
collector off while timing, the variants interleaved):

- ours: ``evaluate(rs, hand, **kwargs)``, results not explained;
- ours + .steps: the same, reading ``.steps`` (the explanation built) on every result;
- ours, cold caches: every memo (``yakuset.clear_caches()``: parsed tiles, suit groups and melds,
  the decompositions of suit shapes and honours, the rule set's han/fu hands, yaku found per
  detector answer and yakuman, and the built-in detectors' sets of ids) cleared before each
  hand: the cost with nothing reused. What a rule set works out from its rules alone when it
  first scores (its basic points of 1-13 han) is no memo and stays;
- theirs: ``HandCalculator.estimate_hand_value(...)``; its decomposition ``lru_cache`` is cleared
  before each pass, ours are cleared before each pass too (within a pass both reuse what they
  learnt).

Then memory: after 100,000 warm-up hands (the engine's memos are bounded and fill up meanwhile),
100,000 further hands scored by ours, reading the resident set size every 10,000 (and with
``--trace`` the memory tracemalloc sees retained, which is slow); it must stay flat.

Run from the repository root with the project and ``mahjong==2.1.0`` installed::

    python bench/hand_values.py [--hands 20000] [--repeats 5] [--memory-hands 100000] [--warmup 100000] [--trace]
"""

from __future__ import annotations

import argparse
import gc
import itertools
import statistics
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from _common import machine_line, timed  # bench/ is on sys.path when a script runs

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

try:
    from mahjong.hand_calculating.divider import HandDivider
    from mahjong.hand_calculating.hand import HandCalculator
except ImportError:
    sys.exit("this benchmark needs the `mahjong` package: pip install mahjong==2.1.0")

import contextlib

import yakuset
from yakuset import InputError, riichi
from yakuset._plugins import riichi_yaku
from yakuset.riichi import memo_sizes

from tests.oracles.hand_corpus import SEED, Case, cases
from tests.oracles.test_mahjong_hands import mahjong_args, ours, outcome_of

RULESET = "tenhou"


def check_same(rs: yakuset.RuleSet, sample: list[Case]) -> tuple[int, int]:
    wrong, refused = [], 0
    for case in sample:
        mine = ours(RULESET, case)
        args = mahjong_args(case, RULESET)
        theirs = outcome_of(HandCalculator.estimate_hand_value(*args[:5], ura_dora_indicators=args[5]), case)
        refused += mine.yaku is None
        if mine != theirs:
            wrong.append((case, mine, theirs))
    if wrong:
        for case, mine, theirs in wrong[:10]:
            print(f"MISMATCH {case.describe()}\n  ours:    {mine}\n  mahjong: {theirs}", file=sys.stderr)
        sys.exit(f"{len(wrong)} of {len(sample)} hands differ; not timing")
    return len(sample) - refused, refused


def run_ours(rs: yakuset.RuleSet, inputs: list[tuple[str, dict]], steps: bool = False) -> None:
    evaluate = riichi.evaluate
    for text, kwargs in inputs:
        try:
            result = evaluate(rs, text, **kwargs)
        except InputError:
            continue
        if steps:
            result.steps  # noqa: B018 - built on first read


def clear_every_memo() -> None:
    """Every memo: the engine's and the built-in detectors' sets of ids (``yakuset.clear_caches()``,
    which does both at this commit and at the older ones compared)."""
    yakuset.clear_caches()


def run_ours_cold(rs: yakuset.RuleSet, inputs: list[tuple[str, dict]]) -> None:
    evaluate = riichi.evaluate
    for text, kwargs in inputs:
        clear_every_memo()
        try:
            evaluate(rs, text, **kwargs)
        except InputError:
            continue


def run_theirs(inputs: list[tuple]) -> None:
    estimate = HandCalculator.estimate_hand_value
    for tiles136, win, melds, dora, config, ura in inputs:
        estimate(tiles136, win, melds, dora, config, ura_dora_indicators=ura)


def rss_kib() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def memory(rs: yakuset.RuleSet, count: int, warmup: int, trace: bool) -> None:
    """Score ``warmup`` then ``count`` hands (generated on the fly, seed SEED + 1); print the
    resident set size every tenth of ``count``, and with ``trace`` the memory tracemalloc sees
    retained. The warm-up lets the bounded memos fill up."""
    generator = cases(SEED + 1)

    def score(n: int) -> None:
        for case in itertools.islice(generator, n):
            with contextlib.suppress(InputError):
                riichi.evaluate(rs, case.hand, **case.kwargs())

    gc.collect()
    rss_start = rss_kib()
    score(warmup)  # the memos fill up to their bounds
    gc.collect()
    rss_warm = rss_kib()
    if trace:
        tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0] if trace else 0
    rss_before = rss_kib()
    points = []
    step = max(1, count // 10)
    done = 0
    while done < count:
        score(min(step, count - done))
        done += min(step, count - done)
        gc.collect()
        points.append((done, rss_kib(), tracemalloc.get_traced_memory()[0] - base if trace else 0))
    how = "tracemalloc and RSS" if trace else "RSS (add --trace for tracemalloc)"
    print(
        f"\nmemory over {count:,} hands (ours; {how}; gc.collect() at each point), after {warmup:,} warm-up "
        f"hands took RSS from {rss_start:,} to {rss_warm:,} KiB while the memos filled:"
    )
    print("  hands scored      " + "  ".join(f"{n:>8,}" for n, _, _ in points))
    print("  RSS KiB           " + "  ".join(f"{r:>8,}" for _, r, _ in points) + f"   (before: {rss_before:,})")
    if trace:
        peak = tracemalloc.get_traced_memory()[1] - base
        tracemalloc.stop()
        print(
            "  retained KiB      "
            + "  ".join(f"{b / 1024:>8,.0f}" for _, _, b in points)
            + f"   (peak {peak / 1024:,.0f})"
        )
    sizes = dict(memo_sizes())
    if hasattr(riichi_yaku, "memo_size"):  # older commits: the detectors' memo apart
        sizes["detectors' sets of ids"] = riichi_yaku.memo_size()
    else:
        sizes["detectors' sets of ids"] = (len(riichi_yaku._ID_SETS), riichi_yaku._ID_SETS.size)
    print(
        "  memo entries at the end (entries / bound, least recently used dropped first): "
        + ", ".join(f"{name} {size:,} / {bound:,}" for name, (size, bound) in sizes.items())
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per timed pass (default 20000)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats of each measurement (default 5)")
    parser.add_argument("--memory-hands", type=int, default=100_000, help="hands for the memory check (100000)")
    parser.add_argument("--warmup", type=int, default=100_000, help="hands before the memory check (100000)")
    parser.add_argument(
        "--trace",
        action="store_true",
        help="also trace allocations with tracemalloc in the memory check (slow: minutes)",
    )
    args = parser.parse_args()

    rs = yakuset.load_ruleset(RULESET)
    sample = list(itertools.islice(cases(SEED), args.hands))
    print("Riichi from the tiles: yakuset.riichi.evaluate vs mahjong HandCalculator.estimate_hand_value")
    print(machine_line())
    scored, refused = check_same(rs, sample)
    print(
        f"inputs: rule set {RULESET!r}, {len(sample):,} random hands (seed {SEED}): {scored:,} score, "
        f"{refused:,} have no yaku (both refuse); check: identical yaku, dora, han, fu, payments and totals "
        f"on all {len(sample):,}"
    )
    ours_inputs = [(case.hand, case.kwargs()) for case in sample]
    theirs_inputs = [mahjong_args(case, RULESET) for case in sample]

    def clear_theirs() -> None:
        HandDivider._divide_hand_impl.cache_clear()

    variants: dict[str, tuple[Callable[[], None], Callable[[], None]]] = {
        "ours": (clear_every_memo, lambda: run_ours(rs, ours_inputs)),
        "ours + .steps": (clear_every_memo, lambda: run_ours(rs, ours_inputs, steps=True)),
        "ours, cold caches": (clear_every_memo, lambda: run_ours_cold(rs, ours_inputs)),
        "theirs (mahjong)": (clear_theirs, lambda: run_theirs(theirs_inputs)),
    }
    seconds: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(args.repeats):
        for name, (prepare, run) in variants.items():  # interleaved, so drift hits every variant alike
            seconds[name].append(timed(run, prepare))

    width = max(map(len, variants))
    count = len(sample)
    print(f"\n{'':{width}} {'median hands/s':>15} {'best hands/s':>13} {'us/hand (median)':>17}")
    rate = {}
    for name, times in seconds.items():
        median, best = statistics.median(times), min(times)
        rate[name] = count / median
        print(f"{name:{width}} {count / median:15,.0f} {count / best:13,.0f} {1e6 * median / count:17.2f}")
    theirs_rate = rate["theirs (mahjong)"]
    print(
        "\nratio ours / theirs (hands/s, medians): "
        + "; ".join(f"{name} {rate[name] / theirs_rate:.2f}" for name in variants if name.startswith("ours"))
    )
    print(
        "(cold caches: every memo cleared before each hand; the tables tenhou made from its rules when it "
        "first scored, basic points and the common hands' facts by han and fu, stay)"
    )
    memory(rs, args.memory_hands, args.warmup, args.trace)


if __name__ == "__main__":
    main()
