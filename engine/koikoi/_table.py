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
from typing import TYPE_CHECKING, NamedTuple

from .._core.errors import InputError
from ._referee import Event, Match, RefereeError, Round, check_players
from ._results import MatchAdjustment
from ._rules import KoikoiRules, koikoi_rules

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet

#: How many deals in a row may be misdeals before the table gives up (a rule set whose redeal
#: rules never let a round start).
MAX_REDEALS = 100


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


@dataclass(frozen=True, slots=True)
class TableRound:
    """How one round of a played match ended (plain data, cheap to aggregate).

    ``ended`` is the kind of the referee's event that ended it (``shobu``, ``automatic_shobu``,
    ``lucky_hand``, ``draw``, ``exhaustive_draw``, ``field_four``); ``yaku`` the ids the winner
    scored with (empty unless won by yaku); ``calls`` each player's Koi-Koi calls, in the
    order of ``TableResult.players``; ``caller_won`` whether a player who called won the round;
    ``redeals`` the misdeals before the round was played.
    """

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
        self.rules: KoikoiRules = koikoi_rules(rs)
        if type(seed) is not int:
            raise InputError(f"seed must be a whole number, got {seed!r:.40}")
        self.seed = seed
        names = check_players(players, players[0] if isinstance(players, list | tuple) and players else None)
        self.players = names
        self._cards = tuple(self.rules.cards)
        self._month_of = {card.id: card.month for card in self.rules.cards.values()}
        self._decks = [self._check_deck(deck, index) for index, deck in enumerate(decks)]
        self._rng = random.Random(self.seed)
        if first_dealer is None:
            first_dealer, drawn = self._draw_for_dealer()
        else:
            check_players(names, first_dealer)
            drawn = ()
        self.first_dealer = first_dealer
        self.drawn = drawn  # the cards drawn for the first deal: ((player, card), (player, card)), or ()
        # The trace, kept as cheap entries and written out when read: (what, *details).
        self._log: list[tuple[object, ...]] = [("start", rs.id, names, self.seed, drawn, first_dealer)]
        self._match = Match(rs, names, first_dealer)
        self._records: list[TableRound] = []
        self._hands: dict[str, list[str]] = {}
        self._field: list[str] = []
        self._stock: list[str] = []  # the top card last
        self._by_month: dict[int, list[str]] = {}
        self._round: Round | None = None
        self._to_move: str | None = None
        self._pending: str | None = None
        self._choosing: str | None = None  # the card waiting to capture one of two field cards
        self._turned = False  # whether the stock's card of this turn has been turned
        self._taken: list[str] = []  # the cards captured this turn
        self._redeals = 0
        self.result: TableResult | None = None
        self._opening = self._next_round()

    # --- views ---------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.result is not None

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
        assert self._round is not None
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
        if player not in self._hands:
            raise InputError(f"{player!r} is not at this table ({' and '.join(self.players)} are)")
        return tuple(self._hands[player])

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
            {p: tuple(self._hands[p]) for p in self.players},
            tuple(self._field),
            len(self._stock),
            {p: self.captured(p) for p in self.players},
            self.totals,
            self.finished,
        )

    @property
    def trace(self) -> str:
        """The match so far as text, one line per deal, move and referee answer: a match replayed
        from its seed with the same moves has the same trace."""
        return "".join(_line(entry) + "\n" for entry in self._log)

    # --- moves ---------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The moves the pending decision allows (empty once the match is over)."""
        pending = self._pending
        if pending == "play":
            hand = self._hands[self._to_move]  # type: ignore[index]
            if self.rules.table.must_capture:
                by_month, month_of = self._by_month, self._month_of
                capturing = [card for card in hand if by_month[month_of[card]]]
                if capturing:
                    return [_PLAYS[card] for card in capturing]
            return [_PLAYS[card] for card in hand]
        if pending == "choose":
            card = self._choosing
            assert card is not None
            return [_CHOICES[card, target] for target in self._by_month[self._month_of[card]]]
        if pending == "koikoi_or_shobu":
            return list(_ANSWERS)
        return []

    def play(self, move: Move) -> tuple[Event, ...]:
        """Apply ``move`` for the player to move: the referee's events it brings (a finished
        turn's answer, the round's end and the next deal), or :class:`IllegalMove` with the
        reason, the table unchanged."""
        refusal = self._refusal(move)
        if refusal is not None:
            raise IllegalMove(refusal)
        kind = move.kind
        player = self._to_move
        assert player is not None
        if kind == "play":
            card = move.card
            assert card is not None
            self._hands[player].remove(card)
            self._log.append(("play", player, card))
            return self._resolve(player, card)
        if kind == "choose":
            card, target = move.card, move.target
            assert card is not None and target is not None
            self._by_month[self._month_of[card]].remove(target)
            self._field.remove(target)
            self._taken.append(target)
            self._choosing = None
            self._log.append(("choose", player, card, target))
            return self._after_capture(player)
        self._log.append(("answer", player, kind))
        event = self.round.answer(player, kind)
        return self._answered(event)

    def _refusal(self, move: object) -> str | None:
        """Why ``move`` is not legal now, or ``None``."""
        if not isinstance(move, Move):
            return f"a move is a yakuset.koikoi.Move (kind, card, target), got {move!r:.60}"
        pending = self._pending
        if pending is None:
            return "the match is over"
        kind = move.kind
        player = self._to_move
        if pending == "play":
            if kind != "play":
                return f"{player} must play a card from their hand, not {kind!r:.20}"
            hand = self._hands[player]  # type: ignore[index]
            if move.card not in hand:
                return f"{move.card!r:.60} is not in {player}'s hand"
            if move.target is not None:
                return "a played card's capture is chosen after it is played, when two field cards match"
            if self.rules.table.must_capture and not self._by_month[self._month_of[move.card]]:
                capturing = [c for c in hand if self._by_month[self._month_of[c]]]
                if capturing:
                    return f"{player} must capture (this rule set's match.must_capture): play one of {capturing}"
            return None
        if pending == "choose":
            options = self._by_month[self._month_of[self._choosing]]  # type: ignore[index]
            if kind != "choose" or move.card != self._choosing:
                return f"{player} must choose which field card {self._choosing} captures: one of {options}"
            if move.target not in options:
                return f"{move.target!r:.60} is not one of the field cards {self._choosing} may capture: {options}"
            return None
        if kind not in ("koikoi", "shobu") or move.card is not None or move.target is not None:
            return f"{player}'s base rose: answer Move('koikoi') or Move('shobu'), not {move!r:.60}"
        return None

    # --- the turn ------------------------------------------------------------------------

    def _resolve(self, player: str, card: str) -> tuple[Event, ...]:
        """``card`` (played, or turned from the stock) meets the field, then the stock's card
        does if it has not yet: the turn's end, or ``()`` while a choice is pending."""
        by_month, month_of, field, taken, log = self._by_month, self._month_of, self._field, self._taken, self._log
        while True:
            matches = by_month[month_of[card]]
            if not matches:
                matches.append(card)
                field.append(card)
                log.append(("laid", card))
            elif len(matches) == 2:
                taken.append(card)  # it captures whichever the player chooses
                self._choosing = card
                self._pending = "choose"
                return ()
            else:  # one, or three: all are captured
                taken.append(card)
                taken += matches
                log.append(("takes", card, tuple(matches)))
                for card in matches:
                    field.remove(card)
                matches.clear()
            if self._turned:
                return self._end_turn(player)
            self._turned = True
            card = self._stock.pop()
            log.append(("turns", card))

    def _after_capture(self, player: str) -> tuple[Event, ...]:
        """A chosen capture is made: turn the stock's card, or end the turn."""
        if not self._turned:
            self._turned = True
            card = self._stock.pop()
            self._log.append(("turns", card))
            return self._resolve(player, card)
        return self._end_turn(player)

    def _end_turn(self, player: str) -> tuple[Event, ...]:
        """Both cards of the turn are resolved: the referee scores the turn's captures."""
        rnd = self.round
        taken, self._taken = self._taken, []
        self._turned = False
        event = rnd._turn(player, rnd._state[player], tuple(taken), self._field, quiet=True)
        self._log.append(("event", event))
        if event.kind == "offer":
            self._pending = "koikoi_or_shobu"
            return (event,)
        if event.ends_round:
            return (event, *self._round_over(event))
        self._to_move = rnd.next_to_act
        self._pending = "play"
        return (event,)

    def _answered(self, event: Event) -> tuple[Event, ...]:
        self._log.append(("event", event))
        if event.ends_round:
            return (event, *self._round_over(event))
        self._to_move = self.round.next_to_act
        self._pending = "play"
        return (event,)

    # --- rounds --------------------------------------------------------------------------

    def _round_over(self, event: Event) -> tuple[Event, ...]:
        """Record the round that ``event`` ended and deal the next one (or finish the match)."""
        rnd = self.round
        first, second = self.players
        calls = (rnd.calls(first), rnd.calls(second))
        winner = event.winner
        won_by_yaku = event.hand is not None and winner is not None
        self._records.append(
            TableRound(
                len(self._match.rounds),
                rnd.month,
                rnd.dealer,
                event.kind,
                winner,
                event.points,
                tuple(y.id for y in event.hand.yaku) if won_by_yaku and event.hand is not None else (),
                calls,
                winner is not None and calls[self.players.index(winner)] > 0,
                self._redeals,
            )
        )
        return self._next_round()

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
            self._log.append(("round", len(match.rounds), rnd.month, rnd.dealer))
            self._redeals = 0
            while True:
                event = self._deal(rnd)
                events.append(event)
                self._log.append(("event", event))
                if event.kind != "redeal":
                    break
                self._redeals += 1
                if self._redeals > MAX_REDEALS:
                    raise InputError(
                        f"{self.rs.id}: the deal was redone {MAX_REDEALS} times; "
                        "its redeal rules never let a round start"
                    )
            if not event.ends_round:
                self._to_move = rnd.next_to_act
                self._pending = "play"
                return tuple(events)
            self._records.append(
                TableRound(
                    len(match.rounds),
                    rnd.month,
                    rnd.dealer,
                    event.kind,
                    event.winner,
                    event.points,
                    (),
                    (0, 0),
                    False,
                    self._redeals,
                )
            )

    def _deal(self, rnd: Round) -> Event:
        """Shuffle (or take the next rigged deck) and deal; the referee's answer."""
        if self._decks:
            order = list(self._decks.pop(0))
        else:
            draw = self._rng.random
            order = sorted(self._cards, key=lambda _: draw())
        size, field_size = self.rules.hand_cards, self.rules.field_cards
        dealer, other = rnd.players
        hands = {dealer: order[:size], other: order[size : 2 * size]}
        field = order[2 * size : 2 * size + field_size]
        stock = order[2 * size + field_size :]
        stock.reverse()  # the top card last
        self._log.append(("deal", dealer, tuple(hands[dealer]), other, tuple(hands[other]), tuple(field)))
        deck = self.rules.cards
        event = rnd._deal({p: tuple(h) for p, h in hands.items()}, [deck[card] for card in field])
        if event.kind == "redeal":
            return event
        self._hands, self._field, self._stock = hands, field, stock
        captured = rnd.captured(rnd.dealer)
        while captured:  # field_four: dealer_captures: the dealer took four; four more are dealt
            self._field = [card for card in self._field if card not in captured]
            # Four more from the stock, as long as it keeps a card for every turn.
            spare = len(self._stock) - 2 * self.rules.hand_cards
            fresh = [self._stock.pop() for _ in range(min(len(captured), spare))]
            self._field += fresh
            self._log.append(("field_four", rnd.dealer, tuple(captured), tuple(fresh)))
            months = [self._month_of[card] for card in self._field]
            four = next((m for m in set(months) if months.count(m) == 4), None)
            captured = tuple(card for card in self._field if self._month_of[card] == four)
            if captured:
                rnd._capture_for_dealer(captured)
        self._by_month = {month: [] for month in self.rules.months}
        for card in self._field:
            self._by_month[self._month_of[card]].append(card)
        return event

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
        self._to_move = self._pending = self._choosing = None
        self._log.append(("over", tuple(result.totals.items()), result.winner))

    # --- set-up --------------------------------------------------------------------------

    def _draw_for_dealer(self) -> tuple[str, tuple[tuple[str, str], ...]]:
        """The first dealer as the rule set decides it, and the cards drawn (none for ``random``)."""
        table, rng = self.rules.table, self._rng
        if table.first_dealer == "random":
            return rng.choice(self.players), ()
        values, deck = table.card_values, self.rules.cards
        while True:
            first, second = rng.sample(self._cards, 2)
            # The earlier month deals; in the same month the card of higher value; else again.
            a = (deck[first].month, -values.get(deck[first].kind, 0))
            b = (deck[second].month, -values.get(deck[second].kind, 0))
            if a != b:
                drawn = ((self.players[0], first), (self.players[1], second))
                return (self.players[0] if a < b else self.players[1]), drawn

    def _check_deck(self, deck: object, index: int) -> tuple[str, ...]:
        if isinstance(deck, str) or not isinstance(deck, Sequence):
            raise InputError(f"decks[{index}] must be a list of card ids, got {deck!r:.60}")
        order = tuple(deck)
        if sorted(order) != sorted(self._cards):
            missing = sorted(set(self._cards) - set(order))
            extra = sorted(set(order) - set(self._cards))
            raise InputError(
                f"decks[{index}] must hold each of the {len(self._cards)} cards once "
                f"(missing {missing[:3]}, unknown {extra[:3]}, {len(order)} given)"
            )
        return order


