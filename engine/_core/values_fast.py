"""Named tuples built the quick way, for the values the engines make by the thousand (a table's
events, a settlement and the outcome it settles, a hand's reading and score).

``from_fields(Type)`` is a function that makes a ``Type`` from the tuple of all its fields, in
order, without the named tuple's Python-level ``__new__``: one C call where the constructor is
a Python frame, about 1,000 instructions a value less (bench/README.md, "Fast paths": which
values go this way and what each saves). Its readable reference is the type's own
``Type._make(fields)``, which is ``Type(*fields)`` for a named tuple with no ``__new__`` of its
own; a type that checks its arguments in its own ``__new__`` (``riichi.State``) is made this way
only from values the engine worked out itself. tests/core/test_values_fast.py holds every type
made through here to its reference: equal values, of the same type, over every field.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MethodType
from typing import Any, TypeVar, cast

T = TypeVar("T", bound=tuple[Any, ...])

#: Each type given to :func:`from_fields` and the function made for it (the equivalence test
#: walks them).
MADE_FAST: dict[type[tuple[Any, ...]], Callable[[tuple[Any, ...]], tuple[Any, ...]]] = {}


def from_fields(cls: type[T]) -> Callable[[tuple[Any, ...]], T]:
    """``cls._make`` as a C call: a ``cls`` from the tuple of all its fields, in order (every
    field given, no default filled in and the count not checked). One function per type."""
    made: Callable[[tuple[Any, ...]], T] | None = MADE_FAST.get(cls)  # type: ignore[assignment]
    if made is None:
        # tuple.__new__ bound to cls: a method object calls it with cls first, in C (a
        # functools.partial costs about 300 instructions a call more).
        made = MADE_FAST[cls] = cast("Callable[[tuple[Any, ...]], T]", MethodType(tuple.__new__, cls))
    return made
