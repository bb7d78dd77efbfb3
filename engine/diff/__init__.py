"""Compare two rule sets: what changed in the rules (:func:`structural`, keyed by id, with
file:line on both sides) and which scores change (:func:`behaviour`, the game's standard
situations and your own cases, largest change first). ``yakuset diff A B`` prints both.

    >>> import yakuset
    >>> a, b = yakuset.load_ruleset("nintendo"), yakuset.load_ruleset("fudawiki")
    >>> [c.path for c in yakuset.diff.structural(a, b)][:2]
    ['name', 'metadata.source']
"""

from typing import TYPE_CHECKING

from .._core.lazy import lazy_names

if TYPE_CHECKING:
    from ._behaviour import (
        BehaviourChange,
        BehaviourReport,
        CaseError,
        Comparable,
        Outcome,
        Situation,
        behaviour,
        describe,
    )
    from ._causes import Cause, attribute, each_change
    from ._render import as_json, github, human, markdown
    from ._sections import BehaviourSection as BehaviourSection  # shared, not public: _SHARED below
    from ._sections import RulesSection as RulesSection
    from ._sections import TitleSection as TitleSection
    from ._structural import Change, plain, rule_changes, structural

# Each name is imported when first used (PEP 562): loading a rule set or scoring a hand imports
# only the modules it needs. The table says where each name lives.
_WHERE: dict[str, tuple[str, str | None]] = {
    "BehaviourChange": ("yakuset.diff._behaviour", "BehaviourChange"),
    "BehaviourReport": ("yakuset.diff._behaviour", "BehaviourReport"),
    "CaseError": ("yakuset.diff._behaviour", "CaseError"),
    "Comparable": ("yakuset.diff._behaviour", "Comparable"),
    "Outcome": ("yakuset.diff._behaviour", "Outcome"),
    "Situation": ("yakuset.diff._behaviour", "Situation"),
    "behaviour": ("yakuset.diff._behaviour", "behaviour"),
    "describe": ("yakuset.diff._behaviour", "describe"),
    "Cause": ("yakuset.diff._causes", "Cause"),
    "attribute": ("yakuset.diff._causes", "attribute"),
    "each_change": ("yakuset.diff._causes", "each_change"),
    "as_json": ("yakuset.diff._render", "as_json"),
    "github": ("yakuset.diff._render", "github"),
    "human": ("yakuset.diff._render", "human"),
    "markdown": ("yakuset.diff._render", "markdown"),
    "Change": ("yakuset.diff._structural", "Change"),
    "plain": ("yakuset.diff._structural", "plain"),
    "rule_changes": ("yakuset.diff._structural", "rule_changes"),
    "structural": ("yakuset.diff._structural", "structural"),
}

# Not public (not in __all__, not documented): the sections of a comparison's report, for the
# layers above that print one with sections of their own (the command line's `diff`, paired
# play, played games' logs), which may not import this package's private modules.
_SHARED: dict[str, tuple[str, str | None]] = {
    "BehaviourSection": ("yakuset.diff._sections", "BehaviourSection"),
    "RulesSection": ("yakuset.diff._sections", "RulesSection"),
    "TitleSection": ("yakuset.diff._sections", "TitleSection"),
}


__getattr__, __dir__ = lazy_names(__name__, globals(), {**_WHERE, **_SHARED})


__all__ = [
    "BehaviourChange",
    "BehaviourReport",
    "CaseError",
    "Cause",
    "Change",
    "Comparable",
    "Outcome",
    "Situation",
    "as_json",
    "attribute",
    "behaviour",
    "describe",
    "each_change",
    "github",
    "human",
    "markdown",
    "plain",
    "rule_changes",
    "structural",
]
