"""Reading a Tenhou XML log (``mjloggm``, the ``.mjlog`` files; docs/rules/tenhou-logs.md)
into a :class:`GameLog`.

The XML is parsed by the standard library's expat with every declaration refused: a document
type, an entity (internal or external) is an error before anything is expanded, so neither a
"billion laughs" nor an external entity can be read.
"""

from __future__ import annotations

import math
import xml.parsers.expat
from urllib.parse import unquote

from ..kinds import MoveKind, ResultKind
from ..table.events import DoraRevealed
from .checks import sticks_balance
from .hands import COPIES, HandBuilder
from .lobby import lobby_of_type
from .record import LIMITS, GameLog, LogError, LogHand, LogResult, LogWin, riichi_seats

#: Tenhou's yaku numbers (``yaku=``, ``yakuman=``) as the ids of docs/rules/riichi.md; the
#: winds' numbers 10-17 are the seat and round winds, the last three the dora counts.
TENHOU_YAKU = (
    "menzen_tsumo", "riichi", "ippatsu", "chankan", "rinshan", "haitei", "houtei", "pinfu",
    "tanyao", "iipeikou", "yakuhai_seat_wind", "yakuhai_seat_wind", "yakuhai_seat_wind",
    "yakuhai_seat_wind", "yakuhai_round_wind", "yakuhai_round_wind", "yakuhai_round_wind",
    "yakuhai_round_wind", "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "double_riichi",
    "chiitoitsu", "chanta", "ittsu", "sanshoku", "sanshoku_doukou", "sankantsu", "toitoi",
    "sanankou", "shousangen", "honroutou", "ryanpeikou", "junchan", "honitsu", "chinitsu",
    "renhou", "tenhou", "chihou", "daisangen", "suuankou", "suuankou_tanki", "tsuuiisou",
    "ryuuiisou", "chinroutou", "chuuren", "junsei_chuuren", "kokushi", "kokushi_13",
    "daisuushii", "shousuushii", "suukantsu", "dora", "ura_dora", "red_fives",
)  # fmt: skip
#: Tenhou's abortive draws (``RYUUKYOKU type=``) as result kinds; no type is an exhaustive draw.
DRAW_TYPES = {
    "yao9": ResultKind.NINE_TERMINALS,
    "reach4": ResultKind.FOUR_RIICHI,
    "ron3": ResultKind.TRIPLE_RON,
    "kan4": ResultKind.FOUR_KANS,
    "kaze4": ResultKind.FOUR_WINDS,
    "nm": ResultKind.NAGASHI,
}
#: A draw's or a discard's element by its letter: the seat, and whether it draws.
_TILE_TAGS = {letter: (seat, True) for seat, letter in enumerate("TUVW")} | {
    letter: (seat, False) for seat, letter in enumerate("DEFG")
}
_IGNORED = frozenset({"mjloggm", "SHUFFLE", "TAIKYOKU", "BYE"})


def parse_xml(data: bytes, file: str) -> list[tuple[str, dict[str, str]]]:
    """The elements of an XML text in document order, as (tag, attributes); a document type
    or an entity declaration is refused before anything is expanded."""
    elements: list[tuple[str, dict[str, str]]] = []

    def refuse(*_: object) -> None:
        raise LogError(file, 0, None, "the XML declares a document type or an entity; a game log has none")

    parser = xml.parsers.expat.ParserCreate()
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse  # type: ignore[assignment]
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartElementHandler = lambda tag, attrs: elements.append((tag, attrs))
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as error:
        raise LogError(file, 0, None, f"not well-formed XML: {error}") from None
    except LogError:
        raise
    except (LookupError, ValueError) as error:  # an encoding expat cannot read (ebcdic, utf-7)
        raise LogError(file, 0, None, f"an XML encoding this reader cannot read: {error}") from None
    return elements


def read_tenhou_xml(data: bytes, file: str) -> GameLog:
    """The game of a Tenhou XML log's text."""
    return _Reader(file).read(parse_xml(data, file))


