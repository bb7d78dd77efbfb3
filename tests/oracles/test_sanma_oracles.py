"""The two sanma oracles of ``tests/oracles/sanma_oracles.py`` checked against each other and against their documentation.

Nothing here is about yakuset (it has no three-player play yet): these tests pin down what riichienv 0.4.11's
``HandEvaluator3P`` and mahjong 2.1.0's ``is_three_player`` do, so that later tests can lean on them, and
they check every cell of ``tests/data/sanma/payments.yaml`` against both oracles and the stated rules.

Differences between the oracles, classified (``bench/sanma_oracles_probe.py`` prints them per hand):

| difference | class |
|---|---|
| a yakuman's fu: riichienv 0, mahjong the fu of the reading | reporting only (payments agree) |
| kita: riichienv's own yaku "Nuki Dora"; mahjong adds them to the "Dora" yaku | reporting only (han agree) |
| a double shape under the Tenhou preset: riichienv's evaluator says 26 han, its game state pays 13 | riichienv: the cap lives outside ``calc`` (documented in its sources) |
| a 13-tile hand: riichienv's Python wrapper adds the winning tile and scores; mahjong refuses | API convention |
| red fives: riichienv always counts ids 16/52/88; mahjong only with ``has_aka_dora`` | API convention (a setting) |
| neither refuses 2m-8m or a sequence meld in a three-player hand | limitation of both (not a difference) |

On the probe hands, once those are accounted for, the oracles agree on every han, fu, yaku, yakuman
count and payment, under both settings.
"""

from __future__ import annotations

import pytest

pytest.importorskip("riichienv", reason="the riichienv oracle is a test extra (pip install -e .[test])")
pytest.importorskip("mahjong", reason="the mahjong oracle is a test extra (pip install -e .[test])")

import riichienv
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.tile import TilesConverter

from ..helpers import sanma_payment_grid
from .sanma_oracles import (
    PROBE_HANDS,
    SETTINGS,
    Situation,
    basic_points,
    both,
    count_bonus,
    differences,
    mahjong_score,
    no_tsumo_loss_payments,
    payment_total,
    riichienv_score,
    sanma_problems,
    tsumo_loss_payments,
)

PROBES = {s.name: s for s in PROBE_HANDS}
NO_WIN = {"north-triplet-open-no-yaku"}  # probes that neither oracle may score


def probe(name: str, **changes: object) -> Situation:
    from dataclasses import replace

    return replace(PROBES[name], **changes)


# --------------------------------------------------------------------------------------------- agreement


@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("sit", PROBE_HANDS, ids=lambda s: s.name)
def test_oracles_agree_on_probe_hands(sit: Situation, setting: str) -> None:
    theirs, ours = both(sit, setting)
    assert differences(theirs, ours) == {}
    if sit.name in NO_WIN:
        assert theirs.error and ours.error
        return
    assert theirs.error is None and ours.error is None
    assert payment_total(theirs.payments) + 1000 * sit.sticks == theirs.total == ours.total


@pytest.mark.parametrize("sit", [s for s in PROBE_HANDS if s.name not in NO_WIN], ids=lambda s: s.name)
def test_bonus_han_are_sanma_dora_plus_kita(sit: Situation) -> None:
    """Both oracles count dora in sanma order (1m -> 9m), one han per kita plus one per kita for each north
    indicator (ura too, with riichi): the hand count of ``count_bonus`` (yakuman hands count none)."""
    theirs, ours = both(sit, "tenhou")
    if theirs.yakuman:
        return
    expected = sum(count_bonus(sit).values())
    assert sum(theirs.bonus.values()) == sum(ours.bonus.values()) == expected


# --------------------------------------------------------------------------------------------- the rules both oracles play


@pytest.mark.parametrize("score", [riichienv_score, mahjong_score])
def test_1m_indicator_makes_9m_dora_and_back(score) -> None:
    assert score(PROBES["dora-1m-indicator-is-9m"]).bonus["dora"] == 3
    assert score(PROBES["dora-9m-indicator-is-1m"]).bonus["dora"] == 3


