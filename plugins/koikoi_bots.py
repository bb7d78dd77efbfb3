"""The built-in Koi-Koi bots for simulated matches: ``random``, ``greedy`` and ``steady``.

- ``random`` plays a random hand card, captures a random one of two choices and calls Koi-Koi
  half the time: a baseline that knows nothing.
- ``greedy`` plays the card whose capture raises its base most (then the capture worth most in
  card points); with nothing to capture it lays its least valuable card. It calls Koi-Koi while
  its base leads the opponent's by at least 3 and it has two more turns to improve.
- ``steady`` plays as a careful player would: it values a capture by the base it gains, the
  card points it takes and the yaku it keeps from the opponent; it lays the card the opponent
  gains least from; it stops at once with 7 or more (where most rule sets double) and never
  calls while the opponent is one capture from a yaku, or with fewer than three turns left.

Card points are the rule set's ``match.card_values`` (the traditional bright 20, animal 10,
ribbon 5, chaff 1 unless a rule set says otherwise; a card that also counts as chaff keeps its
own kind's points).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from yakuset import RuleSet, hookimpl
from yakuset.koikoi import Bot, BotFactory, View

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

    def __init__(self, rs: RuleSet, rng: random.Random) -> None:
        self.points = card_points(rs)

    def _worth(self, view: View, taken: tuple[str, ...]) -> int:
        """What taking ``taken`` is worth: base gained, card points, and the base it keeps from
        the opponent."""
        gain = view.base_with(taken) - view.base
        denied = view.base_with(taken[1:], opponent=True) - view.opponent_base
        return 30 * gain + 10 * denied + sum(map(self.points.__getitem__, taken))

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
                worth = -(self.points[card] + 30 * (view.base_with((card,), opponent=True) - view.opponent_base))
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


def card_points(rs: RuleSet) -> Mapping[str, int]:
    """Each card of the rule set's deck and the points of its kind (``match.card_values``),
    as its compiled rules hold them (read-only)."""
    from yakuset.koikoi import rules_of

    return rules_of(rs).card_points


BOTS: Mapping[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot, "steady": SteadyBot}


@hookimpl
def yakuset_koikoi_bots() -> Mapping[str, BotFactory]:
    """``random``, ``greedy`` and ``steady``."""
    return BOTS


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "SteadyBot", "yakuset_koikoi_bots"]
