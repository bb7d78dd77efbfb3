"""YAML scalars read by our own code: text, whole numbers, numbers, booleans and null, from the
node's tag and text, never through PyYAML's constructors (whose surprises are exceptions).

Numbers are bounded: a rule set never needs more than ``MAX_NUMBER`` (the bound of the expression
language too), so no message ever has to print a number of thousands of digits; infinities and
not-a-number are refused, and so are YAML 1.1's base-60 numbers (``1:20``).
"""

from __future__ import annotations

import math
import re

#: The largest magnitude a number in a rule set may have.
MAX_NUMBER = 10**15

_TRUE = frozenset({"yes", "true", "on", "y"})
_FALSE = frozenset({"no", "false", "off", "n"})
_NULL = frozenset({"", "~", "null"})
_BASE60 = re.compile(r"[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?")
_DIGITS = re.compile(r"[0-9]+")


class ScalarError(ValueError):
    """A scalar that cannot be read as its tag says: the message says why."""


def read_bool(text: str) -> bool:
    """``yes``/``no``, ``true``/``false``, ``on``/``off`` (any case), as YAML 1.1 writes booleans."""
    lowered = text.lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ScalarError(f"cannot read {_shown(text)} as true or false")


def read_null(text: str) -> None:
    """The empty scalar, ``~`` or ``null`` (any case)."""
    if text.lower() not in _NULL:
        raise ScalarError(f"cannot read {_shown(text)} as null")


def read_int(text: str) -> int:
    """A whole number: decimal, ``0x`` hex, ``0b`` binary or ``0`` octal, with ``_`` allowed."""
    if _BASE60.fullmatch(text):
        raise ScalarError(f"{_shown(text)} is a base-60 number in YAML 1.1; write it in decimal, or quote it as text")
    body = text.replace("_", "")
    sign = -1 if body.startswith("-") else 1
    body = body.lstrip("+-")
    base = 10
    if body[:2] in ("0x", "0X"):
        base, body = 16, body[2:]
    elif body[:2] in ("0b", "0B"):
        base, body = 2, body[2:]
    elif len(body) > 1 and body.startswith("0"):
        base = 8
    if not body or len(body) > 64:
        raise ScalarError(_too_large(text) if body else f"cannot read {_shown(text)} as a whole number")
    try:
        value = sign * int(body, base)
    except ValueError:
        raise ScalarError(f"cannot read {_shown(text)} as a whole number") from None
    if abs(value) > MAX_NUMBER:
        raise ScalarError(_too_large(text))
    return value


def read_float(text: str) -> float:
    """A finite number of at most ``MAX_NUMBER`` in magnitude (``.inf`` and ``.nan`` are refused)."""
    if _BASE60.fullmatch(text):
        raise ScalarError(f"{_shown(text)} is a base-60 number in YAML 1.1; write it in decimal, or quote it as text")
    body = text.replace("_", "")
    lowered = body.lower().lstrip("+-")
    if lowered in (".inf", ".nan", "inf", "nan"):
        raise ScalarError(f"{_shown(text)} is not a finite number")
    exponent = re.search(r"[eE]([-+]?[0-9]+)$", body)
    if len(body) > 64 or (exponent and len(exponent.group(1)) > 4):
        raise ScalarError(_too_large(text))
    try:
        value = float(body)
    except ValueError:
        raise ScalarError(f"cannot read {_shown(text)} as a number") from None
    if not math.isfinite(value) or abs(value) > MAX_NUMBER:
        raise ScalarError(_too_large(text))
    return value


_NUMBER_TEXT = re.compile(r"[-+]?(?:[0-9][0-9_]*(?:\.[0-9_]*)?|\.[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)?")


def number_in_text(value: object) -> str | None:
    """The number a quoted text holds, as written (``" 15 "`` -> ``"15"``), or ``None``: a text
    that is nothing but a number."""
    if not isinstance(value, str) or len(value) > 64:
        return None
    stripped = value.strip()
    return stripped if _NUMBER_TEXT.fullmatch(stripped) else None


def quoted_number(key: str | None, number: str) -> tuple[str, str]:
    """The message and hint for a number written as text, wherever a number may stand: the one
    rule for ``points: "15"`` (an expression's place) and ``max: "4"`` (a number's)."""
    written = f"{key}: {number}" if key is not None else number
    return f"{number!r} is a number written as text", f"write it without quotes: `{written}`"


def _too_large(text: str) -> str:
    digits = sum(len(run) for run in _DIGITS.findall(text))
    what = f"{_shown(text)}" if len(text) <= 24 else f"a number of {digits:,} digits"
    return f"{what} is too large: numbers in a rule set are at most {MAX_NUMBER:.0e} in magnitude"


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")
