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
    from .._core.comparepart import Comparable as Comparable, Outcome as Outcome, Situation as Situation
    from ._behaviour import (
        BehaviourChange as BehaviourChange,
        BehaviourReport as BehaviourReport,
        CaseError as CaseError,
        behaviour as behaviour,
        describe as describe,
    )
    from ._causes import Cause as Cause, attribute as attribute, each_change as each_change
    from ._render import as_json as as_json, github as github, human as human, markdown as markdown
    from ._structural import Change as Change, plain as plain, rule_changes as rule_changes, structural as structural


# Each name is imported when it is first read (PEP 562): the block above is the table of the
# package's names, from which its __all__ is derived too (yakuset._core.lazy).
__getattr__, __dir__, __all__ = lazy_names(globals())
