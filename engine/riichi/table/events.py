"""What happens at a Riichi table, as values: one frozen type per kind of event.

:meth:`yakuset.riichi.Table.play` returns the events a move caused and ``Table.events`` holds them
all. Each event renders itself at the edge: :meth:`TableEvent.as_dict` is its JSON shape (``type``
says which kind, as the table's dicts always said) and :meth:`TableEvent.lines` its lines of
``Table.trace()``. The fields are named as a move's are (``seat``, ``tile``, ``tiles``); each type
says its mjai counterpart. A seat's move is a :class:`MoveEvent`, whose ``move()`` (each kind's own) is
the table's :class:`Move` that makes it. The log readers give a logged hand's events as these
types too (``LogHand.events``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ..kinds import Ending, MoveKind
from .moves import DISCARDS, NINE_TERMINALS, PASS, RIICHI_DISCARDS, RON, TSUMO, Move

#: Wall tiles in words: ``"1m 0p"``, ``"-"`` for none (the trace's mpsz names).
Names = Callable[[Sequence[int]], str]


class TableEvent:
    """An event at the table: :attr:`type` names its kind.

    Each kind is a named tuple of its fields (made fast, as the table makes one or two a move)
    and a value of its own kind: two events are equal when they are of the same kind with the
    same fields."""

    __slots__ = ()
    #: The kind of event, the ``type`` of its JSON shape.
    type: ClassVar[str]

    if TYPE_CHECKING:  # each kind of event defines both (a test checks every kind)

        def as_dict(self) -> dict[str, Any]:
            """The event's JSON shape: ``type``, then its fields (tuples as lists)."""

        def lines(self, names: Names) -> Iterator[str]:
            """The event's lines of ``Table.trace()``, tiles named by ``names``."""

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and super().__eq__(other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, super().__hash__()))


class MoveEvent(TableEvent):
    """An event that is a seat's move (a discard, a call, a kan, a kita, a win, nine terminals,
    a pass): :meth:`move` is the move."""

    __slots__ = ()
    #: The kind of the moves of this type (a discard that declares riichi is a riichi:
    #: :meth:`move` says so).
    move_kind: ClassVar[MoveKind]
    if TYPE_CHECKING:  # each kind of move event defines move() (a test checks every kind)
        #: The seat that moves (each kind's own field).
        seat: int

        def move(self) -> Move:
            """The table's :class:`yakuset.riichi.Move` that makes this event."""


class _HandDealtFields(NamedTuple):
    number: int
    round_wind: str
    hand: int
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    dora_indicators: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]


class HandDealt(TableEvent, _HandDealtFields):
    """A hand dealt (mjai ``start_kyoku``): its ``number`` at this table (0 first, repeats
    counted), the round wind, hand, dealer, honba, sticks and scores it starts with, the first
    dora indicator and each seat's dealt ``hands``."""

    __slots__ = ()
    type: ClassVar[str] = "hand"

    def as_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "number": self.number,
            "round_wind": self.round_wind,
            "hand": self.hand,
            "dealer": self.dealer,
            "honba": self.honba,
            "sticks": self.sticks,
            "scores": list(self.scores),
            "dora_indicators": list(self.dora_indicators),
            "hands": [list(hand) for hand in self.hands],
        }

    def lines(self, names: Names) -> Iterator[str]:
        yield (
            f"{self.round_wind} {self.hand}, {self.honba} honba, {self.sticks} stick(s); "
            f"dealer seat {self.dealer}; scores {' '.join(map(str, self.scores))}; "
            f"dora indicator {names(self.dora_indicators)}"
        )
        for seat, hand in enumerate(self.hands):
            yield f"  seat {seat} dealt {names(hand)}"


class _TileDrawnFields(NamedTuple):
    seat: int
    tile: int
    replacement: bool = False


class TileDrawn(TableEvent, _TileDrawnFields):
    """``seat`` draws ``tile`` (mjai ``tsumo``); a ``replacement`` tile after a kan or a kita."""

    __slots__ = ()
    type: ClassVar[str] = "draw"

    def as_dict(self) -> dict[str, Any]:
        shape: dict[str, Any] = {"type": self.type, "seat": self.seat, "tile": self.tile}
        if self.replacement:
            shape["replacement"] = True
        return shape

    def lines(self, names: Names) -> Iterator[str]:
        whence = " (replacement)" if self.replacement else ""
        yield f"  seat {self.seat} draws {names((self.tile,))}{whence}"


