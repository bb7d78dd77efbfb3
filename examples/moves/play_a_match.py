"""Play one whole Koi-Koi match from moves and print its trace.

    python examples/moves/play_a_match.py [RULESET] [SEED]

Both players follow a simple plan: play a card that captures if there is one (the most valuable
capture first), take the more valuable of two field cards, and call Koi-Koi while at least four
cards are left in hand. The seed deals the cards and draws for the first deal: the same seed
prints the same match. An illegal move is refused with the reason and changes nothing.
"""

from __future__ import annotations

import sys

import yakuset
from yakuset.koikoi import IllegalMove, Move, Table

VALUE = {"bright": 20, "animal": 10, "ribbon": 5, "chaff": 1}


def choose(table: Table, cards: dict[str, yakuset.koikoi.Card]) -> Move:
    """The plan's move for the pending decision."""
    moves = table.legal_moves()
    if table.pending == "koikoi_or_shobu":
        return Move("koikoi") if len(table.hand(table.to_move or "")) >= 4 else Move("shobu")
    if table.pending == "choose":
        return max(moves, key=lambda move: VALUE[cards[move.target or ""].kind])
    field_months = {cards[card].month for card in table.field}

    def worth(move: Move) -> int:
        card = cards[move.card or ""]
        return (card.month in field_months) * 100 + VALUE[card.kind]

    return max(moves, key=worth)


def main(ruleset_id: str = "nintendo", seed: int = 2026) -> None:
    rs = yakuset.load_ruleset(ruleset_id)
    cards = dict(yakuset.koikoi.rules_of(rs).cards)
    table = Table(rs, players=("alice", "bob"), seed=seed)
    try:
        table.play(Move("shobu"))  # nobody's yaku rose yet
    except IllegalMove as refused:
        print(f"refused: {refused}")
    while not table.finished:
        table.play(choose(table, cards))
    print(table.trace, end="")
    result = table.result
    assert result is not None
    for played in result.rounds:
        how = f"{played.winner} {played.points}" if played.winner else "nobody"
        print(f"round {played.number} (month {played.month}, {played.dealer} dealt): {played.ended}, {how}")


if __name__ == "__main__":
    main(*(sys.argv[1:2] or ["nintendo"]), *(int(arg) for arg in sys.argv[2:3]))
