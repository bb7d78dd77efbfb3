"""The ``human`` Riichi bot's habits (issue 44 item 1) on positions dealt at a Table from rigged
walls, each answer taken from a published strategy text, not from the bot:

- folding: a tile the riichi player discarded cannot win its hand (the furiten rule; riichi.wiki,
  "Furiten" and "Betaori": genbutsu are the safest discards; beginners.biz's "Safe tiles",
  mamori02, in English at simzhou.com/riichi_mahjong_book/en/mamori/mamori02.html);
- calls: Riichi Book 1 (Daina Chiba), chapter 9, "Melding judgement": the "cheap but fast" and
  "slow but expensive" hands pon a White Dragon, the "cheap and slow" hand does not;
- riichi: Riichi Book 1, chapter 7, "Riichi judgement": "Expensive hand 1" (tanyao and three
  dora) keeps dama, discarding the 8-pin; "Bad wait, one dora" declares riichi, discarding the west;
- tenpai at the draw: a rule of the game, not of taste: where noten is paid (tenhou: 3000 split,
  docs/rules/riichi.md), a tenpai hand at the exhaustive draw receives and a noten hand pays, so a
  folding hand that can keep tenpai with a safe discard keeps it; where noten is not paid, it has
  no reason to (the same position under a house rule without noten payments).

Chiba's positions are for the South seat in East-1; seat 1 is South with seat 0 dealing.
"""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest
import yakuset
from yakuset.riichi import Move, Table

from tests.riichi.table.test_play import full_set, names, rigged, tile_of

PASS = Move("pass")


@pytest.fixture(scope="module")
def tenhou():
    return yakuset.load_ruleset("tenhou")


def human(rs, seat: int = 0):
    from yakuset._plugins.riichi_human import HumanBot

    return HumanBot(rs, random.Random(seat))


def efficiency(rs):
    from yakuset._plugins.riichi_bots import EfficiencyBot

    return EfficiencyBot(rs, random.Random(0))


def tsumogiri(table: Table) -> None:
    """The seat to move discards the tile it drew; every reaction passes."""
    while table.legal_moves()[-1] == PASS:
        table.play(PASS)
    drawn = table.view(table.to_move).drawn
    table.play(Move("discard", drawn))
    while table.to_move is not None and table.legal_moves()[-1] == PASS:
        table.play(PASS)


# --- folding -------------------------------------------------------------------------------------

#: Seat 0 (the dealer) far from tenpai, holding the 5-sou that seat 1 declares riichi with.
FAR = "1m5m9m2p6p9p3s5s6s1z2z3z4z"
#: Seat 1: tenpai on 6p-9p; it draws a 5-sou and declares riichi discarding it.
RIICHI = "1m2m3m7m8m9m1s2s3s9s9s7p8p"
OTHERS = {2: "4m4m6m6m8m8m3p3p4p4p5p5p7z", 3: "2m2m3m3m4s4s6s6s7s7s8s8s6z"}


def test_a_far_hand_folds_with_a_genbutsu_against_a_riichi(tenhou):
    """Seat 1 declares riichi with the 5-sou; seat 0, five or more from tenpai, discards its own
    5-sou (genbutsu: the riichi hand cannot win on a tile it discarded), where tile efficiency
    alone keeps it (it connects with the 6-sou and 3-sou) and throws a lone tile."""
    table = Table(tenhou, wall=rigged(tenhou, {0: FAR, 1: RIICHI, **OTHERS}, draws="7z5s8p1p5z"))
    tsumogiri(table)  # seat 0's first discard
    table.play(Move("riichi", tile_of(table, 1, "5s")))
    while table.to_move != 0 or table.legal_moves()[-1] == PASS:
        tsumogiri(table) if table.legal_moves()[-1] != PASS else table.play(PASS)
    view, moves = table.view(0), table.legal_moves()
    assert view.riichi[1] and view.shanten >= 4
    chosen = human(tenhou).choose(view, moves)
    assert chosen.kind == "discard" and chosen.tile >> 2 == tile_of(table, 0, "5s") >> 2
    assert efficiency(tenhou).choose(view, moves).tile >> 2 != chosen.tile >> 2


def test_without_a_threat_the_same_hand_plays_for_speed(tenhou):
    """Before the riichi, the same far hand discards as tile efficiency does (no habit applies)."""
    table = Table(tenhou, wall=rigged(tenhou, {0: FAR, 1: RIICHI, **OTHERS}, draws="7z5s8p1p5z"))
    view, moves = table.view(0), table.legal_moves()
    assert human(tenhou).choose(view, moves) == efficiency(tenhou).choose(view, moves)


