"""``yakuset schema``: where the rule-set JSON Schema is, for an editor; with ``--json``, the
schema itself."""

from __future__ import annotations

import argparse
import json

from .._core import bundled, schemas
from .._house import REGISTRY
from ._output import EXIT_OK

HELP = "where the rule-set JSON Schema is (for an editor); --json prints the schema itself"


def add_arguments(sub: argparse.ArgumentParser) -> None:
    """No arguments of its own."""


def run(args: argparse.Namespace) -> int:
    if args.json:  # the file refers to the core's and each game's schema: print them all as one
        print(json.dumps(schemas.schemas(REGISTRY.games).standalone(), indent=2, ensure_ascii=False))
    else:
        print(bundled.schema_path())
    return EXIT_OK
