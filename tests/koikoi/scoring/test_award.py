"""The Koi-Koi round award (yakuset.koikoi.award) against docs/rules/koikoi.md §8.

The award tables and worked examples below are transcribed from the rule document
("Multipliers & Awards"), never computed with the engine: docs/rules/koikoi.md §4 makes all five
bundled Koi-Koi rule sets use that document's formula.
"""

from __future__ import annotations

import functools

import pytest
import yakuset
from yakuset import Step
from yakuset.koikoi import award

from ...helpers import ROOT

KOIKOI_RULESETS = ("nintendo", "tournament", "yakuza", "fudawiki", "kk-add-10")
DATA = ROOT / "tests" / "data"


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


# Rule document 000, "Award tables". Columns: own calls 0, 1, 2, 3, 4, 5+.
OWN_CALLS_COLUMNS = (0, 1, 2, 3, 4, 5)

# "Opponent Koi-Koi calls: none (x1)"
TABLE_OPPONENT_NONE = {
    1: (1, 2, 3, 4, 5, 6),
    2: (2, 4, 6, 8, 10, 12),
    3: (3, 6, 9, 12, 15, 18),
    4: (4, 8, 12, 16, 20, 24),
    5: (5, 10, 15, 20, 25, 30),
    6: (6, 12, 18, 24, 30, 36),
    7: (14, 28, 42, 56, 70, 84),
    8: (16, 32, 48, 64, 80, 96),
    9: (18, 36, 54, 72, 90, 108),
    10: (20, 40, 60, 80, 100, 120),
    12: (24, 48, 72, 96, 120, 144),
    15: (30, 60, 90, 120, 150, 180),
    20: (40, 80, 120, 160, 200, 240),
}

# "Opponent Koi-Koi calls: 1 or more (x2)"
TABLE_OPPONENT_CALLED = {
    1: (2, 4, 6, 8, 10, 12),
    2: (4, 8, 12, 16, 20, 24),
    3: (6, 12, 18, 24, 30, 36),
    4: (8, 16, 24, 32, 40, 48),
    5: (10, 20, 30, 40, 50, 60),
    6: (12, 24, 36, 48, 60, 72),
    7: (28, 56, 84, 112, 140, 168),
    8: (32, 64, 96, 128, 160, 192),
    9: (36, 72, 108, 144, 180, 216),
    10: (40, 80, 120, 160, 200, 240),
    12: (48, 96, 144, 192, 240, 288),
    15: (60, 120, 180, 240, 300, 360),
    20: (80, 160, 240, 320, 400, 480),
}

TABLE_CASES = [
    *[(0, base, row) for base, row in TABLE_OPPONENT_NONE.items()],
    # "1 or more": one call and several calls give the same table.
    *[(1, base, row) for base, row in TABLE_OPPONENT_CALLED.items()],
    *[(3, base, row) for base, row in TABLE_OPPONENT_CALLED.items()],
]


@pytest.mark.parametrize("ruleset_id", KOIKOI_RULESETS)
@pytest.mark.parametrize(
    ("opponent_calls", "base", "expected_row"), TABLE_CASES, ids=[f"opp{o}-base{b}" for o, b, _ in TABLE_CASES]
)
def test_award_matches_rule_document_table_cell_by_cell(ruleset_id, opponent_calls, base, expected_row):
    rs = ruleset(ruleset_id)
    row = tuple(
        award(rs, base=base, own_calls=calls, opponent_calls=opponent_calls).points for calls in OWN_CALLS_COLUMNS
    )
    assert row == expected_row


def test_tables_hold_every_base_the_rule_document_lists():
    # Guards the transcription itself: both tables have the document's 13 rows of 6 columns.
    bases = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20)
    for table in (TABLE_OPPONENT_NONE, TABLE_OPPONENT_CALLED):
        assert tuple(table) == bases
        assert all(len(row) == len(OWN_CALLS_COLUMNS) for row in table.values())


