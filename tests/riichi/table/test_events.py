"""The Table's typed events: each kind a value of its own that renders itself."""

from __future__ import annotations

import pytest
from yakuset import load_ruleset
from yakuset.riichi import Move, Table
from yakuset.riichi.table import events
from yakuset.riichi.table.events import ChiCalled, MoveEvent, PonCalled, TableEvent


def _kinds() -> list[type[TableEvent]]:
    """Every kind of event: the classes of the module that name a ``type``."""
    found = []
    for value in vars(events).values():
        if isinstance(value, type) and issubclass(value, TableEvent) and "type" in vars(value):
            found.append(value)
    return found


def test_each_kind_names_its_own_type_and_renders_itself() -> None:
    kinds = _kinds()
    assert len({kind.type for kind in kinds}) == len(kinds)
    for kind in kinds:
        # Defined by the kind or a base of its own (TileCalled, Won), never left to TableEvent.
        methods = ("as_dict", "lines", "move") if issubclass(kind, MoveEvent) else ("as_dict", "lines")
        for method in methods:
            owner = next(cls for cls in kind.__mro__ if method in vars(cls))
            assert owner not in (TableEvent, MoveEvent) and issubclass(owner, TableEvent), (kind, method)


def test_an_event_equals_only_an_event_of_its_own_kind() -> None:
    assert ChiCalled(1, 17, (20, 24), 0) == ChiCalled(1, 17, (20, 24), 0)
    assert ChiCalled(1, 17, (20, 24), 0) != PonCalled(1, 17, (20, 24), 0)
    assert len({ChiCalled(1, 17, (20, 24), 0), PonCalled(1, 17, (20, 24), 0)}) == 2


@pytest.mark.parametrize("seed", [1, 2])
def test_every_event_of_a_played_hand_says_its_type_in_its_json_shape(seed: int) -> None:
    table = Table(load_ruleset("tenhou"), seed=seed)
    while not table.ended and not table.hands:
        legal = table.legal_moves()
        table.play(Move("pass") if Move("pass") in legal else legal[0])
    assert table.events
    for event in table.events:
        assert event.as_dict()["type"] == event.type
        assert all(isinstance(line, str) for line in event.lines(lambda tiles: " ".join(map(str, tiles))))
