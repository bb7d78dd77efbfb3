"""What a game gives the core: the one interface a game implements to register itself.

The core reads a rule set's ``game:`` and hands the resolved document to the game of that
name; it never branches on a game's name. The diff and the command line ask the same game
object for their parts (the standard situations to compare, the tables and commands it
adds); each of those layers states what it needs as its own protocol, and a command is a
:class:`~yakuset._core.commands.Command`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

import pluggy

from .errors import Location, Problem
from .expressions import ExpressionContext
from .yamlsource import LocatedDict


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


class Game(Protocol):
    """A game: its name in rule sets, its schema, its hooks, and how it compiles a resolved rule set."""

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
        """Compile a resolved document of this game into its rules.

        Called after schema validation, also when it found problems, so that one run reports
        every bad expression too: compile each section that ``checked`` finds clean, report
        each problem at its location, and build the rules only when ``checked.valid`` and no
        expression failed (return ``None`` for them when anything is wrong).
        """
        ...

    def expressions(self) -> tuple[ExpressionContext, ...]:
        """Where this game's rule sets write expressions, and the names each may use: the
        contexts ``compile`` compiles those fields in (the expression language's reference
        lists them)."""
        ...
