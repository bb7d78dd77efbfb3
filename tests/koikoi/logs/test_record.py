"""KoiKoi-AI's game records read into typed values (issue 43 item 4); bad records refused with
a LogError naming the round and turn.

The card numbering is KoiKoi-AI's own (its README's deck picture and the card classes of
``koikoigame.py``): ``[month, rank]``, rank 1 the month's bright or animal, and these cards are
its brights, animals ("seeds") and ribbons; every other card is chaff.
"""

from __future__ import annotations

import copy
import json

import pytest
import yakuset
from yakuset.koikoi import LogError, read_record

from ...helpers import LOGS

RECORDS = LOGS / "koikoi"
BRIGHTS = {(1, 1), (3, 1), (8, 1), (11, 1), (12, 1)}
ANIMALS = {(2, 1), (4, 1), (5, 1), (6, 1), (7, 1), (8, 2), (9, 1), (10, 1), (11, 2)}
RIBBONS = {(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (9, 2), (10, 2), (11, 3)}


def _raw(name: str = "1.json") -> dict:
    return json.loads((RECORDS / name).read_text(encoding="utf-8"))


def test_a_record_is_read_as_recorded() -> None:
    record = read_record(RECORDS / "1.json")
    assert record.players == ("Guan-1", "Guan-2") and record.start == (30, 30) and record.rounds == 8
    assert record.final == (29, 31) and len(record.played) == 8
    first = record.played[0]
    assert first.dealer == 2 and first.winner == 1 and first.points == (7, -7)
    assert first.turns[0] == (1, 2, (2, 3), ((2, 3), (2, 2)), (11, 3), (), None)
    assert first.turns[3].koikoi is True and first.turns[13].koikoi is False
    unfinished = read_record(RECORDS / "201.json")
    assert unfinished.final is None and unfinished.played[0].points is None


def test_each_record_card_is_the_deck_card_of_its_kind() -> None:
    from yakuset.koikoi.logs.record import cards_of

    rules = yakuset.koikoi.rules_of(yakuset.load_ruleset("koikoi-japan"))
    deck = tuple(rules.cards)
    for month in range(1, 13):
        for rank in range(1, 5):
            card = rules.cards[cards_of([(month, rank)], deck)[0]]
            kind = (
                "bright"
                if (month, rank) in BRIGHTS
                else "animal"
                if (month, rank) in ANIMALS
                else "ribbon"
                if (month, rank) in RIBBONS
                else "chaff"
            )
            assert (card.month, card.kind) == (month, kind), (month, rank)


def _refused(data: object) -> LogError:
    with pytest.raises(LogError) as caught:
        read_record(data, "r.json")
    return caught.value


def test_an_impossible_card_names_the_round_and_turn() -> None:
    data = _raw()
    data["record"]["round2"]["turn5"]["discardCard"] = [13, 1]
    error = _refused(data)
    assert (error.round, error.turn) == (2, 5)
    assert (
        str(error) == "r.json: round 2, turn 5: the card played, [13, 1] is no card (a card is [month 1-12, rank 1-4])"
    )


def test_a_move_out_of_turn_names_the_round_and_turn() -> None:
    data = _raw()
    data["record"]["round1"]["turn3"]["playerInTurn"] = 1
    error = _refused(data)
    assert (error.round, error.turn) == (1, 3) and "player 1 moves out of turn (player 2's turn)" in str(error)


@pytest.mark.parametrize(
    ("change", "where", "words"),
    [
        (lambda d: d.pop("info"), (0, None), "the record has no 'info'"),
        (lambda d: d["record"].pop("round3"), (3, None), "the record has no 'round3'"),
        (lambda d: d["record"]["round1"]["basic"].update(Dealer=3), (1, None), "'Dealer' is 3, not player 1 or 2"),
        (lambda d: d["record"]["round1"]["basic"]["initPile"].pop(), (1, None), "the deal is not the 48 cards"),
        (lambda d: d["record"]["round1"]["turn2"].update(isKoiKoi="yes"), (1, 2), "not true, false or null"),
        (lambda d: d["record"]["round1"]["turn2"].update(drawCard=[1, 1]), (1, 2), "whose next card is [11, 2]"),
        (lambda d: d["record"]["round1"]["turn2"].update(collectCard={}), (1, 2), "'collectCard' is {}, not a list"),
        (lambda d: d["info"].update(numRound=True), (0, None), "'numRound' is true, not a number"),
    ],
)
def test_a_malformed_record_names_where(change, where, words) -> None:
    data = _raw()
    change(data)
    error = _refused(data)
    assert (error.round, error.turn) == where and words in str(error), str(error)


def test_what_is_no_record_at_all() -> None:
    assert "not JSON" in str(_refused(b"{"))
    assert "not JSON" in str(_refused(b"[" * 100_000))  # nested past the parser's depth
    assert "the record is over" in str(_refused(b" " * (2 << 20)))
    assert "a KoiKoi-AI record is a JSON object" in str(_refused(copy.deepcopy([1])))
    with pytest.raises(LogError, match="cannot read it"):
        read_record(RECORDS / "none.json")
