"""Shared test setup: tests run from the repository root, so displayed paths are stable.

The bundled rule sets are read where the installed package keeps them: in the checkout for an
editable install, inside site-packages for a wheel (``BUNDLED``, shown as ``shown(path)``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
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
