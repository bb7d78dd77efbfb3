"""What a game gives the core: the one interface a game implements to register itself.

The core reads a rule set's ``game:`` and hands the resolved document to the game of that
name; it never branches on a game's name. The diff and the command line ask the same game
object for their parts (the standard situations to compare, the tables and commands it
adds); each of those layers states what it needs as its own protocol, and a command is a
:class:`~yakuset._core.commands.Command`.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Protocol

import pluggy

from .errors import Location, Problem
from .yamlsource import LocatedDict


class Game(Protocol):
    """A game: its name in rule sets, its hooks, and how it compiles a resolved rule set."""

    #: The value of ``game:`` in the game's rule sets (``"koikoi"``).
    name: str
    #: The module holding the game's hookspecs (added to every rule set's plugin manager).
    hookspecs: ModuleType

    def compile(
        self, document: LocatedDict, manager: pluggy.PluginManager, where: Location, valid: bool
    ) -> tuple[Any, list[Problem]]:
        """Compile a resolved document of this game into its rules.

        Called after schema validation, also when it found problems (``valid`` is false), so
        that one run reports every bad expression too: compile what can be compiled, report
        each problem at its location, and build the rules only from a valid document
        (return ``None`` for them when anything is wrong).
        """
        ...
