"""A whole Koi-Koi match played from moves (yakuset.koikoi.Table): legal and illegal moves for
every capture case, the same seed and moves giving the same trace, and properties of random
matches under every bundled rule set.

The capture rules are docs/rules/koikoi.md §3g (Fuda Wiki, BGA, KoiKoi-AI): a card captures the
field card of its month, the player chooses when two match, the fourth card of a month takes
all three, and a card that matches nothing is laid on the field; then the stock's top card is
turned and treated likewise. BGA: a capture must be made when possible.
"""

from __future__ import annotations

import functools
import random
import runpy

import pytest
import yakuset
from hypothesis import given, settings, strategies as st
from yakuset import InputError
from yakuset.koikoi import IllegalMove, Move, Table
from yakuset.koikoi.kinds import MoveKind

from ...helpers import ROOT, bundled_ids, examples
from ...koikoi_decks import A_HAND, B_HAND, FIELD, deck_order, play_out

KOIKOI = bundled_ids("koikoi")
KOIKOI_MOVE, SHOBU_MOVE = Move("koikoi"), Move("shobu")


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


def table_for(ruleset_id: str, dealer, other, field, stock=(), **options) -> Table:
    """A table whose first deal is rigged, ``a`` dealing."""
    return Table(
        ruleset(ruleset_id),
        ("a", "b"),
        0,
        first_dealer="a",
        decks=[deck_order(ruleset(ruleset_id), dealer, other, field, stock)],
        **options,
    )


def capture_table(stock=("09-ribbon-blue",), ruleset_id="nintendo") -> Table:
    return table_for(ruleset_id, A_HAND, B_HAND, FIELD, stock)


def unchanged(table: Table):
    return table.state, table.trace, table.legal_moves()


# --- the played card ------------------------------------------------------------------------


def test_the_first_decision_is_the_dealers_play_and_every_hand_card_is_legal():
    table = capture_table()
    assert (table.pending, table.to_move, table.round_number, table.month) == ("play", "a", 1, 1)
    assert table.legal_moves() == [Move("play", card) for card in A_HAND]
    assert table.hand("a") == tuple(A_HAND) and table.field == tuple(FIELD)
    assert table.stock_count == 48 - 24


def test_a_played_card_with_one_match_captures_it_and_the_stock_card_with_none_is_laid():
    table = capture_table(stock=("09-ribbon-blue",))
    events = table.play(Move("play", "01-bright-crane"))
    assert [e.kind for e in events] == ["continue"]
    assert table.captured("a") == ("01-bright-crane", "01-chaff-1")
    assert "01-chaff-1" not in table.field and table.field[-1] == "09-ribbon-blue"
    assert "01-bright-crane" not in table.hand("a")
    assert (table.pending, table.to_move, table.stock_count) == ("play", "b", 23)


def test_a_played_card_with_no_match_is_laid_on_the_field():
    table = capture_table(stock=("09-ribbon-blue",))
    table.play(Move("play", "04-animal-cuckoo"))
    assert table.captured("a") == ()
    assert table.field == (*FIELD, "04-animal-cuckoo", "09-ribbon-blue")


def test_a_played_card_with_three_matches_takes_all_three():
    table = capture_table()
    table.play(Move("play", "03-bright-curtain"))
    assert table.captured("a") == ("03-bright-curtain", "03-ribbon-poetry", "03-chaff-1", "03-chaff-2")
    assert not any(card.startswith("03-") for card in table.field)


def test_a_played_card_with_two_matches_waits_for_the_players_choice():
    table = capture_table(stock=("09-ribbon-blue",))
    assert table.play(Move("play", "02-animal-warbler")) == ()
    assert (table.pending, table.to_move, table.choosing) == ("choose", "a", "02-animal-warbler")
    assert table.legal_moves() == [
        Move("choose", "02-animal-warbler", "02-chaff-1"),
        Move("choose", "02-animal-warbler", "02-chaff-2"),
    ]
    assert table.stock_count == 24  # the stock's card is turned only after the choice
    table.play(Move("choose", "02-animal-warbler", "02-chaff-2"))
    assert table.captured("a") == ("02-animal-warbler", "02-chaff-2")
    assert "02-chaff-1" in table.field and table.to_move == "b"


