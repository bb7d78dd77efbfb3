"""Koi-Koi as a registered game: how its rule sets compile, the situations ``diff`` compares,
its tables and its commands (``award``, ``play``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .._core.commands import Command, Output, count_argument, whole_number_argument
from .._core.errors import InputError
from .._core.game import Part
from . import hookspecs

if TYPE_CHECKING:
    import pluggy

    from .._core.comparepart import Comparable
    from .._core.docspart import YakuExample
    from .._core.errors import Location, Problem
    from .._core.expressions import ExpressionContext
    from .._core.game import Checked
    from .._core.ruleset import RuleSet
    from .._core.studypart import StudyPart
    from .._core.webpart import WebPart
    from .._core.yamlsource import LocatedDict
    from .rules.compiled import KoikoiRules

# What a command or a diff needs is imported when it runs: loading a rule set imports only the
# modules that compile it.

_HERE = __name__.rpartition(".")[0]


class KoikoiGame:
    """Hanafuda Koi-Koi: rule sets with ``game: koikoi``."""

    name = "koikoi"
    hookspecs: ModuleType = hookspecs
    schema = Path(__file__).with_name("ruleset.schema.json")
    study: Part[StudyPart] = Part(f"{_HERE}.study.part:STUDY")
    compare: Part[Comparable] = Part(f"{_HERE}.cases.part:COMPARE")

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

    # --- the command line --------------------------------------------------------------------

    def table(self, rs: RuleSet, fmt: str) -> Output:
        """The award tables of the rule document, computed from the rule set."""
        from .present import tables as _render
        from .scoring.award import award_tables

        tables = award_tables(rs)
        text = _render.tables_markdown(rs, tables) if fmt == "markdown" else _render.tables_text(rs, tables)
        return Output(text, _render.tables_json(rs, tables))

    def yaku_examples(self, rs: RuleSet) -> list[YakuExample]:
        """A pile for each yaku, made from its definition and scored under ``rs``."""
        from .present.yaku_examples import yaku_examples

        return yaku_examples(rs)

    # --- yakuset serve ------------------------------------------------------------------------

    def web(self) -> WebPart:
        """The award tables, multipliers, yaku and deck of a rule set's page, the calculator,
        and the API's ``award`` and ``yaku``."""
        from .present.web import WEB_PART

        return WEB_PART

    def commands(self) -> list[Command]:
        """``award``, ``koikoi-yaku``, ``cards`` and ``play``."""
        return [
            Command("award", "the award for a won Koi-Koi round", _award_arguments, _award_command),
            Command(
                "koikoi-yaku", "the yaku and base points of captured Koi-Koi cards", _yaku_arguments, _yaku_command
            ),
            Command("cards", "the Koi-Koi deck's card ids, by month and kind", _no_arguments, _cards_command),
            Command(
                "play", "replay a scripted Koi-Koi match or round through the referee", _play_arguments, _play_command
            ),
        ]


GAME: KoikoiGame = KoikoiGame()


def _award_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--base", type=whole_number_argument, required=True, help="the winner's base points")
    parser.add_argument("--own-calls", type=count_argument, default=0, help="the winner's Koi-Koi calls this round")
    parser.add_argument("--opponent-calls", type=count_argument, default=0, help="the loser's Koi-Koi calls this round")
    parser.add_argument("--field-brights", type=count_argument, default=0, help="brights dealt face up this round")
    parser.add_argument("--explain", action="store_true", help="show each multiplier")


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    return None


def _cards_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from .present.cards import cards_output

    return cards_output(rs)


def _yaku_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cards", nargs="+", metavar="CARD", help="the captured cards, by id (01-bright-crane ...)")
    parser.add_argument(
        "--month", type=count_argument, default=None, help="the round's month, for month yaku (none if not given)"
    )


def _yaku_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from .scoring.yaku import yaku

    result = yaku(rs, args.cards, month=args.month)
    return Output((result.explanation or "no yaku: base 0") + "\n", result.as_dict())


def _award_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from .scoring.award import award

    result = award(
        rs,
        base=args.base,
        own_calls=args.own_calls,
        opponent_calls=args.opponent_calls,
        field_brights=args.field_brights,
    )
    if not args.explain:
        return Output(f"{result.points}\n", result.as_dict(), result.warnings)
    lines = [result.explanation, *(f"  {line}" for line in result.step_lines)]
    return Output("\n".join(lines) + "\n", result.as_dict(), result.warnings)


def _play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "script",
        help="a game script: Koi-Koi (players, dealer, rounds) or Riichi (players, dealer, hands); see examples/",
    )


def _play_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from .match.scripts import load_script, replay, trace_text

    path = Path(args.script)
    if not path.is_file():
        raise InputError(f"{args.script}: no such file")
    trace = replay(rs, load_script(path))
    return Output(trace_text(trace), trace.as_dict())