@pytest.mark.parametrize("score", [riichienv_score, mahjong_score])
def test_kita_one_han_each_and_doubled_by_a_north_indicator(score) -> None:
    base = score(PROBES["kita-1"].__class__(**{**PROBES["kita-1"].__dict__, "kita": 0}))
    for kita in range(5):
        assert score(probe("kita-1", kita=kita)).han == base.han + kita
        assert score(probe("kita-1", kita=kita, dora=("3z",))).han == base.han + 2 * kita
        # ura dora on the kita only with riichi (the probe has riichi)
        assert score(probe("kita-1", kita=kita, ura=("3z",))).han == base.han + 2 * kita
        assert score(probe("kita-1", kita=kita, ura=("3z",), riichi=False, tsumo=True)).error is None


@pytest.mark.parametrize("score", [riichienv_score, mahjong_score])
def test_north_triplet_is_no_value_tile_for_a_three_player_seat(score) -> None:
    hand = score(PROBES["north-triplet-not-yakuhai"])
    assert hand.yaku == ("riichi",) and hand.fu == 40  # riichi only; the closed honour triplet's 8 fu count
    assert score(PROBES["north-triplet-open-no-yaku"]).error  # no yaku


@pytest.mark.parametrize("score", [riichienv_score, mahjong_score])
def test_tsumo_loss_and_three_player_honba(score) -> None:
    ron = score(PROBES["honba-2-ron"])  # 2 han 40 fu: 2600 + 2 x 200
    assert ron.payments == {"ron": 3000} and ron.total == 4000
    tsumo = score(PROBES["honba-3-tsumo"])  # 3 han 30 fu: 1000/2000 + 3 x 100 each, two payers only
    assert tsumo.payments == {"dealer": 2300, "non_dealer": 1300} and tsumo.total == 3600 + 2000
    assert set(tsumo.paid_by) == {"east", "west"}
    dealer = score(PROBES["honba-1-dealer-tsumo"])  # 3 han 30 fu dealer: 2000 all + 100
    assert dealer.payments == {"each": 2100} and set(dealer.paid_by) == {"south", "west"}
    mangan = score(PROBES["kita-2-tsumo"])
    assert payment_total(mangan.payments) == 6000  # not 8000: the north's 2000 is lost


@pytest.mark.parametrize("score", [riichienv_score, mahjong_score])
def test_double_shapes_single_for_tenhou_double_for_mahjong_soul(score) -> None:
    for name in ("kokushi-13", "suuankou-tanki-ron", "chuuren-9-sided", "daisuushii-open-north"):
        assert score(PROBES[name], "tenhou").yakuman == 1, name
        assert score(PROBES[name], "mahjong_soul").yakuman == 2, name
    # different yakuman add up under both
    assert score(PROBES["tsuuiisou-daisangen-suuankou-tanki"], "tenhou").yakuman == 3
    assert score(PROBES["tsuuiisou-daisangen-suuankou-tanki"], "mahjong_soul").yakuman == 4
    kazoe = score(PROBES["kazoe-13"])
    assert kazoe.han >= 13 and kazoe.yakuman == 1 and kazoe.payments == {"dealer": 16000, "non_dealer": 8000}


# --------------------------------------------------------------------------------------------- observed differences


def test_yakuman_fu_reported_differently() -> None:
    theirs, ours = both(PROBES["suuankou-tsumo"], "tenhou")
    assert theirs.fu == 0 and ours.fu > 0 and theirs.payments == ours.payments


def test_kita_reported_as_its_own_yaku_only_by_riichienv() -> None:
    theirs, ours = both(PROBES["kita-2-tsumo"], "tenhou")
    assert theirs.bonus == {"kita": 2}
    assert ours.bonus == {"dora": 2}  # mahjong folds nuki dora into the dora yaku
    assert 34 in theirs.raw.yaku