@pytest.mark.parametrize(
    ("move", "rule"),
    [
        (Move("play", "01-bright-crane"), "must_choose"),
        (Move("choose", "02-animal-warbler", "03-chaff-1"), "not_a_match"),
        (Move("choose", "01-bright-crane", "02-chaff-1"), "must_choose"),
        (Move("koikoi"), "must_choose"),
        (("choose", "02-animal-warbler", "02-chaff-1"), "malformed"),
    ],
)
def test_an_illegal_choice_is_refused_by_its_rule_and_changes_nothing(move, rule):
    table = capture_table()
    table.play(Move("play", "02-animal-warbler"))
    before = unchanged(table)
    with pytest.raises(IllegalMove) as refused:
        table.play(move)
    assert (refused.value.rule, refused.value.key, refused.value.seat) == (rule, None, "a")
    assert unchanged(table) == before


@pytest.mark.parametrize(
    ("move", "rule"),
    [
        (Move("play", "08-bright-moon"), "not_in_hand"),
        (Move("play", "05-chaff-1"), "not_in_hand"),  # b's card
        (Move("play", "01-bright-crane", "01-chaff-1"), "target_after_play"),
        (Move("choose", "01-bright-crane", "01-chaff-1"), "must_play"),
        (Move("shobu"), "must_play"),
        (Move("pass"), "malformed"),  # no kind of move at all
        (Move("play", 1), "malformed"),
        ("01-bright-crane", "malformed"),
    ],
)
def test_an_illegal_play_is_refused_by_its_rule_and_changes_nothing(move, rule):
    table = capture_table()
    before = unchanged(table)
    with pytest.raises(IllegalMove) as refused:
        table.play(move)
    assert (refused.value.rule, refused.value.key, refused.value.seat) == (rule, None, "a")
    assert unchanged(table) == before


def test_a_refusal_names_the_player_grammatically_whatever_their_name():
    # The embedding tutorial's table (docs/tutorials/embedding.md): a player named "you".
    table = yakuset.koikoi.Table(yakuset.load_ruleset("nintendo"), players=("you", "cpu"), seed=7)
    table.play(table.legal_moves()[0])
    assert table.to_move == "you" and "12-bright-phoenix" not in table.view("you").hand
    with pytest.raises(IllegalMove) as refused:
        table.play(Move("play", "12-bright-phoenix"))
    assert str(refused.value) == "'12-bright-phoenix' is not in the hand of player 'you'"
    assert "you's" not in str(refused.value)


def test_a_refusal_carries_the_move_read_as_a_typed_move_and_the_wording_of_its_rule():
    table = capture_table()
    with pytest.raises(IllegalMove) as refused:
        table.play(Move("play", "08-bright-moon"))
    assert refused.value.move == Move(MoveKind.PLAY, "08-bright-moon") and type(refused.value.move.kind) is MoveKind
    assert str(refused.value) == refused.value.reason == "'08-bright-moon' is not in the hand of player 'a'"
    with pytest.raises(IllegalMove) as malformed:
        table.play(("play", "08-bright-moon"))
    assert malformed.value.move == ("play", "08-bright-moon")  # no Move: kept as it was given
    assert str(malformed.value) == (
        "a move is a yakuset.koikoi.Move (kind, card, target), got ('play', '08-bright-moon')"
    )


def test_an_illegal_move_is_the_cores_illegal_move_a_referee_error_and_an_input_error():
    table = capture_table()
    for kind in (yakuset.IllegalMove, yakuset.koikoi.RefereeError, InputError):
        with pytest.raises(kind):
            table.play(Move("play", "12-bright-phoenix"))


