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
    from . import diff as diff, koikoi as koikoi, riichi as riichi
    from ._core.commands import Command as Command
    from ._core.errors import (
        IllegalMove as IllegalMove,
        InputError as InputError,
        Location as Location,
        PluginError as PluginError,
        Problem as Problem,
        RulesetError as RulesetError,
        YakusetWarning as YakusetWarning,
    )
    from ._core.expressions import ExpressionError as ExpressionError
    from ._core.game import Game as Game
    from ._core.hookspecs import hookimpl as hookimpl
    from ._core.plugin_memo import memo as memo
    from ._core.results import Step as Step, Steps as Steps
    from ._core.ruleset import RuleSet as RuleSet
    from ._house import (
        clear_caches as clear_caches,
        list_rulesets as list_rulesets,
        load_ruleset as load_ruleset,
        load_ruleset_text as load_ruleset_text,
    )
    from .koikoi import (
        Award as Award,
        DealOutcome as DealOutcome,
        FixedAward as FixedAward,
        MatchAdjustment as MatchAdjustment,
        RefereeError as RefereeError,
    )
    from .riichi import (
        DRAGONS as DRAGONS,
        EAST as EAST,
        FIVES as FIVES,
        GREEN as GREEN,
        GREENS as GREENS,
        HONOURS as HONOURS,
        NORTH as NORTH,
        RED as RED,
        SOUTH as SOUTH,
        TERMINALS as TERMINALS,
        TERMINALS_AND_HONOURS as TERMINALS_AND_HONOURS,
        WEST as WEST,
        WHITE as WHITE,
        WINDS as WINDS,
        Group as Group,
        HandScore as HandScore,
        Meld as Meld,
        Reading as Reading,
        Score as Score,
        Situation as Situation,
        tile_name as tile_name,
    )


# Each name is imported when it is first read (PEP 562): the block above is the table of the
# package's names, from which its __all__ is derived too (yakuset._core.lazy).
__getattr__, __dir__, __all__ = lazy_names(globals(), "__version__")


__version__ = "0.2.0"
