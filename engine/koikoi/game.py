"""Koi-Koi as a registered game (:class:`yakuset.Game`): its name, schema and hooks, how its
rule sets compile, and its parts, each an object in a module of its own, imported the first
time a layer above asks for it (loading a rule set imports none of them):

- ``compare``: what ``diff`` scores (``cases/part.py``);
- ``study``: whole matches between bots for ``simulate`` and ``diff --play`` (``study/part.py``);
- ``command_line``: the award tables and the commands ``award``, ``koikoi-yaku``, ``cards`` and
  ``play`` (``present/commands.py``);
- ``web``: the studio's pages, calculator and API operations (``present/web.py``);
- ``examples``: each yaku's example pile on the documentation's pages
  (``present/yaku_examples.py``)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

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
    from .rules.compiled import KoikoiRules

_HERE = __name__.rpartition(".")[0]


class KoikoiGame:
    """Hanafuda Koi-Koi: rule sets with ``game: koikoi``."""

    name = "koikoi"
    hookspecs: ModuleType = hookspecs
    schema = Path(__file__).with_name("ruleset.schema.json")
    study: Part[StudyPart] = Part(f"{_HERE}.study.part:STUDY")
    compare: Part[Comparable] = Part(f"{_HERE}.cases.part:COMPARE")
    command_line: Part[CommandLinePart] = Part(f"{_HERE}.present.commands:COMMAND_LINE")
    examples: Part[ExamplesPart] = Part(f"{_HERE}.present.yaku_examples:EXAMPLES")
    web: Part[WebPart] = Part(f"{_HERE}.present.web:WEB_PART")

    def compile(
        self, document: LocatedDict, manager: pluggy.PluginManager, where: Location, checked: Checked
    ) -> tuple[KoikoiRules | None, list[Problem]]:
        """Compile a resolved Koi-Koi rule set (see :func:`compile_rules`), its award proven at load."""
        from .rules.compiled import compile_rules
        from .scoring.award import prove_award

        rules, problems = compile_rules(document, manager, where, checked)
        if rules is None:
            return None, problems
        award_section: Any = document["award"]
        proven = prove_award(rules, award_section.value_locs.get("multipliers", award_section.loc))
        return (None, proven) if proven else (rules, problems)

    def expressions(self) -> tuple[ExpressionContext, ...]:
        """Where Koi-Koi rule sets write expressions, and the names each may use."""
        from .rules.compiled import EXPRESSIONS

        return EXPRESSIONS


GAME: KoikoiGame = KoikoiGame()
