"""Riichi from the tiles: every yaku and yakuman detected on a concrete hand, the fu parts, the
best reading, EMA 2025's official worked examples from their tiles, and a studio's house yaku
added with a YAML entry and a plugin, without touching the yakuset.

Hands are in mpsz notation (docs/rules/riichi.md §7); ``evaluate`` takes the concealed tiles with the
winning tile included. Unless a test says otherwise the winner sits east in the east round.
"""

from __future__ import annotations

import functools
import itertools
import sys
import textwrap

import pytest
import yakuset
from yakuset import InputError
from yakuset._plugins import riichi_yaku
from yakuset.riichi import NoYaku, Situation, evaluate, parse_meld, parse_tiles
from yakuset.riichi.scoring.fu import count_fu
from yakuset.riichi.scoring.hand import detect
from yakuset.riichi.tiles.readings import readings


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


def score(hand: str, win: str, ruleset_id: str = "tenhou", **kwargs):
    # The winner sits east unless a test says otherwise (evaluate's own default is a non-dealer).
    return evaluate(ruleset(ruleset_id), hand, win=win, **{"seat_wind": "east", **kwargs})


def yaku(hand: str, win: str, ruleset_id: str = "tenhou", **kwargs) -> set[str]:
    return set(score(hand, win, ruleset_id, **kwargs).yaku)


# --- the plugin --------------------------------------------------------------------------------

STANDARD_IDS = [
    "riichi",
    "double_riichi",
    "ippatsu",
    "menzen_tsumo",
    "pinfu",
    "iipeikou",
    "tanyao",
    "yakuhai_haku",
    "yakuhai_hatsu",
    "yakuhai_chun",
    "yakuhai_seat_wind",
    "yakuhai_round_wind",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "chiitoitsu",
    "sanshoku",
    "ittsu",
    "chanta",
    "sanshoku_doukou",
    "sanankou",
    "sankantsu",
    "toitoi",
    "shousangen",
    "honroutou",
    "ryanpeikou",
    "honitsu",
    "junchan",
    "chinitsu",
    "renhou",
    "kokushi",
    "kokushi_13",
    "suuankou",
    "suuankou_tanki",
    "daisangen",
    "shousuushii",
    "daisuushii",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren",
    "junsei_chuuren",
    "suukantsu",
    "tenhou",
    "chihou",
    "daichisei",
]


def test_the_plugin_detects_every_design_id_but_nagashi_mangan():
    assert set(riichi_yaku.YAKU_IDS) == set(STANDARD_IDS)
    assert "nagashi_mangan" not in riichi_yaku.DETECTORS


@pytest.mark.parametrize(
    "ruleset_id",
    ["tenhou", "full-scoring", "ema-2025", "ema-2016", "single-yakuman-cap", "m-league", "wrc-2022", "jpml-a"],
)
def test_every_bundled_riichi_rule_set_turns_the_plugin_on(ruleset_id):
    rs = ruleset(ruleset_id)
    assert rs.plugin_manager.get_plugin("riichi_yaku") is riichi_yaku


def test_a_detector_works_alone_as_the_hook_contract_says():
    concealed = parse_tiles("234m456p789s22p345s")[0]
    (reading,) = readings(concealed, [], concealed[-1], False)
    situation = Situation(
        tuple(concealed),
        tuple(concealed),
        tuple(concealed.count(t) for t in range(34)),
        (),
        concealed[-1],
        27,
        27,
        False,
        riichi=True,
    )
    assert riichi_yaku.DETECTORS["pinfu"](reading, situation) is True
    assert riichi_yaku.DETECTORS["riichi"](reading, situation) is True
    assert riichi_yaku.DETECTORS["tanyao"](reading, situation) is False
    assert detect(ruleset("tenhou"), reading, situation) == ["riichi", "pinfu"]


