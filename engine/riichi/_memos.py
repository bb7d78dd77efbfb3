"""The Riichi memos: what they hold, and forgetting them (for measuring cold speed and memory).
Results never depend on them."""

from __future__ import annotations

from typing import Any

from .._core.memo import clearing, sizes
from . import _hand, _limits, _readings, _score, _settle, _tiles, _yaku

_MEMOS: dict[str, Any] = {
    "han/fu results": _score.PARTS,
    "basic points": _limits._remembered,
    "yakuman": _hand._yakuman_score,
    "yaku sets": _yaku.RESOLVED,
    "suit decompositions (man)": _readings.SUIT_MEMOS[0],
    "suit decompositions (pin)": _readings.SUIT_MEMOS[1],
    "suit decompositions (sou)": _readings.SUIT_MEMOS[2],
    "honour decompositions": _readings._honour_blocks,
    "parsed texts": _tiles._parse_short,
    "parsed suit groups": _tiles.GROUPS,
    "melds": _tiles._parse_meld_once,
    "nagashi payments": _settle.nagashi_payments,
}


_CLEARING = clearing(_MEMOS)


def clear_memos() -> None:
    """Forget every memoised Riichi result: han/fu scores, yakuman, yaku sets, readings, tiles.

    Results never depend on the memos; this is for measuring cold speed and memory use.
    """
    for clear in _CLEARING:
        clear()


def memo_sizes() -> dict[str, tuple[int, int]]:
    """Each Riichi memo's entries and bound: ``{"han/fu results": (1238, 16384), ...}``."""
    return sizes(_MEMOS)
