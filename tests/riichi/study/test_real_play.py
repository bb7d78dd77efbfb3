"""Riichi's real-play figures are the source's own counts (kobalab's "天鳳統計(1)", 2016 houou
hanchan: docs/validation.md, "Real play"), read per seat and hand as a study reads them."""

from __future__ import annotations

from yakuset.riichi import study  # noqa: F401
from yakuset.riichi.study.real_play import REAL_PLAY

HANDS = 1_710_645  # 局数
COUNTS = {  # the source's counts: wins (a double ron two), deal-ins, riichi, calls (副露数)
    "win_rate": 1_442_983,
    "deal_in_rate": 853_832,
    "riichi_rate": 1_166_027,
    "call_rate": 2_356_214,
}


def test_each_rate_is_the_sources_count_over_its_seat_hands_to_a_tenth_of_a_point():
    figures = {f.name: f for f in REAL_PLAY.figures}
    for name, count in COUNTS.items():
        assert round(count / (4 * HANDS), 3) == figures[name].value
    assert round(277_057 / HANDS, 3) == figures["exhaustive_draws"].value  # 流局数 over 局数
    assert round(8_148_454_300 / 1_442_983) == figures["hand_value"].value  # 総打点 over wins


def test_the_reference_is_tenhou_and_names_its_sample():
    assert REAL_PLAY.ruleset == "tenhou"
    assert "159,798 hanchan" in REAL_PLAY.who and "1,710,645 hands" in REAL_PLAY.who
