"""A counted fuzzing campaign: rule files, API calls and command lines, each run under a time
limit; every escape is grouped by its signature and the first example of each is printed.

    python -m tests.fuzz.campaign [--files 40000] [--calls 150000] [--cli 2500] [--seed 1]

An escape is: loading that raises anything but ``yakuset.RulesetError`` (or a loaded rule set
whose scoring then raises anything but ``InputError``); an API call that raises anything but
``InputError``/``RulesetError``; a command line that raises out of ``main`` or exits with a code
other than 0, 1 or 2. A hang is a case past its time limit. Exit code 1 if any.
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
from typing import Any

import yakuset
from yakuset import InputError, RulesetError
from yakuset._cli import main as cli_main

from .api_calls import random_call
from .cli_runs import random_argv
from .generators import GENERATORS


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
        self.name, self.runs, self.hangs = name, 0, 0
        self.escapes: Counter[str] = Counter()
        self.examples: dict[str, str] = {}

    def escape(self, key: str, example: str) -> None:
        self.escapes[key] += 1
        self.examples.setdefault(key, example)

    def report(self) -> str:
        lines = [
            f"{self.name}: {self.runs:,} runs, {sum(self.escapes.values()):,} escapes "
            f"({len(self.escapes)} signatures), {self.hangs} hangs"
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


def run(files_count: int, calls_count: int, cli_count: int, seed: int, limit: float) -> list[Tally]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="yakuset-fuzz-") as work:
        folder = Path(work)
        return [
            files(files_count, rng, folder, limit),
            calls(calls_count, rng, limit),
            command_lines(cli_count, rng, folder, limit),
        ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=40_000)
    parser.add_argument("--calls", type=int, default=150_000)
    parser.add_argument("--cli", type=int, default=2_500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=10.0, help="seconds a case may take")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    tallies = run(args.files, args.calls, args.cli, args.seed, args.limit)
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
