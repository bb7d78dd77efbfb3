"""Reading mjai JSON lines (docs/rules/tenhou-logs.md §6) into a :class:`GameLog`.

mjai names tiles by kind (``"5m"``, ``"5mr"`` a red five, ``"E"``, ``"P"`` white, ``"F"``
green, ``"C"`` red dragon); each gets its wall tile as ``logs.hands`` assigns them. A log of
one player's view (hidden tiles ``"?"``) cannot be read.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..._core.errors import InputError
from ..kinds import MoveKind, ResultKind
from ..table.events import (
    AddedKanDeclared,
    ChiCalled,
    ClosedKanDeclared,
    DoraRevealed,
    KitaDeclared,
    OpenKanCalled,
    PonCalled,
    RonDeclared,
    TileCalled,
    TileDiscarded,
    TileDrawn,
)
from .checks import sticks_balance
from .formats import utf8_text
from .hands import HandBuilder
from .mjai_dialects import MESSAGE_ALIASES, REASONS, URA_KEYS, WRITTEN_REASONS
from .record import GameLog, LogError, LogHand, LogResult, LogWin, riichi_seats
from .writing import a_game, file_deltas, has_reds, is_red

HONOURS = "ESWNPFC"
WINDS = "ESWN"
#: The calls of a discard by their mjai message type.
CALL_TYPES = {"chi": MoveKind.CHI, "pon": MoveKind.PON, "daiminkan": MoveKind.OPEN_KAN}
_CALL_TYPE: dict[str, str] = {kind: name for name, kind in CALL_TYPES.items()}


def kind_of(name: Any) -> tuple[int, bool]:
    """An mjai tile name as (kind, red)."""
    if not isinstance(name, str):
        raise ValueError(name)
    if len(name) == 1 and name in HONOURS:
        return 27 + HONOURS.index(name), False
    red = name.endswith("r") and len(name) == 3
    body = name[:2] if red else name
    if len(body) == 2 and body[0] in "123456789" and body[1] in "mps" and (not red or body[0] == "5"):
        return "mps".index(body[1]) * 9 + int(body[0]) - 1, red
    raise ValueError(name)


def read_mjai(data: bytes, file: str) -> GameLog:
    """The game of mjai JSON lines (``file`` names it in errors)."""
    text = utf8_text(data, file)
    reader = _Reader(file)
    for line_number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except json.JSONDecodeError as error:
            raise reader.error(f"line {line_number} is not JSON: {error}") from None
        except RecursionError:
            raise reader.error(f"line {line_number} nests its JSON deeper than a log does") from None
        except ValueError:  # a whole number of more digits than int() reads
            raise reader.error(f"line {line_number} holds a number of more digits than a log has") from None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise reader.error(f"line {line_number} is not an mjai message (a mapping with a 'type')")
        try:
            reader.message(message)
        except LogError as error:  # where in the file: the line of the message not read
            raise LogError(error.file, error.hand, error.event, f"line {line_number}: {error.detail}") from None
    if reader.build is not None:
        reader.close(None)  # a log cut mid-hand (its wins, if any, not closed by end_kyoku)
    return GameLog(reader.players, None, None, "mjai logs name no rules; give the rule set", tuple(reader.hands),
                   None, None)  # fmt: skip


class _Reader:
    def __init__(self, file: str) -> None:
        self.file = file
        self.players: tuple[str, ...] = ()
        self.seats = 4
        self.hands: list[LogHand] = []
        self.build: HandBuilder | None = None
        self.start: tuple[Any, ...] = ()
        self.wins: list[LogWin] = []
        #: The hand's ura indicators so far, by position (name, tile): a double ron shows the same
        #: indicators to both winners, and two indicators may have the same name.
        self.ura: list[tuple[Any, int]] = []

    def error(self, message: str) -> LogError:
        if self.build is not None:
            return self.build.error(message)
        return LogError(self.file, len(self.hands), None, message)

    def kind(self, name: Any) -> tuple[int, bool]:
        try:
            return kind_of(name)
        except ValueError:
            hidden = " (a hidden tile: the log is one player's view)" if name == "?" else ""
            raise self.error(f"{name!r} is not an mjai tile{hidden}") from None

    def fresh(self, name: Any) -> int:
        assert self.build is not None
        return self.build.fresh(*self.kind(name))

    def held(self, seat: int, names: Any) -> tuple[int, ...]:
        assert self.build is not None
        if not isinstance(names, list):
            raise self.error(f"'consumed' is not a list of tiles: {names!r}")
        tiles: tuple[int, ...] = ()
        for name in names:
            tiles += (self.build.held_copy(seat, *self.kind(name), besides=tiles),)
        return tiles

    def seat(self, message: dict[str, Any], key: str) -> int:
        seat = message.get(key)
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise self.error(f"{message['type']}'s {key} is not a seat 0-{self.seats - 1}: {seat!r}")
        return seat

    def now(self, message: dict[str, Any]) -> HandBuilder:
        if self.build is None:
            raise self.error(f"{message['type']} outside a hand")
        return self.build

    def message(self, message: dict[str, Any]) -> None:
        """Read one message into the game (:data:`_READ`: one method per message type)."""
        read = _READ.get(MESSAGE_ALIASES.get(message["type"], message["type"]))
        if read is None:
            raise self.error(f"unknown mjai message type {message['type']!r}")
        read(self, message)

    def start_game(self, message: dict[str, Any]) -> None:
        """The players' ``names``, which riichienv leaves out: the seats are then counted from
        the first hand's ``scores``."""
        if "names" not in message:
            return
        names = message["names"]
        if not isinstance(names, list) or len(names) not in (3, 4):
            raise self.error("start_game names three or four players")
        self.players = tuple(str(n) for n in names)
        self.seats = len(names)

    def end_kyoku(self, message: dict[str, Any]) -> None:
        if self.build is None:
            return
        if not self.wins:
            raise self.error("end_kyoku before the hand's result")
        said = [w.deltas for w in self.wins if w.deltas is not None]
        deltas = tuple(map(sum, zip(*said, strict=True))) if len(said) == len(self.wins) else None
        self.finish(ResultKind.TSUMO if self.wins[0].seat == self.wins[0].discarder else ResultKind.RON, (), deltas)

    def ignore(self, message: dict[str, Any]) -> None:
        """``end_game``: nothing to read."""

    def tsumo(self, message: dict[str, Any]) -> None:
        build, seat = self.now(message), self.seat(message, "actor")
        build.draw(seat, self.fresh(message.get("pai")), counted=True)

    def dahai(self, message: dict[str, Any]) -> None:
        build, seat = self.now(message), self.seat(message, "actor")
        drawn = build.last_draw[seat]
        if message.get("tsumogiri") is True:
            if drawn is None or (drawn >> 2, build.is_red(drawn)) != self.kind(message.get("pai")):
                raise self.error(f"seat {seat} discards the tile drawn, and it is not {message.get('pai')!r}")
            tile = drawn
        else:
            tile = build.held_copy(seat, *self.kind(message.get("pai")))
        build.discard(seat, tile)

    def reach(self, message: dict[str, Any]) -> None:
        self.now(message).declare_riichi(self.seat(message, "actor"))

    def reach_accepted(self, message: dict[str, Any]) -> None:
        self.now(message)

    def call(self, message: dict[str, Any]) -> None:
        """``chi``, ``pon`` and ``daiminkan`` (an open kan) of the last discard."""
        kind = message["type"]
        build, seat = self.now(message), self.seat(message, "actor")
        last = build.last_discard()
        if (
            last is None
            or last.tile is None
            or (last.tile >> 2, build.is_red(last.tile)) != self.kind(message.get("pai"))
        ):
            raise self.error(f"seat {seat}'s {kind} calls {message.get('pai')!r}, which is not the last discard")
        if self.seat(message, "target") != last.seat:
            raise self.error(
                f"seat {seat}'s {kind} names seat {message.get('target')}; the last discard is seat {last.seat}'s"
            )
        own = self.held(seat, message.get("consumed"))
        build.call(seat, CALL_TYPES[kind], last.tile, own)

    def ankan(self, message: dict[str, Any]) -> None:
        build, seat = self.now(message), self.seat(message, "actor")
        build.closed_kan(seat, self.held(seat, message.get("consumed")))

    def kakan(self, message: dict[str, Any]) -> None:
        build, seat = self.now(message), self.seat(message, "actor")
        build.added_kan(seat, build.held_copy(seat, *self.kind(message.get("pai"))))

    def nukidora(self, message: dict[str, Any]) -> None:
        """A north set aside: the one just drawn when it is a north (after riichi no other may
        be), else a north held."""
        build, seat = self.now(message), self.seat(message, "actor")
        kind, drawn = self.kind(message.get("pai")), build.last_draw[seat]
        north = drawn if drawn is not None and (drawn >> 2, build.is_red(drawn)) == kind else None
        build.kita(seat, build.held_copy(seat, *kind) if north is None else north)

    def dora(self, message: dict[str, Any]) -> None:
        self.now(message).dora(self.fresh(message.get("dora_marker")), counted=True)

    def hora(self, message: dict[str, Any]) -> None:
        build = self.now(message)
        seat, discarder = self.seat(message, "actor"), self.seat(message, "target")
        build.win(seat, seat == discarder)
        deltas = self.deltas(message) if "deltas" in message else None  # Mortal's may leave them out
        markers: Any = next((message[key] for key in URA_KEYS if key in message), [])
        if not isinstance(markers, list):
            raise self.error("ura_markers is not a list")
        for position, name in enumerate(markers):
            if position == len(self.ura):
                self.ura.append((name, self.fresh(name)))
            elif self.ura[position][0] != name:
                shown = self.ura[position][0]
                raise self.error(
                    f"ura marker {position + 1} is {name!r}, where another win of the hand showed {shown!r}"
                )
        ura = [tile for _, tile in self.ura[: len(markers)]]
        self.wins.append(LogWin(seat, discarder, None, None, None, None, (), (), tuple(ura), None, deltas))

    def start_kyoku(self, message: dict[str, Any]) -> None:
        if self.build is not None:
            self.close(None)
        number = len(self.hands) + 1
        try:
            wind = WINDS.index(message["bakaze"])
            kyoku, honba, sticks, dealer = message["kyoku"], message["honba"], message["kyotaku"], message["oya"]
            scores, tehais, dora = message["scores"], message["tehais"], message["dora_marker"]
        except (KeyError, ValueError, TypeError):
            raise LogError(
                self.file,
                number,
                None,
                "start_kyoku needs bakaze, kyoku, honba, kyotaku, oya, scores, tehais, dora_marker",
            ) from None
        if not self.players and not self.hands and isinstance(scores, list) and len(scores) in (3, 4):
            self.seats = len(scores)  # no names: the seats are the first hand's
            self.players = ("",) * self.seats
        numbers = [kyoku, honba, sticks, dealer, *scores] if isinstance(scores, list) else [None]
        if not all(type(v) is int for v in numbers) or len(scores) != self.seats or not isinstance(tehais, list):
            raise LogError(
                self.file, number, None, "start_kyoku's kyoku, honba, kyotaku, oya and scores are whole numbers"
            )
        if dealer != kyoku - 1 or len(tehais) != self.seats:
            raise LogError(self.file, number, None, f"start_kyoku: kyoku {kyoku} and oya {dealer} disagree")
        self.told(tuple(scores))
        self.build = build = HandBuilder(self.file, number, self.seats, (1, 1, 1))
        dealt = []
        for seat, names in enumerate(tehais):
            if not isinstance(names, list):
                raise build.error(f"seat {seat}'s tehai is not a list")
            tiles = tuple(sorted(self.fresh(name) for name in names))
            build.deal(seat, tiles, counted=True)
            dealt.append(tiles)
        self.start = (wind * 4 + kyoku - 1, dealer, honba, sticks, tuple(scores), tuple(dealt), self.fresh(dora))
        self.wins = []
        self.ura = []

    def deltas(self, message: dict[str, Any]) -> tuple[int, ...]:
        deltas = message.get("deltas")
        if not isinstance(deltas, list) or len(deltas) != self.seats or not all(type(d) is int for d in deltas):
            raise self.error(f"{message['type']}'s deltas are not {self.seats} whole numbers")
        return tuple(deltas)

    def ryukyoku(self, message: dict[str, Any]) -> None:
        build = self.now(message)
        deltas = self.deltas(message) if "deltas" in message else None
        reason = message.get("reason")
        if reason is not None and (not isinstance(reason, str) or reason not in REASONS):
            raise self.error(f"unknown ryukyoku reason {reason!r}")
        kind = ResultKind.DRAW if reason is None else REASONS[reason]
        paid = deltas if kind is ResultKind.DRAW and deltas is not None else (0,) * self.seats
        tenpai = tuple(s for s in range(self.seats) if paid[s] > 0)
        tenpai = self.shown(message, tenpai)
        if kind is ResultKind.TRIPLE_RON:
            last = build.last_discard()
            for seat in range(self.seats):
                if last is not None and seat != last.seat:
                    build.ron(seat)
        if kind is ResultKind.NINE_TERMINALS and build.events:
            build.nine_terminals()
        self.finish(kind, tenpai, deltas)

    def shown(self, message: dict[str, Any], tenpai: tuple[int, ...]) -> tuple[int, ...]:
        """The seats tenpai as a ``ryukyoku`` shows them: our writer's ``tenpai`` (seats), the
        protocol's ``tenpais`` (a flag a seat); else ``tenpai``, as the deltas tell it (all tenpai
        or none pay no one)."""
        if "tenpai" in message:
            shown = message["tenpai"]
            if not isinstance(shown, list) or not all(type(s) is int and 0 <= s < self.seats for s in shown):
                raise self.error(f"ryukyoku's tenpai is not a list of seats: {shown!r}")
            return tuple(shown)
        if "tenpais" in message:
            flags = message["tenpais"]
            if not isinstance(flags, list) or len(flags) != self.seats or not all(type(f) is bool for f in flags):
                raise self.error(f"ryukyoku's tenpais is not a flag for each seat: {flags!r}")
            return tuple(seat for seat, flag in enumerate(flags) if flag)
        return tenpai

    def finish(self, kind: ResultKind, tenpai: tuple[int, ...], deltas: tuple[int, ...] | None) -> None:
        """The hand's result; ``deltas`` as the file gives them (``None``: it does not, and the
        next hand's scores will tell them, :meth:`told`)."""
        assert self.build is not None
        put = riichi_seats(self.build.events)
        total = None if deltas is None else tuple(d - 1000 * put.count(s) for s, d in enumerate(deltas))
        result = LogResult(kind, tuple(self.wins), tenpai, total)
        unbalanced = None if total is None else sticks_balance(self.start[3], len(put), result)
        if unbalanced:
            raise self.error(unbalanced)
        self.close(result)

    def told(self, scores: tuple[int, ...]) -> None:
        """The hand before, whose result gave no deltas, told them by the scores this hand starts
        with (a lone winner's own deltas too: a double ron's split is not told)."""
        last = self.hands[-1] if self.hands else None
        if last is None or last.result is None or last.result.deltas is not None:
            return
        result = last.result
        total = tuple(after - before for after, before in zip(scores, last.scores, strict=True))
        wins = result.wins
        if len(wins) == 1:
            put = riichi_seats(last.events)
            wins = (wins[0]._replace(deltas=tuple(d + 1000 * put.count(s) for s, d in enumerate(total))),)
        told = result._replace(wins=wins, deltas=total)
        unbalanced = sticks_balance(last.sticks, len(last.riichi), told)
        if unbalanced:
            raise LogError(self.file, len(self.hands), None, f"{unbalanced} (told by the next hand's scores)")
        self.hands[-1] = last._replace(result=told)

    def close(self, result: LogResult | None) -> None:
        assert self.build is not None
        round_, dealer, honba, sticks, scores, dealt, dora = self.start
        self.hands.append(self.build.hand(round_, dealer, honba, sticks, scores, dealt, dora, result))
        self.build = None


