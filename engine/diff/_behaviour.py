"""Which scores change: the same situations scored under both rule sets, every difference
reported, largest first. The situations come from the rule sets' game (its standard
situations and how it reads a user's case); this module knows no game."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .._core.arguments import a_ruleset, shown
from .._core.comparepart import Comparable, Outcome, Situation
from .._core.errors import InputError, RulesetError
from .._core.results import FrozenMap

#: The most cases one comparison scores (each is scored under both rule sets).
MAX_CASES = 100_000

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet


@dataclass(frozen=True, slots=True)
class BehaviourChange:
    """A situation whose result differs between the two rule sets."""

    group: str
    situation: str
    old: Outcome
    new: Outcome
    #: How to score the situation again (under a variant of the first rule set, to find a cause).
    run: Callable[[RuleSet], Outcome] | None = field(default=None, compare=False, repr=False)

    @property
    def delta(self) -> float | None:
        """new - old, when both have a value."""
        if self.old.value is None or self.new.value is None:
            return None
        return self.new.value - self.old.value

    @property
    def size(self) -> float:
        """How big the change is, for ordering: by |delta|; a change without numbers on both sides
        (one side refuses, or only the words differ) comes after every numeric one."""
        delta = self.delta
        return -1.0 if delta is None else abs(delta)

    def as_dict(self, steps: bool = False) -> dict[str, Any]:
        """The change as JSON data (``schema/diff.schema.json``), with the steps if asked."""
        sides: dict[str, dict[str, Any]] = {}
        for name, outcome in (("old", self.old), ("new", self.new)):
            sides[name] = {"value": outcome.value, "summary": outcome.summary, "error": outcome.error}
            if steps:
                sides[name]["steps"] = list(outcome.explain)
        return {"group": self.group, "situation": self.situation, "delta": self.delta, **sides}


@dataclass(frozen=True, slots=True)
class BehaviourReport:
    """Every compared situation counted, and those that change, largest first."""

    total: int
    by_group: FrozenMap  # group -> (situations, changed)
    changes: tuple[BehaviourChange, ...]
    skipped: int = 0  # situations both rule sets refuse, or neither can have: none is counted
    one_sided: int = 0  # situations only one of the rule sets can have (a tile or a seat the other lacks)
    #: The warnings of the results compared (a user's case no game reaches), each once, in order.
    warnings: tuple[str, ...] = ()

    @property
    def summary(self) -> str:
        """One line: how many situations change, and the largest change."""
        left = [f"{self.skipped:,} that neither rule set allows"] if self.skipped else []
        left += [f"{self.one_sided:,} that only one rule set can have"] if self.one_sided else []
        skipped = f" ({' and '.join(left)} left out)" if left else ""
        if not self.changes:
            return f"none of {self.total:,} situations change{skipped}"
        top = self.changes[0]
        return (
            f"{len(self.changes):,} of {self.total:,} situations change{skipped}; largest: {top.situation}: "
            f"{describe(top.old)} -> {describe(top.new)}"
        )


def describe(outcome: Outcome) -> str:
    """An outcome as the diff prints it: its summary, or why it was refused."""
    if not isinstance(outcome, Outcome):
        raise InputError(f"outcome must be a yakuset.diff.Outcome, got {shown(outcome)}")
    return f"refused ({outcome.error})" if outcome.error else outcome.summary


def behaviour(
    a: RuleSet,
    b: RuleSet,
    cases: Iterable[Mapping[str, Any]] = (),
    *,
    situations: Iterable[Situation] | None = None,
) -> BehaviourReport:
    """Score the game's standard situations (and ``cases``) under both rule sets; with
    ``situations``, those instead of the standard ones (the hands of played games).

    ``cases`` may be any iterable (a list, or a generator reading a file): each case is scored as
    it comes and kept only when it changes, so memory does not grow with the number of cases.
    """
    a_ruleset(a)
    a_ruleset(b)
    if isinstance(cases, str | bytes | Mapping) or not isinstance(cases, Iterable):
        raise InputError(f"cases must be a list of mappings (situations), got {shown(cases)}")
    if isinstance(cases, list | tuple):
        if not all(isinstance(case, Mapping) for case in cases):
            raise InputError(f"cases must be a list of mappings (situations), got {shown(cases)}")
        if len(cases) > MAX_CASES:
            raise InputError(f"at most {MAX_CASES:,} cases are compared at once, got {len(cases):,}")
    if a.game != b.game:
        raise InputError(f"{a.id!r} is a {a.game} rule set and {b.id!r} a {b.game} one: they score different games")
    part = a.part.compare
    if part is None:
        raise InputError(f"{a.game} rule sets have no situations to compare")
    by_group: dict[str, list[int]] = {}
    changes = []
    skipped = one_sided = 0
    said: dict[str, None] = {}
    standard = part.situations(a, b) if situations is None else situations
    scored = itertools.chain(
        ((None, situation) for situation in standard),
        enumerate(_case_situations(part, a.game, cases)),
    )
    for case, (group, text, run) in scored:
        old, new = _safely(run, a), _safely(run, b)
        said.update(dict.fromkeys((*old.warnings, *new.warnings)))
        if old.absent is not None and new.absent is not None:
            skipped += 1  # neither rule set can have it
            continue
        if old.absent is not None or new.absent is not None:
            one_sided += 1
            continue
        if old.error is not None and new.error is not None:
            if case is not None:
                raise CaseError(case, f"{text}: both rule sets refuse it: {old.error}")
            skipped += 1
            continue
        counts = by_group.setdefault(group, [0, 0])
        counts[0] += 1
        if not old.same_as(new):
            counts[1] += 1
            changes.append(BehaviourChange(group, text, old, new, run))
    changes.sort(key=lambda c: -c.size)
    total = sum(n for n, _ in by_group.values())
    by_count = {g: (n, c) for g, (n, c) in by_group.items()}
    return BehaviourReport(total, FrozenMap(by_count), tuple(changes), skipped, one_sided, tuple(said))


def _safely(run: Callable[[RuleSet], Outcome], rs: RuleSet) -> Outcome:
    try:
        return run(rs)
    except (InputError, RulesetError) as exc:
        return Outcome(None, "refused", error=str(exc).splitlines()[0])


class CaseError(InputError):
    """A user's case that is no situation of the game, or one both rule sets refuse; ``index`` is
    its place in the list of cases (from 0)."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


def _case_situations(part: Comparable, game: str, cases: Iterable[Mapping[str, Any]]) -> Iterator[Situation]:
    for index, case in enumerate(cases):
        if index >= MAX_CASES:
            raise CaseError(index, f"at most {MAX_CASES:,} cases are compared at once; split the cases")
        if not isinstance(case, Mapping):
            raise CaseError(index, f"a case is a mapping (a situation), got {shown(case)}")
        keys = set(case) - {"name"}
        name = str(case.get("name", f"case #{index + 1}"))
        run = part.case({k: case[k] for k in keys})
        if run is None:
            unknown = sorted(keys - part.case_keys, key=str)
            what = f"unknown key(s) {', '.join(map(repr, unknown))}" if unknown else "keys that do not go together"
            raise CaseError(index, f"{name}: not a {game} situation ({what})")
        yield "cases", name, run
