"""The capture rules on a rigged deal: one, two, three or no field cards of a card's month.

    python examples/moves/rigged_deal.py

A table can start from a given deck order (the dealer's hand, the other hand, the field, then
the stock from its top): here alice's crane meets one January card, her warbler two February
cards (she chooses) and her curtain all three March cards; bob's cards meet none and are laid.
"""

from __future__ import annotations

import yakuset
from yakuset.koikoi import Move, Table

ALICE = ["01-bright-crane", "02-animal-warbler", "03-bright-curtain", "04-animal-cuckoo",
         "05-animal-bridge", "06-animal-butterflies", "07-animal-boar", "10-animal-deer"]  # fmt: skip
BOB = ["05-chaff-1", "06-chaff-1", "07-chaff-1", "08-chaff-1", "09-chaff-1", "10-chaff-1", "05-chaff-2", "06-chaff-2"]
FIELD = ["01-chaff-1", "02-chaff-1", "02-chaff-2", "03-ribbon-poetry", "03-chaff-1", "03-chaff-2",
         "12-chaff-1", "11-chaff-lightning"]  # fmt: skip
STOCK_TOP = ["09-ribbon-blue", "11-ribbon-red", "12-chaff-2", "04-chaff-1", "08-chaff-2", "09-chaff-2"]


def main() -> None:
    rs = yakuset.load_ruleset("nintendo")
    used = [*ALICE, *BOB, *FIELD, *STOCK_TOP]
    deck = [*used, *(card for card in yakuset.koikoi.rules_of(rs).cards if card not in used)]
    table = Table(rs, players=("alice", "bob"), seed=0, first_dealer="alice", decks=[deck])
    moves = [
        Move("play", "01-bright-crane"),  # one match: captured with it
        Move("play", "05-chaff-1"),  # bob: no match, laid
        Move("play", "02-animal-warbler"),  # two matches: alice chooses
        Move("choose", "02-animal-warbler", "02-chaff-2"),
        Move("play", "06-chaff-1"),
        Move("play", "03-bright-curtain"),  # three matches: all taken
        Move("play", "07-chaff-1"),
        Move("play", "04-animal-cuckoo"),  # takes the 04-chaff-1 the stock laid on bob's turn
    ]
    for move in moves:
        print(f"{table.to_move} may: {', '.join(map(str, table.legal_moves()))}")
        for event in table.play(move):
            print(f"  {move}: {event.kind}")
    print(table.trace, end="")
    print("alice captured:", " ".join(table.captured("alice")))


if __name__ == "__main__":
    main()
