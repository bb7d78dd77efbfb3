"""The quick constructors of yakuset._core.values_fast against their reference, each type's own
``_make`` (and ``Type(*fields)`` where the type has no ``__new__`` of its own): every function
the engines made through ``from_fields`` gives, for the same fields, an equal value of the same
type, over random fields, the events of played hands, settled games' values and a checked
``State``."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest
from hypothesis import given, strategies as st
from yakuset import load_ruleset
from yakuset._core.values_fast import MADE_FAST, from_fields
from yakuset.riichi import Move, State, Table, evaluate, read_outcome, settle
from yakuset.riichi.scoring import hand as _hand  # noqa: F401  (each module registers its types)
from yakuset.riichi.settlement import reading as _reading, rotation as _rotation  # noqa: F401
from yakuset.riichi.table import flow as _flow  # noqa: F401

#: The values a random Riichi hanchan, a settled hand and a scored hand make by the thousand.
EXPECTED = {
    "TileDrawn",
    "TileDiscarded",
    "Passed",
    "DoraRevealed",
    "Ron",
    "Tsumo",
    "Draw",
    "Abort",
    "Win",
    "HanFu",
    "Settlement",
    "State",
    "Situation",
    "HandScore",
    "Reading",
}

FIELD = st.one_of(st.none(), st.booleans(), st.integers(-5, 300), st.text(max_size=3), st.tuples(st.integers(0, 135)))


def _made() -> list[type[tuple[Any, ...]]]:
    return sorted(MADE_FAST, key=lambda cls: (cls.__module__, cls.__name__))


def _same(cls: type[tuple[Any, ...]], fields: tuple[Any, ...]) -> None:
    fast = MADE_FAST[cls](fields)
    reference = cls._make(fields)  # type: ignore[attr-defined]
    assert type(fast) is cls and type(reference) is cls
    assert fast == reference and tuple(fast) == fields and hash(fast) == hash(reference)
    if cls.__new__ is _own_new(cls):  # the named tuple's own constructor: the same again
        assert cls(*fields) == fast


def _own_new(cls: type[tuple[Any, ...]]) -> Any:
    """The ``__new__`` the named tuple among ``cls``'s bases made for its fields."""
    base = next(b for b in cls.__mro__ if "_make" in vars(b))
    return vars(base)["__new__"]


def test_the_engines_make_their_common_values_through_here_once_each() -> None:
    names = [cls.__name__ for cls in MADE_FAST]
    assert set(names) >= EXPECTED
    assert len(set(MADE_FAST)) == len(MADE_FAST)
    for cls in MADE_FAST:
        assert from_fields(cls) is MADE_FAST[cls]


@pytest.mark.parametrize("cls", _made(), ids=lambda cls: f"{cls.__module__}.{cls.__name__}")
@given(data=st.data())
def test_a_fast_value_is_its_types_own_for_any_fields(cls: type[tuple[Any, ...]], data: st.DataObject) -> None:
    fields = data.draw(st.tuples(*[FIELD] * len(cls._fields)))  # type: ignore[attr-defined]
    _same(cls, fields)


def test_a_fast_value_is_not_the_same_value_of_another_type() -> None:
    class Other(NamedTuple):
        seat: int
        tile: int
        replacement: bool

    drawn = next(cls for cls in MADE_FAST if cls.__name__ == "TileDrawn")
    assert MADE_FAST[drawn]((1, 2, False)) != Other(1, 2, False)


@pytest.mark.parametrize("seed", [3, 4])
def test_the_events_of_a_played_hanchan_are_their_types_own(seed: int) -> None:
    table = Table(load_ruleset("tenhou"), seed=seed)
    rng = random.Random(seed)
    while not table.ended:
        legal = table.legal_moves()
        table.play(Move("pass") if Move("pass") in legal and rng.random() < 0.9 else rng.choice(legal))
    kinds = set()
    for event in table.events:
        if type(event) in MADE_FAST:
            kinds.add(type(event).__name__)
            _same(type(event), tuple(event))
    assert {"TileDrawn", "TileDiscarded"} <= kinds


def test_settled_values_and_a_checked_state_are_their_types_own() -> None:
    rs = load_ruleset("tenhou")
    state = State(scores=[25000] * 4, dealer=1, round_wind="south", hand=2, honba=1, sticks=2)
    _same(State, tuple(state))
    ron = read_outcome(rs, {"ron": {"discarder": 2, "winners": [{"seat": 0, "han": 3, "fu": 40}]}})
    win = ron.winners[0]  # type: ignore[union-attr]
    for value in (ron, win, win.hand, read_outcome(rs, {"tsumo": {"seat": 1, "han": 1, "fu": 30}})):
        _same(type(value), tuple(value))
    for value in (read_outcome(rs, {"draw": {"tenpai": [0, 3]}}), read_outcome(rs, {"abort": "four_winds"})):
        _same(type(value), tuple(value))
    settled = settle(rs, state, ron, [0])
    _same(type(settled), tuple(settled))
    _same(State, tuple(settled.state))


def test_a_scored_hand_and_its_reading_are_their_types_own() -> None:
    scored = evaluate(load_ruleset("tenhou"), "234m456p23456788s", win="4s", riichi=True, tsumo=True)
    _same(type(scored), tuple(scored))
    _same(type(scored.reading), tuple(scored.reading))
