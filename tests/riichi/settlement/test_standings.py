"""Final standings of a Riichi game: places, leftover sticks, return points, oka, uma, rounding.

Every expected number is worked out by hand from the rule (the arithmetic is in the comment
beside it). Points are in thousands: (score - return points) / 1000 + uma (+ oka for first).
Sources are the keys of docs/rules/riichi-table.md §1: BMJA = the EMA 2025 scoring and
settlement contract, citing the EMA 2025 rulebook section by section; ML = M-League rule
summaries; RW = riichi.wiki; PAN = Pantheon's rule presets; MST = Tenhou's ranked rules;
ARC = arcturus.su on Tenhou.
"""

from __future__ import annotations

import functools

import pytest
import yakuset
from yakuset.riichi import State, standings


@functools.cache
def rules(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


def final(ruleset_id, scores, sticks=0):
    """The standings of a game that ended after South 4 with ``scores`` and ``sticks`` left."""
    state = State(
        scores=scores, dealer=3, round_wind="south", hand=4, sticks=sticks, ended=True, end_reason="last_hand"
    )
    return standings(rules(ruleset_id), state)


def check(rows, places, scores, points, uma):
    """``places``: (seat, place) in the order returned; ``scores``: the final raw scores in that
    order; ``points`` and ``uma``: in thousands, in that order."""
    assert [(r.seat, r.place) for r in rows] == places
    assert [r.score for r in rows] == scores
    assert [r.points for r in rows] == pytest.approx(points)
    assert [r.uma for r in rows] == pytest.approx(uma)


# --- EMA 2025: ties split, leftover sticks split --------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ["ema-2025", "wrc-2022"])
def test_tied_second_places_pool_their_uma(ruleset_id):
    # EMA 2025 §13 (BMJA contract): tied places combine their uma and split it evenly.
    # WRC: split ties too (RW). Uma 15/5/-5/-15; seats 1 and 2 tie for 2nd: (5 - 5) / 2 = 0 each.
    # seat 0: 15 + 15 = 30; seats 1, 2: 0 + 0 = 0; seat 3: -15 - 15 = -30
    rows = final(ruleset_id, (45000, 30000, 30000, 15000))
    check(
        rows,
        [(0, 1), (1, 2), (2, 2), (3, 4)],
        [45000, 30000, 30000, 15000],
        [30.0, 0.0, 0.0, -30.0],
        [15.0, 0.0, 0.0, -15.0],
    )


def test_ema_2025_tied_first_places_split_the_uma_and_the_leftover_stick():
    # EMA 2025 §7, §13 (BMJA contract): leftover sticks go to first place, split among those tied.
    # 1 stick, 2 tied: 1000 / 2 = 500 each → 35500. Pooled uma (15 + 5) / 2 = 10.
    # seats 0, 1: 5.5 + 10 = 15.5; seat 3: -1 - 5 = -6.0; seat 2: -10 - 15 = -25.0 (sum 0)
    rows = final("ema-2025", (35000, 35000, 20000, 29000), sticks=1)
    check(
        rows,
        [(0, 1), (1, 1), (3, 3), (2, 4)],
        [35500, 35500, 29000, 20000],
        [15.5, 15.5, -6.0, -25.0],
        [10.0, 10.0, -5.0, -15.0],
    )


def test_ema_2025_leftover_stick_split_three_ways_is_rounded_down_to_100():
    # EMA 2025 §7 (BMJA contract) "split, with decimals rounded down"; read here as rounded down to
    # 100 (the stake unit): 1000 / 3 = 333.3 → 300 each → 32300 (100 of the stick is lost).
    # Pooled uma (15 + 5 - 5) / 3 = 5. seats 0-2: 2.3 + 5 = 7.3; seat 3: -7 - 15 = -22.0
    rows = final("ema-2025", (32000, 32000, 32000, 23000), sticks=1)
    check(
        rows,
        [(0, 1), (1, 1), (2, 1), (3, 4)],
        [32300, 32300, 32300, 23000],
        [7.3, 7.3, 7.3, -22.0],
        [5.0, 5.0, 5.0, -15.0],
    )


# --- M-League: oka to first ---------------------------------------------------------------------


def test_m_league_oka_20000_goes_to_first_and_second_at_36800_is_plus_16_8():
    # M-League (ML; RW): return 30000, uma +30/+10/-10/-30, oka +20 to first (+50 in all).
    # ML's example (k-bys.work): 36,800 in 2nd → (36800 - 30000) / 1000 + 10 = +16.8.
    # seat 0: 15 + 30 + 20 = 65.0; seat 2: -18 - 10 = -28.0; seat 3: -23.8 - 30 = -53.8 (sum 0)
    rows = final("m-league", (45000, 36800, 12000, 6200))
    check(
        rows,
        [(0, 1), (1, 2), (2, 3), (3, 4)],
        [45000, 36800, 12000, 6200],
        [65.0, 16.8, -28.0, -53.8],
        [50.0, 10.0, -10.0, -30.0],
    )


def test_m_league_tied_first_places_share_uma_and_oka():
    # M-League: "同着の場合は順位点は分け" (the rank points, oka included, are shared; quoted in the
    # rule set). (50 + 10) / 2 = 30 each. seats 0, 1: 5 + 30 = 35.0; seat 2: -10 - 10 = -20.0;
    # seat 3: -20 - 30 = -50.0 (sum 0)
    rows = final("m-league", (35000, 35000, 20000, 10000))
    check(
        rows,
        [(0, 1), (1, 1), (2, 3), (3, 4)],
        [35000, 35000, 20000, 10000],
        [35.0, 35.0, -20.0, -50.0],
        [30.0, 30.0, -10.0, -30.0],
    )


def test_ema_2025_has_no_oka():
    # EMA 2025 §13 (BMJA contract): no oka. Same ranks as a 120,000 table:
    # seat 0: 15 + 15 = 30.0; seat 1: 6.8 + 5 = 11.8; seat 2: -8 - 5 = -13.0; seat 3: -13.8 - 15 = -28.8
    rows = final("ema-2025", (45000, 36800, 22000, 16200))
    check(
        rows,
        [(0, 1), (1, 2), (2, 3), (3, 4)],
        [45000, 36800, 22000, 16200],
        [30.0, 11.8, -13.0, -28.8],
        [15.0, 5.0, -5.0, -15.0],
    )


# --- JPML A: floating uma -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "scores, points, uma",
    [
        # one at or above 30000: +12/-1/-3/-8 (PAN ComplexUma)
        # 15 + 12 = 27; -2 - 1 = -3; -5 - 3 = -8; -8 - 8 = -16
        pytest.param((45000, 28000, 25000, 22000), [27.0, -3.0, -8.0, -16.0], [12.0, -1.0, -3.0, -8.0], id="one"),
        # two (30000 itself counts: "at or above"): +8/+4/-4/-8
        # 10 + 8 = 18; 0 + 4 = 4; -4 - 4 = -8; -6 - 8 = -14
        pytest.param((40000, 30000, 26000, 24000), [18.0, 4.0, -8.0, -14.0], [8.0, 4.0, -4.0, -8.0], id="two"),
        # three: +8/+3/+1/-12
        # 5 + 8 = 13; 2 + 3 = 5; 1 + 1 = 2; -8 - 12 = -20
        pytest.param((35000, 32000, 31000, 22000), [13.0, 5.0, 2.0, -20.0], [8.0, 3.0, 1.0, -12.0], id="three"),
    ],
)
def test_jpml_a_floating_uma_depends_on_how_many_end_at_or_above_30000(scores, points, uma):
    rows = final("jpml-a", scores)
    check(rows, [(0, 1), (1, 2), (2, 3), (3, 4)], list(scores), points, uma)


