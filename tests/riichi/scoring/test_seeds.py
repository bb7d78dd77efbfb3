"""Riichi scoring against the user's own rule documents (the seeds).

* Rule document 002 (docs/rules/riichi.md §6) (the four-stage scoring guide, in Indonesian): its worked example
  ("Tangan 3 han 40 fu, non-dealer Ron ... 5.200 ... Tsumo ... 1.300 masing-masing dan dealer
  2.600"), its limit table ("Tabel batas umum (Ron)") and its payment formulas ("Tahap 4").
* Rule document 001 (multiple yakuman): the three policies on its four examples, plus EMA 2025's
  one-yakuman cap (docs/rules/riichi.md §8.1).

Expected numbers are transcribed from the documents, or worked out by hand from their formulas
and written here as literals; none is computed with the yakuset.
"""

from __future__ import annotations

import functools

import pytest
import yakuset
from yakuset import InputError
from yakuset.riichi import score

RIICHI_RULESETS = (
    "ema-2025",
    "ema-2016",
    "tenhou",
    "full-scoring",
    "single-yakuman-cap",
    "wrc-2022",
    "m-league",
    "jpml-a",
    "mahjong-soul",
)
#: Rule sets that never turn 13+ han into a yakuman (kazoe off, docs/rules/riichi.md §8).
NO_KAZOE = ("ema-2025", "ema-2016", "wrc-2022", "m-league", "jpml-a")
MULTIPLE_YAKUMAN_POLICIES = ("single-yakuman-cap", "tenhou", "full-scoring")


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


def step(result, step_id: str):
    found = [s for s in result.steps if s.id == step_id]
    assert found, f"no step {step_id!r} in {result.steps}"
    return found[0]


def test_every_bundled_riichi_ruleset_is_covered_here():
    # The seeds' worked examples are four-player payments; the three-player sets are checked against
    # their own grid (tests/riichi/scoring/test_sanma_scoring.py).
    bundled = {
        rs.id
        for rs in yakuset.list_rulesets()
        if rs.game == "riichi" and yakuset.load_ruleset(rs.id).rules.players == 4
    }
    assert bundled == set(RIICHI_RULESETS)


# --- the four-stage scoring guide (docs/rules/riichi.md §6): the worked example ---


@pytest.mark.parametrize("ruleset_id", RIICHI_RULESETS)
def test_seed_002_example_3_han_40_fu_non_dealer_ron_pays_5200(ruleset_id):
    # "basic = 40 × 2^5 = 1.280. Pembayaran ceil(1.280 × 4 / 100) × 100 = 5.200 poin."
    result = score(ruleset(ruleset_id), han=3, fu=40)
    assert result.payments == {"ron": 5200}
    assert result.total == 5200
    assert (result.han, result.fu, result.limit, result.yakuman) == (3, 40, None, 0)
    assert step(result, "basic").factor == 1280


@pytest.mark.parametrize("ruleset_id", RIICHI_RULESETS)
def test_seed_002_example_tsumo_non_dealers_pay_1300_dealer_2600_total_5200(ruleset_id):
    # "Jika menang Tsumo, dua pemain non-dealer membayar 1.300 masing-masing dan dealer 2.600.
    #  Total Tsumo = 5.200"
    result = score(ruleset(ruleset_id), han=3, fu=40, tsumo=True)
    assert result.payments == {"dealer": 2600, "non_dealer": 1300}
    assert result.total == 5200
    assert step(result, "basic").factor == 1280


# --- the four-stage scoring guide (docs/rules/riichi.md §6): the limit table ---

# "Tabel batas umum (Ron)": tier, non-dealer ron, dealer ron.
LIMIT_TABLE = {
    "mangan": (8000, 12000),
    "haneman": (12000, 18000),
    "baiman": (16000, 24000),
    "sanbaiman": (24000, 36000),
}
# "Mangan 5 ... Haneman 6–7 ... Baiman 8–10 ... Sanbaiman ≥11"
LIMIT_BY_HAN = {
    5: "mangan",
    6: "haneman",
    7: "haneman",
    8: "baiman",
    9: "baiman",
    10: "baiman",
    11: "sanbaiman",
    12: "sanbaiman",
}


