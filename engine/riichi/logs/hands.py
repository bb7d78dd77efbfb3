"""Building one hand of a game record from a log's events, tile by tile: every tile is checked
against what the players hold (a discard from the hand, a call of the last discard, no tile
seen twice), and a log that names tiles by kind only (tenhou.net/6, mjai) gets its wall tiles
here: a red five its five's lowest copy, any other tile the lowest copy not seen yet in the
hand, and a discard or a call the lowest copy the player holds (the tile just drawn first).

The events are the table's (:mod:`yakuset.riichi.table.events`): a draw says whether it is a
replacement, a discard whether it is the tile just drawn and whether it declares riichi, a call
the seat called from, a win the tile won on."""

from __future__ import annotations

from ..kinds import MoveKind
from ..table.events import (
    CALL_EVENTS,
    AddedKanDeclared,
    ClosedKanDeclared,
    DoraRevealed,
    KitaDeclared,
    NineTerminalsDeclared,
    RonDeclared,
    TileDiscarded,
    TileDrawn,
    TsumoDeclared,
)
from ..tiles.notation import NORTH, tile_name
from .record import HandEvent, LogError, LogHand, LogResult

COPIES = 4
#: Tiles whose kind is 34 or more are not tiles.
KINDS = 34


class HandBuilder:
    """One hand as it is read: the dealt hands, each seat's tiles held, the tiles seen, the
    events so far. Each method checks the event against the hand and adds it, or raises a
    :class:`LogError` naming the file, the hand and the event."""

    def __init__(self, file: str, number: int, players: int, reds: tuple[int, int, int]) -> None:
        self.file, self.number, self.players, self.reds = file, number, players, reds
        self.held: list[list[int]] = [[] for _ in range(players)]
        self.melds: list[list[tuple[MoveKind, tuple[int, ...]]]] = [[] for _ in range(players)]
        self.seen: set[int] = set()
        self.events: list[HandEvent] = []
        self.last_draw: list[int | None] = [None] * players
        self.riichi_due: set[int] = set()
        self.replacing = False  # a kan or a kita was the last move: the next draw replaces

    # --- errors and tiles -----------------------------------------------------------------------

    def error(self, message: str) -> LogError:
        """A located error at the event about to be added."""
        return LogError(self.file, self.number, len(self.events), message)

    def tile(self, value: object) -> int:
        """A wall tile the log names by number, checked."""
        if type(value) is not int or not 0 <= value < KINDS * COPIES:
            raise self.error(f"tile id {value!r} is not a tile: tile ids are 0-135 (kind * 4 + copy)")
        return value

    def new(self, tile: int) -> int:
        """A tile coming out of the wall: it must not have been seen in this hand."""
        if tile in self.seen:
            raise self.error(f"tile id {tile} is seen twice in this hand")
        self.seen.add(tile)
        return tile

    def fresh(self, kind: int, red: bool) -> int:
        """The wall tile for a tile a log names by kind, coming out of the wall."""
        if not 0 <= kind < KINDS:
            raise self.error(f"tile kind {kind} is not a tile (0-33)")
        reds = self.reds[kind // 9] if kind < 27 and kind % 9 == 4 else 0
        copies = range(reds) if red else range(reds, COPIES)
        if red and not reds:
            raise self.error(f"a red {tile_name(kind)}, and the game has none")
        for copy in copies:
            tile = kind * COPIES + copy
            if tile not in self.seen:
                self.seen.add(tile)
                return tile
        raise self.error(
            f"more {'red ' if red else ''}{tile_name(kind)} than the game has ({len(copies)}"
            + (", the red fives aside)" if reds and not red else ")")
        )

    def is_red(self, tile: int) -> bool:
        """Whether a wall tile is a red five in this game."""
        kind = tile >> 2
        return kind < 27 and kind % 9 == 4 and (tile & 3) < self.reds[kind // 9]

    def held_copy(self, seat: int, kind: int, red: bool, besides: tuple[int, ...] = ()) -> int:
        """The wall tile of kind ``kind`` (red or not) that ``seat`` holds, other than
        ``besides``: the lowest copy held other than the tile just drawn, else the tile just
        drawn (a log that names tiles by kind says when a discard is the tile drawn)."""
        fits = [t for t in self.held[seat] if t >> 2 == kind and self.is_red(t) == red and t not in besides]
        if not fits:
            raise self.error(f"seat {seat} holds no {'red ' if red else ''}{tile_name(kind)}")
        drawn = self.last_draw[seat]
        others = [t for t in fits if t != drawn]
        return min(others) if others else fits[0]

    def _take(self, seat: int, tiles: tuple[int, ...], what: str) -> None:
        hand = self.held[seat]
        for tile in tiles:
            if tile not in hand:
                raise self.error(f"seat {seat} {what} tile id {tile}, which it does not hold")
            hand.remove(tile)

    def _add(self, event: HandEvent) -> None:
        self.events.append(event)

    # --- the hand's events ------------------------------------------------------------------------

    def deal(self, seat: int, tiles: tuple[int, ...], counted: bool = False) -> None:
        """Seat ``seat`` is dealt ``tiles`` (13); ``counted``: they came from :meth:`fresh`."""
        if len(tiles) != 13:
            raise self.error(f"seat {seat} is dealt {len(tiles)} tiles, not 13")
        for tile in () if counted else tiles:
            self.new(tile)
        self.held[seat] = sorted(tiles)

    def dora(self, tile: int, counted: bool = False) -> None:
        """A new dora indicator is shown; ``counted``: it came from :meth:`fresh`."""
        if not counted:
            self.new(tile)
        self._add(DoraRevealed(tile))

    def draw(self, seat: int, tile: int, counted: bool = False) -> None:
        """``seat`` draws ``tile`` (from the live wall or, after a kan or kita, the dead wall);
        ``counted``: it came from :meth:`fresh`."""
        if not counted:
            self.new(tile)
        self.held[seat].append(tile)
        self.last_draw[seat] = tile
        self._add(TileDrawn(seat, tile, self.replacing))
        self.replacing = False

    def discard(self, seat: int, tile: int) -> None:
        """``seat`` discards ``tile``: a riichi if the seat declared one just before."""
        self._take(seat, (tile,), "discards")
        drawn, self.last_draw[seat] = self.last_draw[seat], None
        riichi = seat in self.riichi_due
        self.riichi_due.discard(seat)
        self._add(TileDiscarded(seat, tile, tile == drawn, riichi))

    def declare_riichi(self, seat: int) -> None:
        """``seat`` declares riichi; its next discard is the riichi discard."""
        self.riichi_due.add(seat)

    def last_discard(self) -> TileDiscarded | None:
        """The last discard of the hand if nothing but wall events came after it."""
        for event in reversed(self.events):
            if type(event) is TileDiscarded:
                return event
            if type(event) is not DoraRevealed:
                return None
        return None

    def call(self, seat: int, kind: MoveKind, called: int, own: tuple[int, ...]) -> int:
        """``seat`` calls the last discard ``called`` (chi, pon, open kan) with its ``own``
        tiles; returns the seat called from."""
        last = self.last_discard()
        if last is None or last.tile != called or last.seat == seat:
            raise self.error(f"seat {seat}'s {kind} calls tile id {called}, which is not another seat's last discard")
        self._take(seat, own, f"calls ({kind}) with")
        self.melds[seat].append((kind, tuple(sorted((*own, called)))))
        self._add(CALL_EVENTS[kind](seat, called, tuple(sorted(own)), last.seat))
        if kind is MoveKind.OPEN_KAN:
            self.replacing = True
        return last.seat

    def closed_kan(self, seat: int, tiles: tuple[int, ...]) -> None:
        """``seat`` declares a closed kan of ``tiles``."""
        self._take(seat, tiles, "declares a closed kan with")
        self.melds[seat].append((MoveKind.CLOSED_KAN, tuple(sorted(tiles))))
        self._add(ClosedKanDeclared(seat, tuple(sorted(tiles))))
        self.replacing = True

    def added_kan(self, seat: int, tile: int) -> None:
        """``seat`` adds ``tile`` to its pon of that kind."""
        for index, (kind, tiles) in enumerate(self.melds[seat]):
            if kind is MoveKind.PON and tiles[0] >> 2 == tile >> 2:
                self._take(seat, (tile,), "adds to a kan")
                self.melds[seat][index] = (MoveKind.ADDED_KAN, tuple(sorted((*tiles, tile))))
                self._add(AddedKanDeclared(seat, tile))
                self.replacing = True
                return
        raise self.error(f"seat {seat} adds tile id {tile} to a kan, but has no pon of its kind")

    def kita(self, seat: int, tile: int) -> None:
        """``seat`` sets a north aside (three players)."""
        if tile >> 2 != NORTH:
            raise self.error(f"seat {seat}'s kita sets aside tile id {tile}, which is not a north")
        self._take(seat, (tile,), "sets aside")
        self._add(KitaDeclared(seat, tile))
        self.replacing = True

    def tsumo(self, seat: int) -> None:
        """``seat`` wins on the tile it drew last."""
        drawn = self.last_draw[seat]
        if drawn is None:
            raise self.error(f"seat {seat} declares tsumo and has drawn no tile since its last discard")
        self._add(TsumoDeclared(seat, drawn))

    def ron(self, seat: int) -> None:
        """``seat`` wins on the tile offered last: a discard, a kan's tile or a kita."""
        for event in reversed(self.events):
            if type(event) is TileDiscarded or type(event) is AddedKanDeclared or type(event) is KitaDeclared:
                self._add(RonDeclared(seat, event.tile))
                return
            if type(event) is ClosedKanDeclared:
                self._add(RonDeclared(seat, event.tiles[0]))
                return
            if type(event) is not RonDeclared and type(event) is not DoraRevealed:
                break
        raise self.error(f"seat {seat} declares ron, and no tile was offered to it")

    def win(self, seat: int, tsumo: bool) -> None:
        """``seat`` wins: by tsumo or by ron."""
        if tsumo:
            self.tsumo(seat)
        else:
            self.ron(seat)

    def nine_terminals(self, seat: int | None = None) -> None:
        """``seat`` (by default the seat that drew last) aborts the hand with nine terminals."""
        if seat is None:
            seat = next((e.seat for e in reversed(self.events) if type(e) is TileDrawn), None)
            if seat is None:
                raise self.error("nine terminals before any draw")
        self._add(NineTerminalsDeclared(seat))

    def won_on(self, seat: int) -> int | None:
        """The tile ``seat`` wins on by ron now: the last discard, or the tile of an added kan
        robbed; ``None`` if neither."""
        for event in reversed(self.events):
            if type(event) is RonDeclared:
                continue
            if (type(event) is TileDiscarded or type(event) is AddedKanDeclared) and event.seat != seat:
                return event.tile
            return None
        return None

    def shown(self, seat: int, tiles: tuple[int, ...], extra: int | None = None) -> None:
        """``seat`` shows its closed tiles (plus ``extra``, a tile won by ron): they must be the
        tiles it holds."""
        expected = sorted(self.held[seat] + ([] if extra is None else [extra]))
        if sorted(tiles) != expected:
            raise self.error(f"seat {seat} shows tile ids {sorted(tiles)} but holds {expected}")

    def hand(
        self,
        round_: int,
        dealer: int,
        honba: int,
        sticks: int,
        scores: tuple[int, ...],
        dealt: tuple[tuple[int, ...], ...],
        dora: int,
        result: LogResult | None,
    ) -> LogHand:
        """The finished hand."""
        return LogHand(round_, dealer, honba, sticks, scores, dealt, dora, tuple(self.events), result)