# --- the stock's card -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stock", "captured", "left_on_field"),
    [
        ("09-ribbon-blue", (), "09-ribbon-blue"),  # no match: laid
        ("01-ribbon-poetry", ("01-ribbon-poetry", "01-chaff-1"), None),  # one match
        ("12-bright-phoenix", ("12-bright-phoenix", "12-chaff-1"), None),
    ],
)
def test_the_stock_card_captures_one_match_or_is_laid(stock, captured, left_on_field):
    table = capture_table(stock=(stock,))
    table.play(Move("play", "04-animal-cuckoo"))  # laid: the turn's capture is the stock card's
    assert table.captured("a") == captured
    assert (left_on_field in table.field) if left_on_field else stock not in table.field


def test_the_stock_card_with_two_matches_waits_for_the_players_choice():
    table = capture_table(stock=("02-ribbon-poetry",))
    assert table.play(Move("play", "01-bright-crane")) == ()
    assert (table.pending, table.to_move, table.choosing) == ("choose", "a", "02-ribbon-poetry")
    assert table.captured("a") == ("01-bright-crane", "01-chaff-1", "02-ribbon-poetry")
    assert table.legal_moves() == [
        Move("choose", "02-ribbon-poetry", "02-chaff-1"),
        Move("choose", "02-ribbon-poetry", "02-chaff-2"),
    ]
    before = unchanged(table)
    with pytest.raises(IllegalMove) as refused:
        table.play(Move("choose", "02-ribbon-poetry", "01-chaff-1"))
    assert refused.value.rule == "not_a_match"
    assert str(refused.value) == (
        "'01-chaff-1' is not one of the field cards 02-ribbon-poetry may capture: ['02-chaff-1', '02-chaff-2']"
    )
    assert unchanged(table) == before
    events = table.play(Move("choose", "02-ribbon-poetry", "02-chaff-1"))
    assert [e.kind for e in events] == ["continue"]
    assert table.captured("a")[-2:] == ("02-ribbon-poetry", "02-chaff-1") and table.to_move == "b"


def test_the_stock_card_with_three_matches_takes_all_three():
    hand = ["08-bright-moon", *A_HAND[:2], *A_HAND[3:]]  # the curtain is the stock's top card
    table = table_for("nintendo", hand, B_HAND, FIELD, stock=("03-bright-curtain",))
    table.play(Move("play", "04-animal-cuckoo"))
    assert table.captured("a") == ("03-bright-curtain", "03-ribbon-poetry", "03-chaff-1", "03-chaff-2")


def test_both_cards_of_a_turn_may_ask_for_a_choice():
    table = capture_table(stock=("02-ribbon-poetry",))
    table.play(Move("play", "02-animal-warbler"))
    table.play(Move("choose", "02-animal-warbler", "02-chaff-1"))
    # The stock's poetry ribbon now meets one February card: it takes it without a choice.
    assert table.captured("a") == ("02-animal-warbler", "02-chaff-1", "02-ribbon-poetry", "02-chaff-2")


# --- must capture ---------------------------------------------------------------------------


def test_bga_a_player_who_can_capture_must_play_a_capturing_card():
    # BGA: "you must always capture if possible" (docs/rules/koikoi.md §3g).
    table = capture_table(ruleset_id="bga")
    legal = table.legal_moves()
    assert legal == [Move("play", card) for card in A_HAND[:3]]  # the crane, the warbler, the curtain
    before = unchanged(table)
    with pytest.raises(IllegalMove) as refused:
        table.play(Move("play", "04-animal-cuckoo"))
    assert (refused.value.rule, refused.value.key, refused.value.seat) == ("must_capture", "match.must_capture", "a")
    assert str(refused.value) == (
        "player 'a' must capture (this rule set's match.must_capture): "
        "play one of ['01-bright-crane', '02-animal-warbler', '03-bright-curtain']"
    )
    assert unchanged(table) == before