def test_the_detectors_memo_of_id_sets_is_bounded_and_changes_no_answer(monkeypatch):
    from ...oracles.hand_corpus import SEED, cases

    def answer(case):
        try:
            return evaluate(rs, case.hand, **case.kwargs()).yaku
        except InputError as exc:
            return str(exc)

    rs = ruleset("tenhou")
    sample = list(itertools.islice(cases(SEED), 400))
    monkeypatch.setattr(riichi_yaku._ID_SETS, "size", 8)
    yakuset.clear_caches()
    remembered = []
    for case in sample:  # the memo fills and its oldest entries make room again and again
        remembered.append(answer(case))
        assert len(riichi_yaku._ID_SETS) <= 8
    from_cold = []
    for case in sample:
        yakuset.clear_caches()
        from_cold.append(answer(case))
    assert from_cold == remembered
    assert len(riichi_yaku._ID_SETS) > 0
    yakuset.clear_caches()
    assert len(riichi_yaku._ID_SETS) == 0


# --- each yaku on a concrete hand --------------------------------------------------------------------

SOUTH = {"seat_wind": "south", "round_wind": "east"}

YAKU_HANDS = [
    # (yaku ids expected exactly, hand, win, keyword arguments)
    ({"riichi"}, "234m456p789s11z345s", "3s", {"riichi": True}),
    ({"double_riichi"}, "234m456p789s11z345s", "3s", {"double_riichi": True}),
    ({"riichi", "ippatsu"}, "234m456p789s11z345s", "3s", {"riichi": True, "ippatsu": True}),
    ({"menzen_tsumo"}, "234m456p789s11z345s", "3s", {"tsumo": True}),
    ({"pinfu"}, "234m456p789s22p345s", "3s", {}),
    ({"iipeikou"}, "223344m456p789s11z", "4m", {}),
    ({"tanyao", "pinfu"}, "234m456p678s22p345s", "3s", {}),
    ({"tanyao"}, "456p678s22p345s", "3s", {"melds": [("chi", "234m")]}),  # kuitan
    ({"yakuhai_haku"}, "234m456p789s11p555z", "1p", {}),
    ({"yakuhai_hatsu"}, "234m456p789s11p666z", "1p", {}),
    ({"yakuhai_chun"}, "234m456p789s11p777z", "1p", {}),
    ({"yakuhai_seat_wind"}, "234m456p789s11p222z", "1p", SOUTH),
    ({"yakuhai_round_wind"}, "234m456p789s11p111z", "1p", SOUTH),
    ({"yakuhai_seat_wind", "yakuhai_round_wind"}, "234m456p789s11p111z", "1p", {}),
    (
        {"rinshan", "menzen_tsumo"},
        "456p789s11z345s",
        "3s",
        {"melds": [("ankan", "2222m")], "tsumo": True, "rinshan": True},
    ),
    ({"chankan"}, "234m456p789s11z345s", "3s", {"chankan": True}),
    ({"haitei", "menzen_tsumo"}, "234m456p789s11z345s", "3s", {"tsumo": True, "haitei": True}),
    ({"houtei"}, "234m456p789s11z345s", "3s", {"houtei": True}),
    ({"chiitoitsu"}, "1133m5577p99s1122z", "2z", {}),
    ({"sanshoku"}, "234m234p234s678s11z", "8s", {}),
    ({"sanshoku"}, "234p234s678s11z", "8s", {"melds": [("chi", "234m")]}),
    ({"ittsu"}, "123456789m456p11z", "6p", {}),
    ({"chanta"}, "123m789p999s444z99m", "9m", SOUTH),
    ({"junchan"}, "123m789p123s999s11m", "1m", {}),
    ({"sanshoku_doukou"}, "234m222s11z", "1z", {"melds": [("pon", "222m"), ("pon", "222p")]}),
    ({"sanankou"}, "222m444p666s789s11m", "9s", {}),
    ({"sankantsu"}, "789s11z", "1z", {"melds": [("kan", "2222m"), ("kan", "4444p"), ("kan", "6666s")]}),
    ({"toitoi"}, "666s11z", "1z", {"melds": [("pon", "222m"), ("pon", "444p"), ("pon", "888s")]}),
    ({"shousangen", "yakuhai_haku", "yakuhai_hatsu"}, "234m789p555z666z77z", "7z", {}),
    ({"honroutou", "toitoi", "sanankou"}, "999p444z999s22z", "2z", {"melds": [("pon", "111m")], **SOUTH}),
    ({"honroutou", "chiitoitsu"}, "1199m1199p1122z77z", "7z", {}),
    ({"ryanpeikou"}, "223344m667788p11z", "1z", {}),
    ({"honitsu"}, "123456m678m22z", "2z", {"melds": [("pon", "333z")], **SOUTH}),
    ({"chinitsu"}, "123345555m99m", "9m", {"melds": [("chi", "678m")]}),
    ({"renhou"}, "111m456p789s22p345s", "3s", {"renhou": True, "ruleset_id": "ema-2025", **SOUTH}),
    # yakuman
    ({"kokushi"}, "119m19p19s1234567z", "9m", {}),
    ({"kokushi_13"}, "119m19p19s1234567z", "1m", {}),
    ({"suuankou"}, "111m333p555s777s22z", "5s", {"tsumo": True}),
    ({"suuankou_tanki"}, "111m333p555s777s22z", "2z", {}),
    ({"daisangen"}, "123m11p555z666z777z", "1p", {}),
    ({"shousuushii"}, "123m111z222z333z44z", "4z", {}),
    ({"daisuushii"}, "111z222z333z11m", "1m", {"melds": [("pon", "444z")]}),
    ({"daisuushii", "suuankou_tanki"}, "111z222z333z444z11m", "1m", {}),
    ({"tsuuiisou", "daisangen"}, "111z666z777z44z", "4z", {"melds": [("pon", "555z")]}),
    ({"tsuuiisou"}, "1122334455667z7z", "7z", {}),
    ({"ryuuiisou"}, "223344s666s888s66z", "6z", {}),
    ({"ryuuiisou"}, "234666888s66z", "6z", {"melds": [("chi", "234s")]}),
    ({"chinroutou"}, "111m999m111p11s", "1s", {"melds": [("pon", "999p")]}),
    ({"chuuren"}, "11123456789999m", "1m", {}),
    ({"junsei_chuuren"}, "11112345678999m", "1m", {}),
    ({"junsei_chuuren"}, "11123455678999m", "5m", {}),
    ({"suukantsu"}, "11z", "1z", {"melds": [("kan", "2222m"), ("ankan", "4444p"), ("kan", "6666s"), ("kan", "7777z")]}),
    ({"tenhou"}, "234m456p789s11z345s", "3s", {"tenhou": True, "tsumo": True}),
    ({"chihou"}, "234m456p789s11z345s", "3s", {"chihou": True, "tsumo": True, **SOUTH}),
]