class _DoraRevealedFields(NamedTuple):
    indicator: int


class DoraRevealed(TableEvent, _DoraRevealedFields):
    """A new dora ``indicator`` is shown (mjai ``dora``)."""

    __slots__ = ()
    type: ClassVar[str] = "dora"

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "indicator": self.indicator}

    def lines(self, names: Names) -> Iterator[str]:
        yield f"  dora indicator {names((self.indicator,))} revealed"


class _TileDiscardedFields(NamedTuple):
    seat: int
    tile: int
    tsumogiri: bool
    riichi: bool


class TileDiscarded(MoveEvent, _TileDiscardedFields):
    """``seat`` discards ``tile`` (mjai ``dahai``): the tile it just drew (``tsumogiri``), and
    whether it declares ``riichi`` with it (mjai ``reach`` before the ``dahai``)."""

    __slots__ = ()
    type: ClassVar[str] = "discard"
    move_kind: ClassVar[MoveKind] = MoveKind.DISCARD

    def move(self) -> Move:
        """A discard, or a riichi discarding the tile (its ``kind`` ``riichi``)."""
        return (RIICHI_DISCARDS if self.riichi else DISCARDS)[self.tile]

    def as_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "seat": self.seat,
            "tile": self.tile,
            "tsumogiri": self.tsumogiri,
            "riichi": self.riichi,
        }

    def lines(self, names: Names) -> Iterator[str]:
        how = (" (tsumogiri)" if self.tsumogiri else "") + (" declaring riichi" if self.riichi else "")
        yield f"  seat {self.seat} discards {names((self.tile,))}{how}"


class _RiichiAcceptedFields(NamedTuple):
    seat: int


class RiichiAccepted(TableEvent, _RiichiAcceptedFields):
    """``seat``'s riichi stands, its discard not won on: a stick on the table (mjai
    ``reach_accepted``)."""

    __slots__ = ()
    type: ClassVar[str] = "riichi"

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat}

    def lines(self, names: Names) -> Iterator[str]:
        yield f"  seat {self.seat}'s riichi stands: one stick on the table"


class _CallDeclaredFields(NamedTuple):
    seat: int
    kind: MoveKind
    tile: int
    tiles: tuple[int, ...]


class CallDeclared(TableEvent, _CallDeclaredFields):
    """``seat`` declares a call (``kind``: chi, pon or open kan) on the discard ``tile`` with its
    own ``tiles``; it is made when every seat asked has answered (no mjai counterpart: mjai
    logs the call made)."""

    __slots__ = ()
    type: ClassVar[str] = "declare"

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "kind": self.kind, "tile": self.tile, "tiles": list(self.tiles)}

    def lines(self, names: Names) -> Iterator[str]:
        yield f"  seat {self.seat} declares {self.kind} on {names((self.tile,))} with {names(self.tiles)}"


class _TileCalledFields(NamedTuple):
    seat: int
    tile: int
    tiles: tuple[int, ...]
    source: int


class TileCalled(MoveEvent, _TileCalledFields):
    """``seat`` takes the discard ``tile`` of seat ``source`` with its own ``tiles``: a chi, pon or
    open kan (:class:`ChiCalled`, :class:`PonCalled`, :class:`OpenKanCalled`). ``source`` is the
    JSON shape's ``from`` (mjai ``target``)."""

    __slots__ = ()

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "tile": self.tile, "tiles": list(self.tiles), "from": self.source}

    def move(self) -> Move:
        return Move(self.move_kind, self.tile, self.tiles)

    def lines(self, names: Names) -> Iterator[str]:
        called = names((self.tile,))
        yield f"  seat {self.seat} takes {called} from seat {self.source}: {self.type} with {names(self.tiles)}"


class ChiCalled(TileCalled):
    """A chi made (mjai ``chi``)."""

    __slots__ = ()
    type: ClassVar[str] = "chi"
    move_kind: ClassVar[MoveKind] = MoveKind.CHI


class PonCalled(TileCalled):
    """A pon made (mjai ``pon``)."""

    __slots__ = ()
    type: ClassVar[str] = "pon"
    move_kind: ClassVar[MoveKind] = MoveKind.PON


