"""Where the engine remembers what it worked out, and how it forgets it.

Two kinds, and nothing else (docs/architecture.md, "Caches"):

- a compiled rules object's own caches: a :class:`RulesCaches` it holds (its tables and memos),
  which die with the rules;
- memos of pure functions of plain inputs (a parsed tile text, a suit's decompositions): made by
  :func:`memo` or :func:`remembered`, which register them.

:func:`clear_all` empties both kinds, every live rules object's included, without knowing any
module's private names. A result never depends on a memo.
"""

from __future__ import annotations

import functools
import weakref
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Hashable
from typing import Any, ParamSpec, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
P = ParamSpec("P")
R = TypeVar("R")


class Memo(dict[K, V]):
    """A dict that holds at most ``size`` entries: when full, the oldest entry makes room.

    Read it with ``get`` (a plain dict lookup, cheaper than ``functools.lru_cache``'s
    bookkeeping on the hottest lookups); write with :meth:`put`.
    """

    __slots__ = ("_order", "size")

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size
        # The keys in the order they came: a dict's first key is found by walking past the slots
        # its deleted entries left, which grow until the dict is rebuilt (O(size) an eviction).
        self._order: deque[K] = deque()

    def put(self, key: K, value: V) -> V:
        """Remember ``value`` under ``key`` and return it."""
        if key not in self:
            order = self._order
            while len(self) >= self.size and order:
                self.pop(order.popleft(), None)
            order.append(key)
        self[key] = value
        return value

    def clear(self) -> None:
        """Forget every entry."""
        super().clear()
        self._order.clear()


class RulesCaches(ABC):
    """The base of a compiled rules object's caches (``rules.caches``): a game's subclass holds its
    tables (derived from the rules once, kept) and memos (results, bounded) as slots, and says
    how to empty the memos (:meth:`clear`) and how full they are (:meth:`sizes`). Every
    instance is registered (weakly) so that :func:`clear_all` reaches it; it lives and dies with
    the rules that hold it.

    A rules object belongs to one rule set, so what its caches hold (a result carrying the rule
    set's id) is that rule set's."""

    __slots__ = ("__weakref__",)

    #: The group (a game's name) whose memos :func:`clear_group` empties.
    group = ""

    def __init__(self) -> None:
        key = id(self)

        def gone(_: object) -> None:
            _OWNERS.pop(key, None)

        _OWNERS[key] = weakref.ref(self, gone)

    @abstractmethod
    def clear(self) -> None:
        """Forget the memos (results); the tables stay, being the compiled rules' own."""

    @abstractmethod
    def sizes(self) -> dict[str, tuple[int, int]]:
        """Each memo's entries and bound, by name."""


#: Every live rules object's caches, by id (a weak reference: the entry goes when they do).
_OWNERS: dict[int, weakref.ref[RulesCaches]] = {}
#: The registered memos of pure functions: (group: a game's name or "" for the core, name, clear, size).
_MEMOS: list[tuple[str, str, Callable[[], None], Callable[[], tuple[int, int]]]] = []


def memo(group: str, name: str, size: int) -> Memo[Any, Any]:
    """A bounded :class:`Memo` for a pure function of plain inputs, registered so that
    :func:`clear_all` (and :func:`clear_group` of ``group``, a game's name or "" for the core)
    empties it."""
    made: Memo[Any, Any] = Memo(size)
    _MEMOS.append((group, name, made.clear, lambda: (len(made), made.size)))
    return made


def remembered(group: str, name: str, size: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """``functools.lru_cache(maxsize=size)`` for a pure function of plain inputs, registered as
    :func:`memo` registers a memo."""

    def wrap(function: Callable[P, R]) -> Callable[P, R]:
        cached = functools.lru_cache(maxsize=size)(function)

        def size_of() -> tuple[int, int]:
            info = cached.cache_info()
            return info.currsize, size

        _MEMOS.append((group, name, cached.cache_clear, size_of))
        return cached  # type: ignore[return-value]

    return wrap


def clear_all() -> None:
    """Empty every registered memo and every live rules object's caches."""
    for _, _, clear, _ in _MEMOS:
        clear()
    for owner in _live_owners():
        owner.clear()


def clear_group(group: str) -> None:
    """Empty the memos registered for ``group`` and the caches of its live rules objects."""
    for owner_group, _, clear, _ in _MEMOS:
        if owner_group == group:
            clear()
    for owner in _live_owners():
        if owner.group == group:
            owner.clear()


def _live_owners() -> list[RulesCaches]:
    return [owner for owner in map(weakref.ref.__call__, list(_OWNERS.values())) if owner is not None]


def group_sizes(group: str) -> dict[str, tuple[int, int]]:
    """Each memo of ``group`` by name: its entries (summed over the live rules objects for their
    memos) and its bound (for a rules object's memo, the bound of each)."""
    found = {name: size() for owner_group, name, _, size in _MEMOS if owner_group == group}
    for owner in _live_owners():
        if owner.group != group:
            continue
        for name, (entries, bound) in owner.sizes().items():
            held = found.get(name, (0, bound))[0]
            found[name] = (held + entries, bound)
    return found
