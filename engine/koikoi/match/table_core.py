"""What a Koi-Koi table keeps and how it goes from decision to decision: the deal, each round,
the referee's answers, the match's end (:class:`TableCore`, the part of
:class:`yakuset.koikoi.Table` its fast path, ``match.table_fast``, its readable reference,
``match.turns``, and the players' :class:`~yakuset.koikoi.View` read). ``match.table`` adds
the public views and moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import repeat
from typing import TYPE_CHECKING, Any

from ..._core.arguments import shown
from ..._core.errors import InputError
from ..kinds import Decision, Ending, EventKind, FirstDealer
from ..scoring.counting import tables
from .moves import KOIKOI, SHOBU, IllegalMove, Move, parse_move, plays
from .shuffle_fast import shuffled
from .table_results import TableResult, TableRound
from .table_rules import RuleBook, Situation
from .trace import Dealt, FieldFour, Finished, Refereed, RoundStarted
from .values_fast import new_round

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from ..rules.compiled import KoikoiRules
    from .events import Event
    from .matches import Match
    from .referee import Round

#: How many deals in a row may be misdeals before the table gives up (a rule set whose redeal
#: rules never let a round start).
MAX_REDEALS = 100

_ENDING = {EventKind(ending.value): ending for ending in Ending}
# The kinds the table reads at its decisions, as names of this module (``match.referee`` says why).
_PLAY, _KOIKOI_OR_SHOBU, _OFFER, _REDEAL = Decision.PLAY, Decision.KOIKOI_OR_SHOBU, EventKind.OFFER, EventKind.REDEAL


class TableCore:
    """A table's state and machinery (see the module's docstring); made by :class:`yakuset.koikoi.Table`."""

    # Slots: a table's attributes are read at every move.
    __slots__ = (
        "_book",
        "_build_legal",
        "_by_month",
        "_cards",
        "_choosing",
        "_choosing_turned",
        "_decks",
        "_field",
        "_hand_to_play",
        "_hands",
        "_legal",
        "_log",
        "_match",
        "_matching",
        "_matching_of",
        "_opening",
        "_opponent",
        "_over",
        "_pending",
        "_plain_play",
        "_plain_rest",
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

    rs: RuleSet
    rules: KoikoiRules
    seed: int
    players: tuple[str, str]
    first_dealer: str
    drawn: tuple[tuple[str, str], ...]
    result: TableResult | None
    _cards: tuple[str, ...]
    _decks: list[tuple[str, ...]]
    _rng: random.Random
    _log: list[tuple[Any, ...]]
    _match: Match
    _records: list[TableRound]
    _opponent: dict[str, str]
    _quiet: dict[str, tuple[Any, Event]]
    _book: RuleBook
    _plain_play: bool
    _plain_rest: bool
    _build_legal: Callable[[TableCore], list[Move]]
    _over: bool
    _opening: tuple[Event, ...]

    def _set_up_cards(self) -> None:
        """The table before the first deal: no hands, field or stock, no decision."""
        # Each hand: its cards (in the order dealt) and their moves, in the same order.
        self._hands: dict[str, tuple[list[str], list[Move]]] = {}
        self._field: dict[str, None] = {}  # the face-up cards, in the order they came
        self._stock: list[str] = []  # the top card last
        # The face-up cards of each month, in the order they came (emptied for each deal).
        months = self.rules.months
        face_up: list[list[str]] = list(map(list, repeat((), len(months))))
        self._by_month: dict[int, list[str]] = dict(zip(months, face_up))
        # Each card of the deck: the face-up cards of its month (the list of ``_by_month``).
        compiled = tables(self.rules)
        self._matching = dict(zip(compiled.month_of, compiled.months_of_cards(face_up)))
        self._matching_of = self._matching.__getitem__  # made once: a hand is mapped through it
        self._round: Round  # dealt before the table is used
        self._to_move: str | None = None
        self._pending: Decision | None = None
        # With ``play`` pending: the hand of the player to move (``_hands[_to_move]``).
        self._hand_to_play: tuple[list[str], list[Move]] = ([], [])
        # The decision's legal moves (``match.table_fast``); ``None``: not made yet.
        self._legal: list[Move] | None = []
        self._choosing: str | None = None  # the card waiting to capture one of two field cards
        self._choosing_turned = False  # whether the card waiting for a choice was turned from the stock
        self._taken: list[str] = []  # the cards captured this turn while a choice waits
        self._redeals = 0

    def captured(self, player: str) -> tuple[str, ...]:
        """The cards ``player`` captured this round (the cards of a turn in progress included)."""
        piled = self._round.captured(player)
        in_turn = player == self._to_move and self._pending is not _KOIKOI_OR_SHOBU
        return (*piled, *self._taken) if in_turn else piled

    def _situation(self, player: str | None = None) -> Situation:
        """What the table rules read of the pending decision (or of ``player``'s play, were it
        theirs to make)."""
        decision, choosing = self._pending, self._choosing
        if player is not None:
            decision, choosing = Decision.PLAY, None
        else:
            player = self._to_move
        hand = tuple(self._hands[player][0]) if decision is Decision.PLAY and player is not None else ()
        return Situation(
            decision,
            player,
            hand,
            tuple(card for card in hand if self._matching[card]),
            choosing,
            tuple(self._matching[choosing]) if choosing is not None else (),
        )

    def _refused(self, move: object) -> IllegalMove:
        """The refusal of ``move``, which the pending decision does not allow (the table rules say why)."""
        situation = self._situation()
        typed = parse_move(move, situation.player)
        refused = self._book.refusal(situation, typed)
        if refused is None:  # the quick legal set and the rules disagree: a bug, not a move
            raise AssertionError(f"{typed!r} is legal by the table rules, but not in the table's legal moves")
        return refused

    def _await_play(self, player: str) -> None:
        """``player`` plays a card next."""
        self._to_move = player
        self._pending = _PLAY
        self._hand_to_play = hand = self._hands[player]
        self._legal = hand[1] if self._plain_play else None

    def _refereed(self, event: Event) -> tuple[Event, ...]:
        """The referee answered a turn or an answer: wait for the next decision, or end the round."""
        self._log.append((Refereed, event))
        if event.kind is _OFFER:
            self._pending = _KOIKOI_OR_SHOBU
            self._legal = [KOIKOI, SHOBU] if self._plain_rest else None
            return (event,)
        if event.next_dealer is not None:
            return (event, *self._round_over(event))
        self._to_move = player = self._round.next_to_act
        assert player is not None  # the round goes on
        self._pending = _PLAY
        self._hand_to_play = hand = self._hands[player]
        self._legal = hand[1] if self._plain_play else None
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
            new_round(
                (
                    len(self._match.rounds),
                    rnd.month,
                    rnd.dealer,
                    _ENDING[event.kind],
                    winner,
                    event.points,
                    () if hand is None else tuple([y.id for y in hand.yaku]),
                    (first.calls, second.calls),
                    winner is not None and rnd._state[winner].calls > 0,
                    self._redeals,
                    (first.offers, second.offers),
                    event.next_dealer,
                )
            )
        )

    def _next_round(self) -> tuple[Event, ...]:
        """Deal rounds until one needs a move or the match is over; their events."""
        events: list[Event] = []
        match = self._match
        while not match.over:
            rnd = self._round = match.new_round()
            self._log.append((RoundStarted, len(match.rounds), rnd.month, rnd.dealer))
            self._redeals = 0
            while True:
                event = self._deal(rnd)
                events.append(event)
                self._log.append((Refereed, event))
                if event.kind is not _REDEAL:
                    break
                self._redeals += 1
                if self._redeals > MAX_REDEALS:
                    raise InputError(
                        f"{self.rs.id}: the deal was redone {MAX_REDEALS} times; "
                        "its redeal rules never let a round start"
                    )
            if not event.ends_round:
                player = rnd.next_to_act
                assert player is not None  # the round goes on
                self._await_play(player)
                return tuple(events)
            self._record(event)
        self._finish()
        return tuple(events)

    def _deal(self, rnd: Round) -> Event:
        """Shuffle (or take the next rigged deck) and deal; the referee's answer."""
        order = list(self._decks.pop(0)) if self._decks else shuffled(self._cards, self._rng)
        size, field_size = self.rules.hand_cards, self.rules.field_cards
        dealer, other = rnd.players
        dealer_hand, other_hand = order[:size], order[size : 2 * size]
        dealt = tuple(dealer_hand), tuple(other_hand)
        field = order[2 * size : 2 * size + field_size]
        face_up = tuple(field)
        self._log.append((Dealt, dealer, dealt[0], other, dealt[1], face_up))
        event = rnd._deal({dealer: dealt[0], other: dealt[1]}, face_up)
        if event.kind is _REDEAL:
            return event
        stock = order[2 * size + field_size :]
        stock.reverse()  # the top card last
        self._hands = {
            dealer: (dealer_hand, list(map(plays, dealer_hand))),
            other: (other_hand, list(map(plays, other_hand))),
        }
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
        self._legal = []
        self._log.append((Finished, tuple(result.totals.items()), result.winner))

    # --- set-up --------------------------------------------------------------------------

    def _draw_for_dealer(self) -> tuple[str, tuple[tuple[str, str], ...]]:
        """The first dealer as the rule set decides it, and the cards drawn (none for ``random``)."""
        table, rng = self.rules.table, self._rng
        if table.first_dealer is FirstDealer.RANDOM:
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