@pytest.mark.parametrize("ruleset_id", RIICHI_RULESETS)
@pytest.mark.parametrize("han", sorted(LIMIT_BY_HAN))
def test_seed_002_limit_table_by_han_on_ron(ruleset_id, han):
    tier = LIMIT_BY_HAN[han]
    non_dealer, dealer = LIMIT_TABLE[tier]
    rs = ruleset(ruleset_id)
    for fu in (30, 40, 110):  # the limit does not depend on fu
        result = score(rs, han=han, fu=fu)
        assert (result.limit, result.payments, result.total) == (tier, {"ron": non_dealer}, non_dealer)
        result = score(rs, han=han, fu=fu, dealer=True)
        assert (result.limit, result.payments, result.total) == (tier, {"ron": dealer}, dealer)


@pytest.mark.parametrize("ruleset_id", RIICHI_RULESETS)
@pytest.mark.parametrize("han", sorted(LIMIT_BY_HAN))
def test_seed_002_limit_hands_need_no_fu(ruleset_id, han):
    tier = LIMIT_BY_HAN[han]
    result = score(ruleset(ruleset_id), han=han)
    assert result.limit == tier
    assert result.payments == {"ron": LIMIT_TABLE[tier][0]}


@pytest.mark.parametrize("ruleset_id", NO_KAZOE)
@pytest.mark.parametrize("han", [11, 12, 13, 14, 16, 20, 26])
def test_seed_002_eleven_han_or_more_is_sanbaiman_without_kazoe(ruleset_id, han):
    # "Sanbaiman ≥11 han pada aturan EMA 2025 (yakuman dihitung sebagai kategori tersendiri)"
    rs = ruleset(ruleset_id)
    result = score(rs, han=han, fu=30)
    assert (result.limit, result.yakuman, result.payments) == ("sanbaiman", 0, {"ron": 24000})
    result = score(rs, han=han, fu=30, dealer=True)
    assert (result.limit, result.yakuman, result.payments) == ("sanbaiman", 0, {"ron": 36000})


@pytest.mark.parametrize("ruleset_id", RIICHI_RULESETS)
@pytest.mark.parametrize("yakuman_id", ["daisangen", "kokushi", "ryuuiisou"])
def test_seed_002_single_yakuman_pays_32000_or_48000_on_ron(ruleset_id, yakuman_id):
    # "Yakuman tunggal | Yaku tertentu | 32.000 | 48.000"
    rs = ruleset(ruleset_id)
    result = score(rs, yakuman=[yakuman_id])
    assert (result.limit, result.yakuman, result.payments, result.total) == ("yakuman", 1, {"ron": 32000}, 32000)
    result = score(rs, yakuman=[yakuman_id], dealer=True)
    assert (result.limit, result.yakuman, result.payments, result.total) == ("yakuman", 1, {"ron": 48000}, 48000)


@pytest.mark.parametrize("ruleset_id", RIICHI_RULESETS)
@pytest.mark.parametrize("han, fu", [(4, 40), (4, 50), (3, 70)])
def test_seed_002_basic_over_2000_below_five_han_is_mangan(ruleset_id, han, fu):
    # "Jika 5 han atau basic melewati 2.000, berlaku Mangan": 4 han 40 fu (2560), 4 han 50 fu (3200),
    # 3 han 70 fu (2240).
    rs = ruleset(ruleset_id)
    assert score(rs, han=han, fu=fu).payments == {"ron": 8000}
    assert score(rs, han=han, fu=fu, dealer=True).payments == {"ron": 12000}
    assert score(rs, han=han, fu=fu, tsumo=True).payments == {"dealer": 4000, "non_dealer": 2000}
    assert score(rs, han=han, fu=fu, tsumo=True, dealer=True).payments == {"each": 4000}
    assert score(rs, han=han, fu=fu).limit == "mangan"


