#!/usr/bin/env python
"""How real the bots' play is: each rate a study measures beside the figure of people playing the
same rule set, its goal, and whether the bots are within it (issue 44 item 2).

Riichi (``--game riichi``): ``--games`` hanchan of ``tenhou`` (``REAL_PLAY.ruleset``) from
``--seed``, the ``human`` bot at every seat (or ``--bots NAME``), played by
``yakuset.riichi.play_games`` (the code ``yakuset simulate`` runs), split over ``--workers``
processes (each plays a consecutive part of the games; tallies of any partition sum to the same
figures). The real figures are ``yakuset.riichi.study.real_play.REAL_PLAY`` (Tenhou's houou
room; its source is printed) and each distance is ``yakuset._core.realism.distances``: nothing
here states a figure. Calibration is this bench, not a test: the habits' defaults
(``yakuset._plugins.riichi_human.Habits``) are chosen so that every figure is within its goal.

    python bench/realism.py --game riichi [--games 2000] [--seed 1] [--workers 1] [--bots human]

Koi-Koi (``--game koikoi``): ``--matches`` matches of ``koikoi-japan`` (``REAL_PLAY.ruleset``)
from ``--seed`` between ``--bots`` (two names, the first dealer's first; ``human,human`` by
default), played by ``yakuset.koikoi.play_matches`` and summed up by ``yakuset.koikoi.summary``.
The real figures are ``yakuset.koikoi.study.real_play.REAL_PLAY`` (KoiKoi-AI's human game
records, derived by ``bench/koikoi_human_rates.py``); the ``human`` bot's habits
(``yakuset._plugins.koikoi_bots.HumanHabits``) are calibrated on them.

    python bench/realism.py --game koikoi [--matches 2000] [--seed 1] [--bots human,human]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import pairwise
from typing import Any

from _common import machine_line  # bench/ is on sys.path when a script runs


def riichi_part(ruleset: str, seed: int, start: int, stop: int, bot: str) -> Any:
    """The tally of Riichi games ``start .. stop-1`` of a study seeded ``seed``, ``bot`` at each seat."""
    import yakuset
    from yakuset import riichi

    rs = yakuset.load_ruleset(ruleset)
    players = riichi.rules_of(rs).table.players
    return riichi.play_games(rs, seed, start, stop, riichi.find_bots(rs, [bot] * players))


def cut(games: int, workers: int) -> list[tuple[int, int]]:
    """``0 .. games-1`` cut into ``workers`` consecutive parts (none empty)."""
    workers = max(1, min(workers, games))
    bounds = [games * index // workers for index in range(workers + 1)]
    return list(pairwise(bounds))


def riichi_realism(games: int, seed: int, workers: int, bot: str) -> list[str]:
    """The Riichi half: the report's lines."""
    from yakuset.riichi import summary
    from yakuset.riichi.study.real_play import REAL_PLAY

    began = time.perf_counter()
    parts = cut(games, workers)
    if len(parts) == 1:
        tallies = [riichi_part(REAL_PLAY.ruleset, seed, *parts[0], bot)]
    else:
        with ProcessPoolExecutor(len(parts)) as pool:
            futures = [pool.submit(riichi_part, REAL_PLAY.ruleset, seed, start, stop, bot) for start, stop in parts]
            tallies = [future.result() for future in futures]
    tally = tallies[0]
    for other in tallies[1:]:
        tally.add(other)
    seconds = time.perf_counter() - began
    found = summary(tally)
    heading = (
        f"{REAL_PLAY.ruleset}, {bot} at every seat: {games:,} hanchan ({tally.hands:,} hands), seed {seed}, "
        f"{len(parts)} worker(s), {seconds:.0f} s"
    )
    return report(REAL_PLAY, found, heading)


def report(real: Any, found: dict[str, Any], heading: str) -> list[str]:
    """A study's figures beside people's (``real``, a :class:`yakuset._core.realism.RealPlay`;
    ``found``, the study's summary): each with its distance, its goal and whether it is within."""
    from yakuset._core.realism import distances

    measured = {d.figure.name: d for d in distances(real, found)}
    width = max(len(figure.label) for figure in real.figures)
    lines = [
        heading,
        f"real play: {real.who}; source: {real.source}",
        f"  {'figure':<{width}} {'bots':>8} {'real':>8} {'off':>13} {'goal':>11}  within",
    ]
    for figure in real.figures:
        d = measured.get(figure.name)
        if d is None:
            lines.append(f"  {figure.label:<{width}} {'-':>8} {figure.shown(figure.value):>8}   (not measured)")
            continue
        lines.append(
            f"  {figure.label:<{width}} {figure.shown(d.measured):>8} {figure.shown(figure.value):>8} "
            f"{figure.shown_off(d.off):>13} {figure.shown_goal():>11}  {'yes' if d.within else 'NO'}"
        )
    kept = sum(d.within for d in measured.values())
    lines.append(f"  {kept} of {len(real.figures)} figures within their goal")
    return lines


def koikoi_realism(matches: int, seed: int, bots: str) -> list[str]:
    """The Koi-Koi half: the report's lines."""
    import yakuset
    from yakuset import koikoi
    from yakuset.koikoi.study.real_play import REAL_PLAY

    rs = yakuset.load_ruleset(REAL_PLAY.ruleset)
    names = bots.split(",")
    began = time.perf_counter()
    tally = koikoi.play_matches(rs, seed, 0, matches, koikoi.find_bots(rs, names))
    seconds = time.perf_counter() - began
    heading = (
        f"{REAL_PLAY.ruleset}, {' vs '.join(names)}: {matches:,} matches ({tally.rounds:,} rounds), seed {seed}, "
        f"{seconds:.1f} s ({matches / seconds:.0f} matches a second)"
    )
    return report(REAL_PLAY, koikoi.summary(tally), heading)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=("riichi", "koikoi"), default="riichi")
    parser.add_argument("--games", type=int, default=2000, help="hanchan (Riichi) to play")
    parser.add_argument("--matches", type=int, default=2000, help="matches (Koi-Koi) to play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes to play on (Riichi)")
    parser.add_argument(
        "--bots", help="Riichi: the bot at every seat (human); Koi-Koi: two, first dealer's first (human,human)"
    )
    args = parser.parse_args()
    if args.games < 1 or args.workers < 1 or args.matches < 1:
        parser.error("--games, --matches and --workers must be at least 1")
    print(machine_line())
    if args.game == "koikoi":
        lines = koikoi_realism(args.matches, args.seed, args.bots or "human,human")
    else:
        lines = riichi_realism(args.games, args.seed, args.workers, args.bots or "human")
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()
