"""A bounded memo for the hottest lookups, where ``functools.lru_cache``'s bookkeeping costs
more than the work it saves (a han/fu score is one dict lookup when memoised)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, TypeVar

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


def forget(memos: Mapping[str, Any]) -> None:
    """Empty each memo: a :class:`Memo` (or another dict) or a ``functools.lru_cache``."""
    for clear in clearing(memos):
        clear()


def clearing(memos: Mapping[str, Any]) -> list[Callable[[], None]]:
    """What empties each memo (its ``clear`` or ``cache_clear``), to be called many times over."""
    return [memo.clear if isinstance(memo, dict) else memo.cache_clear for memo in memos.values()]


def sizes(memos: Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    """Each memo's (entries, bound), by name."""
    found = {}
    for name, memo in memos.items():
        if isinstance(memo, Memo):
            found[name] = (len(memo), memo.size)
        else:
            info = memo.cache_info()
            found[name] = (info.currsize, info.maxsize)
    return found
