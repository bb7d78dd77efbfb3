"""KK-ADD-10 match-end minipoints.

Minipoints from the speed minigame never touch a round award. Once the final round is over,
every full ``per_point`` minipoints adds 1 point to the player's match total before the winner
is decided; the remainder is discarded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yakuset import InputError, MatchAdjustment, RuleSet, hookimpl

NAME = "minipoints"


@hookimpl
def yakuset_settings_schema() -> Mapping[str, Any]:
    """How many minipoints make one match point."""
    return {
        "description": "KK-ADD-10 speed-minigame minipoints: at match end, every full `per_point` minipoints adds "
        "1 point to the match total before the winner is decided; the remainder is discarded.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "per_point": {
                "description": "Minipoints that make one match point.",
                "type": "integer",
                "minimum": 1,
                "default": 10,
                "examples": [10],
            },
        },
    }


@hookimpl
def yakuset_koikoi_match_end(
    ruleset: RuleSet, totals: Mapping[str, int], extras: Mapping[str, Mapping[str, int]]
) -> list[MatchAdjustment]:
    """One adjustment per player whose minipoints make at least one match point."""
    per_point = ruleset.plugin_settings(NAME)["per_point"]
    adjustments = []
    for player, counters in extras.items():
        if player not in totals:
            raise InputError(f"minipoints for {player!r}, who is not in the match")
        minipoints = counters.get("minipoints", 0)
        if isinstance(minipoints, bool) or not isinstance(minipoints, int) or minipoints < 0:
            raise InputError(f"{player!r} minipoints must be a whole number of at least 0, got {minipoints!r}")
        points, discarded = divmod(minipoints, per_point)
        if points:
            adjustments.append(
                MatchAdjustment(
                    player,
                    points,
                    "minipoints",
                    f"{minipoints} minipoints: +{points} (every full {per_point}; {discarded} discarded)",
                )
            )
    return adjustments
