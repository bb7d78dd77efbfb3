"""A bounded memo for the hottest lookups, where ``functools.lru_cache``'s bookkeeping costs
more than the work it saves (a han/fu score is one dict lookup when memoised)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(dict[K, V]):
    """A dict that holds at most ``size`` entries: when full, the oldest entry makes room.

    Read it with ``get`` (a plain dict lookup); write with :meth:`put`.
    """

    __slots__ = ("size",)

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def put(self, key: K, value: V) -> V:
        """Remember ``value`` under ``key`` and return it."""
        if len(self) >= self.size:
            del self[next(iter(self))]
        self[key] = value
        return value
