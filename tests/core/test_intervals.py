"""The 95% intervals of balance studies, against published values and the standard library."""

import math
import statistics

import pytest
from yakuset._core import intervals


@pytest.mark.parametrize(
    ("count", "total", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I,
        # method 3 (Wilson score interval without continuity correction).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0000, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_share_interval_is_wilsons_as_published(count: int, total: int, low: float, high: float) -> None:
    estimate = intervals.share(count, total)
    assert estimate.value == pytest.approx(count / total)
    assert (round(estimate.low, 4), round(estimate.high, 4)) == (low, high)


def test_share_of_nothing_is_unknown_not_an_error() -> None:
    assert intervals.share(0, 0).as_dict() == {"value": 0.0, "ci95": [0.0, 1.0], "n": 0}


@pytest.mark.parametrize(("count", "total"), [(-1, 3), (4, 3), (0, -1)])
def test_share_refuses_counts_outside_the_total(count: int, total: int) -> None:
    with pytest.raises(ValueError, match="0 <= count <= total"):
        intervals.share(count, total)


def test_mean_interval_uses_the_sample_standard_deviation() -> None:
    values = [2, 4, 4, 4, 5, 5, 7, 9, 12, 0, 3]
    estimate = intervals.mean(sum(values), sum(v * v for v in values), len(values))
    half = 1.959963984540054 * statistics.stdev(values) / math.sqrt(len(values))
    assert estimate.value == pytest.approx(statistics.fmean(values))
    assert (estimate.low, estimate.high) == pytest.approx(
        (statistics.fmean(values) - half, statistics.fmean(values) + half)
    )


def test_difference_of_means_is_welchs_normal_interval() -> None:
    a, b = [1, 2, 3, 4, 5, 6], [4, 6, 8, 9, 9, 12, 15]
    moments = [(sum(x), sum(v * v for v in x), len(x)) for x in (a, b)]
    diff = intervals.mean_difference(*moments)
    se = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    d = statistics.fmean(b) - statistics.fmean(a)
    assert (diff.value, diff.low, diff.high) == pytest.approx(
        (d, d - 1.959963984540054 * se, d + 1.959963984540054 * se)
    )
    assert diff.significant


def test_difference_of_equal_shares_is_not_significant() -> None:
    diff = intervals.share_difference((500, 1000), (510, 1000))
    assert diff.low < 0 < diff.high and not diff.significant


def test_difference_with_too_few_observations_is_unbounded_and_json_safe() -> None:
    out = intervals.mean_difference((3, 9, 1), (10, 50, 2)).as_dict()
    assert out["ci95"] == [None, None] and out["significant"] is False
