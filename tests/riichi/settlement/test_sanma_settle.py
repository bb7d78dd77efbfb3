"""Settling three-player hands and finishing a game of three: the same API as four players, the rule set
deciding. Numbers from docs/rules/sanma.md (§3 noten payments 2000 in all, tsumo loss; §4 points and uma)
and the golden grid (tests/data/sanma/payments.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yakuset
from yakuset import riichi

SANMA = ("tenhou-sanma", "mahjong-soul-sanma")


@pytest.mark.parametrize("ruleset_id", SANMA)
def test_a_game_of_three_starts_at_35000_with_three_seats(ruleset_id: str) -> None:
    state = riichi.new_game(yakuset.load_ruleset(ruleset_id))
    assert state.scores == (35000, 35000, 35000) and state.penalties == (0, 0, 0)


@pytest.mark.parametrize("ruleset_id", SANMA)
@pytest.mark.parametrize(
    ("tenpai", "transfers"),
    [([0], (2000, -1000, -1000)), ([0, 2], (1000, -2000, 1000)), ([], (0, 0, 0)), ([0, 1, 2], (0, 0, 0))],
)
def test_noten_payments_are_2000_in_all(ruleset_id: str, tenpai: list[int], transfers: tuple[int, ...]) -> None:
    rs = yakuset.load_ruleset(ruleset_id)
    assert riichi.settle(rs, riichi.new_game(rs), {"draw": {"tenpai": tenpai}}).transfers == transfers


@pytest.mark.parametrize("ruleset_id", SANMA)
def test_a_tsumo_is_paid_by_two_with_tsumo_loss(ruleset_id: str) -> None:
    rs = yakuset.load_ruleset(ruleset_id)
    start = riichi.new_game(rs).replace(honba=1)
    # grid: 3 han 40 fu non-dealer tsumo at 1 honba: dealer 2700, non-dealer 1400
    assert riichi.settle(rs, start, {"tsumo": {"seat": 1, "han": 3, "fu": 40}}).transfers == (-2700, 4100, -1400)
    # grid: mangan dealer tsumo: 4000 from each of two (8000, not 12000)
    assert riichi.settle(rs, start.replace(honba=0), {"tsumo": {"seat": 0, "han": 5}}).transfers == (8000, -4000, -4000)


def test_north_bisection_settles_the_split(tmp_path: Path) -> None:
    path = tmp_path / "bisection.yaml"
    path.write_text("extends: mahjong-soul-sanma\nname: bisection\nscoring: {tsumo_loss: false}\n", encoding="utf-8")
    rs = yakuset.load_ruleset(str(path))
    # grid, no_tsumo_loss: 1 han 30 fu non-dealer tsumo: dealer 600, other 400; mangan: 5000 / 3000
    assert riichi.settle(rs, riichi.new_game(rs), {"tsumo": {"seat": 2, "han": 1, "fu": 30}}).transfers == (
        -600,
        -400,
        1000,
    )
    assert riichi.settle(rs, riichi.new_game(rs), {"tsumo": {"seat": 1, "han": 5}}).transfers == (-5000, 8000, -3000)


def test_a_kita_hand_settles_from_its_tiles() -> None:
    rs = yakuset.load_ruleset("tenhou-sanma")
    win = {"seat": 1, "hand": "123p456p789s234s99p", "win": "4s", "kita": 2}
    settled = riichi.settle(rs, riichi.new_game(rs), {"tsumo": win}, riichi=[1])
    # riichi, tsumo, pinfu + 2 kita = 5 han: mangan, 4000 + 2000 (tsumo loss), plus her stick back
    assert settled.transfers == (-4000, 6000, -2000)
    with pytest.raises(yakuset.InputError, match="kita counts with a hand given as tiles"):
        riichi.settle(rs, riichi.new_game(rs), {"tsumo": {"seat": 1, "han": 3, "fu": 30, "kita": 1}})


@pytest.mark.parametrize(
    ("ruleset_id", "points"),
    # Tenhou: (50 - 40) + 20 + oka 15 = 45; 35 - 40 = -5; 20 - 40 - 20 = -40.
    # Mahjong Soul: (50 - 35) + 15 = 30; 0; (20 - 35) - 15 = -30.
    [("tenhou-sanma", [45, -5, -40]), ("mahjong-soul-sanma", [30, 0, -30])],
)
def test_three_places_of_uma_and_the_oka(ruleset_id: str, points: list[float]) -> None:
    rs = yakuset.load_ruleset(ruleset_id)
    state = riichi.new_game(rs).replace(scores=(50000, 35000, 20000))
    assert [s.points for s in riichi.standings(rs, state)] == points


def test_a_four_seat_state_is_refused_by_a_game_of_three_and_back() -> None:
    sanma, tenhou = yakuset.load_ruleset("tenhou-sanma"), yakuset.load_ruleset("tenhou")
    with pytest.raises(yakuset.InputError, match="the state has 4 seats and 'tenhou-sanma' is a game of 3"):
        riichi.settle(sanma, riichi.new_game(tenhou), {"draw": {"tenpai": []}})
    with pytest.raises(yakuset.InputError, match="the state has 3 seats and 'tenhou' is a game of 4"):
        riichi.standings(tenhou, riichi.new_game(sanma))
    with pytest.raises(yakuset.InputError, match="must be a seat 0-2, got 3"):
        riichi.settle(sanma, riichi.new_game(sanma), {"tsumo": {"seat": 3, "han": 1, "fu": 30}})
    with pytest.raises(yakuset.InputError, match="a ron has 1-2 winners"):
        riichi.settle(sanma, riichi.new_game(sanma), {"ron": {"discarder": 0, "winners": []}})


@pytest.mark.parametrize(
    ("yaml_text", "message"),
    [
        ("draws: {abortive: [four_winds]}", "draws.abortive[0]: four_winds cannot happen with three players"),
        ("points: {uma: [15000, 5000, -5000, -15000]}", "points.uma: the uma has 4 places and the table 3 players"),
        ("tiles: {red_fives: {m: 1, p: 1, s: 1}}", "tiles.red_fives.m: 5m is removed (tiles.removed)"),
        ("players: 4", "kita: kita (nukidora) is a three-player rule"),
    ],
)
def test_a_three_player_file_that_cannot_be_is_refused_at_its_key(tmp_path: Path, yaml_text: str, message: str) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: tenhou-sanma\nname: house\n{yaml_text}\n", encoding="utf-8")
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(str(path))
    assert message in str(caught.value)
