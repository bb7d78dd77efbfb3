"""The dice game's hook (every game's hooks are named for the game)."""

from __future__ import annotations

from collections.abc import Sequence

import pluggy

hookspec = pluggy.HookspecMarker("yakuset")


@hookspec
def yakuset_dice_bonus(ruleset: object, faces: Sequence[int]) -> int | None:
    """Points a plugin adds to a throw of ``faces`` (the dice's faces, 1-6); None for none."""
