"""The Koi-Koi memos: what they hold, and forgetting them (for measuring cold speed and memory).
Results never depend on them."""

from __future__ import annotations

from typing import Any

from .._core.memo import Memo
from . import _award, _tables, _yaku


def _results() -> dict[str, Any]:
    return {"awards": _award.AWARDS, "yaku found": _tables.PLANS, "yaku steps": _tables.STEPS}


def _compiled() -> dict[str, Any]:
    # A rule set's formula and yaku tables, built at its first use as its expressions are at
    # load: compiled forms rather than results, so clear_memos keeps them.
    return {
        "award formulas": _award._formula,
        "field brights": _award._most_field_brights,
        "yaku tables": _tables.tables,
        "rule sets": _yaku.RULESETS,
    }


def clear_memos() -> None:
    """Forget every memoised Koi-Koi result: the awards and the yaku found for a count of cards.

    The rule sets' compiled award formulas and yaku tables are kept (at most 64 rule sets'). Results
    never depend on the memos; this is for measuring cold speed and memory use.
    """
    for memo in _results().values():
        memo.clear()


def memo_sizes() -> dict[str, tuple[int, int]]:
    """Each Koi-Koi memo's entries and bound, results and compiled forms: ``{"awards": (1238, 32768), ...}``."""
    sizes = {}
    for name, memo in {**_results(), **_compiled()}.items():
        if isinstance(memo, Memo):
            sizes[name] = (len(memo), memo.size)
        else:
            info = memo.cache_info()
            sizes[name] = (info.currsize, info.maxsize)
    return sizes
