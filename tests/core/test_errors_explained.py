"""Errors and warnings say what to do: a near-miss id, a tab, a `game:` that contradicts the rule
set extended, a wrong type with an example, a failing plugin named with its hook, and settings
that do nothing reported as warnings (never as errors)."""

from __future__ import annotations

import json
import sys
import warnings

import pytest
import yakuset

from ..helpers import run, shown, write

# --- hints --------------------------------------------------------------------------------------


def test_an_id_close_to_an_inherited_one_is_a_warning_that_names_it(tmp_path, capsys):
    path = write(
        tmp_path,
        "club.yaml",
        """
        extends: fudawiki
        name: Club
        award:
          multipliers:
            - id: own_streek
              factor: 2
        """,
    )
    rs = yakuset.load_ruleset(path)
    (warning,) = rs.warnings
    assert str(warning) == (
        f"{shown(path)}:5:7: award.multipliers[own_streek]: warning: no inherited item has the id "
        "'own_streek', so this adds a new item (hint: did you mean 'own_streak'? (an id changes the "
        "inherited item of that id; a new id adds an item))"
    )
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0
    assert out.splitlines() == [str(warning), f"{shown(path)}: ok (1 warning)"]


def test_the_near_miss_hint_comes_with_the_error_it_explains(tmp_path):
    path = write(
        tmp_path,
        "club.yaml",
        """
        extends: fudawiki
        name: Club
        award:
          multipliers:
            - id: own_streek
              max: 4
        """,
    )
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(path)
    messages = [p.message for p in caught.value.problems]
    assert "a multiplier needs exactly one of `factor` and `add`" in messages
    assert "no inherited item has the id 'own_streek', so this adds a new item" in messages


def test_an_item_marked_new_adds_itself_without_the_near_miss_warning(tmp_path, capsys):
    path = write(
        tmp_path,
        "club.yaml",
        """
        extends: fudawiki
        name: Club
        award:
          multipliers:
            - id: own_streek
              new: true
              factor: 2
        """,
    )
    rs = yakuset.load_ruleset(path)
    assert rs.warnings == ()
    ids = [item["id"] for item in rs.document["award"]["multipliers"]]
    assert ids[-1] == "own_streek" and "own_streak" in ids
    assert "new" not in rs.document["award"]["multipliers"][-1]  # about the file, not a rule
    assert yakuset.koikoi.award(rs, base=3).points == 3 * 2
    code, out, _ = run(capsys, "validate", str(path))
    assert (code, out.splitlines()) == (0, [f"{shown(path)}: ok"])


def test_an_item_marked_new_whose_id_is_inherited_is_an_error(tmp_path):
    path = write(
        tmp_path,
        "club.yaml",
        """
        extends: fudawiki
        name: Club
        award:
          multipliers:
            - id: own_streak
              new: true
              max: 4
        """,
    )
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(path)
    (problem,) = caught.value.problems
    assert str(problem) == (
        f"{shown(path)}:6:12: award.multipliers[own_streak].new: the item is marked new, but an inherited "
        "item has the id 'own_streak' (hint: remove `new: true` to change the inherited item, or give "
        "this one an id of its own)"
    )


def test_a_tab_gets_a_hint_about_yaml_indentation(tmp_path):
    path = write(tmp_path, "tab.yaml", "extends: nintendo\nname: X\naward:\n\tmultipliers: []\n")
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(path)
    (problem,) = caught.value.problems
    assert problem.hint == "YAML indents with spaces, never tabs: replace the tab with spaces"
    assert (problem.location.line, problem.location.col) == (4, 1)


def test_game_riichi_in_a_file_that_extends_a_koikoi_set_is_one_error_at_that_line(tmp_path):
    path = write(tmp_path, "odd.yaml", "extends: nintendo\nname: X\ngame: riichi\n")
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(path)
    (problem,) = caught.value.problems
    assert str(problem) == (
        f"{shown(path)}:3:7: game: this file says `game: riichi`, but 'nintendo', which it extends, is a koikoi "
        "rule set (hint: remove `game:` to keep koikoi, or extend a riichi rule set (`yakuset list --game riichi`))"
    )


def test_a_misspelt_section_is_one_problem_with_no_cascade(tmp_path):
    path = write(tmp_path, "sec.yaml", "extends: nintendo\nname: X\nawrd:\n  multipliers: []\n")
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(path)
    assert [str(p) for p in caught.value.problems] == [
        f"{shown(path)}:3:1: awrd: unknown key 'awrd' (hint: did you mean 'award'?)"
    ]


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("extends: nintendo\nname: X\ncalls: {limit_per_round: once}\n", "for example `limit_per_round: 1`"),
        ("extends: tenhou\nname: X\nfu:\n  base: twenty\n", "for example `base: 20`"),
        ("extends: tenhou\nname: X\npenalties:\n  chombo: sometimes\n", "for example `chombo: none`"),
    ],
)
def test_a_wrong_type_is_answered_with_an_example_of_a_valid_value(tmp_path, text, hint):
    path = write(tmp_path, "house.yaml", text)
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(path)
    (problem,) = caught.value.problems
    assert problem.hint == hint


# --- a plugin that fails ---------------------------------------------------------------------------

BROKEN = """
from yakuset import hookimpl

@hookimpl
def yakuset_koikoi_award_context(ruleset, base, own_calls, opponent_calls, field_brights):
    return {"jackpot": base // (own_calls - own_calls)}

@hookimpl
def yakuset_expression_names(game):
    return {"jackpot": "a bonus"} if game == "koikoi" else None
"""


