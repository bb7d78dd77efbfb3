"""Lucky hands (Teshi, Kuttsuki): a dealt hand that wins at once, for a fixed award.

Settings (``plugins: {lucky_hands: {teshi: 6, kuttsuki: 6}}``): the points of
each hand; 0 turns that hand off. The award takes no multipliers.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import FixedAward, InputError, hookimpl

if TYPE_CHECKING:
    from engine import RuleSet

NAME = "lucky_hands"
DEFAULT_POINTS = 6
_CARD_ID = re.compile(r"^(0[1-9]|1[0-2])-(bright|animal|ribbon|chaff)-[a-z0-9-]+$")


def _months(hand: Sequence[str]) -> Counter[str]:
    if isinstance(hand, str):
        raise InputError("hand must be a list of card ids, not one string")
    seen: set[str] = set()
    for card in hand:
        if not isinstance(card, str) or not _CARD_ID.match(card):
            raise InputError(f"{card!r} is not a card id (like '01-bright-crane')")
        if card in seen:
            raise InputError(f"card {card!r} is dealt twice")
        seen.add(card)
    return Counter(card[:2] for card in hand)


@hookimpl
def yakuset_lucky_hand(ruleset: RuleSet, hand: Sequence[str]) -> FixedAward | None:
    """Teshi: four cards of one month. Kuttsuki: four pairs of months."""
    settings = ruleset.plugin_settings(NAME)
    months = _months(hand)
    teshi = settings.get("teshi", DEFAULT_POINTS)
    if teshi and 4 in months.values():
        month = next(m for m, n in months.items() if n == 4)
        return FixedAward("teshi", f"Teshi: four cards of month {int(month)}", teshi)
    kuttsuki = settings.get("kuttsuki", DEFAULT_POINTS)
    if kuttsuki and len(hand) == 8 and sorted(months.values()) == [2, 2, 2, 2]:
        return FixedAward("kuttsuki", "Kuttsuki: four pairs", kuttsuki)
    return None