# --- the four-stage scoring guide (docs/rules/riichi.md §6): the payment formulas, cell by cell ---

# Stage 4: basic = fu × 2^(han+2); non-dealer ron ceil(4b), dealer ron ceil(6b), non-dealer tsumo:
# dealer ceil(2b) and each non-dealer ceil(b); dealer tsumo: everyone ceil(2b); ceil to 100.
# Worked by hand: (han, fu): basic, non-dealer ron, dealer ron, (dealer, non-dealer) on a
# non-dealer tsumo, each on a dealer tsumo. None of these cells is touched by kiriage.
PAYMENT_CELLS = [
    # han fu  basic  ron   dealer ron  ndt dealer  ndt each  dealer tsumo each
    (1, 30, 240, 1000, 1500, 500, 300, 500),  # 960→1000, 1440→1500, 480→500, 240→300
    (1, 40, 320, 1300, 2000, 700, 400, 700),  # 1280→1300, 1920→2000, 640→700, 320→400
    (1, 110, 880, 3600, 5300, 1800, 900, 1800),  # 3520→3600, 5280→5300, 1760→1800
    (2, 30, 480, 2000, 2900, 1000, 500, 1000),  # 1920→2000, 2880→2900, 960→1000, 480→500
    (2, 40, 640, 2600, 3900, 1300, 700, 1300),  # 2560→2600, 3840→3900, 1280→1300, 640→700
    (2, 70, 1120, 4500, 6800, 2300, 1200, 2300),  # 4480→4500, 6720→6800, 2240→2300, 1120→1200
    (3, 30, 960, 3900, 5800, 2000, 1000, 2000),  # 3840→3900, 5760→5800, 1920→2000, 960→1000
    (3, 50, 1600, 6400, 9600, 3200, 1600, 3200),  # exact hundreds
    (4, 25, 1600, 6400, 9600, 3200, 1600, 3200),  # chiitoitsu, 25 fu not rounded
]


@pytest.mark.parametrize("ruleset_id", RIICHI_RULESETS)
@pytest.mark.parametrize("han, fu, basic, ron, dealer_ron, ndt_dealer, ndt_each, dt_each", PAYMENT_CELLS)
def test_seed_002_payment_formulas_round_each_payment_up_to_100(
    ruleset_id, han, fu, basic, ron, dealer_ron, ndt_dealer, ndt_each, dt_each
):
    assert basic == fu * 2 ** (han + 2)  # the table above is the seed's formula
    rs = ruleset(ruleset_id)
    result = score(rs, han=han, fu=fu)
    assert (result.payments, result.total) == ({"ron": ron}, ron)
    assert step(result, "basic").factor == basic
    result = score(rs, han=han, fu=fu, dealer=True)
    assert (result.payments, result.total) == ({"ron": dealer_ron}, dealer_ron)
    result = score(rs, han=han, fu=fu, tsumo=True)
    assert result.payments == {"dealer": ndt_dealer, "non_dealer": ndt_each}
    assert result.total == ndt_dealer + 2 * ndt_each
    result = score(rs, han=han, fu=fu, tsumo=True, dealer=True)
    assert (result.payments, result.total) == ({"each": dt_each}, 3 * dt_each)


@pytest.mark.parametrize("ruleset_id", RIICHI_RULESETS)
def test_seed_002_rounding_is_per_payment_not_on_the_total(ruleset_id):
    # 1 han 30 fu non-dealer tsumo: 480 → 500 from the dealer, 240 → 300 from each non-dealer:
    # total 1100, not ceil(960) = 1000.
    result = score(ruleset(ruleset_id), han=1, fu=30, tsumo=True)
    assert result.payments == {"dealer": 500, "non_dealer": 300}
    assert result.total == 1100


# --- the four-stage scoring guide (docs/rules/riichi.md §6): stages 1 to 3 ---


