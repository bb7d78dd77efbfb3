"""Which rule change causes each score change.

Each rule change is applied alone to the first rule set and every changed situation is scored
again under that variant: a change that alone gives the second rule set's result is a cause.
Where no single change does, the smallest combination (of two, then three, of the changes that
move the situation at all) that gives it is the cause; failing that, the changes that move it are
named as partial causes.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .._core.comparepart import Narrowing, Outcome
from .._core.errors import InputError, RulesetError
from .._core.ruleset import variant
from .._core.yamlsource import LocatedDict, LocatedList
from ._behaviour import BehaviourChange, BehaviourReport, _safely
from ._structural import Change, rule_changes

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet

#: The most situation replays one attribution makes (changed situations × variants).
MAX_REPLAYS = 300_000
#: Combinations are tried only among this many changes that move a situation.
MAX_MOVERS = 6


@dataclass(frozen=True, slots=True)
class Cause:
    """The rule change(s) behind a score change. ``exact``: applied to the first rule set, they
    give the second one's result; otherwise they are the changes that move the situation (the
    one that alone moves its value most first), and only all the rule changes together give the
    result."""

    changes: tuple[Change, ...]
    exact: bool

    @property
    def key(self) -> tuple[str, ...]:
        return tuple(c.path for c in self.changes)

    def as_dict(self) -> dict[str, Any]:
        return {"changes": list(self.key), "exact": self.exact}


def apply(document: LocatedDict, changes: Iterable[Change]) -> LocatedDict:
    """A copy of the resolved ``document`` with ``changes`` applied (each at its ``keys``).

    Only the mappings and lists on the way to a change are copied; the rest is shared with
    ``document``, which nothing changes (a deep copy of a whole rule set for every variant was
    most of the time `diff` spent finding causes)."""
    out: LocatedDict = _shallow(document)
    copied = {id(out)}
    for change in changes:
        *parents, last = change.keys
        node: Any = out
        for key in parents:
            child = _child(node, key)
            if id(child) not in copied:
                child = _replace(node, key, _shallow(child))
                copied.add(id(child))
            node = child
        _set(node, last, change)
    return out


def _shallow(node: Any) -> Any:
    """A copy of one mapping or list (its items shared), with its locations."""
    if isinstance(node, LocatedDict):
        mapping = LocatedDict(node.loc)
        mapping.update(node)
        mapping.key_locs, mapping.value_locs = dict(node.key_locs), dict(node.value_locs)
        return mapping
    if isinstance(node, LocatedList):
        items = LocatedList(node.loc)
        items.extend(node)
        items.item_locs = list(node.item_locs)
        return items
    if isinstance(node, dict | list):
        return type(node)(node)
    return node


def _replace(node: Any, key: Any, child: Any) -> Any:
    """Put ``child`` where ``_child(node, key)`` was; return it."""
    if isinstance(key, tuple):
        key = next(i for i, item in enumerate(node) if isinstance(item, dict) and item.get("id") == key[1])
    node[key] = child
    return child


def _child(node: Any, key: Any) -> Any:
    if isinstance(key, tuple):
        return next(item for item in node if isinstance(item, dict) and item.get("id") == key[1])
    return node[key]


def _set(node: Any, key: Any, change: Change) -> None:
    if isinstance(key, tuple):
        index = next((i for i, item in enumerate(node) if isinstance(item, dict) and item.get("id") == key[1]), None)
        if change.kind == "removed":
            if index is not None:
                del node[index]
                del node.item_locs[index]
        elif index is None:
            node.append(copy.deepcopy(change.new))
            node.item_locs.append(change.new_at or node.loc)
        else:
            node[index] = copy.deepcopy(change.new)
        return
    if change.kind == "removed":
        node.pop(key, None)
        node.key_locs.pop(key, None)
        node.value_locs.pop(key, None)
        return
    node[key] = copy.deepcopy(change.new)
    if isinstance(node, LocatedDict):
        where = change.new_at or node.loc
        node.key_locs.setdefault(key, where)
        node.value_locs[key] = where


class _Variants:
    """The first rule set with some of the rule changes applied, built once each."""

    def __init__(self, a: RuleSet, units: list[tuple[Change, ...]]) -> None:
        self.a = a
        self.units = units
        self.built: dict[tuple[int, ...], RuleSet | None] = {}

    def get(self, indices: tuple[int, ...]) -> RuleSet | None:
        if indices not in self.built:
            changes = [change for i in indices for change in self.units[i]]
            try:
                document = apply(self.a.document, changes)
                self.built[indices] = variant(self.a, document, "+" + "+".join(c.path for c in changes))
            except (RulesetError, InputError, StopIteration, KeyError, IndexError, TypeError):
                self.built[indices] = None  # the change does not stand alone (it needs another)
        return self.built[indices]


def units_of(changes: Sequence[Change]) -> list[tuple[Change, ...]]:
    """The rule changes to try: each alone, and each set of changes to the same key of several
    items of one list (``yaku[*].group``), which often act only together."""
    candidates = rule_changes(list(changes))
    units: list[tuple[Change, ...]] = [(c,) for c in candidates]
    same_key: dict[tuple[Any, ...], list[Change]] = {}
    for change in candidates:
        if any(isinstance(k, tuple) for k in change.keys):
            pattern = tuple(("id", "*") if isinstance(k, tuple) else k for k in change.keys)
            same_key.setdefault(pattern, []).append(change)
    units.extend(tuple(group) for group in same_key.values() if len(group) > 1)
    return units


def each_change(
    a: RuleSet, changes: Sequence[Change]
) -> list[tuple[tuple[Change, ...], RuleSet | None, RuleSet | None]]:
    """The rule changes among ``changes`` as :func:`attribute` tries them (each alone, and each set
    of changes to one key of several items of a list), each with two rule sets made from ``a``:
    the change applied alone, and every other rule change applied without it (what the change
    adds to the others). ``None`` where a rule set does not load (a change that needs another)."""
    units = units_of(changes)
    variants = _Variants(a, units)
    singles = [index for index, unit in enumerate(units) if len(unit) == 1]
    return [
        (
            unit,
            variants.get((index,)),
            variants.get(tuple(i for i in singles if units[i][0] not in unit)),
        )
        for index, unit in enumerate(units)
    ]


def attribute(a: RuleSet, changes: Sequence[Change], report: BehaviourReport) -> list[Cause | None]:
    """The cause of each of ``report.changes`` (in order), or ``None`` where the replay budget
    ran out (the largest changes are attributed first)."""
    units = units_of(changes)
    if not units or not report.changes:
        return [None] * len(report.changes)
    variants = _Variants(a, units)
    singles = [variants.get((i,)) for i in range(len(units))]
    budget = MAX_REPLAYS // max(1, len(units))
    part = a.part.compare
    inert: dict[str, list[bool]] = {}  # by group: whether each unit leaves its situations as they were
    causes: list[Cause | None] = []
    for number, moved in enumerate(report.changes):
        if number >= budget:
            causes.append(None)
            continue
        if moved.group not in inert:
            inert[moved.group] = [
                isinstance(part, Narrowing) and all(part.unaffected(moved.group, change.path) for change in unit)
                for unit in units
            ]
        causes.append(_cause(moved, units, singles, variants, inert[moved.group]))
    return causes


def _replay(moved: BehaviourChange, rs: RuleSet) -> Outcome:
    assert moved.run is not None  # every change the report holds was scored by a run
    return _safely(moved.run, rs)


def _cause(
    moved: BehaviourChange,
    units: list[tuple[Change, ...]],
    singles: list[RuleSet | None],
    variants: _Variants,
    inert: list[bool],
) -> Cause:
    # Under a unit that leaves the situation as it was, the outcome is the first rule set's: it
    # neither gives the second result nor moves the situation, alone or with other such units.
    outcomes = [None if rs is None else moved.old if inert[i] else _replay(moved, rs) for i, rs in enumerate(singles)]
    exact = [i for i, o in enumerate(outcomes) if o is not None and o.same_as(moved.new)]
    if exact:
        smallest = min(len(units[i]) for i in exact)  # one change rather than the set holding it
        return Cause(tuple(c for i in exact if len(units[i]) == smallest for c in units[i]), True)
    movers = [i for i, o in enumerate(outcomes) if o is not None and not o.same_as(moved.old)]
    standing = [i for i, rs in enumerate(singles) if rs is None]  # changes that need another to load
    pool = (movers + standing) if movers else list(range(len(units)))
    combos: list[tuple[int, ...]] = []
    if len(pool) <= MAX_MOVERS:
        combos += itertools.combinations(pool, 2)
    # A change that cannot load alone needs its partner (a draw rule and the yaku it pays).
    combos += [tuple(sorted((s, u))) for s in standing for u in range(len(units)) if u != s]
    if len(pool) <= MAX_MOVERS:
        combos += itertools.combinations(pool, 3)
    for combo in dict.fromkeys(combos):
        if all(inert[i] for i in combo):
            continue
        rs = variants.get(combo)
        if rs is not None and _replay(moved, rs).same_as(moved.new):
            return Cause(_distinct(c for i in combo for c in units[i]), True)
    named = sorted(movers, key=lambda i: -_moves(moved.old, outcomes[i])) or [
        i for i in range(len(units)) if len(units[i]) == 1
    ]
    return Cause(_distinct(c for i in named for c in units[i]), False)


def _moves(old: Outcome, new: Outcome | None) -> float:
    """How far a change alone moves a situation's value (0 where a side has none): partial causes
    are named largest first."""
    if new is None or old.value is None or new.value is None:
        return 0.0
    return abs(new.value - old.value)


def _distinct(changes: Iterable[Change]) -> tuple[Change, ...]:
    return tuple({change.path: change for change in changes}.values())
