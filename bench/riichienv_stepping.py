#!/usr/bin/env python
"""The ``Table`` stepping riichienv's recorded games against riichienv stepping them (issue 41's
must-show: ``Table`` time at least half riichienv's, ratio theirs/ours >= 0.5, four players and three).

riichienv 0.4.11 plays ``--games`` whole seeded games of each preset with the uniform chooser of the
move-by-move harness (tests/oracles/riichienv_play.py, ``play(ruleset, seed, seed)``), recording
every decision and every hand's wall. Each game is then replayed once on our ``Table`` by
``replay_on_table`` (the correctness pass, untimed: a game that differs or stops at a known rule
difference is left out of the timing, and said), which also gives the ``Table`` moves it played.

Then, in one process, each game alternately on each side (interleaved, garbage collector off):

- **riichienv**: ``env.reset()`` with the same seed, then at each step every observation's
  ``legal_actions()`` read and the recorded action taken from them (by its place in the list, found
  untimed), riichi declared in its own step and its discard taken from the next observation, as
  the recording did; ``env.step(answers)`` until ``env.done()``.
- **Table**: ``Table(rs, wall=game.walls)``, then at each decision ``legal_moves()`` listed and the
  recorded move played (``replay_on_table``'s moves, the passes it plays included).

Each figure is the median over ``--repeats`` rounds of the total over the games, in ms a game.

    python bench/riichienv_stepping.py [--games 40] [--repeats 5] [--rulesets tenhou tenhou-sanma] [--cpu 0]

For instruction counts: ``--once N --side Table|riichienv [--ruleset tenhou]`` records ``--games``
games (4 by default with --once), then steps N games (cycling over them) on one side, untimed: run
it under ``valgrind --tool=callgrind`` with N and with 0 and divide the difference by N.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.oracles, from the checkout

import yakuset
from _common import (
    machine_line,
    timed,  # bench/ is on sys.path when a script runs
)
from yakuset.riichi import Table

from tests.oracles.riichienv_play import (
    Game,
    _turn_order,
    actions_of,
    eager,
    env_for,
    play,
    replay_on_table,
    uniform,
)


class Step(NamedTuple):
    """One riichienv step: each seat answering, the place of its action in its ``legal_actions()``
    and, for a riichi, the place of the discard in the ``legal_actions()`` after declaring (else -1)."""

    answers: tuple[tuple[int, int, int], ...]


class Recorded(NamedTuple):
    """A game recorded and checked: the ``game``, riichienv's steps and the Table's moves."""

    game: Game
    steps: list[Step]
    moves: list[Any]

    @property
    def ruleset(self) -> str:
        return self.game.ruleset

    @property
    def seed(self) -> int:
        return self.game.seed

    @property
    def walls(self) -> list[list[int]]:
        return self.game.walls


def their_steps(game: Game) -> list[Step]:
    """riichienv's steps of ``game``: its recorded decisions replayed once, each chosen move found
    among the seat's legal actions (:func:`actions_of`) and kept as its place in the list."""
    decisions = iter(decision for hand in game.hands for decision in hand.decisions)
    env = env_for(game.ruleset, game.seed)
    observations = env.reset()
    steps = []
    while not env.done():
        order = _turn_order(env, env.num_players)
        answers, places = {}, []
        for seat in sorted(observations, key=order):
            decision = next(decisions)
            assert decision.seat == seat, (decision, seat)
            actions = observations[seat].legal_actions()
            chosen = actions_of(decision.chosen, actions)
            first = next(i for i, action in enumerate(actions) if action is chosen[0] or _same(action, chosen[0]))
            second = -1
            if len(chosen) == 2:  # riichi: declared in its own step
                after = env.step({seat: actions[first]})[seat].legal_actions()
                second = next(i for i, action in enumerate(after) if _same(action, chosen[1]))
                answers[seat] = after[second]
            else:
                answers[seat] = actions[first]
            places.append((seat, first, second))
        steps.append(Step(tuple(places)))
        observations = env.step(answers)
    return steps


def _same(one: Any, other: Any) -> bool:
    return bool(
        int(one.action_type) == int(other.action_type)
        and one.tile == other.tile
        and sorted(one.consume_tiles) == sorted(other.consume_tiles)
    )


class _Recording:
    """A ``Table`` whose moves played are kept (for ``replay_on_table``)."""

    def __init__(self, table: Table) -> None:
        self.table, self.moves = table, list[Any]()

    def play(self, move: Any) -> Any:
        self.moves.append(move)
        return self.table.play(move)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.table, name)