@pytest.mark.parametrize("ruleset_id", RIICHI_RULESETS)
def test_seed_002_stage_1_dora_alone_is_not_a_yaku(ruleset_id):
    # "Dora bukan yaku, jadi tangan yang hanya punya dora tidak legal."
    with pytest.raises(InputError, match="yaku"):
        score(ruleset(ruleset_id), yaku=[], dora=3, fu=30)


@pytest.mark.parametrize("ruleset_id", RIICHI_RULESETS)
def test_seed_002_stage_3_seven_pairs_is_fixed_25_fu(ruleset_id):
    # "Seven Pairs (Chiitoitsu) = 25 fu tetap."
    result = score(ruleset(ruleset_id), yaku=["chiitoitsu"])
    assert (result.han, result.fu, result.payments) == (2, 25, {"ron": 1600})
    with pytest.raises(InputError, match="25"):
        score(ruleset(ruleset_id), yaku=["chiitoitsu"], fu=30)


@pytest.mark.parametrize("ruleset_id", RIICHI_RULESETS)
def test_seed_002_stage_3_pinfu_tsumo_20_fu_pinfu_ron_30_fu(ruleset_id):
    # "Pinfu Tsumo = 20 fu, sedangkan Pinfu Ron tertutup lazim 30 fu."
    rs = ruleset(ruleset_id)
    tsumo = score(rs, yaku=["pinfu", "menzen_tsumo"], tsumo=True)
    assert (tsumo.han, tsumo.fu, tsumo.payments) == (2, 20, {"dealer": 700, "non_dealer": 400})
    ron = score(rs, yaku=["pinfu", "tanyao"])
    assert (ron.han, ron.fu, ron.payments) == (2, 30, {"ron": 2000})


@pytest.mark.parametrize("ruleset_id", RIICHI_RULESETS)
def test_seed_002_stage_3_fu_rounds_up_to_the_next_ten(ruleset_id):
    # "Fu dibulatkan ke atas ke puluhan pada tangan biasa"
    rs = ruleset(ruleset_id)
    for raw, rounded in ((32, 40), (34, 40), (40, 40), (42, 50), (102, 110)):
        result = score(rs, han=1, fu=raw)
        assert result.fu == rounded
        assert step(result, "fu").factor == rounded


# --- multiple yakuman (docs/rules/riichi.md §6) ---


def yakuman_count(ruleset_id: str, ids: list[str], **situation) -> int:
    return score(ruleset(ruleset_id), yakuman=ids, **situation).yakuman


# Example 1: one yakuman shape that full scoring doubles: "Single yakuman cap: 1 yakuman.
# Cumulative single yakuman: 1 yakuman. Full scoring: 2 yakuman." Every one of the seed's four
# double patterns (daisuushi; kokushi 13-sided; chuuren 9-sided; suuankou tanki) fits.
DOUBLE_PATTERNS = ["suuankou_tanki", "kokushi_13", "junsei_chuuren", "daisuushii"]


@pytest.mark.parametrize("shape", DOUBLE_PATTERNS)
def test_seed_001_example_1_a_double_pattern_alone_is_1_1_2(shape):
    counts = tuple(yakuman_count(r, [shape]) for r in MULTIPLE_YAKUMAN_POLICIES)
    assert counts == (1, 1, 2)


@pytest.mark.parametrize("shape", DOUBLE_PATTERNS)
def test_seed_001_example_1_payments_for_a_double_pattern(shape):
    assert score(ruleset("single-yakuman-cap"), yakuman=[shape]).payments == {"ron": 32000}
    assert score(ruleset("tenhou"), yakuman=[shape]).payments == {"ron": 32000}
    assert score(ruleset("full-scoring"), yakuman=[shape]).payments == {"ron": 64000}
    assert score(ruleset("full-scoring"), yakuman=[shape], dealer=True).payments == {"ron": 96000}


def test_seed_001_the_plain_shapes_are_single_under_full_scoring():
    # Only the 13-sided / tanki / 9-sided shapes and daisuushii are doubled.
    for plain in (["kokushi"], ["chuuren"], ["shousuushii"], ["suuankou"]):
        assert yakuman_count("full-scoring", plain, tsumo=True) == 1


