"""``yakuset diff`` output: human text (coloured on a terminal), JSON, Markdown, GitHub annotations,
each a report of the comparison's sections (``sections``: its title, the rule changes, the
behaviour) after the arguments are checked.

The JSON shape is documented by ``schema/diff.schema.json``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .._core.arguments import a_ruleset, shown, true_or_false, whole_number
from .._core.errors import InputError
from .._core.report import Report
from ._behaviour import BehaviourReport
from ._causes import Cause
from ._structural import Change
from .sections import BehaviourSection, RulesSection, TitleSection

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet


def _check(a: Any, b: Any, changes: Any, report: Any, causes: Any = None, **counts: Any) -> None:
    """Refuse what no diff gives a renderer, naming the argument: ``a`` and ``b`` are rule sets,
    ``changes`` a list from ``structural`` (or ``None``), ``report`` ``behaviour``'s report (or
    ``None``), ``causes`` a list from ``attribute`` (or ``None``), each of ``counts`` a count."""
    a_ruleset(a)
    a_ruleset(b)
    if changes is not None and not (isinstance(changes, list) and all(isinstance(c, Change) for c in changes)):
        raise InputError(f"changes must be a list from yakuset.diff.structural, or None, got {shown(changes)}")
    if report is not None and not isinstance(report, BehaviourReport):
        raise InputError(f"report must be a report from yakuset.diff.behaviour, or None, got {shown(report)}")
    if causes is not None and (isinstance(causes, str) or not isinstance(causes, Sequence)):
        raise InputError(f"causes must be a list from yakuset.diff.attribute, or None, got {shown(causes)}")
    for name, value in counts.items():
        whole_number(name, value)


def _report(
    a: RuleSet,
    b: RuleSet,
    changes: list[Change] | None,
    report: BehaviourReport | None,
    behaviour: BehaviourSection,
    declared: bool = False,
) -> Report:
    """The comparison's report: its title, the rule changes, then ``behaviour``."""
    return Report((TitleSection(a, b, changes, report), RulesSection(changes, declared), behaviour))


def as_json(
    a: RuleSet,
    b: RuleSet,
    changes: list[Change] | None,
    report: BehaviourReport | None,
    declared: bool,
    steps: int,
    causes: Sequence[Cause | None] | None = None,
) -> dict[str, Any]:
    """The documented JSON shape (``schema/diff.schema.json``)."""
    _check(a, b, changes, report, causes, steps=steps)
    true_or_false("declared", declared)
    behaviour = BehaviourSection(a, b, report, causes, steps)
    return _report(a, b, changes, report, behaviour, declared).json()


def human(
    a: RuleSet,
    b: RuleSet,
    changes: list[Change] | None,
    report: BehaviourReport | None,
    steps: int,
    colour: bool,
    causes: Sequence[Cause | None] | None = None,
    top: int = 10,
    all_changes: Sequence[Change] = (),
    heading: str = "Behaviour",
) -> str:
    """Readable text: the rule changes by section, then the behaviour (under ``heading``): with
    ``causes``, the score changes grouped under the rule change(s) that cause them (``top`` of
    each), else every change, largest first."""
    _check(a, b, changes, report, causes, steps=steps, top=top)
    true_or_false("colour", colour)
    named = [*all_changes, *(changes or [])]
    behaviour = BehaviourSection(a, b, report, causes, steps, top, named, heading)
    return _report(a, b, changes, report, behaviour).text(colour)


def markdown(
    a: RuleSet,
    b: RuleSet,
    changes: list[Change] | None,
    report: BehaviourReport | None,
    causes: Sequence[Cause | None] | None = None,
    heading: str = "Behaviour",
) -> str:
    """Markdown for a pull request: a table of rule changes and a table of changed situations
    (with the rule changes that cause each) under ``heading``."""
    _check(a, b, changes, report, causes)
    behaviour = BehaviourSection(a, b, report, causes, heading=heading)
    return _report(a, b, changes, report, behaviour).markdown()


def github(a: RuleSet, b: RuleSet, changes: list[Change] | None, report: BehaviourReport | None) -> str:
    """GitHub Actions workflow commands: one annotation per rule change, one for the behaviour."""
    _check(a, b, changes, report)
    behaviour = BehaviourSection(a, b, report)
    return _report(a, b, changes, report, behaviour).github()
