"""Checks of the arguments every evaluator takes: counts and true/false flags.

A wrong argument raises :class:`~yakuset._core.errors.InputError` (a ``ValueError``) naming it.
"""

from __future__ import annotations

from typing import Any

from .errors import InputError


def a_ruleset(value: Any) -> Any:
    """``value`` if it is a loaded rule set, else :class:`InputError` saying what to pass."""
    if not hasattr(value, "rules") or not hasattr(value, "game"):
        raise InputError(f"expected a rule set from yakuset.load_ruleset, got {type(value).__name__} {_short(value)}")
    return value


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "(a huge number)"
    return text if len(text) <= 60 else text[:57] + "..."


def whole_number(name: str, value: Any, minimum: int | None = 0) -> int:
    """``value`` if it is an ``int`` (not a bool) of at least ``minimum`` (``None``: any)."""
    if type(value) is not int:
        raise InputError(f"{name} must be a whole number, got {value!r}")
    if minimum is not None and value < minimum:
        raise InputError(f"{name} must be a whole number of at least {minimum}, got {value!r}")
    return value


def true_or_false(name: str, value: Any) -> bool:
    """``value`` if it is a bool: a string such as ``'true'`` is refused, not guessed at."""
    if type(value) is not bool:
        raise InputError(f"{name} must be true or false, got {value!r}")
    return value