@pytest.fixture
def broken_plugin(tmp_path, monkeypatch):
    (tmp_path / "broken_bonus.py").write_text(BROKEN, encoding="utf-8")
    info = tmp_path / "broken_bonus-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-bonus\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[yakuset]\nbroken_bonus = broken_bonus\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield write(
        tmp_path,
        "house.yaml",
        """
        extends: fudawiki
        name: House
        plugins:
          broken_bonus: {}
        award:
          multipliers:
            - {id: jackpot, label: jackpot, add: jackpot}
        """,
    )
    sys.modules.pop("broken_bonus", None)


def test_an_exception_in_a_plugin_hook_names_the_plugin_and_the_hook(broken_plugin):
    rs = yakuset.load_ruleset(broken_plugin)
    with pytest.raises(yakuset.PluginError) as caught:
        yakuset.koikoi.award(rs, base=8)
    error = caught.value
    assert (error.plugin, error.hook) == ("broken_bonus", "yakuset_koikoi_award_context")
    assert str(error) == (
        "plugin 'broken_bonus' failed in its hook yakuset_koikoi_award_context: ZeroDivisionError: "
        "integer division or modulo by zero"
    )
    assert isinstance(error.__cause__, ZeroDivisionError)


def test_the_cli_reports_a_failing_plugin_in_one_line_with_exit_2(broken_plugin, capsys):
    code, out, err = run(capsys, "award", str(broken_plugin), "--base", "8")
    assert (code, out) == (2, "")
    assert err == (
        "yakuset: error: plugin 'broken_bonus' failed in its hook yakuset_koikoi_award_context: ZeroDivisionError: "
        "integer division or modulo by zero\n"
    )


# --- settings that do nothing ---------------------------------------------------------------------


def test_double_patterns_under_a_single_yakuman_cap_are_a_warning_at_the_line_written(tmp_path):
    path = write(tmp_path, "capped.yaml", "extends: full-scoring\nname: Capped\nyakuman:\n  stacking: single\n")
    rs = yakuset.load_ruleset(path)
    assert [(str(w.location), w.path, w.warning) for w in rs.warnings] == [
        (f"{shown(path)}:4:13", "yakuman.stacking", True),
        (f"{shown(path)}:4:13", "yakuman.stacking", True),
    ]
    assert rs.warnings[0].message == (
        "double_patterns counts only under `stacking: add_with_doubles`; with `stacking: single` it does nothing"
    )


CALLS_PAST_THE_LIMIT = (
    "3 Koi-Koi calls, but nintendo allows 1 a player in a round (calls.limit_per_round): no game reaches this award"
)


def test_more_calls_than_the_rule_set_allows_warn_but_still_answer(capsys):
    nintendo = yakuset.load_ruleset("nintendo")  # one Koi-Koi call per player per round
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the warning is on the result, not raised
        result = yakuset.koikoi.award(nintendo, base=8, own_calls=3)
    assert result.points == 8 * 2 * 4  # 7+ and the streak: the formula still answers
    assert result.warnings == (CALLS_PAST_THE_LIMIT,)
    code, out, err = run(capsys, "award", "nintendo", "--base", "8", "--own-calls", "3")
    assert (code, out, err) == (0, "64\n", f"yakuset: warning: {CALLS_PAST_THE_LIMIT}\n")
    code, out, err = run(capsys, "award", "nintendo", "--base", "8", "--own-calls", "3", "--json")
    assert code == 0 and json.loads(out)["points"] == 64 and "warnings" not in json.loads(out)
    assert err == f"yakuset: warning: {CALLS_PAST_THE_LIMIT}\n"


def test_more_field_brights_than_the_deck_has_warn():
    result = yakuset.koikoi.award(yakuset.load_ruleset("bga"), base=8, field_brights=6)
    assert result.warnings == (
        "6 brights on the field, but bga's deck has 5 (match.field_brights): no deal reaches this award",
    )


def test_a_case_past_the_call_limit_is_compared_and_its_warnings_printed_once_each(capsys, tmp_path):
    cases = write(tmp_path, "cases.yaml", "cases:\n  - {base: 8, own_calls: 3}\n  - {base: 9, own_calls: 3}\n")
    code, _, err = run(capsys, "diff", "nintendo", "tournament", "--cases", str(cases), "--behaviour-only")
    assert code in (0, 1)
    assert err == (
        f"yakuset: warning: {CALLS_PAST_THE_LIMIT}\n"
        f"yakuset: warning: {CALLS_PAST_THE_LIMIT.replace('nintendo', 'tournament')}\n"
    )


def test_no_bundled_rule_set_has_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for rs in yakuset.list_rulesets():
            assert yakuset.load_ruleset(rs.id).warnings == (), rs.id


def test_a_formula_that_fails_past_what_load_could_try_names_its_place_and_values(tmp_path, capsys):
    # Loading tries 0-12 calls; FudaWiki allows any number, so 20 calls reach the division.
    path = write(
        tmp_path,
        "far.yaml",
        """
        extends: fudawiki
        name: Far
        award:
          multipliers:
            - id: own_streak
              factor: 40 // (own_calls - 20)
        """,
    )
    rs = yakuset.load_ruleset(path)
    with pytest.raises(yakuset.InputError) as caught:
        yakuset.koikoi.award(rs, base=8, own_calls=20)
    message = f"{shown(path)}:6:15: award.multipliers[own_streak].factor: division by zero in `40 // (own_calls - 20)` when own_calls = 20"
    assert str(caught.value) == message
    code, out, err = run(capsys, "award", str(path), "--base", "8", "--own-calls", "20")
    assert (code, out, err) == (2, "", f"yakuset: error: {message}\n")
