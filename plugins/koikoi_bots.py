"""The built-in Koi-Koi bots for simulated matches: ``random``, ``greedy``, ``steady`` and
``human``.

- ``random`` plays a random hand card, captures a random one of two choices and calls Koi-Koi
  half the time: a baseline that knows nothing.
- ``greedy`` plays the card whose capture raises its base most (then the capture worth most in
  card points); with nothing to capture it lays its least valuable card. It calls Koi-Koi while
  its base leads the opponent's by at least 3 and it has two more turns to improve.
- ``steady`` plays as a careful player would: it values a capture by the base it gains, the
  card points it takes and the yaku it keeps from the opponent; it lays the card the opponent
  gains least from; it stops at once with 7 or more (where most rule sets double) and never
  calls while the opponent is one capture from a yaku, or with fewer than three turns left.
- ``human`` plays as the people of KoiKoi-AI's 200 recorded matches do (``bench/koikoi_human_rates.py``
  derives their habits and rates): it captures as ``steady`` does, and calls Koi-Koi by chance,
  more often the more turns are left, with a capture in hand that raises its base, or when
  behind in the match; less often with a larger base or when ahead; seldom when the opponent
  holds a yaku or is one capture from one; never where the rule set's award doubles the base
  (7+). Each habit is a field of :class:`HumanHabits`, its default chosen by calibration
  (``bench/realism.py --game koikoi``).

Card points are the rule set's ``match.card_values`` (the traditional bright 20, animal 10,
ribbon 5, chaff 1 unless a rule set says otherwise; a card that also counts as chaff keeps its
own kind's points).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from yakuset import RuleSet, hookimpl
from yakuset.koikoi import Bot, BotFactory, View, award

#: greedy calls Koi-Koi while its base leads by at least this much.
GREEDY_LEAD = 3
#: steady stops at this base (where the 7+ doubling of most rule sets starts).
STEADY_BANK = 7


class RandomBot:
    """Every choice at random, from the seat's own random stream."""

    def __init__(self, rs: RuleSet, rng: random.Random) -> None:
        self.draw = rng.random

    def play(self, view: View) -> str:
        hand = view.playable
        return hand[int(self.draw() * len(hand))]

    def capture(self, view: View, card: str, choices: tuple[str, ...]) -> str:
        return choices[int(self.draw() * len(choices))]

    def koikoi(self, view: View) -> bool:
        return self.draw() < 0.5


class GreedyBot:
    """The capture that raises the base most; Koi-Koi while ahead by :data:`GREEDY_LEAD`."""

    def __init__(self, rs: RuleSet, rng: random.Random) -> None:
        self.points = card_points(rs)

    def play(self, view: View) -> str:
        points = self.points
        best, best_key = None, (-1, -1)
        base = view.base
        playable = view.playable
        for card in playable:
            matches = view.matches(card)
            if not matches:
                continue
            if len(matches) == 2:
                with_base, target = self._best_capture(view, card, matches)
                key = (with_base - base, points[card] + points[target])
            else:
                key = (view.base_with((card, *matches)) - base, sum(map(points.__getitem__, matches), points[card]))
            if key > best_key:
                best, best_key = card, key
        if best is not None:
            return best
        return min(playable, key=points.__getitem__)

    def capture(self, view: View, card: str, choices: tuple[str, ...]) -> str:
        return self._best_capture(view, card, choices)[1]

    def _best_capture(self, view: View, card: str, choices: tuple[str, ...]) -> tuple[int, str]:
        """The choice whose capture with ``card`` gives the highest base, then the most card
        points (the first on a tie), and that base."""
        points = self.points
        best_base, best = -1, choices[0]
        for choice in choices:
            with_base = view.base_with((card, choice))
            if with_base > best_base or (with_base == best_base and points[choice] > points[best]):
                best_base, best = with_base, choice
        return best_base, best

    def koikoi(self, view: View) -> bool:
        return view.base - view.opponent_base >= GREEDY_LEAD and view.turns_left > 2


class SteadyBot:
    """A careful player: gains, card points and denial; banks 7+; no call into a threat."""

    #: What a capture is worth for each point of base it gains (card points count one each).
    gain_weight = 30
    #: What a capture is worth for each point of base it keeps from the opponent.
    denial_weight = 10

    def __init__(self, rs: RuleSet, rng: random.Random) -> None:
        self.points = card_points(rs)

    def _worth(self, view: View, taken: tuple[str, ...]) -> int:
        """What taking ``taken`` is worth: base gained, card points, and the base it keeps from
        the opponent."""
        gain = view.base_with(taken) - view.base
        denied = view.base_with(taken[1:], opponent=True) - view.opponent_base
        return self.gain_weight * gain + self.denial_weight * denied + sum(map(self.points.__getitem__, taken))

    def play(self, view: View) -> str:
        best, best_worth = None, None
        for card in view.playable:
            matches = view.matches(card)
            if matches:
                if len(matches) == 2:
                    matches = (self.capture(view, card, matches),)
                worth = self._worth(view, (card, *matches))
            else:
                # Laid on the field: the opponent may take it next.
                opened = view.base_with((card,), opponent=True) - view.opponent_base
                worth = -(self.points[card] + self.gain_weight * opened)
            if best_worth is None or worth > best_worth:
                best, best_worth = card, worth
        assert best is not None
        return best

    def capture(self, view: View, card: str, choices: tuple[str, ...]) -> str:
        return max(choices, key=lambda c: self._worth(view, (card, c)))

    def koikoi(self, view: View) -> bool:
        if view.base >= STEADY_BANK or view.turns_left < 3:
            return False
        threat = max((view.base_with((f,), opponent=True) for f in view.field), default=0)
        return threat <= view.opponent_base


