"""Koi-Koi bots: what a bot is asked, what it sees, and how one is found by name.

A bot answers three questions (:class:`Bot`): which hand card to play, which of two field
cards of the same month to capture, and whether to call Koi-Koi when its base rose. It sees
the round through a :class:`View`: its own hand, the field, both piles and bases, the calls,
the match points; never the opponent's hand or the stock's order.

Bots come from plugins: a plugin implements ``yakuset_koikoi_bots`` and returns factories by
name (``yakuset.koikoi.hookspecs``). The built-in plugin offers ``random``, ``greedy`` and
``steady``; an installed package adds its own through the ``yakuset`` entry-point group.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .._core.errors import InputError
from .._core.hints import did_you_mean

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet
    from ._rules import KoikoiRules


@runtime_checkable
class Bot(Protocol):
    """A player of simulated matches. Each method gets the player's :class:`View`."""

    def play(self, view: View) -> str:
        """The id of the hand card to play (one of ``view.playable``: with ``match.must_capture``
        a player who can capture must)."""
        ...

    def capture(self, view: View, card: str, choices: tuple[str, ...]) -> str:
        """Which of ``choices`` (two field cards of ``card``'s month) ``card`` captures. ``card``
        is the card just played or the card just turned from the stock."""
        ...

    def koikoi(self, view: View) -> bool:
        """The base rose: ``True`` to call Koi-Koi and play on, ``False`` to stop and score."""
        ...


#: Makes a bot for one seat of one match: ``factory(ruleset, rng)``. ``rng`` is the seat's own
#: random stream, derived from the match's seed: a bot that draws only from it plays the same
#: match the same way every time.
BotFactory = Callable[["RuleSet", random.Random], Bot]


class View:
    """One player's view of the round being played (read-only; valid while the bot is asked)."""

    __slots__ = ("_must", "_state", "seat")

    def __init__(self, seat: int, must_capture: bool = False) -> None:
        self.seat = seat
        self._must = must_capture  # match.must_capture
        self._state: Any = None  # the simulation's RoundState, set for each round

    @property
    def rules(self) -> KoikoiRules:
        rules: KoikoiRules = self._state.deck.rules
        return rules

    @property
    def month(self) -> int:
        """The round's month."""
        return int(self._state.month)

    @property
    def round_number(self) -> int:
        """The round's number in the match, from 0."""
        return int(self._state.number)

    @property
    def is_dealer(self) -> bool:
        return bool(self._state.dealer == self.seat)

    @property
    def hand(self) -> tuple[str, ...]:
        return tuple(self._state.hands[self.seat])

    @property
    def playable(self) -> tuple[str, ...]:
        """The hand cards this player may play now: the whole hand, or with ``match.must_capture``
        only the cards that capture when one does."""
        state = self._state
        hand = state.hands[self.seat]
        if not self._must:
            return tuple(hand)
        by_month, month_of = state.by_month, state.deck.month_of
        takers = tuple(card for card in hand if by_month[month_of[card]])
        return takers or tuple(hand)

    @property
    def field(self) -> tuple[str, ...]:
        """The face-up cards, month by month."""
        return tuple(card for cards in self._state.by_month.values() for card in cards)

    @property
    def stock_left(self) -> int:
        return len(self._state.stock)

    @property
    def captured(self) -> tuple[str, ...]:
        return tuple(self._state.captured[self.seat])

    @property
    def opponent_captured(self) -> tuple[str, ...]:
        return tuple(self._state.captured[1 - self.seat])

    @property
    def base(self) -> int:
        """This player's base points now (its calls counted)."""
        return int(self._state.bases[self.seat])

    @property
    def opponent_base(self) -> int:
        return int(self._state.bases[1 - self.seat])

    @property
    def calls(self) -> int:
        return int(self._state.calls[self.seat])

    @property
    def opponent_calls(self) -> int:
        return int(self._state.calls[1 - self.seat])

    @property
    def turns_left(self) -> int:
        """This player's turns left in the round, the current one included."""
        return int(self._state.deck.rules.hand_cards - self._state.turns[self.seat])

    @property
    def match_points(self) -> int:
        return int(self._state.match_totals[self.seat])

    @property
    def opponent_match_points(self) -> int:
        return int(self._state.match_totals[1 - self.seat])

    def month_of(self, card: str) -> int:
        """The month of a card of the deck."""
        return int(self._state.deck.month_of[card])

    def matches(self, card: str) -> tuple[str, ...]:
        """The field cards ``card`` would capture a card from (its month's)."""
        return tuple(self._state.by_month[self._state.deck.month_of[card]])

    def base_with(self, cards: Sequence[str], opponent: bool = False) -> int:
        """The base this player (or, with ``opponent``, the other) would have after capturing
        ``cards`` too (cards not yet captured by either)."""
        state = self._state
        seat = 1 - self.seat if opponent else self.seat
        weights = state.weights
        total = state.totals[seat]
        for card in cards:
            total += weights[card]
        return int(state.base_of(total, state.calls[seat]))


def find_bots(rs: RuleSet, names: Sequence[str]) -> list[BotFactory]:
    """The bot factories named ``names`` (built-in bots first, then installed packages'), or
    :class:`yakuset.InputError` naming an unknown bot."""
    if isinstance(names, str) or not all(isinstance(n, str) and n for n in names):
        raise InputError(f"bots must be a list of bot names, got {names!r:.80}")
    if len(names) != 2:
        raise InputError(f"Koi-Koi is played by two bots, got {len(names)}: {', '.join(names)}")
    registry = rs.registry
    if registry is None:
        raise InputError(f"{rs.id!r} was not loaded by yakuset.load_ruleset: it knows no bots")
    offered = _offered(registry, installed=False)
    if not set(names) <= set(offered):
        offered = {**_offered(registry, installed=True), **offered}  # a built-in name is never taken
    found = []
    for name in names:
        factory = offered.get(name)
        if factory is None:
            hint = did_you_mean(name, offered) or ""
            raise InputError(
                f"no bot named {name!r}; bots: {', '.join(sorted(offered))}" + (f" ({hint})" if hint else "")
            )
        found.append(factory)
    return found


def _offered(registry: Any, installed: bool) -> dict[str, BotFactory]:
    bots: dict[str, BotFactory] = {}
    for _plugin, answer in registry.offers("yakuset_koikoi_bots", installed=installed):
        for name, factory in dict(answer).items():
            bots.setdefault(str(name), factory)
    return bots
