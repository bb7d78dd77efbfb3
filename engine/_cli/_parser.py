"""The command line's parser: the shared commands, each a module of this package that adds its
own arguments and runs, and the commands the registered games add (:mod:`.games`). Building
every command's arguments costs more than a one-shot command's own work, so ``yakuset NAME``
builds (and imports) command NAME alone."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable
from typing import NoReturn, Protocol, cast

from .. import __version__
from . import games
from ._errors import UsageError
from ._options import add_json

#: The shared commands (a module of this package each), in the order ``yakuset --help`` lists
#: them: these first, then the games' commands, then the rest.
SHARED_FIRST = ("schema", "list", "show", "new", "validate")
SHARED_LAST = ("diff", "simulate", "replay", "serve", "table")


class SharedCommand(Protocol):
    """A shared command's module: its help, the arguments it adds and how it runs."""

    HELP: str

    def add_arguments(self, sub: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


class Parser(argparse.ArgumentParser):
    """A parser whose errors are a :class:`UsageError`, printed as one line."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def _terminal_width() -> int:
    """The width help is wrapped to, as argparse finds it (``COLUMNS``, then the terminal, 80),
    without importing shutil for it: argparse builds a formatter for every argument it adds."""
    try:
        return int(os.environ["COLUMNS"]) - 2
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns - 2 if sys.__stdout__ else 78
    except (OSError, ValueError, AttributeError):
        return 78


class _Formatter(argparse.ArgumentDefaultsHelpFormatter):
    """Each option's default, said once: not for a required option, a flag, an option with no
    default, or one whose help already names it."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _terminal_width() if width is None else width)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            action.required
            or not action.option_strings
            or default is None
            or default is False
            or default == argparse.SUPPRESS
            or default == []
            or "default" in text
        ):
            return text
        return text + " (default: %(default)s)"


class _TopFormatter(argparse.HelpFormatter):
    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _terminal_width() if width is None else width)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: the shared commands, then each registered game's. With
    ``only`` (the command about to run), the other commands are left out."""
    parser = Parser(
        prog="yakuset",
        description="Score Koi-Koi and Riichi mahjong from YAML rule sets.",
        formatter_class=_TopFormatter,
    )
    parser.add_argument("--version", action="version", version=f"yakuset {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    subparsers.required = True

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        # A subcommand's help (in the list of commands) is %-formatted; its description is not.
        sub = subparsers.add_parser(
            name, help=help_text.replace("%", "%%"), description=help_text, formatter_class=_Formatter
        )
        add_json(sub)
        return sub

    def wanted(name: str) -> bool:
        return only is None or name == only

    for name in filter(wanted, SHARED_FIRST):
        _add_shared(name, command)
    for name, runs in games.by_name().items():
        if wanted(name):
            games.add(command(name, games.help_of(runs)), name, runs)
    for name in filter(wanted, SHARED_LAST):
        _add_shared(name, command)
    return parser


def _add_shared(name: str, command: Callable[[str, str], argparse.ArgumentParser]) -> None:
    """Add the shared command ``name``: its module's help, arguments and run."""
    module = cast(SharedCommand, importlib.import_module(f"{__package__}.{name}"))
    sub = command(name, module.HELP)
    module.add_arguments(sub)
    sub.set_defaults(run=module.run)


def command_names() -> set[str]:
    """Every command's name: the shared ones and each game's."""
    return {*SHARED_FIRST, *SHARED_LAST, *games.by_name()}