def _line(entry: tuple[object, ...]) -> str:
    """One line of the trace."""
    what, *details = entry
    if what == "start":
        ruleset, names, seed, drawn, first = details
        head = f"{ruleset}: {' and '.join(names)}, seed {seed}"  # type: ignore[arg-type]
        if drawn:
            head += "; draw for the deal: " + ", ".join(f"{p} {c}" for p, c in drawn)  # type: ignore[attr-defined]
        return f"{head}; {first} deals first"
    if what == "round":
        number, month, dealer = details
        return f"round {number}, month {month}: {dealer} deals"
    if what == "deal":
        dealer, dealt, other, others, field = details
        return (
            f"  deal: {dealer} {' '.join(dealt)} | {other} {' '.join(others)} | "  # type: ignore[arg-type]
            f"field {' '.join(field)}"  # type: ignore[arg-type]
        )
    if what == "field_four":
        dealer, captured, fresh = details
        return f"  {dealer} captures {' '.join(captured)}; the field gets {' '.join(fresh)}"  # type: ignore[arg-type]
    if what == "play":
        return f"{details[0]} plays {details[1]}"
    if what == "choose":
        return f"  {details[0]} chooses: {details[1]} takes {details[2]}"
    if what == "laid":
        return f"  {details[0]} is laid on the field"
    if what == "takes":
        return f"  {details[0]} takes {' '.join(details[1])}"  # type: ignore[arg-type]
    if what == "turns":
        return f"  the stock turns {details[0]}"
    if what == "answer":
        return f"{details[0]}: {details[1]}"
    if what == "event":
        return f"  -> {_describe(details[0])}"  # type: ignore[arg-type]
    totals, winner = details
    shown = ", ".join(f"{p} {n}" for p, n in totals)  # type: ignore[attr-defined]
    return f"match over: {shown}; {'a tie' if winner is None else f'{winner} wins'}"


def _describe(event: Event) -> str:
    """One line for a referee's event in a trace."""
    text = event.kind
    if event.player:
        text += f" {event.player}"
    if event.hand is not None and event.hand.base:
        text += f" base {event.hand.base} ({', '.join(f'{y.id} {y.points}' for y in event.hand.yaku)})"
    if event.ends_round:
        text += f"; {event.winner or 'nobody'} scores {event.points}; {event.next_dealer} deals next"
    return text
