"""yakuset: rule sets for Koi-Koi and Riichi mahjong as data, evaluated by one engine.

    >>> import yakuset
    >>> rs = yakuset.load_ruleset("nintendo")
    >>> yakuset.koikoi.award(rs, base=8, own_calls=0, opponent_calls=1).points
    32

Load a rule set with :func:`load_ruleset` (a bundled id or a YAML file); score with the game
modules :mod:`yakuset.koikoi` and :mod:`yakuset.riichi`; compare two rule sets with
:mod:`yakuset.diff`. Every load problem is a :class:`RulesetError`; every wrong argument an
:class:`InputError` (a ``ValueError``). Plugins implement the hooks of
``yakuset.koikoi.hookspecs``, ``yakuset.riichi.hookspecs`` and the core's with :data:`hookimpl`.
"""

from typing import TYPE_CHECKING

from ._core.lazy import lazy_names

if TYPE_CHECKING:
    from . import diff, koikoi, riichi
    from ._core.commands import Command
    from ._core.errors import InputError, Location, PluginError, Problem, RulesetError, YakusetWarning
    from ._core.expressions import ExpressionError
    from ._core.game import Game
    from ._core.hookspecs import hookimpl
    from ._core.memo import plugin_memo as memo
    from ._core.results import Step, Steps
    from ._core.ruleset import RuleSet
    from ._house import clear_caches, list_rulesets, load_ruleset, load_ruleset_text
    from .koikoi import Award, DealOutcome, FixedAward, MatchAdjustment, RefereeError
    from .riichi import (
        DRAGONS,
        EAST,
        FIVES,
        GREEN,
        GREENS,
        HONOURS,
        NORTH,
        RED,
        SOUTH,
        TERMINALS,
        TERMINALS_AND_HONOURS,
        WEST,
        WHITE,
        WINDS,
        Group,
        HandScore,
        Meld,
        Reading,
        Score,
        Situation,
        tile_name,
    )

# `import yakuset` imports nothing else: each public name is imported when it is first used
# (PEP 562), so a script that only scores Koi-Koi never imports the Riichi engine, jsonschema
# or the diff. The table says where each name lives.
_WHERE: dict[str, tuple[str, str | None]] = {
    "diff": ("yakuset.diff", None),
    "koikoi": ("yakuset.koikoi", None),
    "riichi": ("yakuset.riichi", None),
    "Command": ("yakuset._core.commands", "Command"),
    "InputError": ("yakuset._core.errors", "InputError"),
    "Location": ("yakuset._core.errors", "Location"),
    "PluginError": ("yakuset._core.errors", "PluginError"),
    "Problem": ("yakuset._core.errors", "Problem"),
    "RulesetError": ("yakuset._core.errors", "RulesetError"),
    "YakusetWarning": ("yakuset._core.errors", "YakusetWarning"),
    "ExpressionError": ("yakuset._core.expressions", "ExpressionError"),
    "Game": ("yakuset._core.game", "Game"),
    "hookimpl": ("yakuset._core.hookspecs", "hookimpl"),
    "memo": ("yakuset._core.memo", "plugin_memo"),
    "Step": ("yakuset._core.results", "Step"),
    "Steps": ("yakuset._core.results", "Steps"),
    "RuleSet": ("yakuset._core.ruleset", "RuleSet"),
    "clear_caches": ("yakuset._house", "clear_caches"),
    "list_rulesets": ("yakuset._house", "list_rulesets"),
    "load_ruleset": ("yakuset._house", "load_ruleset"),
    "load_ruleset_text": ("yakuset._house", "load_ruleset_text"),
    "Award": ("yakuset.koikoi", "Award"),
    "DealOutcome": ("yakuset.koikoi", "DealOutcome"),
    "FixedAward": ("yakuset.koikoi", "FixedAward"),
    "MatchAdjustment": ("yakuset.koikoi", "MatchAdjustment"),
    "RefereeError": ("yakuset.koikoi", "RefereeError"),
    "DRAGONS": ("yakuset.riichi", "DRAGONS"),
    "EAST": ("yakuset.riichi", "EAST"),
    "FIVES": ("yakuset.riichi", "FIVES"),
    "GREEN": ("yakuset.riichi", "GREEN"),
    "GREENS": ("yakuset.riichi", "GREENS"),
    "HONOURS": ("yakuset.riichi", "HONOURS"),
    "NORTH": ("yakuset.riichi", "NORTH"),
    "RED": ("yakuset.riichi", "RED"),
    "SOUTH": ("yakuset.riichi", "SOUTH"),
    "TERMINALS": ("yakuset.riichi", "TERMINALS"),
    "TERMINALS_AND_HONOURS": ("yakuset.riichi", "TERMINALS_AND_HONOURS"),
    "WEST": ("yakuset.riichi", "WEST"),
    "WHITE": ("yakuset.riichi", "WHITE"),
    "WINDS": ("yakuset.riichi", "WINDS"),
    "Group": ("yakuset.riichi", "Group"),
    "HandScore": ("yakuset.riichi", "HandScore"),
    "Meld": ("yakuset.riichi", "Meld"),
    "Reading": ("yakuset.riichi", "Reading"),
    "Score": ("yakuset.riichi", "Score"),
    "Situation": ("yakuset.riichi", "Situation"),
    "tile_name": ("yakuset.riichi", "tile_name"),
}


__getattr__, __dir__ = lazy_names(__name__, globals(), _WHERE)


__version__ = "0.2.0"


__all__ = [
    "DRAGONS",
    "EAST",
    "FIVES",
    "GREEN",
    "GREENS",
    "HONOURS",
    "NORTH",
    "RED",
    "SOUTH",
    "TERMINALS",
    "TERMINALS_AND_HONOURS",
    "WEST",
    "WHITE",
    "WINDS",
    "Award",
    "Command",
    "DealOutcome",
    "ExpressionError",
    "FixedAward",
    "Game",
    "Group",
    "HandScore",
    "InputError",
    "Location",
    "MatchAdjustment",
    "Meld",
    "PluginError",
    "Problem",
    "Reading",
    "RefereeError",
    "RuleSet",
    "RulesetError",
    "Score",
    "Situation",
    "Step",
    "Steps",
    "YakusetWarning",
    "__version__",
    "clear_caches",
    "diff",
    "hookimpl",
    "koikoi",
    "list_rulesets",
    "load_ruleset",
    "load_ruleset_text",
    "memo",
    "riichi",
    "tile_name",
]
