"""The commands the registered games add (``yakuset award``, ``score``, ``play`` ...), each a
:class:`~yakuset._core.commands.Command` its game describes. A command several games add
(``play``) is one subcommand with the first game's arguments and help; it runs the command of
the rule set's game."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from .._core.commands import Command
from .._core.errors import InputError
from .._core.game import Game
from .._house import REGISTRY
from ._output import EXIT_OK, emit, load

#: A command's name's implementations: by game name, the game and its command.
Runs = dict[str, tuple[Game, Command]]


def by_name() -> dict[str, Runs]:
    """The games' commands by name, in the order the registry lists the games and each game its
    commands."""
    found: dict[str, Runs] = {}
    for game in REGISTRY.games.values():
        for extra in game.command_line.commands() if game.command_line is not None else ():
            found.setdefault(extra.name, {})[game.name] = (game, extra)
    return found


def help_of(runs: Runs) -> str:
    """The command's help: its game's, or each game's joined."""
    commands = [command for _, command in runs.values()]
    return commands[0].help if len(commands) == 1 else " / ".join(c.help for c in commands)


def add(sub: argparse.ArgumentParser, name: str, runs: Runs) -> None:
    """The command's arguments (the rule set, then the first game's own) and its run."""
    first = next(iter(runs.values()))[1]
    if len(runs) == 1 and first.run_alone is not None:
        sub.add_argument("ruleset", nargs="?", metavar="RULESET", help="a bundled id or a YAML file (optional)")
    else:
        sub.add_argument("ruleset", metavar="RULESET", help="a bundled id or a YAML file")
    first.add_arguments(sub)
    sub.set_defaults(run=_runner(name, runs))


def _runner(name: str, runs: Runs) -> Callable[[argparse.Namespace], int]:
    """Run the command of the rule set's game (``play`` exists for Koi-Koi and for Riichi)."""

    def run(args: argparse.Namespace) -> int:
        if args.ruleset is None:  # a command that runs without a rule set (one game's)
            alone = next(command.run_alone for _, command in runs.values() if command.run_alone is not None)
            emit(alone(args), args.json)
            return EXIT_OK
        rs = load(args.ruleset, next(iter(runs)) if len(runs) == 1 else None)
        found = runs.get(rs.game)
        if found is None or rs.part is not found[0]:
            games = " or ".join(sorted(runs))
            raise InputError(f"{rs.id!r} is a {rs.game} rule set; `{name}` needs a {games} rule set")
        output = found[1].run(rs, args)
        emit(output._replace(warnings=(*getattr(args, "deprecations", ()), *output.warnings)), args.json)
        return EXIT_OK

    return run
