"""A study's tally: partial tallies merge into the same figures in any order and grouping."""

from collections import Counter
from random import Random

from hypothesis import given, strategies as st
from yakuset.koikoi.study.tally import Tally, compare, summary


@st.composite
def tallies(draw: st.DrawFn) -> Tally:
    """A tally whose counts could come from real matches: each share's count within its total."""
    small = st.integers(min_value=0, max_value=50)
    rounds, offers, matches = draw(small), draw(small), draw(small)
    wins = draw(st.integers(0, rounds))
    yaku_wins = draw(st.integers(0, wins))
    calls = draw(st.integers(0, offers))
    first = draw(st.integers(0, matches))
    second = draw(st.integers(0, matches - first))
    yaku = st.sampled_from(["tane", "tan", "kasu", "inoshikacho"])
    return Tally(
        matches=matches,
        rounds=rounds,
        points=Counter(draw(st.dictionaries(st.integers(0, 40), st.integers(1, 9), max_size=5))),
        wins=wins,
        dealer_wins=draw(st.integers(0, wins)),
        yaku_wins=yaku_wins,
        deciding=Counter(draw(st.dictionaries(yaku, st.integers(0, yaku_wins)))),
        draws=rounds - wins,
        lucky_hands=draw(st.integers(0, wins - yaku_wins)),
        field_fours=draw(st.integers(0, rounds)),
        offers=offers,
        calls=calls,
        calls_won=draw(st.integers(0, calls)),
        first_wins=first,
        second_wins=second,
        seat_a_wins=draw(st.integers(0, first + second)),
        seat_a_round_wins=draw(st.integers(0, wins)),
        ties=matches - first - second,
        lengths=Counter(draw(st.dictionaries(st.integers(1, 12), st.integers(1, 9), max_size=3))),
    )


def _copy(t: Tally) -> Tally:
    return Tally().add(t)


@given(st.lists(tallies(), min_size=1, max_size=6), st.randoms())
def test_merging_parts_in_any_order_and_grouping_gives_the_same_figures(parts: list[Tally], rng: Random) -> None:
    in_order = Tally()
    for part in parts:
        in_order.add(_copy(part))
    shuffled = [_copy(p) for p in parts]
    rng.shuffle(shuffled)
    cut = rng.randrange(len(shuffled) + 1)
    left, right = Tally(), Tally()
    for part in shuffled[:cut]:
        left.add(part)
    for part in shuffled[cut:]:
        right.add(part)
    halves = right.add(left)
    assert in_order.as_dict() == halves.as_dict()
    assert summary(in_order) == summary(halves)


def test_an_empty_tally_has_figures_without_dividing_by_zero() -> None:
    figures = summary(Tally())
    assert figures["matches"] == 0 and figures["koikoi_call_rate"]["n"] == 0
    assert compare(Tally(), Tally())["points_per_round"]["significant"] is False
