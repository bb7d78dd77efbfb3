"""What the log writers share (``write_mjai``, ``write_tenhou6``): the record checked, its red
fives, the deltas as the logs write them (docs/rules/tenhou-logs.md §8 says what each format
keeps)."""

from __future__ import annotations

from typing import Any

from ..._core.arguments import shown
from ..._core.errors import InputError
from .record import GameLog, LogHand, LogResult, riichi_seats

STICK = 1000


def a_game(game: Any) -> GameLog:
    if type(game) is not GameLog:
        raise InputError(f"game must be a yakuset.riichi.GameLog (from read_log), got {shown(game)}")
    return game


def is_red(tile: int, reds: bool) -> bool:
    """Red under the record's numbering: a five's lowest copy, in a game with red fives (one a
    suit: the lobbies' and mjai's)."""
    kind = tile >> 2
    return reds and kind < 27 and kind % 9 == 4 and tile & 3 == 0


def has_reds(game: GameLog) -> bool:
    return game.lobby is None or game.lobby.red_fives


def file_deltas(hand: LogHand, result: LogResult) -> list[int] | None:
    """The hand's deltas as the logs write them: without the riichi sticks put down this hand
    (``None`` where the log read gave none)."""
    if result.deltas is None:
        return None
    put = riichi_seats(hand.events)
    return [d + STICK * put.count(seat) for seat, d in enumerate(result.deltas)]
