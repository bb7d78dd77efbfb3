"""Checks of the arguments every evaluator takes: counts and true/false flags.

A wrong argument raises :class:`~yakuset._core.errors.InputError` (a ``ValueError``) naming it.
"""

from __future__ import annotations

from typing import Any

from .errors import InputError


def a_ruleset(value: Any) -> Any:
    """``value`` if it is a loaded rule set, else :class:`InputError` saying what to pass."""
    if not hasattr(value, "rules") or not hasattr(value, "game"):
        raise InputError(f"expected a rule set from yakuset.load_ruleset, got {type(value).__name__} {shown(value)}")
    return value


def shown(value: Any) -> str:
    """``repr(value)`` cut short for a message (a number of thousands of digits is not printed)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        return "a number of more than 30 digits"
    try:
        text = repr(value)
    except Exception:  # a foreign object whose repr fails says nothing useful anyway
        text = f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


#: The largest count an evaluator accepts (calls, honba, riichi sticks, dora, han): no game
#: comes near it, and bounding it keeps every sum and product small.
MAX_COUNT = 10_000


def whole_number(name: str, value: Any, minimum: int | None = 0, maximum: int = MAX_COUNT) -> int:
    """``value`` if it is an ``int`` (not a bool) from ``minimum`` (``None``: no minimum) to ``maximum``."""
    if type(value) is not int:
        raise InputError(f"{name} must be a whole number, got {shown(value)}")
    if minimum is not None and value < minimum:
        raise InputError(f"{name} must be a whole number of at least {minimum}, got {shown(value)}")
    if value > maximum or value < -maximum:
        raise InputError(f"{name} must be a whole number of at most {maximum} in size, got {shown(value)}")
    return value


def true_or_false(name: str, value: Any) -> bool:
    """``value`` if it is a bool: a string such as ``'true'`` is refused, not guessed at."""
    if type(value) is not bool:
        raise InputError(f"{name} must be true or false, got {shown(value)}")
    return value


#: The largest seed in size: a match's seed derived from a study's (``koikoi.match_seed``) is a
#: 64-bit number, and every entry point that takes a seed takes the same ones.
MAX_SEED = 2**64 - 1


def a_seed(name: str, value: Any) -> int:
    """``value`` if it is a seed: an ``int`` (not a bool) of at most ``MAX_SEED`` in size, the one
    rule for every entry point that takes a seed (a float, NaN or a string is refused)."""
    return whole_number(name, value, minimum=None, maximum=MAX_SEED)


def an_index(name: str, value: Any) -> int:
    """``value`` if it is a whole number of at least 0 (a match's index in a study)."""
    return whole_number(name, value, minimum=0, maximum=MAX_SEED)
