"""What a game is to the engine: the one interface a game implements to register itself
(:class:`Game`, public as ``yakuset.Game``).

The core reads a rule set's ``game:`` and hands the resolved document to the game of that
name; it never branches on a game's name. A game is small: its name, its schema, its hooks,
how it compiles a rule set, where its expressions stand, and its parts, one object each for
the layers above (the diff, studies, the command line, the server, the documentation). Each
part's contract is a protocol of its own module of the core, whose docstrings say when each
method is called and what it returns:

- ``compare``: :class:`~yakuset._core.comparepart.Comparable` (``comparepart``);
- ``study``: :class:`~yakuset._core.studypart.StudyPart` (``studypart``);
- ``command_line``: :class:`~yakuset._core.commands.CommandLinePart` (``commands``);
- ``web``: a :class:`~yakuset._core.webpart.WebPart`, data (``webpart``);
- ``examples``: :class:`~yakuset._core.docspart.ExamplesPart` (``docspart``).

A part a game does not have is ``None``, and each layer says so in its own words (``simulate``
needs a rule set of a game with a study; a game without a web part is served with the pages
every rule set has). The engine's games name their parts with :class:`Part`, so that loading a
rule set imports none of their modules.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, overload

import pluggy

from .errors import Location, Problem
from .expressions import ExpressionContext
from .yamlsource import LocatedDict

if TYPE_CHECKING:
    from .commands import CommandLinePart
    from .comparepart import Comparable
    from .docspart import ExamplesPart
    from .studypart import StudyPart
    from .webpart import WebPart


@dataclass(frozen=True)
class Checked:
    """What schema validation found in a resolved document: the top-level sections with problems.

    A game compiles a section only when it is ``clean``: compile code may then rely on the
    shapes the schema gives that section (the one place this is promised). The rules object is
    built only when the whole document is ``valid``.
    """

    dirty: frozenset[str]

    @classmethod
    def of(cls, paths: Iterable[str]) -> Checked:
        """From the paths of the problems found (``award.multipliers[x].factor`` dirties ``award``)."""
        return cls(frozenset(path.split(".", 1)[0].split("[", 1)[0] for path in paths))

    def clean(self, *sections: str) -> bool:
        """No problem lies in any of ``sections`` (nor at the document's top)."""
        return "" not in self.dirty and not self.dirty.intersection(sections)

    @property
    def valid(self) -> bool:
        """No problem at all."""
        return not self.dirty


T = TypeVar("T")


class Part(Generic[T]):
    """One of a game's parts, named ``"module:NAME"`` and imported when first read.

    A game's class declares each part it has this way (``study: Part[StudyPart] =
    Part("yakuset.riichi.study.part:STUDY")``), so that loading a rule set imports the game's
    rules and nothing of its study, its web pages or its commands: those modules are imported
    the first time a layer above asks the game for that part (then the part is kept).
    """

    def __init__(self, where: str) -> None:
        self.where = where
        self._found: list[T] = []

    @overload
    def __get__(self, game: None, owner: type[Any]) -> Part[T]: ...

    @overload
    def __get__(self, game: object, owner: type[Any]) -> T: ...

    def __get__(self, game: object | None, owner: type[Any]) -> Part[T] | T:
        if game is None:
            return self
        if not self._found:
            module, _, name = self.where.partition(":")
            self._found.append(getattr(importlib.import_module(module), name))
        return self._found[0]


class Game(Protocol):
    """A game: its name in rule sets, its schema, its hooks, how it compiles a resolved rule set,
    and its parts (each ``None`` when the game does not have it).

    A registry is made of games (``Registry.of(games=...)``); a rule set's game is its
    ``RuleSet.part``. The parts are read-only: a plain class attribute, a property, or a
    :class:`Part` that imports the part's module when first read.
    """

    #: The value of ``game:`` in the game's rule sets (``"koikoi"``).
    name: str
    #: The JSON Schema file of the game's sections (``engine/koikoi/ruleset.schema.json``): its
    #: ``properties`` are the sections as a file may write them, its ``$defs/resolved`` what a
    #: resolved rule set of the game must have. The core composes it with its own schema
    #: (``schemas.compose``); it may refer to the core's definitions (``id``, ``condition``,
    #: ``number_expression``) by a path relative to itself.
    schema: Path
    #: The module holding the game's hookspecs (added to every rule set's plugin manager).
    hookspecs: ModuleType

    def compile(
        self, document: LocatedDict, manager: pluggy.PluginManager, where: Location, checked: Checked
    ) -> tuple[Any, list[Problem]]:
        """Compile a resolved document of this game into its rules (the rule set's ``rules``).

        Called at each load of one of the game's rule sets (and of each variant ``diff`` makes),
        after schema validation, also when it found problems, so that one run reports
        every bad expression too: compile each section that ``checked`` finds clean, report
        each problem at its location, and build the rules only when ``checked.valid`` and no
        expression failed (return ``None`` for them when anything is wrong).
        """
        ...

    def expressions(self) -> tuple[ExpressionContext, ...]:
        """Called by the documentation's expression-language reference: where this game's rule
        sets write expressions, and the names each may use (the contexts ``compile`` compiles
        those fields in)."""
        ...

    @property
    def compare(self) -> Comparable | None:
        """What ``diff`` scores under both rule sets: the game's standard situations and how it
        reads a user's case (:class:`~yakuset._core.comparepart.Comparable`), or ``None``: two
        of the game's rule sets are compared by their rules only."""
        ...

    @property
    def study(self) -> StudyPart | None:
        """What balance studies play (``yakuset simulate``, ``yakuset diff --play``): whole
        matches between bots, tallied (:class:`~yakuset._core.studypart.StudyPart`), or
        ``None``: the game's rule sets are not studied."""
        ...

    @property
    def command_line(self) -> CommandLinePart | None:
        """What the command line adds for the game: its table (``yakuset table``, also on the
        studio's pages and the documentation's) and its commands
        (:class:`~yakuset._core.commands.CommandLinePart`), or ``None``: no table, no command."""
        ...

    @property
    def web(self) -> WebPart | None:
        """What ``yakuset serve`` shows of the game: its titles, its sections of a rule set's
        page, its calculator and its API operations (:class:`~yakuset._core.webpart.WebPart`,
        data), or ``None``: its rule sets are served with the pages every rule set has."""
        ...

    @property
    def examples(self) -> ExamplesPart | None:
        """An example hand for each yaku on the documentation's rule-set pages
        (:class:`~yakuset._core.docspart.ExamplesPart`), or ``None``: the pages show none."""
        ...


#: The parts a game names (the properties of :class:`Game`), each an object or ``None``.
PARTS = tuple(name for name, value in vars(Game).items() if isinstance(value, property))


def missing_parts(game: object) -> list[str]:
    """The parts ``game`` does not name at all (neither an object nor ``None``), found without
    reading them (reading a :class:`Part` imports its module)."""
    named = {name for kind in type(game).__mro__ for name in vars(kind)} | set(getattr(game, "__dict__", ()))
    return [part for part in PARTS if part not in named]
