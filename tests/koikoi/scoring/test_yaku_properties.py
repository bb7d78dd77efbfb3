"""Property tests of yakuset.koikoi.yaku over every bundled Koi-Koi rule set.

A pile is a uniformly random subset (of a random size) of the rule set's 48 cards; the
round's month is random (1-12) or absent, and so are the player's Koi-Koi calls (0-3).

- adding one more captured card never lowers the base;
- the base is the sum of the counted yaku's points (and of the "add" steps);
- every step has a non-empty label.
"""

from __future__ import annotations

import functools

import yakuset
from hypothesis import HealthCheck, given, settings, strategies as st
from yakuset.koikoi import yaku

from ...helpers import bundled_ids, examples

KOIKOI = bundled_ids("koikoi")

PROPERTY_SETTINGS = settings(
    max_examples=examples(200), deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


@functools.cache
def deck(ruleset_id: str) -> tuple[str, ...]:
    return tuple(sorted(ruleset(ruleset_id).rules.cards))


@st.composite
def piles(draw):
    """(rule set id, captured cards, one card not captured, month, own calls)."""
    ruleset_id = draw(st.sampled_from(KOIKOI))
    shuffled = draw(st.permutations(deck(ruleset_id)))
    size = draw(st.integers(0, len(shuffled) - 1))
    month = draw(st.none() | st.integers(1, 12))
    own_calls = draw(st.integers(0, 3))
    return ruleset_id, list(shuffled[:size]), shuffled[size], month, own_calls


def test_every_named_koikoi_rule_set_is_covered():
    assert set(KOIKOI) >= {
        "nintendo",
        "tournament",
        "yakuza",
        "fudawiki",
        "kk-add-10",
        "bga",
        "koikoi-japan",
        "hanafuda-flash",
    }
    assert all(len(deck(r)) == 48 for r in KOIKOI)


@PROPERTY_SETTINGS
@given(piles())
def test_adding_a_captured_card_never_lowers_the_base(pile):
    ruleset_id, captured, extra, month, own_calls = pile
    rs = ruleset(ruleset_id)
    before = yaku(rs, captured, month=month, own_calls=own_calls)
    after = yaku(rs, [*captured, extra], month=month, own_calls=own_calls)
    assert after.base >= before.base, f"{ruleset_id} +{extra}: {before.explanation} -> {after.explanation}"


@PROPERTY_SETTINGS
@given(piles())
def test_base_is_the_sum_of_the_counted_yaku(pile):
    ruleset_id, captured, extra, month, own_calls = pile
    hand = yaku(ruleset(ruleset_id), [*captured, extra], month=month, own_calls=own_calls)
    assert hand.base == sum(y.points for y in hand.yaku)
    assert hand.base == sum(s.factor for s in hand.steps if s.op == "add")
    assert all(y.points > 0 for y in hand.yaku)
    assert len({y.id for y in hand.yaku}) == len(hand.yaku)


@PROPERTY_SETTINGS
@given(piles())
def test_every_step_has_a_label(pile):
    ruleset_id, captured, extra, month, own_calls = pile
    hand = yaku(ruleset(ruleset_id), [*captured, extra], month=month, own_calls=own_calls)
    assert all(isinstance(s.label, str) and s.label.strip() for s in hand.steps)
    assert all(y.label.strip() for y in hand.yaku)
    assert hand.explanation.strip()