# --- calls ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "indicator", "pons"),
    [
        ("5m6m3p4p6p6p7p9p2s3s3s5z5z", "3m", True),  # cheap but fast (dora 4m): pon, discard 9p
        ("3m5m7m3p4p6p6p7p9p3s5s5z5z", "5p", True),  # slow but expensive (dora 6p, two of them)
        ("3m5m7m3p4p6p6p7p9p3s5s5z5z", "9m", False),  # cheap and slow (dora 1m): no pon
    ],
)
def test_a_white_dragon_is_ponned_unless_the_hand_is_cheap_and_slow(tenhou, hand, indicator, pons):
    """Riichi Book 1, ch. 9: seat 1 (South, East-1) is offered the White Dragon seat 0 discards."""
    others = {0: "1m1m2m2m4m4m7m7m8m8m1p1p2p", 2: "9m9m9p9p1s1s7s7s8s8s9s9s7z", 3: "4s4s5s5s6s6s1z1z2z2z3z3z6z"}
    table = Table(tenhou, wall=rigged(tenhou, {1: hand, **others}, draws="5z", dora=indicator))
    table.play(Move("discard", tile_of(table, 0, "5z")))
    assert table.to_move == 1 and any(move.kind == "pon" for move in table.legal_moves())
    chosen = human(tenhou, 1).choose(table.view(1), table.legal_moves())
    assert (chosen.kind == "pon") is pons
    if pons and indicator == "3m":
        table.play(chosen)
        after = human(tenhou, 1).choose(table.view(1), table.legal_moves())
        assert after.kind == "discard" and after.tile >> 2 == yakuset.riichi.TILE_OF["9p"]


# --- riichi --------------------------------------------------------------------------------------


def _south_to_decide(rs, hand: str, draw: str, indicator: str) -> Table:
    """East-1, seat 1 (South) dealt ``hand``; the dealer discards its draw, seat 1 draws ``draw``."""
    others = {0: "1m1m2m2m9m9m1p1p2p2p7s7s7z", 2: "9m9m9p9p1s1s7s7s8s8s9s9s7z", 3: "4s4s5s5s6s6s1z1z2z2z3z3z6z"}
    table = Table(rs, wall=rigged(rs, {1: hand, **others}, draws="6z" + draw, dora=indicator))
    tsumogiri(table)
    assert table.to_move == 1
    return table


def test_an_expensive_hand_with_a_yaku_stays_dama(tenhou):
    """Riichi Book 1, ch. 7, "Expensive hand 1": 345m 333p 468p 234s 66s, dora 3p (tanyao and
    three dora, mangan): keep dama, discarding the 8-pin."""
    table = _south_to_decide(tenhou, "3m4m5m3p3p3p4p6p2s3s4s6s6s", "8p", indicator="2p")
    moves = table.legal_moves()
    assert any(move.kind == "riichi" for move in moves)
    chosen = human(tenhou, 1).choose(table.view(1), moves)
    assert chosen.kind == "discard" and chosen.tile >> 2 == yakuset.riichi.TILE_OF["8p"]


def test_a_bad_wait_with_a_dora_declares_riichi(tenhou):
    """Riichi Book 1, ch. 7, "Bad wait, one dora": 3456m8m 789p 11s NNN W, dora 9p: insta-riichi,
    discarding the west (a closed wait on 7m, no yaku but riichi)."""
    table = _south_to_decide(tenhou, "3m4m5m6m8m7p8p9p1s1s4z4z4z", "3z", indicator="8p")
    chosen = human(tenhou, 1).choose(table.view(1), table.legal_moves())
    assert chosen.kind == "riichi" and chosen.tile >> 2 == yakuset.riichi.TILE_OF["3z"]


# --- tenpai at the draw --------------------------------------------------------------------------

#: Seat 0 (the dealer): tenpai on a closed wait (6s), no yaku, no dora.
CHEAP_TENPAI = "1p2p3p4p5p6p2m3m4m1z1z5s7s"
#: Seat 1: draws a white dragon and declares riichi discarding the 6m (tanki on the white).
LATE_RIICHI = "7m8m9m1s2s3s7p8p9p9s9s9s6m"


