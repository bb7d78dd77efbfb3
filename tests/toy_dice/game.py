"""The dice game: its rules compiled from the ``points:`` table, its evaluator, and its parts
for the diff and the server. Everything here is the game's; the engine is used as it is."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pluggy
from yakuset import InputError, RuleSet, Step, diff
from yakuset._core.errors import Location, Problem
from yakuset._core.expressions import ExpressionContext
from yakuset._core.game import Checked
from yakuset._core.plugins import Registry
from yakuset._core.webpart import Answer, Operation, WebPart
from yakuset._core.yamlsource import LocatedDict

from . import hookspecs

HERE = Path(__file__).parent
FACES = ("one", "two", "three", "four", "five", "six")


@dataclass(frozen=True)
class DiceRules:
    """What a die showing each face scores (1-6)."""

    points: Mapping[int, int]


@dataclass(frozen=True)
class Throw:
    """A throw's points, each scoring die a step."""

    ruleset: str
    points: int
    steps: tuple[Step, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "points": self.points, "steps": [s.as_dict() for s in self.steps]}


def score(rs: RuleSet, faces: Sequence[int]) -> Throw:
    """The points of a throw: each die scores its face's points, and plugins may add a bonus."""
    if not isinstance(rs.rules, DiceRules):
        raise InputError(f"{rs.id!r} is a {rs.game} rule set; this needs a dice rule set")
    if not isinstance(faces, list | tuple) or not all(type(f) is int and 1 <= f <= 6 for f in faces):
        raise InputError(f"faces must be a list of dice faces from 1 to 6, got {faces!r:.60}")
    steps = [
        Step(FACES[face - 1], f"a {FACES[face - 1]}", rs.rules.points[face], "add")
        for face in faces
        if rs.rules.points[face]
    ]
    steps += [
        Step("bonus", "a plugin's bonus", bonus, "add") for bonus in rs.hook.yakuset_dice_bonus(ruleset=rs, faces=faces)
    ]
    return Throw(rs.id, sum(int(step.factor) for step in steps), tuple(steps))


def _throw(faces: tuple[int, ...]) -> Callable[[RuleSet], diff.Outcome]:
    def run(rs: RuleSet) -> diff.Outcome:
        result = score(rs, faces)
        return diff.Outcome(result.points, str(result.points), lambda: [s.label for s in result.steps])

    return run


def _sections(rs: RuleSet) -> dict[str, Any]:
    return {"points": dict(rs.document["points"])}


def _operation(rs: RuleSet, data: dict[str, Any]) -> Answer:
    return Answer(score(rs, data["faces"]).as_dict())


class DiceComparison:
    """What ``diff`` compares between two dice rule sets (:class:`yakuset.diff.Comparable`)."""

    case_keys = frozenset({"faces"})

    def situations(self, a: RuleSet, b: RuleSet) -> Iterator[diff.Situation]:
        """Every throw of two dice."""
        for faces in itertools.combinations_with_replacement(range(1, 7), 2):
            yield "throw", f"a throw of {faces[0]} and {faces[1]}", _throw(faces)

    def case(self, params: Mapping[str, Any]) -> Callable[[RuleSet], diff.Outcome] | None:
        """A throw: ``{faces: [1, 5, 5]}``."""
        return _throw(tuple(params["faces"])) if set(params) == {"faces"} else None


#: A rule set's points table on its page, and the API's ``throw``.
WEB = WebPart(
    title="Dice",
    short_title="Dice",
    table_title="Points by face",
    table_summary="the points by face (Dice)",
    templates=HERE / "templates",
    sections=_sections,
    operations=(
        Operation(
            "throw",
            "the points of a throw of dice",
            {"faces": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}}},
            ("faces",),
            "{ruleset, points, steps}",
            _operation,
        ),
    ),
)


class DiceGame:
    """The game of rule sets with ``game: dice``."""

    name = "dice"
    schema = HERE / "ruleset.schema.json"
    hookspecs = hookspecs
    compare = DiceComparison()
    web = WEB
    command_line = None
    examples = None
    study = None

    def compile(
        self, document: LocatedDict, manager: pluggy.PluginManager, where: Location, checked: Checked
    ) -> tuple[DiceRules | None, list[Problem]]:
        """The points table, once the schema found the document valid."""
        if not checked.valid:
            return None, []
        points = document["points"]
        return DiceRules({face: int(points.get(name, 0)) for face, name in enumerate(FACES, 1)}), []

    def expressions(self) -> tuple[ExpressionContext, ...]:
        """The dice game's rule sets write no expression: its points are plain numbers."""
        return ()


GAME = DiceGame()
#: The dice game's own registry: no other game, no built-in plugin.
REGISTRY = Registry.of(games=(GAME,), builtins={})
RULESETS = sorted((HERE / "rulesets").glob("*.yaml"))


@functools.cache
def site() -> Any:
    """What a server of the dice game serves: its registry and its rule sets (for ``create_app``)."""
    from yakuset._web.sources import Site

    return Site(REGISTRY, RULESETS)