# --- worked examples -----------------------------------------------------------------

WORKED_EXAMPLES = [
    pytest.param(
        dict(base=6, own_calls=3, opponent_calls=0),
        24,
        "6 × 4 (your streak) = 24",
        (Step("own_streak", "your streak", 4),),
        id="example1-streak-bank",
    ),
    pytest.param(
        dict(base=8, own_calls=0, opponent_calls=1),
        32,
        "8 × 2 (7+) × 2 (opponent Koi-Koi) × 1 = 32",
        (
            Step("seven_plus", "7+", 2),
            Step("opponent_koikoi", "opponent Koi-Koi", 2),
            Step("own_streak", "your streak", 1),
        ),
        id="example2-seven-plus-and-opponent",
    ),
    pytest.param(
        dict(base=12, own_calls=1, opponent_calls=0),
        48,
        "12 × 2 (7+) × 2 (your streak) = 48",
        (Step("seven_plus", "7+", 2), Step("own_streak", "your streak", 2)),
        id="example3-big-streak",
    ),
]


@pytest.mark.parametrize("ruleset_id", KOIKOI_RULESETS)
@pytest.mark.parametrize(("situation", "points", "explanation", "steps"), WORKED_EXAMPLES)
def test_worked_example_points_and_explanation(ruleset_id, situation, points, explanation, steps):
    result = award(ruleset(ruleset_id), **situation)
    assert result.points == points
    assert result.explanation == explanation


@pytest.mark.parametrize("ruleset_id", KOIKOI_RULESETS)
@pytest.mark.parametrize(("situation", "points", "explanation", "steps"), WORKED_EXAMPLES)
def test_worked_example_steps_name_each_applied_multiplier(ruleset_id, situation, points, explanation, steps):
    result = award(ruleset(ruleset_id), **situation)
    assert isinstance(result.steps, tuple)
    assert result.steps == steps
    # base × every factor is the award
    product = result.base
    for step in result.steps:
        product *= step.factor
    assert product == result.points == points


def test_seven_plus_step_appears_only_from_base_seven():
    rs = ruleset("nintendo")
    assert "seven_plus" not in [s.id for s in award(rs, base=6).steps]
    assert "seven_plus" in [s.id for s in award(rs, base=7).steps]


def test_own_streak_step_is_always_shown_even_without_calls():
    steps = award(ruleset("nintendo"), base=3).steps
    assert steps == (Step("own_streak", "your streak", 1),)
    assert award(ruleset("nintendo"), base=3).explanation == "3 × 1 = 3"


@pytest.mark.parametrize("opponent_calls", [1, 2, 3, 5, 20])
def test_opponent_call_doubles_whatever_the_count(opponent_calls):
    rs = ruleset("nintendo")
    result = award(rs, base=4, own_calls=1, opponent_calls=opponent_calls)
    assert result.points == 16  # 4 × 2 (opponent) × 2 (one own call)
    assert [s for s in result.steps if s.id == "opponent_koikoi"] == [Step("opponent_koikoi", "opponent Koi-Koi", 2)]


def test_own_calls_never_trigger_the_opponent_multiplier():
    # "Your own calls never double your opponent's score. They only raise your own award."
    rs = ruleset("nintendo")
    result = award(rs, base=5, own_calls=4, opponent_calls=0)
    assert result.points == 25
    assert "opponent_koikoi" not in [s.id for s in result.steps]
    assert award(rs, base=5, own_calls=0, opponent_calls=4).points == 10


# --- the cap and the no-award case -----------------------------------------------------


@pytest.mark.parametrize("ruleset_id", KOIKOI_RULESETS)
@pytest.mark.parametrize("own_calls", [5, 6, 7, 20])
def test_own_streak_stops_at_six_past_five_calls(ruleset_id, own_calls):
    rs = ruleset(ruleset_id)
    assert award(rs, base=1, own_calls=own_calls).points == 6
    assert award(rs, base=20, own_calls=own_calls, opponent_calls=1).points == 480
    streak = [s for s in award(rs, base=1, own_calls=own_calls).steps if s.id == "own_streak"]
    assert [s.factor for s in streak] == [6]


