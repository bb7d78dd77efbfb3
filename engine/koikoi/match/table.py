"""A whole Koi-Koi match played from moves: :class:`Table`.

``Table`` is not ``yakuset.Game`` (the protocol a game implements to join the engine); it is a
table at which one match is played. It shuffles and deals from a seed (hand and field sizes from
the rule set), keeps the hands, the field and the stock, offers the legal moves of the pending
decision, refuses an illegal move with the reason (:class:`IllegalMove`, a
:class:`RefereeError`, the state unchanged), and reports each finished turn to the referee
(:class:`Round`), which scores it under the rule set's yaku and table rules
(``koikoi.rules_of(rs).table``). The next round is dealt as soon as one ends.

The API, for bots and simulations::

    table = Table(rs, players=("a", "b"), seed=1)      # the seed decides the deck and the first dealer
    while not table.finished:
        move = choose(table.legal_moves())             # Move(kind, card, target), hashable
        events = table.play(move)                      # the referee's Events (may be empty)
    table.result                                       # TableResult: totals, winner, rounds
    table.trace                                        # the match as text: same seed and moves, same text
    table.log                                          # the same, as typed records (``match.trace``)

A bot plays through ``table.view(player)``, a read-only :class:`View` of what that player may
see (:func:`yakuset.koikoi.play_match` plays whole matches of bots at a table).

The pending decision (``table.pending``) is one of:

- ``"play"``: ``table.to_move`` plays a hand card: ``Move("play", card)``. A card captures the
  field card of its month, all three when three are there, or is laid on the field when none
  is; with two there the player chooses next. Then the stock's top card is turned and treated
  likewise. With ``match.must_capture`` a player who holds a card that captures must play one.
- ``"choose"``: ``table.choosing`` (the card played or turned) captures one of two field cards
  of its month: ``Move("choose", card, target)``.
- ``"koikoi_or_shobu"``: the player's yaku rose: ``Move("koikoi")`` plays on,
  ``Move("shobu")`` stops and scores.
- ``None`` once the match is over.

``play`` returns the referee's events in order: a finished turn's (``continue``, which carries
no hand here, ``offer``, ``automatic_shobu``, ``exhaustive_draw``), an answer's (``koikoi``,
``shobu``), and when a round ends the next deal's (``redeal``, ``dealt``, or a round decided at
the deal). A move that only starts a turn (a card waiting for a choice) returns ``()``.

Read-only views: ``hand(player)``, ``field``, ``stock_count``, ``captured(player)``,
``to_move``, ``pending``, ``choosing``, ``totals``, ``month``, ``round_number``, ``dealer``,
``finished``, ``round`` (the referee's :class:`Round`) and ``state`` (all of them at once, a
:class:`TableState`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import compress, count, repeat, starmap
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from ..._core.arguments import a_seed, shown
from ..._core.errors import InputError
from ..results import MatchAdjustment
from ..rules.compiled import KoikoiRules, rules_of
from ..scoring.weights import tables
from .referee import Event, Match, RefereeError, Round, check_players
from .trace import Answered, Chose, Dealt, Entry, FieldFour, Finished, Played, Refereed, RoundStarted, Started, text

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from .referee import _PlayerState

#: How many deals in a row may be misdeals before the table gives up (a rule set whose redeal
#: rules never let a round start).
MAX_REDEALS = 100


_new = tuple.__new__  # a NamedTuple made without its Python-level __new__ (every field given)


class IllegalMove(RefereeError):
    """A move the pending decision does not allow; the table is unchanged."""


class Move(NamedTuple):
    """One move: ``Move("play", card)``, ``Move("choose", card, target)``, ``Move("koikoi")`` or
    ``Move("shobu")``. ``card`` in ``choose`` is the card played or turned from the stock;
    ``target`` the field card it captures."""

    kind: str
    card: str | None = None
    target: str | None = None

    def __str__(self) -> str:
        if self.kind == "play":
            return f"play {self.card}"
        if self.kind == "choose":
            return f"{self.card} takes {self.target}"
        return self.kind


KOIKOI = Move("koikoi")
SHOBU = Move("shobu")
_ANSWERS = (KOIKOI, SHOBU)
_ANSWER_KINDS = ("koikoi", "shobu")
PENDING = ("play", "choose", "koikoi_or_shobu")


class _Plays(dict[str, Move]):
    """``Move("play", card)`` made once per card."""

    def __missing__(self, card: str) -> Move:
        move = self[card] = Move("play", card)
        return move


class _Choices(dict[tuple[str, str], Move]):
    """``Move("choose", card, target)`` made once per pair."""

    def __missing__(self, key: tuple[str, str]) -> Move:
        move = self[key] = Move("choose", *key)
        return move


_PLAYS = _Plays()
_CHOICES = _Choices()


def _moves(hand: list[str]) -> tuple[list[str], list[Move]]:
    """A dealt hand: its cards in the order dealt, and their ``Move("play", card)`` in the same
    order (two lists: cheaper to make at each deal than a dict)."""
    return hand, list(map(_PLAYS.__getitem__, hand))


def play_move(card: str) -> Move:
    """``Move("play", card)``, made once per card of a deck."""
    try:
        found = _PLAYS.get(card)
    except TypeError:  # not a card id at all: the table refuses it
        found = None
    return Move("play", card) if found is None else found


# A turn's captures are kept as ``_meet`` returns them, the capturing card first (what the referee
# scores); its record names only the field cards taken.
def _played(
    player: str, card: str, took: tuple[str, ...] | None, turned: str | None, turned_took: tuple[str, ...] | None
) -> Played:
    return Played(player, card, took and took[1:], turned, turned_took and turned_took[1:])


def _chose(player: str, card: str, target: str, turned: str | None, turned_took: tuple[str, ...] | None) -> Chose:
    return Chose(player, card, target, turned, turned_took and turned_took[1:])


class TableRound(NamedTuple):
    """How one round of a played match ended (plain data, cheap to aggregate).

    ``ended`` is the kind of the referee's event that ended it (``shobu``, ``automatic_shobu``,
    ``lucky_hand``, ``draw``, ``exhaustive_draw``, ``field_four``); ``yaku`` the ids the winner
    scored with (empty unless won by yaku); ``calls`` each player's Koi-Koi calls, in the
    order of ``TableResult.players``; ``caller_won`` whether a player who called won the round;
    ``redeals`` the misdeals before the round was played; ``offers`` the Koi-Koi offers made to
    each player; ``next_dealer`` who deals the next round.
    """

    # A NamedTuple, not a frozen dataclass of twelve fields, which costs four times as much to build.
    number: int
    month: int
    dealer: str
    ended: str
    winner: str | None
    points: int
    yaku: tuple[str, ...]
    calls: tuple[int, int]
    caller_won: bool
    redeals: int
    offers: tuple[int, int]
    next_dealer: str


@dataclass(frozen=True, slots=True)
class TableResult:
    """A finished match: the totals after the match-end plugins, the winner (``None`` for a
    tie), every round, the first dealer and the plugins' adjustments."""

    players: tuple[str, str]
    totals: tuple[int, int]
    winner: str | None
    rounds: tuple[TableRound, ...]
    first_dealer: str
    adjustments: tuple[MatchAdjustment, ...]


