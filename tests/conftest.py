"""Shared test setup: tests run from the repository root, so displayed paths are stable.

The bundled rule sets are read where the installed package keeps them: in the checkout for an
editable install, inside site-packages for a wheel (``BUNDLED``, shown as ``shown(path)``).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import textwrap
from pathlib import Path

# The record of the bundled rule sets (yakuset._core.prebuilt) goes into a cache of the tests'
# own, not the user's; the command lines the tests start share it.
os.environ["YAKUSET_CACHE_DIR"] = _CACHE = tempfile.mkdtemp(prefix="yakuset-test-cache-")
atexit.register(shutil.rmtree, _CACHE, True)

import pytest
from yakuset._cli import main
from yakuset._core import bundled
from yakuset._core.resolve import display_name

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = bundled.rulesets_dir()


def shown(path: Path) -> str:
    """How messages show ``path``: ``<bundled>/...`` for a bundled rule set, else relative to the
    working folder when inside it."""
    return display_name(path)


def real(display: str) -> Path:
    """The file a message's path names (``<bundled>/koikoi/nintendo.yaml`` included)."""
    if display.startswith("<bundled>/"):
        return BUNDLED / display.removeprefix("<bundled>/")
    return Path(display).resolve()


@pytest.fixture(autouse=True, scope="session")
def _run_from_repository_root():
    previous = Path.cwd()
    os.chdir(ROOT)
    yield
    os.chdir(previous)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line in this process: its exit code, stdout and stderr."""
    try:
        code = main(list(argv))
    except SystemExit as stop:  # --version and --help exit through argparse
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def write(folder: Path, name: str, text: str, newline: str | None = None) -> Path:
    """``text`` (dedented) written as ``folder/name``."""
    return write_at(folder / name, text, newline)


def write_at(path: Path, text: str, newline: str | None = None) -> Path:
    """``text`` (dedented, leading blank lines left out) written at ``path``."""
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8", newline=newline)
    return path


def trace_parts(trace: Path) -> tuple[Path, str]:
    """``stem.ruleset.trace.txt`` -> (the script ``stem.yaml`` beside it, the rule set's id)."""
    stem, ruleset_id = trace.name.split(".")[:2]
    return trace.parent / f"{stem}.yaml", ruleset_id
