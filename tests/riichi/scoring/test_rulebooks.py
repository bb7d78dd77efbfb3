"""Riichi scoring against the published rulebooks, at the declared-yaku level.

EMA 2025 (*Riichi: Rules for Japanese Mahjong*, 2025 edition): its ten official worked examples
(pp. 26–28) as transcribed in 241443Mooks/BMJA-Mahjong-Scorer
``docs/rules/riichi/EMA_2025_GOLDEN_FIXTURES.md`` (EMA-01 … EMA-10), and its rules as that
repository's ``EMA_2025_SCORING_AND_SETTLEMENT_CONTRACT.md`` (§§3–6) and
``EMA_2025_YAKU_CATALOGUE.md`` state them. Tenhou and EMA 2016 per docs/rules/riichi.md §§1–2.

The fixtures give tiles; here each example is entered as the yaku, dora and raw fu that the
fixture's own breakdown lists, and the expected han, fu and payments are the fixture's.
"""

from __future__ import annotations

import functools

import pytest
import yakuset
from yakuset import InputError
from yakuset.riichi import score


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


def ema(**kwargs):
    return score(ruleset("ema-2025"), **kwargs)


def step(result, step_id: str):
    found = [s for s in result.steps if s.id == step_id]
    assert found, f"no step {step_id!r} in {result.steps}"
    return found[0]


# --- EMA 2025 official worked examples, pp. 26–28 -----------------------------------------------


def test_ema_01_riichi_pinfu_ittsu_menzen_tsumo_is_5_han_mangan():
    # "Total 5 han, Tier Mangan". East winner: 4,000 from each opponent, 12,000;
    # non-East: 4,000 from East, 2,000 from each other, 8,000.
    hand = dict(yaku=["riichi", "pinfu", "ittsu", "menzen_tsumo"], tsumo=True)
    non_east = ema(**hand)
    assert (non_east.han, non_east.limit) == (5, "mangan")
    assert non_east.fu == 20  # pinfu tsumo (contract §3); not stated by the example, a mangan anyway
    assert (non_east.payments, non_east.total) == ({"dealer": 4000, "non_dealer": 2000}, 8000)
    east = ema(**hand, dealer=True)
    assert (east.han, east.limit) == (5, "mangan")
    assert (east.payments, east.total) == ({"each": 4000}, 12000)


def test_ema_02_same_hand_by_ron_is_4_han_30_fu_kiriage_mangan():
    # "Total 4 han, Fu 30 fu, EMA 2025 kiriage → Mangan". East 12,000; non-East 8,000.
    hand = dict(yaku=["riichi", "pinfu", "ittsu"])
    non_east = ema(**hand)
    assert (non_east.han, non_east.fu, non_east.limit) == (4, 30, "mangan")
    assert non_east.payments == {"ron": 8000}
    east = ema(**hand, dealer=True)
    assert (east.han, east.fu, east.limit) == (4, 30, "mangan")
    assert east.payments == {"ron": 12000}


@pytest.mark.parametrize("raw_fu", [22, 20])
def test_ema_03_open_ittsu_and_dora_is_2_han_30_fu(raw_fu):
    # "Ittsū 1 han (open), Dora 1 han, Total 2 han; base 20, open 20-fu adjustment +2 = 22 → 30 fu".
    # Ron: East 2,900; non-East 2,000. Raw fu 22 is the fixture's sum, 20 the hand before the +2.
    hand = dict(yaku=["ittsu"], dora=1, open=True, fu=raw_fu)
    non_east = ema(**hand)
    assert (non_east.han, non_east.fu, non_east.limit) == (2, 30, None)
    assert step(non_east, "ittsu").factor == 1
    assert non_east.payments == {"ron": 2000}
    east = ema(**hand, dealer=True)
    assert east.payments == {"ron": 2900}


def test_ema_04_suuankou_tsumo_pays_a_yakuman():
    # East: 16,000 from each opponent, 48,000; non-East: 16,000 from East, 8,000 from each, 32,000.
    non_east = ema(yakuman=["suuankou"], tsumo=True)
    assert (non_east.limit, non_east.yakuman) == ("yakuman", 1)
    assert (non_east.payments, non_east.total) == ({"dealer": 16000, "non_dealer": 8000}, 32000)
    east = ema(yakuman=["suuankou"], tsumo=True, dealer=True)
    assert (east.payments, east.total) == ({"each": 16000}, 48000)


