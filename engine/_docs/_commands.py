"""The command-line reference, read from the parser ``yakuset`` runs (argparse): every command
with its usage, description and each argument and option."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from .._cli import build_parser
from . import _text


def commands(parser: argparse.ArgumentParser | None = None) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Every command and its parser, in the order ``yakuset --help`` lists them."""
    parser = parser or build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.items()


def _arguments(parser: argparse.ArgumentParser) -> Iterator[argparse.Action]:
    for action in parser._actions:
        if not isinstance(action, argparse._HelpAction):
            yield action


def _name(action: argparse.Action) -> str:
    if action.option_strings:
        words = ", ".join(action.option_strings)
        if action.nargs != 0:
            words += f" {action.metavar or action.dest.upper()}"
        return words
    return str(action.metavar or action.dest)


def _default(action: argparse.Action) -> str:
    # By identity: 0 == False, and a default of 0 (--seed, --honba, --own-calls) is one to show.
    empty = action.default is None or action.default is False or action.default is argparse.SUPPRESS
    if action.required or empty or action.default == [] or not action.option_strings:
        return ""
    return _text.code(str(action.default))


def _help(action: argparse.Action) -> str:
    text = _text.cell((action.help or "").replace("%%", "%"))
    if text and not text.endswith(".") and (action.choices is not None or action.required):
        text += "."
    if action.choices is not None:
        text += " Choices: " + ", ".join(_text.code(str(c)) for c in action.choices) + "."
    if action.required and action.option_strings:
        text += " Required."
    return text


def page() -> str:
    """The command line's reference page."""
    parser = build_parser()
    text = "# Command line\n\n"
    text += (
        "Generated from the parser `yakuset` itself runs. Exit codes: 0 success; 1 a negative "
        "answer (an invalid file, rule sets that differ); 2 a usage or load error, printed as one "
        "line. Every command takes `--json`.\n\n"
    )
    text += "| command | what it does |\n|---|---|\n"
    listed = list(commands(parser))
    for name, sub in listed:
        text += f"| [`{name}`](#{_text.anchor('yakuset ' + name)}) | {_text.cell(sub.description or '')} |\n"
    text += "\n"
    for name, sub in listed:
        text += f"## `yakuset {name}` {{#{_text.anchor('yakuset ' + name)}}}\n\n"
        text += (sub.description or "") + "\n\n"
        usage = " ".join(sub.format_usage().split())
        text += f"```\n{usage}\n```\n\n"
        text += _text.table(
            ["argument", "what", "default"],
            ([_text.code(_name(action)), _help(action), _default(action)] for action in _arguments(sub)),
        )
        text += "\n"
    return text