@dataclass(frozen=True, slots=True)
class TableState:
    """A snapshot of the table (see :class:`Table`'s read-only views)."""

    round_number: int
    month: int
    dealer: str
    to_move: str | None
    pending: str | None
    choosing: str | None
    hands: dict[str, tuple[str, ...]]
    field: tuple[str, ...]
    stock_count: int
    captured: dict[str, tuple[str, ...]]
    totals: dict[str, int]
    finished: bool


class Table:
    """One Koi-Koi match played from moves under a rule set (see the module's docstring).

    ``seed`` decides the first dealer's draw and every deal. ``first_dealer`` names the first
    dealer instead of drawing for it; ``decks`` gives deck orders for the first deals (each a
    list of every card id: the dealer's hand, the other hand, the field, then the stock from its
    top), for rigged deals in tests; later deals are shuffled from the seed.
    """

    # Slots: a table's attributes are read at every move, and past 29 attributes CPython 3.11
    # stops sharing instance dicts' keys, which makes every read slower.
    __slots__ = (
        "_by_month",
        "_cards",
        "_choosing",
        "_choosing_turned",
        "_decks",
        "_field",
        "_hand_to_play",
        "_hands",
        "_log",
        "_match",
        "_matching",
        "_matching_of",
        "_must_capture",
        "_opening",
        "_opponent",
        "_over",
        "_pending",
        "_quiet",
        "_records",
        "_redeals",
        "_rng",
        "_round",
        "_stock",
        "_taken",
        "_to_move",
        "drawn",
        "first_dealer",
        "players",
        "result",
        "rs",
        "rules",
        "seed",
    )

    def __init__(
        self,
        rs: RuleSet,
        players: Sequence[str] = ("a", "b"),
        seed: int = 0,
        *,
        first_dealer: str | None = None,
        decks: Iterable[Sequence[str]] = (),
    ) -> None:
        self.rs = rs
        self.rules: KoikoiRules = rules_of(rs)
        self.seed = a_seed("seed", seed)
        names = check_players(players, players[0] if isinstance(players, list | tuple) and players else None)
        self.players = names
        self._cards = tuple(self.rules.cards)
        self._must_capture = self.rules.table.must_capture
        if isinstance(decks, str | bytes) or not isinstance(decks, Iterable):
            raise InputError(f"decks must be a list of deck orders (each a list of card ids), got {shown(decks)}")
        self._decks = list(map(self._check_deck, decks, count()))
        self._rng = random.Random(self.seed)
        if first_dealer is None:
            first_dealer, drawn = self._draw_for_dealer()
        else:
            check_players(names, first_dealer)
            drawn = ()
        self.first_dealer = first_dealer
        self.drawn = drawn  # the cards drawn for the first deal: ((player, card), (player, card)), or ()
        # The log's records as plain tuples, (record type, *fields): made into records when read.
        self._log: list[tuple[Any, ...]] = [(Started, rs.id, names, self.seed, drawn, first_dealer)]
        self._match = Match(rs, names, first_dealer)
        self._records: list[TableRound] = []
        # Each hand: its cards (in the order dealt) and their moves, in the same order.
        self._hands: dict[str, tuple[list[str], list[Move]]] = {}
        self._opponent = {names[0]: names[1], names[1]: names[0]}
        self._field: dict[str, None] = {}  # the face-up cards, in the order they came
        self._stock: list[str] = []  # the top card last
        # The face-up cards of each month, in the order they came (emptied for each deal).
        months = self.rules.months
        face_up: list[list[str]] = list(map(list, repeat((), len(months))))
        self._by_month: dict[int, list[str]] = dict(zip(months, face_up))
        # Each card of the deck: the face-up cards of its month (the list of ``_by_month``).
        compiled = tables(self.rules)
        self._matching = dict(zip(compiled.month_of, compiled.months_of_cards(face_up)))
        # Its look-up as a function, made once: ``match.must_capture`` maps it over a hand at
        # every play, and making ``_matching.__getitem__`` each time cost 1.1 % of a BGA match.
        self._matching_of = self._matching.__getitem__
        self._round: Round  # dealt below, before the table is used
        self._to_move: str | None = None
        # With ``play`` pending: the hand of the player to move (``_hands[_to_move]``), read at
        # every decision.
        self._hand_to_play: tuple[list[str], list[Move]] = ([], [])
        self._pending: str | None = None
        self._choosing: str | None = None  # the card waiting to capture one of two field cards
        self._choosing_turned = False  # whether the card waiting for a choice was turned from the stock
        events = self._match._events
        self._quiet = {
            names[0]: (Refereed, events[names[0]]),
            names[1]: (Refereed, events[names[1]]),
        }  # a quiet turn's record
        self._taken: list[str] = []  # the cards captured this turn
        self._redeals = 0
        self.result: TableResult | None = None
        self._over = False
        self._opening = self._next_round()

    # --- views ---------------------------------------------------------------------------

    # Read at every move of a match: a C getter of ``_over`` (set with ``result``) costs a third
    # of a Python property's call.
    finished = property(attrgetter("_over"), doc="Whether the match is over (``result`` is set).")

    @property
    def pending(self) -> str | None:
        """The decision the table waits for: ``play``, ``choose``, ``koikoi_or_shobu``, or ``None``."""
        return self._pending

    @property
    def to_move(self) -> str | None:
        """The player who must decide (``None`` once the match is over)."""
        return self._to_move

    @property
    def choosing(self) -> str | None:
        """With ``choose`` pending: the card (played or turned) that captures one of two field cards."""
        return self._choosing

    @property
    def round(self) -> Round:
        """The referee's current (or last) round."""
        return self._round

    @property
    def round_number(self) -> int:
        """The current round's number, from 1."""
        return len(self._match.rounds)

    @property
    def month(self) -> int:
        return self.round.month

    @property
    def dealer(self) -> str:
        return self.round.dealer

    def hand(self, player: str) -> tuple[str, ...]:
        """``player``'s hand."""
        return tuple(self._hands[self._seated(player)][0])

    @property
    def field(self) -> tuple[str, ...]:
        """The face-up cards, in the order they came."""
        return tuple(self._field)

    @property
    def stock_count(self) -> int:
        return len(self._stock)

    def captured(self, player: str) -> tuple[str, ...]:
        """The cards ``player`` captured this round (the cards of a turn in progress included)."""
        piled = self.round.captured(player)
        return (*piled, *self._taken) if player == self._to_move and self._pending != "koikoi_or_shobu" else piled

    @property
    def totals(self) -> dict[str, int]:
        """Each player's match points so far (before the match-end plugins)."""
        return self._match.totals

    @property
    def rounds(self) -> tuple[TableRound, ...]:
        """The rounds finished so far."""
        return tuple(self._records)

    @property
    def opening(self) -> tuple[Event, ...]:
        """The referee's events of the first deal(s), before any move."""
        return self._opening

    @property
    def state(self) -> TableState:
        """Every view at once."""
        return TableState(
            self.round_number,
            self.month,
            self.dealer,
            self._to_move,
            self._pending,
            self._choosing,
            {p: tuple(self._hands[p][0]) for p in self.players},
            tuple(self._field),
            len(self._stock),
            {p: self.captured(p) for p in self.players},
            self.totals,
            self.finished,
        )

    @property
    def log(self) -> tuple[Entry, ...]:
        """The match so far as typed records (``yakuset.koikoi.match.trace``), one per line of :attr:`trace`."""
        return tuple(entry[0](*entry[1:]) for entry in self._log)

    @property
    def trace(self) -> str:
        """The match so far as text, one line per deal, move and referee answer: a match replayed
        from its seed with the same moves has the same trace."""
        return text(self.log)

    def view(self, player: str) -> View:
        """What ``player`` sees of the round in play, as a bot sees it (:class:`yakuset.koikoi.View`):
        read-only and live, it follows the table move by move, across rounds."""
        return View(self, self._seated(player))

    def _seated(self, player: str) -> str:
        if player not in self.players:
            raise InputError(f"{player!r} is not at this table ({' and '.join(self.players)} are)")
        return player

    # --- moves ---------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The moves the pending decision allows (empty once the match is over)."""
        pending = self._pending
        if pending == "play":
            hand, moves = self._hand_to_play
            if self._must_capture:
                capturing = list(compress(moves, map(self._matching_of, hand)))
                if capturing:
                    return capturing
            return moves.copy()
        if pending == "choose":
            card = self._choosing
            assert card is not None
            return [_CHOICES[card, target] for target in self._matching[card]]
        if pending == "koikoi_or_shobu":
            return list(_ANSWERS)
        return []

    def play(self, move: Move) -> tuple[Event, ...]:
        """Apply ``move`` for the player to move: the referee's events it brings (a finished
        turn's answer, the round's end and the next deal), or :class:`IllegalMove` with the
        reason, the table unchanged."""
        pending, player = self._pending, self._to_move
        if pending == "play":
            assert player is not None  # a decision is pending
            hand, moves = self._hand_to_play
            # A legal play is a Move equal to one of the hand's own: the card is the hand's.
            if not isinstance(move, Move):
                raise IllegalMove(self._refusal(move))
            try:
                at = moves.index(move)
            except ValueError:
                raise IllegalMove(self._refusal(move)) from None
            card = hand[at]
            # ``match.must_capture``: the card captures, or no card of the hand does.
            if self._must_capture and not self._matching[card] and any(map(self._matching_of, hand)):
                raise IllegalMove(self._refusal(move))
            # The card meets the field, then the stock's card does (here, not in a method of its
            # own: that call cost 0.8 % of a BGA match's instructions).
            del hand[at], moves[at]
            took = self._meet(card)
            if took is None:
                self._log.append((_played, player, card, None, None, None))
                return ()
            turned = self._stock.pop()
            turned_took = self._meet(turned)
            self._log.append((_played, player, card, took, turned, turned_took))
            if turned_took is None:  # the turned card waits for the player's choice of two field cards
                self._taken[:0] = took
                self._choosing_turned = True
                return ()
            taken = took + turned_took
        else:
            if not isinstance(move, Move) or player is None:
                raise IllegalMove(self._refusal(move))
            kind, waiting, target = move  # ``waiting``: in a choice, the card that captures
            if pending == "koikoi_or_shobu" and kind in _ANSWER_KINDS and waiting is None and target is None:
                self._log.append((Answered, player, kind))
                return self._refereed(self._round.answer(player, kind))
            if not (
                pending == "choose"
                and kind == "choose"
                and waiting is not None
                and waiting == self._choosing
                and target is not None
                and target in self._matching[waiting]
            ):
                raise IllegalMove(self._refusal(move))
            if not self._chosen(player, waiting, target):
                return ()
            taken, self._taken = tuple(self._taken), []
        # The turn's cards have met the field: the referee scores the captures (here too, not in
        # a method: that call cost 0.3-0.7 % of a BGA match).
        event = self._round._turn(player, taken, self._field, True)
        quiet = self._quiet[player]
        if event is quiet[1]:  # the round goes on, the other player's turn (the players alternate)
            self._log.append(quiet)
            self._to_move = other = self._opponent[player]
            self._hand_to_play = self._hands[other]
            self._pending = "play"
            return (event,)
        return self._refereed(event)

    def _refusal(self, move: object) -> str:
        """Why ``move`` is not legal now."""
        if not isinstance(move, Move):
            return f"a move is a yakuset.koikoi.Move (kind, card, target), got {shown(move)}"
        pending = self._pending
        if pending is None:
            return "the match is over"
        kind = move.kind
        player = self._to_move
        assert player is not None  # a decision is pending
        if pending == "play":
            if kind != "play":
                return f"{player} must play a card from their hand, not {shown(kind)}"
            hand = self._hands[player][0]
            if not isinstance(move.card, str) or move.card not in hand:
                return f"{shown(move.card)} is not in {player}'s hand"
            if move.target is not None:
                return "a played card's capture is chosen after it is played, when two field cards match"
            capturing = [c for c in hand if self._matching[c]]
            return f"{player} must capture (this rule set's match.must_capture): play one of {capturing}"
        if pending == "choose":
            assert self._choosing is not None
            options = self._matching[self._choosing]
            if kind != "choose" or move.card != self._choosing:
                return f"{player} must choose which field card {self._choosing} captures: one of {options}"
            return f"{shown(move.target)} is not one of the field cards {self._choosing} may capture: {options}"
        return f"{player}'s base rose: answer Move('koikoi') or Move('shobu'), not {shown(move)}"

    # --- the turn ------------------------------------------------------------------------

    def _chosen(self, player: str, card: str, target: str) -> bool:
        """``card`` captures ``target`` (legal); then the stock's card meets the field, unless
        ``card`` was that card. Whether the turn's cards have all met the field (else the
        turned card waits for a choice)."""
        self._matching[card].remove(target)
        del self._field[target]
        self._taken.append(target)
        self._choosing = None
        if self._choosing_turned:
            self._choosing_turned = False
            self._log.append((Chose, player, card, target, None, None))
            return True
        turned = self._stock.pop()
        turned_took = self._meet(turned)
        self._log.append((_chose, player, card, target, turned, turned_took))
        if turned_took is None:
            self._choosing_turned = True
            return False
        self._taken += turned_took
        return True

    def _meet(self, card: str) -> tuple[str, ...] | None:
        """``card`` (played, or turned from the stock) meets the field: ``card`` and the field
        cards it captures (the one of its month, or all three; ``()`` when it is laid on the
        field), or ``None`` when two match and the player must choose (``card`` waits as
        ``choosing``, first of the turn's ``_taken``)."""
        matches = self._matching[card]
        if not matches:
            matches.append(card)
            self._field[card] = None
            return ()
        if len(matches) == 1:  # most captures: the one card of its month
            target = matches.pop()
            del self._field[target]
            return (card, target)
        if len(matches) == 2:
            self._taken.append(card)
            self._choosing = card
            self._pending = "choose"
            return None
        took = (card, *matches)
        field = self._field
        for match in matches:
            del field[match]
        matches.clear()
        return took

    def _refereed(self, event: Event) -> tuple[Event, ...]:
        """The referee answered a turn or an answer: wait for the next decision, or end the round."""
        self._log.append((Refereed, event))
        if event.kind == "offer":
            self._pending = "koikoi_or_shobu"
            return (event,)
        if event.next_dealer is not None:
            return (event, *self._round_over(event))
        self._to_move = player = self._round.next_to_act
        assert player is not None  # the round goes on
        self._hand_to_play = self._hands[player]
        self._pending = "play"
        return (event,)

    # --- rounds --------------------------------------------------------------------------

    def _round_over(self, event: Event) -> tuple[Event, ...]:
        """Record the round that ``event`` ended and deal the next one (or finish the match)."""
        self._record(event)
        return self._next_round()

    def _record(self, event: Event) -> None:
        """Record how the current round ended (``event`` ended it)."""
        rnd = self._round
        first, second = rnd._state[self.players[0]], rnd._state[self.players[1]]
        winner = event.winner
        hand = event.hand if winner is not None else None  # won by yaku
        assert event.next_dealer is not None
        self._records.append(
            _new(
                TableRound,
                (
                    len(self._match.rounds),
                    rnd.month,
                    rnd.dealer,
                    event.kind,
                    winner,
                    event.points,
                    () if hand is None else tuple([y.id for y in hand.yaku]),
                    (first.calls, second.calls),
                    winner is not None and rnd._state[winner].calls > 0,
                    self._redeals,
                    (first.offers, second.offers),
                    event.next_dealer,
                ),
            )
        )

    def _next_round(self) -> tuple[Event, ...]:
        """Deal rounds until one needs a move or the match is over; their events."""
        events: list[Event] = []
        match = self._match
        while True:
            if match.over:
                self._finish()
                return tuple(events)
            rnd = match.new_round()
            self._round = rnd
            self._log.append((RoundStarted, len(match.rounds), rnd.month, rnd.dealer))
            self._redeals = 0
            while True:
                event = self._deal(rnd)
                events.append(event)
                self._log.append((Refereed, event))
                if event.kind != "redeal":
                    break
                self._redeals += 1
                if self._redeals > MAX_REDEALS:
                    raise InputError(
                        f"{self.rs.id}: the deal was redone {MAX_REDEALS} times; "
                        "its redeal rules never let a round start"
                    )
            if not event.ends_round:
                self._to_move = player = rnd.next_to_act
                assert player is not None  # the round goes on
                self._hand_to_play = self._hands[player]
                self._pending = "play"
                return tuple(events)
            self._record(event)

    def _deal(self, rnd: Round) -> Event:
        """Shuffle (or take the next rigged deck) and deal; the referee's answer."""
        order = list(self._decks.pop(0)) if self._decks else self._shuffled()
        size, field_size = self.rules.hand_cards, self.rules.field_cards
        dealer, other = rnd.players
        dealer_hand, other_hand = order[:size], order[size : 2 * size]
        dealt = tuple(dealer_hand), tuple(other_hand)
        field = order[2 * size : 2 * size + field_size]
        face_up = tuple(field)
        self._log.append((Dealt, dealer, dealt[0], other, dealt[1], face_up))
        event = rnd._deal({dealer: dealt[0], other: dealt[1]}, face_up)
        if event.kind == "redeal":
            return event
        stock = order[2 * size + field_size :]
        stock.reverse()  # the top card last
        self._hands = {dealer: _moves(dealer_hand), other: _moves(other_hand)}
        self._stock = stock
        captured = rnd._state[dealer].captured
        if captured:
            field = self._dealer_captures(rnd, field, tuple(captured))
        self._field = dict.fromkeys(field)
        for cards in self._by_month.values():
            cards.clear()
        matching = self._matching
        for card in field:
            matching[card].append(card)
        return event

    def _shuffled(self) -> list[str]:
        """The deck shuffled from the table's random stream: the cards sorted by independent
        uniform keys, ``random()`` drawn for each card in the deck's order."""
        # The key is next(keys, card): the next of the draws, made without a Python call per card.
        return sorted(self._cards, key=partial(next, starmap(self._rng.random, repeat(()))))

    def _dealer_captures(self, rnd: Round, field: list[str], captured: tuple[str, ...]) -> list[str]:
        """``match.field_four: dealer_captures``: the dealer took four of a month from the field
        (``captured``); four more are dealt to it from the stock, again while it holds four of a
        month. The field after."""
        month_of = tables(self.rules).month_of
        while captured:
            field = [card for card in field if card not in captured]
            # Four more from the stock, as long as it keeps a card for every turn.
            spare = len(self._stock) - 2 * self.rules.hand_cards
            fresh = [self._stock.pop() for _ in range(min(len(captured), spare))]
            field += fresh
            self._log.append((FieldFour, rnd.dealer, tuple(captured), tuple(fresh)))
            months = [month_of[card] for card in field]
            four = next((m for m in set(months) if months.count(m) == 4), None)
            captured = tuple(card for card in field if month_of[card] == four)
            if captured:
                rnd._capture_for_dealer(captured)
        return field

    def _finish(self) -> None:
        result = self._match.finish()
        first, second = self.players
        self.result = TableResult(
            self.players,
            (result.totals[first], result.totals[second]),
            result.winner,
            tuple(self._records),
            self.first_dealer,
            result.adjustments,
        )
        self._over = True
        self._to_move = self._pending = self._choosing = None
        self._log.append((Finished, tuple(result.totals.items()), result.winner))

    # --- set-up --------------------------------------------------------------------------

    def _draw_for_dealer(self) -> tuple[str, tuple[tuple[str, str], ...]]:
        """The first dealer as the rule set decides it, and the cards drawn (none for ``random``)."""
        table, rng = self.rules.table, self._rng
        if table.first_dealer == "random":
            return rng.choice(self.players), ()
        month_of, points = self.rules.month_of, self.rules.card_points
        while True:
            first, second = rng.sample(self._cards, 2)
            # The earlier month deals; in the same month the card of higher value; else again.
            a = (month_of[first], -points[first])
            b = (month_of[second], -points[second])
            if a != b:
                drawn = ((self.players[0], first), (self.players[1], second))
                return (self.players[0] if a < b else self.players[1]), drawn

    def _check_deck(self, deck: object, index: int) -> tuple[str, ...]:
        if isinstance(deck, str) or not isinstance(deck, Sequence):
            raise InputError(f"decks[{index}] must be a list of card ids, got {shown(deck)}")
        order = tuple(deck)
        if sorted(order) != sorted(self._cards):
            missing = sorted(set(self._cards) - set(order))
            extra = sorted(set(order) - set(self._cards))
            raise InputError(
                f"decks[{index}] must hold each of the {len(self._cards)} cards once "
                f"(missing {missing[:3]}, unknown {extra[:3]}, {len(order)} given)"
            )
        return order