def test_ema_05_sanankou_toitoi_tanyao_three_dora_is_8_han_baiman():
    # "San'ankō 2, Toitoi 2, Tanyao 1, Dora 3, Total 8 han, Tier Baiman". Ron: East 24,000; non-East 16,000.
    hand = dict(yaku=["sanankou", "toitoi", "tanyao"], dora=3)
    non_east = ema(**hand)
    assert (non_east.han, non_east.limit) == (8, "baiman")
    assert non_east.payments == {"ron": 16000}
    assert ema(**hand, dealer=True).payments == {"ron": 24000}


def test_ema_06_riichi_ippatsu_tsumo_tanyao_chiitoitsu_is_6_han_25_fu_haneman():
    # "Total 6 han, Fu fixed 25, Tier Haneman". East: 6,000 each, 18,000; non-East 6,000 + 3,000 × 2, 12,000.
    hand = dict(yaku=["riichi", "ippatsu", "menzen_tsumo", "tanyao", "chiitoitsu"], tsumo=True)
    non_east = ema(**hand)
    assert (non_east.han, non_east.fu, non_east.limit) == (6, 25, "haneman")
    assert (non_east.payments, non_east.total) == ({"dealer": 6000, "non_dealer": 3000}, 12000)
    east = ema(**hand, dealer=True)
    assert (east.payments, east.total) == ({"each": 6000}, 18000)


def test_ema_07_chiitoitsu_ron_is_2_han_25_fu():
    # "Seven Pairs 2 han, Fu 25". Ron: East 2,400; non-East 1,600.
    non_east = ema(yaku=["chiitoitsu"])
    assert (non_east.han, non_east.fu, non_east.limit) == (2, 25, None)
    assert non_east.payments == {"ron": 1600}
    assert ema(yaku=["chiitoitsu"], dealer=True).payments == {"ron": 2400}


def test_ema_08_ryanpeikou_menzen_tsumo_26_fu_is_4_han_30_fu_kiriage_mangan():
    # "Ryanpeikō 3, Menzen Tsumo 1, Total 4 han; 20 + 2 + 2 + 2 = 26 → 30 fu; EMA 2025 kiriage → Mangan".
    # The fixture names no winner seat; the payments are the contract's mangan tsumo (§§4–5).
    hand = dict(yaku=["ryanpeikou", "menzen_tsumo"], fu=26, tsumo=True)
    non_east = ema(**hand)
    assert (non_east.han, non_east.fu, non_east.limit) == (4, 30, "mangan")
    assert non_east.payments == {"dealer": 4000, "non_dealer": 2000}
    assert ema(**hand, dealer=True).payments == {"each": 4000}


def test_ema_09_east_ron_open_honitsu_double_wind_chanta_dora_is_6_han_haneman():
    # "Hon'itsu 2 (open), Seat Wind 1, Round Wind 1, Chanta 1 (open), Dora 1, Total 6 han, Haneman".
    # East ron: 18,000.
    east = ema(yaku=["honitsu", "yakuhai_seat_wind", "yakuhai_round_wind", "chanta"], dora=1, open=True, dealer=True)
    assert (east.han, east.limit) == (6, "haneman")
    assert step(east, "honitsu").factor == 2
    assert step(east, "chanta").factor == 1
    assert east.payments == {"ron": 18000}


def test_ema_10_closed_honitsu_menzen_tsumo_32_fu_is_4_han_40_fu_mangan():
    # "Hon'itsu 3 (closed), Menzen Tsumo 1, Total 4 han; 20 + 2 + 8 + 2 = 32 → 40 fu; Mangan".
    # Non-East tsumo: 4,000 from East, 2,000 from each other non-East, total 8,000.
    result = ema(yaku=["honitsu", "menzen_tsumo"], fu=32, tsumo=True)
    assert (result.han, result.fu, result.limit) == (4, 40, "mangan")
    assert (result.payments, result.total) == ({"dealer": 4000, "non_dealer": 2000}, 8000)


# --- kiriage -------------------------------------------------------------------------------------

KIRIAGE_HANDS = [(4, 30), (3, 60)]


