"""``yakuset new``: a house rule set's first file, which extends a rule set and states nothing
else (``_core.stub``)."""

from __future__ import annotations

import argparse
import os
import shlex
from pathlib import Path

from .._core.commands import Output
from .._core.errors import InputError
from .._house import load_ruleset
from ._output import EXIT_OK, emit

HELP = "start a house rule set: write NAME.yaml, which extends a rule set and states nothing else"


def add_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("name", metavar="NAME", help="the new file (club or club.yaml); its name is the file's")
    sub.add_argument("--extends", required=True, metavar="RULESET", help="the rule set it starts from (id or file)")


def run(args: argparse.Namespace) -> int:
    from .._core.stub import stub_text
    from .serve import SCHEMA_URL

    path = Path(args.name if args.name.endswith((".yaml", ".yml")) else f"{args.name}.yaml")
    if path.exists():
        raise InputError(f"{args.name}: {path} exists already (yakuset new writes a new file)")
    if not path.parent.is_dir():
        raise InputError(f"{args.name}: no such folder {str(path.parent)!r}")
    parent = load_ruleset(args.extends)  # a wrong id or file is refused here, with its did-you-mean
    if Path(args.extends).is_file():  # a file is extended by its path from the new file's folder
        extends = Path(os.path.relpath(Path(args.extends).resolve(), path.parent.resolve())).as_posix()
        extends = extends if extends.startswith(".") else f"./{extends}"
    else:
        extends = parent.id
    text = stub_text(extends, path.stem, SCHEMA_URL)
    path.write_text(text, encoding="utf-8")
    shown = f"wrote {path}: extends {extends}; `yakuset validate {shlex.quote(str(path))}` checks it\n"
    emit(Output(shown, {"file": str(path), "extends": extends, "text": text}), args.json)
    return EXIT_OK
