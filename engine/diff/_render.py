"""``yakuset diff`` output: human text (coloured on a terminal), JSON, Markdown, GitHub annotations.

The JSON shape is documented by ``schema/diff.schema.json``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .._core.arguments import a_ruleset, shown, true_or_false, whole_number
from .._core.errors import InputError
from ._behaviour import BehaviourReport, describe
from ._causes import Cause
from ._structural import Change, rule_changes, short

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet

_COLOURS = {
    "added": "\033[32m",
    "removed": "\033[31m",
    "changed": "\033[33m",
    "type_changed": "\033[35m",
    "title": "\033[1m",
}
_RESET = "\033[0m"
_MARKS = {"added": "+", "removed": "-", "changed": "~", "type_changed": "!"}


def _at(change: Change) -> str:
    old = change.old_at.at_line() if change.old_at else "-"
    new = change.new_at.at_line() if change.new_at else "-"
    return f"{old} -> {new}"


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
    listed = [] if report is None else [c.as_dict(steps=i < steps) for i, c in enumerate(report.changes)]
    for index, cause in enumerate(causes or []):
        listed[index]["causes"] = None if cause is None else cause.as_dict()
    return {
        "a": a.id,
        "b": b.id,
        "game": a.game,
        "identical": not changes and not (report and report.changes),
        "same_rules": not rule_changes(changes or []) and not (report and report.changes),
        "structural": None
        if changes is None
        else {"declared": declared, "count": len(changes), "changes": [c.as_dict() for c in changes]},
        "behaviour": None
        if report is None
        else {
            "total": report.total,
            "changed": len(report.changes),
            "summary": report.summary,
            "groups": {g: {"situations": n, "changed": c} for g, (n, c) in report.by_group.items()},
            "skipped": report.skipped,
            "one_sided": report.one_sided,
            "changes": listed,
            "causes": [
                {"changes": list(key), "exact": exact, "situations": len(members), "largest": members[0]}
                for (key, exact), members in _by_cause(causes or []).items()
            ],
        },
    }


def _by_cause(causes: Sequence[Cause | None]) -> dict[tuple[tuple[str, ...], bool], list[int]]:
    """The indices of the behaviour changes under each cause (key: paths, exact), in order of
    each cause's largest change; unattributed changes under ``((), False)``."""
    groups: dict[tuple[tuple[str, ...], bool], list[int]] = {}
    for index, cause in enumerate(causes):
        key = ((), False) if cause is None else (cause.key, cause.exact)
        groups.setdefault(key, []).append(index)
    return groups


def _cause_line(key: tuple[str, ...], exact: bool, by_path: dict[str, Change]) -> str:
    if not key:
        return "Not attributed (the replay budget ran out)"
    parts = []
    for path in key:
        change = by_path.get(path)
        parts.append(f"{path}: {change.values} ({_at(change)})" if change else path)
    joined = "; ".join(parts)
    if not exact:
        return f"Partly caused by {joined} (with the other rule changes)"
    return f"Caused by {joined}" + (" (together)" if len(key) > 1 else "")


def _moved_line(moved: Any, paint: Any) -> str:
    delta = f" ({moved.delta:+g})" if moved.delta is not None else ""
    return (
        f"{moved.group}: {moved.situation}: {paint('removed', describe(moved.old))} -> "
        f"{paint('added', describe(moved.new))}{delta}"
    )


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

    def paint(kind: str, text: str) -> str:
        return f"{_COLOURS[kind]}{text}{_RESET}" if colour else text

    out = [paint("title", f"{a.id} -> {b.id}")]
    if changes is not None:
        out.append(
            paint(
                "title",
                f"Rules: {len(changes)} change{'s' if len(changes) != 1 else ''}" if changes else "Rules: identical",
            )
        )
        section = None
        for change in changes:
            if change.section != section:
                section = change.section
                out.append(f"  {section}")
            line = f"    {_MARKS[change.kind]} {change.path}: {change.values}"
            out.append(paint(change.kind, line) + f"   ({_at(change)})")
        if changes and not rule_changes(changes):
            out.append("  (only the name, the metadata or `extends` differ: the rules are the same)")
    if report is not None:
        out.append(paint("title", f"{heading}: {report.summary}"))
        for group, (count, changed) in report.by_group.items():
            out.append(f"  {group}: {changed} of {count} change")
        shown = 0

        def listing(index: int, indent: str) -> None:
            moved = report.changes[index]
            out.append(f"{indent}{_moved_line(moved, paint)}")
            if index < steps:
                for label, outcome in ((a.id, moved.old), (b.id, moved.new)):
                    for step in outcome.explain:
                        out.append(f"{indent}    {label}: {step}")

        if causes is None:
            for index in range(len(report.changes)):
                listing(index, "  ")
        else:
            by_path = {c.path: c for c in [*all_changes, *(changes or [])]}
            for (key, exact), members in _by_cause(causes).items():
                out.append(paint("title", f"  {_cause_line(key, exact, by_path)}: {len(members)} situation(s) change"))
                for index in members[: top or None]:
                    listing(index, "    ")
                    shown += 1
                if top and len(members) > top:
                    out.append(f"    ... and {len(members) - top} more (--top N lists more, --top 0 all)")
    return "\n".join(out) + "\n"


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

    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    out = [f"## `{a.id}` → `{b.id}`", ""]
    if changes is not None:
        out += [f"### Rule changes ({len(changes)})", ""]
        if changes:
            out += ["| path | change | old | new | where (old → new) |", "|---|---|---|---|---|"]
            out += [
                f"| `{cell(c.path)}` | {c.kind} | {cell(short(c.old)) if c.kind != 'added' else ''} | "
                f"{cell(short(c.new)) if c.kind != 'removed' else ''} | {cell(_at(c))} |"
                for c in changes
            ]
        else:
            out.append("The rule sets are identical.")
        out.append("")
    if report is not None:
        out += [f"### {heading}", "", report.summary, "", "| situations | count | changed |", "|---|---:|---:|"]
        out += [f"| {g} | {n} | {c} |" for g, (n, c) in report.by_group.items()]
        if report.changes:
            reasons = [
                "" if cause is None else ", ".join(f"`{p}`" for p in cause.key) + ("" if cause.exact else " (partly)")
                for cause in (causes or [None] * len(report.changes))
            ]
            out += ["", f"| situation | `{a.id}` | `{b.id}` | Δ | caused by |", "|---|---|---|---:|---|"]
            out += [
                f"| {cell(c.situation)} | {cell(describe(c.old))} | {cell(describe(c.new))} | "
                f"{'' if c.delta is None else f'{c.delta:+g}'} | {cell(reason)} |"
                for c, reason in zip(report.changes, reasons)
            ]
        out.append("")
    return "\n".join(out)


def github(a: RuleSet, b: RuleSet, changes: list[Change] | None, report: BehaviourReport | None) -> str:
    """GitHub Actions workflow commands: one annotation per rule change, one for the behaviour."""
    _check(a, b, changes, report)

    def escape(text: str) -> str:
        return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")

    out = []
    for change in changes or []:
        where = change.new_at or change.old_at
        # An annotation points into the repository: a bundled file or one outside it gets none.
        ours = where is not None and not where.file.startswith(("<", "/", "..")) and ":" not in where.file
        place = f"file={where.file},line={where.line}," if ours and where else ""
        out.append(f"::notice {place}title=rule {change.kind}::{escape(change.path + ': ' + change.values)}")
    if report is not None and report.changes:
        out.append(f"::warning title={a.id} -> {b.id}::{escape(report.summary)}")
    return "\n".join(out) + ("\n" if out else "")