class _Reader:
    def __init__(self, file: str) -> None:
        self.file = file
        self.type: int | None = None
        self.players: tuple[str, ...] = ()
        self.hands: list[LogHand] = []
        self.final: tuple[int, ...] | None = None
        self.final_points: tuple[float, ...] | None = None
        self.seats = 4
        self.current: HandBuilder | None = None
        self.start: tuple[int, int, int, int, tuple[int, ...], tuple[tuple[int, ...], ...], int] | None = None
        self.wins: list[LogWin] = []
        self.scores_now: list[int] = []
        self.hand_scores: tuple[int, ...] = ()
        self.put_down: list[int] = []
        self.next_is_agari = False

    def error(self, message: str) -> LogError:
        if self.current is not None:
            return self.current.error(message)
        return LogError(self.file, len(self.hands), None, message)

    def read(self, elements: list[tuple[str, dict[str, str]]]) -> GameLog:
        if not elements or elements[0][0] != "mjloggm":
            raise LogError(self.file, 0, None, "not a Tenhou XML log: the root element is not mjloggm")
        for index in range(1, len(elements)):
            tag, attrs = elements[index]
            self.next_is_agari = index + 1 < len(elements) and elements[index + 1][0] == "AGARI"
            self.element(tag, attrs)
        self.close(None)
        if self.type is None:
            raise LogError(self.file, 0, None, "the log has no GO element (the lobby's rules)")
        lobby, ruleset, reason = lobby_of_type(self.type)
        return GameLog(self.players, lobby, ruleset, reason, tuple(self.hands), self.final, self.final_points)

    def element(self, tag: str, attrs: dict[str, str]) -> None:
        if tag in _IGNORED:
            return
        seat_draws = _TILE_TAGS.get(tag[0])
        if seat_draws is not None and tag[1:].isdigit():
            self.tile_tag(tag, *seat_draws)
        elif tag == "GO":
            self.type = self.number(attrs, "type")
            self.seats = 3 if self.type & 0x10 else 4
        elif tag == "UN":
            if "n0" in attrs and not self.players:
                self.players = tuple(unquote(attrs.get(f"n{i}", "")) for i in range(self.seats))
        elif tag == "INIT":
            self.init(attrs)
        elif tag == "N":
            self.meld(self.hand_now(tag), attrs)
        elif tag == "REACH":
            hand = self.hand_now(tag)
            seat = self.seat(attrs, "who")
            step = attrs.get("step")
            if step == "1":
                hand.declare_riichi(seat)
            elif step == "2":
                self.put_down[seat] += 1
                self.check_scores(attrs.get("ten"), "REACH ten=", 1000)
            else:
                raise self.error(f"<REACH> step must be 1 or 2, got {step!r}")
        elif tag == "DORA":
            hand = self.hand_now(tag)
            hand.dora(hand.tile(self.number(attrs, "hai")))
        elif tag == "AGARI":
            self.agari(self.hand_now(tag), attrs)
        elif tag == "RYUUKYOKU":
            self.ryuukyoku(self.hand_now(tag), attrs)
        else:
            raise self.error(f"unknown element <{tag}>")

    def tile_tag(self, tag: str, seat: int, draws: bool) -> None:
        """A draw or a discard: ``<T52/>`` seat 0 draws tile 52, ``<D52/>`` discards it."""
        hand = self.hand_now(tag)
        if seat >= self.seats:
            raise self.error(f"<{tag}> is seat {seat}'s, and the game has {self.seats} seats")
        if len(tag) > 4:  # a tile is 0-135: a longer number names none (and int() of thousands of digits refuses)
            raise self.error(f"<{tag[:12]}...> names no tile (tiles are 0-135)")
        tile = hand.tile(int(tag[1:]))
        (hand.draw if draws else hand.discard)(seat, tile)

    # --- values ---------------------------------------------------------------------------------

    def hand_now(self, tag: str) -> HandBuilder:
        if self.current is None:
            raise self.error(f"<{tag}> outside a hand (no INIT before it, or after the hand's result)")
        return self.current

    def number(self, attrs: dict[str, str], name: str) -> int:
        try:
            return int(attrs[name])
        except KeyError:
            raise self.error(f"missing attribute {name}=") from None
        except ValueError:
            raise self.error(f"{name}={attrs[name]!r} is not a whole number") from None

    def numbers(self, attrs: dict[str, str], name: str, required: bool = True) -> tuple[int, ...]:
        if name not in attrs:
            if required:
                raise self.error(f"missing attribute {name}=")
            return ()
        text = attrs[name]
        try:
            return tuple(int(part) for part in text.split(",")) if text else ()
        except ValueError:
            raise self.error(f"{name}={text!r} is not a list of whole numbers") from None

    def seat(self, attrs: dict[str, str], name: str) -> int:
        seat = self.number(attrs, name)
        if not 0 <= seat < self.seats:
            raise self.error(f"{name}={seat} is not a seat 0-{self.seats - 1}")
        return seat

    def tiles(self, hand: HandBuilder, attrs: dict[str, str], name: str) -> tuple[int, ...]:
        return tuple(hand.tile(t) for t in self.numbers(attrs, name))

    def check_scores(self, text: str | None, what: str, scale: int = 100) -> None:
        """A score list the log states (in hundreds) must be the scores as read so far."""
        if text is None:
            raise self.error(f"missing attribute {what}")
        try:
            stated = [int(part) * 100 for part in text.split(",")]
        except ValueError:
            raise self.error(f"{what}{text!r} is not a list of whole numbers") from None
        now = [s - 1000 * n for s, n in zip(self.scores_now, self.put_down, strict=True)]
        if stated != now:
            raise self.error(f"{what} says scores {stated}, but the log's hands make them {now}")

    # --- a hand ---------------------------------------------------------------------------------

    def init(self, attrs: dict[str, str]) -> None:
        if self.current is not None:
            self.close(None)
        if self.type is None:
            raise LogError(self.file, len(self.hands) + 1, None, "<INIT> before <GO> (the lobby's rules)")
        number = len(self.hands) + 1
        seed = self.numbers(attrs, "seed")
        if len(seed) != 6:
            raise LogError(self.file, number, None, f"INIT seed= has {len(seed)} values, not 6")
        scores = tuple(100 * s for s in self.numbers(attrs, "ten")[: self.seats])
        dealer = self.number(attrs, "oya")
        round_, honba, sticks, dora = seed[0], seed[1], seed[2], seed[5]
        if not 0 <= round_ < 16 or honba < 0 or sticks < 0:  # East 1 is 0, North 4 is 15
            raise LogError(self.file, number, None, f"INIT seed= round {round_} (0-15), honba {honba}, sticks {sticks}")
        if len(scores) != self.seats or not 0 <= dealer < self.seats or dealer != round_ % self.seats:
            raise LogError(self.file, number, None, f"INIT: round {round_}, dealer {dealer}, scores {scores} disagree")
        reds = (0, 0, 0) if self.type & 0x02 else (1, 1, 1)
        hand = HandBuilder(self.file, number, self.seats, reds)
        self.current = hand
        dealt = tuple(tuple(sorted(self.tiles(hand, attrs, f"hai{seat}"))) for seat in range(self.seats))
        for seat, tiles in enumerate(dealt):
            hand.deal(seat, tiles)
        hand.new(hand.tile(dora))
        self.start = (round_, dealer, honba, sticks, scores, dealt, dora)
        self.scores_now = list(scores)
        self.hand_scores = scores
        self.put_down = [0] * self.seats
        self.wins = []
        self.ura_seen: set[int] = set()

    def close(self, result: LogResult | None) -> None:
        if self.current is None:
            return
        assert self.start is not None
        round_, dealer, honba, sticks, scores, dealt, dora = self.start
        self.hands.append(self.current.hand(round_, dealer, honba, sticks, scores, dealt, dora, result))
        self.current = None

    def meld(self, hand: HandBuilder, attrs: dict[str, str]) -> None:
        seat = self.seat(attrs, "who")
        code = self.number(attrs, "m")
        relative = code & 3
        if code & 0x4:  # chi: three kinds in a row, each copy in two bits
            pattern = code >> 10
            called_at, pattern = pattern % 3, pattern // 3
            if pattern >= 21:
                raise self.error(f"call code m={code}: no such chi")
            low = (pattern // 7) * 9 + pattern % 7
            tiles = [(low + i) * COPIES + ((code >> (3 + 2 * i)) & 3) for i in range(3)]
            self.called(hand, seat, MoveKind.CHI, tiles, called_at, relative)
        elif code & 0x18:  # pon (0x8) or added kan (0x10): the copy left out in two bits
            left_out = (code >> 5) & 3
            pattern = code >> 9
            called_at, kind = pattern % 3, pattern // 3
            if kind >= 34 or code & 0x18 == 0x18:
                raise self.error(f"call code m={code}: no such pon or added kan")
            tiles = [kind * COPIES + c for c in range(COPIES) if c != left_out]
            if code & 0x8:
                self.called(hand, seat, MoveKind.PON, tiles, called_at, relative)
            else:
                hand.added_kan(seat, kind * COPIES + left_out)
        elif code & 0x20:  # kita: the north set aside
            hand.kita(seat, hand.tile(code >> 8))
        else:  # a kan of the four copies: closed (from self) or called
            tile = hand.tile(code >> 8)
            four = tuple((tile & ~3) + c for c in range(COPIES))
            if relative == 0:
                hand.closed_kan(seat, four)
            else:
                self.called(hand, seat, MoveKind.OPEN_KAN, list(four), four.index(tile), relative)

    def called(self, hand: HandBuilder, seat: int, kind: MoveKind, tiles: list[int], at: int, relative: int) -> None:
        called = tiles.pop(at)
        source = hand.call(seat, kind, called, tuple(tiles))
        if relative == 0 or (seat + relative) % self.seats != source:
            raise self.error(f"the {kind}'s code says it was called from seat {(seat + relative) % self.seats}, "
                             f"the log's last discard is seat {source}'s")  # fmt: skip

    def sc(self, attrs: dict[str, str]) -> tuple[int, ...]:
        """The ``sc=`` of a result: the scores before must be the scores as read; the deltas."""
        values = self.numbers(attrs, "sc")
        if len(values) != 2 * self.seats:
            raise self.error(f"sc= has {len(values)} values, not {2 * self.seats}")
        self.check_scores(",".join(str(v) for v in values[0::2]), "sc= ")
        deltas = tuple(100 * d for d in values[1::2])
        self.scores_now = [s - 1000 * n + d for s, n, d in zip(self.scores_now, self.put_down, deltas, strict=True)]
        self.put_down = [0] * self.seats
        return deltas

    def agari(self, hand: HandBuilder, attrs: dict[str, str]) -> None:
        seat, discarder = self.seat(attrs, "who"), self.seat(attrs, "fromWho")
        tsumo = seat == discarder
        shown = self.tiles(hand, attrs, "hai")
        win = self.number(attrs, "machi")
        if tsumo:
            if hand.last_draw[seat] != win:
                raise self.error(f"seat {seat}'s tsumo is on tile id {win}, not on its last draw")
            hand.shown(seat, shown)
        else:
            if hand.won_on(seat) != win:
                raise self.error(f"seat {seat}'s ron is on tile id {win}, not the last discard or kan")
            hand.shown(seat, shown, win)
        hand.win(seat, tsumo)
        honba_sticks = self.numbers(attrs, "ba")
        ten = self.numbers(attrs, "ten")
        if len(ten) != 3 or not 0 <= ten[2] < len(LIMITS):
            raise self.error(f"ten= must be fu,points,limit (limit 0-5), got {attrs.get('ten')!r}")
        pairs = self.numbers(attrs, "yaku", required=False)
        yakuman_numbers = self.numbers(attrs, "yakuman", required=False)
        for number in pairs[0::2] + yakuman_numbers:
            if not 0 <= number < len(TENHOU_YAKU):
                raise self.error(f"unknown Tenhou yaku number {number}")
        if len(pairs) % 2:
            raise self.error(f"yaku= must be pairs of a yaku number and its han, got {attrs.get('yaku')!r}")
        yaku = tuple((TENHOU_YAKU[n], h) for n, h in zip(pairs[0::2], pairs[1::2], strict=True))
        yakuman = tuple(TENHOU_YAKU[n] for n in yakuman_numbers)
        dora = self.tiles(hand, attrs, "doraHai")
        if sorted(dora) != sorted(self.indicators(hand)):
            raise self.error(f"doraHai= {list(dora)} are not the dora indicators shown {self.indicators(hand)}")
        ura = self.tiles(hand, attrs, "doraHaiUra") if "doraHaiUra" in attrs else ()
        for tile in ura:
            if tile not in self.ura_seen:  # a double ron shows the same ura to both winners
                hand.new(tile)
                self.ura_seen.add(tile)
        pao = self.seat(attrs, "paoWho") if "paoWho" in attrs else None
        deltas = self.sc(attrs)
        han = None if yakuman else sum(h for _, h in yaku)
        fu, limit = ten[0], LIMITS[ten[2]]
        self.wins.append(LogWin(seat, discarder, fu, han, ten[1], limit, yaku, yakuman, ura, pao, deltas))
        if len(honba_sticks) != 2:
            raise self.error(f"ba= must be honba,sticks, got {attrs.get('ba')!r}")
        self.owari(attrs)
        if not self.next_is_agari:
            self.finish(ResultKind.TSUMO if tsumo else ResultKind.RON, ())

    def indicators(self, hand: HandBuilder) -> list[int]:
        assert self.start is not None
        return [self.start[6], *(e.indicator for e in hand.events if type(e) is DoraRevealed)]

    def ryuukyoku(self, hand: HandBuilder, attrs: dict[str, str]) -> None:
        kind = attrs.get("type")
        if kind is not None and kind not in DRAW_TYPES:
            raise self.error(f"unknown draw type {kind!r}")
        result = DRAW_TYPES[kind] if kind else ResultKind.DRAW
        showing = []
        for seat in range(self.seats):
            if f"hai{seat}" in attrs:
                showing.append(seat)
                tiles = self.tiles(hand, attrs, f"hai{seat}")
                if result is ResultKind.TRIPLE_RON:
                    hand.shown(seat, tiles)
                    hand.ron(seat)
                else:
                    hand.shown(seat, tiles)
        if result is ResultKind.NINE_TERMINALS:
            if len(showing) != 1:
                raise self.error("nine terminals shows one hand")
            hand.nine_terminals(showing[0])
        self.sc(attrs)
        self.owari(attrs)
        self.finish(result, tuple(showing))

    def finish(self, kind: ResultKind, tenpai: tuple[int, ...]) -> None:
        assert self.current is not None and self.start is not None
        deltas = tuple(now - then for now, then in zip(self.scores_now, self.hand_scores, strict=True))
        result = LogResult(kind, tuple(self.wins), tenpai, deltas)
        unbalanced = sticks_balance(self.start[3], len(riichi_seats(self.current.events)), result)
        if unbalanced:
            raise self.error(unbalanced)
        self.close(result)

    def owari(self, attrs: dict[str, str]) -> None:
        if "owari" not in attrs:
            return
        parts = attrs["owari"].split(",")
        try:
            self.final = tuple(100 * int(p) for p in parts[0::2])
            self.final_points = tuple(float(p) for p in parts[1::2])
        except ValueError:
            raise self.error(f"owari={attrs['owari']!r} is not scores and points") from None
        if not all(math.isfinite(points) for points in self.final_points):
            raise self.error(f"owari={attrs['owari']!r} gives points that are no number")
        if len(self.final) != self.seats or len(self.final_points) != self.seats:
            raise self.error(f"owari= has {len(parts)} values, not {2 * self.seats}")
