"""A counted fuzzing campaign: rule files, API calls and command lines, game logs (through the
API and through ``yakuset replay``/``diff --logs``), games at both tables and requests to the
HTTP endpoint that takes scripts, each case run under a time limit; every escape is grouped by
its signature and the first example of each is printed.

    python -m tests.fuzz.campaign [--files 40000] [--calls 150000] [--cli 2500] [--logs 20000]
        [--cuts all] [--log-cli 1000] [--tables 400] [--http 1500] [--seed 1]

An escape is: loading that raises anything but ``yakuset.RulesetError`` (or a loaded rule set
whose scoring then raises anything but ``InputError``); an API call that raises anything but
``InputError``/``RulesetError``; a command line that raises out of ``main``, exits with a code
other than 0, 1 or 2, or prints a traceback or an error that is not one line naming yakuset (a
JSON error object with ``--json``); a log read, checked or replayed with anything but a
``LogError`` or ``InputError`` (``--logs``: every shared log mutated in turn and hostile
documents; ``--cuts``: the smallest Tenhou XML and tenhou.net/6 logs cut at every byte, or at as
many bytes as given, spread evenly); a table that takes a malformed or illegal move, changes on
refusing one, or raises anything but ``IllegalMove`` (``--tables``: games, Riichi and Koi-Koi in
turn, each to its end); an HTTP answer of 500 or more, or not a JSON object (``--http``). A
hang is a case past its time limit. Exit code 1 if any.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import resource
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import yakuset
from yakuset import InputError, RulesetError
from yakuset._cli import main as cli_main

from .api_calls import random_call
from .cli_runs import random_argv
from .generators import GENERATORS
from .http_requests import answers, escape_of, replay_body
from .log_runs import OTHERS, cli_escape, every_truncation, log_case, log_command, use_log
from .table_games import koikoi_game, riichi_game


class Hang(Exception):
    """A case ran past its time limit."""


def _alarm(_signum: int, _frame: Any) -> None:
    raise Hang


def bounded(seconds: float, thunk: Callable[[], Any]) -> Any:
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return thunk()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def signature(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    where = next(
        (
            f
            for f in reversed(frames)
            if "yakuset" in f.filename or "/engine/" in f.filename or "/plugins/" in f.filename
        ),
        frames[-1] if frames else None,
    )
    place = f"{Path(where.filename).name}:{where.lineno} {where.name}" if where else "?"
    return f"{type(error).__name__} at {place}: {str(error)[:80]}"


def within(problem: yakuset.Problem, text: str, path: Path) -> bool:
    """The problem's line and column lie in the text it is about (as editors count lines)."""
    where = problem.location
    if where.line < 1 or where.col < 1:
        return False
    if Path(where.file).name != path.name:
        return True  # a bundled parent's problem
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return where.line <= len(lines) and where.col <= len(lines[where.line - 1]) + 1


def use(rs: yakuset.RuleSet) -> None:
    """Score with a loaded rule set as a user would: every answer is a result or an InputError."""
    for run in (
        (lambda: yakuset.koikoi.award_tables(rs))
        if rs.game == "koikoi"
        else (lambda: yakuset.riichi.payment_grids(rs)),
        (lambda: yakuset.koikoi.award(rs, base=9, own_calls=3, opponent_calls=1))
        if rs.game == "koikoi"
        else (lambda: yakuset.riichi.score(rs, han=60, fu=30, tsumo=True)),
        (lambda: None) if rs.game == "koikoi" else (lambda: _a_short_game(rs)),
    ):
        with contextlib.suppress(InputError):
            run()


def _a_short_game(rs: yakuset.RuleSet) -> None:
    """A few hands of every kind and the standings, under a (possibly mutated) Riichi rule set."""
    riichi = yakuset.riichi
    state = riichi.new_game(rs)
    for outcome in (
        {
            "ron": {
                "discarder": 0,
                "winners": [{"seat": 1, "han": 3, "fu": 30}, {"seat": 2, "yakuman": ["daisangen"], "pao": 3}],
            }
        },
        {"tsumo": {"seat": 2, "yakuman": ["daisangen", "tsuuiisou"], "pao": 0}},
        {"draw": {"tenpai": [0], "nagashi": [1]}},
        {"draw": {"tenpai": [1, 2]}},
        {"abort": "four_winds"},
        {"chombo": 1},
    ):
        with contextlib.suppress(InputError):
            state = riichi.settle(rs, state, outcome, [2]).state
    riichi.standings(rs, state)