@pytest.mark.parametrize("han, fu", KIRIAGE_HANDS)
def test_kiriage_4_han_30_fu_and_3_han_60_fu_are_mangan_under_ema_2025(han, fu):
    # Contract §4: "4 han 30+ fu → mangan; 3 han 60+ fu → mangan" (RI-V02, RI-V03).
    assert ema(han=han, fu=fu).payments == {"ron": 8000}
    assert ema(han=han, fu=fu, dealer=True).payments == {"ron": 12000}
    assert ema(han=han, fu=fu, tsumo=True).payments == {"dealer": 4000, "non_dealer": 2000}
    assert ema(han=han, fu=fu, tsumo=True, dealer=True).payments == {"each": 4000}
    assert ema(han=han, fu=fu).limit == "mangan"


@pytest.mark.parametrize("ruleset_id", ["tenhou", "ema-2016"])
@pytest.mark.parametrize("han, fu", KIRIAGE_HANDS)
def test_no_kiriage_4_han_30_fu_and_3_han_60_fu_pay_7700_under_tenhou_and_ema_2016(ruleset_id, han, fu):
    # EMA 2016: "4-30 is not rounded to mangan payment"; Tenhou: (30,4)|(60,3) => 7700 (docs/rules/riichi.md).
    # basic 1920: 7680 → 7700, 11520 → 11600, 3840 → 3900, 1920 → 2000.
    rs = ruleset(ruleset_id)
    result = score(rs, han=han, fu=fu)
    assert (result.limit, result.payments) == (None, {"ron": 7700})
    assert score(rs, han=han, fu=fu, dealer=True).payments == {"ron": 11600}
    assert score(rs, han=han, fu=fu, tsumo=True).payments == {"dealer": 3900, "non_dealer": 2000}
    assert score(rs, han=han, fu=fu, tsumo=True, dealer=True).payments == {"each": 3900}


def test_kiriage_does_not_touch_hands_below_1920_basic():
    # 3 han 50 fu (1600) and 2 han 110 fu (1760) keep their table value under EMA 2025.
    assert ema(han=3, fu=50).payments == {"ron": 6400}
    assert ema(han=2, fu=110).payments == {"ron": 7100}


# --- 11+ han, kazoe ------------------------------------------------------------------------------


@pytest.mark.parametrize("han", [11, 12, 13, 14, 20, 26])
def test_ema_2025_eleven_and_thirteen_plus_han_are_sanbaiman_no_kazoe(han):
    # Contract §2/§4: "does not promote 13+ ordinary han to a counted yakuman" (RI-V04, RI-V05).
    result = ema(han=han, fu=30)
    assert (result.limit, result.yakuman) == ("sanbaiman", 0)
    assert result.payments == {"ron": 24000}
    assert ema(han=han, fu=30, dealer=True).payments == {"ron": 36000}


def test_ema_2025_fifteen_han_of_declared_yaku_is_sanbaiman():
    # riichi 1 + menzen tsumo 1 + chinitsu 6 + ittsu 2 + iipeikou 1 + dora 4 = 15 han.
    result = ema(yaku=["riichi", "menzen_tsumo", "chinitsu", "ittsu", "iipeikou"], dora=4, tsumo=True)
    assert (result.han, result.limit, result.yakuman) == (15, "sanbaiman", 0)
    assert (result.payments, result.total) == ({"dealer": 12000, "non_dealer": 6000}, 24000)


@pytest.mark.parametrize("han", [13, 14, 26, 39])
def test_tenhou_thirteen_or_more_han_is_one_yakuman_and_26_is_not_a_double(han):
    # docs/rules/riichi.md §2: "13+ han = single yakuman; 26+ is not a double".
    rs = ruleset("tenhou")
    result = score(rs, han=han, fu=30)
    assert (result.limit, result.yakuman, result.payments) == ("yakuman", 1, {"ron": 32000})
    assert score(rs, han=han, fu=30, dealer=True).payments == {"ron": 48000}
    assert step(result, "kazoe").factor == 1


def test_tenhou_eleven_and_twelve_han_stay_sanbaiman():
    rs = ruleset("tenhou")
    assert score(rs, han=11, fu=30).limit == "sanbaiman"
    assert score(rs, han=12, fu=30).payments == {"ron": 24000}


