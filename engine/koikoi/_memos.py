"""The Koi-Koi memos: what they hold, and forgetting them (for measuring cold speed and memory).
Results never depend on them."""

from __future__ import annotations

from typing import Any

from .._core.memo import forget, sizes
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
    forget(_results())


def memo_sizes() -> dict[str, tuple[int, int]]:
    """Each Koi-Koi memo's entries and bound, results and compiled forms: ``{"awards": (1238, 32768), ...}``."""
    return sizes({**_results(), **_compiled()})
