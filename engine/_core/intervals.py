"""95% confidence intervals and two-sample tests for counts and sums of whole numbers.

Simulation statistics are kept as whole-number counts and sums, so that merging partial results
in any order gives the same figures; this module turns them into estimates. A share uses the
Wilson score interval (it stays inside [0, 1] and behaves at 0 and 1); a mean uses the normal
approximation, sound for the thousands of observations a study has. Two estimates differ
significantly when the 95% interval of their difference excludes 0 (a two-sided z-test at 5%).

A paired difference (the same matches played under two rule sets, ``yakuset diff --play``) is a
difference of two ratios of sums over the matches; its interval is Student's t with one degree of
freedom fewer than the matches, over the delta method's variance of the per-match differences
(:func:`ratio_difference`; ``docs/architecture.md``, "Paired studies").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from .memo import remembered

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


def ratio_difference(moments: tuple[int, ...], n: int, paired: bool = True) -> Difference | None:
    """``Rb - Ra`` for two ratios of sums over the same ``n`` matches, ``R = sum(num) / sum(den)``,
    with its 95% interval; ``None`` when either side's denominators sum to 0.

    ``moments`` are whole numbers: the sums of the per-match ``na, da, nb, db`` (four) and the
    sums of their products ``na*na, na*da, da*da, nb*nb, nb*db, db*db, na*nb, na*db, da*nb,
    da*db`` (ten). The variance is the delta method's: each match's linearised difference
    ``(nb - Rb*db)/mean(db) - (na - Ra*da)/mean(da)``, whose sample variance over ``n`` is the
    difference's variance times ``n``; matches, not rounds, are the independent observations, so
    rounds of one match may be correlated. ``paired=False`` leaves out the covariance of the two
    sides: the variance two independent runs of the same size would have.
    """
    na, da, nb, db, q_aa, q_ad, q_dd, q_bb, q_bd, q_ee, x_ab, x_ae, x_db, x_de = moments
    if da == 0 or db == 0:
        return None
    value = nb / db - na / da
    if n < 2:
        return Difference(value, -math.inf, math.inf)
    # Each sum below is a whole number divided by a whole number: exact until the last step.
    own_a = Fraction(n * n * (da * da * q_aa - 2 * na * da * q_ad + na * na * q_dd), da**4)
    own_b = Fraction(n * n * (db * db * q_bb - 2 * nb * db * q_bd + nb * nb * q_ee), db**4)
    cross = Fraction(n * n * (da * db * x_ab - da * nb * x_ae - na * db * x_db + na * nb * x_de), da * da * db * db)
    squares = own_a + own_b - (2 * cross if paired else 0)
    half = t_quantile(n - 1) * math.sqrt(max(float(squares), 0.0) / (n * (n - 1)))
    return Difference(value, value - half, value + half)


# A study asks it again for every measure of every rule change (the same few degrees of freedom),
# and each answer is a bisection of about 60 continued fractions.
@remembered("", "t quantiles", 1024)
def t_quantile(df: int, p: float = 0.975) -> float:
    """Student's t quantile: the ``t`` with ``P(T <= t) = p`` for ``df`` degrees of freedom
    (``df`` at least 1; 0.5 < ``p`` < 1), by bisection on the distribution function."""
    if df < 1 or not 0.5 < p < 1:
        raise ValueError(f"t_quantile needs df >= 1 and 0.5 < p < 1, got df={df}, p={p}")
    low, high = 0.0, 1.0
    while _t_cdf(high, df) < p:
        low, high = high, high * 2
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        low, high = (middle, high) if _t_cdf(middle, df) < p else (low, middle)
    return high


def _t_cdf(t: float, df: int) -> float:
    """P(T <= t) for t >= 0: 1 - I_x(df/2, 1/2) / 2 with x = df / (df + t²)."""
    return 1 - 0.5 * _beta_regularized(df / 2, 0.5, df / (df + t * t))


def _beta_regularized(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b), by its continued fraction (Lentz),
    taken on the side of the symmetry I_x(a, b) = 1 - I_(1-x)(b, a) where it converges fast."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    if x > (a + 1) / (a + b + 2):
        return 1 - _beta_regularized(b, a, 1 - x)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)) / a
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    fraction = d
    for m in range(1, 10_000):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            fraction *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return front * fraction


def _variance(total: int, squares: int, n: int) -> float:
    """The sample variance, computed in whole numbers first so no precision is lost."""
    if n < 2:
        return 0.0
    return (n * squares - total * total) / (n * (n - 1))


def _finite(value: float, digits: int) -> float | None:
    """``value`` rounded, or ``None`` for an unbounded end (JSON has no infinity)."""
    return round(value, digits) if math.isfinite(value) else None
