"""Riichi as a registered game: how its rule sets compile, the situations ``diff`` compares,
its payment table and its commands (``score``, ``hand``)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from .._core.game import Part
from . import hookspecs

if TYPE_CHECKING:
    import pluggy

    from .._core.commands import CommandLinePart
    from .._core.comparepart import Comparable
    from .._core.docspart import ExamplesPart
    from .._core.errors import Location, Problem
    from .._core.expressions import ExpressionContext
    from .._core.game import Checked
    from .._core.studypart import StudyPart
    from .._core.webpart import WebPart
    from .._core.yamlsource import LocatedDict
    from .rules.compiled import RiichiRules

# What a command or a diff needs is imported when it runs: loading a rule set, or scoring one
# hand from the command line, imports only the modules it uses.

_HERE = __name__.rpartition(".")[0]


class RiichiGame:
    """Riichi mahjong: rule sets with ``game: riichi``."""

    name = "riichi"
    hookspecs: ModuleType = hookspecs
    schema = Path(__file__).with_name("ruleset.schema.json")
    study: Part[StudyPart] = Part(f"{_HERE}.study.part:STUDY")
    compare: Part[Comparable] = Part(f"{_HERE}.cases.part:COMPARE")
    command_line: Part[CommandLinePart] = Part(f"{_HERE}.present.commands:COMMAND_LINE")
    examples: Part[ExamplesPart] = Part(f"{_HERE}.present.yaku_examples:EXAMPLES")

    def compile(
        self, document: LocatedDict, manager: pluggy.PluginManager, where: Location, checked: Checked
    ) -> tuple[RiichiRules | None, list[Problem]]:
        """Compile a resolved Riichi rule set (see :func:`compile_rules`)."""
        from .rules.compiled import compile_rules

        return compile_rules(document, manager, where, checked)

    def expressions(self) -> tuple[ExpressionContext, ...]:
        """Where Riichi rule sets write expressions, and the names each may use."""
        from .rules.compiled import EXPRESSIONS

        return EXPRESSIONS

    # --- yakuset serve ------------------------------------------------------------------------

    def web(self) -> WebPart:
        """The payment grids, limits and yaku of a rule set's page, the calculator, and the
        API's ``score`` and ``evaluate``."""
        from .present.web import WEB_PART

        return WEB_PART


GAME: RiichiGame = RiichiGame()
