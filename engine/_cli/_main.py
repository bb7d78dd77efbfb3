""":func:`main`: the command line run, its errors caught and printed as one line (or JSON)."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Sequence
from typing import Any

from .._core.errors import InputError, PluginError, RulesetError, RulesetNotFound
from ._errors import UsageError, error_json, print_error, wants_json
from ._output import EXIT_ERROR, EXIT_OK
from ._parser import build_parser, command_names


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code (the console script exits with it).

    An error is one readable line on stderr, or with ``--json`` an ``{"error": ...}`` object on
    stdout; either way the exit code is 2."""
    for stream in (sys.stdout, sys.stderr):
        # Text from a rule file may hold characters the terminal cannot show (a lone surrogate).
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    given = sys.argv[1:] if argv is None else list(argv)
    try:
        args = build_parser(given[0] if given and given[0] in command_names() else None).parse_args(given)
        code: int = args.run(args)
        return code
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # a plugin's, or a bug: one line, never a traceback
        failure = _failure(exc)
    if wants_json(given):
        print(json.dumps(failure, indent=2, ensure_ascii=False))
    else:
        print_error(failure["error"])
    return EXIT_ERROR


def _failure(exc: Exception) -> dict[str, Any]:
    """The error's JSON shape: a usage, load or input error as itself; anything else (a
    plugin's, or a bug) named by its type."""
    if isinstance(exc, UsageError):
        return error_json(str(exc))
    if isinstance(exc, RulesetNotFound):
        return error_json(exc.message, exc.hint)
    if isinstance(exc, RulesetError):
        return error_json(str(exc), None, exc.problems)
    if isinstance(exc, InputError | PluginError):
        return error_json(str(exc))
    return error_json(f"unexpected error (from a plugin, or a bug to report): {type(exc).__name__}: {exc}")