def test_bga_a_player_who_cannot_capture_may_play_any_card():
    hand = ["04-animal-cuckoo", "05-animal-bridge", "06-animal-butterflies", "07-animal-boar", "10-animal-deer",
            "04-ribbon-red", "08-bright-moon", "09-animal-sake"]  # fmt: skip
    table = table_for("bga", hand, B_HAND, FIELD)
    assert table.legal_moves() == [Move("play", card) for card in hand]


def test_nintendo_a_player_may_lay_a_card_while_holding_one_that_captures():
    # Fuda Wiki: a player may play a card that matches nothing (docs/rules/koikoi.md §3g).
    table = capture_table()
    table.play(Move("play", "04-animal-cuckoo"))
    assert "04-animal-cuckoo" in table.field


# --- offers and answers ---------------------------------------------------------------------


def test_a_rise_offers_koikoi_or_shobu_and_only_those_answers_are_legal():
    # a captures the crane, the curtain and the moon: Sanko, 5 in Nintendo's list.
    hand = ["01-bright-crane", "03-bright-curtain", "08-bright-moon", *A_HAND[3:]]
    field = [*FIELD[:6], "08-chaff-1", "11-chaff-lightning"]
    other = [
        "05-chaff-1",
        "06-chaff-1",
        "07-chaff-1",
        "12-chaff-2",
        "09-chaff-1",
        "10-chaff-1",
        "05-chaff-2",
        "06-chaff-2",
    ]
    quiet = ["04-chaff-1", "09-chaff-2", "07-chaff-2", "12-chaff-yellow", "10-chaff-2"]  # nothing to take
    table = table_for("nintendo", hand, other, field, stock=quiet)
    table.play(Move("play", "01-bright-crane"))
    table.play(Move("play", "05-chaff-1"))
    table.play(Move("play", "03-bright-curtain"))
    table.play(Move("play", "06-chaff-1"))
    (offer,) = table.play(Move("play", "08-bright-moon"))
    assert (offer.kind, offer.player, offer.hand.base) == ("offer", "a", 5)
    assert (table.pending, table.to_move) == ("koikoi_or_shobu", "a")
    assert table.legal_moves() == [KOIKOI_MOVE, SHOBU_MOVE]
    before = unchanged(table)
    for move in (Move("play", "04-animal-cuckoo"), Move("koikoi", "01-bright-crane")):
        with pytest.raises(IllegalMove) as refused:
            table.play(move)
        assert (refused.value.rule, refused.value.seat) == ("must_answer", "a")
    assert str(refused.value) == (
        "the base of player 'a' rose: answer Move('koikoi') or Move('shobu'), not Move(kind='koikoi', card='01-bright-crane', target=None)"
    )
    assert unchanged(table) == before
    events = table.play(SHOBU_MOVE)
    assert events[0].kind == "shobu" and events[0].points == 5
    assert table.rounds[0].winner == "a" and table.rounds[0].yaku == ("sanko",)
    assert table.totals == {"a": 5, "b": 0}
    assert (table.round_number, table.dealer, table.pending) == (2, "a", "play")  # the winner deals


# --- set-up and the match's end -------------------------------------------------------------


def test_a_table_needs_two_players_an_int_seed_and_whole_decks():
    rs = ruleset("nintendo")
    with pytest.raises(InputError, match="two players"):
        Table(rs, ("a", "a"))
    with pytest.raises(InputError, match="seed"):
        Table(rs, ("a", "b"), seed="1")  # type: ignore[arg-type]
    with pytest.raises(InputError, match="dealer"):
        Table(rs, ("a", "b"), first_dealer="c")
    with pytest.raises(InputError, match=r"decks\[0\] must hold each of the 48 cards once"):
        Table(rs, ("a", "b"), decks=[list(yakuset.koikoi.rules_of(rs).cards)[:47]])
    with pytest.raises(InputError, match="a Koi-Koi rule set"):
        Table(yakuset.load_ruleset("tenhou"))


