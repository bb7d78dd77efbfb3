#!/usr/bin/env python
"""Koi-Koi scoring throughput: the round award, the yaku of a pile, and a pile built card by card.

All inputs are drawn from a fixed seed over the eight bundled Koi-Koi rule sets:

- award: ``yakuset.koikoi.award(rs, base, own_calls, opponent_calls, field_brights)`` on a
  stream of 200,000 calls: a rule set at random, base 1-30, each player's calls 0-3 (at most
  the rule set's call limit, so no call warns), field brights 0-5. Timed warm (the award memo
  filled by an untimed pass), from cold (every memo emptied before the pass: the stream's
  repeats then hit the memo) and cold every call (every memo emptied before each call, which
  is counted in the time: the formula evaluated every time). Beside it, as an anchor, Nintendo's
  formula written by hand in Python (base × 2 if base ≥ 7, × 2 if the opponent called, ×
  the own streak 1 + own calls) over the same stream;
- yaku: ``yakuset.koikoi.yaku(rs, captured, month, own_calls)`` on 20,000 piles of 0-30 distinct
  cards of the deck (in random order), the round's month 1-12 or none, own calls 0-3. Timed
  warm, from cold, and reading ``.explanation`` (every step's label);
- pile: ``yakuset.koikoi.pile(rs, month=, own_calls=)`` and ``.add(card)`` building 2,000 random
  piles of 30 cards, reading ``.base`` after every card (cards added per second); the same
  reading ``.hand``; and, for comparison, ``yaku()`` called on every prefix of the same piles.

Before timing, the script checks the award against the hand-written formula on every Nintendo
input and every pile's ``.hand`` against ``yaku()`` after every card, and stops (exit 1) if one
differs. Each figure is the median (and the best) of 5 repeats (``time.perf_counter``, garbage
collector off while timing, the variants interleaved). Variants whose function this version of
yakuset does not have are skipped, so the script also runs at older commits.

Run from the repository root with the project installed::

    python bench/koikoi_speed.py [--calls 200000] [--piles 20000] [--built 2000] [--repeats 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import warnings
from collections.abc import Callable
from typing import Any

import yakuset
from _common import machine_line, timed  # bench/ is on sys.path when a script runs
from yakuset.koikoi import award, yaku

SEED = 20261201
PILE_CARDS = 30

# Koi-Koi's own memos where this version has them (emptying the Riichi ones too would be timed).
clear_memos: Callable[[], None] = getattr(yakuset.koikoi, "clear_memos", None) or yakuset.clear_caches
pile: Any = getattr(yakuset.koikoi, "pile", None)

AwardInput = tuple[Any, int, int, int, int]
PileInput = tuple[Any, list[str], int | None, int]


def koikoi_rulesets() -> list[yakuset.RuleSet]:
    return [rs for rs in yakuset.list_rulesets() if rs.game == "koikoi"]


def award_stream(rulesets: list[yakuset.RuleSet], size: int) -> list[AwardInput]:
    """``size`` (rule set, base, own calls, opponent calls, field brights), none past a call limit."""
    rng = random.Random(SEED)
    stream = []
    for _ in range(size):
        rs = rng.choice(rulesets)
        limit = yakuset.koikoi.rules_of(rs).table.call_limit
        most = 3 if limit is None else min(3, limit.calls)
        stream.append((rs, rng.randint(1, 30), rng.randint(0, most), rng.randint(0, most), rng.randint(0, 5)))
    return stream


def pile_stream(rulesets: list[yakuset.RuleSet], size: int, smallest: int, largest: int) -> list[PileInput]:
    """``size`` (rule set, distinct cards in random order, month or None, own calls)."""
    rng = random.Random(SEED + 1)
    stream = []
    for _ in range(size):
        rs = rng.choice(rulesets)
        deck = sorted(yakuset.koikoi.rules_of(rs).cards)
        cards = rng.sample(deck, rng.randint(smallest, largest))
        month = rng.choice([None, *range(1, 13)])
        stream.append((rs, cards, month, rng.randint(0, 3)))
    return stream


def nintendo(base: int, own_calls: int, opponent_calls: int) -> int:
    """Nintendo's award as one would write it by hand: the anchor the rule-set engine is compared with."""
    if base <= 0:
        return 0
    points = base * 2 if base >= 7 else base
    if opponent_calls:
        points *= 2
    return points * min(1 + own_calls, 6)


def check(awards: list[AwardInput], built: list[PileInput]) -> None:
    wrong = [
        (rs.id, b, o, p, f)
        for rs, b, o, p, f in awards
        if rs.id == "nintendo" and award(rs, b, o, p, f).points != nintendo(b, o, p)
    ]
    if wrong:
        sys.exit(f"the award differs from the hand-written Nintendo formula at {wrong[:5]}; not timing")
    checked = sum(rs.id == "nintendo" for rs, *_ in awards)
    print(f"check: awards equal to the hand-written formula on {checked:,} inputs")
    if pile is None:
        return
    for rs, cards, month, own in built:
        state = pile(rs, month=month, own_calls=own)
        for n, card in enumerate(cards, 1):
            state = state.add(card)
            if state.hand != yaku(rs, cards[:n], month, own) or state.base != state.hand.base:
                sys.exit(f"{rs.id}: the pile differs from yaku() after {cards[:n]}; not timing")
    print(f"check: every pile equal to yaku() after each of its {len(built) * PILE_CARDS:,} cards")


