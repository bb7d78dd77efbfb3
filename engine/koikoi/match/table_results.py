"""What a :class:`yakuset.koikoi.Table` gives of a match: each round's end (:class:`TableRound`),
the finished match (:class:`TableResult`) and a snapshot of the table (:class:`TableState`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..kinds import Decision, Ending
from ..results import MatchAdjustment


class TableRound(NamedTuple):
    """How one round of a played match ended (plain data, cheap to aggregate).

    ``ended`` is the kind of the referee's event that ended it (an
    :class:`~yakuset.koikoi.kinds.Ending`: ``shobu``, ``automatic_shobu``, ``lucky_hand``,
    ``draw``, ``exhaustive_draw``, ``field_four``); ``yaku`` the ids the winner scored with
    (empty unless won by yaku); ``calls`` each player's Koi-Koi calls, in the order of
    ``TableResult.players``; ``caller_won`` whether a player who called won the round;
    ``redeals`` the misdeals before the round was played; ``offers`` the Koi-Koi offers made to
    each player; ``next_dealer`` who deals the next round.
    """

    # A NamedTuple, not a frozen dataclass of twelve fields, which costs four times as much to build.
    number: int
    month: int
    dealer: str
    ended: Ending
    winner: str | None
    points: int
    yaku: tuple[str, ...]
    calls: tuple[int, int]
    caller_won: bool
    redeals: int
    offers: tuple[int, int]
    next_dealer: str


@dataclass(frozen=True, slots=True)
class TableResult:
    """A finished match: the totals after the match-end plugins, the winner (``None`` for a
    tie), every round, the first dealer and the plugins' adjustments."""

    players: tuple[str, str]
    totals: tuple[int, int]
    winner: str | None
    rounds: tuple[TableRound, ...]
    first_dealer: str
    adjustments: tuple[MatchAdjustment, ...]


@dataclass(frozen=True, slots=True)
class TableState:
    """A snapshot of the table (see :class:`yakuset.koikoi.Table`'s read-only views)."""

    round_number: int
    month: int
    dealer: str
    to_move: str | None
    pending: Decision | None
    choosing: str | None
    hands: dict[str, tuple[str, ...]]
    field: tuple[str, ...]
    stock_count: int
    captured: dict[str, tuple[str, ...]]
    totals: dict[str, int]
    finished: bool
