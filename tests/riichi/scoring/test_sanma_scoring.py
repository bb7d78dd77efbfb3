"""Three-player Riichi (sanma) scoring: the payment grid of both rule sets under both tsumo policies,
kita, the three-player tile set and calls.

Expected numbers come from ``tests/data/sanma/payments.yaml`` (every tsumo-loss cell checked against two
oracles; the no-tsumo-loss cells derived by the rule of docs/rules/sanma.md §3), from the hand-checked
rows of docs/rules/sanma.md, or from the oracles of ``tests/oracles/sanma_oracles.py``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yakuset
from yakuset import riichi

from ...helpers import sanma_payment_grid
from ...oracles import sanma_oracles as so

GRID = sanma_payment_grid()
SANMA = ("tenhou-sanma", "mahjong-soul-sanma")
#: Policy name in payments.yaml -> the scoring keys that select it.
POLICIES = {
    "tsumo_loss": {"tsumo_loss": True},
    "no_tsumo_loss": {"tsumo_loss": False, "split_rounding": "once"},
    "no_tsumo_loss_parts": {"tsumo_loss": False, "split_rounding": "parts"},
}


@cache
def policy_ruleset(parent: str, policy: str, folder: Path) -> yakuset.RuleSet:
    """``parent`` with its tsumo policy switched in YAML, as a designer would."""
    keys = ", ".join(f"{k}: {str(v).lower()}" for k, v in POLICIES[policy].items())
    path = folder / f"{parent}-{policy}.yaml"
    path.write_text(f"extends: {parent}\nname: {parent} {policy}\nscoring: {{{keys}}}\n", encoding="utf-8")
    return yakuset.load_ruleset(str(path))


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("sanma-policies")


def expected(row: dict[str, Any], policy: str) -> dict[str, int]:
    cell = row.get(policy) or row["no_tsumo_loss"]  # `parts` rows are given only where they differ
    return cell


def ours(rs: yakuset.RuleSet, row: dict[str, Any]) -> riichi.Score:
    args = {"dealer": row["dealer"], "tsumo": row["win"] == "tsumo", "honba": row["honba"]}
    if row["yakuman"]:
        return riichi.score(rs, yakuman=["daisangen", "tsuuiisou"][: row["yakuman"]], **args)
    if row["fu"] is None:
        return riichi.score(rs, han=row["han"], **args)
    return riichi.score(rs, han=row["han"], fu=row["fu"], **args)


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("parent", SANMA)
def test_the_whole_grid_pays_the_golden_table(parent: str, policy: str, folder: Path) -> None:
    rs = policy_ruleset(parent, policy, folder)
    checked = 0
    for row in GRID["rows"]:
        want = expected(row, policy)
        try:
            got = ours(rs, row)
        except yakuset.InputError:
            assert not row["possible"], row  # only a fu no hand has may be refused
            continue
        payments = {k: v for k, v in want.items() if k != "total"}
        assert dict(got.payments) == payments, (row, policy)
        assert got.total == want.get("total", want.get("ron")), (row, policy)
        checked += 1
    assert checked >= 400


def test_the_grid_covers_dealer_non_dealer_ron_tsumo_honba_and_the_limits() -> None:
    rows = GRID["rows"]
    assert {(r["dealer"], r["win"], r["honba"]) for r in rows} == {
        (d, w, h) for d in (False, True) for w in ("ron", "tsumo") for h in (0, 1)
    }
    assert {r["limit"] for r in rows} >= {None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman"}
    assert {r["yakuman"] for r in rows} == {0, 1, 2}


@pytest.mark.parametrize("ruleset_id", SANMA)
def test_the_hand_checked_rows_of_the_rules_page(ruleset_id: str) -> None:
    """docs/rules/sanma.md §3: tsumo loss, honba 0 (non-dealer tsumo: non-dealer / dealer)."""
    rs = yakuset.load_ruleset(ruleset_id)
    rows = [  # han, fu, non-dealer ron, (non-dealer, dealer) tsumo, dealer ron, dealer tsumo each
        (1, 30, 1000, (300, 500), 1500, 500),
        (3, 40, 5200, (1300, 2600), 7700, 2600),
        (4, 30, 7700, (2000, 3900), 11600, 3900),
        (5, 30, 8000, (2000, 4000), 12000, 4000),
        (6, 30, 12000, (3000, 6000), 18000, 6000),
    ]
    for han, fu, ron, (nd, d), dealer_ron, each in rows:
        assert riichi.score(rs, han=han, fu=fu).total == ron
        tsumo = riichi.score(rs, han=han, fu=fu, tsumo=True)
        assert dict(tsumo.payments) == {"dealer": d, "non_dealer": nd} and tsumo.total == d + nd
        assert riichi.score(rs, han=han, fu=fu, dealer=True).total == dealer_ron
        assert riichi.score(rs, han=han, fu=fu, dealer=True, tsumo=True).total == 2 * each


def test_the_explanation_says_what_became_of_the_norths_share(folder: Path) -> None:
    loss = riichi.score(yakuset.load_ruleset("tenhou-sanma"), han=5, fu=30, tsumo=True)
    assert [s.id for s in loss.steps][-3:] == ["dealer", "non_dealer", "tsumo_loss"]
    assert "absent north's 2000 is paid by nobody" in loss.steps[-1].label
    split = riichi.score(policy_ruleset("tenhou-sanma", "no_tsumo_loss", folder), han=1, fu=30, tsumo=True)
    labels = [s.label for s in split.steps]
    assert any("× 2.5 (2 and half the absent north's 1), rounded up to 100 once" in label for label in labels)
    assert split.steps[-1].id == "north_split"


def test_four_player_tenhou_is_unchanged_by_the_three_player_keys() -> None:
    rs = yakuset.load_ruleset("tenhou")
    assert rs.rules.players == 4
    assert riichi.score(rs, han=5, fu=30, tsumo=True).total == 8000
    assert riichi.score(rs, han=3, fu=40, honba=1).total == 5500


# --- kita ------------------------------------------------------------------------------------------

PINFU = "123p456p789s234s99p"  # riichi + menzen tsumo + pinfu by tsumo, 20 fu


def grid_row(han: int, fu: int | None, dealer: bool, win: str) -> dict[str, Any]:
    return next(
        r
        for r in GRID["rows"]
        if r["han"] == han and r["fu"] == fu and r["dealer"] == dealer and r["win"] == win and r["honba"] == 0
    )


@pytest.mark.parametrize("kita", range(5))
@pytest.mark.parametrize("ruleset_id", SANMA)
def test_each_kita_is_one_dora_with_its_own_step(ruleset_id: str, kita: int) -> None:
    rs = yakuset.load_ruleset(ruleset_id)
    hand = riichi.evaluate(rs, PINFU, win="4s", seat_wind="south", riichi=True, tsumo=True, kita=kita)
    assert hand.han == 3 + kita and hand.kita == kita and hand.dora == 0
    row = grid_row(3 + kita, 20 if 3 + kita < 5 else None, False, "tsumo")
    assert hand.total == row["tsumo_loss"]["total"]
    kita_steps = [s for s in hand.steps if s.id == "kita"]
    assert [s.factor for s in kita_steps] == ([kita] if kita else [])
    sit = so.Situation(PINFU, "4s", riichi=True, tsumo=True, kita=kita)
    theirs = so.riichienv_score(sit, "tenhou" if ruleset_id == "tenhou-sanma" else "mahjong_soul")
    assert (hand.han, dict(hand.payments)) == (theirs.han, theirs.payments)


@pytest.mark.parametrize("ruleset_id", SANMA)
def test_a_west_indicator_makes_each_kita_a_dora_again_and_ura_too(ruleset_id: str) -> None:
    rs = yakuset.load_ruleset(ruleset_id)
    setting = "tenhou" if ruleset_id == "tenhou-sanma" else "mahjong_soul"
    for sit in (
        so.Situation(PINFU, "4s", riichi=True, kita=3, dora=("3z",)),
        so.Situation(PINFU, "4s", riichi=True, tsumo=True, kita=2, dora=("1p",), ura=("3z",)),
    ):
        hand = riichi.evaluate(
            rs,
            sit.hand,
            win=sit.win,
            seat_wind=sit.seat,
            riichi=True,
            tsumo=sit.tsumo,
            kita=sit.kita,
            dora_indicators=list(sit.dora),
            ura_indicators=list(sit.ura),
        )
        counted = so.count_bonus(sit)
        assert (hand.dora, hand.ura, hand.kita) == (counted["dora"], counted["ura"], counted["kita"])
        theirs = so.riichienv_score(sit, setting)
        assert (hand.han, dict(hand.payments)) == (theirs.han, theirs.payments)


def test_a_1m_indicator_shows_9m_and_9m_shows_1m() -> None:
    rs = yakuset.load_ruleset("tenhou-sanma")
    assert riichi.evaluate(rs, "999m123p456p789s55z", win="5z", riichi=True, dora_indicators=["1m"]).dora == 3
    assert riichi.evaluate(rs, "111m123p456p789s55z", win="5z", riichi=True, dora_indicators=["9m"]).dora == 3
    four = yakuset.load_ruleset("tenhou")
    assert riichi.evaluate(four, "999m123p456p789s55z", win="5z", riichi=True, dora_indicators=["1m"]).dora == 0


def test_a_north_triplet_is_no_value_tile_and_a_kept_north_no_kita() -> None:
    rs = yakuset.load_ruleset("tenhou-sanma")
    hand = riichi.evaluate(rs, "123p456p789s444z55s", win="5s", seat_wind="south", riichi=True)
    assert hand.yaku == ("riichi",) and hand.kita == 0
    theirs = so.riichienv_score(so.Situation("123p456p789s444z55s", "5s", riichi=True))
    assert (hand.han, hand.fu, dict(hand.payments)) == (theirs.han, theirs.fu, theirs.payments)


# --- what the three-player set refuses --------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            {"hand": "234m456p789s111z22z", "win": "2z"},
            "2m in the hand is not in this rule set's tiles (tiles.removed: ",
        ),
        ({"hand": "0m123p406p789s11z55z", "win": "1z"}, "0m (a red 5m) in the hand is not in this rule set's tiles"),
        (
            {"hand": "123p406p789s111z55z", "win": "5z", "dora_indicators": ["5m"]},
            "5m in the dora indicators is not in this rule set's tiles",
        ),
        (
            {"hand": "406p789s111z22z", "win": "2z", "melds": [("chi", "123p")]},
            "chi meld 123p: 'mahjong-soul-sanma' has no chi (wins.chi: false)",
        ),
        ({"hand": PINFU, "win": "4s", "kita": 5}, "kita=5: there are only four north tiles"),
        ({"hand": PINFU, "win": "4s", "kita": -1}, "kita must be a whole number"),
        (
            {"hand": "123p406p789s111z44z", "win": "4z", "kita": 3},
            "5 copies of 4z in the hand, the indicators and the kita: there are only four",
        ),
        (
            {"hand": PINFU, "win": "4s", "kita": 1, "tenhou": True, "tsumo": True, "seat_wind": "east"},
            "tenhou, chihou or renhou with kita",
        ),
        (
            {"hand": PINFU, "win": "4s", "seat_wind": "north"},
            "seat_wind north: 'mahjong-soul-sanma' is a game of three",
        ),
    ],
)
def test_the_three_player_set_refuses_what_it_has_not(args: dict[str, Any], message: str) -> None:
    rs = yakuset.load_ruleset("mahjong-soul-sanma")
    args = {"seat_wind": "south", **args}
    with pytest.raises(yakuset.InputError) as caught:
        riichi.evaluate(rs, args.pop("hand"), **args)
    assert message in str(caught.value)


def test_a_red_5p_counts_under_mahjong_soul_and_one_5p_only() -> None:
    rs = yakuset.load_ruleset("mahjong-soul-sanma")
    hand = riichi.evaluate(rs, "340p406s789s111z22z", win="2z", seat_wind="south", riichi=True)
    assert hand.red == 2
    theirs = so.riichienv_score(so.Situation("340p406s789s111z22z", "2z", riichi=True), "mahjong_soul")
    assert (hand.han, hand.fu, dict(hand.payments)) == (theirs.han, theirs.fu, theirs.payments)
    with pytest.raises(yakuset.InputError, match=r"2 red 5p: the rule set has 1 \(tiles.red_fives.p\)"):
        riichi.evaluate(rs, "340p340p789s11z222z", win="2z", seat_wind="south")


def test_kita_and_chi_stay_four_player_rules_elsewhere() -> None:
    four = yakuset.load_ruleset("tenhou")
    with pytest.raises(yakuset.InputError, match="'tenhou' has no kita"):
        riichi.evaluate(four, PINFU, win="4s", kita=1)
    chi = riichi.evaluate(four, "406p789s111z22z", win="2z", seat_wind="south", melds=[("chi", "123p")])
    assert chi.yaku == ("yakuhai_round_wind",)
    rinshan = riichi.evaluate(
        yakuset.load_ruleset("tenhou-sanma"), PINFU, win="4s", seat_wind="south", tsumo=True, rinshan=True, kita=1
    )
    assert "rinshan" in rinshan.yaku  # the replacement draw after a kita (docs/rules/sanma.md §2)
