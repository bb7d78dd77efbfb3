"""Paired measures: the same matches played under two rule sets, each measure read from each
match under both as a numerator and a denominator, kept as whole-number moments (``yakuset diff
--play`` and a study's comparisons of several rule sets).

A measure's figure is a ratio of sums over the matches (draws / rounds, calls won / calls, points
/ matches); what pairs the two sides is that match ``i`` is dealt the same cards (walls) and its
bots draw from the same streams under both. Only sums of whole numbers and of their products are
kept, so the moments of any partition of the matches add up, in any order, to the same counts:
one process or a cluster give the same intervals (``intervals.ratio_difference``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, Self

from . import intervals


class Measure(NamedTuple):
    """A figure a paired comparison (``yakuset diff --play``, a study's comparisons) sets side by
    side: its key and label, whether it is a share, how to
    read it from one match's tally as (numerator, denominator), and the whole number its figure
    is divided by when shown (10 for points kept in tenths)."""

    key: str
    label: str
    share: bool
    read: Callable[[Any], tuple[int, int]]
    scale: int = 1


def per_observation(read: Callable[[Any], tuple[int, int, int]]) -> Callable[[Any], tuple[int, int]]:
    """A mean's reader of (sum, sum of squares, observations) as a measure's reader of (sum,
    observations)."""

    def numerator_and_denominator(tally: Any) -> tuple[int, int]:
        total, _, n = read(tally)
        return total, n

    return numerator_and_denominator


#: The moments kept per measure: the sums of na, da, nb, db, then of these products.
_PRODUCTS = ((0, 0), (0, 1), (1, 1), (2, 2), (2, 3), (3, 3), (0, 2), (0, 3), (1, 2), (1, 3))


class Pairs:
    """The paired moments of named measures over ``matches`` matches."""

    def __init__(self, names: Iterable[str]) -> None:
        self.matches = 0
        self.moments: dict[str, list[int]] = {name: [0] * 14 for name in names}

    def observe(self, a: dict[str, tuple[int, int]], b: dict[str, tuple[int, int]]) -> None:
        """Count one match: each measure's (numerator, denominator) under the first rule set
        (``a``) and under the second (``b``)."""
        self.matches += 1
        for name, kept in self.moments.items():
            values = (*a[name], *b[name])
            kept[0] += values[0]
            kept[1] += values[1]
            kept[2] += values[2]
            kept[3] += values[3]
            for index, (i, j) in enumerate(_PRODUCTS, 4):
                kept[index] += values[i] * values[j]

    def add(self, other: Self) -> Self:
        """Add ``other``'s moments (the same measures, other matches) to these, and return them."""
        self.matches += other.matches
        for name, kept in self.moments.items():
            for index, value in enumerate(other.moments[name]):
                kept[index] += value
        return self

    def ratios(self, name: str) -> tuple[float | None, float | None]:
        """A measure's figure under each rule set (``None`` where its denominators sum to 0)."""
        na, da, nb, db = self.moments[name][:4]
        return (na / da if da else None, nb / db if db else None)

    def difference(self, name: str, paired: bool = True) -> intervals.Difference | None:
        """A measure's paired difference (second - first) with its 95% interval; ``paired=False``:
        the interval two independent runs of as many matches would have."""
        return intervals.ratio_difference(tuple(self.moments[name]), self.matches, paired)

    def compared(self, name: str, digits: int = 4, scale: int = 1) -> dict[str, Any]:
        """A measure's paired difference as JSON data (``difference``, ``ci95``, ``significant``);
        where a side has no observation (no call to count a success of), 0 with no interval. A
        measure kept in 1/``scale`` units (:attr:`Measure.scale`) is given in units, with as
        many more digits as ``scale`` has zeros (as ``diff --play`` gives it)."""
        found = self.difference(name)
        if found is None:
            return {"difference": 0.0, "ci95": [None, None], "significant": False}
        if scale != 1:
            found = intervals.Difference(found.value / scale, found.low / scale, found.high / scale)
        return found.as_dict(digits + len(str(scale)) - 1)

    def as_dict(self) -> dict[str, Any]:
        """The moments as JSON data."""
        return {"matches": self.matches, "moments": {name: list(kept) for name, kept in self.moments.items()}}