class Tally:
    def __init__(self, name: str) -> None:
        self.name, self.runs, self.hangs, self.seconds = name, 0, 0, 0.0
        self.escapes: Counter[str] = Counter()
        self.examples: dict[str, str] = {}

    def escape(self, key: str, example: str) -> None:
        self.escapes[key] += 1
        self.examples.setdefault(key, example)

    def report(self) -> str:
        lines = [
            f"{self.name}: {self.runs:,} runs, {sum(self.escapes.values()):,} escapes "
            f"({len(self.escapes)} signatures), {self.hangs} hangs, {self.seconds:.0f} s"
        ]
        for key, count in self.escapes.most_common():
            lines.append(f"  {count:6,}  {key}")
            lines.append(f"          e.g. {self.examples[key][:300]!r}")
        return "\n".join(lines)


def files(count: int, rng: random.Random, folder: Path, limit: float) -> Tally:
    tally = Tally("rule files")
    kinds = sorted(GENERATORS)
    for index in range(count):
        kind = kinds[index % len(kinds)]
        name, text = GENERATORS[kind](rng)
        path = folder / name
        tally.runs += 1
        try:
            rs = bounded(limit, lambda text=text, path=path: yakuset.load_ruleset_text(text, path))
            bounded(limit, lambda rs=rs: use(rs))
        except RulesetError as error:
            for problem in error.problems:
                if not within(problem, text, path):
                    tally.escape("a problem placed outside its line", f"{problem}\n{kind}: {text}")
        except Hang:
            tally.hangs += 1
            tally.escape("hang", f"{kind}: {text}")
        except Exception as error:
            tally.escape(signature(error), f"{kind}: {text}")
    return tally


def calls(count: int, rng: random.Random, limit: float) -> Tally:
    tally = Tally("API calls")
    for _ in range(count):
        kind, text, thunk = random_call(rng)
        tally.runs += 1
        try:
            bounded(limit, thunk)
        except (InputError, RulesetError):
            pass
        except Hang:
            tally.hangs += 1
            tally.escape(f"hang in {kind}", text)
        except Exception as error:
            tally.escape(signature(error), text)
    return tally


def command_lines(count: int, rng: random.Random, folder: Path, limit: float) -> Tally:
    tally = Tally("command lines")
    for _ in range(count):
        argv = random_argv(rng, folder)
        tally.runs += 1
        out, err = io.StringIO(), io.StringIO()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = bounded(limit, lambda argv=argv: cli_main(argv))
            if code not in (0, 1, 2):
                tally.escape(f"exit code {code}", repr(argv))
            if "unexpected error" in err.getvalue():
                tally.escape(err.getvalue().strip()[:120], repr(argv))
        except SystemExit as exit_:
            if exit_.code not in (0, None):  # --help exits 0 through argparse
                tally.escape(f"SystemExit {exit_.code}", repr(argv))
        except Hang:
            tally.hangs += 1
            tally.escape("hang", repr(argv))
        except Exception as error:
            tally.escape(signature(error), repr(argv))
    return tally


def _log_api(tally: Tally, name: str, data: bytes, other: str, limit: float) -> None:
    tally.runs += 1
    try:
        bounded(limit, lambda: use_log(data, other))
    except InputError:  # LogError among them
        pass
    except Hang:
        tally.hangs += 1
        tally.escape("hang", f"{name}: {data[:300]!r}")
    except Exception as error:
        tally.escape(signature(error), f"{name}: {data[:300]!r}")


def logs(count: int, rng: random.Random, limit: float) -> Tally:
    tally = Tally("logs (API)")
    for index in range(count):
        name, data = log_case(rng, index)
        _log_api(tally, name, data, rng.choice(OTHERS), limit)
    return tally