def test_after_the_match_no_move_is_legal():
    table = play_out(Table(ruleset("yakuza"), ("a", "b"), 3), random.Random(3))
    assert table.legal_moves() == [] and table.pending is None and table.to_move is None
    with pytest.raises(IllegalMove) as refused:
        table.play(Move("play", "01-bright-crane"))
    assert (refused.value.rule, refused.value.seat, str(refused.value)) == ("match_over", None, "the match is over")
    result = table.result
    assert result is not None and len(result.rounds) == 3  # Yakuza's 3 rounds
    assert result.totals == (table.totals["a"], table.totals["b"])
    assert table.trace.splitlines()[-1].startswith("match over: ")


def test_a_match_replayed_from_its_seed_with_the_same_moves_gives_the_same_trace():
    rs = ruleset("fudawiki")
    first = play_out(Table(rs, ("a", "b"), 42), random.Random(1))
    second = play_out(Table(rs, ("a", "b"), 42), random.Random(1))
    assert first.trace == second.trace and first.result == second.result
    other = play_out(Table(rs, ("a", "b"), 43), random.Random(1))
    assert other.trace != first.trace


@pytest.mark.parametrize("ruleset_id", ["nintendo", "bga", "hanafuda-flash"])
def test_every_deal_is_the_deck_sorted_by_one_draw_of_the_seeds_stream_per_card(ruleset_id):
    # The shuffle as documented: each card gets random() from the table's own stream, in the
    # deck's order, and the deck is sorted by those keys (with a first dealer named, nothing
    # else draws from the stream). Misdeals dealt again draw the next keys.
    from yakuset.koikoi.match.trace import Dealt

    rs = ruleset(ruleset_id)
    cards = list(rs.rules.cards)
    for seed in (0, 7, 2**64 - 1):
        table = play_out(Table(rs, ("a", "b"), seed, first_dealer="a"), random.Random(seed))
        stream = random.Random(seed)
        for dealt in (entry for entry in table.log if isinstance(entry, Dealt)):
            order = sorted(cards, key=lambda _: stream.random())
            assert (*dealt.dealer_hand, *dealt.other_hand, *dealt.field) == tuple(order[:24])


def test_the_seed_alone_decides_the_deal_whatever_the_moves():
    rs = ruleset("nintendo")
    one = Table(rs, ("a", "b"), 9)
    two = Table(rs, ("a", "b"), 9)
    assert one.state == two.state and one.first_dealer == two.first_dealer
    assert Table(rs, ("a", "b"), 10).state != one.state


# --- properties of random matches -----------------------------------------------------------


def check_every_card_in_one_place(table: Table, deck: list[str]) -> None:
    state = table.state
    places = [*state.field, *(c for p in table.players for c in (*state.hands[p], *state.captured[p]))]
    assert len(places) == len(set(places)), "a card is in two places"
    assert len(places) + state.stock_count == len(deck)


#: House rules that turn on the table rules no bundled rule set plays (docs/rules/koikoi.md §9b).
HOUSE = {
    "weather": "extends: fudawiki\nname: Weather\nyaku_rules:\n  weather:\n    - {id: rain, enabled: true}\n"
    "    - {id: fog, enabled: true}\n    - {id: rain_man, enabled: true}\n",
    "calls": "extends: nintendo\nname: Calls\ncalls: {limit_per_round: 2, limit_scope: round, offer_on: new_yaku, "
    "minimum_base: 3, on_exhaustive_draw: score}\nmatch: {after_draw: last_yaku, target: 30}\n",
    "field": "extends: bga\nname: Field\nmatch: {hand_cards: 6, field_cards: 12, field_four: dealer_captures, "
    "until_out: true, first_dealer: random}\ncards:\n  - {id: 09-animal-sake, counts_as: {chaff: 2}}\n",
    "dealer_wins": "extends: hanafuda-flash\nname: Dealer wins\nmatch: {hand_cards: 6, field_cards: 12, "
    "field_four: dealer_wins, after_win: other_player}\n",
}