class OpenKanCalled(TileCalled):
    """An open kan made on a discard (mjai ``daiminkan``)."""

    __slots__ = ()
    type: ClassVar[str] = "open_kan"
    move_kind: ClassVar[MoveKind] = MoveKind.OPEN_KAN


class _ClosedKanDeclaredFields(NamedTuple):
    seat: int
    tiles: tuple[int, ...]


class ClosedKanDeclared(MoveEvent, _ClosedKanDeclaredFields):
    """``seat`` declares a closed kan of its four ``tiles`` (mjai ``ankan``)."""

    __slots__ = ()
    type: ClassVar[str] = "closed_kan"
    move_kind: ClassVar[MoveKind] = MoveKind.CLOSED_KAN

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "tiles": list(self.tiles)}

    def move(self) -> Move:
        return Move(self.move_kind, None, self.tiles)

    def lines(self, names: Names) -> Iterator[str]:
        yield f"  seat {self.seat} declares a closed kan: {names(self.tiles)}"


class _AddedKanDeclaredFields(NamedTuple):
    seat: int
    tile: int


class AddedKanDeclared(MoveEvent, _AddedKanDeclaredFields):
    """``seat`` adds ``tile`` to its pon (mjai ``kakan``)."""

    __slots__ = ()
    type: ClassVar[str] = "added_kan"
    move_kind: ClassVar[MoveKind] = MoveKind.ADDED_KAN

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "tile": self.tile}

    def move(self) -> Move:
        return Move(self.move_kind, self.tile)

    def lines(self, names: Names) -> Iterator[str]:
        yield f"  seat {self.seat} adds {names((self.tile,))} to its pon (added kan)"


class _KitaDeclaredFields(NamedTuple):
    seat: int
    tile: int


class KitaDeclared(MoveEvent, _KitaDeclaredFields):
    """``seat`` sets the north ``tile`` aside (mjai ``nukidora``)."""

    __slots__ = ()
    type: ClassVar[str] = "kita"
    move_kind: ClassVar[MoveKind] = MoveKind.KITA

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "tile": self.tile}

    def move(self) -> Move:
        return Move(self.move_kind, self.tile)

    def lines(self, names: Names) -> Iterator[str]:
        yield f"  seat {self.seat} sets aside {names((self.tile,))} (kita)"


class _PassedFields(NamedTuple):
    seat: int


class Passed(MoveEvent, _PassedFields):
    """``seat``, asked, lets the discard or the kan go (mjai ``none``)."""

    __slots__ = ()
    type: ClassVar[str] = "pass"
    move_kind: ClassVar[MoveKind] = MoveKind.PASS

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat}

    def move(self) -> Move:
        return PASS

    def lines(self, names: Names) -> Iterator[str]:
        yield f"  seat {self.seat} passes"


class _NineTerminalsDeclaredFields(NamedTuple):
    seat: int


class NineTerminalsDeclared(MoveEvent, _NineTerminalsDeclaredFields):
    """``seat`` aborts the hand with nine terminals (mjai ``ryukyoku``, its reason ``kyushukyuhai``)."""

    __slots__ = ()
    type: ClassVar[str] = "nine_terminals"
    move_kind: ClassVar[MoveKind] = MoveKind.NINE_TERMINALS

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat}

    def move(self) -> Move:
        return NINE_TERMINALS

    def lines(self, names: Names) -> Iterator[str]:
        yield f"  seat {self.seat} declares nine terminals"


class _WonFields(NamedTuple):
    seat: int
    tile: int


class Won(MoveEvent, _WonFields):
    """``seat`` wins on ``tile`` (mjai ``hora``): by ron or by tsumo (:class:`RonDeclared`,
    :class:`TsumoDeclared`)."""

    __slots__ = ()

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "tile": self.tile}

    def lines(self, names: Names) -> Iterator[str]:
        yield f"  seat {self.seat} {self.type} {names((self.tile,))}"

    def move(self) -> Move:
        """The win declared (the move names no tile: the table knows the tile won on)."""
        return RON if self.move_kind is MoveKind.RON else TSUMO


class RonDeclared(Won):
    """A ron declared on the discard or the kan offered."""

    __slots__ = ()
    type: ClassVar[str] = "ron"
    move_kind: ClassVar[MoveKind] = MoveKind.RON


