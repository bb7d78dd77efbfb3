"""The fast path of a Koi-Koi table: ``Table.play`` and each decision's legal moves, written for
the interpreter.

A bot's match makes some 180 decisions, each a ``legal_moves`` and a ``play``, and this is what
a simulation spends its time on (bench/koikoi_table.py, bench/README.md). So here, and only here:

- a move is legal when it is one of the decision's legal moves (``Table._legal``), one search
  in C; a play's are the hand's own moves when only the game's rules govern it (kept as cards
  leave the hand, beside the cards), else they are made at the decision's first need
  (:func:`legal_moves`, :func:`legal_sets`' builders), ``match.must_capture``'s inline;
- a turn is written as one function (the card played meets the field, then the stock's card,
  then the referee scores): a Python call less per step measured 0.3-0.8 % of a match each;
- the log keeps plain tuples (a record's class and its fields), made into records when read;
- the events and round records are built by ``match.values_fast``, and the kinds read at each
  decision are names of the module, not enum members (an enum member read costs about a
  thousand instructions in CPython 3.11).

The readable reference is ``match.turns`` (the same turn in small steps, every legal set from
the table rules themselves, ``match.table_rules``); tests/koikoi/match/test_table_fast.py plays
random matches at both, illegal moves among the legal ones, and holds them to the same events,
log, state, legal moves and refusals. A rule set whose table follows a rule this module does not
know (:data:`HANDLES`) gets its legal sets from the rules themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import attrgetter
from typing import TYPE_CHECKING

from ..kinds import Decision
from .moves import _CHOICES, KOIKOI, SHOBU, Move
from .trace import Answered, Chose, Played

if TYPE_CHECKING:
    from .events import Event
    from .table_core import TableCore
    from .table_rules import RuleBook

PLAY, CHOOSE, KOIKOI_OR_SHOBU = Decision.PLAY, Decision.CHOOSE, Decision.KOIKOI_OR_SHOBU

#: The table rules whose legal sets this module makes itself: the game's own, and ``match.must_capture``.
HANDLES = frozenset(
    {
        "match_over",
        "must_play",
        "not_in_hand",
        "target_after_play",
        "must_capture",
        "must_choose",
        "not_a_match",
        "must_answer",
    }
)


# Read at every move of a match: a C getter of ``_over`` (set with ``result``) costs a third of a
# Python property's call.
finished = property(attrgetter("_over"), doc="Whether the match is over (``result`` is set).")


def play(table: TableCore, move: Move) -> tuple[Event, ...]:
    """Apply ``move`` for the player to move: the referee's events it brings (a finished
    turn's answer, the round's end and the next deal), or :class:`~yakuset.koikoi.IllegalMove`
    with the reason, the table unchanged."""
    if not isinstance(move, Move):  # a tuple equal to a legal move is still no Move
        raise table._refused(move)
    pending, player = table._pending, table._to_move
    if pending is PLAY:
        hand, moves = table._hand_to_play
        try:
            at = moves.index(move)  # a play is legal when it is one of the hand's own moves...
        except ValueError:
            raise table._refused(move) from None
        if not table._plain_play:  # ... that the rule set's own rules leave (``match.must_capture``)
            legal = table._legal
            if legal is None:
                legal = table._legal = table._build_legal(table)
            if move not in legal:
                raise table._refused(move)
        card = hand[at]
        del hand[at], moves[at]
        took = _meet(table, card)
        if took is None:  # the card waits for the player's choice of two field cards
            table._log.append((_played, player, card, None, None, None))
            return ()
        turned = table._stock.pop()
        turned_took = _meet(table, turned)
        table._log.append((_played, player, card, took, turned, turned_took))
        if turned_took is None:  # the turned card waits for the player's choice
            table._taken[:0] = took
            table._choosing_turned = True
            return ()
        taken = took + turned_took
    else:
        legal = table._legal
        if legal is None:
            legal = table._legal = table._build_legal(table)
        try:
            chosen = legal[legal.index(move)]
        except ValueError:
            raise table._refused(move) from None
        if pending is not CHOOSE:
            table._log.append((Answered, player, chosen.kind))
            return table._refereed(table._round.answer(player, chosen.kind))  # type: ignore[arg-type]
        if not _chosen(table, player, table._choosing, chosen.target):  # type: ignore[arg-type]
            return ()
        taken, table._taken = tuple(table._taken), []
    # The turn's cards have met the field: the referee scores the captures.
    event = table._round._turn(player, taken, table._field, True)  # type: ignore[arg-type]
    quiet = table._quiet[player]  # type: ignore[index]
    if event is quiet[1]:  # the round goes on, the other player's turn (the players alternate)
        table._log.append(quiet)
        table._to_move = other = table._opponent[player]  # type: ignore[index]
        table._hand_to_play = next_hand = table._hands[other]
        table._legal = next_hand[1] if table._plain_play else None
        table._pending = PLAY
        return (event,)
    return table._refereed(event)


def legal_moves(table: TableCore) -> list[Move]:
    """The moves the pending decision allows (empty once the match is over)."""
    legal = table._legal
    if legal is None:  # made at the decision's first need
        if table._pending is PLAY and table._build_legal is _capturing:  # ``match.must_capture``, inlined
            hand, moves = table._hand_to_play
            legal = table._legal = list(compress(moves, map(table._matching_of, hand))) or moves
        else:
            legal = table._legal = table._build_legal(table)
    return legal.copy()


def legal_now(table: TableCore) -> list[Move]:
    """The pending decision's legal moves, made at its first need (not a copy: not to be changed)."""
    legal = table._legal
    if legal is None:
        legal = table._legal = table._build_legal(table)
    return legal


