"""What results are made of: the step every result is explained by (what it is, how it reads,
its factor), steps made when first read, and a read-only mapping (payments)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar, overload

from .numbers import Number


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a calculation: what it is (``id``), how it reads (``label``), its factor.

    ``op`` says how the factor applies: ``multiply`` (the default), ``add``, or a game's own
    kinds (Koi-Koi's yaku steps use ``drop`` and ``note`` for yaku that do not count).
    """

    id: str
    label: str
    factor: Number
    op: str = "multiply"

    def as_dict(self) -> dict[str, Any]:
        """``{"id", "label", "factor"}``, with ``op`` when it is not ``multiply``."""
        out: dict[str, Any] = {"id": self.id, "label": self.label, "factor": self.factor}
        if self.op != "multiply":
            out["op"] = self.op
        return out


T = TypeVar("T")


class Built(Sequence[T]):
    """Items made when first read: ``Built(make, *args)`` holds the items ``make(*args)`` returns
    (a result whose explanation is rarely read need not build it).

    A value all the same: it compares, hashes and prints by the items it holds (equal to a tuple
    or another ``Built`` of the same items), so a result holding one compares by them too.
    ``make`` must be a pure function of ``args``.
    """

    __slots__ = ("_args", "_built", "_make")

    def __init__(self, make: Callable[..., Iterable[T]], *args: Any) -> None:
        self._make = make
        self._args = args
        self._built: tuple[T, ...] | None = None

    def items(self) -> tuple[T, ...]:
        """The items, as a tuple."""
        built = self._built
        if built is None:
            built = self._built = tuple(self._make(*self._args))
        return built

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        return self.items()[index]

    def __len__(self) -> int:
        return len(self.items())

    def __iter__(self) -> Iterator[T]:
        return iter(self.items())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Built):
            return self is other or self.items() == other.items()
        if isinstance(other, tuple):
            return self.items() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.items())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self.items())!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_made, (type(self), self.items()))


class Steps(Built[Step]):
    """Steps made when first read (see :class:`Built`): ``Steps(make, *args)``."""

    __slots__ = ()


def _made(kind: type[Built[Any]], items: tuple[Any, ...]) -> Built[Any]:
    return kind(tuple, items)


class FrozenMap(dict[Any, Any]):
    """A read-only ``dict`` (a result's payments, a report's counts by group): it hashes and compares by its items,
    and JSON writes it as the dict it is. Changing it raises ``TypeError``."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def _read_only(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(f"a {type(self).__name__} is read-only")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _read_only

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self),))