@pytest.mark.parametrize(
    "expected, hand, win, kwargs", YAKU_HANDS, ids=[f"{'+'.join(sorted(e))}:{h}" for e, h, _, _ in YAKU_HANDS]
)
def test_each_yaku_is_detected_on_a_concrete_hand(expected, hand, win, kwargs):
    kwargs = dict(kwargs)
    ruleset_id = kwargs.pop("ruleset_id", "tenhou")
    assert yaku(hand, win, ruleset_id, **kwargs) == expected


def test_every_design_id_but_daichisei_has_a_hand_above():
    covered = set().union(*(e for e, *_ in YAKU_HANDS))
    assert set(STANDARD_IDS) - covered == {"daichisei"}


def test_daichisei_where_a_rule_set_turns_it_on(tmp_path):
    path = tmp_path / "daichisei.yaml"
    path.write_text(
        "extends: full-scoring\nname: With daichisei\nyaku:\n  - {id: daichisei, enabled: true}\n", encoding="utf-8"
    )
    rs = yakuset.load_ruleset(path)
    result = evaluate(rs, "11223344556677z", win="7z")
    assert set(result.yaku) == {"daichisei"}  # it replaces tsuuiisou
    assert result.yakuman == 2  # a double pattern under full scoring
    assert set(score("11223344556677z", "7z").yaku) == {"tsuuiisou"}  # off under tenhou


def test_open_hands_lose_the_closed_only_yaku_and_a_han_of_the_others():
    closed = score("123456789m456p11z", "6p", tsumo=True)
    assert set(closed.yaku) == {"ittsu", "menzen_tsumo"} and closed.han == 3
    opened = score("456789m456p11z", "6p", melds=[("chi", "123m")], tsumo=True)
    assert set(opened.yaku) == {"ittsu"} and opened.han == 1


