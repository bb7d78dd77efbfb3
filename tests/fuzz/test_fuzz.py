"""Bounded fuzzing in the test suite: the campaign's generators driven by hypothesis seeds.

Whatever file, call or command line they produce, yakuset answers with a result, a located
``RulesetError`` or an ``InputError`` (exit code 0, 1 or 2 for the CLI), and never anything else.
The long runs are marked ``slow``; ``python -m tests.fuzz.campaign`` runs counted campaigns.
"""

from __future__ import annotations

import contextlib
import io
import random
import shutil
import tempfile
from pathlib import Path

import pytest
import yakuset
from hypothesis import HealthCheck, given, settings, strategies as st
from yakuset._cli import main as cli_main

from ..helpers import examples
from .api_calls import random_call
from .campaign import use, within
from .cli_runs import random_argv
from .generators import GENERATORS

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
QUICK = settings(max_examples=examples(150), deadline=None, database=None, suppress_health_check=list(HealthCheck))
LONG = settings(max_examples=3000, deadline=None, database=None, suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def folder():
    path = Path(tempfile.mkdtemp(prefix="yakuset-fuzz-test-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def check_file(seed: int, folder: Path) -> None:
    rng = random.Random(seed)
    kind = rng.choice(sorted(GENERATORS))
    name, text = GENERATORS[kind](rng)
    path = folder / name
    try:
        rs = yakuset.load_ruleset_text(text, path)
    except yakuset.RulesetError as error:
        assert error.problems
        for problem in error.problems:
            assert within(problem, text, path), f"{problem}\n{text}"
        return
    use(rs)


def check_call(seed: int) -> None:
    _, text, thunk = random_call(random.Random(seed))
    try:
        thunk()
    except (yakuset.InputError, yakuset.RulesetError):
        pass
    except Exception as error:
        raise AssertionError(f"{text} raised {type(error).__name__}: {error}") from error


def check_command_line(seed: int, folder: Path) -> None:
    argv = random_argv(random.Random(seed), folder)
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli_main(argv)
    except SystemExit as exit_:  # --help
        assert exit_.code in (0, None), argv
        return
    assert code in (0, 1, 2), argv
    assert "unexpected error" not in err.getvalue(), (argv, err.getvalue())
    assert "Traceback" not in err.getvalue(), argv


@QUICK
@given(seed=SEEDS)
def test_a_fuzzed_rule_file_loads_or_is_refused_with_located_problems(seed, folder):
    check_file(seed, folder)


@QUICK
@given(seed=SEEDS)
def test_a_fuzzed_api_call_answers_or_raises_an_input_error(seed):
    check_call(seed)


@settings(max_examples=examples(40), deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(seed=SEEDS)
def test_a_fuzzed_command_line_exits_0_1_or_2_without_a_traceback(seed, folder):
    check_command_line(seed, folder)


@pytest.mark.slow
@LONG
@given(seed=SEEDS)
def test_many_fuzzed_rule_files(seed, folder):
    check_file(seed, folder)


@pytest.mark.slow
@LONG
@given(seed=SEEDS)
def test_many_fuzzed_api_calls(seed):
    check_call(seed)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(seed=SEEDS)
def test_many_fuzzed_command_lines(seed, folder):
    check_command_line(seed, folder)


def test_a_seed_mutates_the_same_file_however_many_were_mutated_before():
    """The generators leave their own values alone: a seed's file does not depend on what the
    examples before it mutated (shared values once grew into cycles, and replays disagreed)."""
    from .generators import OTHER_VALUES, mutated_file

    values = repr(OTHER_VALUES)
    first = [mutated_file(random.Random(seed)) for seed in range(10)]
    for seed in range(10, 400):
        mutated_file(random.Random(seed))
    assert [mutated_file(random.Random(seed)) for seed in range(10)] == first
    assert repr(OTHER_VALUES) == values
