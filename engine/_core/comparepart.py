"""What a game gives ``diff`` (``yakuset diff``, :func:`yakuset.diff.behaviour`): the situations
every comparison of two of its rule sets scores, and how it scores a user's case.

This is the contract a game's ``compare`` part implements (:class:`Comparable`, and optionally
:class:`Narrowing`); a game without one sets ``compare = None``, and its rule sets are compared
by their rules only (``diff.behaviour`` refuses them by name). A situation is scored by a
function of a rule set giving an :class:`Outcome`; the diff scores each under both rule sets,
reports those whose outcomes differ, and finds each one's cause by scoring it again under the
first rule set with each rule change applied alone. The diff knows no game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .results import Built

if TYPE_CHECKING:
    from .ruleset import RuleSet


@dataclass(frozen=True, slots=True)
class Outcome:
    """A situation's result under one rule set: a number to compare, a one-line summary, and
    (on demand) the steps that produced it. ``error`` is set when the rule set refuses it;
    ``absent`` says why the situation cannot arise at all under the rule set (a tile its set does
    not have, a seat its table does not seat): such a situation is not compared, only counted.
    ``warnings`` are the result's own (a user's case no game reaches), shown beside the report.
    ``explain`` holds the lines of the steps, built when first read (``Built(make, *args)``); a
    value, compared by its lines."""

    value: float | None
    summary: str
    explain: Built[str] = field(default=Built(tuple), repr=False)
    error: str | None = None
    absent: str | None = None
    warnings: tuple[str, ...] = field(default=(), compare=False)

    @classmethod
    def cannot_arise(cls, reason: str) -> Outcome:
        """The outcome of a situation that cannot arise under the rule set, and why."""
        return cls(None, f"cannot arise ({reason})", absent=reason)

    def same_as(self, other: Outcome) -> bool:
        """Whether both results read the same (value and summary); two refusals are the same
        whatever their words (a message may name its rule set)."""
        if self.error is not None or other.error is not None:
            return self.error is not None and other.error is not None
        return self.value == other.value and self.summary == other.summary


#: A situation: its group, how it reads, and how to score it under a rule set.
Situation = tuple[str, str, Callable[["RuleSet"], Outcome]]


class Comparable(Protocol):
    """A game's part of the diff: its standard situations and how it reads a user's case.

    A situation's run is given each rule set of the comparison and the variants made of the
    first (each rule change applied alone): it reads only its situation and the rule set it is
    given. A refusal (:class:`InputError`, :class:`RulesetError`) is the outcome ``refused``; a
    situation the rule set cannot have at all is :meth:`Outcome.cannot_arise`.
    """

    #: The keys a user's case may have (for a did-you-mean on a misspelt one).
    case_keys: frozenset[str]

    def situations(self, a: RuleSet, b: RuleSet) -> Iterable[Situation]:
        """Called once by each comparison of two of the game's rule sets (``a`` the first): the
        situations it scores under both, in the order the report lists equal changes, as
        ``(group, text, run)``."""
        ...

    def case(self, params: Mapping[str, Any]) -> Callable[[RuleSet], Outcome] | None:
        """Called for each user's case (``yakuset diff --cases``; its ``name`` taken out): how to
        score it (``{base: 8}``, ``{han: 3, fu: 40}``), or ``None`` if it is no situation of
        this game (the diff then names the keys :attr:`case_keys` does not know)."""
        ...


@runtime_checkable
class Narrowing(Protocol):
    """What a game's ``compare`` part may add: which rule changes cannot move the situations of
    a group. Finding causes then takes the first rule set's result for such a situation under
    such a change instead of scoring it again (the causes found are the same; only fewer
    situations are scored)."""

    def unaffected(self, group: str, path: str) -> bool:
        """Called once for each group of changed situations and each rule change while causes
        are found: whether no outcome of ``group``'s situations depends on the rule at ``path``
        (``points.uma``, ``yaku[pinfu].han``): changing it, alone or with other such rules,
        leaves every one of them as it was."""
        ...