def test_chanta_and_junchan_need_a_run():
    # all terminal and honour triplets: honroutou + toitoi, never chanta
    assert "chanta" not in yaku("999p444z999s22z", "2z", melds=[("pon", "111m")], **SOUTH)


def test_four_identical_runs_are_ryanpeikou():
    assert yaku("111122223333m55p", "3m", tsumo=True) >= {"ryanpeikou"}


def test_suuankou_by_ron_on_a_shanpon_is_sanankou_toitoi():
    assert yaku("111m333p555s777s22z", "5s") == {"sanankou", "toitoi"}


def test_a_ron_completed_triplet_is_not_concealed_but_a_run_reading_keeps_sanankou():
    # 444m won by ron on 4m could complete the 345m run: three concealed triplets stay
    assert "sanankou" in yaku("444m345m777p111s22z", "4m", **SOUTH)
    # here the 4m can only complete the triplet: two concealed triplets
    assert yaku("444m678m777p111s22z", "4m", riichi=True, **SOUTH) == {"riichi"}


def test_double_wind_pair_and_renhou_follow_the_rule_set():
    assert score("234m456p789s11z345s", "3s", "tenhou", riichi=True).raw_fu == 20 + 10 + 4
    assert score("234m456p789s11z345s", "3s", "ema-2025", riichi=True).raw_fu == 20 + 10 + 2


def test_renhou_under_tenhou_is_ignored():
    with pytest.raises(NoYaku):
        score("111m456p789s22p345s", "3s", renhou=True, **SOUTH)


def test_exclusive_renhou_under_ema_2025_stands_alone_unless_the_hand_is_worth_more():
    result = score("234m456p678s22p345s", "3s", "ema-2025", renhou=True, dora_indicators=["1m"], **SOUTH)
    assert result.yaku == ("renhou",) and result.limit == "mangan" and result.total == 8000
    assert [s.id for s in result.steps][:3] == ["renhou", "pinfu", "tanyao"]
    big = score("22334455m667788p", "8p", "ema-2025", renhou=True, dora_indicators=["1m", "4m"], **SOUTH)
    assert "renhou" not in big.yaku and big.total > 8000


def test_yakuman_hands_count_no_dora():
    result = score("111m333p555s777s22z", "2z", dora_indicators=["9m"])
    assert result.yaku == ("suuankou_tanki",) and result.han is None and result.yakuman == 1
    assert result.dora == 3
    assert any(s.id == "dora" and s.factor == 0 for s in result.steps)


def test_full_scoring_doubles_and_tenhou_stacks():
    assert score("111m333p555s777s22z", "2z", "full-scoring").yakuman == 2
    assert score("111z555z666z777z44z", "4z", "tenhou", tsumo=True).yakuman == 3  # tsuuiisou+daisangen+suuankou
    assert score("111z222z333z444z55z", "5z", "full-scoring").yakuman == 5  # daisuushii 2 + tsuuiisou + tanki 2


def test_kazoe_counts_as_one_yakuman_under_tenhou_and_sanbaiman_under_ema_2025():
    hand = dict(riichi=True, tsumo=True, dora_indicators=["4m"], **SOUTH)
    result = score("11223345556789m", "4m", **hand)
    assert set(result.yaku) == {"riichi", "menzen_tsumo", "pinfu", "iipeikou", "ittsu", "chinitsu"}
    assert (result.han, result.limit, result.yakuman, result.total) == (15, "yakuman", 1, 32000)
    ema_result = score("11223345556789m", "4m", "ema-2025", **hand)
    assert (ema_result.han, ema_result.limit, ema_result.yakuman, ema_result.total) == (15, "sanbaiman", 0, 24000)


# --- fu ---------------------------------------------------------------------------------------


def fu_parts(hand: str, win: str, ruleset_id: str = "tenhou", **kwargs) -> list[tuple[str, int]]:
    return [(s.label, s.factor) for s in score(hand, win, ruleset_id, **kwargs).fu_parts]


def test_fu_parts_of_a_closed_ron_with_sets_wait_and_pair():
    parts = fu_parts("111m345p999s55z234s", "3p", riichi=True, **SOUTH)  # 3p completes 345p: ryanmen
    assert parts == [
        ("base", 20),
        ("closed ron", 10),
        ("terminal closed triplet of 1m", 8),
        ("terminal closed triplet of 9s", 8),
        ("pair of 5z (dragon)", 2),
    ]
    result = score("111m345p999s55z234s", "3p", riichi=True, **SOUTH)
    assert (result.raw_fu, result.fu) == (48, 50)