def test_jpml_a_leftover_sticks_go_to_nobody_while_ema_2025_gives_them_to_first():
    scores = (35000, 32000, 30000, 22000)  # + 1 stick = 120000
    # JPML A (PAN): the stick goes to nobody; three at or above 30000: +8/+3/+1/-12
    # 5 + 8 = 13; 2 + 3 = 5; 0 + 1 = 1; -8 - 12 = -20
    check(
        final("jpml-a", scores, sticks=1),
        [(0, 1), (1, 2), (2, 3), (3, 4)],
        [35000, 32000, 30000, 22000],
        [13.0, 5.0, 1.0, -20.0],
        [8.0, 3.0, 1.0, -12.0],
    )
    # EMA 2025 §7 (BMJA contract): first place takes it: 36000 → 6 + 15 = 21; 2 + 5 = 7; 0 - 5 = -5;
    # -8 - 15 = -23 (sum 0)
    check(
        final("ema-2025", scores, sticks=1),
        [(0, 1), (1, 2), (2, 3), (3, 4)],
        [36000, 32000, 30000, 22000],
        [21.0, 7.0, -5.0, -23.0],
        [15.0, 5.0, -5.0, -15.0],
    )


# --- Tenhou: seat-order ties; rounding (an assumption) --------------------------------------------


def test_tenhou_ties_go_to_the_earlier_seat_at_east_1():
    # Tenhou (ARC): "終了時に同点の場合は東1局の風順で順位を決定". Seats 0 and 2 tie at 30000: seat 0
    # places 1st, seat 2 2nd; seats 1 and 3 tie at 20000: seat 1 3rd, seat 3 4th.
    # Tenhou (MST): return 30000, uma +20/+10/-10/-20, oka +20 to first.
    # seat 2: 0 + 10 = 10; seat 1: -10 - 10 = -20; seat 3: -10 - 20 = -30; seat 0: 0 + 20 + 20 = 40
    rows = final("tenhou", (30000, 20000, 30000, 20000))
    check(
        rows,
        [(0, 1), (2, 2), (1, 3), (3, 4)],
        [30000, 30000, 20000, 20000],
        [40.0, 10.0, -20.0, -30.0],
        [40.0, 10.0, -10.0, -20.0],
    )


def test_tenhou_rounds_to_1000_with_500_up_and_first_takes_minus_the_others():
    # Tenhou's ranked logs to 2020 (TH-LOGS, docs/rules/riichi-table.md §3): 24,500 in second is +5,
    # so a half goes up; first place always shows minus the sum of the others.
    # seat 1: 30600 → 31000: 1 + 10 = 11; seat 2: 20400 → 20000: -10 - 10 = -20;
    # seat 3: 10500 → 11000 (a half goes up): -19 - 20 = -39;
    # seat 0: -(11 - 20 - 39) = 48 (rounded alone, 38500 → 39000 would give 9 + 40 = 49)
    rows = final("tenhou", (38500, 30600, 20400, 10500))
    check(
        rows,
        [(0, 1), (1, 2), (2, 3), (3, 4)],
        [38500, 30600, 20400, 10500],
        [48.0, 11.0, -20.0, -39.0],
        [40.0, 10.0, -10.0, -20.0],
    )
