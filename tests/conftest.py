"""The session's set-up: a cache of the tests' own for the bundled rule sets' record, every test
run from the repository root, so displayed paths are stable, and fewer property examples in the
quick run (``-m "not slow"``; ``helpers.examples``). What test modules share lives in helpers.py.

The bundled rule sets are read where the installed package keeps them: in the checkout for an
editable install, inside site-packages for a wheel (``helpers.BUNDLED``).
"""

from __future__ import annotations

import atexit
import os
import re
import shutil
import tempfile
from pathlib import Path

# The record of the bundled rule sets (yakuset._core.prebuilt) goes into a cache of the tests'
# own, not the user's; the command lines the tests start share it.
os.environ["YAKUSET_CACHE_DIR"] = _CACHE = tempfile.mkdtemp(prefix="yakuset-test-cache-")
atexit.register(shutil.rmtree, _CACHE, True)

import pytest
from hypothesis import settings

from . import helpers

ROOT = Path(__file__).resolve().parents[1]


def pytest_configure(config: pytest.Config) -> None:
    # The quick run samples each property more thinly: explicit counts through helpers.examples,
    # hypothesis's default (100) through this profile. A run with the slow tests tries them all.
    helpers.QUICK_RUN = re.search(r"\bnot\s+slow\b", config.option.markexpr or "") is not None
    if helpers.QUICK_RUN:
        settings.register_profile("quick", max_examples=helpers.examples(100))
        settings.load_profile("quick")


@pytest.fixture(autouse=True, scope="session")
def _run_from_repository_root():
    previous = Path.cwd()
    os.chdir(ROOT)
    yield
    os.chdir(previous)
