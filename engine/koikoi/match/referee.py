"""The Koi-Koi referee: a round and a match, driven by what happens at the table.

The caller reports the deal, each turn's captured cards and each Koi-Koi/Shobu answer; the
referee answers with an :class:`Event`: a lucky hand, a Koi-Koi offer, an automatic Shobu, the
award, an exhaustive draw. What a rule set decides (call limits, lucky hands, Dealer's Privilege,
who deals next, rounds per match, match-end plugins, and the table rules of
``koikoi.rules_of(rs).table``: misdealt fields, offers, points, the match's end, weather) comes
from the rule set. An event that can't happen now raises :class:`RefereeError` and leaves the
state as it was. :class:`yakuset.koikoi.Table` plays whole matches from moves on this referee.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..._core.arguments import shown
from ..._core.errors import InputError
from ..results import Award, FixedAward, Hand, MatchAdjustment
from ..rules.compiled import KoikoiRules, rules_of
from ..rules.hooks import DealOutcome, Hooks
from ..scoring.award import award
from ..scoring.weights import tables
from ..scoring.yaku import check_cards, check_month

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet


_new = tuple.__new__  # a NamedTuple made without its Python-level __new__ (every field given)


class RefereeError(InputError):
    """An event that cannot happen in the round's current state."""


class Event(NamedTuple):
    """The referee's answer to one reported event.

    ``kind`` is one of ``dealt``, ``redeal``, ``lucky_hand``, ``field_four`` (the dealer wins a
    misdealt field, ``match.field_four: dealer_wins``), ``draw``, ``continue``, ``offer`` (the
    player must answer Koi-Koi or Shobu), ``koikoi``, ``shobu``, ``automatic_shobu``,
    ``exhaustive_draw`` (with a winner when a plugin or ``calls.on_exhaustive_draw: score``
    pays someone). ``hand`` is the player's yaku after a turn (``None`` in a
    :class:`yakuset.koikoi.Table`'s ``continue``); ``award`` and ``points`` are set when the
    round is scored; ``next_dealer`` when it is over.
    """

    # A NamedTuple, not a frozen dataclass: a match makes some forty events, and a frozen
    # dataclass's construction costs a third more.
    kind: str
    player: str | None = None
    message: str = ""
    hand: Hand | None = None
    award: Award | FixedAward | None = None
    points: int = 0
    winner: str | None = None
    next_dealer: str | None = None

    @property
    def ends_round(self) -> bool:
        return self.next_dealer is not None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.kind, "player": self.player, "message": self.message}
        if self.hand is not None:
            out["base"] = self.hand.base
            out["yaku"] = [{"id": y.id, "points": y.points} for y in self.hand.yaku]
        if self.award is not None:
            out["award"] = self.award.as_dict()
        if self.ends_round:
            out.update(points=self.points, winner=self.winner, next_dealer=self.next_dealer)
        return out


