"""The session's set-up: a cache of the tests' own for the bundled rule sets' record, and every
test run from the repository root, so displayed paths are stable. What test modules share lives
in helpers.py.

The bundled rule sets are read where the installed package keeps them: in the checkout for an
editable install, inside site-packages for a wheel (``helpers.BUNDLED``).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

# The record of the bundled rule sets (yakuset._core.prebuilt) goes into a cache of the tests'
# own, not the user's; the command lines the tests start share it.
os.environ["YAKUSET_CACHE_DIR"] = _CACHE = tempfile.mkdtemp(prefix="yakuset-test-cache-")
atexit.register(shutil.rmtree, _CACHE, True)

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True, scope="session")
def _run_from_repository_root():
    previous = Path.cwd()
    os.chdir(ROOT)
    yield
    os.chdir(previous)
