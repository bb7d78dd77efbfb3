"""Koi-Koi on the command line (:class:`yakuset._core.commands.CommandLinePart`): its table (the
award tables of the rule document, ``yakuset table``) and its commands: ``award``,
``koikoi-yaku``, ``cards`` and ``play``, each its arguments and its run."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..._core.commands import Command, Output, count_argument
from ..._core.errors import InputError

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

# What a command needs is imported when it runs: the command line asks every game for its
# commands to build its parser.


class KoikoiCommandLine:
    """Koi-Koi's table and commands."""

    def table(self, rs: RuleSet, fmt: str) -> Output:
        """The award tables of the rule document, computed from the rule set."""
        from ..scoring.award import award_tables
        from . import tables as _render

        tables = award_tables(rs)
        text = _render.tables_markdown(rs, tables) if fmt == "markdown" else _render.tables_text(rs, tables)
        return Output(text, _render.tables_json(rs, tables))

    def commands(self) -> list[Command]:
        """``award``, ``koikoi-yaku``, ``cards`` and ``play``."""
        return [
            Command("award", "the award for a won Koi-Koi round", _award_arguments, _award_command),
            Command(
                "koikoi-yaku", "the yaku and base points of captured Koi-Koi cards", _yaku_arguments, _yaku_command
            ),
            Command("cards", "the Koi-Koi deck's card ids, by month and kind", _no_arguments, _cards_command),
            Command(
                "play", "play a scripted Koi-Koi match or round through the referee", _play_arguments, _play_command
            ),
        ]


def _award_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--base", type=count_argument, required=True, help="the winner's base points (at least 0)")
    parser.add_argument("--own-calls", type=count_argument, default=0, help="the winner's Koi-Koi calls this round")
    parser.add_argument("--opponent-calls", type=count_argument, default=0, help="the loser's Koi-Koi calls this round")
    parser.add_argument("--field-brights", type=count_argument, default=0, help="brights dealt face up this round")
    parser.add_argument("--explain", action="store_true", help="show each multiplier")


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    return None


def _cards_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from .cards import cards_output

    return cards_output(rs)


def _yaku_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cards", nargs="+", metavar="CARD", help="the captured cards, by id (01-bright-crane ...)")
    parser.add_argument(
        "--month", type=count_argument, default=None, help="the round's month, for month yaku (none if not given)"
    )


def _yaku_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from ..scoring.yaku import yaku

    result = yaku(rs, args.cards, month=args.month)
    return Output((result.explanation or "no yaku: base 0") + "\n", result.as_dict())


def _award_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from ..scoring.award import award

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
        metavar="SCRIPT",
        help="a game script: Koi-Koi (players, dealer, rounds) or Riichi (players, dealer, hands); see examples/",
    )


def _play_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from ..match.scripts import load_script, replay, trace_text

    path = Path(args.script)
    if not path.is_file():
        raise InputError(f"{args.script}: no such file")
    trace = replay(rs, load_script(path))
    return Output(trace_text(trace), trace.as_dict())


#: The part the game names (``KoikoiGame.command_line``).
COMMAND_LINE = KoikoiCommandLine()
