"""People's rates at koikoi-japan (engine/koikoi/study/real_play.py): each is a figure a study
measures, and each is what KoiKoi-AI's records give (the slow test, with the repository)."""

from __future__ import annotations

import pytest
import yakuset
from yakuset import koikoi
from yakuset._core.realism import distances
from yakuset.koikoi.study.real_play import REAL_PLAY

from ..logs.test_replay import _mirror_records


def test_every_figure_of_real_play_is_one_a_study_measures() -> None:
    rs = yakuset.load_ruleset(REAL_PLAY.ruleset)
    summary = koikoi.summary(koikoi.play_matches(rs, 1, 0, 5, koikoi.find_bots(rs, ["greedy", "greedy"])))
    assert [d.figure.name for d in distances(REAL_PLAY, summary)] == [f.name for f in REAL_PLAY.figures]


@pytest.mark.slow
def test_the_figures_are_the_records_rates() -> None:
    """``python bench/koikoi_human_rates.py``'s figures, from all 201 records."""
    rs = yakuset.load_ruleset(REAL_PLAY.ruleset)
    replays = [koikoi.replay_record(rs, koikoi.read_record(data, name)) for name, data in _mirror_records()]
    summary = koikoi.summary(koikoi.recorded_tally(replays))
    assert summary["rounds"] == 1579
    assert {f.name: f.value for f in REAL_PLAY.figures} == {f.name: summary[f.name]["value"] for f in REAL_PLAY.figures}
