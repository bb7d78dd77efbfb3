"""The match's values built the quick way: an :class:`~yakuset.koikoi.Event` or a
:class:`~yakuset.koikoi.TableRound` from the tuple of all its fields, in order, without the
NamedTuple's Python-level ``__new__`` (a C call where that is a Python frame: about 1 % of a
match's instructions, bench/koikoi_table.py). ``new_event(fields)`` is ``Event(*fields)``;
tests/koikoi/match/test_table_fast.py holds the two to the same values.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from .events import Event
from .table_results import TableRound

if TYPE_CHECKING:
    from collections.abc import Callable

#: ``Event(*fields)``, every field given.
new_event: Callable[[tuple[object, ...]], Event] = partial(tuple.__new__, Event)
#: ``TableRound(*fields)``, every field given.
new_round: Callable[[tuple[object, ...]], TableRound] = partial(tuple.__new__, TableRound)
