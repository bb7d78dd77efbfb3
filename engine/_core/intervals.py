"""95% confidence intervals and two-sample tests for counts and sums of whole numbers.

Simulation statistics are kept as whole-number counts and sums, so that merging partial results
in any order gives the same figures; this module turns them into estimates. A share uses the
Wilson score interval (it stays inside [0, 1] and behaves at 0 and 1); a mean uses the normal
approximation, sound for the thousands of observations a study has. Two estimates differ
significantly when the 95% interval of their difference excludes 0 (a two-sided z-test at 5%).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A share or a mean with its 95% interval; ``n`` is how many observations it rests on."""

    value: float
    low: float
    high: float
    n: int

    def as_dict(self, digits: int = 4) -> dict[str, float | int | list[float]]:
        return {
            "value": round(self.value, digits),
            "ci95": [round(self.low, digits), round(self.high, digits)],
            "n": self.n,
        }


@dataclass(frozen=True)
class Difference:
    """``b - a`` for two estimates, its 95% interval, and whether that interval excludes 0."""

    value: float
    low: float
    high: float

    @property
    def significant(self) -> bool:
        return self.low > 0 or self.high < 0

    def as_dict(self, digits: int = 4) -> dict[str, float | bool | list[float | None]]:
        return {
            "difference": round(self.value, digits),
            "ci95": [_finite(self.low, digits), _finite(self.high, digits)],
            "significant": self.significant,
        }


def share(count: int, total: int) -> Estimate:
    """``count`` of ``total`` with its Wilson score interval (0 with [0, 1] when ``total`` is 0)."""
    if count < 0 or total < 0 or count > total:
        raise ValueError(f"a share needs 0 <= count <= total, got {count} of {total}")
    if total == 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    p = count / total
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * total)) / (1 + z2 / total)
    half = Z95 * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total)) / (1 + z2 / total)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), total)


def mean(total: int, squares: int, n: int) -> Estimate:
    """The mean of ``n`` observations from their sum and their sum of squares."""
    if n < 0:
        raise ValueError(f"a mean needs n >= 0 observations, got {n}")
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    m = total / n
    half = Z95 * math.sqrt(_variance(total, squares, n) / n) if n > 1 else 0.0
    return Estimate(m, m - half, m + half, n)


def share_difference(a: tuple[int, int], b: tuple[int, int]) -> Difference:
    """The difference of two shares ``(count, total)``: ``b - a``, unpooled normal interval."""
    (ca, na), (cb, nb) = a, b
    if na == 0 or nb == 0:
        return Difference(0.0, -1.0, 1.0)
    pa, pb = ca / na, cb / nb
    half = Z95 * math.sqrt(pa * (1 - pa) / na + pb * (1 - pb) / nb)
    return Difference(pb - pa, pb - pa - half, pb - pa + half)


def mean_difference(a: tuple[int, int, int], b: tuple[int, int, int]) -> Difference:
    """The difference of two means ``(sum, sum of squares, n)``: ``b - a``, Welch's normal interval."""
    (sa, qa, na), (sb, qb, nb) = a, b
    if na < 2 or nb < 2:
        return Difference(0.0, -math.inf, math.inf)
    d = sb / nb - sa / na
    half = Z95 * math.sqrt(_variance(sa, qa, na) / na + _variance(sb, qb, nb) / nb)
    return Difference(d, d - half, d + half)


def _variance(total: int, squares: int, n: int) -> float:
    """The sample variance, computed in whole numbers first so no precision is lost."""
    if n < 2:
        return 0.0
    return (n * squares - total * total) / (n * (n - 1))


def _finite(value: float, digits: int) -> float | None:
    """``value`` rounded, or ``None`` for an unbounded end (JSON has no infinity)."""
    return round(value, digits) if math.isfinite(value) else None
