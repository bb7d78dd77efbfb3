"""What the Koi-Koi table tests share: a deck order rigged from the cards each place is dealt,
the quiet deal of the capture tests, and a match played out with random legal moves."""

from __future__ import annotations

import random
from collections.abc import Sequence

import yakuset
from yakuset.koikoi import Move, Table, rules_of


def deck_order(rs: yakuset.RuleSet, *parts: Sequence[str]) -> list[str]:
    """The cards of ``parts`` in order (the dealer's hand, the other hand, the field, the stock's
    top cards), then every other card in the deck's order."""
    used = [card for part in parts for card in part]
    return [*used, *(card for card in rules_of(rs).cards if card not in used)]


# The first deal of the capture tests: a's cards meet one, two, three or no field cards of
# their month; no hand is a lucky hand and the field is no misdeal.
A_HAND = [
    "01-bright-crane",  # one match: 01-chaff-1
    "02-animal-warbler",  # two matches: 02-chaff-1, 02-chaff-2
    "03-bright-curtain",  # three matches: 03-ribbon-poetry, 03-chaff-1, 03-chaff-2
    "04-animal-cuckoo",  # no match
    "05-animal-bridge",
    "06-animal-butterflies",
    "07-animal-boar",
    "10-animal-deer",
]
B_HAND = [
    "05-chaff-1",
    "06-chaff-1",
    "07-chaff-1",
    "08-chaff-1",
    "09-chaff-1",
    "10-chaff-1",
    "05-chaff-2",
    "06-chaff-2",
]
FIELD = [
    "01-chaff-1",
    "02-chaff-1",
    "02-chaff-2",
    "03-ribbon-poetry",
    "03-chaff-1",
    "03-chaff-2",
    "12-chaff-1",
    "11-chaff-lightning",
]


def play_out(table: Table, rng: random.Random) -> Table:
    """Play ``table`` to the end of its match, each move chosen at random among the legal ones."""
    while not table.finished:
        moves = table.legal_moves()
        table.play(moves[rng.randrange(len(moves))])
    return table


def illegal_moves(table: Table, rng: random.Random) -> list[object]:
    """Values the table's pending decision does not take: no Moves at all (None, numbers, a card
    id, a plain tuple equal to a legal move), Moves no move can be (a kind that is none, a card
    that is no card id, an unhashable card), cards not in the hand, the wrong decision's moves,
    and with ``match.must_capture`` a card that does not capture when one does."""
    legal = table.legal_moves()
    hand = table.hand(table.to_move) if table.to_move is not None else ()
    other = table.players[1] if table.to_move == table.players[0] else table.players[0]
    outside = [*table.field, *table.hand(other)] or ["01-bright-crane"]
    held = list(hand) or ["01-bright-crane"]
    found: list[object] = [
        None,
        0,
        1.5,
        rng.choice(held),
        [*legal[0]] if legal else ["play"],
        Move("pass"),
        Move(5),  # type: ignore[arg-type]
        Move(None),  # type: ignore[arg-type]
        Move("play", 7),  # type: ignore[arg-type]
        Move("play", None),
        Move("play", ["01-bright-crane"]),  # type: ignore[arg-type]
        Move("play", rng.choice(outside)),
        Move("play", rng.choice(held), rng.choice(outside)),
        Move("choose", rng.choice(held), rng.choice(outside)),
        Move("koikoi"),
        Move("shobu", rng.choice(held)),
        Move("play", rng.choice(held)),
    ]
    if legal:
        found.append(tuple(legal[0]))  # equal to a legal move, but no Move
    if table.choosing is not None:
        found.append(Move("choose", table.choosing, rng.choice(outside)))
    return [move for move in found if move not in legal or not isinstance(move, Move)]
