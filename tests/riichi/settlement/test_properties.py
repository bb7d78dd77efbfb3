"""Properties every settlement, game and standing keeps, under every Riichi rule set: no point is
made or lost (what the transfers add up to is what left or reached the table as riichi sticks),
a game always ends, and the uma of the standings adds up to nothing (the oka aside)."""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import pytest
import yakuset
from hypothesis import HealthCheck, given, settings, strategies as st
from yakuset import InputError
from yakuset.riichi import State, new_game, settle, standings

from ...helpers import examples

RULESETS = ("ema-2025", "wrc-2022", "m-league", "jpml-a", "tenhou", "mahjong-soul", "ema-2016")
STICK = 1000
ABORTIVE = ("nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron")


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


seats = st.integers(0, 3)
hands = st.one_of(
    st.fixed_dictionaries({"han": st.integers(1, 13), "fu": st.sampled_from([20, 25, 30, 40, 50, 70, 110])}),
    st.fixed_dictionaries({"yakuman": st.sampled_from([["daisangen"], ["kokushi"], ["daisangen", "tsuuiisou"]])}),
)


@st.composite
def outcomes(draw):
    kind = draw(st.sampled_from(["ron", "tsumo", "draw", "abort", "chombo"]))
    if kind == "ron":
        discarder = draw(seats)
        winners = draw(st.lists(seats.filter(lambda s: s != discarder), min_size=1, max_size=3, unique=True))
        wins = []
        for seat in winners:
            hand = dict(draw(hands))
            if "yakuman" in hand and "daisangen" in hand["yakuman"] and draw(st.booleans()):
                hand["pao"] = draw(seats.filter(lambda s, seat=seat: s != seat))
                hand["open"] = True
            wins.append({"seat": seat, **hand})
        return {"ron": {"discarder": discarder, "winners": wins}}
    if kind == "tsumo":
        seat = draw(seats)
        hand = dict(draw(hands))
        if "yakuman" in hand and "daisangen" in hand["yakuman"] and draw(st.booleans()):
            hand["pao"] = draw(seats.filter(lambda s: s != seat))
            hand["open"] = True
        return {"tsumo": {"seat": seat, **hand}}
    if kind == "draw":
        return {"draw": {"tenpai": draw(st.lists(seats, max_size=4, unique=True))}}
    if kind == "abort":
        return {"abort": draw(st.sampled_from(ABORTIVE))}
    return {"chombo": draw(seats)}


states = st.builds(
    lambda scores, hand, wind, honba, sticks: State(
        scores=scores, dealer=hand - 1, round_wind=wind, hand=hand, honba=honba, sticks=sticks
    ),
    st.tuples(*[st.integers(-20000, 80000).map(lambda p: p // 100 * 100)] * 4),
    st.integers(1, 4),
    st.sampled_from(["east", "south"]),
    st.integers(0, 5),
    st.integers(0, 4),
)


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), states, outcomes(), st.lists(seats, max_size=4, unique=True))
def test_a_settlement_makes_and_loses_no_points(ruleset_id, state, outcome, riichi):
    rs = ruleset(ruleset_id)
    try:
        result = settle(rs, state, outcome, riichi)
    except InputError:
        return  # an outcome this rule set or state refuses (tested elsewhere)
    after = result.state
    assert after.scores == tuple(a + t for a, t in zip(state.scores, result.transfers))
    # -(sticks put on the table) + (sticks taken from it) = the change of the table, reversed.
    assert sum(result.transfers) == STICK * (state.sticks - after.sticks)
    assert after.sticks >= 0 and after.honba >= 0


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.lists(outcomes(), max_size=60))
def test_a_game_always_ends_within_the_winds_it_may_reach(ruleset_id, script):
    rs = ruleset(ruleset_id)
    table = yakuset.riichi.rules_of(rs).table
    state = new_game(rs)
    passes = 0

    def play(outcome):
        nonlocal state, passes
        try:
            result = settle(rs, state, outcome, [])
        except InputError:
            return
        before, state = state, result.state
        passes += not state.ended and state.dealer != before.dealer
        assert state.wind_index <= table.extension_last
        assert passes <= 4 * (table.extension_last + 1)

    for outcome in script:
        if state.ended:
            break
        play(outcome)
    # Then non-dealers win, one after another: each passes the deal, so the game must end.
    for _ in range(4 * (table.extension_last + 1) + 1):
        if state.ended:
            break
        play({"tsumo": {"seat": (state.dealer + 1) % 4, "han": 1, "fu": 30}})
    assert state.ended
    assert state.end_reason in yakuset.riichi.END_REASONS


finals = st.tuples(*[st.integers(-10000, 70000).map(lambda p: p // 100 * 100)] * 4)


@settings(max_examples=examples(400), deadline=None)
@given(st.sampled_from(RULESETS), finals, st.integers(0, 3))
def test_standings_share_out_uma_that_adds_up_to_nothing(ruleset_id, scores, sticks):
    rs = ruleset(ruleset_id)
    table = yakuset.riichi.rules_of(rs).table
    state = State(
        scores=scores, dealer=3, round_wind="south", hand=4, sticks=sticks, ended=True, end_reason="last_hand"
    )
    result = standings(rs, state)
    assert sorted(s.seat for s in result) == [0, 1, 2, 3]
    assert [s.place for s in result] == sorted(s.place for s in result)
    assert all(a.score >= b.score for a, b in itertools.pairwise(result))
    assert sum(Fraction(s.uma).limit_denominator(1000) for s in result) == Fraction(table.oka, 1000)
    if table.rounding is not None and table.rounding.first_balances:
        assert sum(Fraction(s.points).limit_denominator(1000) for s in result) == 0


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_new_game_starts_at_east_1_with_the_rule_sets_points(ruleset_id):
    rs = ruleset(ruleset_id)
    state = new_game(rs)
    start = rs.document["points"]["start"]
    assert (state.scores, state.dealer, state.round_wind, state.hand) == ((start,) * 4, 0, "east", 1)
    assert (state.honba, state.sticks, state.ended, state.end_reason) == (0, 0, False, None)
