"""The Koi-Koi referee of one round (:class:`Round`), driven by what happens at the table.

The caller reports the deal, each turn's captured cards and each Koi-Koi/Shobu answer; the
referee answers with an :class:`~yakuset.koikoi.Event`: a lucky hand, a Koi-Koi offer, an
automatic Shobu, the award, an exhaustive draw. What a rule set decides (call limits, lucky
hands, Dealer's Privilege, who deals next, and the table rules of ``koikoi.rules_of(rs).table``:
misdealt fields, offers, points, weather) comes from the rule set. An event that can't happen
now raises :class:`RefereeError` and leaves the state as it was. A match of rounds is
:class:`yakuset.koikoi.Match` (``match.matches``); :class:`yakuset.koikoi.Table` plays whole
matches from moves on this referee.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..._core.arguments import shown
from ..kinds import (
    ANSWERS,
    AfterDraw,
    AfterWin,
    DealOutcomeKind,
    EventKind,
    FieldFour,
    FieldPairs,
    LimitScope,
    MoveKind,
    OfferOn,
    OnExhaustiveDraw,
    WeatherWhere,
)
from ..results import FixedAward, Hand
from ..rules.compiled import KoikoiRules, rules_of
from ..rules.hooks import DealOutcome, Hooks
from ..scoring.award import award
from ..scoring.counting import tables
from ..scoring.weights_fast import Tables
from ..scoring.yaku import check_cards, check_month
from .events import Event, RefereeError, check_players, shared_events
from .values_fast import new_event

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

# The kinds a round reads at its turns and answers, as names of this module: a member read from
# its enum class costs about a thousand instructions more (CPython 3.11: the enums' metaclass has
# a ``__getattr__``, which keeps the read from being specialized).
_OFFER, _KOIKOI, _SHOBU, _DEALT = EventKind.OFFER, EventKind.KOIKOI, EventKind.SHOBU, EventKind.DEALT
_AUTOMATIC_SHOBU, _EXHAUSTIVE_DRAW = EventKind.AUTOMATIC_SHOBU, EventKind.EXHAUSTIVE_DRAW
_WINNER, _SAME_DEALER, _LAST_YAKU, _KEEPS_DEAL = (
    AfterWin.WINNER,
    AfterWin.SAME_DEALER,
    AfterDraw.LAST_YAKU,
    AfterDraw.SAME_DEALER,
)
_PER_PLAYER, _SHOBU_ANSWER = LimitScope.PLAYER, MoveKind.SHOBU


class RoundSettings(NamedTuple):
    """What a round reads of its rules at every turn, worked out once a match."""

    one_way: bool  # no card with two kinds counted apart: one plan per pile
    last_turn: int  # a player's last turn
    weather: bool  # whether the rule set has weather
    field_weather: bool  # and whether some of it looks at the field
    minimum_base: int  # ``calls.minimum_base``
    new_yaku: bool  # only a new yaku is a rise (``calls.offer_on: new_yaku``), else a new or improved one


def round_settings(rules: KoikoiRules) -> RoundSettings:
    """The :class:`RoundSettings` of ``rules``, worked out at their first match (kept by ``rules.caches``)."""
    found: RoundSettings | None = rules.caches.round_settings
    if found is None:
        found = rules.caches.round_settings = _round_settings(rules, tables(rules))
    return found


def _round_settings(rules: KoikoiRules, compiled: Tables) -> RoundSettings:
    table = rules.table
    return RoundSettings(
        one_way=len(rules.roles) == 1,
        last_turn=rules.hand_cards,
        weather=bool(compiled.weather),
        field_weather=any(w.where is WeatherWhere.FIELD for w in table.weather),
        minimum_base=table.minimum_base,
        new_yaku=table.offer_on is OfferOn.NEW_YAKU,
    )


class _PlayerState:
    """One player's round: the cards captured (and their weights' sum, ``scoring.counting``), turns,
    calls, and what was banked at the last call."""

    __slots__ = ("banked_base", "banked_ids", "base", "calls", "captured", "offers", "total", "turns")

    def __init__(self) -> None:
        self.captured: list[str] = []
        self.total = 0  # the sum of the captured cards' weights
        self.turns = 0
        self.calls = 0
        self.offers = 0  # the Koi-Koi offers made to the player
        self.banked_base = 0  # the base when the player last called (0 before any call)
        self.banked_ids: frozenset[str] = frozenset()  # the yaku counted at the last call
        self.base = 0


def _month_counts(months: Sequence[int]) -> dict[int, int]:
    """How many cards of each month the field of ``months`` holds, or ``{}`` when no month can be
    there four times and the cards cannot all be pairs: most deals, known from the number of
    months alone."""
    distinct = len(set(months))
    if distinct > len(months) - 3 and 2 * distinct != len(months):
        return {}
    counts: dict[int, int] = {}
    for month in months:
        counts[month] = counts.get(month, 0) + 1
    return counts


class Round:
    """One round of Koi-Koi between two players, refereed under a rule set.

    The rule set's table rules (``koikoi.rules_of(rs).table``) decide what a misdealt field
    does, when Koi-Koi is offered, how many calls are allowed, what an exhaustive draw after a
    call gives, the weather, and who deals next.
    """

    # Slots: a match makes a round a month, and a turn reads a dozen of its attributes.
    __slots__ = (
        "_called",
        "_dealt",
        "_events",
        "_field_weather",
        "_hooks",
        "_last",
        "_last_caller",
        "_last_rise",
        "_minimum_base",
        "_month_table",
        "_new_yaku",
        "_offer",
        "_offer_field",
        "_offer_hand",
        "_one_way",
        "_state",
        "_tables",
        "_weather",
        "_weights",
        "dealer",
        "field_brights",
        "month",
        "players",
        "result",
        "rs",
        "rules",
        "table",
    )

    def __init__(self, rs: RuleSet, players: Sequence[str], dealer: str, month: int | None = None) -> None:
        rules = rules_of(rs)
        names = check_players(players, dealer)
        month = rules.months[0] if month is None else check_month(rules, month)
        settings = round_settings(rules)
        self._start(rs, rules, Hooks(rs), names, dealer, month, shared_events(names), settings)

    @classmethod
    def _of_match(
        cls,
        rs: RuleSet,
        rules: KoikoiRules,
        hooks: Hooks,
        players: tuple[str, str],
        dealer: str,
        month: int,
        events: dict[object, Event],
        settings: RoundSettings,
    ) -> Round:
        """A round of a match (``match.matches``), its players and month already checked."""
        played = cls.__new__(cls)
        played._start(rs, rules, hooks, players, dealer, month, events, settings)
        return played

    def _start(
        self,
        rs: RuleSet,
        rules: KoikoiRules,
        hooks: Hooks,
        players: tuple[str, str],
        dealer: str,
        month: int,
        events: dict[object, Event],
        settings: RoundSettings,
    ) -> None:
        self.rules = rules
        self.table = rules.table
        self.rs = rs
        self._hooks = hooks
        other = players[1] if players[0] == dealer else players[0]
        self.players = (dealer, other)  # the dealer plays first
        self.dealer = dealer
        self.month = month
        self.field_brights = 0
        self._tables = compiled = tables(rules)
        self._one_way, self._last, self._weather = settings.one_way, settings.last_turn, settings.weather
        self._field_weather, self._minimum_base = settings.field_weather, settings.minimum_base
        self._new_yaku = settings.new_yaku
        self._month_table = compiled.months[month]
        self._weights = self._month_table.weights
        self._state = {dealer: _PlayerState(), other: _PlayerState()}
        self._dealt = False
        self._offer: str | None = None
        self._offer_field: tuple[str, ...] | None = None  # the field when the offer was made (weather)
        self._offer_hand: Hand | None = None  # the hand the pending offer was made on
        self._last_rise: str | None = None  # the last player whose base rose (``after_draw: last_yaku``)
        self._last_caller: str | None = None
        self._events = events  # shared by the match's rounds (``events.shared_events``)
        self._called: Hand | None = None  # the last caller's hand when they called (on_exhaustive_draw: score)
        self.result: Event | None = None

    # --- queries -------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def next_to_act(self) -> str | None:
        """Who must report the next event (a turn or, with an offer pending, an answer)."""
        if self.finished or not self._dealt:
            return None
        if self._offer is not None:
            return self._offer
        first, second = self.players
        return first if self._state[first].turns <= self._state[second].turns else second

    def captured(self, player: str) -> tuple[str, ...]:
        return tuple(self._player(player).captured)

    def calls(self, player: str) -> int:
        return self._player(player).calls

    def offers(self, player: str) -> int:
        """The Koi-Koi offers made to ``player`` this round (each answered, or pending)."""
        return self._player(player).offers

    def base(self, player: str) -> int:
        """``player``'s base after their last turn (0 before it)."""
        return self._player(player).base

    def _player(self, player: str) -> _PlayerState:
        if not isinstance(player, str) or player not in self._state:
            raise RefereeError(f"{player!r} is not playing this round ({' and '.join(self.players)} are)")
        return self._state[player]

    def _other(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    # --- events --------------------------------------------------------------------------

    def deal(self, hands: Mapping[str, Sequence[str]], field_cards: Sequence[str]) -> Event:
        """Report the deal: each player's hand and the face-up field.

        A misdealt field (``match.field_four``, ``match.field_pairs``) and lucky hands are
        decided here: a redeal (deal again), a win, a draw, or play. With ``field_four:
        dealer_captures`` the dealer's pile starts with the four cards of the month, and the
        caller deals four more cards to the field.
        """
        if self._dealt or self.finished:
            raise RefereeError("the cards are already dealt this round")
        if not isinstance(hands, Mapping):
            raise RefereeError(f"the hands must map each player to the cards dealt, got {type(hands).__name__}")
        if set(hands) != set(self.players):
            raise RefereeError(f"the deal must give hands to exactly {' and '.join(self.players)}")
        size, field_size = self.rules.hand_cards, self.rules.field_cards
        everything: list[str] = []
        for player in self.players:
            if isinstance(hands[player], str) or not isinstance(hands[player], Sequence):
                raise RefereeError(f"{player}'s hand must be a list of card ids")
            cards = list(hands[player])
            if len(cards) != size:
                raise RefereeError(f"{player} must be dealt {size} cards, got {len(cards)}")
            everything += cards
        if isinstance(field_cards, str) or not isinstance(field_cards, Sequence):
            raise RefereeError("the field must be a list of card ids")
        field_list = list(field_cards)
        if len(field_list) != field_size:
            raise RefereeError(f"the field must hold {field_size} cards, got {len(field_list)}")
        dealt = check_cards(self.rs, everything + field_list, "the deal")
        face_up = tuple(card.id for card in dealt[len(everything) :])
        return self._deal({p: tuple(hands[p]) for p in self.players}, face_up)

    def _deal(self, hands_dealt: dict[str, tuple[str, ...]], field: tuple[str, ...]) -> Event:
        """The deal, its cards checked: a redeal, a round decided at once, or play."""
        table, month_of = self.table, self._tables.month_of
        months = _month_counts(list(map(month_of.__getitem__, field)))
        four = next((m for m, n in months.items() if n == 4), None) if months else None
        captured: tuple[str, ...] = ()
        if four is not None:
            if table.field_four is FieldFour.REDEAL:
                return Event(EventKind.REDEAL, message=f"the field holds all four cards of month {four}: deal again")
            if table.field_four is FieldFour.DEALER_CAPTURES:
                captured = tuple(card for card in field if month_of[card] == four)
        elif months and table.field_pairs is FieldPairs.REDEAL and all(n == 2 for n in months.values()):
            return Event(EventKind.REDEAL, message=f"the field holds {len(months)} pairs of months: deal again")
        outcome = self._deal_outcome(hands_dealt, field)
        if outcome is not None and outcome.kind == DealOutcomeKind.REDEAL:
            return Event(EventKind.REDEAL, message=outcome.label)
        self._dealt = True
        self.field_brights = self._brights(field, captured)
        if four is not None and table.field_four is FieldFour.DEALER_WINS:
            return self._end(self._dealer_wins(four))
        if outcome is None:
            return self._dealt_event(captured, four)
        if outcome.kind == DealOutcomeKind.LUCKY_HAND:
            points = outcome.award.points if outcome.award else 0
            after = self._after_win(outcome.winner) if outcome.winner else self.dealer
            return self._end(
                Event(
                    EventKind.LUCKY_HAND,
                    outcome.winner,
                    outcome.label,
                    award=outcome.award,
                    points=points,
                    winner=outcome.winner,
                    next_dealer=after,
                )
            )
        return self._end(Event(EventKind.DRAW, message=outcome.label, next_dealer=self._after_draw()))

    def _deal_outcome(self, hands_dealt: dict[str, tuple[str, ...]], field: tuple[str, ...]) -> DealOutcome | None:
        """What the plugins decide of a deal: the lucky hands, then the deal itself (one lucky
        hand, not decided otherwise, wins)."""
        hooks, lucky = self._hooks, {}
        for player in self.players:  # the dealer first
            found = hooks.lucky_hand(hands_dealt[player])
            if found is not None:
                lucky[player] = found
        outcome = hooks.deal(hands_dealt, field, self.dealer, lucky)
        if outcome is None and len(lucky) == 1:
            player, found = next(iter(lucky.items()))
            won = FixedAward(found.id, found.label, found.points, recipient=player)
            label = f"{player} shows {found.label}: {found.points}, no multipliers"
            return DealOutcome(DealOutcomeKind.LUCKY_HAND, label, winner=player, award=won)
        return outcome

    def _brights(self, field: tuple[str, ...], captured: tuple[str, ...]) -> int:
        """The brights dealt face up (the award's ``field_brights``), apart from those the dealer captured."""
        brights = self._tables.months[self.month].field_brights.intersection(field)
        return len(brights.difference(captured) if captured else brights)

    def _dealer_wins(self, four: int) -> Event:
        """``match.field_four: dealer_wins``: the event of a field holding four cards of ``four``."""
        points = self.table.field_four_points
        won = FixedAward(
            "field_four", f"the field holds all four cards of month {four}: the dealer wins", points, self.dealer
        )
        message = f"the field holds all four cards of month {four}: {self.dealer} wins {points}, no multipliers"
        return Event(
            EventKind.FIELD_FOUR,
            self.dealer,
            message,
            award=won,
            points=points,
            winner=self.dealer,
            next_dealer=self._after_win(self.dealer),
        )

    def _dealt_event(self, captured: tuple[str, ...], four: int | None) -> Event:
        """The round is played: the dealer takes a misdealt month first (``field_four: dealer_captures``)."""
        if not captured:
            key = (self.dealer, self.month)
            dealt = self._events.get(key)
            if dealt is None:
                message = f"{self.dealer} deals; month {self.month}"
                dealt = self._events[key] = new_event((_DEALT, None, message, None, None, 0, None, None))
            return dealt
        self._capture_for_dealer(captured)
        return Event(
            EventKind.DEALT,
            self.dealer,
            f"{self.dealer} deals; month {self.month}; the field holds all four cards of month {four}: "
            f"{self.dealer} captures them and four more are dealt to the field",
        )

    def _capture_for_dealer(self, cards: Sequence[str]) -> None:
        """The dealer takes ``cards`` from the field before the first turn (``field_four: dealer_captures``)."""
        state = self._state[self.dealer]
        state.captured.extend(cards)
        state.total += sum(self._weights[card] for card in cards)

    def turn(self, player: str, captured: Sequence[str], field: Sequence[str] | None = None) -> Event:
        """Report the cards ``player`` captured this turn (played card and draw together).

        ``field`` is the face-up field after the turn; a rule set whose weather looks at the
        field (``yaku_rules.weather``) needs it, others ignore it.
        """
        self._expect_turn(player)
        if isinstance(captured, str) or not isinstance(captured, Sequence):
            raise RefereeError(f"{player}'s capture must be a list of card ids, got {shown(captured)}")
        cards = check_cards(self.rs, list(captured), f"{player}'s capture")
        taken = self._captured_cards()
        twice = next((c.id for c in cards if c.id in taken), None)
        if twice is not None:
            raise RefereeError(f"{twice!r} was already captured this round")
        face_up: tuple[str, ...] | None = None
        if field is not None:
            face_up = tuple(card.id for card in check_cards(self.rs, field, "the field"))
            both = next((card for card in face_up if card in taken or card in captured), None)
            if both is not None:
                raise RefereeError(f"{both!r} is on the field and captured")
        elif self._field_weather:
            rules = ", ".join(w.label for w in self.table.weather if w.where is WeatherWhere.FIELD)
            raise RefereeError(f"this rule set's weather ({rules}) looks at the field: report it with field=[...]")
        return self._turn(player, tuple(c.id for c in cards), face_up)

    def _turn(self, player: str, cards: Sequence[str], field: Collection[str] | None, quiet: bool = False) -> Event:
        """A turn whose cards are checked: the referee's answer, and the round changed only
        once everything is computed. ``quiet``: a ``continue`` event carries no hand."""
        state = self._state[player]
        total, base, turns = state.total, state.base, state.turns + 1
        rose = False
        # Nothing captured and no weather to change: the yaku are the player's last turn's, which
        # offered nothing (else the round would be waiting for an answer or be over).
        if cards or turns == 1 or self._weather:
            weights = self._weights
            for card in cards:
                total += weights[card]
            tables = self._tables
            off = tables.cancelled(total, field) if self._weather else 0
            if self._one_way:
                way, plan = 0, tables.plan(0, total, state.calls, off)
            else:
                way, plan = tables.best(total, state.calls, off)
            base = plan.base
            # A rise: a new or improved yaku (as ``calls.offer_on`` says), at least ``calls.minimum_base``.
            if base >= self._minimum_base:
                rose = not plan.ids <= state.banked_ids if self._new_yaku else base > state.banked_base
        if rose:
            pile = (*state.captured, *cards)
            hand = self._tables.hand_of(self.rs.id, self._month_table, pile, total, state.calls, field, off, way, plan)
            event = self._risen(player, state, hand, turns)
        elif turns == self._last and self._state[self._other(player)].turns == turns:
            event = self._exhaustive_draw(player if base > state.base else self._last_rise)
        elif quiet:
            event = self._events[player]
        else:
            pile = (*state.captured, *cards)
            event = Event(
                EventKind.CONTINUE,
                player,
                hand=self._tables.hand(self.rs.id, self._month_table, pile, total, state.calls, field),
            )
        # Everything is computed: only now does the round change.
        if base > state.base:
            self._last_rise = player
        state.captured += cards
        state.total, state.turns, state.base = total, turns, base
        if event.next_dealer is not None:
            return self._end(event)
        if rose:  # an offer
            state.offers += 1
            self._offer = player
            self._offer_field = tuple(field) if field is not None and self._weather else None
            self._offer_hand = event.hand
        return event

    def _risen(self, player: str, state: _PlayerState, hand: Hand, turns: int) -> Event:
        """The event of a turn whose base rose to ``hand``'s: an offer, or an automatic Shobu on
        the last card or past the call limit."""
        limit = self.table.call_limit
        if turns == self.rules.hand_cards:
            return self._scored(player, hand, _AUTOMATIC_SHOBU, "a rise on the last card ends the round")
        if limit is not None:
            used = state.calls if limit.per is _PER_PLAYER else sum(s.calls for s in self._state.values())
            if used >= limit.calls:
                whose = player if limit.per is _PER_PLAYER else "the round"
                calls = f"{limit.calls} Koi-Koi call{'s' if limit.calls != 1 else ''}"
                return self._scored(
                    player, hand, _AUTOMATIC_SHOBU, f"{whose} has used {calls}: the next rise ends the round"
                )
        message = f"{player}'s base rose to {hand.base}: Koi-Koi or Shobu?"
        return new_event((_OFFER, player, message, hand, None, 0, None, None))

    def answer(self, player: str, choice: str) -> Event:
        """Answer a pending offer: ``"koikoi"`` (play on) or ``"shobu"`` (stop and score), the
        words of :data:`~yakuset.koikoi.kinds.ANSWERS`."""
        if self.finished:
            raise RefereeError("the round is over")
        if self._offer is None:
            raise RefereeError("no Koi-Koi offer is pending")
        if player != self._offer:
            raise RefereeError(f"the offer is {self._offer}'s to answer, not {str(player)[:40]}'s")
        if choice not in ANSWERS:
            raise RefereeError(f"answer 'koikoi' or 'shobu', got {shown(choice)}")
        state, tables, offered = self._state[player], self._tables, self._offer_hand
        assert offered is not None  # made with the offer: the pile, the calls and the field now
        if choice == _SHOBU_ANSWER:
            return self._end(self._scored(player, offered, _SHOBU, f"{player} calls Shobu"))
        # Measured with the call counted, so a yaku worth more after a call is not itself a rise
        # (the offer's hand when no yaku's points depend on the calls).
        banked = (
            tables.hand(self.rs.id, self._month_table, state.captured, state.total, state.calls + 1, self._offer_field)
            if tables.calls_count
            else offered
        )
        state.calls += 1
        state.banked_base = state.base = banked.base
        state.banked_ids = frozenset(y.id for y in banked.yaku)
        self._last_caller = player
        self._called = banked
        self._offer = self._offer_hand = None
        message = f"{player} calls Koi-Koi ({state.calls})"
        return new_event((_KOIKOI, player, message, banked, None, 0, None, None))

    # --- internals -----------------------------------------------------------------------

    def _captured_cards(self) -> set[str]:
        """Every card captured this round, by either player."""
        return {card for state in self._state.values() for card in state.captured}

    def _expect_turn(self, player: str) -> None:
        if self.finished:
            raise RefereeError("the round is over")
        if not self._dealt:
            raise RefereeError("deal the cards first")
        self._player(player)
        if self._offer is not None:
            raise RefereeError(f"{self._offer} must answer Koi-Koi or Shobu first")
        if player != self.next_to_act:
            raise RefereeError(f"it is {self.next_to_act}'s turn, not {player}'s")

    def _scored(self, player: str, hand: Hand, kind: EventKind, message: str) -> Event:
        """The event that ends the round with ``player`` scoring ``hand`` (the round is not changed)."""
        state = self._state[player]
        result = award(
            self.rs,
            hand.base,
            own_calls=state.calls,
            opponent_calls=self._state[self._other(player)].calls,
            field_brights=self.field_brights,
        )
        return new_event((kind, player, message, hand, result, int(result.points), player, self._after_win(player)))

    def _exhaustive_draw(self, last_rise: str | None) -> Event:
        """The event that ends a round whose hands ran out with nobody stopping (the round is
        not changed): the last caller scores what they called on (``calls.on_exhaustive_draw:
        score``), or the dealer's privilege, or nothing."""
        caller, hand = self._last_caller, self._called
        if caller is not None and hand is not None and self.table.on_exhaustive_draw is OnExhaustiveDraw.SCORE:
            # The base they called on, not their pile now: cards taken after the call did not
            # make a yaku the caller stopped for.
            scored = self._scored(caller, hand, _EXHAUSTIVE_DRAW, "")
            return Event(
                _EXHAUSTIVE_DRAW,
                caller,
                f"the hands ran out: {caller}, who called Koi-Koi on {hand.base}, scores it",
                hand=scored.hand,
                award=scored.award,
                points=scored.points,
                winner=caller,
                next_dealer=scored.next_dealer,
            )
        privilege = self._hooks.exhaustive_draw(self.dealer)
        after = self._after_draw(last_rise)
        if privilege is None:
            return Event(_EXHAUSTIVE_DRAW, message="the hands ran out: nobody scores", next_dealer=after)
        return Event(
            _EXHAUSTIVE_DRAW,
            privilege.recipient,
            f"the hands ran out: {privilege.label}",
            award=privilege,
            points=privilege.points,
            winner=privilege.recipient,
            next_dealer=after,
        )

    def _after_win(self, winner: str) -> str:
        rule = self.table.after_win
        if rule is _WINNER:
            return winner
        return self.dealer if rule is _SAME_DEALER else self._other(self.dealer)

    def _after_draw(self, last_rise: str | None = None) -> str:
        rule = self.table.after_draw
        if rule is _LAST_YAKU:
            return last_rise or self.dealer
        return self.dealer if rule is _KEEPS_DEAL else self._other(self.dealer)

    def _end(self, event: Event) -> Event:
        self.result = event
        self._offer = self._offer_hand = None
        return event
