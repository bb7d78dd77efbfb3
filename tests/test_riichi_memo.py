"""The han/fu memo: bounded whatever the stream of questions, and invisible in the answers.

``score`` keeps, per rule set and (han, raw fu, dealer, tsumo), what every score of that hand
shares and its finished scores for honba 0-7 and riichi sticks 0-3. These tests pin down that
a remembered answer is the answer computed from nothing (for every cell of every bundled Riichi
rule set, inside and outside the kept honba and sticks), that the memo never grows past its
bound, and that a Score stays what it is: read-only, and not made by hand.
"""

from __future__ import annotations

import itertools

import pytest
import yakuset
from yakuset.riichi import clear_memos, memo_sizes, score
from yakuset.riichi._score import PARTS

RIICHI = [info.id for info in yakuset.list_rulesets() if info.game == "riichi"]
RAW_FU = (*range(20, 111, 2), 25)
#: Inside the kept range (0, 1, 7 honba; 0, 3 sticks) and past it (8 honba, 4 sticks).
HONBA = (0, 1, 7, 8)
STICKS = (0, 3, 4)


def _answer(rs: yakuset.RuleSet, **kwargs: object) -> object:
    try:
        return score(rs, **kwargs).as_dict()  # type: ignore[arg-type]
    except yakuset.InputError as exc:
        return f"refused: {exc}"


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RIICHI)
def test_a_cold_score_equals_a_warm_score_for_every_cell(ruleset):
    rs = yakuset.load_ruleset(ruleset)
    differ = []
    for han, fu, dealer, tsumo in itertools.product(range(1, 16), RAW_FU, (False, True), (False, True)):
        for honba, sticks in itertools.product(HONBA, STICKS):
            kwargs = {"han": han, "fu": fu, "dealer": dealer, "tsumo": tsumo, "honba": honba, "riichi_sticks": sticks}
            clear_memos()
            cold = _answer(rs, **kwargs)
            warm = _answer(rs, **kwargs)
            if cold != warm:
                differ.append((kwargs, cold, warm))
    assert differ == []


def test_the_same_hand_asked_again_is_the_same_score_object():
    rs = yakuset.load_ruleset("tenhou")
    first = score(rs, han=3, fu=38, dealer=True, tsumo=True, honba=2, riichi_sticks=1)
    assert score(rs, han=3, fu=38, dealer=True, tsumo=True, honba=2, riichi_sticks=1) is first
    past_kept = score(rs, han=3, fu=38, honba=9)
    assert past_kept.total == score(rs, han=3, fu=38).total + 9 * 300  # tenhou: 300 a honba on a ron


def test_the_memo_never_holds_more_than_its_bound(monkeypatch):
    clear_memos()
    monkeypatch.setattr(PARTS, "size", 50)
    rs = yakuset.load_ruleset("tenhou")
    for han, fu in itertools.product(range(1, 14), RAW_FU):
        _answer(rs, han=han, fu=fu)
        assert len(PARTS) <= 50
    assert len(PARTS) == 50
    entries, bound = memo_sizes()["han/fu results"]
    assert (entries, bound) == (50, 50)


def test_every_hand_of_three_rule_sets_fits_in_the_memo_at_once():
    """The memo's keys are few enough (no honba or sticks in them) that a stream of realistic
    questions over three rule sets (a diff compares two) never pushes one out."""
    clear_memos()
    for ruleset in ("tenhou", "ema-2025", "mahjong-soul"):
        rs = yakuset.load_ruleset(ruleset)
        for han, fu, dealer, tsumo in itertools.product(range(1, 14), RAW_FU, (False, True), (False, True)):
            _answer(rs, han=han, fu=fu, dealer=dealer, tsumo=tsumo, honba=5, riichi_sticks=3)
    assert 0 < len(PARTS) < PARTS.size


def test_a_refused_hand_is_refused_again_and_not_remembered():
    rs = yakuset.load_ruleset("tenhou")
    clear_memos()
    for _ in range(2):
        with pytest.raises(yakuset.InputError, match="impossible on a ron"):
            score(rs, han=2, fu=20)
    assert len(PARTS) == 0


def test_a_score_is_read_only_and_not_made_by_hand():
    result = score(yakuset.load_ruleset("tenhou"), han=1, fu=30)
    with pytest.raises(AttributeError):
        result.total = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        result.extra = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match=r"made by yakuset\.riichi\.score"):
        yakuset.Score("tenhou", 1, 30)
    assert result == result and result != score(yakuset.load_ruleset("tenhou"), han=1, fu=30, honba=1)


@pytest.mark.parametrize("ruleset", RIICHI)
def test_the_tables_made_from_the_rules_hold_what_is_worked_out_from_nothing(ruleset):
    """The basic points of 1-13 han and the common hands' facts are made once per rule set and
    never forgotten: each cell equals the same question worked out alone, steps included, a
    hand the rule set refuses is not in them, and no steps are kept in them (a memo's entry
    builds its own, forgotten with it)."""
    from yakuset.riichi._limits import common_points, work_out
    from yakuset.riichi._rules import riichi_rules
    from yakuset.riichi._score import _COMMON, _common_hands, _han_fu_facts

    rs = yakuset.load_ruleset(ruleset)
    rules = riichi_rules(rs)
    points = common_points(rules)
    assert len(points) >= 13 * 10
    for (han, fu), cell in points.items():
        assert cell == work_out(rules, han, fu)
    for dealer, tsumo in itertools.product((False, True), repeat=2):
        table = _common_hands(rs, rules, dealer, tsumo)
        for han, fu in points:
            try:
                alone = _han_fu_facts(rs, rules, han, fu, dealer, tsumo).scored(0, 0)
            except yakuset.InputError:
                assert (han, fu) not in table
                continue
            kept = table[han, fu].unshared().scored(0, 0)
            assert kept.as_dict() == alone.as_dict()
    clear_memos()
    assert score(rs, han=3, fu=30, honba=2).steps == score(rs, han=3, fu=30, honba=2).steps
    assert all(not facts.kept_steps for table in _COMMON[rs].values() for facts in table.values())
