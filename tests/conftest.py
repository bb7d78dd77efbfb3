"""The session's set-up: a cache of the tests' own for the bundled rule sets' record, every test
run from the repository root, so displayed paths are stable, and the quick run by default.

``python -m pytest`` runs the quick tests: those not marked ``slow``, with fewer property
examples (``helpers.examples``). ``python -m pytest --all`` runs every test, the slow ones and
every example included; an explicit ``-m`` expression is taken as given (``-m slow``: the slow
tests alone, fully sampled). What test modules share lives in helpers.py.

The bundled rule sets are read where the installed package keeps them: in the checkout for an
editable install, inside site-packages for a wheel (``helpers.BUNDLED``).
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The record of the bundled rule sets (yakuset._core.prebuilt) goes into a cache of the tests'
# own, not the user's, one per checkout, kept from run to run as a user's cache is: a record's
# folder is named by the digest of the bundled texts, the schemas and the code that checks them,
# so an edit is never read from a stale one (building it costs a second or two of every run).
# The command lines the tests start share it.
_CHECKOUT = hashlib.blake2b(str(ROOT).encode(), digest_size=6).hexdigest()
os.environ["YAKUSET_CACHE_DIR"] = str(Path(tempfile.gettempdir()) / f"yakuset-test-cache-{_CHECKOUT}")

import pytest
from hypothesis import HealthCheck, settings

from . import helpers


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--all",
        action="store_true",
        dest="run_all",
        help="run the slow tests too (the whole suite, 15 minutes or more); without it, -m 'not slow'",
    )


def pytest_configure(config: pytest.Config) -> None:
    if not config.option.markexpr and not config.option.run_all:
        config.option.markexpr = "not slow"
    # No property depends on the wall clock: hypothesis's deadline (200 ms an example) and its
    # "input generation is slow" check fail a sound test on a busy machine (a second test run
    # beside it, or coverage on). A test that sets its own settings keeps these unless it names them.
    settings.register_profile("no-clock", deadline=None, suppress_health_check=[HealthCheck.too_slow])
    # The quick run samples each property more thinly: explicit counts through helpers.examples,
    # hypothesis's default (100) through this profile. A run with the slow tests tries them all.
    helpers.QUICK_RUN = re.search(r"\bnot\s+slow\b", config.option.markexpr or "") is not None
    if helpers.QUICK_RUN:
        settings.register_profile("quick", settings.get_profile("no-clock"), max_examples=helpers.examples(100))
        settings.load_profile("quick")
    else:
        settings.load_profile("no-clock")


@pytest.fixture(autouse=True, scope="session")
def _run_from_repository_root():
    previous = Path.cwd()
    os.chdir(ROOT)
    yield
    os.chdir(previous)
