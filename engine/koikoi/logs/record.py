"""KoiKoi-AI's game records (github.com/guansanghai/KoiKoi-AI, ``gamerecords_dataset/``, MIT)
read into typed values: :class:`KoikoiRecord`, its :class:`RecordRound` and :class:`RecordTurn`.

A record is one JSON object: ``info`` (the players' names, their starting points, the number of
rounds), ``result`` (whether the match is over, each player's final points) and ``record``, whose
``roundN`` holds ``basic`` (the dealer, both hands, the field, the stock, the round's winner and
each player's points) and ``turnN`` (the player, the card played and what it captured, the card
turned from the stock and what it captured, and the answer to a Koi-Koi offer: ``true`` for
Koi-Koi, ``false`` for a stop, ``null`` when none was made). A card is ``[month, rank]``: the
month 1-12 and its rank 1-4 within the month, in the deck's own order (bright or animal first,
then ribbon, then chaff: ``[11, 4]`` is the lightning); the stock is drawn from its end. The
players are ``1`` and ``2``; the dealer plays the first turn and the players alternate.

Anything else (a card no deck has, a card dealt twice, a turn out of turn, a card turned that is
not the stock's next, a value of the wrong shape) is a :class:`LogError` naming the round and turn.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from ..._core.errors import InputError

#: Cards a month has in a record, and months a deck has.
RANKS, MONTHS = 4, 12
#: The largest record read (a whole match is some 20 KB).
MAX_RECORD_BYTES = 1 << 20


class LogError(InputError):
    """A record that cannot be read: ``file``, ``round`` (from 1; 0 for the record as a whole),
    ``turn`` (from 1; ``None`` for the round as a whole) and what is wrong. Its message names them."""

    def __init__(self, file: str, round_number: int, turn: int | None, message: str) -> None:
        self.file, self.round, self.turn = file, round_number, turn
        where = (
            file if not round_number else f"{file}: round {round_number}" + ("" if turn is None else f", turn {turn}")
        )
        super().__init__(f"{where}: {message}")


class RecordTurn(NamedTuple):
    """One turn as recorded: its ``number`` (from 1), the ``player`` (1 or 2), the card
    ``played`` and the cards it ``captured`` (itself included; empty when laid on the field),
    the card ``turned`` from the stock and what it captured (``captured_turned``), and the
    answer to a Koi-Koi offer (``koikoi``: ``True``, ``False`` for a stop, ``None`` for none).
    Cards are ``(month, rank)`` pairs."""

    number: int
    player: int
    played: tuple[int, int]
    captured: tuple[tuple[int, int], ...]
    turned: tuple[int, int]
    captured_turned: tuple[tuple[int, int], ...]
    koikoi: bool | None


class RecordRound(NamedTuple):
    """One round as recorded: its ``number``, the ``dealer`` (1 or 2), each player's hand
    (``hands[0]`` is player 1's), the ``field``, the ``stock`` in the record's order (drawn from
    its end), the ``turns``, and the round's ``winner`` (0 for none) and each player's
    ``points`` (``None`` for a round the record leaves unfinished)."""

    number: int
    dealer: int
    hands: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
    field: tuple[tuple[int, int], ...]
    stock: tuple[tuple[int, int], ...]
    turns: tuple[RecordTurn, ...]
    winner: int | None
    points: tuple[int, int] | None


class KoikoiRecord(NamedTuple):
    """A KoiKoi-AI match record: the ``players``' names, their ``start`` points, the number of
    ``rounds`` the match was to play, the ``played`` rounds, and the recorded ``final`` points
    (``None`` for a match the record leaves unfinished)."""

    file: str
    players: tuple[str, str]
    start: tuple[int, int]
    rounds: int
    played: tuple[RecordRound, ...]
    final: tuple[int, int] | None


class _Reader:
    """Reads one record, knowing where it is (for the errors)."""

    def __init__(self, file: str) -> None:
        self.file, self.round = file, 0
        self.turn: int | None = None

    def error(self, message: str) -> LogError:
        return LogError(self.file, self.round, self.turn, message)

    def field(self, mapping: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
        if not isinstance(mapping, Mapping) or key not in mapping:
            raise self.error(f"{what} has no {key!r}")
        value = mapping[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise self.error(f"{what}'s {key!r} is {json.dumps(value)[:60]}, not {_words(kind)}")
        return value

    def card(self, value: object, what: str) -> tuple[int, int]:
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(type(v) is int for v in value)
            and 1 <= value[0] <= MONTHS
            and 1 <= value[1] <= RANKS
        ):
            return value[0], value[1]
        raise self.error(f"{what} {json.dumps(value)[:60]} is no card (a card is [month 1-12, rank 1-4])")

    def cards(self, mapping: Mapping[str, Any], key: str, what: str) -> tuple[tuple[int, int], ...]:
        return tuple(self.card(c, f"{key}'s card") for c in self.field(mapping, key, list, what))

    def player(self, mapping: Mapping[str, Any], key: str, what: str, none: tuple[int, ...] = ()) -> int:
        value = self.field(mapping, key, int, what)
        if value not in (1, 2, *none):
            raise self.error(f"{what}'s {key!r} is {value}, not player 1 or 2")
        return int(value)


def _words(kind: type | tuple[type, ...]) -> str:
    names = {int: "a number", str: "a string", list: "a list", dict: "an object", bool: "true or false"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def read_record(source: str | Path | bytes | Mapping[str, Any], file: str | None = None) -> KoikoiRecord:
    """A KoiKoi-AI record read from a path, its bytes or its parsed JSON (``file`` names it in
    errors), or :class:`LogError` saying where and why it cannot be."""
    if isinstance(source, str | Path):
        name = file or str(source)
        try:
            with Path(source).open("rb") as handle:
                text = handle.read(MAX_RECORD_BYTES + 1)
            if len(text) > MAX_RECORD_BYTES:
                raise LogError(name, 0, None, f"the record is over {MAX_RECORD_BYTES} bytes")
            data = json.loads(text)
        except OSError as error:
            raise LogError(name, 0, None, f"cannot read it: {error.strerror}") from None
        except (ValueError, RecursionError) as error:
            raise LogError(name, 0, None, f"not JSON: {error}") from None
    elif isinstance(source, bytes):
        name = file or "<bytes>"
        if len(source) > MAX_RECORD_BYTES:
            raise LogError(name, 0, None, f"the record is over {MAX_RECORD_BYTES} bytes")
        try:
            data = json.loads(source)
        except (ValueError, RecursionError) as error:
            raise LogError(name, 0, None, f"not JSON: {error}") from None
    else:
        name, data = file or "<record>", source
    return _record(_Reader(name), data)


def _record(reader: _Reader, data: object) -> KoikoiRecord:
    if not isinstance(data, Mapping):
        raise reader.error("a KoiKoi-AI record is a JSON object with 'info', 'result' and 'record'")
    info = reader.field(data, "info", Mapping, "the record")
    result = reader.field(data, "result", Mapping, "the record")
    rounds = reader.field(data, "record", Mapping, "the record")
    names = (reader.field(info, "player1Name", str, "info"), reader.field(info, "player2Name", str, "info"))
    start = (reader.field(info, "player1InitPts", int, "info"), reader.field(info, "player2InitPts", int, "info"))
    total = reader.field(info, "numRound", int, "info")
    over = reader.field(result, "isOver", bool, "result")
    final = None
    if over:
        final = (
            reader.field(result, "player1EndPts", int, "result"),
            reader.field(result, "player2EndPts", int, "result"),
        )
    played = []
    for number in range(1, len(rounds) + 1):
        reader.round, reader.turn = number, None
        played.append(_round(reader, number, reader.field(rounds, f"round{number}", Mapping, "the record")))
    if not played:
        raise reader.error("the record has no round")
    reader.round = 0
    return KoikoiRecord(reader.file, names, start, total, tuple(played), final)


def _round(reader: _Reader, number: int, data: Mapping[str, Any]) -> RecordRound:
    basic = reader.field(data, "basic", Mapping, f"round{number}")
    dealer = reader.player(basic, "Dealer", "basic")
    hands = (reader.cards(basic, "initHand1", "basic"), reader.cards(basic, "initHand2", "basic"))
    field, stock = reader.cards(basic, "initBoard", "basic"), reader.cards(basic, "initPile", "basic")
    dealt = [*hands[0], *hands[1], *field, *stock]
    if len(set(dealt)) != RANKS * MONTHS or len(dealt) != RANKS * MONTHS:
        twice = sorted({c for c in dealt if dealt.count(c) > 1})
        raise reader.error(f"the deal is not the 48 cards once each ({len(dealt)} dealt, twice: {twice[:3]})")
    count = sum(1 for key in data if key.startswith("turn"))
    turns = []
    for turn in range(1, count + 1):
        reader.turn = turn
        expected = dealer if turn % 2 else 3 - dealer
        recorded = _turn(reader, turn, reader.field(data, f"turn{turn}", Mapping, f"round{number}"))
        if recorded.player != expected:
            raise reader.error(f"player {recorded.player} moves out of turn (player {expected}'s turn)")
        if turn > len(stock) or recorded.turned != stock[-turn]:
            raise reader.error(f"turns {list(recorded.turned)} from the stock, whose next card is {list(stock[-turn])}")
        turns.append(recorded)
    reader.turn = None
    winner: int | None = None
    points: tuple[int, int] | None = None
    if basic.get("player1RoundPts") is not None:
        winner = reader.player(basic, "roundWinner", "basic", none=(0,))
        points = (
            reader.field(basic, "player1RoundPts", int, "basic"),
            reader.field(basic, "player2RoundPts", int, "basic"),
        )
    return RecordRound(number, dealer, hands, field, stock, tuple(turns), winner, points)


def _turn(reader: _Reader, number: int, data: Mapping[str, Any]) -> RecordTurn:
    what = f"turn{number}"
    koikoi = data.get("isKoiKoi") if isinstance(data, Mapping) else None
    if koikoi is not None and not isinstance(koikoi, bool):
        raise reader.error(f"{what}'s 'isKoiKoi' is {json.dumps(koikoi)[:60]}, not true, false or null")
    return RecordTurn(
        number,
        reader.player(data, "playerInTurn", what),
        reader.card(reader.field(data, "discardCard", list, what), "the card played,"),
        reader.cards(data, "collectCard", what),
        reader.card(reader.field(data, "drawCard", list, what), "the card turned,"),
        reader.cards(data, "collectCard2", what),
        koikoi,
    )


def is_record(data: object) -> bool:
    """Whether parsed JSON has a KoiKoi-AI record's shape at its top (``info``, ``result``, ``record``)."""
    return isinstance(data, Mapping) and {"info", "result", "record"} <= data.keys()


def cards_of(sequence: Sequence[tuple[int, int]], deck: Sequence[str]) -> list[str]:
    """The card ids of record cards in ``deck`` (a rule set's cards, listed month by month in the
    record's rank order: bright or animal, ribbon, chaff)."""
    return [deck[(month - 1) * RANKS + rank - 1] for month, rank in sequence]