def test_tenhou_fifteen_han_of_declared_yaku_is_a_kazoe_yakuman():
    result = score(
        ruleset("tenhou"), yaku=["riichi", "menzen_tsumo", "chinitsu", "ittsu", "iipeikou"], dora=4, tsumo=True
    )
    assert (result.han, result.limit, result.yakuman) == (15, "yakuman", 1)
    assert result.payments == {"dealer": 16000, "non_dealer": 8000}


# --- renhou --------------------------------------------------------------------------------------


def test_ema_2025_renhou_is_exclusive_5_han_mangan_other_yaku_and_dora_not_counted():
    # Catalogue: "Renhō 5 han — Cannot combine with any other yaku or dora" (RI-Y05).
    result = ema(yaku=["renhou", "tanyao", "pinfu"], dora=2)
    assert (result.han, result.limit) == (5, "mangan")
    assert (result.payments, result.total) == ({"ron": 8000}, 8000)
    assert step(result, "renhou").factor == 5
    assert step(result, "tanyao").factor == 0
    assert step(result, "pinfu").factor == 0
    assert step(result, "dora").factor == 0


def test_ema_2025_renhou_is_not_claimed_when_the_hand_is_worth_more_without_it():
    # The BMJA contract scores "the highest lawful score": renhou + chinitsu + pinfu + 3 dora
    # is worth baiman without renhou (6 + 1 + 3 = 10 han), more than renhou's mangan.
    result = ema(yaku=["renhou", "chinitsu", "pinfu"], dora=3)
    assert (result.han, result.limit, result.payments) == (10, "baiman", {"ron": 16000})
    assert step(result, "renhou").factor == 0
    assert "not claimed" in step(result, "renhou").label


def test_ema_2025_renhou_alone_is_mangan_without_fu():
    result = ema(yaku=["renhou"])
    assert (result.han, result.limit, result.payments) == (5, "mangan", {"ron": 8000})


# --- honba and riichi sticks ---------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ["ema-2025", "tenhou", "full-scoring"])
def test_honba_adds_300_to_a_ron_and_riichi_sticks_only_the_total(ruleset_id):
    # Contract §6: "ron: discarder pays winner +300" per counter; §7: the winner collects the pot.
    rs = ruleset(ruleset_id)
    result = score(rs, han=3, fu=40, honba=2, riichi_sticks=3)
    assert result.payments == {"ron": 5200 + 600}
    assert result.total == 5800 + 3000
    dealer = score(rs, han=3, fu=40, dealer=True, honba=1, riichi_sticks=1)
    assert (dealer.payments, dealer.total) == ({"ron": 7700 + 300}, 8000 + 1000)


@pytest.mark.parametrize("ruleset_id", ["ema-2025", "tenhou", "full-scoring"])
def test_honba_adds_100_per_payer_on_a_tsumo(ruleset_id):
    # Contract §6: "tsumo: each opponent pays winner +100" per counter.
    rs = ruleset(ruleset_id)
    result = score(rs, han=3, fu=40, tsumo=True, honba=2, riichi_sticks=3)
    assert result.payments == {"dealer": 2600 + 200, "non_dealer": 1300 + 200}
    assert result.total == 2800 + 2 * 1500 + 3000
    dealer = score(rs, han=3, fu=40, tsumo=True, dealer=True, honba=2, riichi_sticks=3)
    assert dealer.payments == {"each": 2600 + 200}
    assert dealer.total == 3 * 2800 + 3000


@pytest.mark.parametrize("honba, sticks", [(256, 0), (257, 0), (300, 257), (10_000, 10_000)])
def test_honba_and_riichi_sticks_in_the_hundreds_count_as_any_other(honba, sticks):
    # Contract §6 and §7 as above, with counts past those the han/fu fast path checks in place.
    rs = ruleset("tenhou")
    for _ in range(2):  # the hand scored before, then again
        result = score(rs, han=3, fu=40, honba=honba, riichi_sticks=sticks)
        assert result.payments == {"ron": 5200 + 300 * honba}
        assert result.total == 5200 + 300 * honba + 1000 * sticks


