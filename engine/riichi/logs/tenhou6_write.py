"""Writing a game record as a tenhou.net/6 JSON log (docs/rules/tenhou-logs.md §5 and §8), which
:func:`yakuset.riichi.read_log` reads back."""

from __future__ import annotations

import json
from typing import Any

from ..._core.errors import InputError
from ..kinds import ResultKind
from ..table.events import (
    AddedKanDeclared,
    ClosedKanDeclared,
    KitaDeclared,
    OpenKanCalled,
    PonCalled,
    TileCalled,
    TileDiscarded,
    TileDrawn,
)
from .lobby import DISP_ROOMS
from .record import GameLog, LogHand
from .tenhou import TENHOU_YAKU
from .tenhou6 import CALL_LETTERS, DRAW_NAMES, LIMIT_NAMES, TSUMOGIRI, WIN_NAME, YAKU_NAMES
from .writing import a_game, file_deltas, has_reds, is_red

_YAKU_NAME = {ident: YAKU_NAMES[number] for number, ident in reversed(list(enumerate(TENHOU_YAKU)))}
_ROOM_MARK = {room: mark for mark, room in DISP_ROOMS.items()}
_LIMIT_MARK = {limit: mark for mark, limit in LIMIT_NAMES.items()}
#: The name of each draw but the exhaustive draw (named by who was tenpai).
_DRAW_NAME: dict[str, str] = {kind: name for name, kind in DRAW_NAMES.items() if kind is not ResultKind.DRAW}
_CALL_LETTER: dict[str, str] = {kind: letter for letter, (kind, _) in CALL_LETTERS.items()}


