"""Compare two rule sets: what changed in the rules (:func:`structural`, keyed by id, with
file:line on both sides) and which scores change (:func:`behaviour`, the game's standard
situations and your own cases, largest change first). ``yakuset diff A B`` prints both.

    >>> import yakuset
    >>> a, b = yakuset.load_ruleset("nintendo"), yakuset.load_ruleset("fudawiki")
    >>> [c.path for c in yakuset.diff.structural(a, b)][:2]
    ['name', 'metadata.source']
"""

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
from ._causes import Cause, attribute
from ._render import as_json, github, human, markdown
from ._structural import Change, plain, rule_changes, structural

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
    "github",
    "human",
    "markdown",
    "plain",
    "rule_changes",
    "structural",
]
