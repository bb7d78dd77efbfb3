#!/usr/bin/env python
"""Han/fu scoring throughput: ``yakuset.riichi.score`` against ``mahjong``'s ``calculate_scores``.

Two sets of inputs under ``tenhou``, both checked first (same total on every input, or exit 1):
the grid han 1-15 × fu (20, 25, 30, 40, ..., 110) × dealer × tsumo × honba 0, 1, 3 × riichi
sticks 0, 2 (the cells our engine accepts), repeated to about 200,000 calls; and a stream of
200,000 inputs drawn uniformly from every valid han 1-13 × raw fu × dealer × tsumo × honba 0-5 ×
sticks 0-3 (ours gets the raw fu, mahjong the rounded fu it expects). Each side gets its inputs
in the cheapest form its API takes: ours as values passed by keyword, mahjong's with one
HandConfig per (dealer, tsumo, honba, sticks) built beforehand (kiriage off, KAZOE_LIMITED, as
tests/oracles/test_mahjong_scores.py maps ``tenhou``).

Measured, each the best and the median of the repeats (``time.perf_counter``, garbage collector
off while timing, the variants interleaved): ours on the grid warm (an untimed pass first), warm
reading ``.steps``, cold (every Riichi memo cleared before every call, the clearing counted) and
cold reading ``.steps``; ours on the stream from cold (memos cleared before it) and warm; theirs on
the grid and on the stream. See bench/README.md for what each shows.

Run from the repository root with the project and ``mahjong==2.1.0`` installed::

    python bench/riichi_scores.py [--calls 200000] [--repeats 5] [--stream 200000]

For instruction counts, ``--once N --kind warm|cold|theirs`` scores the first N inputs of the
stream once, untimed, with the garbage collector off: ours after an untimed pass over the stream
(warm), ours after every memo is cleared (cold), or mahjong's; ``--kind grid-warm|grid-cold``
scores N inputs of the grid, warm or with every memo cleared before every call. Run it under ``valgrind
--tool=callgrind`` with N and with 0, and divide the difference by N (with ``PYTHONPATH`` at
another checkout, the same loop on its code).
"""

from __future__ import annotations

import argparse
import gc
import itertools
import random
import statistics
import sys
from collections.abc import Callable

import yakuset
from _common import machine_line, timed  # bench/ is on sys.path when a script runs
from yakuset.riichi import clear_memos, score

try:
    from mahjong.constants import EAST, SOUTH
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.hand_calculating.scores import ScoresCalculator
except ImportError:
    sys.exit("this benchmark needs the `mahjong` package: pip install mahjong==2.1.0")

RULESET = "tenhou"
HAN = range(1, 16)
FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
HONBA = (0, 1, 3)
STICKS = (0, 2)
#: ``tenhou`` as mahjong's OptionalRules (see tests/oracles/test_mahjong_scores.py, OPTION_TABLE).
TENHOU_OPTIONS = {"kiriage": False, "kazoe_limit": HandConstants.KAZOE_LIMITED, "has_double_yakuman": False}


def _config(dealer: bool, tsumo: bool, honba: int, sticks: int) -> HandConfig:
    return HandConfig(
        is_tsumo=tsumo,
        player_wind=EAST if dealer else SOUTH,
        round_wind=EAST,
        tsumi_number=honba,
        kyoutaku_number=sticks,
        options=OptionalRules(**TENHOU_OPTIONS),
    )


def build_inputs(rs: yakuset.RuleSet) -> tuple[list[dict], list[tuple[int, int, HandConfig]], int]:
    """The accepted grid cells as our kwargs and as mahjong's (han, fu, config); and the grid size."""
    ours, theirs, cells = [], [], 0
    for dealer, tsumo, honba, sticks in itertools.product((False, True), (False, True), HONBA, STICKS):
        config = _config(dealer, tsumo, honba, sticks)
        for han, fu in itertools.product(HAN, FU):
            cells += 1
            kwargs = {"han": han, "fu": fu, "dealer": dealer, "tsumo": tsumo, "honba": honba, "riichi_sticks": sticks}
            try:
                score(rs, **kwargs)
            except yakuset.InputError:
                continue  # a (han, fu) no hand can produce; mahjong would score it anyway
            ours.append(kwargs)
            theirs.append((han, fu, config))
    return ours, theirs, cells


def as_tuples(inputs: list[dict]) -> list[tuple[int, int, bool, bool, int, int]]:
    """Keyword arguments as the (han, fu, dealer, tsumo, honba, sticks) the timed loops pass by name."""
    return [(k["han"], k["fu"], k["dealer"], k["tsumo"], k["honba"], k["riichi_sticks"]) for k in inputs]


