"""What a Riichi rules object remembers (``RiichiRules.caches``), the memos of pure functions of
tile texts and shapes, and forgetting them (for measuring cold speed and memory). Results never
depend on them."""

from __future__ import annotations

from typing import Any

from .._core.memo import Memo, RulesCaches, clear_group, group_sizes

#: The hands of one rule set whose scores before honba and sticks are kept, by (han, raw fu,
#: dealer, tsumo): a game makes a few thousand.
HANDS_SIZE = 16_384
#: Basic points of hands past the rule set's table (more han than 13, a fu no hand counts).
BASIC_SIZE = 4096
#: The yakuman hands scored from tiles, and the yaku found after the table per detector answer.
YAKUMAN_SIZE, RESOLVED_SIZE = 1024, 4096


class RiichiCaches(RulesCaches):
    """A Riichi rules object's tables and memos.

    Tables, made at first use and kept: ``points``, the basic points of every hand of 1-13 han and
    every fu a hand can score (``_limits.points_table``); ``common``, by (dealer, tsumo), the base
    score of each of those hands won that way (``_score.common_hands``); ``nagashi``, the
    payments of a nagashi mangan, by dealer. Memos: ``hands``, each hand's score before honba and sticks
    (``_score.BaseScore``) with what a honba adds to its total, by (han, raw fu, dealer, tsumo);
    ``basic``, basic points past the table; ``yakuman``, the yakuman hands scored from tiles;
    ``resolved``, the yaku found after the table's rules, by what the detectors answered and the
    win."""

    __slots__ = ("basic", "common", "hands", "nagashi", "points", "resolved", "yakuman")

    group = "riichi"

    def __init__(self) -> None:
        self.points: Any = None
        self.nagashi: dict[bool, Any] = {}
        self.common: dict[tuple[bool, bool], dict[tuple[int, int], Any]] = {}
        self.hands: Memo[tuple[int, int, bool, bool], Any] = Memo(HANDS_SIZE)
        self.basic: Memo[tuple[int, int], Any] = Memo(BASIC_SIZE)
        self.yakuman: Memo[tuple[tuple[str, ...], bool, bool], Any] = Memo(YAKUMAN_SIZE)
        self.resolved: Memo[tuple[frozenset[str], bool, bool, bool], Any] = Memo(RESOLVED_SIZE)
        super().__init__()

    def clear(self) -> None:
        for memo in (self.hands, self.basic, self.yakuman, self.resolved):
            memo.clear()

    def sizes(self) -> dict[str, tuple[int, int]]:
        return {
            "han/fu hands": (len(self.hands), HANDS_SIZE),
            "basic points": (len(self.basic), BASIC_SIZE),
            "yakuman": (len(self.yakuman), YAKUMAN_SIZE),
            "yaku sets": (len(self.resolved), RESOLVED_SIZE),
        }


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