def cuts(count: int | None, rng: random.Random, limit: float) -> Tally:
    tally = Tally("logs cut short (API)")
    every = every_truncation()
    step = 1 if count is None or count >= len(every) else max(1, len(every) // max(count, 1))
    for name, data in every[::step][: len(every) if count is None else count]:
        _log_api(tally, name, data, rng.choice(OTHERS), limit)
    return tally


def log_command_lines(count: int, rng: random.Random, folder: Path, limit: float) -> Tally:
    tally = Tally("replay and diff --logs command lines")
    for index in range(count):
        argv = log_command(rng, folder, index)
        tally.runs += 1
        try:
            found = bounded(limit, lambda argv=argv: cli_escape(argv))
            if found is not None:
                tally.escape(found[:120], repr(argv))
        except Hang:
            tally.hangs += 1
            tally.escape("hang", repr(argv))
        except Exception as error:
            tally.escape(signature(error), repr(argv))
    return tally


def tables(count: int, rng: random.Random, limit: float) -> Tally:
    tally = Tally("table games")
    tried = 0
    for index in range(count):
        game = riichi_game if index % 2 == 0 else koikoi_game
        seed = rng.randrange(2**32)
        tally.runs += 1
        try:
            found, hostile = bounded(limit * 10, lambda game=game, seed=seed: game(random.Random(seed)))
            tried += hostile
            for problem in found:
                tally.escape(problem[:120], f"{game.__name__}(random.Random({seed}))")
        except Hang:
            tally.hangs += 1
            tally.escape("hang", f"{game.__name__}(random.Random({seed}))")
        except Exception as error:
            tally.escape(signature(error), f"{game.__name__}(random.Random({seed}))")
    tally.name = f"table games ({tried:,} hostile moves refused)"
    return tally


def requests(count: int, rng: random.Random, limit: float) -> Tally:
    tally = Tally("POST /api/v1/replay")
    if not count:
        return tally

    def each(body: bytes, status: int, answer: bytes) -> None:
        tally.runs += 1
        found = escape_of(status, answer)
        if found is not None:
            tally.escape(found[:120], repr(body[:300]))

    answers((replay_body(rng) for _ in range(count)), limit, each)
    return tally


class Budget(NamedTuple):
    """How many cases of each surface a campaign runs (``cuts``: ``None`` for every byte)."""

    files: int = 0
    calls: int = 0
    cli: int = 0
    logs: int = 0
    cuts: int | None = 0
    log_cli: int = 0
    tables: int = 0
    http: int = 0


def run(budget: Budget, seed: int, limit: float) -> list[Tally]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="yakuset-fuzz-") as work:
        folder = Path(work)
        surfaces: list[Callable[[], Tally]] = [
            lambda: files(budget.files, rng, folder, limit),
            lambda: calls(budget.calls, rng, limit),
            lambda: command_lines(budget.cli, rng, folder, limit),
            lambda: logs(budget.logs, rng, limit),
            lambda: cuts(budget.cuts, rng, limit),
            lambda: log_command_lines(budget.log_cli, rng, folder, limit),
            lambda: tables(budget.tables, rng, limit),
            lambda: requests(budget.http, rng, limit),
        ]
        tallies = []
        for surface in surfaces:
            started = time.perf_counter()
            tallies.append(surface())
            tallies[-1].seconds = time.perf_counter() - started
        return tallies


def _cuts(word: str) -> int | None:
    return None if word == "all" else int(word)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=40_000)
    parser.add_argument("--calls", type=int, default=150_000)
    parser.add_argument("--cli", type=int, default=2_500)
    parser.add_argument("--logs", type=int, default=20_000)
    parser.add_argument("--cuts", type=_cuts, default=None, help="cut points, or all (every byte)")
    parser.add_argument("--log-cli", type=int, default=1_000)
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--http", type=int, default=1_500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=10.0, help="seconds a case may take")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    budget = Budget(args.files, args.calls, args.cli, args.logs, args.cuts, args.log_cli, args.tables, args.http)
    tallies = run(budget, args.seed, args.limit)
    for tally in tallies:
        print(tally.report())
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    escapes = sum(sum(t.escapes.values()) for t in tallies)
    hangs = sum(t.hangs for t in tallies)
    print(
        f"seed {args.seed}: {escapes} escapes, {hangs} hangs, peak RSS {peak:,} KiB, "
        f"{time.perf_counter() - started:.0f} s"
    )
    return 1 if escapes or hangs else 0


if __name__ == "__main__":
    sys.exit(main())
