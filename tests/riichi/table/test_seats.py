"""What the Table keeps of each seat's hand (issue 41 item 2): the shanten and waits it offers
through the public ``View`` and keeps up to date on each draw, discard and call, and the shortcut
by which a discard is offered only to seats that may answer it with more than a pass.

The shanten is compared with riichienv's ``calculate_shanten`` (an independent engine, a test
extra) at every decision of seeded games at four players; at three players (riichienv knows no
removed tiles) with a fresh count of the same hand by ``tiles.shanten.shanten_of``, the count the
table's is kept from.
"""

from __future__ import annotations

import random

import pytest
import yakuset
from yakuset.riichi import Table
from yakuset.riichi.table.decisions import DECISIONS
from yakuset.riichi.table.hand import REACTION
from yakuset.riichi.table.moves import Move
from yakuset.riichi.tiles.shanten import shanten_of, waits_of

TENHOU = yakuset.load_ruleset("tenhou")
SANMA = yakuset.load_ruleset("tenhou-sanma")


def _games(rs, seeds: range):
    """Each decision of seeded games of uniform random moves: the table, before the move."""
    for seed in seeds:
        table = Table(rs, seed=seed)
        pick = random.Random(seed)
        while table.to_move is not None:
            yield table
            table.play(pick.choice(table.legal_moves()))


def _closed_with_no_copy_used_up(view) -> bool:
    """A closed hand holding fewer than four of each kind: where riichienv's count (which knows
    nothing of the copies a meld or the hand itself uses up) and ours must agree."""
    return not any(kind for kind, _ in view.melds[view.seat]) and max(view.counts) < 4


def test_shanten_is_riichienvs_at_every_decision():
    riichienv = pytest.importorskip("riichienv", reason="riichienv is a test extra (pip install -e .[test])")
    compared = 0
    for table in _games(TENHOU, range(6)):
        view = table.view(table.to_move)
        if _closed_with_no_copy_used_up(view):
            assert view.shanten == riichienv.calculate_shanten(list(view.hand)), view.hand
            compared += 1
    assert compared > 1000


def _counted_since(hand, seat: int) -> bool:
    """Whether the seat's hand is the one its waits were counted for (View.waits): not while it is
    to discard (a tile drawn or called), nor while its kan is offered (counted when it stands)."""
    if hand.phase != REACTION:
        return seat != hand.turn
    return seat != hand.discarder or hand.offer_kind in ("discard", "kita")


@pytest.mark.parametrize("rs", [TENHOU, SANMA], ids=["tenhou", "tenhou-sanma"])
def test_shanten_and_waits_are_those_of_the_hand_now(rs):
    """Every seat's, at every decision, whatever it did since it was last counted (a draw, a
    discard, a call, a kan or a kita; the waits kept from its last discard or call)."""
    for table in _games(rs, range(4)):
        hand = table._hand
        for seat in range(len(hand.seats)):
            view, mine = table.view(seat), hand.seats[seat]
            limits = mine.limits(view.copies)
            assert view.shanten == shanten_of(view.counts, limits, len(mine.melds))
            if _counted_since(hand, seat):
                assert view.waits == waits_of(view.counts, limits, len(mine.melds))


@pytest.mark.parametrize("rs", [TENHOU, SANMA], ids=["tenhou", "tenhou-sanma"])
def test_a_seat_not_asked_may_only_pass(rs):
    """``Hand.answering``: a seat offered a tile that it neither waits on nor may claim has only
    ``pass`` among the answers the rules list for it; one that waits on it is said to."""
    reaction, passed, claimed = DECISIONS[REACTION], 0, 0
    for table in _games(rs, range(6)):
        hand = table._hand
        if hand.phase != REACTION or hand.ron or hand.calls:
            continue
        offered = hand.offer >> 2
        maybe, waiting = hand.answering(offered)
        assert waiting == [seat for seat in maybe if offered in hand.seats[seat].waits]
        for seat in hand.others[hand.discarder]:
            if seat in maybe:
                claimed += 1
            else:
                assert reaction.listed(hand, seat) == [Move("pass")]
                passed += 1
    assert passed > 100 and claimed > 10
