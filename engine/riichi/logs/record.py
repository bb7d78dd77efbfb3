"""A played game as a value: the one typed record the log readers make of a Tenhou XML log, a
tenhou.net/6 JSON log or mjai JSON lines (docs/python.md).

Tiles are wall tiles (``kind * 4 + copy``, 0-135; a five's lowest copy is its red five, as the
wall numbers them: docs/rules/riichi-table.md §5). Seats are 0-3 (or 0-2), seat 0 the first East.
Scores and deltas are points (Tenhou's hundreds multiplied out).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..._core.errors import InputError
from ..kinds import ResultKind
from ..rules.table import WIND_NAMES
from ..table.events import (
    AddedKanDeclared,
    ClosedKanDeclared,
    DoraRevealed,
    KitaDeclared,
    NineTerminalsDeclared,
    RonDeclared,
    TableEvent,
    TileCalled,
    TileDiscarded,
    TileDrawn,
    TsumoDeclared,
)

#: One thing that happened in a logged hand, in order, as the table's events say it: the wall's
#: (a draw, a replacement draw after a kan or a kita, a new dora indicator) or a seat's move (a
#: call is a ``ChiCalled``, ``PonCalled`` or ``OpenKanCalled``; a move's
#: ``move()`` (each :class:`~yakuset.riichi.MoveEvent` kind's) is the table's move; a call's ``source`` is the seat
#: called from, a win's ``tile`` the tile won on).
HandEvent = (
    TileDrawn
    | DoraRevealed
    | TileDiscarded
    | TileCalled
    | ClosedKanDeclared
    | AddedKanDeclared
    | KitaDeclared
    | NineTerminalsDeclared
    | RonDeclared
    | TsumoDeclared
)
#: How a hand ended (``LogResult.kind``): the words of :class:`yakuset.riichi.kinds.ResultKind`.
RESULT_KINDS = tuple(ResultKind)
#: Tenhou's limit numbers (``ten=``'s third value) by name, 0 none.
LIMITS = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")


class LogError(InputError):
    """A log that cannot be read: ``file`` (``"<text>"`` for a text given), ``hand`` (from 1;
    0 before the first hand), ``event`` (the event's index in its hand, from 0; ``None`` for the
    hand as a whole) and what is wrong (``detail``). Its message names all of them."""

    def __init__(self, file: str, hand: int, event: int | None, message: str) -> None:
        self.file, self.hand, self.event, self.detail = file, hand, event, message
        where = file if not hand else f"{file}: hand {hand}" + ("" if event is None else f", event {event}")
        super().__init__(f"{where}: {message}")


class LogWin(NamedTuple):
    """One winner of a hand as the log tells it: ``seat``, ``discarder`` (``seat`` itself for a
    tsumo), ``fu`` and ``han`` (``None`` where the log does not say), the hand's ``points`` (no
    honba, no sticks), ``limit`` (``"mangan"`` ... ``"yakuman"`` or ``None``), ``yaku`` as
    ``(id, han)`` pairs (the ids of docs/rules/riichi.md; dora as ``dora``, ``ura_dora``,
    ``red_fives``), ``yakuman`` ids, the ``ura`` indicators shown, ``pao`` (the liable seat, or
    ``None``) and this win's ``deltas`` (each seat's change, honba and sticks included; ``None``
    where the log does not say: an mjai ``hora`` may leave them out)."""

    seat: int
    discarder: int
    fu: int | None
    han: int | None
    points: int | None
    limit: str | None
    yaku: tuple[tuple[str, int], ...]
    yakuman: tuple[str, ...]
    ura: tuple[int, ...]
    pao: int | None
    deltas: tuple[int, ...] | None


class LogResult(NamedTuple):
    """How a hand ended: ``kind`` (:data:`RESULT_KINDS`), the ``wins`` (several for a double
    ron), the seats ``tenpai`` at an exhaustive draw (and the hands shown at an abort), and the
    hand's ``deltas`` (each seat's change over the hand: wins, payments, and riichi sticks put
    down this hand; ``None`` where the log does not say: an mjai ``hora`` or ``ryukyoku`` without
    them, in the last hand, where no later hand's scores tell them)."""

    kind: str
    wins: tuple[LogWin, ...]
    tenpai: tuple[int, ...]
    deltas: tuple[int, ...] | None


class LogHand(NamedTuple):
    """One hand: its start (``round``: 0 for East 1, 4 for South 1, ..., as Tenhou counts
    at three players too; ``dealer``, ``honba``,
    riichi ``sticks`` on the table, each seat's ``scores``), the ``dealt`` hands (13 tiles each,
    ascending), the first ``dora`` indicator, every event in order, and the ``result``
    (``None`` for a hand the log stops in)."""

    round: int
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    dealt: tuple[tuple[int, ...], ...]
    dora: int
    events: tuple[HandEvent, ...]
    result: LogResult | None

    @property
    def round_wind(self) -> str:
        """``"east"``, ``"south"``, ``"west"`` or ``"north"``."""
        return WIND_NAMES[self.round // 4 % 4]

    @property
    def dora_indicators(self) -> tuple[int, ...]:
        """Every dora indicator shown in the hand, first to last."""
        return (self.dora, *(e.indicator for e in self.events if type(e) is DoraRevealed))

    @property
    def riichi(self) -> tuple[int, ...]:
        """The seats whose riichi stick was put down this hand (a riichi whose discard was won
        on puts none down)."""
        return riichi_seats(self.events)

    def wall_seen(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The wall as far as the log reveals it: the tiles drawn from the live wall in the
        order drawn (the deal is not: logs give each dealt hand sorted), and the replacement
        tiles drawn after kans and kita."""
        live: list[int] = []
        replacements: list[int] = []
        for event in self.events:
            if type(event) is TileDrawn:
                (replacements if event.replacement else live).append(event.tile)
        return tuple(live), tuple(replacements)


def riichi_seats(events: tuple[HandEvent, ...] | list[HandEvent]) -> tuple[int, ...]:
    """The seats that put a riichi stick down in these events: each riichi not won on at once."""
    return tuple(
        e.seat
        for i, e in enumerate(events)
        if type(e) is TileDiscarded and e.riichi and (i + 1 == len(events) or type(events[i + 1]) is not RonDeclared)
    )


class Lobby(NamedTuple):
    """The rules a log names, as Tenhou's lobby ``type`` bits (docs/rules/tenhou-logs.md):
    ``type`` as given (``None`` when the log gives its rules another way) and what it says."""

    type: int | None
    players: int
    length: str
    red_fives: bool
    open_tanyao: bool
    fast: bool
    room: str | None


class GameLog(NamedTuple):
    """A played game: the ``players``' names, the ``lobby`` (``None`` for a log that names no
    rules), the rule set the lobby implies (``ruleset``, a bundled id, or ``None`` and
    ``ruleset_reason`` says why), the ``hands``, and Tenhou's final scores and points with uma
    (``final``, ``final_points``; ``None`` where the log has none, e.g. a game cut short)."""

    players: tuple[str, ...]
    lobby: Lobby | None
    ruleset: str | None
    ruleset_reason: str
    hands: tuple[LogHand, ...]
    final: tuple[int, ...] | None
    final_points: tuple[float, ...] | None

    def as_dict(self) -> dict[str, Any]:
        """The record as JSON-ready values (nested mappings and lists)."""
        return _plain(self)  # type: ignore[no-any-return]


def _plain(value: Any) -> Any:
    if isinstance(value, TableEvent):
        return value.as_dict()
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {name: _plain(getattr(value, name)) for name in value._fields}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value