@pytest.mark.parametrize(
    "hand, win, part",
    [
        ("234m456p789s11p345s", "4s", ("kanchan wait", 2)),
        ("234m456p789s11p123s", "3s", ("penchan wait", 2)),
        ("234m456p789s123s11p", "1p", ("tanki wait", 2)),
    ],
)
def test_wait_fu(hand, win, part):
    assert part in fu_parts(hand, win, riichi=True)


def test_a_ron_completed_triplet_counts_as_open_for_fu():
    parts = fu_parts("234m456p789s11p555s", "5s", riichi=True)
    assert ("simple open triplet of 5s (completed by ron)", 2) in parts
    assert ("simple closed triplet of 5s", 4) in fu_parts("234m456p789s11p555s", "5s", tsumo=True)


def test_kan_fu():
    parts = fu_parts("456p789s11p345s", "3s", melds=[("ankan", "1111z")], tsumo=True)
    assert ("honour closed kan of 1z", 32) in parts
    parts = fu_parts("456p11p777z345s", "3s", melds=[("kan", "2222m")])
    assert ("simple open kan of 2m", 8) in parts and ("honour closed triplet of 7z", 8) in parts


def test_open_hand_of_20_fu_counts_30_and_pinfu_tsumo_20():
    opened = score("456p678s22p345s", "3s", melds=[("chi", "234m")])
    assert (opened.raw_fu, opened.fu) == (20, 30)
    pinfu = score("234m456p678s22p345s", "3s", tsumo=True)
    assert (pinfu.raw_fu, pinfu.fu) == (20, 20) and "pinfu" in pinfu.yaku


def test_chiitoitsu_is_25_fu_whatever_its_pairs():
    result = score("1133m5577p99s1155z", "5z")
    assert (result.raw_fu, result.fu) == (25, 25)
    assert [p.label for p in result.fu_parts] == ["chiitoitsu (fixed)"]


def test_count_fu_matches_the_result():
    rs = ruleset("tenhou")
    concealed = parse_tiles("111m345p999s55z234s")[0]
    melds: list = []
    (reading,) = readings(concealed, melds, parse_tiles("3p")[0][0], False)
    situation = Situation(
        tuple(concealed),
        tuple(concealed),
        tuple(concealed.count(t) for t in range(34)),
        (),
        parse_tiles("3p")[0][0],
        28,
        27,
        False,
    )
    parts: list = []
    assert count_fu(rs.rules, reading, situation, None, parts) == 48
    assert sum(part.factor for part in parts) == 48


def test_melds_may_be_given_as_lists():
    result = score("456p678s22p345s", "3s", melds=[["chi", "234m"]])
    assert result.yaku == ("tanyao",)
    assert parse_meld("chi", "234m").opened


# --- the best reading -------------------------------------------------------------------------------


def test_the_highest_scoring_reading_wins():
    # 111222333m as triplets (sanankou + tsumo: 3 han 40 fu, 5200) or as three 123m runs
    # (iipeikou + tsumo + junchan: 5 han, mangan 8000)
    result = score("111222333m789p99s", "3m", tsumo=True, **SOUTH)
    assert set(result.yaku) == {"iipeikou", "menzen_tsumo", "junchan"}
    assert (result.han, result.limit, result.total) == (5, "mangan", 8000)
    assert result.reading.wait == "penchan"


def test_ryanpeikou_beats_seven_pairs():
    result = score("223344m667788p11s", "1s", riichi=True)
    assert "ryanpeikou" in result.yaku and "chiitoitsu" not in result.yaku


# --- EMA 2025 official worked examples from their tiles ----------------------------------------------
# BMJA-Mahjong-Scorer docs/rules/riichi/EMA_2025_GOLDEN_FIXTURES.md (EMA-01 ... EMA-10) pins the yaku,
# fu and payments; the tiles below are reconstructed to have exactly those yaku and fu parts.


def ema(hand: str, win: str, **kwargs):
    return score(hand, win, "ema-2025", **kwargs)