class _PlayerState:
    """One player's round: the cards captured (and their weights' sum, ``scoring.weights``), turns,
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


def _shared_events(players: tuple[str, str]) -> dict[object, Event]:
    """The events every round of a match may share (events are immutable): each player's quiet
    ``continue`` by the player's name, made here, and each plain deal's ``dealt`` by (dealer,
    month), made by its first round."""
    first, second = players
    return {
        first: _new(Event, ("continue", first, "", None, None, 0, None, None)),
        second: _new(Event, ("continue", second, "", None, None, 0, None, None)),
    }


def check_players(players: object, dealer: object) -> tuple[str, str]:
    """The two players (as a tuple) if they and the dealer are right, else :class:`yakuset.InputError`."""
    if not isinstance(players, list | tuple) or isinstance(players, str):
        raise InputError(f"Koi-Koi needs a list of two players, got {shown(players)}")
    names = tuple(players)
    # Both names checked in one expression, not by a generator: a table checks them twice a match.
    if len(names) != 2 or not (
        type(names[0]) is type(names[1]) is str and names[0] and names[1] and names[0] != names[1]
    ):
        raise InputError(f"Koi-Koi needs two players with different names, got {shown(list(names))}")
    if type(dealer) is not str or dealer not in names:
        raise InputError(f"the dealer {shown(dealer)} is not one of the players {list(names)!r}")
    return names[0], names[1]


def _check_extras(extras: object) -> dict[str, dict[str, int]]:
    if extras is None:
        return {}
    if not isinstance(extras, Mapping) or not all(
        isinstance(counters, Mapping) and all(type(k) is str and type(v) is int for k, v in counters.items())
        for counters in extras.values()
    ):
        raise InputError(
            f"extras map each player to whole-number counters, e.g. {{'alice': {{'minipoints': 29}}}}, "
            f"got {shown(extras)}"
        )
    return {str(player): dict(counters) for player, counters in extras.items()}


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
        self._start(rs, rules, Hooks(rs), names, dealer, month, _shared_events(names))

    @classmethod
    def _of_match(cls, match: Match, dealer: str, month: int) -> Round:
        """The next round of ``match`` (its players and month already checked)."""
        played = cls.__new__(cls)
        played._start(match.rs, match.rules, match._hooks, match.players, dealer, month, match._events)
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
        (
            self._one_way,  # no card with two kinds counted apart: one plan per pile
            self._last,  # a player's last turn
            self._weather,
            self._field_weather,
            self._minimum_base,
            self._new_yaku,  # else a new or improved yaku is a rise
        ) = compiled.round_settings
        self._month_table = compiled.months[month]
        self._weights = self._month_table.weights
        self._state = {dealer: _PlayerState(), other: _PlayerState()}
        self._dealt = False
        self._offer: str | None = None
        self._offer_field: tuple[str, ...] | None = None  # the field when the offer was made (weather)
        self._offer_hand: Hand | None = None  # the hand the pending offer was made on
        self._last_rise: str | None = None  # the last player whose base rose (``after_draw: last_yaku``)
        self._last_caller: str | None = None
        self._events = events  # shared by the match's rounds (_shared_events)
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
            if table.field_four == "redeal":
                return Event("redeal", message=f"the field holds all four cards of month {four}: deal again")
            if table.field_four == "dealer_captures":
                captured = tuple(card for card in field if month_of[card] == four)
        elif table.field_pairs == "redeal" and months and all(n == 2 for n in months.values()):
            return Event("redeal", message=f"the field holds {len(months)} pairs of months: deal again")
        outcome = self._deal_outcome(hands_dealt, field)
        if outcome is not None and outcome.kind == "redeal":
            return Event("redeal", message=outcome.label)
        self._dealt = True
        self.field_brights = self._brights(field, captured)
        if four is not None and table.field_four == "dealer_wins":
            return self._end(self._dealer_wins(four))
        if outcome is None:
            return self._dealt_event(captured, four)
        if outcome.kind == "lucky_hand":
            points = outcome.award.points if outcome.award else 0
            after = self._after_win(outcome.winner) if outcome.winner else self.dealer
            return self._end(
                Event(
                    "lucky_hand",
                    outcome.winner,
                    outcome.label,
                    award=outcome.award,
                    points=points,
                    winner=outcome.winner,
                    next_dealer=after,
                )
            )
        return self._end(Event("draw", message=outcome.label, next_dealer=self._after_draw()))

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
            return DealOutcome("lucky_hand", label, winner=player, award=won)
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
            "field_four",
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
                dealt = self._events[key] = _new(Event, ("dealt", None, message, None, None, 0, None, None))
            return dealt
        self._capture_for_dealer(captured)
        return Event(
            "dealt",
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
            rules = ", ".join(w.label for w in self.table.weather if w.where == "field")
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
                "continue",
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
            return self._scored(player, hand, "automatic_shobu", "a rise on the last card ends the round")
        if limit is not None:
            used = state.calls if limit.per == "player" else sum(s.calls for s in self._state.values())
            if used >= limit.calls:
                whose = player if limit.per == "player" else "the round"
                calls = f"{limit.calls} Koi-Koi call{'s' if limit.calls != 1 else ''}"
                return self._scored(
                    player, hand, "automatic_shobu", f"{whose} has used {calls}: the next rise ends the round"
                )
        message = f"{player}'s base rose to {hand.base}: Koi-Koi or Shobu?"
        return _new(Event, ("offer", player, message, hand, None, 0, None, None))

    def answer(self, player: str, choice: str) -> Event:
        """Answer a pending offer: ``"koikoi"`` (play on) or ``"shobu"`` (stop and score)."""
        if self.finished:
            raise RefereeError("the round is over")
        if self._offer is None:
            raise RefereeError("no Koi-Koi offer is pending")
        if player != self._offer:
            raise RefereeError(f"the offer is {self._offer}'s to answer, not {str(player)[:40]}'s")
        if choice not in ("koikoi", "shobu"):
            raise RefereeError(f"answer 'koikoi' or 'shobu', got {shown(choice)}")
        state, tables, offered = self._state[player], self._tables, self._offer_hand
        assert offered is not None  # made with the offer: the pile, the calls and the field now
        if choice == "shobu":
            return self._end(self._scored(player, offered, "shobu", f"{player} calls Shobu"))
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
        return _new(Event, ("koikoi", player, message, banked, None, 0, None, None))

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

    def _scored(self, player: str, hand: Hand, kind: str, message: str) -> Event:
        """The event that ends the round with ``player`` scoring ``hand`` (the round is not changed)."""
        state = self._state[player]
        result = award(
            self.rs,
            hand.base,
            own_calls=state.calls,
            opponent_calls=self._state[self._other(player)].calls,
            field_brights=self.field_brights,
        )
        return _new(Event, (kind, player, message, hand, result, int(result.points), player, self._after_win(player)))

    def _exhaustive_draw(self, last_rise: str | None) -> Event:
        """The event that ends a round whose hands ran out with nobody stopping (the round is
        not changed): the last caller scores what they called on (``calls.on_exhaustive_draw:
        score``), or the dealer's privilege, or nothing."""
        caller, hand = self._last_caller, self._called
        if caller is not None and hand is not None and self.table.on_exhaustive_draw == "score":
            # The base they called on, not their pile now: cards taken after the call did not
            # make a yaku the caller stopped for.
            scored = self._scored(caller, hand, "exhaustive_draw", "")
            return Event(
                "exhaustive_draw",
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
            return Event("exhaustive_draw", message="the hands ran out: nobody scores", next_dealer=after)
        return Event(
            "exhaustive_draw",
            privilege.recipient,
            f"the hands ran out: {privilege.label}",
            award=privilege,
            points=privilege.points,
            winner=privilege.recipient,
            next_dealer=after,
        )

    def _after_win(self, winner: str) -> str:
        rule = self.table.after_win
        if rule == "winner":
            return winner
        return self.dealer if rule == "same_dealer" else self._other(self.dealer)

    def _after_draw(self, last_rise: str | None = None) -> str:
        rule = self.table.after_draw
        if rule == "last_yaku":
            return last_rise or self.dealer
        return self.dealer if rule == "same_dealer" else self._other(self.dealer)

    def _end(self, event: Event) -> Event:
        self.result = event
        self._offer = self._offer_hand = None
        return event


@dataclass(frozen=True)
class MatchResult:
    """The end of a match: totals after adjustments, and the winner (``None`` for a draw)."""

    totals: Mapping[str, int]
    adjustments: tuple[MatchAdjustment, ...]
    winner: str | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "totals": dict(self.totals),
            "adjustments": [a.as_dict() for a in self.adjustments],
            "winner": self.winner,
        }