#: How each mjai message type is read (``_Reader.message``).
_READ: dict[str, Callable[[_Reader, dict[str, Any]], None]] = {
    "start_game": _Reader.start_game,
    "start_kyoku": _Reader.start_kyoku,
    "tsumo": _Reader.tsumo,
    "dahai": _Reader.dahai,
    "reach": _Reader.reach,
    "reach_accepted": _Reader.reach_accepted,
    "chi": _Reader.call,
    "pon": _Reader.call,
    "daiminkan": _Reader.call,
    "ankan": _Reader.ankan,
    "kakan": _Reader.kakan,
    "nukidora": _Reader.nukidora,
    "dora": _Reader.dora,
    "hora": _Reader.hora,
    "ryukyoku": _Reader.ryukyoku,
    "end_kyoku": _Reader.end_kyoku,
    "end_game": _Reader.ignore,
}


# --- writing ---------------------------------------------------------------------------------


def mjai_tile(tile: int, reds: bool = True) -> str:
    """A wall tile's mjai name: ``"5mr"`` a red five, ``"E"``, ``"P"`` white ..."""
    kind = tile >> 2
    if kind >= 27:
        return HONOURS[kind - 27]
    name = f"{kind % 9 + 1}{'mps'[kind // 9]}"
    return name + "r" if is_red(tile, reds) else name


