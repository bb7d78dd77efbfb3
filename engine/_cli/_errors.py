"""An error of the command line: one readable line on stderr, or with ``--json`` an
``{"error": ...}`` object on stdout, the shape the HTTP API answers."""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import Any

from .._core.errors import Problem


class UsageError(Exception):
    """A command line that cannot be run."""


#: The longest word an error message repeats whole: a longer one is a value given on the command
#: line (a number of 5,000 digits), shown by its start and its length.
LONGEST_WORD = 200


def cut(text: str) -> str:
    """``text`` with each word longer than ``LONGEST_WORD`` cut short, its length said."""
    return re.sub(rf"\S{{{LONGEST_WORD + 1},}}", lambda word: f"{word[0][:40]}... ({len(word[0]):,} characters)", text)


def error_json(message: str, hint: str | None = None, problems: Sequence[Problem] = ()) -> dict[str, Any]:
    """An error's JSON shape, as the HTTP API answers it without the status:
    ``{"error": {"message", "hint", "problems"}}``; what the command line gave is not echoed whole."""
    return {
        "error": {
            "message": cut(message),
            "hint": None if hint is None else cut(hint),
            "problems": [p.as_dict() for p in problems],
        }
    }


def wants_json(argv: Sequence[str]) -> bool:
    """Whether the command line asks for JSON (``--json``, as argparse abbreviates it, or
    ``--format json``), read from the words themselves: an error may come before they are parsed."""
    words = list(argv)
    for index, word in enumerate(words):
        if word == "--":
            return False
        if (len(word) >= 4 and "--json".startswith(word)) or word == "--format=json":
            return True
        if word == "--format" and words[index + 1 : index + 2] == ["json"]:
            return True
    return False


def print_error(error: dict[str, Any]) -> None:
    """An error as readable lines on stderr: each rule-file problem on its own line, else one line."""
    if error["problems"]:
        print(error["message"], file=sys.stderr)
        return
    hint = f" (hint: {error['hint']})" if error["hint"] else ""
    print(f"yakuset: error: {error['message']}{hint}", file=sys.stderr)