@pytest.mark.parametrize("ruleset_id", KOIKOI_RULESETS)
@pytest.mark.parametrize("base", [0, -1, -7, -100])
@pytest.mark.parametrize(("own_calls", "opponent_calls"), [(0, 0), (3, 1), (20, 5)])
def test_base_zero_or_negative_awards_nothing(ruleset_id, base, own_calls, opponent_calls):
    result = award(ruleset(ruleset_id), base=base, own_calls=own_calls, opponent_calls=opponent_calls)
    assert result.points == 0
    assert [s.id for s in result.steps] == ["no_award"]
    assert result.explanation.endswith("= 0")


# --- wrong input ------------------------------------------------------------------------


def test_input_error_is_a_value_error():
    assert issubclass(yakuset.InputError, ValueError)


@pytest.mark.parametrize("argument", ["own_calls", "opponent_calls"])
@pytest.mark.parametrize("value", [-1, -5])
def test_negative_call_count_is_refused_naming_the_argument(argument, value):
    situation = {"base": 8, "own_calls": 0, "opponent_calls": 0, argument: value}
    with pytest.raises(yakuset.InputError, match=argument):
        award(ruleset("nintendo"), **situation)


@pytest.mark.parametrize("argument", ["base", "own_calls", "opponent_calls"])
@pytest.mark.parametrize("value", [1.5, "3", True, None], ids=["float", "str", "bool", "none"])
def test_non_integer_argument_is_refused_naming_the_argument(argument, value):
    situation = {"base": 8, "own_calls": 0, "opponent_calls": 0, argument: value}
    with pytest.raises(yakuset.InputError, match=argument) as caught:
        award(ruleset("nintendo"), **situation)
    assert isinstance(caught.value, ValueError)


# --- a house variant through `extends` --------------------------------------------------

HOUSE_FILE = DATA / "house-cap4.yaml"


@pytest.mark.parametrize("source", [HOUSE_FILE, str(HOUSE_FILE)], ids=["path", "str-with-slash"])
def test_house_rule_set_caps_own_streak_at_four(source):
    rs = yakuset.load_ruleset(source)
    assert rs.id == "house-cap4"
    assert rs.game == "koikoi"
    result = award(rs, base=20, own_calls=5)
    assert result.points == 160  # 20 × 2 (7+) × 4 (capped streak)
    assert result.explanation == "20 × 2 (7+) × 4 (your streak) = 160"


@pytest.mark.parametrize("own_calls", [3, 4, 5, 20])
def test_house_rule_set_cap_holds_from_three_calls(own_calls):
    rs = yakuset.load_ruleset(HOUSE_FILE)
    assert award(rs, base=1, own_calls=own_calls).points == 4
    assert award(rs, base=1, own_calls=2).points == 3


def test_house_rule_set_inherits_other_multipliers_from_nintendo():
    rs = yakuset.load_ruleset(HOUSE_FILE)
    result = award(rs, base=20, own_calls=5, opponent_calls=1)
    assert result.points == 320  # 20 × 2 (7+) × 2 (opponent) × 4
    assert result.steps == (
        Step("seven_plus", "7+", 2),
        Step("opponent_koikoi", "opponent Koi-Koi", 2),
        Step("own_streak", "your streak", 4),
    )
    # below 7 and without an opponent call, only the streak applies, as in Nintendo
    assert award(rs, base=6, own_calls=1).points == 12
    # the no-award rule comes from the base too
    assert award(rs, base=0, own_calls=5, opponent_calls=1).points == 0


def test_house_rule_set_leaves_nintendo_unchanged():
    yakuset.load_ruleset(HOUSE_FILE)
    assert award(yakuset.load_ruleset("nintendo"), base=20, own_calls=5).points == 240