def tenhou6_tile(tile: int, reds: bool = True) -> int:
    """A wall tile's tenhou.net/6 number: 11-19, 21-29, 31-39, 41-47, 51-53 the red fives."""
    kind = tile >> 2
    if kind >= 27:
        return 41 + kind - 27
    if is_red(tile, reds):
        return 51 + kind // 9
    return (kind // 9 + 1) * 10 + kind % 9 + 1


def write_tenhou6(game: GameLog) -> str:
    """The game as a tenhou.net/6 JSON log (four players)."""
    game = a_game(game)
    if any(len(hand.scores) != 4 for hand in game.hands):
        raise InputError("the tenhou.net/6 writer writes four-player games")
    document: dict[str, Any] = {"title": ["", ""], "name": list(game.players)}
    lobby = game.lobby
    rule: dict[str, Any] = {}
    if lobby is not None and lobby.room is not None:
        marks = ("三" if lobby.players == 3 else "") + ("東" if lobby.length == "east" else "南")
        marks += ("喰" if lobby.open_tanyao else "") + ("赤" if lobby.red_fives else "") + ("速" if lobby.fast else "")
        rule["disp"] = _ROOM_MARK[lobby.room] + marks
    reds = has_reds(game)
    rule["aka"] = int(reds)
    document["rule"] = rule
    document["log"] = [_tenhou6_hand(hand, reds) for hand in game.hands]
    if game.final is not None and game.final_points is not None:
        document["sc"] = [v for pair in zip(game.final, game.final_points, strict=True) for v in pair]
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def _call_text(letter: str, called: int, own: list[int], relative: int, reds: bool) -> str:
    """A call as tenhou.net/6 writes it: the letter and the tile called where the seat it came
    from sits (``relative``: 3 the seat before, 2 across, 1 after)."""
    codes = [f"{tenhou6_tile(t, reds)}" for t in own]
    marked = f"{letter}{tenhou6_tile(called, reds)}"
    at = {3: 0, 2: 1, 1: len(codes)}[relative]
    return "".join(codes[:at]) + marked + "".join(codes[at:])


def _tenhou6_hand(hand: LogHand, reds: bool) -> list[Any]:
    def code(tile: int) -> int:
        return tenhou6_tile(tile, reds)

    players = len(hand.scores)
    taken: list[list[Any]] = [[] for _ in range(players)]
    given: list[list[Any]] = [[] for _ in range(players)]
    pons: dict[tuple[int, int], str] = {}
    for event in hand.events:
        if type(event) is TileDrawn:
            taken[event.seat].append(code(event.tile))
        elif type(event) is TileDiscarded:
            number = TSUMOGIRI if event.tsumogiri else code(event.tile)
            given[event.seat].append(f"r{number}" if event.riichi else number)
        elif isinstance(event, TileCalled):
            seat, tile = event.seat, event.tile
            relative = (event.source - seat) % players
            text = _call_text(_CALL_LETTER[event.move_kind], tile, list(event.tiles), relative, reds)
            taken[seat].append(text)
            if type(event) is OpenKanCalled:
                given[seat].append(0)
            elif type(event) is PonCalled:
                pons[(seat, tile >> 2)] = text
        elif type(event) is ClosedKanDeclared:
            codes = [str(code(t)) for t in event.tiles]
            given[event.seat].append("".join(codes[:3]) + "a" + codes[3])
        elif type(event) is AddedKanDeclared:
            pon = pons[(event.seat, event.tile >> 2)]
            given[event.seat].append(pon.replace("p", f"k{code(event.tile)}", 1))
        elif type(event) is KitaDeclared:
            given[event.seat].append(f"f{code(event.tile)}")
    ura = []
    if hand.result is not None:
        for win in hand.result.wins:
            ura += [t for t in win.ura if t not in ura]
    out: list[Any] = [
        [hand.round, hand.honba, hand.sticks],
        list(hand.scores),
        [code(t) for t in hand.dora_indicators],
        [code(t) for t in ura],
    ]
    for seat in range(players):
        out += [[code(t) for t in hand.dealt[seat]], taken[seat], given[seat]]
    out.append(_tenhou6_result(hand) if hand.result is not None else [])
    return out


def _tenhou6_result(hand: LogHand) -> list[Any]:
    result = hand.result
    assert result is not None
    players = len(hand.scores)
    if result.deltas is None or any(win.deltas is None for win in result.wins):
        raise InputError(
            "tenhou.net/6 writes each hand's points changes, and the log read gives none for its last hand "
            "(an mjai hora or ryukyoku without deltas); write the game as mjai"
        )
    if not result.wins:
        deltas = file_deltas(hand, result)
        if result.kind == ResultKind.DRAW:
            name = "全員聴牌" if len(result.tenpai) == players else "全員不聴" if not result.tenpai else "流局"
        elif result.kind in _DRAW_NAME:
            name = _DRAW_NAME[result.kind]
        else:  # a house rule's draw Tenhou does not have
            raise InputError(f"tenhou.net/6 has no name for a hand ended by {result.kind}; write the game as mjai")
        exhaustive = result.kind in (ResultKind.DRAW, ResultKind.NAGASHI)
        return [name, deltas] if deltas and (any(deltas) or exhaustive) else [name]
    out: list[Any] = [WIN_NAME]
    for win in result.wins:
        info: list[Any] = [win.seat, win.discarder, win.seat if win.pao is None else win.pao]
        if win.points is not None:
            info.append(_points(win.fu, win.han, win.limit, win.points, win.seat == hand.dealer,
                                win.seat == win.discarder, players))  # fmt: skip
            info += [f"{_yaku_name(hand, win.seat, ident)}({han}飜)" for ident, han in win.yaku]
            info += [f"{_YAKU_NAME[ident]}(役満)" for ident in win.yakuman]
        out += [list(win.deltas or ()), info]
    return out


def _yaku_name(hand: LogHand, seat: int, ident: str) -> str:
    """Tenhou's name of a yaku; a wind's names its wind (the seat's, or the round's)."""
    if ident == "yakuhai_seat_wind":
        return YAKU_NAMES[10 + (seat - hand.dealer) % len(hand.scores)]
    if ident == "yakuhai_round_wind":
        return YAKU_NAMES[14 + hand.round // 4 % 4]
    return _YAKU_NAME[ident]


def _points(
    fu: int | None, han: int | None, limit: str | None, points: int, dealer: bool, tsumo: bool, players: int
) -> str:
    head = f"{fu}符{han}飜" if limit is None else _LIMIT_MARK[limit]
    if not tsumo:
        return f"{head}{points}点"
    if dealer:
        return f"{head}{points // (players - 1)}点∀"
    # a non-dealer tsumo: the dealer pays b (twice the basic, rounded up), each other a (the
    # basic, rounded up); points = 2a + b is 4a or 4a - 100, so a and b follow
    each = points // 4 if points % 400 == 0 else (points + 100) // 4
    return f"{head}{each}-{points - (players - 2) * each}点"