#: The harness's choosers: ``uniform`` (any legal move) and ``eager`` (wins, riichi and calls).
CHOOSERS = {"uniform": uniform, "eager": eager}


def record(ruleset: str, seeds: range, chooser: str = "uniform") -> tuple[list[Recorded], list[str]]:
    """The games of ``seeds`` that the Table replays in full agreement, and a note on each left out."""
    rs = yakuset.load_ruleset(ruleset)
    kept, left = [], []
    for seed in seeds:
        game = play(ruleset, seed, seed, CHOOSERS[chooser])
        table = _Recording(Table(rs, wall=game.walls))
        found = replay_on_table(game, table)
        if found is not None:
            left.append(f"{ruleset} seed {seed}: {found}")
            continue
        kept.append(Recorded(game, their_steps(game), table.moves))
    return kept, left


def step_theirs(game: Recorded) -> None:
    """riichienv steps ``game``'s recorded actions."""
    env = env_for(game.ruleset, game.seed)
    observations = env.reset()
    for step in game.steps:
        answers = {}
        for seat, first, second in step.answers:
            action = observations[seat].legal_actions()[first]
            if second >= 0:
                action = env.step({seat: action})[seat].legal_actions()[second]
            answers[seat] = action
        observations = env.step(answers)
    assert env.done()


def step_ours(game: Recorded, rs: Any) -> None:
    """Our ``Table`` steps ``game``'s recorded moves, listing the legal moves at each decision."""
    table = Table(rs, wall=game.walls)
    for move in game.moves:
        table.legal_moves()
        table.play(move)


def check_ours(game: Recorded, rs: Any) -> None:
    """The harness's own replay of ``game`` (``replay_on_table``: the Table's moves and results
    compared with riichienv's at every decision), for the figure with the comparison's work."""
    assert replay_on_table(game.game, Table(rs, wall=game.walls)) is None


def compare(ruleset: str, games: list[Recorded], repeats: int) -> tuple[float, float, float]:
    """Median ms a game of riichienv, of the Table, and of the harness's checked replay, the three
    interleaved game by game."""
    rs = yakuset.load_ruleset(ruleset)
    sides = (step_theirs, lambda game: step_ours(game, rs), lambda game: check_ours(game, rs))
    totals: list[list[float]] = [[], [], []]
    for game in games[:2]:  # warm-up
        for side in sides:
            side(game)
    for _ in range(repeats):
        round_ = [0.0, 0.0, 0.0]
        for game in games:
            for k, side in enumerate(sides):
                round_[k] += timed(lambda side=side, game=game: side(game))
        for k in range(3):
            totals[k].append(round_[k])
    a, b, c = (1000 * statistics.median(total) / len(games) for total in totals)
    return a, b, c


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=None, help="games recorded a rule set (40; 4 with --once)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--rulesets", nargs="+", default=["tenhou", "tenhou-sanma"])
    parser.add_argument("--cpu", type=int, default=0, help="the one CPU to run on")
    parser.add_argument("--once", type=int, default=None, metavar="N", help="step N games once, untimed")
    parser.add_argument("--side", default="Table", choices=["Table", "riichienv"], help="the side of --once")
    parser.add_argument("--ruleset", default="tenhou", help="the rule set of --once")
    parser.add_argument("--chooser", default="uniform", choices=sorted(CHOOSERS), help="how the games are played")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})
    if args.once is not None:
        games, _ = record(args.ruleset, range(args.games or 4), args.chooser)
        rs = yakuset.load_ruleset(args.ruleset)
        gc.disable()
        for k in range(args.once):
            game = games[k % len(games)]
            step_ours(game, rs) if args.side == "Table" else step_theirs(game)
        return
    from importlib import metadata

    count = args.games or 40
    print(machine_line() + f"; riichienv {metadata.version('riichienv')}")
    print(
        f"recorded games ({args.chooser} chooser) stepped, ms a game (median of {args.repeats} rounds,"
        f" interleaved; CPU {args.cpu}); checked: replay_on_table, the harness's comparison included"
    )
    for ruleset in args.rulesets:
        games, left = record(ruleset, range(count), args.chooser)
        for note in left:
            print(f"  left out: {note}")
        theirs, ours, checked = compare(ruleset, games, args.repeats)
        decisions = statistics.mean(len(game.moves) for game in games)
        print(
            f"  {ruleset:<20} riichienv {theirs:7.1f}   Table {ours:7.1f}   theirs/ours {theirs / ours:.2f}x"
            f"   checked {checked:7.1f} ({theirs / checked:.2f}x)   ({len(games)} games, {decisions:.0f} moves a game)"
        )


if __name__ == "__main__":
    main()