class Match:
    """A match: rounds until the rule set's number is played or a player reaches the target or
    runs out of points (``match.target``, ``match.until_out``), the running totals (from
    ``match.start_points``; with ``match.zero_sum`` a round's points are taken from the other
    player), and the match-end plugins."""

    def __init__(self, rs: RuleSet, players: Sequence[str], first_dealer: str) -> None:
        self.rules = rules_of(rs)
        self.rs = rs
        self._hooks = Hooks(rs)
        self.players = check_players(players, first_dealer)
        self.dealer = first_dealer
        self.rounds: list[Round] = []
        self.result: MatchResult | None = None
        self._totals = dict.fromkeys(self.players, self.rules.table.start_points)
        self._events = _shared_events(self.players)
        self._counted = 0  # the rounds whose points are in ``_totals``

    @property
    def totals(self) -> dict[str, int]:
        """Each player's points so far: the starting points and every round's."""
        return dict(self._count_rounds())

    def _count_rounds(self) -> dict[str, int]:
        """The running totals, every finished round's points added once."""
        totals, rounds, counted = self._totals, self.rounds, self._counted
        if counted == len(rounds):
            return totals
        zero_sum, (first, second) = self.rules.table.zero_sum, self.players
        for played in rounds[counted:]:
            result = played.result
            if result is None:  # the round in play (only the last can be)
                break
            counted += 1
            winner = result.winner  # each field read once: a NamedTuple's field is a descriptor call
            if winner is None:
                continue
            points = result.points
            if points:
                totals[winner] += points
                if zero_sum:
                    totals[second if winner == first else first] -= points
        self._counted = counted
        return totals

    @property
    def over(self) -> bool:
        """Whether no round is left to play: all are played, or the last one brought a player to
        the target or (``until_out``) to 0 or below."""
        if not self.rounds or self.rounds[-1].result is None:
            return False
        if len(self.rounds) >= self.rules.table.rounds:
            return True
        table = self.rules.table
        if table.target is None and not table.until_out:
            return False
        totals = self._count_rounds().values()
        return (table.target is not None and max(totals) >= table.target) or (table.until_out and min(totals) <= 0)

    def new_round(self) -> Round:
        """Start the next round: the deck's months in order, starting over after the last."""
        if self.result is not None:
            raise RefereeError("the match is over")
        if self.rounds:
            last = self.rounds[-1]
            if last.result is None:
                raise RefereeError(f"round {len(self.rounds)} is not over yet")
            self.dealer = last.result.next_dealer or self.dealer
        if self.over:
            if len(self.rounds) >= self.rules.table.rounds:
                raise RefereeError(f"the match has {self.rules.table.rounds} rounds; all are played")
            raise RefereeError(f"the match is over after {len(self.rounds)} rounds: {self._why_over()}")
        months = self.rules.months
        played = Round._of_match(self, self.dealer, months[len(self.rounds) % len(months)])
        self.rounds.append(played)
        return played

    def _why_over(self) -> str:
        table, totals = self.rules.table, self.totals
        reached = [p for p in self.players if table.target is not None and totals[p] >= table.target]
        if reached:
            return f"{reached[0]} reached {table.target}"
        out = next(p for p in self.players if totals[p] <= 0)
        return f"{out} has no points left"

    def finish(self, extras: Mapping[str, Mapping[str, int]] | None = None) -> MatchResult:
        """End the match after its last round; plugins adjust the totals, then the winner is decided."""
        if self.result is not None:
            raise RefereeError("the match is already finished")
        if not self.over:
            raise RefereeError(
                f"the match has {self.rules.table.rounds} rounds; {sum(r.finished for r in self.rounds)} are over"
            )
        extras = _check_extras(extras)
        unknown = set(extras) - set(self.players) if extras else ()
        if unknown:
            raise InputError(f"extras for {', '.join(sorted(unknown))}, who are not in the match")
        totals = self.totals
        adjustments = self._hooks.match_end(dict(totals), extras)
        for adjustment in adjustments:
            totals[adjustment.player] += adjustment.points
        ranked = sorted(totals.values(), reverse=True)
        winner = None if ranked[0] == ranked[1] else max(totals, key=totals.__getitem__)
        self.result = MatchResult(totals, tuple(adjustments), winner)
        return self.result
