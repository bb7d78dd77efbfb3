"""Bounded fuzzing in the test suite: the campaign's generators driven by hypothesis seeds.

Whatever file, call, command line or log they produce, yakuset answers with a result, a located
``RulesetError`` or an ``InputError`` (a ``LogError``; exit code 0, 1 or 2 for the CLI), and never
anything else; the tables refuse hostile moves unchanged, the HTTP API answers below 500.
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
from .http_requests import answers, escape_of, replay_body
from .log_runs import OTHERS, cli_escape, every_truncation, log_case, log_command, use_log
from .table_games import koikoi_game, riichi_game

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


# --- logs, tables and the HTTP API (issue 42: the campaigns of the must-show) ---------------------


def check_log(seed: int) -> None:
    rng = random.Random(seed)
    name, data = log_case(rng, rng.randrange(10_000))
    try:
        use_log(data, rng.choice(OTHERS))
    except yakuset.InputError:  # LogError among them
        pass
    except Exception as error:
        raise AssertionError(f"{name} raised {type(error).__name__}: {error}\n{data[:300]!r}") from error


@QUICK
@given(seed=SEEDS)
def test_a_mutated_or_hostile_log_is_read_or_refused_with_a_log_error(seed):
    check_log(seed)


def test_a_small_log_cut_at_any_byte_is_read_or_refused_with_a_log_error():
    for name, data in every_truncation():
        try:
            use_log(data, "ema-2025")
        except yakuset.InputError:
            pass
        except Exception as error:
            raise AssertionError(f"{name} raised {type(error).__name__}: {error}") from error


@settings(max_examples=examples(8), deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(seed=SEEDS)
def test_replay_and_diff_logs_of_a_hostile_log_exit_0_1_or_2_with_one_line(seed, folder):
    argv = log_command(random.Random(seed), folder, seed)
    assert cli_escape(argv) is None, argv


@settings(max_examples=examples(3), deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(seed=SEEDS)
def test_hostile_moves_at_both_tables_are_refused_and_change_nothing(seed):
    total = 0
    for game in (riichi_game, koikoi_game):
        escapes, tried = game(random.Random(seed))
        assert escapes == [], (game.__name__, seed, escapes[:3])
        total += tried
    assert total > 0  # a game may end before its first hostile move (seed 192: a hand aborted at once)


class _Forgetful:
    """A table that refuses every move, yet forgets what was played when it does."""

    def __init__(self) -> None:
        self.played = [1]

    def play(self, move: object) -> None:
        self.played.clear()
        raise yakuset.IllegalMove("malformed", "no", move=move, seat=0)


def test_the_table_campaign_sees_a_refusal_that_changed_the_table():
    from .table_games import _try

    problem, took = _try(_Forgetful(), "x", lambda table: tuple(table.played), True)
    assert (took, problem) == (False, "the table changed after refusing 'x'")


@pytest.mark.slow
@settings(max_examples=400, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(seed=SEEDS)
def test_many_mutated_logs(seed):
    check_log(seed)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(seed=SEEDS)
def test_many_table_games_with_hostile_moves(seed):
    test_hostile_moves_at_both_tables_are_refused_and_change_nothing.hypothesis.inner_test(seed)


@pytest.mark.slow
def test_hostile_replay_requests_are_answered_below_500_as_json():
    pytest.importorskip("starlette", reason="the web extra is not installed")
    rng = random.Random(20261207)
    found: list[str] = []

    def each(body: bytes, status: int, answer: bytes) -> None:
        problem = escape_of(status, answer)
        if problem is not None:
            found.append(f"{problem} for {body[:200]!r}")

    answers((replay_body(rng) for _ in range(60)), 300.0, each)
    assert found == []
