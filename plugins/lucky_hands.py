"""Lucky hands (Teshi, Kuttsuki): a dealt hand that wins at once, for a fixed award.

Settings (``plugins: {lucky_hands: {teshi: 6, kuttsuki: 6, outcome: award, both_in_hand: 0,
both_players: draw}}``): the points of each hand (0 turns that hand off; the award takes no
multipliers), whether a lucky hand wins those points or makes the cards be dealt again
(``award`` or ``redeal``), the points of one hand holding both (four of a month counting as two
of the four pairs; 0: it is Teshi alone), and what happens when both players are dealt one
(``draw`` or ``ignore``). Four of a month on the field is a table rule, ``match.field_four``
(it was this plugin's ``on_field`` setting).
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
        "x-moved": {"on_field": "match.field_four"},
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
            "outcome": {
                "description": "What a lucky hand does: `award` (its holder wins the points at once) or "
                "`redeal` (the cards are dealt again).",
                "enum": ["award", "redeal"],
                "default": "award",
                "examples": ["award", "redeal"],
            },
            "both_in_hand": {
                "description": "Points when one hand holds Teshi and Kuttsuki at once (four cards of a month "
                "counting as two of its pairs); 0: the hand is Teshi alone.",
                "type": "integer",
                "minimum": 0,
                "default": 0,
                "examples": [12],
            },
        },
    }


@hookimpl
def yakuset_koikoi_lucky_hand(ruleset: RuleSet, hand: Sequence[str]) -> FixedAward | None:
    """Teshi: four cards of one month. Kuttsuki: a full hand of pairs of months."""
    rules = ruleset.rules  # a Koi-Koi rule set's (only its plugin manager asks this hook)
    month_of = rules.month_of
    size = len(hand)
    full_hand = size == rules.hand_cards
    try:
        distinct = len(set(map(month_of.__getitem__, hand)))
        plain = len(set(hand)) == size
    except (KeyError, TypeError):
        plain = False  # a card the deck lacks: refused below
    if not plain:  # a card the deck lacks, or one given twice
        listed = [card.month for card in koikoi.check_cards(ruleset, hand, "the hand")]
        distinct = len(set(listed))
    if distinct > size - 3 and not (full_hand and 2 * distinct == size):
        return None  # no month four times, and not a hand of pairs: most hands dealt (every deal asks)
    months = Counter(map(month_of.__getitem__, hand) if plain else listed)
    settings = ruleset.plugin_settings(NAME)
    teshi, kuttsuki, both = settings["teshi"], settings["kuttsuki"], settings["both_in_hand"]
    if teshi and 4 in months.values():
        month = next(m for m, n in months.items() if n == 4)
        if both and kuttsuki and full_hand and all(n in (2, 4) for n in months.values()):
            return FixedAward("teshi_kuttsuki", f"Teshi and Kuttsuki: four cards of month {month}, all pairs", both)
        return FixedAward("teshi", f"Teshi: four cards of month {month}", teshi)
    if kuttsuki and full_hand and all(n == 2 for n in months.values()):
        pairs = _COUNTS[len(months)] if len(months) < len(_COUNTS) else str(len(months))
        return FixedAward("kuttsuki", f"Kuttsuki: {pairs} pairs", kuttsuki)
    return None


@hookimpl
def yakuset_koikoi_deal(
    ruleset: RuleSet,
    hands: Mapping[str, Sequence[str]],
    field: Sequence[str],
    dealer: str,
    lucky: Mapping[str, FixedAward],
) -> DealOutcome | None:
    """A lucky hand dealt again (``outcome: redeal``), or both players lucky, as the settings say."""
    if not lucky:
        return None  # most deals
    settings = ruleset.plugin_settings(NAME)
    if settings["outcome"] == "redeal":
        holders = " and ".join(f"{player}'s {found.label}" for player, found in lucky.items())
        return DealOutcome("redeal", f"{holders}: deal again")
    if len(lucky) >= 2 and settings["both_players"] == "draw":
        return DealOutcome("draw", "both players hold a lucky hand: nobody scores")
    return None
