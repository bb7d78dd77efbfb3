"""The Koi-Koi table rules of each rule set, on rigged or seeded deals.

Every number here is the sources', as docs/rules/koikoi.md §3 and §9 give them: the first dealer
is the player who draws the earlier month, the higher card in the same month (Nintendo's leaflet
and Mario Hanafuda, S5/S6; Fuda Wiki, S1); the winner deals next (S5, S1, S11, S14); after a
draw Nintendo passes the deal (S4, S5) and the others keep it; BGA starts both players at 50
and plays 6 rounds, zero-sum (S12); Hanafuda Flash starts both at 10, zero-sum, until one
reaches 0 or 50 (S14); four of a month dealt face up is dealt again (S1, S4, S12, S11), four
pairs too for BGA (S12) and Fuda Wiki (S1's variant list); Koi-Koi Japan deals a lucky hand
again (S11); Fuda Wiki's house rule pays 6 or 12 for one hand holding both lucky hands (S1).
The variants (a house rule file turns them on) are Fuda Wiki's (S1): the dealer captures the
four or wins 6 (also S23), Koi-Koi only on a new yaku, a 3-point minimum, rain and fog on the
field, the sake cup as two chaff; a captured rain man cancels both viewing yaku (S24); one call
for the whole round (S4, S5, S8).
"""

from __future__ import annotations

import functools
import itertools
import random
from pathlib import Path

import pytest
import yakuset
from yakuset.koikoi import Match, Round, Table, rules_of, yaku

from ...helpers import bundled_ids, write_at
from ...koikoi_decks import A_HAND, B_HAND, FIELD, deck_order, play_out

KOIKOI = bundled_ids("koikoi")
DRAW_FOR_DEALER = tuple(r for r in KOIKOI if r != "koikoi-japan")
#: Points at the start of a match and whether a round's points are taken from the loser.
START = {"bga": 50, "hanafuda-flash": 10}
ZERO_SUM = {"bga", "hanafuda-flash"}
#: The match ends once a player's total leaves (low, high) exclusive.
ENDS_OUTSIDE = {"hanafuda-flash": (0, 50)}
ROUNDS = {"nintendo": 12, "tournament": 12, "fudawiki": 12, "kk-add-10": 12, "koikoi-japan": 12, "yakuza": 3, "bga": 6}
PASSES_AFTER_DRAW = {"nintendo", "tournament"}
VALUES = {"bright": 20, "animal": 10, "ribbon": 5, "chaff": 1}


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


