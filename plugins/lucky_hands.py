"""Lucky hands (Teshi, Kuttsuki): a dealt hand that wins at once, for a fixed award.

Settings (``plugins: {lucky_hands: {teshi: 6, kuttsuki: 6}}``): the points of
each hand; 0 turns that hand off. The award takes no multipliers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import FixedAward, hookimpl
from engine.koikoi import check_cards

if TYPE_CHECKING:
    from engine import RuleSet

NAME = "lucky_hands"
DEFAULT_POINTS = 6


@hookimpl
def yakuset_lucky_hand(ruleset: RuleSet, hand: Sequence[str]) -> FixedAward | None:
    """Teshi: four cards of one month. Kuttsuki: four pairs of months."""
    settings = ruleset.plugin_settings(NAME)
    months = Counter(card.month for card in check_cards(ruleset, hand, "the hand"))
    teshi = settings.get("teshi", DEFAULT_POINTS)
    if teshi and 4 in months.values():
        month = next(m for m, n in months.items() if n == 4)
        return FixedAward("teshi", f"Teshi: four cards of month {month}", teshi)
    kuttsuki = settings.get("kuttsuki", DEFAULT_POINTS)
    if kuttsuki and len(hand) == 8 and sorted(months.values()) == [2, 2, 2, 2]:
        return FixedAward("kuttsuki", "Kuttsuki: four pairs", kuttsuki)
    return None
