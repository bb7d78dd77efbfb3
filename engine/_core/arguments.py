"""Checks of the arguments every evaluator takes: counts and true/false flags.

A wrong argument raises :class:`~yakuset._core.errors.InputError` (a ``ValueError``) naming it.
"""

from __future__ import annotations

from typing import Any

from .errors import InputError


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
