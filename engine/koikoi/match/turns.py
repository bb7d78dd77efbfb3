"""A Koi-Koi turn as the rules tell it, in small steps: the readable reference of the table's
fast path (``match.table_fast``), which tests/koikoi/match/test_table_fast.py holds to it.

A move is read (:func:`~yakuset.koikoi.match.moves.parse_move`) and is legal when it is one of
the moves the table rules allow now (``match.table_rules``). Then:

- a play: the card leaves the hand and meets the field (:func:`meet`): it captures the field
  card of its month, all three when three are there, is laid on the field when none is, and
  waits for the player's choice when two are; then the stock's top card is turned and meets the
  field the same way;
- a choice: the waiting card captures the field card chosen; if it was the played card, the
  stock's card is turned next;
- an answer: the referee takes it (Koi-Koi plays on, Shobu scores).

Once a turn's cards have all met the field, the referee scores what the player captured, and
the table waits for the next decision. Each step writes its record of the log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..kinds import Decision, MoveKind
from .moves import Move, parse_move
from .trace import Answered, Chose, Played

if TYPE_CHECKING:
    from .events import Event
    from .table_core import TableCore


def play(table: TableCore, move: Move) -> tuple[Event, ...]:
    """``Table.play`` as the rules tell it (see the module's docstring)."""
    player = table._to_move
    typed = parse_move(move, player)
    situation = table._situation()
    refused = table._book.refusal(situation, typed)
    if refused is not None:
        raise refused
    assert player is not None  # a move was legal: the match goes on
    if situation.decision is Decision.PLAY:
        assert typed.card is not None
        return _play_card(table, player, typed.card)
    if situation.decision is Decision.CHOOSE:
        assert typed.target is not None and situation.choosing is not None
        return _choose(table, player, situation.choosing, typed.target)
    return _answer(table, player, MoveKind(typed.kind))


def _play_card(table: TableCore, player: str, card: str) -> tuple[Event, ...]:
    hand, moves = table._hands[player]
    at = hand.index(card)
    del hand[at], moves[at]
    took = meet(table, card)
    if took is None:
        table._log.append((Played, player, card, None, None, None))
        return ()
    turned, turned_took = _turn_stock(table)
    table._log.append((Played, player, card, took[1:], turned, turned_took and turned_took[1:]))
    if turned_took is None:
        table._taken[:0] = took
        table._choosing_turned = True
        return ()
    return _scored(table, player, took + turned_took)


def _choose(table: TableCore, player: str, card: str, target: str) -> tuple[Event, ...]:
    table._matching[card].remove(target)
    del table._field[target]
    table._taken.append(target)
    table._choosing = None
    if table._choosing_turned:  # the turned card chose: the turn is over
        table._choosing_turned = False
        table._log.append((Chose, player, card, target, None, None))
    else:  # the played card chose: the stock's card is turned
        turned, turned_took = _turn_stock(table)
        table._log.append((Chose, player, card, target, turned, turned_took and turned_took[1:]))
        if turned_took is None:
            table._choosing_turned = True
            return ()
        table._taken += turned_took
    taken, table._taken = tuple(table._taken), []
    return _scored(table, player, taken)


def _answer(table: TableCore, player: str, answer: MoveKind) -> tuple[Event, ...]:
    table._log.append((Answered, player, answer))
    return table._refereed(table._round.answer(player, answer))


def _turn_stock(table: TableCore) -> tuple[str, tuple[str, ...] | None]:
    """The stock's top card turned, and what it captured (as :func:`meet` says)."""
    turned = table._stock.pop()
    return turned, meet(table, turned)


def meet(table: TableCore, card: str) -> tuple[str, ...] | None:
    """``card`` (played, or turned from the stock) meets the field: ``card`` and the field
    cards it captures, ``()`` when it is laid on the field, or ``None`` when two match and the
    player chooses (the card waits as ``choosing``, first of the turn's captures)."""
    matches = table._matching[card]  # the face-up cards of its month, in the order they came
    if not matches:
        matches.append(card)
        table._field[card] = None
        return ()
    if len(matches) == 2:
        table._taken.append(card)
        table._choosing = card
        table._pending = Decision.CHOOSE
        table._legal = None
        return None
    took = (card, *matches)  # the one card of its month, or all three
    for match in matches:
        del table._field[match]
    matches.clear()
    return took


def _scored(table: TableCore, player: str, taken: tuple[str, ...]) -> tuple[Event, ...]:
    """The turn's cards have met the field: the referee scores them, and the table waits for the
    next decision."""
    event = table._round._turn(player, taken, table._field, True)
    if event is table._quiet[player][1]:  # the round goes on: the other player's turn
        table._log.append(table._quiet[player])
        table._await_play(table._opponent[player])
        return (event,)
    return table._refereed(event)