def test_riichienv_evaluator_pays_double_shapes_as_26_han_whatever_the_preset() -> None:
    """``HandEvaluator3P.calc`` takes no GameRule; the Tenhou cap is the game state's (``riichienv_score``
    applies it). The raw evaluator pays a 13-sided kokushi as a double yakuman."""
    scored = riichienv_score(PROBES["kokushi-13"], "tenhou")
    assert scored.raw.han == 26 and scored.raw.ron_agari == 64000
    assert scored.han == 13 and scored.payments == {"ron": 32000}


def test_a_13_tile_hand_is_completed_by_riichienv_and_refused_by_mahjong() -> None:
    tiles = TilesConverter.one_line_string_to_136_array("111222333z44z99s")  # 13 tiles
    win = TilesConverter.one_line_string_to_136_array("9s")[0] + 2
    res = riichienv.HandEvaluator3P(tiles, []).calc(win, [], riichienv.Conditions(tsumo=True))
    assert res.is_win and res.yakuman  # the wrapper added 9s: shousuushii + suuankou
    config = HandConfig(is_tsumo=True, options=OptionalRules(is_three_player=True))
    assert HandCalculator.estimate_hand_value(tiles, win, config=config).error is not None


def test_red_fives_riichienv_always_mahjong_by_option() -> None:
    sit = PROBES["red-5p-5s"]
    assert riichienv_score(sit).bonus["aka"] == 2 and mahjong_score(sit).bonus["aka"] == 2
    tiles = TilesConverter.one_line_string_to_136_array("340p406s789s111z22z", has_aka_dora=True)
    win = next(t for t in tiles if t // 4 == 28)
    config = HandConfig(
        is_riichi=True,
        player_wind=SOUTH,
        round_wind=EAST,
        options=OptionalRules(is_three_player=True, has_aka_dora=False),
    )
    assert HandCalculator.estimate_hand_value(tiles, win, config=config).han == riichienv_score(sit).han - 2


def test_neither_oracle_refuses_tiles_outside_the_three_player_set() -> None:
    sit = PROBES["not-sanma-2m-3m-4m"]
    assert sanma_problems(sit) == ["2m-8m are not in the three-player set"]
    theirs, ours = both(sit, "tenhou")
    assert theirs.error is None and ours.error is None and differences(theirs, ours) == {}
    assert sanma_problems(Situation("123p456p55s", "5s", melds=(("chi", "789s"), ("pon", "111z")))) == [
        "chi 789s: chi is not a three-player call"
    ]


# --------------------------------------------------------------------------------------------- the payment grid


def _rows() -> list[dict]:
    return sanma_payment_grid()["rows"]


def _shape(payments: dict) -> dict:
    return {k: v for k, v in payments.items() if k != "total"}


def _riichienv_cell(row: dict) -> dict:
    han = 13 * row["yakuman"] if row["yakuman"] else row["han"]
    s = riichienv.calculate_score(han, row["fu"] or 30, row["dealer"], row["win"] == "tsumo", row["honba"], 3)
    if row["win"] == "ron":
        return {"ron": s.pay_ron}
    if row["dealer"]:
        return {"each": s.pay_tsumo_ko}
    return {"dealer": s.pay_tsumo_oya, "non_dealer": s.pay_tsumo_ko}


def _mahjong_cell(row: dict) -> dict:
    options = OptionalRules(is_three_player=True, kazoe_limit=HandConstants.KAZOE_LIMITED, has_double_yakuman=True)
    config = HandConfig(
        is_tsumo=row["win"] == "tsumo", player_wind=EAST if row["dealer"] else SOUTH, tsumi_number=row["honba"]
    )
    config.options = options
    han = 13 * row["yakuman"] if row["yakuman"] else row["han"]
    c = ScoresCalculator.calculate_scores(han, row["fu"] or 30, config, is_yakuman=bool(row["yakuman"]))
    if row["win"] == "ron":
        return {"ron": c["main"] + c["main_bonus"]}
    if row["dealer"]:
        return {"each": c["main"] + c["main_bonus"]}
    return {"dealer": c["main"] + c["main_bonus"], "non_dealer": c["additional"] + c["additional_bonus"]}


def test_payment_grid_is_complete() -> None:
    rows = _rows()
    keys = {(r["han"], r["fu"], r["yakuman"], r["dealer"], r["win"], r["honba"]) for r in rows}
    assert len(keys) == len(rows) == 440
    for han in range(1, 5):
        for fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110):
            for dealer in (False, True):
                for win in ("ron", "tsumo"):
                    assert {(han, fu, 0, dealer, win, h) for h in (0, 1)} <= keys
    assert {r["han"] for r in rows if r["fu"] is None and not r["yakuman"]} == set(range(5, 14))