def test_ema_01_riichi_pinfu_ittsu_menzen_tsumo():
    hand = "123456789m234p55s"
    non_east = ema(hand, "4m", riichi=True, tsumo=True, **SOUTH)
    assert set(non_east.yaku) == {"riichi", "pinfu", "ittsu", "menzen_tsumo"}
    assert (non_east.han, non_east.limit, dict(non_east.payments), non_east.total) == (
        5,
        "mangan",
        {"dealer": 4000, "non_dealer": 2000},
        8000,
    )
    east = ema(hand, "4m", riichi=True, tsumo=True)
    assert (dict(east.payments), east.total) == ({"each": 4000}, 12000)


def test_ema_02_the_same_hand_by_ron_is_4_han_30_fu_kiriage_mangan():
    non_east = ema("123456789m234p55s", "4m", riichi=True, **SOUTH)
    assert set(non_east.yaku) == {"riichi", "pinfu", "ittsu"}
    assert (non_east.han, non_east.fu, non_east.limit, non_east.total) == (4, 30, "mangan", 8000)
    assert ema("123456789m234p55s", "4m", riichi=True).total == 12000


def test_ema_03_open_ittsu_and_dora_20_fu_counts_30():
    kwargs = {"melds": [("chi", "123m")], "dora_indicators": ["1p"]}
    non_east = ema("456789m234p55s", "4m", **kwargs, **SOUTH)
    assert set(non_east.yaku) == {"ittsu"} and non_east.dora == 1
    assert (non_east.han, non_east.raw_fu, non_east.fu, non_east.total) == (2, 20, 30, 2000)
    assert ema("456789m234p55s", "4m", **kwargs).total == 2900


def test_ema_04_suuankou_by_tsumo():
    non_east = ema("111m333p555s777s22z", "5s", tsumo=True, **SOUTH)
    assert non_east.yaku == ("suuankou",)
    assert (dict(non_east.payments), non_east.total) == ({"dealer": 16000, "non_dealer": 8000}, 32000)
    east = ema("111m333p555s777s22z", "5s", tsumo=True)
    assert (dict(east.payments), east.total) == ({"each": 16000}, 48000)


def test_ema_05_a_ron_completed_triplet_is_melded_for_sanankou():
    non_east = ema("222m444p666s888s55p", "8s", dora_indicators=["1m"], **SOUTH)
    assert set(non_east.yaku) == {"sanankou", "toitoi", "tanyao"} and non_east.dora == 3
    assert (non_east.han, non_east.limit, non_east.total) == (8, "baiman", 16000)
    assert ema("222m444p666s888s55p", "8s", dora_indicators=["1m"]).total == 24000


def test_ema_06_riichi_ippatsu_tsumo_tanyao_seven_pairs():
    non_east = ema("22m44m66p88p33s55s77s", "7s", riichi=True, ippatsu=True, tsumo=True, **SOUTH)
    assert set(non_east.yaku) == {"riichi", "ippatsu", "menzen_tsumo", "tanyao", "chiitoitsu"}
    assert (non_east.han, non_east.fu, non_east.limit) == (6, 25, "haneman")
    assert (dict(non_east.payments), non_east.total) == ({"dealer": 6000, "non_dealer": 3000}, 12000)
    east = ema("22m44m66p88p33s55s77s", "7s", riichi=True, ippatsu=True, tsumo=True)
    assert (dict(east.payments), east.total) == ({"each": 6000}, 18000)


def test_ema_07_seven_pairs_ron_adds_no_pair_or_wait_fu():
    non_east = ema("11m66m22p77p33s44s55z", "5z", **SOUTH)
    assert non_east.yaku == ("chiitoitsu",)
    assert (non_east.han, non_east.fu, non_east.total) == (2, 25, 1600)
    assert ema("11m66m22p77p33s44s55z", "5z").total == 2400


def test_ema_08_ryanpeikou_tsumo_beats_the_seven_pairs_reading():
    non_east = ema("223344m667788p77z", "7z", tsumo=True, **SOUTH)
    assert set(non_east.yaku) == {"ryanpeikou", "menzen_tsumo"}
    assert [(p.label, p.factor) for p in non_east.fu_parts] == [
        ("base", 20),
        ("tsumo", 2),
        ("pair of 7z (dragon)", 2),
        ("tanki wait", 2),
    ]
    assert (non_east.han, non_east.raw_fu, non_east.fu, non_east.limit) == (4, 26, 30, "mangan")
    assert (dict(non_east.payments), non_east.total) == ({"dealer": 4000, "non_dealer": 2000}, 8000)


