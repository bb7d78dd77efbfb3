"""What the games' study tallies share: counts that add field by field, the moments of a
distribution kept as value -> how many times, and an estimate or a difference as text."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from typing import Any, Self


class Counts:
    """A mixin for a dataclass of whole numbers and :class:`Counter` fields: tallies of any
    partition of the matches add up, in any order, to the same counts."""

    def add(self, other: Self) -> Self:
        """Add ``other``'s counts to this tally (and return it)."""
        for f in fields(self):  # type: ignore[arg-type]
            mine = getattr(self, f.name)
            if isinstance(mine, Counter):
                mine.update(getattr(other, f.name))
            else:
                setattr(self, f.name, mine + getattr(other, f.name))
        return self

    def as_dict(self) -> dict[str, Any]:
        """The counts as JSON data (counter keys as text, in sorted order)."""
        out: dict[str, Any] = {}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            out[f.name] = {str(k): value[k] for k in sorted(value)} if isinstance(value, Counter) else value
        return out


def moments(counts: Counter[int]) -> tuple[int, int, int]:
    """(sum, sum of squares, n) of a distribution given as value -> how many times."""
    return (
        sum(v * n for v, n in counts.items()),
        sum(v * v * n for v, n in counts.items()),
        sum(counts.values()),
    )


def shown_estimate(e: dict[str, Any], is_share: bool, width: int = 6, digits: int = 2) -> str:
    """An estimate's JSON data (``value``, ``ci95``, ``n``) as text: a share in percent with how
    many observations it rests on, a mean in ``width`` places with ``digits`` decimals."""
    low, high = e["ci95"]
    if is_share:
        return f"{100 * e['value']:5.1f}%  [{100 * low:.1f}, {100 * high:.1f}]  of {e['n']:,}"
    return f"{e['value']:{width}.{digits}f}  [{low:.{digits}f}, {high:.{digits}f}]"


def shown_difference(d: dict[str, Any], is_share: bool, width: int = 6, digits: int = 2) -> str:
    """A difference's JSON data (``difference``, ``ci95``, ``significant``) as text, ``*`` where
    significant: a share's in percentage points, a mean's as :func:`shown_estimate` shows it; an
    interval of no width (every pair of a paired comparison alike) is said in words, since
    ``[+0.0, +0.0]`` would read as certainty."""
    low, high = d["ci95"]
    mark = " *" if d["significant"] else ""
    if low is None or high is None:
        return f"{d['difference']:+.2f}  (too few observations){mark}"
    if low == high:  # a paired difference alike in every pair: no spread to make an interval of
        same = "the same in every pair" if low == 0 else "the same difference in every pair"
        shown = f"{100 * d['difference']:+5.1f} pp" if is_share else f"{d['difference']:+{width}.{digits}f}"
        return f"{shown}  ({same}){mark}"
    if is_share:
        return f"{100 * d['difference']:+5.1f} pp  [{100 * low:+.1f}, {100 * high:+.1f}]{mark}"
    return f"{d['difference']:+{width}.{digits}f}  [{low:+.{digits}f}, {high:+.{digits}f}]{mark}"