# Example 2 (ron) and 3 (tsumo): two different yakuman: 1 / 2 / 2. "Most commonly, this involves
# tsuuiisou alongside either shousuushi or daisangen."
TWO_DIFFERENT = [["daisangen", "tsuuiisou"], ["shousuushii", "tsuuiisou"]]


@pytest.mark.parametrize("ids", TWO_DIFFERENT)
def test_seed_001_example_2_two_different_yakuman_by_ron_is_1_2_2(ids):
    counts = tuple(yakuman_count(r, ids) for r in MULTIPLE_YAKUMAN_POLICIES)
    assert counts == (1, 2, 2)
    payments = [score(ruleset(r), yakuman=ids).payments for r in MULTIPLE_YAKUMAN_POLICIES]
    assert payments == [{"ron": 32000}, {"ron": 64000}, {"ron": 64000}]


@pytest.mark.parametrize("ids", TWO_DIFFERENT)
def test_seed_001_example_3_two_different_yakuman_by_tsumo_is_1_2_2(ids):
    counts = tuple(yakuman_count(r, ids, tsumo=True) for r in MULTIPLE_YAKUMAN_POLICIES)
    assert counts == (1, 2, 2)
    results = [score(ruleset(r), yakuman=ids, tsumo=True) for r in MULTIPLE_YAKUMAN_POLICIES]
    assert [x.payments for x in results] == [
        {"dealer": 16000, "non_dealer": 8000},
        {"dealer": 32000, "non_dealer": 16000},
        {"dealer": 32000, "non_dealer": 16000},
    ]
    assert [x.total for x in results] == [32000, 64000, 64000]
    dealer = [score(ruleset(r), yakuman=ids, tsumo=True, dealer=True) for r in MULTIPLE_YAKUMAN_POLICIES]
    assert [x.payments for x in dealer] == [{"each": 16000}, {"each": 32000}, {"each": 32000}]
    assert [x.total for x in dealer] == [48000, 96000, 96000]


# Example 4: "Single yakuman cap: 1 yakuman. Cumulative single yakuman: 3 yakuman. Full scoring:
# 4 yakuman." Three different yakuman of which exactly one is a double pattern (1 + 1 + 2 = 4).
# (daisuushii + tsuuiisou + suuankou_tanki holds two double patterns: 2 + 1 + 2 = 5, see below.)
THREE_WITH_ONE_DOUBLE = [
    (["daisangen", "tsuuiisou", "suuankou_tanki"], False),  # dragons + wind triplet, tanki on a wind: ron is fine
    (["daisuushii", "tsuuiisou", "suuankou"], True),  # four concealed wind triplets, shanpon tsumo
]


@pytest.mark.parametrize("ids, tsumo", THREE_WITH_ONE_DOUBLE)
def test_seed_001_example_4_three_yakuman_with_one_double_is_1_3_4(ids, tsumo):
    counts = tuple(yakuman_count(r, ids, tsumo=tsumo) for r in MULTIPLE_YAKUMAN_POLICIES)
    assert counts == (1, 3, 4)
    totals = [score(ruleset(r), yakuman=ids, tsumo=tsumo).total for r in MULTIPLE_YAKUMAN_POLICIES]
    assert totals == [32000, 96000, 128000]


def test_seed_001_two_double_patterns_in_one_hand_both_count_double_under_full_scoring():
    ids = ["daisuushii", "tsuuiisou", "suuankou_tanki"]
    counts = tuple(yakuman_count(r, ids) for r in MULTIPLE_YAKUMAN_POLICIES)
    assert counts == (1, 3, 5)
    assert score(ruleset("full-scoring"), yakuman=ids).payments == {"ron": 160000}


