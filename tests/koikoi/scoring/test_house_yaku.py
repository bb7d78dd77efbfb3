"""A house-rule designer changes a yaku's value or adds a new yaku by editing YAML only."""

from __future__ import annotations

import textwrap

import pytest
import yakuset

RAIN_AND_TWO = ["11-bright-rainman", "01-bright-crane", "03-bright-curtain"]


def house(tmp_path, text: str) -> yakuset.RuleSet:
    path = tmp_path / "house.yaml"
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return yakuset.load_ruleset(path)


def test_a_new_yaku_in_yaml_scores_without_python(tmp_path):
    # A house yaku: the rain man with two other brights (no yaku in every bundled rule set) is 3.
    rs = house(
        tmp_path,
        """
        extends: nintendo
        name: Nintendo with a rainy three
        yaku:
          - id: ame_sanko
            label: Ame-sanko (rain man and two brights)
            cards: {kind: bright}
            needs: [11-bright-rainman]
            count: 3
            points: 3
            group: brights
        """,
    )
    assert yakuset.koikoi.yaku(yakuset.load_ruleset("nintendo"), RAIN_AND_TWO).base == 0
    hand = yakuset.koikoi.yaku(rs, RAIN_AND_TWO)
    assert (hand.base, [y.id for y in hand.yaku]) == (3, ["ame_sanko"])
    # In the brights group it gives way to a better bright yaku (Ame-shiko 7 with a fourth bright).
    four = yakuset.koikoi.yaku(rs, [*RAIN_AND_TWO, "08-bright-moon"])
    assert [y.id for y in four.yaku] == ["ame_shiko"]


def test_changing_a_yaku_value_in_yaml(tmp_path):
    rs = house(
        tmp_path,
        """
        extends: nintendo
        name: Nintendo with a richer Kasu
        yaku:
          - {id: kasu, points: 2, per_extra: 2}
        """,
    )
    chaff = [f"{m:02d}-chaff-{n}" for m in (1, 2, 3, 4, 5, 6) for n in (1, 2)]  # 12 chaff
    assert yakuset.koikoi.yaku(rs, chaff).base == 2 + 2 * 2


def test_a_new_yaku_naming_a_card_outside_the_deck_is_a_located_error(tmp_path):
    with pytest.raises(yakuset.RulesetError) as caught:
        house(
            tmp_path,
            """
            extends: nintendo
            name: Typo
            yaku:
              - {id: odd, needs: [01-bright-sun], points: 1}
            """,
        )
    [problem] = caught.value.problems
    assert (problem.location.line, problem.path) == (4, "yaku[odd].needs[0]")
