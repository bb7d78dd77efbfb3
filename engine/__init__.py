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

from . import diff, koikoi, riichi
from ._core.commands import Command
from ._core.errors import InputError, Location, PluginError, Problem, RulesetError, YakusetWarning
from ._core.expressions import ExpressionError
from ._core.game import Game
from ._core.hookspecs import hookimpl
from ._core.results import Step
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
    "YakusetWarning",
    "__version__",
    "clear_caches",
    "diff",
    "hookimpl",
    "koikoi",
    "list_rulesets",
    "load_ruleset",
    "load_ruleset_text",
    "riichi",
    "tile_name",
]
