"""`yakuset cards RULESET` lists a Koi-Koi deck's card ids by month and kind, `yakuset tiles`
the Riichi tiles in mpsz notation with their names; a wrong card id gets a did-you-mean."""

from __future__ import annotations

import json

from ..helpers import run

# The card ids of the project's design card (its §6), month by month.
DESIGN_CARDS = [
    "01-bright-crane",
    "01-ribbon-poetry",
    "01-chaff-1",
    "01-chaff-2",
    "02-animal-warbler",
    "02-ribbon-poetry",
    "02-chaff-1",
    "02-chaff-2",
    "03-bright-curtain",
    "03-ribbon-poetry",
    "03-chaff-1",
    "03-chaff-2",
    "04-animal-cuckoo",
    "04-ribbon-red",
    "04-chaff-1",
    "04-chaff-2",
    "05-animal-bridge",
    "05-ribbon-red",
    "05-chaff-1",
    "05-chaff-2",
    "06-animal-butterflies",
    "06-ribbon-blue",
    "06-chaff-1",
    "06-chaff-2",
    "07-animal-boar",
    "07-ribbon-red",
    "07-chaff-1",
    "07-chaff-2",
    "08-bright-moon",
    "08-animal-geese",
    "08-chaff-1",
    "08-chaff-2",
    "09-animal-sake",
    "09-ribbon-blue",
    "09-chaff-1",
    "09-chaff-2",
    "10-animal-deer",
    "10-ribbon-blue",
    "10-chaff-1",
    "10-chaff-2",
    "11-bright-rainman",
    "11-animal-swallow",
    "11-ribbon-red",
    "11-chaff-lightning",
    "12-bright-phoenix",
    "12-chaff-1",
    "12-chaff-2",
    "12-chaff-yellow",
]


def test_cards_lists_the_deck_by_month_and_kind(capsys):
    code, out, _ = run(capsys, "cards", "nintendo")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Nintendo (nintendo): 48 cards by month and kind"
    assert lines[1] == "01  bright 01-bright-crane; ribbon 01-ribbon-poetry; chaff 01-chaff-1, 01-chaff-2"
    assert lines[9] == "09  animal 09-animal-sake (also chaff); ribbon 09-ribbon-blue; chaff 09-chaff-1, 09-chaff-2"
    assert len(lines) == 13
    code, out, _ = run(capsys, "cards", "nintendo", "--json")
    cards = json.loads(out)["cards"]
    assert [card["id"] for card in cards] == DESIGN_CARDS
    assert {card["month"] for card in cards} == set(range(1, 13))


def test_cards_needs_a_koikoi_rule_set(capsys):
    code, _, err = run(capsys, "cards", "tenhou")
    assert code == 2 and "`cards` needs a koikoi rule set" in err


def test_a_wrong_card_id_gets_a_did_you_mean(capsys):
    code, out, err = run(capsys, "koikoi-yaku", "nintendo", "01-bright-cran")
    assert (code, out) == (2, "")
    assert err == (
        "yakuset: error: '01-bright-cran' is not a card of the nintendo deck: did you mean '01-bright-crane'? "
        "(`yakuset cards nintendo` lists them)\n"
    )


def test_tiles_lists_mpsz_with_names(capsys):
    code, out, _ = run(capsys, "tiles")
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == "m  characters (manzu): 1m 2m 3m 4m 5m 6m 7m 8m 9m"
    # The design card: 1z-4z east, south, west, north; 5z-7z white, green, red dragon.
    assert lines[4] == (
        "z  honours: 1z east, 2z south, 3z west, 4z north, 5z white dragon, 6z green dragon, 7z red dragon"
    )
    code, out, _ = run(capsys, "tiles", "--json")
    data = json.loads(out)
    assert sum(len(tiles) for tiles in data["suits"].values()) + len(data["honours"]) == 34


def test_tiles_of_a_three_player_rule_set_leave_out_its_removed_tiles(capsys):
    # Three-player Riichi removes 2m-8m and keeps one red 5p and one red 5s (docs/rules/sanma.md).
    code, out, _ = run(capsys, "tiles", "tenhou-sanma")
    assert code == 0
    assert "m  characters (manzu): 1m 9m (2m, 3m, 4m, 5m, 6m, 7m, 8m removed)" in out.splitlines()
    assert out.splitlines()[-1] == "red fives: 0m x0, 0p x1, 0s x1"
    code, _, err = run(capsys, "tiles", "nintendo")
    assert code == 2 and "`tiles` needs a riichi rule set" in err
