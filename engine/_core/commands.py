"""What a game gives the command line: its table and the commands it adds, described as data
(:class:`Command`) so that a game never imports the command line itself.

This is the contract a game's ``command_line`` part implements (:class:`CommandLinePart`); a
game without one sets ``command_line = None``: ``yakuset table`` refuses its rule sets by name,
it adds no command, and the studio's pages and the documentation show no table for it. The
argparse ``type`` functions here read numbers as every command does."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from .arguments import a_seed
from .errors import InputError

if TYPE_CHECKING:
    from .ruleset import RuleSet


def whole_number_argument(value: str) -> int:
    """An argparse ``type`` for a whole number, with a readable error."""
    try:
        return int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {value!r}") from None


def seed_argument(value: str) -> int:
    """An argparse ``type`` for a seed, by the rule every entry point shares (``arguments.a_seed``)."""
    try:
        return a_seed("seed", whole_number_argument(value))
    except InputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def count_argument(value: str) -> int:
    """An argparse ``type`` for a count: a whole number of at least 0."""
    number = whole_number_argument(value)
    if number < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 0, got {value!r}")
    return number


def positive_argument(value: str) -> int:
    """An argparse ``type`` for a whole number of at least 1."""
    number = whole_number_argument(value)
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {value!r}")
    return number


def add_deprecated(parser: argparse.ArgumentParser, old: str, new: str, why: str, **kwargs: Any) -> None:
    """Add ``old``, a spelling kept working but deprecated: it does what ``new`` does (``kwargs``
    as ``new`` was added with: ``dest``, ``action``, ``type`` ...), and the command warns, naming
    ``new`` and ``why`` (the warning is in ``args.deprecations``; the command line prints it)."""
    if not isinstance(parser, argparse.ArgumentParser):  # a command the command line does not build this time
        return
    base: type[argparse.Action] = parser._registry_get("action", kwargs.pop("action", None), None)
    message = f"{old} is deprecated ({why}): use {new}"

    class Deprecated(base):  # type: ignore[valid-type,misc]
        def __call__(self, parser: Any, namespace: Any, values: Any, option_string: Any = None) -> None:
            super().__call__(parser, namespace, values, option_string)
            namespace.deprecations = (*getattr(namespace, "deprecations", ()), message)

    parser.add_argument(old, action=Deprecated, help=f"deprecated: use {new}", **kwargs)


class Output(NamedTuple):
    """What a command prints: readable text, the same as JSON data (for ``--json``), and the
    warnings of the results it shows (the command line prints each once on stderr)."""

    text: str
    data: Any
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Command:
    """A command a game adds to the command line: ``yakuset NAME RULESET [arguments]``.

    ``add_arguments`` adds the command's own arguments (the rule set and ``--json`` are
    added for it); ``run`` gets the loaded rule set (always one of the game's) and the parsed
    arguments and returns what to print. Wrong input raises :class:`InputError`. A command
    with ``run_alone`` may be given no rule set (``yakuset tiles``): that runs instead.
    """

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[RuleSet, argparse.Namespace], Output]
    run_alone: Callable[[argparse.Namespace], Output] | None = None


class CommandLinePart(Protocol):
    """A game's part of the command line (and of the server and the documentation, which show its
    table too): its table and its own commands."""

    def table(self, rs: RuleSet, fmt: str) -> Output:
        """Called by ``yakuset table RULESET`` (``--format``), the studio's rule-set page and
        the API's ``/table`` (as JSON), and the documentation's rule-set pages (as Markdown):
        the rule set's table as text (``fmt`` is ``text`` or ``markdown``) and as JSON data."""
        ...

    def commands(self) -> Sequence[Command]:
        """Called each time the command line builds its parser, and by the API's ``/replay``
        (which runs the game's ``play``): the commands the game adds (``yakuset NAME RULESET
        ...``), in the order ``yakuset --help`` lists them. Building the list should import
        nothing a command needs only when it runs."""
        ...
