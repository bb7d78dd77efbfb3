"""The state of a four-player Riichi game between hands: scores, dealer, wind and hand, honba,
riichi sticks on the table, and whether (and why) the game has ended."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .._core.arguments import MAX_COUNT, shown, true_or_false, whole_number
from .._core.errors import InputError
from ._rules import riichi_rules
from ._table import WIND_NAMES

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet

SEATS = 4
#: Scores and penalties are bounded well beyond any game (a yakuman is 48,000).
MAX_POINTS = 10**9
#: Why a game ended (``State.end_reason``).
END_REASONS = ("bankruptcy", "agari_yame", "tenpai_yame", "last_hand", "target_reached", "extension_end")

_FIELDS = ("scores", "dealer", "round_wind", "hand", "honba", "sticks", "ended", "end_reason", "penalties")
_set = object.__setattr__


class State:
    """A Riichi game between two hands (immutable; build it with keywords, change it with
    :meth:`replace`).

    ``scores``: one int per seat (seat 0 is the first East; seats turn 0 → 1 → 2 → 3);
    ``dealer``: the dealer's seat (in hand ``n`` of a wind, seat ``n - 1``); ``round_wind``:
    ``"east"``, ``"south"``, ``"west"`` or ``"north"``; ``hand``: 1-4 within the wind;
    ``honba``: the counter; ``sticks``: riichi sticks on the table; ``ended`` and
    ``end_reason`` (one of :data:`END_REASONS`, or ``None`` while the game goes on);
    ``penalties``: points each seat loses after uma (chombo deductions).
    """

    __slots__ = (*_FIELDS, "wind_index")

    scores: tuple[int, int, int, int]
    dealer: int
    round_wind: str
    hand: int
    honba: int
    sticks: int
    ended: bool
    end_reason: str | None
    penalties: tuple[int, int, int, int]
    #: The round wind's place in the game: east 0, south 1, west 2, north 3.
    wind_index: int

    def __init__(
        self,
        *,
        scores: Sequence[int],
        dealer: int,
        round_wind: str,
        hand: int,
        honba: int = 0,
        sticks: int = 0,
        ended: bool = False,
        end_reason: str | None = None,
        penalties: Sequence[int] = (0, 0, 0, 0),
    ) -> None:
        _set(self, "scores", _four("scores", scores, None))
        _set(self, "dealer", whole_number("dealer", dealer, 0, SEATS - 1))
        if type(round_wind) is not str or round_wind not in WIND_NAMES:
            raise InputError(f"round_wind must be east, south, west or north, got {shown(round_wind)}")
        _set(self, "round_wind", round_wind)
        _set(self, "wind_index", WIND_NAMES.index(round_wind))
        _set(self, "hand", whole_number("hand", hand, 1, SEATS))
        if dealer != hand - 1:
            raise InputError(
                f"in hand {hand} of a wind the dealer is seat {hand - 1} (seat 0 deals first), got dealer {dealer}"
            )
        _set(self, "honba", whole_number("honba", honba, 0, MAX_COUNT))
        _set(self, "sticks", whole_number("sticks", sticks, 0, MAX_COUNT))
        _set(self, "ended", true_or_false("ended", ended))
        if ended and end_reason not in END_REASONS:
            raise InputError(f"an ended game's end_reason is one of {', '.join(END_REASONS)}, got {shown(end_reason)}")
        if not ended and end_reason is not None:
            raise InputError(f"a game that goes on has no end_reason, got {shown(end_reason)}")
        _set(self, "end_reason", end_reason)
        _set(self, "penalties", _four("penalties", penalties, 0))

    def replace(self, **changes: Any) -> State:
        """A copy with ``changes`` (checked like the constructor's arguments)."""
        unknown = sorted(set(changes) - set(_FIELDS))
        if unknown:
            raise InputError(f"State has no field(s) {', '.join(map(repr, unknown))}; fields: {', '.join(_FIELDS)}")
        values = {name: getattr(self, name) for name in _FIELDS}
        values.update(changes)
        return State(**values)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a State is read-only; use .replace({name}=...)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a State is read-only; {name!r} cannot be deleted")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _FIELDS)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, name) for name in _FIELDS))

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in _FIELDS)
        return f"State({inner})"

    def as_dict(self) -> dict[str, Any]:
        """The state's JSON shape: every field, lists for the tuples."""
        out = {name: getattr(self, name) for name in _FIELDS}
        out["scores"] = list(self.scores)
        out["penalties"] = list(self.penalties)
        return out


def _four(name: str, values: Any, minimum: int | None) -> tuple[int, int, int, int]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(values) != SEATS:
        raise InputError(f"{name} must be a list of {SEATS} whole numbers (one per seat), got {shown(values)}")
    for index, value in enumerate(values):
        whole_number(f"{name}[{index}]", value, minimum, MAX_POINTS)
    return (values[0], values[1], values[2], values[3])


def make_state(
    scores: tuple[int, int, int, int],
    dealer: int,
    wind: int,
    hand: int,
    honba: int,
    sticks: int,
    end_reason: str | None,
    penalties: tuple[int, int, int, int],
) -> State:
    """A state from values the engine computed itself (not checked again)."""
    state = object.__new__(State)
    _set(state, "scores", scores)
    _set(state, "dealer", dealer)
    _set(state, "round_wind", WIND_NAMES[wind])
    _set(state, "wind_index", wind)
    _set(state, "hand", hand)
    _set(state, "honba", honba)
    _set(state, "sticks", sticks)
    _set(state, "ended", end_reason is not None)
    _set(state, "end_reason", end_reason)
    _set(state, "penalties", penalties)
    return state


def new_game(rs: RuleSet) -> State:
    """The starting state under ``rs``: everyone at the rule set's starting points, East 1,
    seat 0 dealing, no honba, no sticks."""
    start = riichi_rules(rs).table.start
    return make_state((start, start, start, start), 0, 0, 1, 0, 0, None, (0, 0, 0, 0))
