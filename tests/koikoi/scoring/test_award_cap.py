"""A cap on the round award as a rule key (issue 42 item 24): ``award: {max: 30}`` in a house
rule set extending FudaWiki (docs/rules/koikoi.md §4: it plays the award formula of docs/rules/koikoi.md with
no call limit).

Every expected number is worked by hand from document 000's formula, ``award = base ×
seven_multiplier × opponent_koi_multiplier × caller_multiplier`` (×2 from base 7, ×2 when the
loser called, ×(1 + own calls) up to ×6), its tables and worked examples, then capped at 30 as
the key says: the lesser of that and 30. None is copied from the engine's output.
"""

from __future__ import annotations

import pytest
import yakuset
from yakuset import Step
from yakuset.koikoi import award, award_tables

from ...helpers import ROOT, write

HOUSE = ROOT / "tests" / "data" / "house-award-max30.yaml"
CAPPED = Step("cap", "capped at 30", 30, "cap")


@pytest.fixture(scope="module")
def house() -> yakuset.RuleSet:
    return yakuset.load_ruleset(HOUSE)


@pytest.mark.parametrize(
    ("situation", "points", "explanation", "steps"),
    [
        # Worked example 3: 12 × 2 (7+) × 2 (your streak) = 48, more than 30.
        (
            {"base": 12, "own_calls": 1},
            30,
            "12 × 2 (7+) × 2 (your streak), capped at 30 = 30",
            (Step("seven_plus", "7+", 2), Step("own_streak", "your streak", 2), CAPPED),
        ),
        # Worked example 2: 8 × 2 (7+) × 2 (opponent Koi-Koi) × 1 = 32, more than 30.
        (
            {"base": 8, "opponent_calls": 1},
            30,
            "8 × 2 (7+) × 2 (opponent Koi-Koi) × 1, capped at 30 = 30",
            (
                Step("seven_plus", "7+", 2),
                Step("opponent_koikoi", "opponent Koi-Koi", 2),
                Step("own_streak", "your streak", 1),
                CAPPED,
            ),
        ),
        # Worked example 1: 6 × 4 = 24, under the cap: no cap step.
        ({"base": 6, "own_calls": 3}, 24, "6 × 4 (your streak) = 24", (Step("own_streak", "your streak", 4),)),
        # The tables' 5 with 5+ calls and 15 with none: 30 exactly, which the cap does not lower.
        ({"base": 5, "own_calls": 5}, 30, "5 × 6 (your streak) = 30", (Step("own_streak", "your streak", 6),)),
        (
            {"base": 15},
            30,
            "15 × 2 (7+) × 1 = 30",
            (Step("seven_plus", "7+", 2), Step("own_streak", "your streak", 1)),
        ),
    ],
)
def test_the_cap_is_the_last_step_and_shows_only_where_it_lowers_the_award(
    house, situation, points, explanation, steps
):
    result = award(house, **situation)
    assert (result.points, result.explanation, result.steps) == (points, explanation, steps)


def test_the_largest_award_of_the_tables_is_capped(house):
    # The second table's 20 with 5+ calls: 20 × 2 × 2 × 6 = 480.
    result = award(house, base=20, own_calls=5, opponent_calls=1)
    assert result.points == 30
    assert result.step_lines[-1] == "cap: ≤ 30 (capped at 30)"
    assert result.as_dict()["steps"][-1] == {"id": "cap", "label": "capped at 30", "factor": 30, "op": "cap"}


def test_a_base_of_zero_still_awards_nothing(house):
    assert award(house, base=0, own_calls=5, opponent_calls=1).points == 0


def test_the_award_tables_are_the_documents_capped_at_30(house):
    first, second = award_tables(house, bases=(1, 4, 7, 20))
    rows = dict(first.rows)
    # Document 000's rows, each cell the lesser of it and 30.
    assert rows[1] == (1, 2, 3, 4, 5, 6)
    assert rows[4] == (4, 8, 12, 16, 20, 24)
    assert rows[7] == (14, 28, 30, 30, 30, 30)  # 14, 28, 42, 56, 70, 84
    assert rows[20] == (30, 30, 30, 30, 30, 30)  # 40, 80, ...
    assert dict(second.rows)[4] == (8, 16, 24, 30, 30, 30)  # 8, 16, 24, 32, 40, 48
    # The column factors are the document's: base 1 is never capped.
    assert first.own_factors == (1, 2, 3, 4, 5, 6)


def test_the_cap_comes_after_points_added_too(tmp_path):
    # A bonus added after the streak: 12 × 2 × 2 + 5 = 53, capped; 2 × 2 + 5 = 9 is not.
    path = write(
        tmp_path,
        "bonus.yaml",
        f"""\
        extends: {HOUSE}
        name: Bonus
        award:
          multipliers:
            - {{id: bonus, new: true, label: bonus, add: 5}}
        """,
    )
    rs = yakuset.load_ruleset(path)
    capped = award(rs, base=12, own_calls=1)
    assert (capped.points, capped.steps[-2:]) == (30, (Step("bonus", "bonus", 5, "add"), CAPPED))
    assert award(rs, base=2, own_calls=1).points == 9


def test_the_cap_is_inherited_changed_and_removed_through_extends(tmp_path):
    def child(value: str) -> yakuset.RuleSet:
        text = f"extends: {HOUSE}\nname: Child\naward:\n  max: {value}\n"
        return yakuset.load_ruleset(write(tmp_path, f"child-{len(value)}.yaml", text))

    inherits = yakuset.load_ruleset(write(tmp_path, "plain.yaml", f"extends: {HOUSE}\nname: Plain\n"))
    assert award(inherits, base=12, own_calls=1).points == 30
    assert award(child("40"), base=12, own_calls=1).explanation == "12 × 2 (7+) × 2 (your streak), capped at 40 = 40"
    assert award(child("null"), base=12, own_calls=1).points == 48  # `null` removes an inherited key
    assert award(yakuset.load_ruleset("fudawiki"), base=12, own_calls=1).points == 48  # the parent unchanged


@pytest.mark.parametrize(
    ("value", "got"),
    [
        ("0", "the number 0"),
        ("-30", "the number -30"),
        ("2.5", "the number 2.5"),
        ("30.0", "the number 30.0"),
        ("thirty", "text 'thirty'"),
        ("true", "the boolean true"),
        ("[30]", "a list"),
        ("{points: 30}", "a mapping"),
    ],
)
def test_a_cap_that_is_no_positive_whole_number_is_refused_where_it_is_written(tmp_path, value, got):
    path = write(tmp_path, "bad.yaml", f"extends: fudawiki\nname: Bad\naward:\n  max: {value}\n")
    with pytest.raises(yakuset.RulesetError) as refused:
        yakuset.load_ruleset(path)
    (problem,) = refused.value.problems
    assert str(problem) == (
        f"{path}:4:8: award.max: expected a whole number of at least 1, got {got} (hint: for example `max: 30`)"
    )