def build_stream(
    rs: yakuset.RuleSet, size: int, seed: int = 20261130
) -> tuple[list[dict], list[tuple[int, int, HandConfig]]]:
    """``size`` inputs drawn uniformly from every valid (han 1-13, raw fu, dealer, tsumo, honba 0-5,
    sticks 0-3): raw fu as a hand counts it (20-110 in steps of 2, and 25), so ours rounds it and
    mahjong is given the rounded fu it expects."""
    raw_fus = [*range(20, 111, 2), 25]
    combos = []
    for han, fu, dealer, tsumo, honba, sticks in itertools.product(
        range(1, 14), raw_fus, (False, True), (False, True), range(6), range(4)
    ):
        kwargs = {"han": han, "fu": fu, "dealer": dealer, "tsumo": tsumo, "honba": honba, "riichi_sticks": sticks}
        try:
            scored = score(rs, **kwargs)
        except yakuset.InputError:
            continue
        combos.append((kwargs, scored.fu))
    rng = random.Random(seed)
    picked = [rng.choice(combos) for _ in range(size)]
    configs = {
        (dealer, tsumo, honba, sticks): _config(dealer, tsumo, honba, sticks)
        for dealer, tsumo, honba, sticks in itertools.product((False, True), (False, True), range(6), range(4))
    }
    ours = [kwargs for kwargs, _ in picked]
    theirs = [
        (kwargs["han"], rounded, configs[kwargs["dealer"], kwargs["tsumo"], kwargs["honba"], kwargs["riichi_sticks"]])
        for kwargs, rounded in picked
    ]
    print(f"stream: {size:,} inputs drawn from {len(combos):,} valid combinations")
    return ours, theirs


def check_same_totals(rs: yakuset.RuleSet, ours: list[dict], theirs: list[tuple[int, int, HandConfig]]) -> None:
    calc = ScoresCalculator.calculate_scores
    wrong = [
        (kw, score(rs, **kw).total, calc(han, fu, cfg)["total"])
        for kw, (han, fu, cfg) in zip(ours, theirs, strict=True)
        if score(rs, **kw).total != calc(han, fu, cfg)["total"]
    ]
    if wrong:
        for kwargs, mine, reference in wrong[:20]:
            print(f"MISMATCH {kwargs}: ours {mine}, mahjong {reference}", file=sys.stderr)
        sys.exit(f"{len(wrong)} of {len(ours)} inputs differ; not timing")
    print(f"check: identical totals on all {len(ours)} inputs")


Inputs = list[tuple[int, int, bool, bool, int, int]]


def ours_plain(rs: yakuset.RuleSet, inputs: Inputs, reps: int) -> None:
    for _ in range(reps):
        for han, fu, dealer, tsumo, honba, sticks in inputs:
            score(rs, han=han, fu=fu, dealer=dealer, tsumo=tsumo, honba=honba, riichi_sticks=sticks)


def ours_steps(rs: yakuset.RuleSet, inputs: Inputs, reps: int) -> None:
    for _ in range(reps):
        for han, fu, dealer, tsumo, honba, sticks in inputs:
            score(rs, han=han, fu=fu, dealer=dealer, tsumo=tsumo, honba=honba, riichi_sticks=sticks).steps  # noqa: B018


def ours_cold(rs: yakuset.RuleSet, inputs: Inputs, reps: int, steps: bool) -> None:
    for _ in range(reps):
        for han, fu, dealer, tsumo, honba, sticks in inputs:
            clear_memos()
            result = score(rs, han=han, fu=fu, dealer=dealer, tsumo=tsumo, honba=honba, riichi_sticks=sticks)
            if steps:
                result.steps  # noqa: B018 - built on first read, then kept by the Score


def theirs_plain(inputs: list[tuple[int, int, HandConfig]], reps: int) -> None:
    calc = ScoresCalculator.calculate_scores
    for _ in range(reps):
        for han, fu, config in inputs:
            calc(han, fu, config)