def house(tmp_path: Path, text: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(write_at(tmp_path / "house.yaml", text))


FOUR_DECEMBERS = ["12-bright-phoenix", "12-chaff-1", "12-chaff-2", "12-chaff-yellow",
                  "01-ribbon-poetry", "09-animal-sake", "04-ribbon-red", "08-bright-moon"]  # fmt: skip
FOUR_PAIRS = ["12-chaff-1", "12-chaff-2", "01-chaff-1", "01-chaff-2", "02-chaff-1", "02-chaff-2",
              "03-chaff-1", "03-chaff-2"]  # fmt: skip
PAIRS_A = ["04-animal-cuckoo", "05-animal-bridge", "06-animal-butterflies", "07-animal-boar",
           "08-bright-moon", "09-animal-sake", "10-animal-deer", "11-bright-rainman"]  # fmt: skip
PAIRS_B = ["04-chaff-1", "05-chaff-1", "06-chaff-1", "07-chaff-1", "08-chaff-1", "09-chaff-1", "10-chaff-1",
           "11-chaff-lightning"]  # fmt: skip


def quiet_deck(rs: yakuset.RuleSet) -> list[str]:
    return deck_order(rs, A_HAND, B_HAND, FIELD)


def four_decembers_deck(rs: yakuset.RuleSet) -> list[str]:
    return deck_order(rs, A_HAND, B_HAND, FOUR_DECEMBERS)


# --- who deals ------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", DRAW_FOR_DEALER)
def test_the_player_who_draws_the_earlier_month_deals_first_and_in_a_tie_the_higher_card(ruleset_id):
    rs, deck = ruleset(ruleset_id), rules_of(ruleset(ruleset_id)).cards
    ties = 0
    for seed in range(300):
        table = Table(rs, ("a", "b"), seed)
        (a, card_a), (b, card_b) = table.drawn
        first, second = deck[card_a], deck[card_b]
        assert first.month != second.month or VALUES[first.kind] != VALUES[second.kind]  # else drawn again
        if first.month == second.month:
            ties += 1
            expected = a if VALUES[first.kind] > VALUES[second.kind] else b
        else:
            expected = a if first.month < second.month else b
        assert table.first_dealer == expected
    assert ties > 0  # the tie rule was exercised


def test_koikoi_japan_picks_the_first_dealer_at_random():
    rs = ruleset("koikoi-japan")
    dealers = {Table(rs, ("a", "b"), seed).first_dealer for seed in range(40)}
    assert dealers == {"a", "b"}
    assert Table(rs, ("a", "b"), 0).drawn == ()


@pytest.mark.parametrize("ruleset_id", KOIKOI)
def test_the_winner_deals_next_and_a_draw_keeps_or_passes_the_deal_as_the_sources_say(ruleset_id):
    rs = ruleset(ruleset_id)
    seen = set()
    for seed in range(25):
        rounds = play_out(Table(rs, ("a", "b"), seed), random.Random(seed)).result.rounds
        for before, after in itertools.pairwise(rounds):
            if before.ended in ("draw", "exhaustive_draw"):
                other = "b" if before.dealer == "a" else "a"
                assert after.dealer == (other if ruleset_id in PASSES_AFTER_DRAW else before.dealer)
                seen.add("draw")
            else:
                assert after.dealer == before.winner
                seen.add("win")
    assert seen == {"draw", "win"}


# --- points and the match's end -------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", KOIKOI)
def test_match_totals_start_and_move_as_the_rule_set_says_and_the_match_ends_on_time(ruleset_id):
    rs = ruleset(ruleset_id)
    start = START.get(ruleset_id, 0)
    for seed in range(15):
        table = play_out(Table(rs, ("a", "b"), seed), random.Random(seed))
        result = table.result
        totals = {"a": start, "b": start}
        for number, played in enumerate(result.rounds, start=1):
            if played.winner is not None:
                totals[played.winner] += played.points
                if ruleset_id in ZERO_SUM:
                    totals["b" if played.winner == "a" else "a"] -= played.points
            low, high = ENDS_OUTSIDE.get(ruleset_id, (None, None))
            out = low is not None and not all(low < t < high for t in totals.values())
            assert out == (ruleset_id in ENDS_OUTSIDE and number == len(result.rounds)), (seed, number, totals)
        if ruleset_id in ROUNDS:
            assert len(result.rounds) == ROUNDS[ruleset_id]
        adjusted = sum(a.points for a in result.adjustments)  # KK-ADD-10's minipoints (none in play)
        assert sum(result.totals) - adjusted == sum(totals.values())
        assert result.totals == (totals["a"], totals["b"])


def test_bga_a_won_round_moves_its_points_from_the_loser_to_the_winner():
    match = Match(ruleset("bga"), ("a", "b"), "a")
    assert match.totals == {"a": 50, "b": 50}
    lucky = {"a": ["01-bright-crane", "01-ribbon-poetry", "01-chaff-1", "01-chaff-2", "02-chaff-1", "03-chaff-1",
                   "04-chaff-1", "05-chaff-1"],
             "b": ["06-chaff-1", "07-chaff-1", "08-chaff-1", "09-chaff-1", "10-chaff-1", "11-chaff-lightning",
                   "12-chaff-1", "02-chaff-2"]}  # fmt: skip
    event = match.new_round().deal(lucky, ["03-chaff-2", "04-chaff-2", "05-chaff-2", "06-chaff-2", "07-chaff-2",
                                           "08-chaff-2", "09-chaff-2", "10-chaff-2"])  # fmt: skip
    assert (event.kind, event.winner, event.points) == ("lucky_hand", "a", 6)
    assert match.totals == {"a": 56, "b": 44}  # BGA: +6 to the holder, -6 to the other


def test_a_target_ends_the_match_after_the_round_that_reaches_it(tmp_path):
    rs = house(tmp_path, "extends: fudawiki\nname: To 12\nmatch:\n  target: 12\n")
    match = Match(rs, ("a", "b"), "a")
    lucky = {"a": ["01-bright-crane", "01-ribbon-poetry", "01-chaff-1", "01-chaff-2", "02-chaff-1", "03-chaff-1",
                   "04-chaff-1", "05-chaff-1"],
             "b": ["06-chaff-1", "07-chaff-1", "08-chaff-1", "09-chaff-1", "10-chaff-1", "11-chaff-lightning",
                   "12-chaff-1", "02-chaff-2"]}  # fmt: skip
    field = ["03-chaff-2", "04-chaff-2", "05-chaff-2", "06-chaff-2", "07-chaff-2", "08-chaff-2", "09-chaff-2",
             "10-chaff-2"]  # fmt: skip
    for _ in range(2):  # Teshi 6 twice: 12
        assert not match.over
        match.new_round().deal(lucky, field)
    assert match.over and match.totals == {"a": 12, "b": 0}
    with pytest.raises(yakuset.koikoi.RefereeError, match="a reached 12"):
        match.new_round()
    assert match.finish().winner == "a"


# --- the deal -------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", KOIKOI)
def test_four_cards_of_a_month_on_the_field_are_dealt_again(ruleset_id):
    rs = ruleset(ruleset_id)
    table = Table(rs, ("a", "b"), 0, first_dealer="a", decks=[four_decembers_deck(rs), quiet_deck(rs)])
    assert [e.kind for e in table.opening] == ["redeal", "dealt"]
    assert "month 12" in table.opening[0].message
    assert table.field == tuple(FIELD) and table.hand("a") == tuple(A_HAND)
    play_out(table, random.Random(0))
    assert table.result.rounds[0].redeals == 1


@pytest.mark.parametrize("ruleset_id", KOIKOI)
def test_four_pairs_on_the_field_are_dealt_again_where_the_sources_say(ruleset_id):
    rs = ruleset(ruleset_id)
    pairs = deck_order(rs, PAIRS_A, PAIRS_B, FOUR_PAIRS)
    table = Table(rs, ("a", "b"), 0, first_dealer="a", decks=[pairs, quiet_deck(rs)])
    redeals = ruleset_id in ("bga", "fudawiki", "kk-add-10")
    assert [e.kind for e in table.opening] == (["redeal", "dealt"] if redeals else ["dealt"])


@pytest.mark.parametrize(
    ("variant", "expected"),
    [("play_on", "dealt"), ("dealer_wins", "field_four"), ("dealer_captures", "dealt")],
)
def test_the_four_of_a_month_variants(tmp_path, variant, expected):
    rs = house(tmp_path, f"extends: nintendo\nname: House\nmatch:\n  field_four: {variant}\n")
    table = Table(rs, ("a", "b"), 0, first_dealer="a", decks=[four_decembers_deck(rs), quiet_deck(rs)])
    event = table.opening[0]
    assert event.kind == expected
    decembers = {"12-bright-phoenix", "12-chaff-1", "12-chaff-2", "12-chaff-yellow"}
    if variant == "play_on":
        assert decembers <= set(table.field)
    elif variant == "dealer_wins":  # Fuda Wiki's variant, 6 (S23 too): the dealer wins, no multipliers
        assert (event.winner, event.points, event.award.points) == ("a", 6, 6)
        assert table.rounds[0].ended == "field_four" and table.totals == {"a": 6, "b": 0}
        assert table.round_number == 2 and table.dealer == "a"
    else:  # the dealer captures the four; four more cards come to the field
        assert table.captured("a") == tuple(sorted(decembers, key=FOUR_DECEMBERS.index))
        assert len(table.field) == 8 and not decembers & set(table.field)
        assert table.stock_count == 48 - 16 - 8 - 4


def test_koikoi_japan_deals_a_lucky_hand_again(tmp_path):
    rs = ruleset("koikoi-japan")
    teshi = ["01-bright-crane", "01-ribbon-poetry", "01-chaff-1", "01-chaff-2", "04-animal-cuckoo",
             "05-animal-bridge", "06-animal-butterflies", "07-animal-boar"]  # fmt: skip
    field = ["02-chaff-1", "02-chaff-2", "03-ribbon-poetry", "03-chaff-1", "03-chaff-2", "12-chaff-1",
             "11-chaff-lightning", "09-ribbon-blue"]  # fmt: skip
    lucky = deck_order(rs, teshi, B_HAND, field)
    table = Table(rs, ("a", "b"), 0, first_dealer="a", decks=[lucky, quiet_deck(rs)])
    assert [e.kind for e in table.opening] == ["redeal", "dealt"]
    assert table.totals == {"a": 0, "b": 0}


def test_koikoi_japan_plays_a_hand_of_four_pairs(tmp_path):
    # KoiKoi-AI (docs/rules/koikoi.md S11, koikoigame.py's deal) deals again only when a hand or
    # the field holds four cards of a month; four pairs are played.
    rs = ruleset("koikoi-japan")
    kuttsuki = ["03-bright-curtain", "03-ribbon-poetry", "05-animal-bridge", "05-ribbon-red", "07-animal-boar",
                "07-ribbon-red", "10-animal-deer", "10-ribbon-blue"]  # fmt: skip
    other = ["01-bright-crane", "02-animal-warbler", "04-animal-cuckoo", "06-animal-butterflies", "08-bright-moon",
             "09-animal-sake", "11-bright-rainman", "12-bright-phoenix"]  # fmt: skip
    field = ["01-chaff-1", "02-chaff-1", "04-chaff-1", "06-chaff-1", "08-chaff-1", "09-chaff-1",
             "11-chaff-lightning", "12-chaff-1"]  # fmt: skip
    table = Table(rs, ("a", "b"), 0, first_dealer="a", decks=[deck_order(rs, kuttsuki, other, field), quiet_deck(rs)])
    assert [e.kind for e in table.opening] == ["dealt"]
    assert sorted(table.hand("a")) == sorted(kuttsuki) and table.totals == {"a": 0, "b": 0}


@pytest.mark.parametrize(
    ("ruleset_id", "points", "award"), [("fudawiki", 12, "teshi_kuttsuki"), ("nintendo", 6, "teshi")]
)
def test_one_hand_holding_teshi_and_kuttsuki(ruleset_id, points, award):
    rnd = Round(ruleset(ruleset_id), ("a", "b"), "a")
    both = ["01-bright-crane", "01-ribbon-poetry", "01-chaff-1", "01-chaff-2", "02-chaff-1", "02-chaff-2",
            "03-chaff-1", "03-chaff-2"]  # fmt: skip
    event = rnd.deal({"a": both, "b": B_HAND}, ["04-chaff-1", "04-chaff-2", "11-chaff-lightning", "12-chaff-1",
                                                 "07-chaff-2", "08-chaff-2", "09-chaff-2", "10-chaff-2"])  # fmt: skip
    assert (event.kind, event.points, event.award.id) == ("lucky_hand", points, award)


# --- calls ----------------------------------------------------------------------------------

TAN = ["01-ribbon-poetry", "02-ribbon-poetry", "04-ribbon-red", "05-ribbon-red", "07-ribbon-red"]


def dealt_round(rs: yakuset.RuleSet) -> Round:
    rnd = Round(rs, ("a", "b"), "a")
    rnd.deal({"a": A_HAND, "b": B_HAND}, FIELD)
    return rnd


@pytest.mark.parametrize(("ruleset_id", "offered"), [("bga", False), ("fudawiki", True), ("nintendo", True)])
def test_an_improved_yaku_offers_koikoi_only_where_improving_counts(ruleset_id, offered):
    # BGA: "you cannot score that yaku until you have formed another": Tan growing from 5 to 6
    # ribbons is no new yaku. Fuda Wiki, Nintendo: a new or improved yaku offers.
    rnd = dealt_round(ruleset(ruleset_id))
    assert rnd.turn("a", TAN).kind == "offer"
    rnd.answer("a", "koikoi")
    rnd.turn("b", [])
    event = rnd.turn("a", ["06-ribbon-blue"])  # a sixth ribbon: Tan 2
    if ruleset_id == "nintendo":  # one call per player: the rise ends the round
        assert event.kind == "automatic_shobu"
    else:
        assert (event.kind == "offer") == offered
        assert event.hand.base == 2


def test_a_minimum_base_holds_back_the_offer_until_it_is_reached(tmp_path):
    rs = house(tmp_path, "extends: fudawiki\nname: Three first\ncalls:\n  minimum_base: 3\n")
    rnd = dealt_round(rs)
    event = rnd.turn("a", TAN)  # Tan 1: below the 3-point minimum
    assert (event.kind, event.hand.base) == ("continue", 1)
    rnd.turn("b", [])
    event = rnd.turn("a", ["06-ribbon-blue"])  # Tan 2
    assert (event.kind, event.hand.base) == ("continue", 2)
    rnd.turn("b", [])
    event = rnd.turn("a", ["09-ribbon-blue"])  # Tan 3: the minimum
    assert (event.kind, event.hand.base) == ("offer", 3)


def test_a_call_limit_for_the_whole_round_stops_the_other_player_too(tmp_path):
    rs = house(tmp_path, "extends: nintendo\nname: Once a round\ncalls:\n  limit_scope: round\n")
    rnd = dealt_round(rs)
    assert rnd.turn("a", TAN).kind == "offer"
    rnd.answer("a", "koikoi")
    event = rnd.turn("b", ["05-animal-bridge", "06-animal-butterflies", "07-animal-boar", "08-animal-geese",
                           "10-animal-deer"])  # fmt: skip
    assert event.kind == "automatic_shobu" and "the round has used 1 Koi-Koi call" in event.message
    nintendo = dealt_round(ruleset("nintendo"))
    nintendo.turn("a", TAN)
    nintendo.answer("a", "koikoi")
    assert nintendo.turn("b", ["05-animal-bridge", "06-animal-butterflies", "07-animal-boar", "08-animal-geese",
                               "10-animal-deer"]).kind == "offer"  # fmt: skip


def exhaust(rnd: Round) -> object:
    """Play both hands out with empty captures after a's call; the last event."""
    event = None
    while not rnd.finished:
        event = rnd.turn(rnd.next_to_act, [])
    return event


@pytest.mark.parametrize(("rule", "points"), [("forfeit", 0), ("score", 2)])
def test_the_callers_yaku_at_an_exhaustive_draw(tmp_path, rule, points):
    # Fuda Wiki: the caller forfeits. The other reading scores the caller's yaku: Tan 1 ×2 (own call).
    rs = house(tmp_path, f"extends: fudawiki\nname: Draw\ncalls:\n  on_exhaustive_draw: {rule}\n")
    rnd = dealt_round(rs)
    rnd.turn("a", TAN)
    rnd.answer("a", "koikoi")
    event = exhaust(rnd)
    assert (event.kind, event.points) == ("exhaustive_draw", points)
    assert event.winner == ("a" if points else None)


def test_the_last_player_to_form_a_yaku_deals_after_a_draw(tmp_path):
    rs = house(tmp_path, "extends: fudawiki\nname: Last yaku\nmatch:\n  after_draw: last_yaku\n")
    rnd = dealt_round(rs)
    rnd.turn("a", [])
    rnd.turn("b", TAN)
    rnd.answer("b", "koikoi")
    event = exhaust(rnd)
    assert (event.kind, event.next_dealer) == ("exhaustive_draw", "b")
    assert exhaust(dealt_round(rs)).next_dealer == "a"  # nobody formed one: the dealer stays


# --- weather and counting -------------------------------------------------------------------

HANAMI = ["03-bright-curtain", "09-animal-sake"]
TSUKIMI = ["08-bright-moon", "09-animal-sake"]


def test_no_bundled_rule_set_plays_weather():
    assert all(rules_of(ruleset(r)).table.weather == () for r in KOIKOI)


@pytest.mark.parametrize(
    ("turn_on", "captured", "field", "counted"),
    [
        ("rain", HANAMI, ["11-chaff-lightning"], 0),  # a willow card on the field rains off Hanami-zake
        ("rain", HANAMI, ["12-chaff-1"], 5),
        ("rain", TSUKIMI, ["11-chaff-lightning"], 5),  # rain spares Tsukimi-zake
        ("fog", TSUKIMI, ["12-chaff-1"], 0),  # a paulownia card on the field fogs out Tsukimi-zake
        ("fog", HANAMI, ["12-chaff-1"], 5),
        ("rain_man", [*HANAMI, "11-bright-rainman"], [], 0),  # a captured rain man cancels both
        ("rain_man", [*TSUKIMI, "11-bright-rainman"], [], 0),
        ("rain_man", TSUKIMI, ["11-bright-rainman"], 5),  # on the field he does not
    ],
)
def test_weather_cancels_viewing_yaku(tmp_path, turn_on, captured, field, counted):
    rs = house(
        tmp_path, f"extends: nintendo\nname: Weather\nyaku_rules:\n  weather:\n    - {{id: {turn_on}, enabled: true}}\n"
    )
    hand = yaku(rs, captured, month=1, field=field)
    assert hand.base == counted
    if not counted:
        assert any(step.op == "drop" and "cancelled by" in step.label for step in hand.steps)
    assert yaku(ruleset("nintendo"), captured, month=1, field=field).base == 5  # no weather there


def test_the_referee_counts_the_weather_of_the_field_reported_with_the_turn(tmp_path):
    rs = house(tmp_path, "extends: nintendo\nname: Rain\nyaku_rules:\n  weather:\n    - {id: rain, enabled: true}\n")
    rnd = dealt_round(rs)
    with pytest.raises(yakuset.koikoi.RefereeError, match="looks at the field"):
        rnd.turn("a", HANAMI)
    assert rnd.turn("a", HANAMI, field=["11-chaff-lightning"]).kind == "continue"
    rnd.turn("b", [], field=["12-chaff-1"])
    assert rnd.turn("a", [], field=["12-chaff-1"]).kind == "offer"  # the rain is gone: Hanami-zake 5


def test_the_sake_cup_as_two_chaff_makes_kasu_with_nine_others(tmp_path):
    rs = house(tmp_path, "extends: nintendo\nname: Two\ncards:\n  - {id: 09-animal-sake, counts_as: {chaff: 2}}\n")
    nine = ["01-chaff-1", "01-chaff-2", "02-chaff-1", "02-chaff-2", "03-chaff-1", "03-chaff-2", "04-chaff-1",
            "04-chaff-2", "05-chaff-1"]  # fmt: skip
    assert yaku(ruleset("nintendo"), [*nine, "09-animal-sake"]).base == 1  # 10 chaff: Kasu 1
    assert yaku(rs, [*nine, "09-animal-sake"]).base == 2  # 11: Kasu 1 + 1
    assert yaku(rs, [*nine[:8], "09-animal-sake"]).base == 1  # 8 + 2 = 10: Kasu 1
    assert yaku(ruleset("nintendo"), [*nine[:8], "09-animal-sake"]).base == 0


# --- the rule file --------------------------------------------------------------------------


def test_a_wrong_table_rule_is_located_with_a_hint(tmp_path):
    path = write_at(tmp_path / "bad.yaml", "extends: nintendo\nname: Bad\nmatch:\n  field_four: redeel\n")
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(path)
    assert str(caught.value) == (
        f"{path}:4:15: match.field_four: expected 'redeal' or 'play_on' or 'dealer_captures' or 'dealer_wins', "
        "got text 'redeel' (hint: did you mean 'redeal'?)"
    )


def test_a_deal_larger_than_the_deck_and_weather_on_an_unknown_yaku_are_located(tmp_path):
    # 12 cards each and 12 face up leave 12 in the stock for 24 turns: too few as well.
    tight = write_at(
        tmp_path / "tight.yaml", "extends: nintendo\nname: Tight\nmatch:\n  hand_cards: 12\n  field_cards: 12\n"
    )
    with pytest.raises(yakuset.RulesetError, match="need 60 cards; the deck has 48"):
        yakuset.load_ruleset(tight)
    assert (
        yakuset.koikoi.rules_of(
            house(tmp_path, "extends: nintendo\nname: Ten\nmatch:\n  hand_cards: 10\n  field_cards: 8\n")
        ).hand_cards
        == 10
    )  # 40 + 8 = 48: Fuda Wiki's 10-card hands fit
    path = write_at(
        tmp_path / "big.yaml",
        """
        extends: nintendo
        name: Big
        match:
          hand_cards: 20
          field_cards: 10
        yaku_rules:
          weather:
            - {id: rain, enabled: true, cancels: [hanami_zak]}
        """,
    )
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(path)
    text = str(caught.value)
    assert (
        "big.yaml:5:16: match.field_cards: two hands of 20, a field of 10 and a stock card for each of the 40 turns "
        "need 90 cards; the deck has 48"
    ) in text
    assert "big.yaml:8:43: yaku_rules.weather[rain].cancels[0]: unknown yaku 'hanami_zak'" in text


def test_the_lucky_hands_field_setting_moved_to_the_table_rules(tmp_path):
    path = write_at(
        tmp_path / "old.yaml", "extends: nintendo\nname: Old\nplugins:\n  lucky_hands:\n    on_field: ignore\n"
    )
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(path)
    assert str(caught.value) == (
        f"{path}:5:5: plugins.lucky_hands.on_field: unknown key 'on_field' "
        "(hint: this setting moved to `match.field_four`)"
    )


def test_a_script_reports_the_field_for_weather_and_a_match_ends_at_its_target(tmp_path):
    rs = house(
        tmp_path,
        "extends: fudawiki\nname: Rainy race\nmatch:\n  target: 5\nyaku_rules:\n  weather:\n    - {id: rain, enabled: true}\n",
    )
    script = write_at(
        tmp_path / "script.yaml",
        f"""
        players: [a, b]
        dealer: a
        rounds:
          - events:
              - deal: {{a: {A_HAND}, b: {B_HAND}, field: {FIELD}}}
              - {{turn: a, captured: [03-bright-curtain, 09-animal-sake], field: [11-chaff-lightning]}}
              - {{turn: b, captured: [], field: [12-chaff-1]}}
              - {{turn: a, captured: [], field: [12-chaff-1]}}
              - shobu: a
        """,
    )
    trace = yakuset.koikoi.replay(rs, yakuset.koikoi.load_script(script))
    kinds = [event.kind for event in trace.rounds[0].events]
    assert kinds == ["dealt", "continue", "continue", "offer", "shobu"]  # rained off, then Hanami-zake 5
    assert trace.match is not None and trace.match.winner == "a"  # 5 reaches the target: the match is over


def test_a_dealer_who_captures_a_misdealt_month_is_offered_its_yaku_on_the_first_turn(tmp_path):
    # The four cards of the round's month are Fuda Wiki's month set, Tsukifuda 4 (S1).
    rs = house(tmp_path, "extends: fudawiki\nname: Captures\nmatch:\n  field_four: dealer_captures\n")
    rnd = Round(rs, ("a", "b"), "a", month=12)
    rnd.deal({"a": A_HAND, "b": B_HAND}, FOUR_DECEMBERS)
    event = rnd.turn("a", [])
    assert (event.kind, event.hand.base) == ("offer", 4)
