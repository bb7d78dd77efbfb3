#!/usr/bin/env python
"""Whole Riichi hanchan with random players on one core: hanchan per second, side by side.

The speed figure of issue 26 compares our ``yakuset.riichi.Table`` with riichienv 0.4.11 (PyPI, a
Rust engine) through its Python API: ``RiichiEnv(game_mode="4p-red-half")`` (four players, red
fives, a hanchan; riichienv's default rule, Tenhou's) with riichienv's own
``riichienv.agents.RandomAgent`` at each seat (a uniform choice among ``obs.legal_actions()``,
seeded), the loop riichienv's README shows: ``obs = env.reset()``, then ``env.step({seat:
agent.act(o)})`` for each observation until ``env.done()``. Game ``k`` uses ``RiichiEnv(seed=k)``
and agents seeded ``4k .. 4k+3``.

Each side is one function ``(games, start, count) -> hands played`` in ``SIDES``, its figure
printed beside the others and its ratio to riichienv's after them. Our side: ``Table(tenhou,
seed=k)``, each decision a uniform ``random.Random(k)`` choice among ``table.legal_moves()``, played
through ``table.play``. ⚠ Until the Table plays calls (issue 26's later increments) it plays a
simpler game than riichienv's (no chi, pon, kan): its figure is not yet the issue's goal figure.
The bots' sides play through ``yakuset.riichi.play_game(tenhou, k, bots)``, the code ``yakuset
simulate`` runs: ``bots-random`` (the built-in ``random`` bot at each seat, each from its own
stream), ``bots-efficiency`` (each discard counted by ``tile_efficiency``) and ``bots-human``
(the ``human`` bot of issue 44: the same count, with its habits of folding, calling and dama);
the two over ``--efficiency-games`` hanchan, fewer: their figures are said, they are no race.
Median and best of ``--repeats`` timed runs of ``--games`` hanchan each,
garbage collector off, after an untimed warm-up; the process is pinned to one CPU (``--cpu``).

    python bench/riichi_random.py [--games 200] [--repeats 5] [--cpu 0] [--efficiency-games 10]

For instruction counts, ``--once N --side riichienv|Table|bots-random|bots-efficiency|bots-human`` plays 5
hanchan, then N more, untimed: run it under ``valgrind --tool=callgrind`` with N and with 0 and
divide the difference by N.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
from collections.abc import Callable

from _common import machine_line, timed  # bench/ is on sys.path when a script runs


def riichienv_hanchan(games: int, start: int = 0, count: bool = False) -> int:
    """``games`` hanchan of riichienv's ``RandomAgent`` x4 in ``RiichiEnv(game_mode="4p-red-half")``;
    with ``count``, the hands played (read from the game log, which riichienv rebuilds on each read:
    about 20 ms a hanchan, so never when timed), else 0."""
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    hands = 0
    for game in range(start, start + games):
        env = RiichiEnv(game_mode="4p-red-half", seed=game)
        agents = [RandomAgent(seed=4 * game + seat) for seat in range(4)]
        observations = env.reset()
        while not env.done():
            observations = env.step({seat: agents[seat].act(obs) for seat, obs in observations.items()})
        if count:
            hands += sum(1 for event in env.mjai_log if event["type"] == "end_kyoku")
    return hands


def table_hanchan(games: int, start: int = 0, count: bool = False) -> int:
    """``games`` hanchan at ``yakuset.riichi.Table(tenhou, seed=k)``, each decision a uniform random
    legal move; the hands played (counted for free)."""
    import random

    import yakuset
    from yakuset.riichi import Table

    rs = yakuset.load_ruleset("tenhou")
    hands = 0
    for game in range(start, start + games):
        table = Table(rs, seed=game)
        pick = random.Random(game).random
        while table.to_move is not None:
            moves = table.legal_moves()
            table.play(moves[int(pick() * len(moves))])
        hands += len(table.hands)
    return hands


def bots_hanchan(games: int, start: int = 0, count: bool = False, bot: str = "random") -> int:
    """``games`` hanchan of ``bot`` x4 under ``tenhou``, played by ``yakuset.riichi.play_game``
    from seeds ``start ..`` (the code ``yakuset simulate`` runs); the hands played."""
    import yakuset
    from yakuset import riichi

    rs = yakuset.load_ruleset("tenhou")
    bots = riichi.find_bots(rs, [bot] * 4)
    hands = 0
    for game in range(start, start + games):
        hands += len(riichi.play_game(rs, game, bots).hands)
    return hands


def efficiency_hanchan(games: int, start: int = 0, count: bool = False) -> int:
    """As :func:`bots_hanchan` with the ``efficiency`` bot at each seat."""
    return bots_hanchan(games, start, count, "efficiency")


def human_hanchan(games: int, start: int = 0, count: bool = False) -> int:
    """As :func:`bots_hanchan` with the ``human`` bot at each seat."""
    return bots_hanchan(games, start, count, "human")


#: Each side: a name and a function playing ``games`` hanchan from game ``start`` (with ``count``,
#: giving the hands played).
SIDES: dict[str, Callable[[int, int, bool], int]] = {
    "riichienv": riichienv_hanchan,
    "Table": table_hanchan,
    "bots-random": bots_hanchan,
    "bots-efficiency": efficiency_hanchan,
    "bots-human": human_hanchan,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--cpu", type=int, default=0, help="the one CPU to run on")
    parser.add_argument(
        "--efficiency-games", type=int, default=10, help="hanchan of the efficiency and human bots' figures"
    )
    parser.add_argument("--once", type=int, default=None, metavar="N", help="play N hanchan once, untimed")
    parser.add_argument("--side", default="riichienv", choices=sorted(SIDES), help="the side of --once")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})
    if args.once is not None:
        gc.disable()
        SIDES[args.side](5, 10_000, False)
        SIDES[args.side](args.once, 0, False)
        return
    from importlib import metadata

    print(machine_line() + f"; riichienv {metadata.version('riichienv')}")
    print(f"hanchan a second, random players ({args.games} hanchan; median (best) of {args.repeats}; CPU {args.cpu})")
    rates = {}
    for name, side in SIDES.items():
        games = args.efficiency_games if name in ("bots-efficiency", "bots-human") else args.games
        warm = min(10, games)
        hands = side(warm, 10_000, True) / warm  # warm-up, untimed
        times = [timed(lambda side=side, games=games: side(games, 0, False) and None) for _ in range(args.repeats)]
        rates[name] = games / statistics.median(times)
        print(
            f"  {name:<24} {rates[name]:>7.2f} ({games / min(times):>6.2f})   {hands:.1f} hands a hanchan"
            f" ({games} hanchan)"
        )
    base = rates.pop("riichienv")
    for name, rate in rates.items():
        print(f"  {name} / riichienv: {rate / base:.2f}x")


if __name__ == "__main__":
    main()
