"""What a game gives the core: the one interface a game implements to register itself.

The core reads a rule set's ``game:`` and hands the resolved document to the game of that
name; it never branches on a game's name. The diff and the command line ask the same game
object for their parts (the standard situations to compare, the tables and commands it
adds); each of those layers states what it needs as its own protocol.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

import pluggy

from .errors import Location, Problem
from .yamlsource import LocatedDict

if TYPE_CHECKING:
    from .ruleset import RuleSet


class Game(Protocol):
    """A game: its name in rule sets, its hooks, and how it compiles a resolved rule set."""

    #: The value of ``game:`` in the game's rule sets (``"koikoi"``).
    name: str
    #: The module holding the game's hookspecs (added to every rule set's plugin manager).
    hookspecs: ModuleType

    def compile(self, document: LocatedDict, manager: pluggy.PluginManager, where: Location,
                valid: bool) -> tuple[Any, list[Problem]]:
        """Compile a resolved document of this game into its rules.

        Called after schema validation, also when it found problems (``valid`` is false), so
        that one run reports every bad expression too: compile what can be compiled, report
        each problem at its location, and build the rules only from a valid document
        (return ``None`` for them when anything is wrong).
        """
        ...


#: What a command prints: readable text, and the same as JSON data (for ``--json``).
Output = tuple[str, Any]


@dataclass(frozen=True)
class Command:
    """A command a game adds to the command line: ``yakuset NAME RULESET [arguments]``.

    ``add_arguments`` adds the command's own arguments (the rule set and ``--json`` are
    added for it); ``run`` gets the loaded rule set (always one of the game's) and the parsed
    arguments and returns what to print. Wrong input raises :class:`InputError`.
    """

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[RuleSet, argparse.Namespace], Output]