@pytest.mark.parametrize(
    "row",
    _rows(),
    ids=lambda r: f"{r['han']}h{r['fu']}f{r['yakuman']}y-{'D' if r['dealer'] else 'N'}-{r['win']}-{r['honba']}",
)
def test_payment_grid_cell(row: dict) -> None:
    tsumo = row["win"] == "tsumo"
    basic = basic_points(row["han"], row["fu"] or 0, row["yakuman"])
    assert basic == row["basic"]
    loss = tsumo_loss_payments(basic, row["dealer"], tsumo, row["honba"])
    assert _shape(row["tsumo_loss"]) == loss == _riichienv_cell(row) == _mahjong_cell(row)
    assert row["tsumo_loss"].get("total", loss.get("ron")) == payment_total(loss)
    split = no_tsumo_loss_payments(basic, row["dealer"], tsumo, row["honba"])
    assert _shape(row["no_tsumo_loss"]) == split
    parts = no_tsumo_loss_payments(basic, row["dealer"], tsumo, row["honba"], rounding="parts")
    assert _shape(row.get("no_tsumo_loss_parts", row["no_tsumo_loss"])) == parts
    if tsumo and basic >= 2000:  # from mangan up, no tsumo loss collects exactly the ron value
        assert (
            payment_total(split) == payment_total(tsumo_loss_payments(basic, row["dealer"], False)) + 200 * row["honba"]
        )


#: https://tenhou.club/sanma-tumo-tensuu: Tenhou sanma, non-dealer tsumo (tsumo loss): (han, fu) -> (non-dealer, dealer).
TENHOU_CLUB_NON_DEALER_TSUMO = {
    (1, 30): (300, 500),
    (1, 40): (400, 700),
    (1, 50): (400, 800),
    (1, 60): (500, 1000),
    (2, 20): (400, 700),
    (2, 30): (500, 1000),
    (2, 40): (700, 1300),
    (2, 50): (800, 1600),
    (2, 60): (1000, 2000),
    (3, 20): (700, 1300),
    (3, 25): (800, 1600),
    (3, 30): (1000, 2000),
    (3, 40): (1300, 2600),
    (3, 50): (1600, 3200),
    (3, 60): (2000, 3900),
    (4, 20): (1300, 2600),
    (4, 25): (1600, 3200),
    (4, 30): (2000, 3900),
    (4, 40): (2000, 4000),
}


def test_payment_grid_matches_the_published_tenhou_table() -> None:
    cells = {
        (r["han"], r["fu"]): r["tsumo_loss"]
        for r in _rows()
        if not r["dealer"] and r["win"] == "tsumo" and r["honba"] == 0 and r["fu"] is not None
    }
    for key, (non_dealer, dealer) in TENHOU_CLUB_NON_DEALER_TSUMO.items():
        assert (cells[key]["non_dealer"], cells[key]["dealer"]) == (non_dealer, dealer), key
    limits = {
        r["han"]: r["tsumo_loss"]
        for r in _rows()
        if r["fu"] is None and not r["yakuman"] and not r["dealer"] and r["win"] == "tsumo" and r["honba"] == 0
    }
    assert (limits[5]["dealer"], limits[6]["dealer"], limits[8]["dealer"], limits[11]["dealer"]) == (
        4000,
        6000,
        8000,
        12000,
    )
    assert limits[13] == {"dealer": 16000, "non_dealer": 8000, "total": 24000}