@functools.cache
def house(name: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset_text(HOUSE[name], f"{name}.yaml")


def play_checked(rs: yakuset.RuleSet, seed: int, moves: int) -> Table:
    """A match of random legal moves, checking at every move that each card is in one place
    and that every scoring event's yaku are yakuset.koikoi.yaku's for the same pile."""
    rules = yakuset.koikoi.rules_of(rs)
    deck = sorted(rules.cards)
    field_weather = any(w.where == "field" for w in rules.table.weather)
    table = Table(rs, ("a", "b"), seed)
    rng = random.Random(moves)
    for _ in range(20_000):  # far more than any match takes: a match that does not end fails
        if table.finished:
            break
        check_every_card_in_one_place(table, deck)
        legal = table.legal_moves()
        played, field_before = table.round, table.field  # the move's scoring event, if any, is this round's
        events = table.play(legal[rng.randrange(len(legal))])
        scoring = events[0] if events and events[0].kind in ("offer", "shobu", "automatic_shobu", "koikoi") else None
        if scoring is None:
            continue
        # The field the referee saw: after the turn (an offer: the round goes on), or at the offer.
        field = table.field if scoring.kind == "offer" else field_before if scoring.kind != "automatic_shobu" else None
        if field is None and field_weather:
            continue  # the round is over and its field dealt away
        player = scoring.player
        assert scoring.hand == yakuset.koikoi.yaku(
            rs, played.captured(player), played.month, played.calls(player), field=field
        )
    assert table.finished
    result = table.result
    table_rules = rules.table
    if table_rules.zero_sum and not rs.plugins.get("minipoints"):
        assert sum(result.totals) == 2 * table_rules.start_points
    assert len(result.rounds) <= table_rules.rounds
    assert result.winner == (
        None if result.totals[0] == result.totals[1] else "ab"[result.totals[1] > result.totals[0]]
    )
    return table


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 2**64 - 1), moves=st.integers(0, 2**32), ruleset_id=st.sampled_from(KOIKOI))
def test_a_random_match_ends_keeps_each_card_in_one_place_and_scores_as_yaku_does(seed, moves, ruleset_id):
    play_checked(ruleset(ruleset_id), seed, moves)


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 2**64 - 1), moves=st.integers(0, 2**32), name=st.sampled_from(sorted(HOUSE)))
def test_a_random_match_under_house_table_rules_ends_and_scores_as_yaku_does(seed, moves, name):
    play_checked(house(name), seed, moves)


def test_the_house_rules_reach_their_rare_table_rules():
    ended: dict[str, set[str]] = {name: set() for name in HOUSE}
    captured_four = False
    for name in HOUSE:
        for seed in range(40):
            table = play_checked(house(name), seed, seed)
            ended[name].update(r.ended for r in table.result.rounds)
            captured_four |= name == "field" and "; the field gets " in table.trace
    assert "field_four" in ended["dealer_wins"]  # the dealer won a misdealt field
    assert captured_four  # the dealer captured one
    assert all("shobu" in kinds or "automatic_shobu" in kinds for kinds in ended.values())


# --- the example scripts --------------------------------------------------------------------


def run_example(capsys, name: str, *args: object) -> str:
    runpy.run_path(str(ROOT / "examples" / "moves" / name), run_name="__example__")["main"](*args)
    return capsys.readouterr().out


def test_the_rigged_deal_example_shows_each_capture_case(capsys):
    out = run_example(capsys, "rigged_deal.py")
    assert "alice may: 02-animal-warbler takes 02-chaff-1, 02-animal-warbler takes 02-chaff-2" in out
    assert "  03-bright-curtain takes 03-ribbon-poetry 03-chaff-1 03-chaff-2" in out
    assert "  05-chaff-1 is laid on the field" in out


def test_the_match_example_plays_to_the_end_the_same_way_from_the_same_seed(capsys):
    first = run_example(capsys, "play_a_match.py", "yakuza", 5)
    assert first.startswith("refused: ") and "match over: " in first
    assert first == run_example(capsys, "play_a_match.py", "yakuza", 5)
    assert first.count("\nround ") == 2 * 3  # Yakuza's three rounds: in the trace and the summary
