"""The distance of a study's bots from real play (issue 44 item 4): a figure within its goal or
not, shares in percentage points and means relatively, read from a study's summary."""

from __future__ import annotations

import pytest
from yakuset._core.realism import Observed, RealPlay, as_dict, distances, line, missed

REAL = RealPlay(
    "tenhou",
    "people",
    "docs/validation.md#real-play",
    (Observed("win_rate", "win", 0.211, 0.02), Observed("hand_value", "a win's value", 5647, 0.10, relative=True)),
)


@pytest.mark.parametrize(
    ("win", "value", "within"),
    [
        (0.231, 5647, (True, True)),  # two points over: still within
        (0.2311, 5647, (False, True)),
        (0.191, 6211, (True, True)),  # 6,211 is 9.99% over 5,647
        (0.211, 6213, (True, False)),  # 10.02% over
        (0.211, 5083, (True, True)),  # 9.99% under (the bound is 5,082.3)
        (0.211, 5082, (True, False)),
    ],
)
def test_a_share_is_within_two_points_and_a_mean_within_ten_per_cent(win, value, within):
    found = distances(REAL, {"win_rate": {"value": win, "ci95": [0, 1]}, "hand_value": {"value": value}})
    assert tuple(d.within for d in found) == within
    assert set(missed(found)) == {d.figure.name for d, ok in zip(found, within, strict=True) if not ok}


def test_a_figure_the_study_lacks_or_cannot_estimate_is_left_out():
    assert [d.figure.name for d in distances(REAL, {"win_rate": 0.2})] == ["win_rate"]
    assert distances(REAL, {"win_rate": None, "hand_value": {"value": None}}) == ()


def test_the_line_and_the_json_name_each_figure_the_real_value_and_the_source():
    found = distances(REAL, {"win_rate": 0.236, "hand_value": 5700})
    text = line(REAL, found)
    assert "1 of 2 figures within goal" in text
    assert "win 23.6% vs 21.1% (+2.5 points, goal ±2 points)" in text
    assert "a win's value 5,700 vs 5,647;" not in text and text.endswith("Source: docs/validation.md#real-play")
    data = as_dict(REAL, found)
    assert data["within"] is False
    assert data["figures"][0] == {
        "name": "win_rate", "real": 0.211, "bots": 0.236, "off": 0.025, "goal": 0.02, "relative": False, "within": False
    }  # fmt: skip


def test_a_change_moving_a_figure_the_bots_miss_gets_a_caution_and_one_they_play_well_none():
    from yakuset._core.realism import cautions, measured_in_study

    block = measured_in_study(REAL, {"tenhou": {"win_rate": {"value": 0.25}, "hand_value": {"value": 5700}}})
    assert block is not None and block["measured"] is True and block["within"] is False
    notes = cautions(REAL, block, {"win_rate": -0.031, "hand_value": -250.0}, "house against tenhou")
    assert notes == [
        "house against tenhou moves win by -3.1 points, a figure these bots miss at tenhou by +3.9 points "
        "(goal ±2 points): people's play may move it otherwise"
    ]
    elsewhere = measured_in_study(REAL, {"ema-2025": {"win_rate": {"value": 0.25}}})
    assert elsewhere == {"ruleset": "tenhou", "who": "people", "source": REAL.source, "measured": False}
    assert cautions(REAL, elsewhere, {"win_rate": -0.031}, "x") == []
    assert measured_in_study(None, {}) is None
