"""Dealer's Privilege (Oya-ken): a round that ends with nobody scoring pays the dealer.

Settings (``plugins: {dealers_privilege: {points: 6}}``): the fixed award,
which takes no multipliers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import FixedAward, InputError, hookimpl

if TYPE_CHECKING:
    from engine import RuleSet

NAME = "dealers_privilege"
DEFAULT_POINTS = 6


@hookimpl
def yakuset_exhaustive_draw(ruleset: RuleSet, dealer: str) -> FixedAward | None:
    """The dealer takes the rule set's fixed award."""
    if not isinstance(dealer, str) or not dealer:
        raise InputError(f"dealer must name a player, got {dealer!r}")
    points = ruleset.plugin_settings(NAME).get("points", DEFAULT_POINTS)
    if not points:
        return None
    return FixedAward("dealers_privilege", "Dealer's Privilege", points, recipient=dealer)
