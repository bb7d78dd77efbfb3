"""The state of a Riichi game of four (or three) players between hands: scores, dealer, wind and hand, honba,
riichi sticks on the table, and whether (and why) the game has ended."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..._core.arguments import MAX_COUNT, shown, true_or_false, whole_number
from ..._core.errors import InputError
from ..._core.values_fast import from_fields
from ..kinds import EndReason
from ..rules.compiled import rules_of
from ..rules.table import WIND_NAMES

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

SEATS = 4
#: The table sizes a state may have (three-player Riichi: ``players: 3``).
TABLE_SIZES = (3, 4)
#: Scores and penalties are bounded well beyond any game (a yakuman is 48,000).
MAX_POINTS = 10**9
#: Why a game ended (``State.end_reason``).
END_REASONS = tuple(reason.value for reason in EndReason)

#: A wind's place in the game by its name (east 0 ... north 3).
WIND_INDEX = {name: index for index, name in enumerate(WIND_NAMES)}


class _Fields(NamedTuple):
    scores: tuple[int, ...]
    dealer: int
    round_wind: str
    hand: int
    honba: int
    sticks: int
    ended: bool
    end_reason: str | None
    penalties: tuple[int, ...]


_FIELDS = _Fields._fields


class State(_Fields):
    """A Riichi game between two hands (immutable; build it with keywords, change it with
    :meth:`replace`).

    ``scores``: one int per seat, four or three (seat 0 is the first East; seats turn 0 → 1 → 2
    → 3); ``dealer``: the dealer's seat (in hand ``n`` of a wind, seat ``n - 1``); ``round_wind``:
    ``"east"``, ``"south"``, ``"west"`` or ``"north"``; ``hand``: 1 to the number of seats;
    ``honba``: the counter; ``sticks``: riichi sticks on the table; ``ended`` and
    ``end_reason`` (one of :data:`END_REASONS`, or ``None`` while the game goes on; an ended
    game keeps the position of its last hand); ``penalties``: points each seat loses after uma
    (chombo deductions).
    """

    __slots__ = ()

    def __new__(  # keyword-only and checked, unlike the tuple's own
        cls,
        *,
        scores: Sequence[int],
        dealer: int,
        round_wind: str,
        hand: int,
        honba: int = 0,
        sticks: int = 0,
        ended: bool = False,
        end_reason: str | None = None,
        penalties: Sequence[int] | None = None,
    ) -> State:
        four = _per_seat("scores", scores, None, None)
        seats = len(four)
        whole_number("dealer", dealer, 0, seats - 1)
        if type(round_wind) is not str or round_wind not in WIND_INDEX:
            raise InputError(f"round_wind must be east, south, west or north, got {shown(round_wind)}")
        whole_number("hand", hand, 1, seats)
        if dealer != hand - 1:
            raise InputError(
                f"in hand {hand} of a wind the dealer is seat {hand - 1} (seat 0 deals first), got dealer {dealer}"
            )
        whole_number("honba", honba, 0, MAX_COUNT)
        whole_number("sticks", sticks, 0, MAX_COUNT)
        true_or_false("ended", ended)
        if ended and end_reason not in END_REASONS:
            raise InputError(f"an ended game's end_reason is one of {', '.join(END_REASONS)}, got {shown(end_reason)}")
        if not ended and end_reason is not None:
            raise InputError(f"a game that goes on has no end_reason, got {shown(end_reason)}")
        fines = (0,) * seats if penalties is None else _per_seat("penalties", penalties, 0, seats)
        values = (four, dealer, round_wind, hand, honba, sticks, ended, end_reason, fines)
        return super().__new__(cls, *values)

    def replace(self, **changes: Any) -> State:
        """A copy with ``changes`` (checked like the constructor's arguments)."""
        unknown = sorted(set(changes) - set(_FIELDS))
        if unknown:
            raise InputError(f"State has no field(s) {', '.join(map(repr, unknown))}; fields: {', '.join(_FIELDS)}")
        values: dict[str, Any] = dict(zip(_FIELDS, self))
        values.update(changes)
        return State(**values)

    @property
    def wind_index(self) -> int:
        """The round wind's place in the game: east 0, south 1, west 2, north 3."""
        return WIND_INDEX[self.round_wind]

    def as_dict(self) -> dict[str, Any]:
        """The state's JSON shape: every field, lists for the tuples."""
        out: dict[str, Any] = dict(zip(_FIELDS, self))
        out["scores"] = list(self.scores)
        out["penalties"] = list(self.penalties)
        return out


_new_state = from_fields(State)  # the engine's own values, not checked again as State(...) checks


def _per_seat(name: str, values: Any, minimum: int | None, seats: int | None) -> tuple[int, ...]:
    """One whole number per seat: ``seats`` of them, or (for the scores) four or three."""
    sizes = TABLE_SIZES if seats is None else (seats,)
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(values) not in sizes:
        count = " or ".join(str(size) for size in reversed(sizes))
        raise InputError(f"{name} must be a list of {count} whole numbers (one per seat), got {shown(values)}")
    for index, value in enumerate(values):
        whole_number(f"{name}[{index}]", value, minimum, MAX_POINTS)
    return tuple(values)


def make_state(
    scores: tuple[int, ...],
    dealer: int,
    wind: int,
    hand: int,
    honba: int,
    sticks: int,
    end_reason: str | None,
    penalties: tuple[int, ...],
) -> State:
    """A state from values the engine computed itself (not checked again)."""
    values = (scores, dealer, WIND_NAMES[wind], hand, honba, sticks, end_reason is not None, end_reason, penalties)
    return _new_state(values)


def new_game(rs: RuleSet) -> State:
    """The starting state under ``rs``: each of its players (``players``: four or three) at the
    rule set's starting points, East 1, seat 0 dealing, no honba, no sticks."""
    table = rules_of(rs).table
    return make_state((table.start,) * table.players, 0, 0, 1, 0, 0, None, (0,) * table.players)
