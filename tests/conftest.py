"""Shared test setup: tests run from the repository root, so displayed paths are stable."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True, scope="session")
def _run_from_repository_root():
    previous = Path.cwd()
    os.chdir(ROOT)
    yield
    os.chdir(previous)
