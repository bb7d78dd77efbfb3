"""Dealer's Privilege (Oya-ken): a round that ends with nobody scoring pays the dealer.

Settings (``plugins: {dealers_privilege: {points: 6}}``): the fixed award, which takes no
multipliers (0 turns it off).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yakuset import FixedAward, InputError, RuleSet, hookimpl

NAME = "dealers_privilege"


@hookimpl
def yakuset_settings_schema() -> Mapping[str, Any]:
    """The award's points."""
    return {
        "description": "Dealer's Privilege (Oya-ken): when a round ends with nobody scoring, the dealer takes a "
        "fixed award, no multipliers.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "points": {
                "description": "Points the dealer takes (0: none).",
                "type": "integer",
                "minimum": 0,
                "default": 6,
                "examples": [6, 1],
            },
        },
    }


@hookimpl
def yakuset_koikoi_exhaustive_draw(ruleset: RuleSet, dealer: str) -> FixedAward | None:
    """The dealer takes the rule set's fixed award."""
    if not isinstance(dealer, str) or not dealer:
        raise InputError(f"dealer must name a player, got {dealer!r}")
    points = ruleset.plugin_settings(NAME)["points"]
    if not points:
        return None
    return FixedAward("dealers_privilege", "Dealer's Privilege", points, recipient=dealer)