def _late(rs) -> Table:
    """Seat 1 declares riichi discarding 6m with its first draw (5z); then everyone discards what
    they draw until seat 0's sixteenth draw, a 9m, with 9 tiles left in the live wall. Seat 1
    draws and discards a 5s, then only tiles seat 0 does not hold."""
    hands = {0: CHEAP_TENPAI, 1: LATE_RIICHI, 2: "1m1m2m2m8m8m8p8p2s2s8s8s2z", 3: "4m4m5m5m3s3s4s4s6s6s3z3z6z"}
    rest = full_set(rs)
    for text in (*hands.values(), "5z9m5s", "5z6z"):  # the hands, three draws, dora and ura indicators
        for name in names(text):
            rest.remove(name)
    held = {name for name in names(CHEAP_TENPAI)} | {"9m", "5z", "6m", "0s", "0m", "0p"}
    safe = [name for name in rest if name not in held]
    other = [name for name in rest if name in held and name[1] != "z"]  # the other two east winds stay hidden
    draws: list[str] = []
    for index in range(61):
        seat = index % 4
        if index == 1:
            draws.append("5z")
        elif index == 5:
            draws.append("5s")  # seat 1 discards it after its riichi: the 5s is genbutsu
        elif index == 60:
            draws.append("9m")
        elif seat == 1 or not other:
            draws.append(safe.pop())
        else:
            draws.append(other.pop())
    table = Table(rs, wall=rigged(rs, hands, draws="".join(draws), dora="5z", ura="6z"))
    tsumogiri(table)
    table.play(Move("riichi", tile_of(table, 1, "6m")))
    while not (table.to_move == 0 and table.legal_moves()[-1] != PASS and table.view(0).live_left <= 9):
        tsumogiri(table) if table.legal_moves()[-1] != PASS else table.play(PASS)
    return table


@pytest.mark.parametrize(("paid", "keeps"), [(True, True), (False, False)])
def test_late_in_the_hand_a_folding_tenpai_hand_keeps_tenpai_where_noten_is_paid(tenhou, paid, keeps):
    """Seat 0, tenpai with a cheap closed wait against a riichi, draws a 9m with 9 tiles left: the
    9m keeps tenpai and is suji of the riichi's 6m; the 5s is the riichi's genbutsu but breaks
    tenpai. Under tenhou (3000 in noten payments) it keeps tenpai; without noten payments it
    takes the genbutsu."""
    rs = (
        tenhou
        if paid
        else yakuset.load_ruleset_text(
            "extends: tenhou\nname: no noten\ndraws:\n  noten_payments: 0\n", "no-noten.yaml"
        )
    )
    table = _late(rs)
    view = table.view(0)
    assert view.riichi[1] and view.drawn >> 2 == yakuset.riichi.TILE_OF["9m"]
    chosen = human(rs).choose(view, table.legal_moves())
    nine_m, five_s = yakuset.riichi.TILE_OF["9m"], yakuset.riichi.TILE_OF["5s"]
    assert chosen.kind == "discard" and chosen.tile >> 2 == (nine_m if keeps else five_s)


def test_every_habit_is_documented_with_its_default():
    """docs/tour.md's table of habits names each field of Habits once, with its default."""
    from yakuset._plugins.riichi_human import Habits

    text = (Path(__file__).parents[2] / "docs" / "tour.md").read_text(encoding="utf-8")
    text = text.split("### The bot of human habits", 1)[1].split("\n## ", 1)[0]
    rows = dict(re.findall(r"^\| `(\w+)` \| (\w+) \|", text, flags=re.MULTILINE))
    defaults = {field.name: str(field.default) for field in dataclasses.fields(Habits)}
    assert rows == defaults


@pytest.mark.parametrize(
    ("uma", "behind"),
    [
        ("[20000, 10000, -10000, -20000]", True),  # tenhou's: third to second gains 20,000
        ("[0, 0, 0, 0]", False),  # no uma: the final place pays nothing
    ],
)
def test_a_seat_behind_in_the_last_wind_hurries_only_where_the_uma_pays_for_a_place(tenhou, uma, behind):
    """The uma is what a place is worth at the end (docs/rules/riichi-table.md, the standings): a
    seat placed third in South 4 gains 20,000 by climbing one place under tenhou's uma, nothing
    without uma; only the first is worth a hurried call."""
    from yakuset.riichi import State

    rs = yakuset.load_ruleset_text(f"extends: tenhou\nname: uma\npoints:\n  uma: {uma}\n", "uma.yaml")
    state = State(scores=(40000, 30000, 20000, 10000), dealer=3, round_wind="south", hand=4)
    table = Table(rs, seed=1, state=state)
    assert human(rs, 2)._behind(table.view(2)) is behind
    assert human(rs, 0)._behind(table.view(0)) is False  # first place is never behind