class TsumoDeclared(Won):
    """A tsumo on the tile drawn."""

    __slots__ = ()
    type: ClassVar[str] = "tsumo"
    move_kind: ClassVar[MoveKind] = MoveKind.TSUMO


class WinScored(NamedTuple):
    """One win of a hand as the table scored it (in :class:`HandEnded`): the winner's ``seat``,
    its ``yaku`` ids, ``han``, ``fu``, ``yakuman`` (how many), the ura indicators turned over
    and the seat liable for it (``pao``, or ``None``)."""

    seat: int
    yaku: tuple[str, ...]
    han: int | None
    fu: int | None
    yakuman: int
    ura_indicators: tuple[int, ...]
    pao: int | None

    def as_dict(self) -> dict[str, Any]:
        """The win's JSON shape."""
        return {
            "seat": self.seat,
            "yaku": list(self.yaku),
            "han": self.han,
            "fu": self.fu,
            "yakuman": self.yakuman,
            "ura_indicators": list(self.ura_indicators),
            "pao": self.pao,
        }

    def line(self, names: Names) -> str:
        """The win's line of the trace."""
        value = f"{self.yakuman}x yakuman" if self.yakuman else f"{self.han} han {self.fu} fu"
        ura = f"; ura indicator {names(self.ura_indicators)}" if self.ura_indicators else ""
        pao = f"; seat {self.pao} is liable (pao)" if self.pao is not None else ""
        return f"  seat {self.seat} wins: {', '.join(self.yaku)} ({value}){ura}{pao}"


class _HandEndedFields(NamedTuple):
    ending: Ending
    transfers: tuple[int, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    discarder: int | None = None
    wins: tuple[WinScored, ...] | None = None
    tenpai: tuple[int, ...] | None = None
    nagashi: tuple[int, ...] | None = None


class HandEnded(TableEvent, _HandEndedFields):
    """The hand ends (mjai ``end_kyoku``, with its ``hora`` or ``ryukyoku``): how (``ending``),
    each seat's ``transfers``, the ``winners`` and the ``scores`` after it. A win has its
    ``wins`` as scored and a ron its ``discarder``; an exhaustive draw the seats ``tenpai`` and
    those paid nagashi mangan. A field a hand of its ending lacks is ``None``, and not in the
    JSON shape."""

    __slots__ = ()
    type: ClassVar[str] = "end"

    def as_dict(self) -> dict[str, Any]:
        shape: dict[str, Any] = {
            "type": self.type,
            "ending": self.ending,
            "transfers": list(self.transfers),
            "winners": list(self.winners),
            "scores": list(self.scores),
        }
        if self.tenpai is not None:
            shape["tenpai"] = list(self.tenpai)
        if self.nagashi is not None:
            shape["nagashi"] = list(self.nagashi)
        if self.discarder is not None:
            shape["discarder"] = self.discarder
        if self.wins is not None:
            shape["wins"] = [win.as_dict() for win in self.wins]
        return shape

    def lines(self, names: Names) -> Iterator[str]:
        for win in self.wins or ():
            yield win.line(names)
        if self.tenpai is not None:
            yield f"  tenpai: {', '.join(f'seat {s}' for s in self.tenpai) or 'nobody'}"
        transfers = " ".join(f"{t:+d}" for t in self.transfers)
        ending = self.ending.replace("_", " ")
        yield f"  hand ends: {ending}; transfers {transfers}; scores {' '.join(map(str, self.scores))}"


class _GameEndedFields(NamedTuple):
    reason: str
    scores: tuple[int, ...]


class GameEnded(TableEvent, _GameEndedFields):
    """The game ends (mjai ``end_game``): why (``reason``, a :class:`yakuset.riichi.kinds.EndReason`
    word) and the final ``scores``."""

    __slots__ = ()
    type: ClassVar[str] = "game_end"

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "reason": self.reason, "scores": list(self.scores)}

    def lines(self, names: Names) -> Iterator[str]:
        yield f"game ends ({self.reason.replace('_', ' ')}): scores {' '.join(map(str, self.scores))}"


#: The event of each call made, by the kind of the move.
CALL_EVENTS: dict[str, type[TileCalled]] = {event.move_kind: event for event in (ChiCalled, PonCalled, OpenKanCalled)}
