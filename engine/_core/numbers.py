"""Numbers as the rule sets use them: rounding up to a step, whole floats shown as integers."""

from __future__ import annotations

from typing import Any

Number = int | float


def round_up(value: Number, step: Number) -> Number:
    """``value`` rounded up to a multiple of ``step`` (``round_up(5120, 100) == 5200``).

    Raises ``ValueError`` for a step that is not positive.
    """
    if step <= 0:
        raise ValueError(f"round_up needs a positive step, got {step}")
    return -(-value // step) * step


def tidy(value: Any) -> Any:
    """A float that is a whole number as an ``int`` (``12.0`` -> ``12``); anything else as it is."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def format_number(value: Number) -> str:
    """``2`` -> ``2``; ``2.0`` -> ``2``; ``1.5`` -> ``1.5``."""
    return str(tidy(value))