def write_mjai(game: GameLog) -> str:
    """The game as mjai JSON lines: one message a line, ``start_game`` to ``end_game``. A
    ``ryukyoku`` carries ``tenpai`` and, for an abortive draw or a nagashi mangan, the
    protocol's ``reason`` (:data:`~yakuset.riichi.logs.mjai_dialects.WRITTEN_REASONS`).
    mjai has red fives: a game without them is refused."""
    game = a_game(game)
    if not has_reds(game):
        raise InputError("mjai names every five 5m/5p/5s or a red one, and this game has no red fives")
    lines: list[dict[str, Any]] = [{"type": "start_game", "names": list(game.players)}]
    for hand in game.hands:
        lines += _mjai_hand(hand)
    lines.append({"type": "end_game"})
    return "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in lines)


def _mjai_hand(hand: LogHand) -> list[dict[str, Any]]:
    """One hand's messages: ``start_kyoku``, each event's, the result's and ``end_kyoku`` (a
    hand the record stops in has no result and no ``end_kyoku``)."""
    out = [_start_kyoku(hand)]
    for index, event in enumerate(hand.events):
        write = _WRITE.get(type(event))
        if write is not None:
            out += write(hand, index, event)
    if hand.result is None:
        return out
    return [*out, *_result_messages(hand, hand.result), {"type": "end_kyoku"}]


