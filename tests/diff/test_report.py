"""`yakuset diff`'s report is the sequence of its sections (title, rule changes, behaviour, play,
played games), each rendering itself as text, Markdown, JSON and GitHub annotations."""

from __future__ import annotations

import yakuset
from yakuset import _replays, diff
from yakuset._core.report import Report
from yakuset.diff.sections import BehaviourSection, RulesSection, TitleSection

from ..helpers import ROOT

FIRST = ROOT / "examples" / "logs" / "first-example.mjlog"


def _formats(report: Report) -> tuple[str, str, str]:
    return report.text(colour=True), report.markdown(), report.github()


def test_each_format_of_a_report_is_each_sections_in_turn_and_its_json_their_members_in_order():
    a, b = yakuset.load_ruleset("nintendo"), yakuset.load_ruleset("fudawiki")
    changes = diff.structural(a, b)
    title, rules = TitleSection(a, b, changes, None), RulesSection(changes)
    first, second, both = _formats(Report((title,))), _formats(Report((rules,))), _formats(Report((title, rules)))
    assert both == tuple(x + y for x, y in zip(first, second))
    assert all(second)  # the rule changes say something in every format
    assert list(Report((title, rules)).json()) == ["a", "b", "game", "identical", "same_rules", "structural"]
    assert _formats(Report(())) == ("", "", "") and Report(()).json() == {}


def test_a_part_not_compared_prints_nothing_and_is_null_in_json():
    a = yakuset.load_ruleset("nintendo")
    for section, key in ((RulesSection(None), "structural"), (BehaviourSection(a, a, None), "behaviour")):
        assert section.text(True) == section.markdown() == section.github() == []
        assert section.json() == {key: None}


def test_the_played_games_are_the_diffs_own_behaviour_section_under_their_heading():
    """The hands of played games render as `yakuset.diff` renders any behaviour report: the same
    JSON, the same lines under the heading (the logs and placements come first)."""
    a, b = yakuset.load_ruleset("tenhou"), yakuset.load_ruleset("ema-2025")
    resolved = diff.structural(a, b)
    played = _replays.played(a, b, str(FIRST), resolved)
    section = _replays.PlayedGamesSection(a, b, played, 1, resolved)
    data = section.json()["played_games"]
    assert data["hands"] == diff.as_json(a, b, None, played.report, False, 0, played.causes)["behaviour"]
    assert (data["logs"], data["games"], len(data["placements"])) == (1, 1, 1)
    alone = diff.human(a, b, None, played.report, 0, False, played.causes, 1, resolved, heading="Played games")
    heading, *body = alone.splitlines()[1:]  # below the title
    text = section.text(False)
    assert text[0] == heading and text[-len(body) :] == body
    assert text[1] == f"  1 log(s) at {FIRST}; 1 of 1 whole game(s) change placements"
    markdown = diff.markdown(a, b, None, played.report, played.causes, heading="Played games").splitlines()
    assert section.markdown()[0] == "### Played games" and markdown[2] == "### Played games"
    assert section.markdown()[-len(markdown[4:]) :] == markdown[4:]
    assert section.github() == []