@dataclass(frozen=True, slots=True)
class HumanHabits:
    """The habits of the ``human`` bot, each a chance or a weight; the defaults are calibrated so
    that two ``human`` bots at koikoi-japan play with the rates of KoiKoi-AI's recorded players
    (docs/validation.md). The chances of a call come from the records' own counts
    (``bench/koikoi_human_rates.py --habits``), then calibrated."""

    #: The chance of calling Koi-Koi with one turn left (people call 18% of such offers, when
    #: neither threatened nor holding a capture that raises the base).
    call_last: float = 0.12
    #: The chance of calling with :attr:`early_turns` or more turns left (people: 56%).
    call_early: float = 0.45
    #: Turns left (the current one included) from which the chance is :attr:`call_early`; between
    #: one turn and these it rises evenly from :attr:`call_last`.
    early_turns: int = 6
    #: The base from which the chance of a call is scaled by :attr:`big_base_scale` (people call
    #: a third of offers at a base of 1-3, a fifth at 4 or more).
    big_base: int = 4
    #: What the chance of a call is multiplied by at :attr:`big_base` or more.
    big_base_scale: float = 0.45
    #: The chance of a call when a hand card's capture would raise the base (people call 69% of
    #: such offers unthreatened).
    prospect_call: float = 1.0
    #: The chance of a call while the opponent holds a yaku or is one capture from raising its
    #: base (people call 6% of such offers, 34% of the others).
    threatened_call: float = 0.03
    #: Match points behind (or ahead) beyond which the chance of a call is scaled by
    #: :attr:`behind_scale` (or :attr:`ahead_scale`).
    lead_margin: int = 5
    #: What the chance of a call is multiplied by when behind by more than :attr:`lead_margin`
    #: (people call 41% of offers then, 25% when within it).
    behind_scale: float = 1.6
    #: What the chance of a call is multiplied by when ahead by more than :attr:`lead_margin`
    #: (people call 20% of offers then).
    ahead_scale: float = 0.8
    #: What a capture is worth for each point of base it gains (card points count one each).
    gain_weight: int = 30
    #: What a capture is worth for each point of base it keeps from the opponent.
    denial_weight: int = 10


class HumanBot(SteadyBot):
    """Plays as the people of KoiKoi-AI's records: captures as :class:`SteadyBot` does (with the
    weights of :class:`HumanHabits`) and calls Koi-Koi by :meth:`call_chance` (``habits``)."""

    def __init__(self, rs: RuleSet, rng: random.Random, habits: HumanHabits | None = None) -> None:
        super().__init__(rs, rng)
        self.habits = habits or HumanHabits()
        self.gain_weight = self.habits.gain_weight
        self.denial_weight = self.habits.denial_weight
        self.draw = rng.random
        self.bank = doubling_base(rs)

    def koikoi(self, view: View) -> bool:
        return self.draw() < self.call_chance(view)

    def call_chance(self, view: View) -> float:
        """The chance that the bot calls Koi-Koi at this offer."""
        habits = self.habits
        if self.bank is not None and view.base >= self.bank:
            return 0.0
        lead = view.match_points - view.opponent_match_points
        scale = (
            habits.behind_scale
            if lead < -habits.lead_margin
            else habits.ahead_scale
            if lead > habits.lead_margin
            else 1.0
        )
        return min(1.0, scale * self._situation_chance(view))

    def _situation_chance(self, view: View) -> float:
        """The chance of a call by the round's situation alone."""
        habits, base = self.habits, view.base
        if view.opponent_base or any(view.base_with((f,), opponent=True) for f in view.field):
            return habits.threatened_call
        if any(view.base_with((c, m)) > base for c in view.hand for m in view.matches(c)):
            return habits.prospect_call
        left = min(max(view.turns_left, 1), habits.early_turns)
        rise = (left - 1) / max(habits.early_turns - 1, 1)
        chance = habits.call_last + rise * (habits.call_early - habits.call_last)
        return chance * habits.big_base_scale if base >= habits.big_base else chance


def doubling_base(rs: RuleSet) -> int | None:
    """The lowest base whose award (no calls) is at least twice the base (7 where a rule set
    doubles 7 or more), or ``None`` when no base up to 30 is doubled."""
    return next((base for base in range(1, 31) if award(rs, base).points >= 2 * base), None)


def card_points(rs: RuleSet) -> Mapping[str, int]:
    """Each card of the rule set's deck and the points of its kind (``match.card_values``),
    as its compiled rules hold them (read-only)."""
    from yakuset.koikoi import rules_of

    return rules_of(rs).card_points


BOTS: Mapping[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot, "steady": SteadyBot, "human": HumanBot}


@hookimpl
def yakuset_koikoi_bots() -> Mapping[str, BotFactory]:
    """``random``, ``greedy``, ``steady`` and ``human``."""
    return BOTS


__all__ = ["BOTS", "Bot", "GreedyBot", "HumanBot", "HumanHabits", "RandomBot", "SteadyBot", "yakuset_koikoi_bots"]