def test_ema_09_east_ron_open_honitsu_double_wind_chanta_dora():
    east = ema("123m789m222z99m", "9m", melds=[("pon", "111z")], dora_indicators=["2m"])
    assert set(east.yaku) == {"honitsu", "yakuhai_seat_wind", "yakuhai_round_wind", "chanta"}
    assert (east.han, east.limit, dict(east.payments)) == (6, "haneman", {"ron": 18000})


def test_ema_10_the_edge_wait_reading_gives_40_fu():
    non_east = ema("123345678m444z99m", "3m", tsumo=True, **SOUTH)
    assert set(non_east.yaku) == {"honitsu", "menzen_tsumo"}
    assert [(p.label, p.factor) for p in non_east.fu_parts] == [
        ("base", 20),
        ("tsumo", 2),
        ("honour closed triplet of 4z", 8),
        ("penchan wait", 2),
    ]
    assert (non_east.han, non_east.raw_fu, non_east.fu, non_east.limit) == (4, 32, 40, "mangan")
    assert (dict(non_east.payments), non_east.total) == ({"dealer": 4000, "non_dealer": 2000}, 8000)


# --- a studio's house yaku ------------------------------------------------------------------------------

HOUSE_YAKU_SOURCE = '''
"""A studio's house yaku: daisharin (a local yakuman), sanrenkou (three triplets in a row), and
the JPML reading of ryuuiisou (the green dragon is required)."""

from yakuset import hookimpl
from yakuset.riichi import GREEN
from yakuset._plugins.riichi_yaku import DETECTORS


def daisharin(reading, situation):
    counts = situation.counts
    return reading.shape == "chiitoitsu" and all(counts[t] == 2 for t in range(10, 17))


def sanrenkou(reading, situation):
    firsts = {g.first for g in reading.groups if g.kind in ("triplet", "kan") and g.first < 27}
    return any(t in firsts and t + 1 in firsts and t + 2 in firsts and t % 9 <= 6 for t in firsts)


def ryuuiisou_with_hatsu(reading, situation):
    return DETECTORS["ryuuiisou"](reading, situation) and situation.counts[GREEN] > 0


@hookimpl
def yakuset_riichi_yaku_detectors():
    return {"daisharin": daisharin, "sanrenkou": sanrenkou, "ryuuiisou": ryuuiisou_with_hatsu}
'''

HOUSE_RULESET = """
extends: tenhou
name: House yaku
plugins:
  house_yaku: {}
yaku:
  - {id: daisharin, label: Daisharin, yakuman: 1, closed_only: true, replaces: [chiitoitsu]}
  - {id: sanrenkou, label: Sanrenkou, han: 2}
"""


@pytest.fixture
def house_yaku(tmp_path, monkeypatch):
    """Install `house-yaku` 1.0 (entry point yakuset:house_yaku) into a folder on sys.path."""
    (tmp_path / "house_yaku.py").write_text(textwrap.dedent(HOUSE_YAKU_SOURCE), encoding="utf-8")
    info = tmp_path / "house_yaku-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: house-yaku\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[yakuset]\nhouse_yaku = house_yaku\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE_RULESET, encoding="utf-8")
    yield yakuset.load_ruleset(path)
    sys.modules.pop("house_yaku", None)


def test_a_house_yakuman_from_a_plugin_and_a_yaml_entry(house_yaku):
    result = evaluate(house_yaku, "22334455667788p", win="8p")
    assert result.yaku == ("daisharin",) and result.yakuman == 1
    # the same hand under Tenhou is no yakuman
    assert score("22334455667788p", "8p").yakuman == 0


def test_a_house_yaku_with_han(house_yaku):
    result = evaluate(house_yaku, "333m444m555m789p11s", win="1s", seat_wind="south", tsumo=True)
    assert "sanrenkou" in result.yaku
    plain = score("333m444m555m789p11s", "1s", seat_wind="south", tsumo=True)
    assert "sanrenkou" not in plain.yaku


