"""What a command gives back: its output (text or JSON on stdout, warnings on stderr) and its
exit code; and the rule set a command loads, with a did-you-mean among its game's ids."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable

from .._core import bundled
from .._core.commands import Output
from .._core.errors import RulesetNotFound
from .._core.ruleset import RuleSet
from .._house import load_ruleset
from ._errors import UsageError

EXIT_OK, EXIT_NEGATIVE, EXIT_ERROR = 0, 1, 2
EXIT_INTERRUPTED = 130  # Ctrl-C: what finished was printed


def emit(output: Output, as_json: bool) -> None:
    """Print a command's output: its text or JSON on stdout, then its warnings on stderr."""
    if as_json:
        print(json.dumps(output.data, indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(output.text)
    warn(output.warnings)


def warn(messages: Iterable[str]) -> None:
    """Print the warnings of a command's results on stderr, each once."""
    for message in dict.fromkeys(messages):
        print(f"yakuset: warning: {message}", file=sys.stderr)


def one_format(args: argparse.Namespace, plain: str) -> None:
    """``--json`` and another ``--format`` ask for two outputs: refuse rather than pick one."""
    if args.json and args.format not in (plain, "text", "human", "json"):
        raise UsageError(f"--json and --format {args.format} exclude each other")


def load(source: str, game: str | None = None) -> RuleSet:
    """``load_ruleset(source)`` for a command that takes ``game``'s rule sets: a name found
    nowhere gets a did-you-mean among that game's ids."""
    try:
        return load_ruleset(source)
    except RulesetNotFound as exc:
        if game is None:
            raise
        raise RulesetNotFound(exc.name, *bundled.not_found(exc.name, game)) from None
