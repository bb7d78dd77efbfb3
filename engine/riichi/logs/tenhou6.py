"""Reading a tenhou.net/6 JSON log (docs/rules/tenhou-logs.md §5) into a :class:`GameLog`.

Each hand lists, per seat, the tiles taken (draws and calls) and the tiles given (discards,
riichi, kans, kita); the order of play is rebuilt from the turn order and the calls, and each
tile gets its wall tile as ``logs.hands`` assigns them (the log names tiles by kind only).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from ..kinds import MoveKind, ResultKind
from ..table.events import TileDiscarded
from .checks import sticks_balance
from .formats import utf8_text
from .hands import HandBuilder
from .lobby import implied_ruleset, lobby_of_disp
from .record import GameLog, LogError, LogHand, LogResult, LogWin, riichi_seats
from .tenhou import TENHOU_YAKU

#: Tenhou's names of its yaku numbers, as tenhou.net/6 writes them (``"立直(1飜)"``).
YAKU_NAMES = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九",
    "一盃口", "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順",
    "三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色",
    "清一色", "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭",
    "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子", "ドラ",
    "裏ドラ", "赤ドラ",
)  # fmt: skip
YAKU_OF_NAME = dict(zip(YAKU_NAMES, range(len(YAKU_NAMES)), strict=True))
#: The limits as tenhou.net/6 writes them in a win's points (``"満貫8000点"``).
LIMIT_NAMES = {"満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman", "役満": "yakuman"}
#: A win's result, by tenhou.net/6's name (a ron or a tsumo, as its winners say).
WIN_NAME = "和了"
#: How a hand ended in a draw, by tenhou.net/6's names.
DRAW_NAMES = {
    "流局": ResultKind.DRAW,
    "全員聴牌": ResultKind.DRAW,
    "全員不聴": ResultKind.DRAW,
    "流し満貫": ResultKind.NAGASHI,
    "九種九牌": ResultKind.NINE_TERMINALS,
    "四家立直": ResultKind.FOUR_RIICHI,
    "三家和了": ResultKind.TRIPLE_RON,
    "四槓散了": ResultKind.FOUR_KANS,
    "四風連打": ResultKind.FOUR_WINDS,
}
#: The calls of a discard by their letter in tenhou.net/6, with their tiles' count.
CALL_LETTERS = {"c": (MoveKind.CHI, 3), "p": (MoveKind.PON, 3), "m": (MoveKind.OPEN_KAN, 4)}
TSUMOGIRI = 60
#: A call as tenhou.net/6 writes it: tile codes with the call's letter before the tile called.
_CALL = re.compile(r"((?:\d\d)*)([a-z])(\d\d)((?:\d\d)*)")
_POINTS = re.compile(r"^(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|役満))(\d+)(?:-(\d+))?点(∀?)$")
_YAKU = re.compile(r"^(.+)\((\d+)飜\)$|^(.+)\(役満\)$")
#: Where a call's letter stands in tenhou.net/6's string says whom it was called from: 0 the
#: seat before (3 seats on), 2 the seat across, 4 (6 for a kan) the seat after.
_FROM = {0: 3, 2: 2, 4: 1, 6: 1}


def kind_of(code: int) -> tuple[int, bool]:
    """A tenhou.net/6 tile (11-19, 21-29, 31-39, 41-47; 51-53 the red fives) as (kind, red)."""
    if code in (51, 52, 53):
        return (code - 51) * 9 + 4, True
    suit, number = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= number <= 9:
        return (suit - 1) * 9 + number - 1, False
    if suit == 4 and 1 <= number <= 7:
        return 27 + number - 1, False
    raise ValueError(code)


def read_tenhou6(data: bytes, file: str) -> GameLog:
    """The game of a tenhou.net/6 JSON log (``file`` names it in errors)."""
    try:
        document = json.loads(utf8_text(data, file))
    except json.JSONDecodeError as error:
        raise LogError(file, 0, None, f"not JSON: {error}") from None
    except RecursionError:
        raise LogError(file, 0, None, "the JSON nests deeper than a log does") from None
    except ValueError:  # a whole number of more digits than int() reads
        raise LogError(file, 0, None, "the JSON holds a number of more digits than a log has") from None
    if not isinstance(document, dict) or not isinstance(document.get("log"), list):
        raise LogError(file, 0, None, "not a tenhou.net/6 log: no 'log' list")
    rule = document.get("rule", {})
    if not isinstance(rule, dict):
        raise LogError(file, 0, None, "'rule' is not a mapping")
    reds = (1, 1, 1) if rule.get("aka") or any(rule.get(f"aka5{i}") for i in (1, 2, 3)) else (0, 0, 0)
    disp = rule.get("disp")
    lobby = lobby_of_disp(disp, any(reds)) if isinstance(disp, str) else None
    players = lobby.players if lobby is not None else 4
    names = document.get("name", [""] * players)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise LogError(file, 0, None, "'name' is not a list of names")
    hands = tuple(_Hand(file, number, players, reds, raw).read() for number, raw in enumerate(document["log"], 1))
    final, final_points = _final(file, document.get("sc"), players)
    ruleset, reason = implied_ruleset(lobby)
    if lobby is None and isinstance(disp, str):
        reason = f"rule.disp {disp!r} is not a Tenhou lobby; give the rule set"
    return GameLog(tuple(names[:players]), lobby, ruleset, reason, hands, final, final_points)


def _final(file: str, sc: Any, players: int) -> tuple[tuple[int, ...] | None, tuple[float, ...] | None]:
    if sc is None:
        return None, None
    if (
        not isinstance(sc, list)
        or len(sc) < 2 * players
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in sc)
    ):
        raise LogError(file, 0, None, f"'sc' is not the final scores and points: {sc!r}")
    return tuple(int(v) for v in sc[0 : 2 * players : 2]), tuple(float(v) for v in sc[1 : 2 * players : 2])


class _Hand:
    def __init__(self, file: str, number: int, players: int, reds: tuple[int, int, int], raw: Any) -> None:
        self.file, self.number, self.players = file, number, players
        self.build = HandBuilder(file, number, players, reds)
        self.raw = raw

    def error(self, message: str) -> LogError:
        return self.build.error(message)

    def kind(self, code: Any) -> tuple[int, bool]:
        if type(code) is not int:
            raise self.error(f"{code!r} is not a tile")
        try:
            return kind_of(code)
        except ValueError:
            raise self.error(f"{code} is not a tenhou.net/6 tile (11-19, 21-29, 31-39, 41-47, 51-53)") from None

    def tile(self, code: Any, seat: int, held: bool) -> int:
        kind, red = self.kind(code)
        return self.build.held_copy(seat, kind, red) if held else self.build.fresh(kind, red)

    def held(self, seat: int, codes: list[int]) -> tuple[int, ...]:
        """Distinct tiles ``seat`` holds for ``codes``."""
        tiles: tuple[int, ...] = ()
        for code in codes:
            tiles += (self.build.held_copy(seat, *self.kind(code), besides=tiles),)
        return tiles

    def read(self) -> LogHand:
        raw = self.raw
        if not isinstance(raw, list) or len(raw) != 4 + 3 * 4 + 1:
            raise LogError(
                self.file,
                self.number,
                None,
                "a hand is 17 lists: start, scores, dora, ura, 4 x (hand, taken, given), result",
            )
        start, scores, dora, ura = raw[0], raw[1], raw[2], raw[3]
        if not (isinstance(start, list) and len(start) == 3 and all(type(v) is int for v in start)):
            raise LogError(self.file, self.number, None, f"the hand's start is not [round, honba, sticks]: {start!r}")
        if not (isinstance(scores, list) and all(type(v) is int for v in scores) and len(scores) >= self.players):
            raise LogError(self.file, self.number, None, f"the scores are not {self.players} numbers: {scores!r}")
        round_, honba, sticks = start
        dealer = round_ % 4
        if dealer >= self.players:
            raise LogError(self.file, self.number, None, f"round {round_} has no dealer at {self.players} players")
        dealt = []
        for seat in range(self.players):
            hand = raw[4 + 3 * seat]
            if not isinstance(hand, list):
                raise self.error(f"seat {seat}'s hand is not a list")
            tiles = tuple(self.tile(code, seat, False) for code in hand)
            self.build.deal(seat, tiles, counted=True)
            dealt.append(tuple(sorted(tiles)))
        if not isinstance(dora, list) or not dora or not isinstance(ura, list):
            raise self.error("the dora and ura indicators are not lists (the dora with one at least)")
        indicators = [self.tile(code, 0, False) for code in dora]
        self.pending_dora = indicators[1:]
        for seat in range(self.players):
            if not isinstance(raw[5 + 3 * seat], list) or not isinstance(raw[6 + 3 * seat], list):
                raise self.error(f"seat {seat}'s tiles taken and given are not lists")
        self.taken = [list(raw[5 + 3 * s]) for s in range(self.players)]
        self.given = [list(raw[6 + 3 * s]) for s in range(self.players)]
        result_raw = raw[16]
        self.play(dealer)
        result = self.result(result_raw, ura, tuple(scores[: self.players]), sticks)
        return LogHand(round_, dealer, honba, sticks, tuple(scores[: self.players]), tuple(dealt), indicators[0],
                       tuple(self.build.events), result)  # fmt: skip

    # --- the order of play ----------------------------------------------------------------------

    def reveal(self) -> None:
        if not self.pending_dora:
            raise self.error("a kan, and no more dora indicators in the log")
        self.build.dora(self.pending_dora.pop(0), counted=True)

    def play(self, seat: int) -> None:
        """Rebuild the events in the order :meth:`turns` finds: each turn a seat takes its next
        tile (a draw or a call) and gives its next ones (kans and kita, then a discard)."""
        build = self.build
        pending = 0  # open and added kans whose indicator is due at the kan-er's discard
        order = self.turns(dealer=seat)
        if order is None:
            for at, (taken, given) in enumerate(zip(self.taken, self.given, strict=True)):
                odd = [code for code in (*taken, *given) if type(code) not in (int, str)]
                if odd:  # a float (an infinity among them) is no tile and no call
                    raise self.error(f"seat {at}'s tiles taken and given are numbers and call texts, not {odd[0]!r}")
            raise self.error("no order of play uses every tile taken and given (a call of no discard?)")
        for seat in order:
            taken = self.taken[seat].pop(0)
            if isinstance(taken, int):
                build.draw(seat, self.tile(taken, seat, False), counted=True)
            else:
                self.call(seat, str(taken))
                if "m" in str(taken):
                    self.given[seat].pop(0)  # the 0 in place of a discard
                    pending += 1
                    continue
            if not self.given[seat]:
                return  # the seat won on its draw, or the hand ended
            given = self.given[seat].pop(0)
            if isinstance(given, str) and ("a" in given or "k" in given or given.startswith("f")):
                kan = self.kan(seat, given)
                if kan is MoveKind.KITA or (kan is MoveKind.ADDED_KAN and self.robbed(seat)):
                    continue
                for _ in range(pending):
                    self.reveal()
                pending = 0
                if kan is MoveKind.CLOSED_KAN:
                    self.reveal()
                else:
                    pending = 1
                continue
            for _ in range(pending):
                self.reveal()
            pending = 0
            self.discard(seat, given)

    def turns(self, dealer: int) -> list[int] | None:
        """Whose take comes next, take by take (:class:`_Order`)."""
        return _Order(self.taken, self.given, self.players).search(dealer, [0] * self.players, [0] * self.players, [])

    def discard(self, seat: int, given: Any) -> None:
        riichi = isinstance(given, str) and given.startswith("r")
        code = given[1:] if riichi else given
        try:
            code = int(code)
        except (TypeError, ValueError):
            raise self.error(f"seat {seat} gives {given!r}: not a discard") from None
        if code == TSUMOGIRI:
            tile = self.build.last_draw[seat]
            if tile is None:
                raise self.error(f"seat {seat} discards the tile drawn (60), but it drew none")
        else:
            tile = self.tile(code, seat, True)
        if riichi:
            self.build.declare_riichi(seat)
        self.build.discard(seat, tile)

    def robbed(self, seat: int) -> bool:
        """Whether the added kan just made is won on (the other seats have nothing left)."""
        return not any(self.taken[s] for s in range(self.players) if s != seat) and not self.taken[seat]

    def parts(self, seat: int, text: str) -> tuple[str, int, list[int]]:
        """A call's letter, where it stands, and its tiles (the one after the letter first)."""
        match = _CALL.fullmatch(text)
        if match is None:
            raise self.error(f"seat {seat}'s {text!r} is not a tenhou.net/6 call")
        before, letter, marked, after = match.groups()
        codes = [int(marked)] + [int(before[i : i + 2]) for i in range(0, len(before), 2)]
        codes += [int(after[i : i + 2]) for i in range(0, len(after), 2)]
        return letter, len(before), codes

    def call(self, seat: int, text: str) -> None:
        letter, at, codes = self.parts(seat, text)
        if letter not in CALL_LETTERS or len(codes) != CALL_LETTERS[letter][1]:
            raise self.error(f"seat {seat} takes {text!r}: not a chi, pon or open kan")
        last = self.build.last_discard()
        if last is None or last.tile is None:
            raise self.error(f"seat {seat} calls {text!r} with no discard to call")
        if (seat + _FROM.get(at, -9)) % self.players != last.seat:
            raise self.error(f"seat {seat}'s {text!r} names another seat than the last discard's (seat {last.seat})")
        own = self.held(seat, codes[1:])
        if self.kind(codes[0]) != (last.tile >> 2, self.build.is_red(last.tile)):
            raise self.error(f"seat {seat}'s {text!r} calls another tile than the last discard")
        self.build.call(seat, CALL_LETTERS[letter][0], last.tile, own)

    def kan(self, seat: int, text: str) -> MoveKind:
        if text.startswith("f"):
            self.build.kita(seat, self.tile(int(text[1:]) if text[1:].isdigit() else -1, seat, True))
            return MoveKind.KITA
        letter, _, codes = self.parts(seat, text)
        if letter == "a" and len(codes) == 4:
            self.build.closed_kan(seat, self.held(seat, codes))
            return MoveKind.CLOSED_KAN
        if letter == "k" and len(codes) == 4:
            self.build.added_kan(seat, self.tile(codes[0], seat, True))
            return MoveKind.ADDED_KAN
        raise self.error(f"seat {seat} gives {text!r}: not a kan or kita")

    # --- the result -----------------------------------------------------------------------------

    def result(self, raw: Any, ura: list[Any], scores: tuple[int, ...], sticks: int) -> LogResult | None:
        if raw == []:
            return None  # a hand the log stops in
        if not isinstance(raw, list) or not (raw[0] == WIN_NAME or (type(raw[0]) is str and raw[0] in DRAW_NAMES)):
            raise self.error(f"unknown result {raw[0] if isinstance(raw, list) and raw else raw!r}")
        if len(raw) > 1 and not self.deltas(raw[1]):
            raise self.error(f"a result's deltas are {self.players} whole numbers, got {raw[1]!r}")
        if raw[0] != WIN_NAME:
            return self.draw_result(raw, DRAW_NAMES[raw[0]], sticks)
        if len(raw) < 3:
            raise self.error(f"a win is [deltas], [who, from, pao, points, yaku...]: {raw[1:]!r}")
        wins = self.wins(raw, ura)
        total = tuple(sum(w.deltas[s] for w in wins if w.deltas is not None) for s in range(self.players))
        kind = ResultKind.TSUMO if wins[0].seat == wins[0].discarder else ResultKind.RON
        return self.finish(kind, wins, (), total, sticks)

    def draw_result(self, raw: list[Any], kind: ResultKind, sticks: int) -> LogResult:
        """An exhaustive or abortive draw (and the rons or the nine terminals it implies)."""
        deltas = tuple(raw[1][: self.players]) if len(raw) > 1 else (0,) * self.players
        tenpai = tuple(s for s in range(self.players) if deltas[s] > 0) if kind is ResultKind.DRAW else ()
        if kind is ResultKind.DRAW and raw[0] == "全員聴牌":
            tenpai = tuple(range(self.players))
        if kind is ResultKind.TRIPLE_RON:
            last = self.build.last_discard()
            for seat in range(self.players):
                if last is not None and seat != last.seat:
                    self.build.ron(seat)
        if kind is ResultKind.NINE_TERMINALS:
            self.build.nine_terminals()
        return self.finish(kind, (), tenpai, deltas, sticks)

    def deltas(self, given: Any) -> bool:
        """Whether ``given`` is a result's deltas: a whole number for each seat, at least."""
        return isinstance(given, list) and len(given) >= self.players and all(type(v) is int for v in given)

    def wins(self, raw: list[Any], ura: list[Any]) -> tuple[LogWin, ...]:
        """Each win of a 和了: ``[deltas], [who, from, pao, points, yaku...]`` pairs."""
        wins = []
        ura_tiles: tuple[int, ...] | None = None
        for index in range(1, len(raw), 2):
            deltas, info = raw[index], raw[index + 1] if index + 1 < len(raw) else None
            if not self.deltas(deltas) or not isinstance(info, list) or len(info) < 3:
                raise self.error(f"a win is [deltas], [who, from, pao, points, yaku...]: {raw[index : index + 2]!r}")
            win = self.win(deltas, info)
            if any(type(e) is TileDiscarded and e.riichi and e.seat == win.seat for e in self.build.events):
                if ura_tiles is None:
                    ura_tiles = tuple(self.tile(code, 0, False) for code in ura)
                win = win._replace(ura=ura_tiles)
            wins.append(win)
        return tuple(wins)

    def win(self, deltas: list[Any], info: list[Any]) -> LogWin:
        """One winner, before its ura indicators (``ura`` empty)."""
        seat, discarder, liable = info[0], info[1], info[2]
        tsumo = seat == discarder
        self.build.win(seat, tsumo)
        fu = han = points = None
        limit = None
        if len(info) > 3:
            fu, han, points, limit = self.points(str(info[3]), seat == self.dealer_seat(), tsumo)
        yaku, yakuman = self.yaku(info[4:])
        if yakuman:
            han = None
        elif han is None and yaku:
            han = sum(h for _, h in yaku)
        return LogWin(seat, discarder, fu, han, points, limit, yaku, yakuman, (), None if liable == seat else liable,
                      tuple(deltas[: self.players]))  # fmt: skip

    def dealer_seat(self) -> int:
        return int(self.raw[0][0]) % 4

    def finish(
        self, kind: ResultKind, wins: tuple[LogWin, ...], tenpai: tuple[int, ...], deltas: tuple[int, ...], sticks: int
    ) -> LogResult:
        # tenhou.net/6 deltas leave out the riichi sticks put down this hand: they are added here.
        put = riichi_seats(self.build.events)
        deltas = tuple(d - 1000 * put.count(s) for s, d in enumerate(deltas))
        result = LogResult(kind, wins, tenpai, deltas)
        unbalanced = sticks_balance(sticks, len(put), result)
        if unbalanced:
            raise self.error(unbalanced)
        return result

    def points(self, text: str, dealer: bool, tsumo: bool) -> tuple[int | None, int | None, int | None, str | None]:
        match = _POINTS.match(text)
        if match is None:
            raise self.error(f"{text!r} is not a win's points")
        fu, han, limit, first, second, each = match.groups()
        payments = int(first) + (int(second) if second else 0)
        if second:
            total = int(first) * (self.players - 2) + int(second)
        elif each:
            total = int(first) * (self.players - 1)
        else:
            total = payments
        return (int(fu) if fu else None, int(han) if han else None, total, LIMIT_NAMES.get(limit or ""))

    def yaku(self, texts: list[Any]) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
        yaku, yakuman = [], []
        for text in texts:
            match = _YAKU.match(str(text))
            name = (match.group(1) or match.group(3)) if match else None
            if name not in YAKU_OF_NAME:
                raise self.error(f"unknown yaku {text!r}")
            ident = TENHOU_YAKU[YAKU_OF_NAME[name]]
            if match and match.group(3):
                yakuman.append(ident)
            elif match:
                yaku.append((ident, int(match.group(2))))
        return tuple(yaku), tuple(yakuman)


