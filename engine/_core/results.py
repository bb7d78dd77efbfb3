"""What results are made of: the step every result is explained by (what it is, how it reads,
its factor), steps made when first read, and a read-only mapping (payments)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, overload

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


class Steps(Sequence[Step]):
    """Steps made when first read: ``Steps(make, *args)`` holds the steps ``make(*args)`` returns
    (a result whose explanation is rarely read need not build it).

    A value all the same: it compares, hashes and prints by the steps it holds (equal to a tuple
    or another ``Steps`` of the same steps), so a result holding one compares by its steps too.
    ``make`` must be a pure function of ``args``.
    """

    __slots__ = ("_args", "_built", "_make")

    def __init__(self, make: Callable[..., Iterable[Step]], *args: Any) -> None:
        self._make = make
        self._args = args
        self._built: tuple[Step, ...] | None = None

    def steps(self) -> tuple[Step, ...]:
        """The steps, as a tuple."""
        built = self._built
        if built is None:
            built = self._built = tuple(self._make(*self._args))
        return built

    @overload
    def __getitem__(self, index: int) -> Step: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Step, ...]: ...

    def __getitem__(self, index: int | slice) -> Step | tuple[Step, ...]:
        return self.steps()[index]

    def __len__(self) -> int:
        return len(self.steps())

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Steps):
            return self is other or self.steps() == other.steps()
        if isinstance(other, tuple):
            return self.steps() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.steps())

    def __repr__(self) -> str:
        return f"Steps({list(self.steps())!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_made, (self.steps(),))


def _made(steps: tuple[Step, ...]) -> Steps:
    return Steps(tuple, steps)


class FrozenMap(dict[str, Any]):
    """A read-only ``dict`` of str keys (a result's payments): it hashes and compares by its items,
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
