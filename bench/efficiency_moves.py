#!/usr/bin/env python
"""Every move the efficiency bots make in seeded hanchan, written down to compare two trees.

    python bench/efficiency_moves.py OUT [--games 200] [--start 0]

Plays hanchan ``start .. start+games-1`` under ``tenhou`` at ``yakuset.riichi.Table(rs, seed=k)``,
the built-in ``efficiency`` bot at each seat, made as ``yakuset.riichi.play_game`` makes it (the
seat's stream ``random.Random(f"{k}:bot:{seat}")``), and writes to OUT one line a move (game,
seat, the move: every discard, riichi, call, pass and win) and one a hand (its result and the
scores after it). The same file from two trees means the same choices and the same results:
``diff`` them (issue 41: the efficiency bot's choices stay identical).
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import yakuset
from yakuset import riichi


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args()
    rs = yakuset.load_ruleset("tenhou")
    offered = riichi.find_bots(rs, ["efficiency"] * 4)[0]
    lines = []
    for game in range(args.start, args.start + args.games):
        table = riichi.Table(rs, seed=game)
        bots = [offered.factory(rs, random.Random(f"{game}:bot:{seat}")) for seat in range(4)]
        views = [table.view(seat) for seat in range(4)]
        hands = 0
        while (seat := table.to_move) is not None:
            move = bots[seat].choose(views[seat], table.legal_moves())
            lines.append(f"{game} {seat} {move.kind} {move.tile}")
            table.play(move)
            while hands < len(table.hands):
                hand = table.hands[hands]
                lines.append(f"{game} hand {hands}: {hand!r}")
                hands += 1
        lines.append(f"{game} scores {table.state.scores}")
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{args.games} hanchan, {len(lines)} lines: {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
