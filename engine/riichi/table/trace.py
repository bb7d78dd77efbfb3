"""A Riichi table's events as text (:meth:`yakuset.riichi.Table.trace`): one line per event (a
dealt hand and a hand's end take a few), tiles in mpsz notation (``0p`` a red five)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from .wall import tile_label

if TYPE_CHECKING:
    from ..rules.table import TableRules
    from .events import TableEvent


def trace_lines(rules: TableRules, events: Iterable[TableEvent]) -> Iterator[str]:
    """The lines of ``events``."""

    def names(tiles: Sequence[int]) -> str:
        return " ".join(tile_label(rules, tile) for tile in tiles) or "-"

    for event in events:
        yield from event.lines(names)