def test_a_later_plugin_replaces_a_built_in_detector(house_yaku):
    without_hatsu = "223344s666s888s22s"
    assert score(without_hatsu, "2s").yaku == ("ryuuiisou",)
    assert "ryuuiisou" not in evaluate(house_yaku, without_hatsu, win="2s").yaku
    assert evaluate(house_yaku, "223344s666s888s66z", win="6z").yaku == ("ryuuiisou",)


# --- the same numbers and steps as yakuset.riichi.score ------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ["tenhou", "full-scoring", "ema-2025"])
@pytest.mark.parametrize("honba, sticks", [(0, 0), (2, 1)])
@pytest.mark.parametrize("tsumo, seat", [(False, "south"), (True, "south"), (True, "east"), (False, "east")])
def test_a_hand_scores_what_riichi_score_gives_for_its_yaku_dora_and_fu(ruleset_id, honba, sticks, tsumo, seat):
    from yakuset.riichi import score as riichi_score

    rs = ruleset(ruleset_id)
    result = evaluate(
        rs,
        "234m406p789s11z345s",
        win="3s",
        riichi=True,
        tsumo=tsumo,
        seat_wind=seat,
        dora_indicators=["4z"],
        ura_indicators=["8s"],
        honba=honba,
        riichi_sticks=sticks,
    )
    declared = riichi_score(
        rs,
        yaku=list(result.yaku),
        dora=result.dora + result.ura + result.red,
        fu=result.raw_fu,
        dealer=seat == "east",
        tsumo=tsumo,
        honba=honba,
        riichi_sticks=sticks,
    )
    assert (result.han, result.fu, result.limit, result.yakuman, dict(result.payments), result.total) == (
        declared.han,
        declared.fu,
        declared.limit,
        declared.yakuman,
        dict(declared.payments),
        declared.total,
    )
    # after the yaku, dora and fu parts come the steps riichi.score takes from han and fu on
    by_han = riichi_score(
        rs, han=result.han, fu=result.fu, dealer=seat == "east", tsumo=tsumo, honba=honba, riichi_sticks=sticks
    )
    assert [(s.id, s.label, s.factor) for s in result.steps[-len(by_han.steps) :]] == [
        (s.id, s.label, s.factor) for s in by_han.steps
    ]
    # Tenhou's lobby plays one red five per suit; the EMA rules use none (docs/rules/riichi-table.md).
    assert (result.dora, result.ura, result.red) == (2, 1, 0 if ruleset_id == "ema-2025" else 1)


def test_a_yakuman_hand_scores_what_riichi_score_gives_for_its_yakuman():
    from yakuset.riichi import score as riichi_score

    rs = ruleset("full-scoring")
    result = evaluate(rs, "111z222z333z444z55z", win="5z", tsumo=True, seat_wind="south", honba=1, riichi_sticks=2)
    declared = riichi_score(rs, yakuman=list(result.yaku), tsumo=True, honba=1, riichi_sticks=2)
    assert set(result.yaku) == {"daisuushii", "tsuuiisou", "suuankou_tanki"}
    assert (result.yakuman, dict(result.payments), result.total) == (5, dict(declared.payments), declared.total)
    assert [(s.id, s.factor) for s in result.steps] == [(s.id, s.factor) for s in declared.steps]


def test_the_result_as_json_lists_yaku_dora_and_fu_parts():
    data = score("234m456p789s11z345s", "3s", riichi=True, dora_indicators=["2s"]).as_dict()
    assert data["yaku"] == ["riichi"]
    assert data["dora"] == {"dora": 1, "ura": 0, "red": 0, "kita": 0}
    assert data["raw_fu"] == 34
    assert [p["id"] for p in data["fu_parts"]] == ["fu_base", "fu_closed_ron", "fu_pair"]
    assert {"ruleset", "han", "fu", "limit", "yakuman", "payments", "total", "steps"} <= set(data)
    # The steps explain the whole hand, as the result's own steps do: the yaku, the dora, the fu.
    steps = [s["id"] for s in data["steps"]]
    assert steps[:2] == ["riichi", "dora"] and "fu_pair" in steps and steps[-1] == "ron"