class View:
    """What one player sees at a :class:`Table` (``table.view(player)``): what a bot is given.

    A view is read-only and live: it reads its table each time it is asked, so one view serves
    a whole match. It shows the player's own hand, the field, both players' captured cards,
    bases and calls, the match points and how many cards the stock holds; never the
    opponent's hand or the stock's order.
    """

    __slots__ = ("_other", "_table", "player", "seat")

    def __init__(self, table: Table, player: str) -> None:
        self._table = table
        self.player = player
        self.seat = table.players.index(player)  # 0 or 1: the player's place in ``table.players``
        self._other = table.players[1 - self.seat]

    def _pile(self, player: str) -> _PlayerState:
        return self._round._state[player]

    @property
    def _round(self) -> Round:
        return self._table._round

    @property
    def rules(self) -> KoikoiRules:
        """The rule set's compiled rules (``yakuset.koikoi.rules_of``)."""
        return self._table.rules

    @property
    def month(self) -> int:
        """The round's month."""
        return self._round.month

    @property
    def round_number(self) -> int:
        """The round's number in the match, from 0."""
        return len(self._table._match.rounds) - 1

    @property
    def is_dealer(self) -> bool:
        return self._round.dealer == self.player

    @property
    def hand(self) -> tuple[str, ...]:
        """This player's hand, in the order dealt."""
        return tuple(self._table._hands[self.player][0])

    @property
    def playable(self) -> tuple[str, ...]:
        """The hand cards this player may play now: the whole hand, or with ``match.must_capture``
        only the cards that capture when one does."""
        table = self._table
        hand = table._hands[self.player][0]
        if not table._must_capture:
            return tuple(hand)
        takers = tuple(compress(hand, map(table._matching_of, hand)))
        return takers or tuple(hand)

    @property
    def field(self) -> tuple[str, ...]:
        """The face-up cards, in the order they came (as ``Table.field``)."""
        return tuple(self._table._field)

    @property
    def stock_left(self) -> int:
        """How many cards the stock holds."""
        return len(self._table._stock)

    @property
    def captured(self) -> tuple[str, ...]:
        """This player's captured cards, those of a turn in progress included."""
        return self._table.captured(self.player)

    @property
    def opponent_captured(self) -> tuple[str, ...]:
        return self._table.captured(self._other)

    @property
    def base(self) -> int:
        """This player's base points after their last turn (their calls counted); before their
        first turn, the base of what they hold (a dealer who captured a misdealt month)."""
        return self._base(self.player)

    @property
    def opponent_base(self) -> int:
        return self._base(self._other)

    def _base(self, player: str) -> int:
        rnd = self._table._round
        pile = rnd._state[player]
        if pile.turns or not pile.captured:
            return pile.base
        tables = rnd._tables
        off = tables.cancelled(pile.total, self._table._field) if tables.weather else 0
        return tables.best(pile.total, pile.calls, off)[1].base

    @property
    def calls(self) -> int:
        """This player's Koi-Koi calls this round."""
        return self._pile(self.player).calls

    @property
    def opponent_calls(self) -> int:
        return self._pile(self._other).calls

    @property
    def turns_left(self) -> int:
        """This player's turns left in the round, the current one included."""
        return self._table.rules.hand_cards - self._pile(self.player).turns

    @property
    def match_points(self) -> int:
        """This player's match points before this round (before the match-end plugins)."""
        return self._table._match.totals[self.player]

    @property
    def opponent_match_points(self) -> int:
        return self._table._match.totals[self._other]

    def month_of(self, card: str) -> int:
        """The month of a card of the deck."""
        return tables(self.rules).month_of[card]

    def matches(self, card: str) -> tuple[str, ...]:
        """The field cards of ``card``'s month (those it would capture, or choose between)."""
        table = self._table
        return tuple(table._matching[card])

    def base_with(self, cards: Sequence[str], opponent: bool = False) -> int:
        """The base this player (or, with ``opponent``, the other) would have after capturing
        ``cards`` too (cards not yet captured by either), with their calls so far; the weather
        is not counted."""
        rnd = self._table._round
        pile = rnd._state[self._other if opponent else self.player]
        weights = rnd._weights
        total = pile.total
        for card in cards:
            total += weights[card]
        if rnd._one_way:
            return rnd._tables.plan(0, total, pile.calls).base
        return rnd._tables.best(total, pile.calls)[1].base
