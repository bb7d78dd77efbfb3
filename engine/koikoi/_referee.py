"""The Koi-Koi referee: a round and a match, driven by what happens at the table.

The caller reports the deal, each turn's captured cards and each Koi-Koi/Shobu answer; the
referee answers with an :class:`Event`: a lucky hand, a Koi-Koi offer, an automatic Shobu, the
award, an exhaustive draw. What a rule set decides (call limits, lucky hands, Dealer's Privilege,
who deals next, rounds per match, match-end plugins) comes from the rule set. An event that
can't happen now raises :class:`RefereeError` and leaves the state as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .._core.errors import InputError
from ._award import award
from ._results import Award, FixedAward, Hand, MatchAdjustment
from ._rules import koikoi_rules
from ._yaku import check_cards, check_month, yaku

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet


class RefereeError(InputError):
    """An event that cannot happen in the round's current state."""


@dataclass(frozen=True)
class DealOutcome:
    """What a deal decides at once (a plugin's answer to ``yakuset_deal``).

    ``kind`` is ``lucky_hand`` (``winner`` takes ``award``), ``draw`` or ``redeal``;
    ``label`` says why, as the referee reports it.
    """

    kind: str  # "lucky_hand", "draw" or "redeal"
    label: str
    winner: str | None = None
    award: FixedAward | None = None


@dataclass(frozen=True)
class Event:
    """The referee's answer to one reported event.

    ``kind`` is one of ``dealt``, ``redeal``, ``lucky_hand``, ``draw``, ``continue``, ``offer``
    (the player must answer Koi-Koi or Shobu), ``koikoi``, ``shobu``, ``automatic_shobu``,
    ``exhaustive_draw``. ``hand`` is the player's yaku after a turn; ``award`` and ``points``
    are set when the round is scored; ``next_dealer`` when it is over.
    """

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


@dataclass
class _PlayerState:
    captured: list[str] = field(default_factory=list)
    turns: int = 0
    calls: int = 0
    banked_base: int = 0  # the base when the player last called (0 before any call)
    base: int = 0


def check_players(players: object, dealer: object) -> tuple[str, str]:
    """The two players (as a tuple) if they and the dealer are right, else :class:`yakuset.InputError`."""
    if not isinstance(players, list | tuple) or isinstance(players, str):
        raise InputError(f"Koi-Koi needs a list of two players, got {players!r:.80}")
    names = tuple(players)
    if len(names) != 2 or not all(type(p) is str and p for p in names) or names[0] == names[1]:
        raise InputError(f"Koi-Koi needs two players with different names, got {list(names)!r:.80}")
    if type(dealer) is not str or dealer not in names:
        raise InputError(f"the dealer {dealer!r:.40} is not one of the players {list(names)!r}")
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
            f"got {extras!r:.60}"
        )
    return {str(player): dict(counters) for player, counters in extras.items()}


