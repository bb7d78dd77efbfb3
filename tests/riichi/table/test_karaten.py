"""Pure karaten by the rule set (issue 43 item 3, docs/rules/riichi-table.md §6): which of a
seat's own tiles make a wait dead, `draws.karaten`. The cases are the source's: "a lone white
beside a white pon is tenpai" where only the concealed hand counts (Tenhou, Mahjong Soul), noten
where the melds count too; the same for a kan of the wait, open, closed or added, and for norths
set aside. riichienv's own games of each kind are in tests/oracles/test_riichienv_table.py."""

from __future__ import annotations

import pytest
import yakuset
from yakuset.riichi import Move, Table, waits

from .test_play import KITA_JUNK, rigged, tile_of


def house(base: str, karaten: str) -> yakuset.RuleSet:
    text = f"extends: {base}\nname: {base} {karaten}\ndraws:\n  karaten: {karaten}\n"
    return yakuset.load_ruleset_text(text, f"{base}-{karaten}.yaml")


@pytest.mark.parametrize(
    ("hand", "melds", "wait"),
    [
        ("123m456m789m5z", [("pon", "555z")], "5z"),  # a lone white beside a white pon
        ("123m456m78m11z", [("kan", "9999m")], "9m"),  # 78m waits on 6m or 9m; 9m all in the open kan
        ("123m456m78m11z", [("ankan", "9999m")], "9m"),  # the same in a closed kan
    ],
)
@pytest.mark.parametrize("karaten", ["concealed", "held"])
def test_a_wait_the_seats_melds_hold_is_one_where_only_the_concealed_hand_counts(hand, melds, wait, karaten):
    found = waits(hand, melds, ruleset=house("tenhou", karaten))
    plain = waits(hand, melds)  # no rule set: the melds count, as before the key
    assert (wait in found) is (karaten == "concealed")
    assert wait not in plain


def test_the_bundled_platforms_count_only_the_concealed_hand():
    for name in ("tenhou", "mahjong-soul", "tenhou-sanma", "mahjong-soul-sanma"):
        assert waits("123p456p789p5z", [("pon", "555z")], ruleset=yakuset.load_ruleset(name)) == ("5z",), name
    for name in ("ema-2025", "wrc-2022", "m-league", "jpml-a"):
        assert waits("123p456p789p5z", [("pon", "555z")], ruleset=yakuset.load_ruleset(name)) == (), name


@pytest.mark.parametrize("karaten", ["concealed", "held"])
def test_norths_set_aside_make_a_north_wait_dead_only_where_melds_count(karaten):
    # Seat 0 (dealer, three players) holds four norths and 123p456p789p, draws 1s, and sets three
    # norths aside (replacements 1s, 1s, 9m): 4z 123p456p789p 1s1s1s 9m. Discarding 9m waits on
    # the fourth north alone (tanki); discarding the north waits on 9m.
    rs = house("tenhou-sanma", karaten)
    hands = {0: "4z4z4z4z123p456p789p", 1: "1m9m1p4p7p2s3s6s8s1z5z3z7z", 2: KITA_JUNK[2]}
    table = Table(rs, wall=rigged(rs, hands, draws="1s", dora="5z", ura="5z", places={-1: "1s", -2: "1s", -3: "9m"}))
    for _ in range(3):
        table.play(Move("kita", tile_of(table, 0, "4z")))
    riichi = {move.tile >> 2 for move in table.legal_moves() if move.kind == "riichi"}
    nine_m, north = 8, 30
    assert riichi == ({nine_m, north} if karaten == "concealed" else {north})
