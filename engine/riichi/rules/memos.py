"""What a Riichi rules object remembers (``RiichiRules.caches``), the memos of pure functions of
tile texts and shapes, and forgetting them (for measuring cold speed and memory). Results never
depend on them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..._core.memo import Memo, RulesCaches, clear_group, group_sizes

#: A rule set's base scores (``scoring.score.BaseScore``) by [dealer][tsumo][han][raw fu]
#: (``RiichiCaches.wins``).
Wins = tuple[tuple[list[Sequence[Any]], ...], ...]

#: The han of the hands the table of wins holds (``RiichiCaches.wins``): 1 to this, beyond any
#: hand counted from tiles (the table of basic points stops at 13; kazoe hands count on).
WINS_HAN = 64
#: The row of a han none of whose hands has been scored yet: ``None`` for every fu the han/fu
#: fast path reads (0 to 256). The row of 0 han is ``()``: reading it fails.
UNSCORED: tuple[None, ...] = (None,) * 257
#: The hands past the table of wins whose scores before honba and sticks are kept, by (han, raw
#: fu, dealer, tsumo).
HANDS_SIZE = 16_384
#: Basic points of hands past the rule set's table (more han than 13, a fu no hand counts).
BASIC_SIZE = 4096
#: The yakuman hands scored from tiles, and the yaku found after the table per detector answer.
YAKUMAN_SIZE, RESOLVED_SIZE = 1024, 4096


class RiichiCaches(RulesCaches):
    """A Riichi rules object's tables and memos.

    Tables, made at first use and kept: ``points``, the basic points of every hand of 1-13 han and
    every fu a hand can score (``scoring.limits.points_table``); ``common``, by (dealer, tsumo), the base
    score of each of those hands won that way (``scoring.score.common_hands``, made once ``misses``
    counts ``scoring.score.COMMON_AFTER`` hands of that way its memos did not hold); ``nagashi``, the
    payments of a nagashi mangan, by dealer. Memos: ``wins``, the score before honba and sticks
    (``scoring.score.BaseScore``) of each hand of 1 to ``WINS_HAN`` han scored so far, read as
    ``wins[dealer][tsumo][han][raw fu]`` (``dealer`` and ``tsumo`` as 0 or 1; a han's row is
    ``UNSCORED`` until one of its hands is scored, then a list by raw fu up to the rule set's
    maximum, ``None`` where not yet scored): a fixed size, and read by indexing, which costs
    less than hashing a key; ``hands``, the same past ``WINS_HAN`` han, by (han, raw fu, dealer, tsumo);
    ``basic``, basic points past the table; ``yakuman``, the yakuman hands scored from tiles;
    ``resolved``, the yaku found after the table's rules, by what the detectors answered and the
    win."""

    __slots__ = ("basic", "common", "hands", "misses", "nagashi", "points", "resolved", "wins", "yakuman")

    group = "riichi"

    def __init__(self) -> None:
        self.points: Any = None
        self.nagashi: dict[bool, Any] = {}
        self.common: dict[tuple[bool, bool], dict[tuple[int, int], Any]] = {}
        self.misses: dict[tuple[bool, bool], int] = {}
        self.wins = NO_WINS
        self.hands: Memo[tuple[int, int, bool, bool], Any] = Memo(HANDS_SIZE)
        self.basic: Memo[tuple[int, int], Any] = Memo(BASIC_SIZE)
        self.yakuman: Memo[tuple[tuple[str, ...], bool, bool], Any] = Memo(YAKUMAN_SIZE)
        self.resolved: Memo[tuple[frozenset[str], bool, bool, bool], Any] = Memo(RESOLVED_SIZE)
        super().__init__()

    def clear(self) -> None:
        self.wins = NO_WINS
        for memo in (self.hands, self.basic, self.yakuman, self.resolved):
            memo.clear()

    def sizes(self) -> dict[str, tuple[int, int]]:
        return {
            "han/fu table": _table_size(self.wins),
            "han/fu hands": (len(self.hands), HANDS_SIZE),
            "basic points": (len(self.basic), BASIC_SIZE),
            "yakuman": (len(self.yakuman), YAKUMAN_SIZE),
            "yaku sets": (len(self.resolved), RESOLVED_SIZE),
        }


def new_wins() -> Wins:
    """A table of wins with no hand scored."""
    rows: list[Sequence[Any]] = [(), *[UNSCORED] * WINS_HAN]
    return (rows, rows.copy()), (rows.copy(), rows.copy())


#: The table of wins of rules that have scored no hand (made and emptied by a name, not a copy):
#: never written, as ``scoring.score.hand_base`` gives the rules a table of their own first.
NO_WINS = new_wins()


def _table_size(wins: Wins) -> tuple[int, int]:
    """The hands held and the table's size once every row is made (each as long as those made)."""
    rows = [row for by_tsumo in wins for by_han in by_tsumo for row in by_han if type(row) is list]
    held = sum(len(row) - row.count(None) for row in rows)
    return held, 4 * WINS_HAN * max(map(len, rows), default=0)


def clear_memos() -> None:
    """Forget every memoised Riichi result: each rule set's han/fu hands, basic points, yakuman and
    yaku sets, and the readings and parsed tiles (each rule set keeps its table of basic points, as
    it keeps its compiled expressions). Results never depend on the memos; this is for measuring
    cold speed and memory use."""
    clear_group("riichi")


def memo_sizes() -> dict[str, tuple[int, int]]:
    """Each Riichi memo's entries (a rule set's memos summed over the live rule sets) and bound
    (per rule set): ``{"han/fu hands": (1238, 16384), ...}``."""
    return group_sizes("riichi")
