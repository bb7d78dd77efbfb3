"""The table rules that change a hand's score from its tiles: red fives per suit, ura and kan dora,
open tanyao, and kokushi robbing a closed kan (docs/rules/riichi-table.md §2)."""

from __future__ import annotations

import functools

import pytest
import yakuset
from yakuset import InputError
from yakuset.riichi import NoYaku, evaluate


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


# A closed tanyao hand with a red 5p: 234m 406p 678s 22p + 345s, won on 3s (ryanmen), ron, south seat.
RED_HAND = "234m406p678s22p345s"


def test_the_same_hand_with_a_red_five_differs_by_the_red_dora_between_ema_2025_and_tenhou():
    # Tenhou's lobby counts one red five per suit; the EMA rules use none (BMJA): 0p is a plain 5p.
    # Riichi 1 + tanyao 1 + pinfu 1 (+ red 1 under tenhou); pinfu ron is 30 fu. Non-dealer ron:
    # 3 han 30 fu = 3900, 4 han 30 fu = 7700 (Tenhou has no kiriage).
    tenhou = evaluate(ruleset("tenhou"), RED_HAND, win="3s", riichi=True, seat_wind="south")
    ema = evaluate(ruleset("ema-2025"), RED_HAND, win="3s", riichi=True, seat_wind="south")
    assert (tenhou.han, tenhou.fu, tenhou.red, tenhou.total) == (4, 30, 1, 7700)
    assert (ema.han, ema.fu, ema.red, ema.total) == (3, 30, 0, 3900)
    assert tenhou.han - ema.han == 1


def test_a_red_five_read_as_a_plain_five_says_so_in_the_first_step():
    result = evaluate(ruleset("ema-2025"), RED_HAND, win="3s", riichi=True, seat_wind="south")
    first = result.steps[0]
    assert (first.id, first.factor) == ("red_fives", 0)
    assert "0p read as plain 5p" in first.label and "ema-2025 has no red fives" in first.label


def test_more_red_fives_of_a_suit_than_the_rule_set_has_are_refused():
    # M-League plays one red five per suit: two red 5p (in 340p and in the pair 05p) cannot be in one hand.
    with pytest.raises(InputError, match=r"2 red 5p: the rule set has 1 \(tiles\.red_fives\.p\)"):
        evaluate(ruleset("m-league"), "234m340p678s05p345s", win="3s", riichi=True, seat_wind="south")
    # Under the EMA rules both are plain fives.
    assert evaluate(ruleset("ema-2025"), "234m340p678s05p345s", win="3s", riichi=True, seat_wind="south").red == 0


def test_a_house_rule_set_with_two_red_5p_counts_both(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: tenhou\nname: Four reds\ntiles:\n  red_fives: {m: 1, p: 2, s: 1}\n", encoding="utf-8")
    result = evaluate(yakuset.load_ruleset(path), "234m340p678s05p345s", win="3s", riichi=True, seat_wind="south")
    assert result.red == 2


def test_jpml_a_has_no_ura_and_no_kan_dora():
    # A player's summary of the A-rules: "裏ドラ、槓ドラはない" (docs/rules/riichi-table.md §3).
    rs = ruleset("jpml-a")
    with pytest.raises(InputError, match=r"no ura dora \(tiles\.ura_dora: false\)"):
        evaluate(rs, RED_HAND, win="3s", riichi=True, seat_wind="south", dora_indicators=["1m"], ura_indicators=["2m"])
    with pytest.raises(InputError, match=r"no kan dora \(tiles\.kan_dora: false\): give one dora indicator, got 2"):
        evaluate(rs, "234m456p678s22p345s", win="3s", riichi=True, seat_wind="south", dora_indicators=["1m", "2m"])
    assert (
        evaluate(rs, "234m456p678s22p345s", win="3s", riichi=True, seat_wind="south", dora_indicators=["1m"]).dora == 1
    )


def test_a_rule_set_without_kan_ura_takes_one_ura_indicator(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: tenhou\nname: No kan ura\ntiles:\n  kan_ura: false\n", encoding="utf-8")
    rs = yakuset.load_ruleset(path)
    kan = [("ankan", "9999m")]
    with pytest.raises(InputError, match=r"no kan ura \(tiles\.kan_ura: false\): give one ura indicator, got 2"):
        evaluate(
            rs,
            "234p22p345s567s",
            win="3s",
            melds=kan,
            riichi=True,
            dora_indicators=["1z", "2z"],
            ura_indicators=["3z", "4z"],
        )
    assert evaluate(
        rs, "234p22p345s567s", win="3s", melds=kan, riichi=True, dora_indicators=["1z", "2z"], ura_indicators=["3z"]
    )


def test_without_open_tanyao_an_open_all_simples_hand_has_no_yaku(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: tenhou\nname: No kuitan\nwins:\n  open_tanyao: false\n", encoding="utf-8")
    rs = yakuset.load_ruleset(path)
    open_hand = {"melds": [("chi", "234m")], "win": "3s", "seat_wind": "south"}
    assert "tanyao" in evaluate(ruleset("tenhou"), "456p678s22p345s", **open_hand).yaku
    with pytest.raises(NoYaku):
        evaluate(rs, "456p678s22p345s", **open_hand)
    assert "tanyao" in evaluate(rs, "234m456p678s22p345s", win="3s", seat_wind="south").yaku  # closed: still a yaku
    with pytest.raises(InputError, match="closed"):
        yakuset.riichi.score(rs, yaku=["tanyao"], fu=30, open=True)


# Kokushi waiting on 6z alone (it holds no other 6z: the closed kan being declared holds all four).
KOKUSHI = "19m19p19s1234577z6z"


def test_kokushi_may_rob_a_closed_kan_only_where_the_rule_set_says_so():
    flags = {"win": "6z", "chankan": True, "chankan_closed_kan": True, "seat_wind": "south"}
    ema = evaluate(ruleset("ema-2025"), KOKUSHI, **flags)  # "yes" (BMJA)
    assert (ema.yaku, ema.yakuman, ema.total) == (("kokushi",), 1, 32000)
    assert evaluate(ruleset("mahjong-soul"), KOKUSHI, **flags).yakuman == 1  # RiichiEnv's Mahjong Soul preset
    for ruleset_id in ("tenhou", "m-league"):
        with pytest.raises(InputError, match=r"may not rob a closed kan under this rule set"):
            evaluate(ruleset(ruleset_id), KOKUSHI, **flags)


def test_only_kokushi_may_rob_a_closed_kan():
    with pytest.raises(InputError, match="only kokushi musou may rob a closed kan"):
        evaluate(
            ruleset("ema-2025"),
            "234m456p678s22p345s",
            win="3s",
            chankan=True,
            chankan_closed_kan=True,
            seat_wind="south",
        )
    with pytest.raises(InputError, match="chankan_closed_kan without chankan"):
        evaluate(ruleset("ema-2025"), KOKUSHI, win="6z", chankan_closed_kan=True, seat_wind="south")