class Round:
    """One round of Koi-Koi between two players, refereed under a rule set."""

    def __init__(self, rs: RuleSet, players: Sequence[str], dealer: str, month: int | None = None) -> None:
        self.rules = koikoi_rules(rs)
        self.rs = rs
        players = check_players(players, dealer)
        month = self.rules.months[0] if month is None else check_month(self.rules, month)
        self.players = (dealer, next(p for p in players if p != dealer))  # the dealer plays first
        self.dealer = dealer
        self.month = month
        self.field_brights = 0
        self._state = {p: _PlayerState() for p in self.players}
        self._taken: set[str] = set()
        self._dealt = False
        self._offer: str | None = None
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

    def _player(self, player: str) -> _PlayerState:
        if not isinstance(player, str) or player not in self._state:
            raise RefereeError(f"{player!r} is not playing this round ({' and '.join(self.players)} are)")
        return self._state[player]

    def _other(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    # --- events --------------------------------------------------------------------------

    def deal(self, hands: Mapping[str, Sequence[str]], field_cards: Sequence[str]) -> Event:
        """Report the deal: each player's hand and the face-up field."""
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
        hands_dealt = {p: tuple(hands[p]) for p in self.players}
        lucky = {}
        for player in self.players:  # the dealer first
            found = self.rs.hook.yakuset_lucky_hand(ruleset=self.rs, hand=hands_dealt[player])
            if found is not None:
                lucky[player] = found
        outcome = self.rs.hook.yakuset_deal(
            ruleset=self.rs, hands=hands_dealt, field=tuple(field_list), dealer=self.dealer, lucky=lucky
        )
        if outcome is None and len(lucky) == 1:
            player, found = next(iter(lucky.items()))
            won = FixedAward(found.id, found.label, found.points, recipient=player)
            outcome = DealOutcome(
                "lucky_hand", f"{player} shows {found.label}: {found.points}, no multipliers", winner=player, award=won
            )
        if outcome is not None and outcome.kind == "redeal":
            return Event("redeal", message=outcome.label)
        self._dealt = True
        field_filter = self.rules.field_brights
        self.field_brights = sum(
            1 for card in dealt[len(everything) :] if field_filter.matches(card, self.month, self.rules.roles[0])
        )
        if outcome is None:
            return Event("dealt", message=f"{self.dealer} deals; month {self.month}")
        if outcome.kind == "lucky_hand":
            points = outcome.award.points if outcome.award else 0
            return self._end(
                Event(
                    "lucky_hand",
                    outcome.winner,
                    outcome.label,
                    award=outcome.award,
                    points=points,
                    winner=outcome.winner,
                    next_dealer=outcome.winner,
                )
            )
        return self._end(Event("draw", message=outcome.label, next_dealer=self._after_draw()))

    def turn(self, player: str, captured: Sequence[str]) -> Event:
        """Report the cards ``player`` captured this turn (played card and draw together)."""
        self._expect_turn(player)
        state = self._player(player)
        if isinstance(captured, str) or not isinstance(captured, Sequence):
            raise RefereeError(f"{player}'s capture must be a list of card ids, got {captured!r:.80}")
        cards = check_cards(self.rs, list(captured), f"{player}'s capture")
        twice = next((c.id for c in cards if c.id in self._taken), None)
        if twice is not None:
            raise RefereeError(f"{twice!r} was already captured this round")
        pile = [*state.captured, *(c.id for c in cards)]
        hand = yaku(self.rs, pile, self.month, state.calls)
        turns = state.turns + 1
        offer = None
        if hand.base > state.banked_base:
            limit = self.rules.call_limit
            if turns == self.rules.hand_cards:
                event = self._scored(player, hand, "automatic_shobu", "a rise on the last card ends the round")
            elif limit is not None and state.calls >= limit:
                calls = f"{limit} Koi-Koi call{'s' if limit != 1 else ''}"
                event = self._scored(
                    player, hand, "automatic_shobu", f"{player} has used {calls}: the next rise ends the round"
                )
            else:
                offer = player
                event = Event("offer", player, f"{player}'s base rose to {hand.base}: Koi-Koi or Shobu?", hand=hand)
        elif turns == self.rules.hand_cards and self._state[self._other(player)].turns == self.rules.hand_cards:
            event = self._exhaustive_draw()
        else:
            event = Event("continue", player, hand=hand)
        # Everything is computed: only now does the round change.
        state.captured = pile
        self._taken |= {c.id for c in cards}
        state.turns = turns
        state.base = hand.base
        self._offer = offer
        return self._end(event) if event.ends_round else event

    def answer(self, player: str, choice: str) -> Event:
        """Answer a pending offer: ``"koikoi"`` (play on) or ``"shobu"`` (stop and score)."""
        if self.finished:
            raise RefereeError("the round is over")
        if self._offer is None:
            raise RefereeError("no Koi-Koi offer is pending")
        if player != self._offer:
            raise RefereeError(f"the offer is {self._offer}'s to answer, not {str(player)[:40]}'s")
        if choice not in ("koikoi", "shobu"):
            raise RefereeError(f"answer 'koikoi' or 'shobu', got {choice!r:.40}")
        state = self._state[player]
        if choice == "shobu":
            hand = yaku(self.rs, state.captured, self.month, state.calls)
            return self._end(self._scored(player, hand, "shobu", f"{player} calls Shobu"))
        # Measured with the call counted, so a yaku worth more after a call is not itself a rise.
        banked = yaku(self.rs, state.captured, self.month, state.calls + 1)
        state.calls += 1
        state.banked_base = banked.base
        self._offer = None
        return Event("koikoi", player, f"{player} calls Koi-Koi ({state.calls})", hand=banked)

    # --- internals -----------------------------------------------------------------------

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
        return Event(
            kind, player, message, hand=hand, award=result, points=int(result.points), winner=player, next_dealer=player
        )

    def _exhaustive_draw(self) -> Event:
        """The event that ends a round nobody won (the round is not changed)."""
        privilege = self.rs.hook.yakuset_exhaustive_draw(ruleset=self.rs, dealer=self.dealer)
        after = self._after_draw()
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

    def _after_draw(self) -> str:
        return self.dealer if self.rules.after_draw == "same_dealer" else self._other(self.dealer)

    def _end(self, event: Event) -> Event:
        self.result = event
        self._offer = None
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
    """A match: the rule set's number of rounds, running totals, and the match-end plugins."""

    def __init__(self, rs: RuleSet, players: Sequence[str], first_dealer: str) -> None:
        self.rules = koikoi_rules(rs)
        self.rs = rs
        self.players = check_players(players, first_dealer)
        self.dealer = first_dealer
        self.rounds: list[Round] = []
        self.result: MatchResult | None = None

    @property
    def totals(self) -> dict[str, int]:
        """Points won so far, by player."""
        totals = dict.fromkeys(self.players, 0)
        for played in self.rounds:
            if played.result is not None and played.result.winner is not None:
                totals[played.result.winner] += played.result.points
        return totals

    def new_round(self) -> Round:
        """Start the next round: the deck's months in order, starting over after the last."""
        if self.result is not None:
            raise RefereeError("the match is over")
        if self.rounds:
            last = self.rounds[-1]
            if last.result is None:
                raise RefereeError(f"round {len(self.rounds)} is not over yet")
            self.dealer = last.result.next_dealer or self.dealer
        if len(self.rounds) == self.rules.rounds:
            raise RefereeError(f"the match has {self.rules.rounds} rounds; all are played")
        months = self.rules.months
        played = Round(self.rs, self.players, self.dealer, month=months[len(self.rounds) % len(months)])
        self.rounds.append(played)
        return played

    def finish(self, extras: Mapping[str, Mapping[str, int]] | None = None) -> MatchResult:
        """End the match after its last round; plugins adjust the totals, then the winner is decided."""
        if self.result is not None:
            raise RefereeError("the match is already finished")
        if len(self.rounds) != self.rules.rounds or self.rounds[-1].result is None:
            raise RefereeError(
                f"the match has {self.rules.rounds} rounds; {sum(r.finished for r in self.rounds)} are over"
            )
        extras = _check_extras(extras)
        unknown = set(extras) - set(self.players)
        if unknown:
            raise InputError(f"extras for {', '.join(sorted(unknown))}, who are not in the match")
        totals = self.totals
        adjustments: list[MatchAdjustment] = []
        for found in self.rs.hook.yakuset_match_end(ruleset=self.rs, totals=dict(totals), extras=extras):
            adjustments.extend(found or ())
        for adjustment in adjustments:
            totals[adjustment.player] += adjustment.points
        ranked = sorted(totals.values(), reverse=True)
        winner = None if ranked[0] == ranked[1] else max(totals, key=lambda p: totals[p])
        self.result = MatchResult(totals, tuple(adjustments), winner)
        return self.result