def test_seed_001_single_cap_pays_32000_non_dealer_and_48000_dealer_whatever_the_count():
    # "limit all payouts to a single yakuman, being 32,000 point for nondealer and 48,000 points
    #  for the dealer"
    rs = ruleset("single-yakuman-cap")
    for ids in (["daisangen", "tsuuiisou", "suuankou_tanki"], ["daisuushii", "tsuuiisou", "suuankou_tanki"]):
        assert score(rs, yakuman=ids).payments == {"ron": 32000}
        assert score(rs, yakuman=ids, dealer=True).payments == {"ron": 48000}
        assert score(rs, yakuman=ids, tsumo=True, dealer=True).total == 48000


def test_seed_001_daichisei_is_off_by_default_under_full_scoring():
    # "If the optional yaku daichisei is being used ..." — docs/rules/riichi.md §6: daichisei is optional, off by default.
    with pytest.raises(InputError, match="daichisei"):
        score(ruleset("full-scoring"), yakuman=["daichisei"])


@pytest.mark.parametrize("ruleset_id", ["ema-2025", *MULTIPLE_YAKUMAN_POLICIES])
def test_seed_001_kazoe_never_adds_a_yakuman_to_a_regular_yakuman(ruleset_id):
    # "If, in addition to one or more regular yakuman, the hand would also be a kazoe yakuman,
    #  no extra yakuman is added for this." Daisangen with riichi, menzen tsumo and 12 dora:
    # 14 han of normal yaku and dora, a kazoe yakuman under Tenhou, and still one yakuman.
    result = score(ruleset(ruleset_id), yaku=["daisangen", "riichi", "menzen_tsumo"], dora=12, tsumo=True)
    assert (result.yakuman, result.limit) == (1, "yakuman")
    assert result.payments == {"dealer": 16000, "non_dealer": 8000}
    assert result.total == 32000
    assert not any(s.id == "kazoe" for s in result.steps)


@pytest.mark.parametrize(
    "ruleset_id, expected", [("ema-2025", 1), ("single-yakuman-cap", 1), ("tenhou", 2), ("full-scoring", 2)]
)
def test_seed_001_kazoe_never_adds_to_multiple_yakuman_either(ruleset_id, expected):
    result = score(ruleset(ruleset_id), yaku=["daisangen", "tsuuiisou", "riichi", "menzen_tsumo"], dora=13, tsumo=True)
    assert result.yakuman == expected
    assert result.total == 32000 * expected


@pytest.mark.parametrize("ruleset_id", ["ema-2025", *MULTIPLE_YAKUMAN_POLICIES])
@pytest.mark.parametrize("dealer", [False, True])
def test_seed_001_normal_yaku_and_dora_do_not_count_in_a_yakuman_hand(ruleset_id, dealer):
    # "For regular yakuman, han from normal yaku and dora are not counted."
    rs = ruleset(ruleset_id)
    plain = score(rs, yakuman=["kokushi"], dealer=dealer)
    with_extras = score(rs, yaku=["kokushi", "riichi"], dora=4, dealer=dealer)
    assert with_extras.payments == plain.payments == {"ron": 48000 if dealer else 32000}
    assert with_extras.total == plain.total
    assert with_extras.yakuman == 1
    assert step(with_extras, "riichi").factor == 0
    assert step(with_extras, "dora").factor == 0


@pytest.mark.parametrize(
    "ids",
    [
        ["suuankou_tanki"],
        ["kokushi_13"],
        ["daisangen", "tsuuiisou"],
        ["daisangen", "tsuuiisou", "suuankou_tanki"],
        ["daisuushii", "tsuuiisou", "suuankou_tanki"],
    ],
)
def test_ema_2025_caps_every_example_at_one_yakuman(ids):
    # docs/rules/riichi.md §8.1: EMA 2025 pays one yakuman at most, no doubles; BMJA RI-Y06 "yakuman are
    # non-cumulative ... payment: single-yakuman payment".
    rs = ruleset("ema-2025")
    assert yakuman_count("ema-2025", ids) == 1
    assert score(rs, yakuman=ids).payments == {"ron": 32000}
    assert score(rs, yakuman=ids, dealer=True).payments == {"ron": 48000}
    assert score(rs, yakuman=ids, tsumo=True).payments == {"dealer": 16000, "non_dealer": 8000}