def once(calls: int, kind: str, size: int) -> None:
    """``calls`` inputs scored once by ``kind`` (for callgrind): the first of the stream (``warm``,
    ``cold``, ``theirs``) or the grid's, repeated (``grid-warm``, ``grid-cold``: every memo
    cleared before every call)."""
    rs = yakuset.load_ruleset(RULESET)
    if kind.startswith("grid"):
        grid = as_tuples(build_inputs(rs)[0])
        inputs = (grid * (calls // len(grid) + 1))[:calls]
        gc.disable()
        if kind == "grid-warm":
            ours_plain(rs, grid, 1)
            ours_plain(rs, inputs, 1)
        else:
            ours_cold(rs, inputs, 1, steps=False)
        return
    stream_kwargs, stream_theirs = build_stream(rs, size)
    stream_ours = as_tuples(stream_kwargs)
    gc.disable()
    if kind == "theirs":
        theirs_plain(stream_theirs[:calls], 1)
        return
    if kind == "warm":
        ours_plain(rs, stream_ours, 1)
    else:
        clear_memos()
    ours_plain(rs, stream_ours[:calls], 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=200_000, help="calls per measurement, about (default 200000)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats of each measurement (default 5)")
    parser.add_argument("--stream", type=int, default=200_000, help="inputs in the uniform stream (default 200000)")
    parser.add_argument("--once", type=int, default=None, metavar="N", help="score N inputs once, untimed")
    kinds = ("warm", "cold", "theirs", "grid-warm", "grid-cold")
    parser.add_argument("--kind", choices=kinds, default="warm", help="what --once scores (default warm)")
    args = parser.parse_args()
    if args.once is not None:
        once(args.once, args.kind, args.stream)
        return

    rs = yakuset.load_ruleset(RULESET)
    ours, theirs, cells = build_inputs(rs)
    reps = max(1, round(args.calls / len(ours)))
    calls = reps * len(ours)
    print("Riichi han/fu scoring: yakuset.riichi.score vs mahjong ScoresCalculator.calculate_scores")
    print(machine_line())
    print(
        f"inputs: rule set {RULESET!r}, {len(ours)} accepted cells of the {cells}-cell grid "
        f"(han 1-15 x 11 fu x dealer/non-dealer x ron/tsumo x honba 0,1,3 x sticks 0,2) "
        f"x {reps} = {calls:,} calls per measurement; best and median of {args.repeats}"
    )
    check_same_totals(rs, ours, theirs)
    ours = as_tuples(ours)

    stream_kwargs, stream_theirs = build_stream(rs, args.stream)
    check_same_totals(rs, stream_kwargs, stream_theirs)
    stream_ours = as_tuples(stream_kwargs)
    print(f"memos cleared for the cold runs: {', '.join(yakuset.riichi.memo_sizes())}")
    # name -> (untimed preparation, timed run). The cold runs empty the caches, so each warm
    # run first refills them with one untimed pass (with .steps read, for the .steps variant).
    variants: dict[str, tuple[Callable[[], None], Callable[[], None]]] = {
        "ours, warm": (lambda: ours_plain(rs, ours, 1), lambda: ours_plain(rs, ours, reps)),
        "ours, warm + .steps": (lambda: ours_steps(rs, ours, 1), lambda: ours_steps(rs, ours, reps)),
        "ours, cold": (lambda: None, lambda: ours_cold(rs, ours, reps, steps=False)),
        "ours, cold + .steps": (lambda: None, lambda: ours_cold(rs, ours, reps, steps=True)),
        "theirs (mahjong)": (lambda: theirs_plain(theirs, 1), lambda: theirs_plain(theirs, reps)),
        "ours, stream from cold": (clear_memos, lambda: ours_plain(rs, stream_ours, 1)),
        "ours, stream warm": (lambda: ours_plain(rs, stream_ours, 1), lambda: ours_plain(rs, stream_ours, 1)),
        "theirs, stream": (lambda: None, lambda: theirs_plain(stream_theirs, 1)),
    }
    seconds: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(args.repeats):
        for name, (prepare, run) in variants.items():  # interleaved, so drift hits every variant alike
            prepare()
            seconds[name].append(timed(run))

    width = max(map(len, variants))
    print(f"\n{'':{width}} {'median calls/s':>15} {'best calls/s':>13} {'us/call (median)':>17}")
    rate = {}
    for name, times in seconds.items():
        count = len(stream_ours) if "stream" in name else calls
        median, best = statistics.median(times), min(times)
        rate[name] = count / median
        print(f"{name:{width}} {count / median:15,.0f} {count / best:13,.0f} {1e6 * median / count:17.2f}")
    stream_rate = rate["theirs, stream"]
    print(
        f"\nstream, ours / theirs: from cold {rate['ours, stream from cold'] / stream_rate:.2f}; "
        f"warm {rate['ours, stream warm'] / stream_rate:.2f}"
    )
    theirs_rate = rate["theirs (mahjong)"]
    print(
        "\nratio ours / theirs (calls/s, medians): "
        + "; ".join(
            f"{name.removeprefix('ours, ')} {rate[name] / theirs_rate:.2f}"
            for name in variants
            if name.startswith("ours") and "stream" not in name
        )
    )
    for kind in ("cold", "warm"):
        plain, with_steps = rate[f"ours, {kind}"], rate[f"ours, {kind} + .steps"]
        print(
            f"cost of .steps ({kind}): +{1e6 * (1 / with_steps - 1 / plain):.2f} us/call; "
            f"{with_steps / plain:.0%} of the calls/s without"
        )


if __name__ == "__main__":
    main()
