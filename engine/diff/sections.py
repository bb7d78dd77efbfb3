"""The sections of a comparison's report (:class:`yakuset._core.report.Report`): its title, the
rule changes and the behaviour, each rendering itself as readable text (coloured on a
terminal), Markdown, JSON (``schema/diff.schema.json``) and GitHub annotations.

Not among :mod:`yakuset.diff`'s public names: the layers above that print a comparison with
sections of their own (the command line's ``diff``, paired play, played games' logs) build its
report from these."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ._behaviour import BehaviourChange, BehaviourReport, describe
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
#: What the mark of a ``type_changed`` rule change means, said under the rule changes that show it.
TYPE_CHANGED = "marks a value of another kind: a mapping, a list, a word, a number, true or false became another"


def paint(kind: str, text: str, colour: bool) -> str:
    """``text`` in the terminal colour of ``kind`` (a change's kind, or ``title``) when ``colour``."""
    return f"{_COLOURS[kind]}{text}{_RESET}" if colour else text


def _at(change: Change) -> str:
    old = change.old_at.at_line() if change.old_at else "-"
    new = change.new_at.at_line() if change.new_at else "-"
    return f"{old} -> {new}"


def _cell(text: str) -> str:
    """``text`` in a Markdown table's cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def _escape(text: str) -> str:
    """``text`` in a GitHub workflow command."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


@dataclass(frozen=True)
class TitleSection:
    """Which rule sets are compared, and (in JSON) whether anything or any rule differs."""

    a: RuleSet
    b: RuleSet
    changes: list[Change] | None
    report: BehaviourReport | None

    def text(self, colour: bool) -> list[str]:
        return [paint("title", f"{self.a.id} -> {self.b.id}", colour)]

    def markdown(self) -> list[str]:
        return [f"## `{self.a.id}` → `{self.b.id}`"]

    def json(self) -> dict[str, Any]:
        scores = bool(self.report and self.report.changes)
        return {
            "a": self.a.id,
            "b": self.b.id,
            "game": self.a.game,
            "identical": not self.changes and not scores,
            "same_rules": not rule_changes(self.changes or []) and not scores,
        }

    def github(self) -> list[str]:
        return []


@dataclass(frozen=True)
class RulesSection:
    """The rule changes, by section of the rule file (``changes`` ``None``: not compared);
    ``declared``: the files compared as written, not resolved."""

    changes: list[Change] | None
    declared: bool = False

    def text(self, colour: bool) -> list[str]:
        if self.changes is None:
            return []
        count = len(self.changes)
        out = [
            paint("title", f"Rules: {count} change{'s' if count != 1 else ''}" if count else "Rules: identical", colour)
        ]
        section = None
        for change in self.changes:
            if change.section != section:
                section = change.section
                out.append(f"  {section}")
            line = f"    {_MARKS[change.kind]} {change.path}: {change.values}"
            out.append(paint(change.kind, line, colour) + f"   ({_at(change)})")
        if self.changes and not rule_changes(self.changes):
            out.append("  (only the name, the metadata or `extends` differ: the rules are the same)")
        if any(change.kind == "type_changed" for change in self.changes):
            out.append(f"  ({_MARKS['type_changed']} {TYPE_CHANGED})")
        return out

    def markdown(self) -> list[str]:
        if self.changes is None:
            return []
        out = ["", f"### Rule changes ({len(self.changes)})", ""]
        if not self.changes:
            return [*out, "The rule sets are identical."]
        out += ["| path | change | old | new | where (old → new) |", "|---|---|---|---|---|"]
        out += [
            f"| `{_cell(c.path)}` | {c.kind} | {_cell(short(c.old)) if c.kind != 'added' else ''} | "
            f"{_cell(short(c.new)) if c.kind != 'removed' else ''} | {_cell(_at(c))} |"
            for c in self.changes
        ]
        return out

    def json(self) -> dict[str, Any]:
        if self.changes is None:
            return {"structural": None}
        changes = [c.as_dict() for c in self.changes]
        return {"structural": {"declared": self.declared, "count": len(changes), "changes": changes}}

    def github(self) -> list[str]:
        return [_notice(change) for change in self.changes or []]


def _notice(change: Change) -> str:
    """A rule change's annotation, at its line when the file is in the repository."""
    where = change.new_at or change.old_at
    # An annotation points into the repository: a bundled file or one outside it gets none.
    ours = where is not None and not where.file.startswith(("<", "/", "..")) and ":" not in where.file
    place = f"file={where.file},line={where.line}," if ours and where else ""
    return f"::notice {place}title=rule {change.kind}::{_escape(change.path + ': ' + change.values)}"


@dataclass(frozen=True)
class BehaviourSection:
    """The score changes of a behaviour report (``None``: not compared) under ``heading``: with
    ``causes``, grouped under the rule change(s) that cause them (``top`` of each, 0: all), else
    every change, largest first; the ``steps`` largest with their steps. ``named``: the rule
    changes the causes name, for their values and places (a later one of a path wins)."""

    a: RuleSet
    b: RuleSet
    report: BehaviourReport | None
    causes: Sequence[Cause | None] | None = None
    steps: int = 3
    top: int = 10
    named: Sequence[Change] = ()
    heading: str = "Behaviour"

    def text(self, colour: bool) -> list[str]:
        if self.report is None:
            return []
        return [self.text_heading(self.report, colour), *self.text_body(self.report, colour)]

    def text_heading(self, report: BehaviourReport, colour: bool) -> str:
        """The heading line: ``heading`` and the report's summary."""
        return paint("title", f"{self.heading}: {report.summary}", colour)

    def text_body(self, report: BehaviourReport, colour: bool) -> list[str]:
        """What changes in each group of situations, then the changes (under their causes)."""
        out = [f"  {group}: {changed:,} of {count:,} change" for group, (count, changed) in report.by_group.items()]
        if self.causes is None:
            for index in range(len(report.changes)):
                out += self._listing(report, index, "  ", colour)
            return out
        by_path = {c.path: c for c in self.named}
        for (key, exact), members in by_cause(self.causes).items():
            line = f"  {_cause_line(key, exact, by_path)}: {len(members):,} situation(s) change"
            out.append(paint("title", line, colour))
            for index in members[: self.top or None]:
                out += self._listing(report, index, "    ", colour)
            if self.top and len(members) > self.top:
                out.append(f"    ... and {len(members) - self.top} more (--top N lists more, --top 0 all)")
        return out

    def _listing(self, report: BehaviourReport, index: int, indent: str, colour: bool) -> list[str]:
        """Change ``index``: its situation and both outcomes, and its steps if among the largest."""
        moved = report.changes[index]
        out = [f"{indent}{_moved_line(moved, colour)}"]
        if index < self.steps:
            for label, outcome in ((self.a.id, moved.old), (self.b.id, moved.new)):
                out += [f"{indent}    {label}: {step}" for step in outcome.explain]
        return out

    def markdown(self) -> list[str]:
        if self.report is None:
            return []
        return ["", f"### {self.heading}", "", *self.markdown_body(self.report)]

    def markdown_body(self, report: BehaviourReport) -> list[str]:
        """The summary, the groups' table and the changed situations' table with their causes."""
        out = [report.summary, "", "| situations | count | changed |", "|---|---:|---:|"]
        out += [f"| {g} | {n:,} | {c:,} |" for g, (n, c) in report.by_group.items()]
        if not report.changes:
            return out
        reasons = [
            "" if cause is None else _named(cause.key) + ("" if cause.exact else " (partly)")
            for cause in (self.causes or [None] * len(report.changes))
        ]
        out += ["", f"| situation | `{self.a.id}` | `{self.b.id}` | Δ | caused by |", "|---|---|---|---:|---|"]
        out += [
            f"| {_cell(c.situation)} | {_cell(describe(c.old))} | {_cell(describe(c.new))} | "
            f"{'' if c.delta is None else f'{c.delta:+g}'} | {_cell(reason)} |"
            for c, reason in zip(report.changes, reasons)
        ]
        return out

    def json(self) -> dict[str, Any]:
        return {"behaviour": self.data()}

    def data(self) -> dict[str, Any] | None:
        """The section's JSON value (``None``: not compared)."""
        report = self.report
        if report is None:
            return None
        listed = [c.as_dict(steps=i < self.steps) for i, c in enumerate(report.changes)]
        for index, cause in enumerate(self.causes or []):
            listed[index]["causes"] = None if cause is None else cause.as_dict()
        return {
            "total": report.total,
            "changed": len(report.changes),
            "summary": report.summary,
            "groups": {g: {"situations": n, "changed": c} for g, (n, c) in report.by_group.items()},
            "skipped": report.skipped,
            "one_sided": report.one_sided,
            "changes": listed,
            "causes": [
                {"changes": list(key), "exact": exact, "situations": len(members), "largest": members[0]}
                for (key, exact), members in by_cause(self.causes or []).items()
            ],
        }

    def github(self) -> list[str]:
        if self.report is None or not self.report.changes:
            return []
        return [f"::warning title={self.a.id} -> {self.b.id}::{_escape(self.report.summary)}"]


def by_cause(causes: Sequence[Cause | None]) -> dict[tuple[tuple[str, ...], bool], list[int]]:
    """The indices of the behaviour changes under each cause (key: paths, exact), in order of
    each cause's largest change; unattributed changes under ``((), False)``. Causes naming the
    same changes in another order are one (the order of the largest change's cause is kept)."""
    groups: dict[tuple[frozenset[str], bool], tuple[tuple[str, ...], list[int]]] = {}
    for index, cause in enumerate(causes):
        key = () if cause is None else cause.key
        exact = cause is not None and cause.exact
        groups.setdefault((frozenset(key), exact), (key, []))[1].append(index)
    return {(key, exact): members for (_, exact), (key, members) in groups.items()}


#: The most rule changes a cause's line names; the rest are counted (the JSON lists them all).
CAUSES_SHOWN = 3


def _cause_line(key: tuple[str, ...], exact: bool, by_path: dict[str, Change]) -> str:
    """A cause's heading: its rule change with its values and places, or several changes (those
    that move the situations most first) with their values, the first :data:`CAUSES_SHOWN` named
    and the rest counted (the Rules section gives each one's place)."""
    if not key:
        return "Not attributed (the replay budget ran out)"
    parts = []
    for path in key[:CAUSES_SHOWN]:
        change = by_path.get(path)
        where = f" ({_at(change)})" if change and len(key) == 1 else ""
        parts.append(f"{path}: {change.values}{where}" if change else path)
    joined = "; ".join(parts)
    if len(key) > CAUSES_SHOWN:
        joined += f"; and {len(key) - CAUSES_SHOWN} more"
    if not exact:
        return f"Partly caused by {joined} (with the other rule changes)"
    return f"Caused by {joined}" + (" (together)" if len(key) > 1 else "")


def _named(key: tuple[str, ...]) -> str:
    """A cause's rule changes in a Markdown cell: the first :data:`CAUSES_SHOWN`, the rest counted."""
    named = ", ".join(f"`{path}`" for path in key[:CAUSES_SHOWN])
    return named + (f" and {len(key) - CAUSES_SHOWN} more" if len(key) > CAUSES_SHOWN else "")


def _moved_line(moved: BehaviourChange, colour: bool) -> str:
    delta = f" ({moved.delta:+g})" if moved.delta is not None else ""
    return (
        f"{moved.group}: {moved.situation}: {paint('removed', describe(moved.old), colour)} -> "
        f"{paint('added', describe(moved.new), colour)}{delta}"
    )