def _start_kyoku(hand: LogHand) -> dict[str, Any]:
    return {
        "type": "start_kyoku",
        "bakaze": WINDS[hand.round // 4 % 4],
        "dora_marker": mjai_tile(hand.dora),
        "kyoku": hand.round % 4 + 1,
        "honba": hand.honba,
        "kyotaku": hand.sticks,
        "oya": hand.dealer,
        "scores": list(hand.scores),
        "tehais": [[mjai_tile(t) for t in dealt] for dealt in hand.dealt],
    }


def _drawn(hand: LogHand, index: int, event: TileDrawn) -> list[dict[str, Any]]:
    return [{"type": "tsumo", "actor": event.seat, "pai": mjai_tile(event.tile)}]


def _discarded(hand: LogHand, index: int, event: TileDiscarded) -> list[dict[str, Any]]:
    """A discard's ``dahai``; a riichi's ``reach`` before it, and ``reach_accepted`` after it
    unless the discard is ronned."""
    seat = event.seat
    after = hand.events[index + 1] if index + 1 < len(hand.events) else None
    out: list[dict[str, Any]] = [{"type": "reach", "actor": seat}] if event.riichi else []
    out.append({"type": "dahai", "actor": seat, "pai": mjai_tile(event.tile), "tsumogiri": event.tsumogiri})
    if event.riichi and type(after) is not RonDeclared:
        out.append({"type": "reach_accepted", "actor": seat})
    return out


def _called(hand: LogHand, index: int, event: TileCalled) -> list[dict[str, Any]]:
    return [{"type": _CALL_TYPE[event.move_kind], "actor": event.seat, "target": event.source,
             "pai": mjai_tile(event.tile), "consumed": [mjai_tile(t) for t in event.tiles]}]  # fmt: skip


def _closed_kan(hand: LogHand, index: int, event: ClosedKanDeclared) -> list[dict[str, Any]]:
    return [{"type": "ankan", "actor": event.seat, "consumed": [mjai_tile(t) for t in event.tiles]}]


def _added_kan(hand: LogHand, index: int, event: AddedKanDeclared) -> list[dict[str, Any]]:
    seat, tile = event.seat, event.tile
    pon = next(e for e in hand.events[:index] if type(e) is PonCalled and e.seat == seat and e.tile >> 2 == tile >> 2)
    consumed = sorted((*pon.tiles, pon.tile))
    return [{"type": "kakan", "actor": seat, "pai": mjai_tile(tile), "consumed": [mjai_tile(t) for t in consumed]}]


def _kita(hand: LogHand, index: int, event: KitaDeclared) -> list[dict[str, Any]]:
    return [{"type": "nukidora", "actor": event.seat, "pai": mjai_tile(event.tile)}]


def _dora(hand: LogHand, index: int, event: DoraRevealed) -> list[dict[str, Any]]:
    return [{"type": "dora", "dora_marker": mjai_tile(event.indicator)}]


#: The messages of each kind of event (``hand``, its ``index`` in the hand, the event); tsumo,
#: ron and nine terminals are said by the result.
_WRITE: dict[type, Callable[[LogHand, int, Any], list[dict[str, Any]]]] = {
    TileDrawn: _drawn,
    TileDiscarded: _discarded,
    ChiCalled: _called,
    PonCalled: _called,
    OpenKanCalled: _called,
    ClosedKanDeclared: _closed_kan,
    AddedKanDeclared: _added_kan,
    KitaDeclared: _kita,
    DoraRevealed: _dora,
}


def _result_messages(hand: LogHand, result: LogResult) -> list[dict[str, Any]]:
    """A win's ``hora`` for each winner, or the draw's ``ryukyoku``."""
    if result.wins:
        return [{"type": "hora", "actor": win.seat, "target": win.discarder,
                 **({} if win.deltas is None else {"deltas": list(win.deltas)}),
                 "ura_markers": [mjai_tile(t) for t in win.ura]} for win in result.wins]  # fmt: skip
    draw: dict[str, Any] = {"type": "ryukyoku", "tenpai": list(result.tenpai)}
    deltas = file_deltas(hand, result)
    if deltas is not None:
        draw["deltas"] = deltas
    reason = WRITTEN_REASONS.get(ResultKind(result.kind))
    if reason is not None:
        draw["reason"] = reason
    return [draw]