def awards_plain(stream: list[AwardInput]) -> None:
    for rs, base, own, opponent, brights in stream:
        award(rs, base, own, opponent, brights)


def awards_cold(stream: list[AwardInput]) -> None:
    for rs, base, own, opponent, brights in stream:
        clear_memos()
        award(rs, base, own, opponent, brights)


def awards_by_hand(stream: list[AwardInput]) -> None:
    for _, base, own, opponent, _ in stream:
        nintendo(base, own, opponent)


def piles_plain(stream: list[PileInput]) -> None:
    for rs, cards, month, own in stream:
        yaku(rs, cards, month, own)


def piles_explained(stream: list[PileInput]) -> None:
    for rs, cards, month, own in stream:
        yaku(rs, cards, month, own).explanation  # noqa: B018


def built_base(stream: list[PileInput]) -> None:
    for rs, cards, month, own in stream:
        state = pile(rs, month=month, own_calls=own)
        for card in cards:
            state = state.add(card)
            state.base  # noqa: B018


def built_hand(stream: list[PileInput]) -> None:
    for rs, cards, month, own in stream:
        state = pile(rs, month=month, own_calls=own)
        for card in cards:
            state = state.add(card)
            state.hand  # noqa: B018


def built_by_prefix(stream: list[PileInput]) -> None:
    for rs, cards, month, own in stream:
        for n in range(1, len(cards) + 1):
            yaku(rs, cards[:n], month, own)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=200_000, help="award calls per measurement (default 200000)")
    parser.add_argument("--piles", type=int, default=20_000, help="piles per yaku measurement (default 20000)")
    parser.add_argument("--built", type=int, default=2_000, help="piles of 30 cards built card by card (default 2000)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats of each measurement (default 5)")
    args = parser.parse_args()
    warnings.simplefilter("error")  # no input of the streams may warn: a warning costs more than an award

    rulesets = koikoi_rulesets()
    awards = award_stream(rulesets, args.calls)
    cold_awards = awards[: max(1, args.calls // 10)]
    piles = pile_stream(rulesets, args.piles, 0, PILE_CARDS)
    built = pile_stream(rulesets, args.built, PILE_CARDS, PILE_CARDS)
    print("Koi-Koi scoring: yakuset.koikoi.award, yakuset.koikoi.yaku, yakuset.koikoi.pile")
    print(machine_line())
    print(
        f"inputs: {len(rulesets)} rule sets ({', '.join(rs.id for rs in rulesets)}); {len(awards):,} awards "
        f"({len(set(awards)):,} distinct), {len(piles):,} piles of 0-{PILE_CARDS} cards, {len(built):,} piles of "
        f"{PILE_CARDS} cards built card by card; median and best of {args.repeats}"
    )
    check(awards, built)

    # name -> (unit, count, untimed preparation, timed run)
    variants: dict[str, tuple[str, int, Callable[[], None], Callable[[], None]]] = {
        "award, warm": ("calls", len(awards), lambda: awards_plain(awards), lambda: awards_plain(awards)),
        "award, from cold": ("calls", len(awards), clear_memos, lambda: awards_plain(awards)),
        "award, cold every call": ("calls", len(cold_awards), clear_memos, lambda: awards_cold(cold_awards)),
        "Nintendo formula by hand": ("calls", len(awards), lambda: None, lambda: awards_by_hand(awards)),
        "yaku, warm": ("piles", len(piles), lambda: piles_plain(piles), lambda: piles_plain(piles)),
        "yaku, from cold": ("piles", len(piles), clear_memos, lambda: piles_plain(piles)),
        "yaku + .explanation": ("piles", len(piles), lambda: piles_plain(piles), lambda: piles_explained(piles)),
    }
    cards = len(built) * PILE_CARDS
    if pile is not None:
        variants["pile.add + .base"] = ("cards", cards, lambda: built_base(built), lambda: built_base(built))
        variants["pile.add + .hand"] = ("cards", cards, lambda: built_hand(built), lambda: built_hand(built))
    variants["yaku() of every prefix"] = ("cards", cards, lambda: None, lambda: built_by_prefix(built))

    seconds: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(args.repeats):
        for name, (_, _, prepare, run) in variants.items():  # interleaved, so drift hits every variant alike
            seconds[name].append(timed(run, prepare))

    width = max(map(len, variants))
    print(f"\n{'':{width}} {'median /s':>12} {'best /s':>12} {'us each (median)':>17}")
    for name, times in seconds.items():
        unit, count, _, _ = variants[name]
        median, best = statistics.median(times), min(times)
        print(f"{name:{width}} {count / median:12,.0f} {count / best:12,.0f} {1e6 * median / count:17.2f}  {unit}")


if __name__ == "__main__":
    main()
