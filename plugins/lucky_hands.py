"""Lucky hands (Teshi, Kuttsuki): a dealt hand that wins at once, for a fixed award.

Settings (``plugins: {lucky_hands: {teshi: 6, kuttsuki: 6, both_players: draw, on_field:
redeal}}``): the points of each hand (0 turns that hand off; the award takes no multipliers),
what happens when both players are dealt one (``draw`` or ``ignore``), and when the field
holds four cards of a month (``redeal`` or ``ignore``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from yakuset import DealOutcome, FixedAward, RuleSet, hookimpl, koikoi

NAME = "lucky_hands"
_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


@hookimpl
def yakuset_settings_schema() -> Mapping[str, Any]:
    """The points of each lucky hand, and what both players lucky or a full month on the field do."""
    return {
        "description": "Lucky hands checked at the deal: a fixed award, no multipliers.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "teshi": {
                "description": "Points for Teshi (four cards of one month in the dealt hand); 0: not a lucky hand.",
                "type": "integer",
                "minimum": 0,
                "default": 6,
                "examples": [6],
            },
            "kuttsuki": {
                "description": "Points for Kuttsuki (the dealt hand is pairs of months: four pairs of "
                "eight cards); 0: not a lucky hand.",
                "type": "integer",
                "minimum": 0,
                "default": 6,
                "examples": [6],
            },
            "both_players": {
                "description": "When both players are dealt a lucky hand: `draw` (nobody scores) or "
                "`ignore` (play on).",
                "enum": ["draw", "ignore"],
                "default": "draw",
                "examples": ["draw"],
            },
            "on_field": {
                "description": "When the field is dealt four cards of a month: `redeal` or `ignore` (play on).",
                "enum": ["redeal", "ignore"],
                "default": "redeal",
                "examples": ["redeal"],
            },
        },
    }


@hookimpl
def yakuset_lucky_hand(ruleset: RuleSet, hand: Sequence[str]) -> FixedAward | None:
    """Teshi: four cards of one month. Kuttsuki: a full hand of pairs of months."""
    settings = ruleset.plugin_settings(NAME)
    months = Counter(card.month for card in koikoi.check_cards(ruleset, hand, "the hand"))
    teshi = settings["teshi"]
    if teshi and 4 in months.values():
        month = next(m for m, n in months.items() if n == 4)
        return FixedAward("teshi", f"Teshi: four cards of month {month}", teshi)
    kuttsuki = settings["kuttsuki"]
    full_hand = len(hand) == koikoi.rules_of(ruleset).hand_cards
    if kuttsuki and full_hand and all(n == 2 for n in months.values()):
        pairs = _COUNTS[len(months)] if len(months) < len(_COUNTS) else str(len(months))
        return FixedAward("kuttsuki", f"Kuttsuki: {pairs} pairs", kuttsuki)
    return None


@hookimpl
def yakuset_deal(
    ruleset: RuleSet,
    hands: Mapping[str, Sequence[str]],
    field: Sequence[str],
    dealer: str,
    lucky: Mapping[str, FixedAward],
) -> DealOutcome | None:
    """Four of a month on the field, or both players lucky, as the settings say."""
    settings = ruleset.plugin_settings(NAME)
    field_months = Counter(card.month for card in koikoi.check_cards(ruleset, field, "the field"))
    if 4 in field_months.values() and settings["on_field"] == "redeal":
        month = next(m for m, n in field_months.items() if n == 4)
        return DealOutcome("redeal", f"the field holds all four cards of month {month}: deal again")
    if len(lucky) >= 2 and settings["both_players"] == "draw":
        return DealOutcome("draw", "both players hold a lucky hand: nobody scores")
    return None