def test_honba_and_riichi_sticks_do_not_change_the_hand_value():
    # Contract §6: "Counters do not change the hand's han/fu/tier."
    plain = ema(han=4, fu=30)
    extra = ema(han=4, fu=30, honba=3, riichi_sticks=2)
    assert (extra.han, extra.fu, extra.limit) == (plain.han, plain.fu, plain.limit)
    assert extra.payments == {"ron": 8000 + 900}
    assert extra.total == 8900 + 2000
    assert step(extra, "honba").factor == 900
    assert step(extra, "riichi_sticks").factor == 2000


def test_honba_on_a_yakuman_tsumo():
    result = ema(yakuman=["daisangen"], tsumo=True, honba=1, riichi_sticks=1)
    assert result.payments == {"dealer": 16100, "non_dealer": 8100}
    assert result.total == 16100 + 2 * 8100 + 1000


# --- yaku values ---------------------------------------------------------------------------------


def test_double_riichi_is_2_han_and_takes_riichis_place():
    # Catalogue: "Double Riichi 2 — Does not combine with ordinary Riichi; may combine with Ippatsu".
    result = ema(yaku=["double_riichi"], fu=40)
    assert (result.han, result.payments) == (2, {"ron": 2600})
    with_ippatsu = ema(yaku=["double_riichi", "ippatsu"], fu=40)
    assert (with_ippatsu.han, with_ippatsu.payments) == (3, {"ron": 5200})
    with pytest.raises(InputError, match="riichi"):
        ema(yaku=["double_riichi", "riichi"], fu=40)


# Fixture §C: "Sanshoku Dōjun 2 → 1, Ittsū 2 → 1, Chanta 2 → 1, Hon'itsu 3 → 2, Junchan 3 → 2,
# Chin'itsu 6 → 5".
OPEN_REDUCTIONS = [
    ("sanshoku", 2, 1),
    ("ittsu", 2, 1),
    ("chanta", 2, 1),
    ("honitsu", 3, 2),
    ("junchan", 3, 2),
    ("chinitsu", 6, 5),
]


@pytest.mark.parametrize("yaku_id, closed, opened", OPEN_REDUCTIONS)
def test_open_hands_use_the_open_han(yaku_id, closed, opened):
    assert ema(yaku=[yaku_id], fu=40).han == closed
    assert ema(yaku=[yaku_id], fu=30, open=True).han == opened


def test_open_chinitsu_is_5_han_mangan_closed_is_6_han_haneman():
    open_hand = ema(yaku=["chinitsu"], open=True, fu=30)
    assert (open_hand.han, open_hand.limit, open_hand.payments) == (5, "mangan", {"ron": 8000})
    closed = ema(yaku=["chinitsu"], fu=40)
    assert (closed.han, closed.limit, closed.payments) == (6, "haneman", {"ron": 12000})


@pytest.mark.parametrize(
    "yaku_id",
    ["tanyao", "yakuhai_haku", "toitoi", "sanankou", "shousangen", "honroutou", "sanshoku_doukou", "sankantsu"],
)
def test_yaku_that_keep_their_value_when_open(yaku_id):
    assert ema(yaku=[yaku_id], fu=40).han == ema(yaku=[yaku_id], fu=30, open=True).han


# Fixture §C: "closed-only yaku fail when the hand is open".
CLOSED_ONLY = [
    ["riichi"],
    ["double_riichi"],
    ["riichi", "ippatsu"],
    ["menzen_tsumo"],
    ["pinfu"],
    ["iipeikou"],
    ["ryanpeikou"],
    ["chiitoitsu"],
]


@pytest.mark.parametrize("yaku", CLOSED_ONLY)
def test_closed_only_yaku_are_refused_in_an_open_hand(yaku):
    tsumo = "menzen_tsumo" in yaku
    with pytest.raises(InputError, match=rf"{yaku[0]}.*closed|closed.*{yaku[0]}"):
        ema(yaku=[*yaku, "tanyao"], fu=30, open=True, tsumo=tsumo)


def test_rinshan_and_haitei_do_not_combine():
    # Catalogue / RI-Y04: "Rinshan Kaihou and Haitei are mutually exclusive".
    with pytest.raises(InputError, match=r"rinshan.*haitei|haitei.*rinshan"):
        ema(yaku=["rinshan", "haitei"], tsumo=True, fu=40)


