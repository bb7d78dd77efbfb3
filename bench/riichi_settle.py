"""Throughput of settling hands and replaying whole games, beside scoring the same hands alone.

The inputs are games generated from a fixed seed and played under the rule set, so every state is
one a real game reaches: about 55% single rons, 25% tsumo, 15% exhaustive draws (some with
nagashi where the rule set has it), 3% double rons, 2% abortive draws where the rule set has
them; a third of the hands have a riichi declaration. Wins are given by han and fu (the form a
score sheet holds). Four things are timed on the same hands:

- settle: ``yakuset.riichi.settle(rs, state, outcome, riichi)`` for every hand of every game
  (outcomes per second), the steps not read;
- settle + .steps: the same, reading each settlement's steps;
- score alone (ours): ``yakuset.riichi.score(rs, han=, fu=, dealer=, tsumo=, honba=, riichi_sticks=)``
  for every win of those hands, the work a scorer without settlement does;
- score alone (theirs): mahjong's ``ScoresCalculator.calculate_scores`` for the same wins;
- hanchan replay: ``new_game``, every hand through ``settle``, then ``standings`` (games per second).

Run from the repository root with the project and ``mahjong==2.1.0`` installed::

    python bench/riichi_settle.py [--games 2000] [--repeats 5] [--ruleset tenhou]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from typing import Any

import yakuset
from _common import machine_line, timed  # bench/ is on sys.path when a script runs
from yakuset.riichi import new_game, settle, standings

try:
    from mahjong.constants import EAST, SOUTH
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.hand_calculating.scores import ScoresCalculator
except ImportError:
    sys.exit("this benchmark needs the `mahjong` package: pip install mahjong==2.1.0")

HANDS = [(1, 30), (1, 40), (2, 30), (2, 40), (3, 30), (3, 40), (4, 30), (1, 50), (2, 25), (5, 30), (6, 30), (8, 30)]
Hand = tuple[Any, dict[str, Any], tuple[int, ...]]


def _outcome(rnd: random.Random, table: Any, dealer: int) -> dict[str, Any]:
    roll = rnd.random()
    seats = [0, 1, 2, 3]
    if roll < 0.55:
        discarder, winner = rnd.sample(seats, 2)
        han, fu = rnd.choice(HANDS)
        return {"ron": {"discarder": discarder, "winners": [{"seat": winner, "han": han, "fu": fu}]}}
    if roll < 0.80:
        han, fu = rnd.choice(HANDS)
        return {"tsumo": {"seat": rnd.choice(seats), "han": han, "fu": fu}}
    if roll < 0.95:
        tenpai = sorted(rnd.sample(seats, rnd.randint(0, 4)))
        nagashi = [rnd.choice(seats)] if table.nagashi_mangan and rnd.random() < 0.05 else []
        return {"draw": {"tenpai": tenpai, "nagashi": nagashi}}
    if roll < 0.98:
        discarder = rnd.choice(seats)
        winners = [s for s in seats if s != discarder][:2]
        return {"ron": {"discarder": discarder, "winners": [{"seat": s, "han": 2, "fu": 30} for s in winners]}}
    if table.abortive - {"four_riichi", "triple_ron"}:
        return {"abort": sorted(table.abortive - {"four_riichi", "triple_ron"})[0]}
    return {"draw": {"tenpai": [dealer]}}


def build_games(rs: yakuset.RuleSet, count: int, seed: int = 20261130) -> list[list[Hand]]:
    """``count`` games, each a list of (state before, outcome, riichi) that ``rs`` accepts."""
    table = yakuset.riichi.rules_of(rs).table
    rnd = random.Random(seed)
    games = []
    for _ in range(count):
        state, hands = new_game(rs), []
        while not state.ended and len(hands) < 40:
            outcome = _outcome(rnd, table, state.dealer)
            riichi: tuple[int, ...] = ()
            if rnd.random() < 0.33:
                riichi = (rnd.choice([0, 1, 2, 3]),)
                if "draw" in outcome and riichi[0] not in outcome["draw"]["tenpai"]:
                    outcome["draw"]["tenpai"] = sorted({*outcome["draw"]["tenpai"], riichi[0]})
            try:
                result = settle(rs, state, outcome, riichi)
            except yakuset.InputError:
                continue  # e.g. riichi without 1000 points: draw another hand
            hands.append((state, outcome, riichi))
            state = result.state
        games.append(hands)
    return games


def wins_of(hands: list[Hand]) -> list[dict[str, Any]]:
    """Every paid-or-not win of the hands as ``score`` keyword arguments."""
    out = []
    for state, outcome, riichi in hands:
        wins = outcome["ron"]["winners"] if "ron" in outcome else [outcome["tsumo"]] if "tsumo" in outcome else []
        for win in wins:
            out.append(
                {
                    "han": win["han"],
                    "fu": win["fu"],
                    "dealer": win["seat"] == state.dealer,
                    "tsumo": "tsumo" in outcome,
                    "honba": state.honba,
                    "riichi_sticks": state.sticks + len(riichi),
                }
            )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--ruleset", default="tenhou")
    args = parser.parse_args()
    rs = yakuset.load_ruleset(args.ruleset)
    games = build_games(rs, args.games)
    hands = [hand for game in games for hand in game]
    wins = wins_of(hands)
    calculator = ScoresCalculator()
    options = OptionalRules(kiriage=False, kazoe_limit=HandConstants.KAZOE_LIMITED, has_double_yakuman=False)
    configs = [
        (
            w["han"],
            w["fu"],
            HandConfig(
                is_tsumo=w["tsumo"],
                player_wind=EAST if w["dealer"] else SOUTH,
                round_wind=EAST,
                tsumi_number=w["honba"],
                kyoutaku_number=w["riichi_sticks"],
                options=options,
            ),
        )
        for w in wins
    ]
    score = yakuset.riichi.score

    def settle_all() -> None:
        for state, outcome, riichi in hands:
            settle(rs, state, outcome, riichi)

    def settle_steps() -> None:
        for state, outcome, riichi in hands:
            _ = settle(rs, state, outcome, riichi).steps

    def score_ours() -> None:
        for kwargs in wins:
            score(rs, **kwargs)

    def score_theirs() -> None:
        for han, fu, config in configs:
            calculator.calculate_scores(han, fu, config)

    def replay() -> None:
        for game in games:
            state = new_game(rs)
            for _, outcome, riichi in game:
                state = settle(rs, state, outcome, riichi).state
            standings(rs, state)

    variants: list[tuple[str, Callable[[], None], int, str]] = [
        ("settle", settle_all, len(hands), "outcomes"),
        ("settle + .steps", settle_steps, len(hands), "outcomes"),
        ("score alone (ours)", score_ours, len(wins), "wins"),
        ("score alone (theirs: mahjong)", score_theirs, len(wins), "wins"),
        ("hanchan replay + standings", replay, len(games), "games"),
    ]
    for _, run, _, _ in variants:
        run()  # warm the memos once, as a long-running table would
    times: dict[str, list[float]] = {name: [] for name, *_ in variants}
    for _ in range(args.repeats):
        for name, run, _, _ in variants:  # interleaved, so drift hits every variant alike
            times[name].append(timed(run))
    print(machine_line())
    print(
        f"rule set {args.ruleset}: {len(games):,} games, {len(hands):,} hands "
        f"({len(hands) / len(games):.1f} a game), {len(wins):,} wins; best and median of {args.repeats}"
    )
    for name, _, count, unit in variants:
        best, median = min(times[name]), statistics.median(times[name])
        print(f"  {name:32} {count / best:>12,.0f} {unit}/s best  {count / median:>12,.0f} median")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
