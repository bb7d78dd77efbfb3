"""Lucky hands (Teshi, Kuttsuki): a dealt hand that wins at once, for a fixed award.

Settings (``plugins: {lucky_hands: {teshi: 6, kuttsuki: 6, both_players: draw,
on_field: redeal}}``): the points of each hand (0 turns that hand off; the award
takes no multipliers), what happens when both players are dealt one (``draw`` or
``ignore``), and when the field holds four cards of a month (``redeal`` or ``ignore``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from engine import FixedAward, hookimpl
from engine.koikoi import check_cards
from engine.koikoi_round import DealOutcome

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


@hookimpl
def yakuset_deal(ruleset: RuleSet, hands: Mapping[str, Sequence[str]], field: Sequence[str],
                 dealer: str) -> DealOutcome | None:
    """A lucky hand wins at once; both players lucky, or four of a month on the field, as set."""
    settings = ruleset.plugin_settings(NAME)
    field_months = Counter(card.month for card in check_cards(ruleset, field, "the field"))
    if 4 in field_months.values() and settings.get("on_field", "redeal") == "redeal":
        month = next(m for m, n in field_months.items() if n == 4)
        return DealOutcome("redeal", f"the field holds all four cards of month {month}: deal again")
    lucky = {player: found for player in sorted(hands, key=lambda p: p != dealer)
             if (found := yakuset_lucky_hand(ruleset, hands[player])) is not None}
    if len(lucky) == 2:
        if settings.get("both_players", "draw") == "draw":
            return DealOutcome("draw", "both players hold a lucky hand: nobody scores")
        return None
    for player, found in lucky.items():
        won = FixedAward(found.id, found.label, found.points, recipient=player)
        return DealOutcome("lucky_hand", f"{player} shows {found.label}: {found.points}, no multipliers",
                           winner=player, award=won)
    return None