def test_shousangen_stacks_with_the_two_dragon_yakuhai():
    # RI-Y07: "Shōsangen 2 han, Dragon Triplet 1 han each for the two sets".
    result = ema(yaku=["shousangen", "yakuhai_haku", "yakuhai_chun"], fu=40)
    assert result.han == 4
    assert [step(result, i).factor for i in ("shousangen", "yakuhai_haku", "yakuhai_chun")] == [2, 1, 1]


def test_honroutou_stacks_with_toitoi_or_chiitoitsu():
    # RI-Y08: "triplet-shaped Honrōtō → Honrōtō + Toitoi; seven-pairs Honrōtō → Honrōtō + Seven Pairs".
    assert ema(yaku=["honroutou", "toitoi"], fu=40).han == 4
    seven_pairs = ema(yaku=["honroutou", "chiitoitsu"])
    assert (seven_pairs.han, seven_pairs.fu, seven_pairs.payments) == (4, 25, {"ron": 6400})


def test_the_same_wind_triplet_scores_seat_and_round_wind():
    # Catalogue: "A double-wind set may satisfy both seat + round yaku" (also EMA-09).
    result = ema(yaku=["yakuhai_seat_wind", "yakuhai_round_wind"], fu=40)
    assert (result.han, result.payments) == (2, {"ron": 2600})


# --- fu ------------------------------------------------------------------------------------------


def test_pinfu_is_20_fu_on_a_tsumo_and_30_on_a_ron():
    # Contract §3: "pinfu ron = 30 fu (20 + concealed ron 10); pinfu tsumo = 20 fu".
    tsumo = ema(yaku=["riichi", "pinfu", "menzen_tsumo"], tsumo=True)
    assert (tsumo.han, tsumo.fu, tsumo.payments) == (3, 20, {"dealer": 1300, "non_dealer": 700})
    ron = ema(yaku=["riichi", "pinfu"])
    assert (ron.han, ron.fu, ron.payments) == (2, 30, {"ron": 2000})
    assert ema(yaku=["riichi", "pinfu"], fu=30).payments == ron.payments
    assert ema(yaku=["riichi", "pinfu", "menzen_tsumo"], fu=20, tsumo=True).payments == tsumo.payments


@pytest.mark.parametrize("tsumo, wrong_fu", [(True, 30), (False, 40), (False, 20)])
def test_pinfu_refuses_any_other_fu(tsumo, wrong_fu):
    yaku = ["pinfu", "menzen_tsumo"] if tsumo else ["pinfu"]
    with pytest.raises(InputError, match="pinfu"):
        ema(yaku=yaku, fu=wrong_fu, tsumo=tsumo)


def test_chiitoitsu_is_fixed_25_fu_and_not_rounded():
    # Contract §3: "Seven Pairs = exactly 25 fu, no additional fu, no rounding" (RI-F01).
    result = ema(yaku=["chiitoitsu", "menzen_tsumo"], tsumo=True)
    assert (result.han, result.fu) == (3, 25)
    assert result.payments == {"dealer": 1600, "non_dealer": 800}
    assert step(result, "fu").factor == 25
    assert "not rounded" in step(result, "fu").label
    assert ema(yaku=["chiitoitsu"], fu=25).fu == 25


def test_raw_fu_rounds_up_to_the_next_10_and_the_step_shows_it():
    # EMA-10: "=32 → 40 fu".
    result = ema(yaku=["honitsu", "menzen_tsumo"], fu=32, tsumo=True)
    fu_step = step(result, "fu")
    assert fu_step.factor == 40
    assert "32" in fu_step.label
    small = ema(yaku=["riichi"], fu=32)
    assert (small.fu, small.payments) == (40, {"ron": 1300})  # 1 han 40 fu, not 1 han 32 fu (1100)


def test_an_open_20_fu_hand_counts_30_fu():
    # Contract §3 / RI-F06: "20 + 2 open adjustment = 22 → 30 fu".
    result = ema(yaku=["tanyao"], open=True, fu=20)
    assert (result.fu, result.payments) == (30, {"ron": 1000})


def test_a_score_is_read_only_so_a_shared_result_cannot_be_corrupted():
    rs = ruleset("tenhou")
    first = score(rs, han=3, fu=40)
    with pytest.raises(AttributeError):
        first.total = 0
    with pytest.raises(TypeError):
        first.payments["ron"] = 0
    assert score(rs, han=3, fu=40).total == 5200