def _meet(table: TableCore, card: str) -> tuple[str, ...] | None:
    """``card`` (played, or turned from the stock) meets the field: ``card`` and the field
    cards it captures (the one of its month, or all three; ``()`` when it is laid on the
    field), or ``None`` when two match and the player must choose (``card`` waits as
    ``choosing``, first of the turn's ``_taken``)."""
    matches = table._matching[card]
    if not matches:
        matches.append(card)
        table._field[card] = None
        return ()
    if len(matches) == 1:  # most captures: the one card of its month
        target = matches.pop()
        del table._field[target]
        return (card, target)
    if len(matches) == 2:
        table._taken.append(card)
        table._choosing = card
        table._pending = CHOOSE
        table._legal = _choices(card, matches) if table._plain_rest else None
        return None
    took = (card, *matches)
    field = table._field
    for match in matches:
        del field[match]
    matches.clear()
    return took


def _choices(card: str, targets: list[str]) -> list[Move]:
    """The moves of ``card`` capturing one of ``targets`` (a function of its own: a comprehension
    in ``_meet`` would make ``card`` a cell at every call)."""
    return [_CHOICES[card, target] for target in targets]


def _chosen(table: TableCore, player: str, card: str, target: str) -> bool:
    """``card`` captures ``target`` (legal); then the stock's card meets the field, unless
    ``card`` was that card. Whether the turn's cards have all met the field (else the
    turned card waits for a choice)."""
    table._matching[card].remove(target)
    del table._field[target]
    table._taken.append(target)
    table._choosing = None
    if table._choosing_turned:
        table._choosing_turned = False
        table._log.append((Chose, player, card, target, None, None))
        return True
    turned = table._stock.pop()
    turned_took = _meet(table, turned)
    table._log.append((_chose, player, card, target, turned, turned_took))
    if turned_took is None:
        table._choosing_turned = True
        return False
    table._taken += turned_took
    return True


# A turn's captures are kept as ``_meet`` returns them, the capturing card first (what the referee
# scores); its record names only the field cards taken.
def _played(
    player: str, card: str, took: tuple[str, ...] | None, turned: str | None, turned_took: tuple[str, ...] | None
) -> Played:
    return Played(player, card, took and took[1:], turned, turned_took and turned_took[1:])


def _chose(player: str, card: str, target: str, turned: str | None, turned_took: tuple[str, ...] | None) -> Chose:
    return Chose(player, card, target, turned, turned_took and turned_took[1:])


# --- legal sets ------------------------------------------------------------------------------


def legal_sets(book: RuleBook) -> tuple[bool, bool, Callable[[TableCore], list[Move]]]:
    """For a table following ``book``: whether a play's legal set is the hand's own moves,
    whether a choice's and an answer's are the game's own (made as they arise), and the builder
    of a decision's legal set when it is not made as the table goes."""
    if not book.ids <= HANDLES:
        return False, False, _from_the_rules
    capture = "must_capture" in book.ids
    return not capture, True, _capturing if capture else _plain


def _plain(table: TableCore) -> list[Move]:
    """The legal set under the game's own rules."""
    pending = table._pending
    if pending is PLAY:
        return table._hand_to_play[1]
    if pending is CHOOSE:
        card = table._choosing
        assert card is not None
        return _choices(card, table._matching[card])
    if pending is KOIKOI_OR_SHOBU:
        return [KOIKOI, SHOBU]
    return []


def _capturing(table: TableCore) -> list[Move]:
    """The legal set with ``match.must_capture``: a play captures when a card of the hand can."""
    if table._pending is PLAY:
        hand, moves = table._hand_to_play
        return list(compress(moves, map(table._matching_of, hand))) or moves
    return _plain(table)


def _from_the_rules(table: TableCore) -> list[Move]:
    """The legal set the table rules give (``match.table_rules``), for rules this module does not know."""
    return table._book.legal(table._situation())