def _call_mark(text: str) -> tuple[str, int, int] | None:
    """A call's letter, where it stands and the tile after it, or ``None`` for no call."""
    match = _CALL.fullmatch(text)
    if match is None:
        return None
    return match.group(2), len(match.group(1)), int(match.group(3))


def _same_kind(a: int, b: int) -> bool:
    try:
        return kind_of(a) == kind_of(b)
    except ValueError:
        return False


def _is_kan_or_kita(given: Any) -> bool:
    return isinstance(given, str) and ("a" in given or "k" in given or given.startswith("f"))


#: What a seat's turn gave, besides a discarded tile: another take of its own (a kan's
#: replacement), the end of its lists, or a list that cannot be read.
_AGAIN, _END, _BROKEN = "again", "end", "broken"


class _Order:
    """The order of play of a tenhou.net/6 hand, rebuilt from each seat's lists of tiles taken
    and given: after a discard, a seat whose next take is a pon or kan (then a chi) of it takes
    next, or else the next seat. A call of the same tile may be of a later discard, so each
    choice is kept only if the rest of the hand plays out with every list used up (a search; a
    hand has a few such choices). The lists are read, never changed; ``ti`` and ``gi`` are how
    far each seat's taken and given lists are used."""

    def __init__(self, taken: list[list[Any]], given: list[list[Any]], players: int) -> None:
        self.taken, self.given, self.players = taken, given, players

    def search(self, seat: int, ti: list[int], gi: list[int], order: list[int]) -> list[int] | None:
        """The seats in order of their takes from ``seat``'s next, or ``None`` when no order uses
        every list up."""
        while True:
            if ti[seat] >= len(self.taken[seat]):
                return self.finished(order, ti, gi)
            tile = self.turn(seat, ti, gi, order)
            if tile == _AGAIN:
                continue
            if tile == _END:
                return self.finished(order, ti, gi)
            if tile == _BROKEN:
                return None
            for other in self.callers(seat, int(tile), ti):
                found = self.search(other, list(ti), list(gi), list(order))
                if found is not None:
                    return found
            seat = (seat + 1) % self.players
            if ti[seat] < len(self.taken[seat]) and isinstance(self.taken[seat][ti[seat]], str):
                return None  # a call, and no discard of the seat before it to call

    def finished(self, order: list[int], ti: list[int], gi: list[int]) -> list[int] | None:
        done = all(ti[s] == len(self.taken[s]) and gi[s] == len(self.given[s]) for s in range(self.players))
        return order if done else None

    def turn(self, seat: int, ti: list[int], gi: list[int], order: list[int]) -> int | str:
        """``seat`` takes its next tile and gives its next: the tile it discards, or what else
        the turn came to (:data:`_AGAIN`, :data:`_END`, :data:`_BROKEN`)."""
        take = self.taken[seat][ti[seat]]
        ti[seat] += 1
        order.append(seat)
        if isinstance(take, str) and "m" in take:
            gi[seat] += 1  # an open kan: a 0 in place of a discard, then the replacement draw
            return _AGAIN
        if gi[seat] >= len(self.given[seat]):
            return _END
        give = self.given[seat][gi[seat]]
        gi[seat] += 1
        if _is_kan_or_kita(give):
            return _AGAIN
        text = str(give)[1:] if isinstance(give, str) and give.startswith("r") else give
        try:
            code = int(text)
        except (TypeError, ValueError, OverflowError):  # OverflowError: an infinity
            return _BROKEN
        if code != TSUMOGIRI:
            return code
        return take if isinstance(take, int) else _BROKEN

    def callers(self, seat: int, tile: int, ti: list[int]) -> list[int]:
        """The seats whose next take is a call of ``seat``'s discard of ``tile``: pons and kans
        first, then a chi."""
        found = []
        for letters in ("pm", "c"):
            for other in range(self.players):
                if (
                    other == seat
                    or ti[other] >= len(self.taken[other])
                    or not isinstance(self.taken[other][ti[other]], str)
                ):
                    continue
                mark = _call_mark(self.taken[other][ti[other]])
                if (
                    mark is not None
                    and mark[0] in letters
                    and (other + _FROM.get(mark[1], -9)) % self.players == seat
                    and _same_kind(mark[2], tile)
                ):
                    found.append(other)
        return found
