"""Shanten throughput: yakuset.riichi against riichienv's calculate_shanten and mahjong's Shanten.

    python bench/shanten.py [--hands 20000] [--repeats 5] [--only NAME] [--seed 26]

The same seeded hands (13 tiles drawn from a shuffled 136-tile set) go to each side in the form
its API takes: ours as mpsz text (``shanten(text)``, checks included) and as the 34 counts the
table will pass (``shanten_of(counts, limits, 0)``), riichienv as 136-tile ids, mahjong as a list
of 34 counts. "cold" clears every yakuset memo first (the suit tables are built as hands need
them); "warm" runs after an untimed pass. Before timing, the three must agree on every hand.
``--only NAME --passes K`` runs one variant K times over the hands, untimed, for callgrind: a
warm call costs (instructions at 3 passes - at 2) / hands; a cold pass (memos cleared) costs
(instructions at 1 pass - of ``--only none``) / hands.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

import riichienv
import yakuset
from _common import machine_line, timed
from mahjong.shanten import Shanten
from yakuset.riichi.tiles.shanten import shanten_of

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.riichi.tiles.test_shanten import mpsz


def hands(count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    out = []
    for _ in range(count):
        counts = [0] * 34
        for tile in rng.sample(wall, 13):
            counts[tile] += 1
        out.append(counts)
    return out


def variants(counts: list[list[int]]) -> dict[str, tuple[Callable[[], None], bool]]:
    """name -> (run, cold)."""
    texts = [mpsz(c) for c in counts]
    as_bytes = [bytes(c) for c in counts]
    ids = [[t * 4 + k for t, n in enumerate(c) for k in range(n)] for c in counts]
    limits = b"\x04" * 34
    shanten = yakuset.riichi.shanten
    calculate = riichienv.calculate_shanten
    theirs = Shanten.calculate_shanten

    def ours_text() -> None:
        for text in texts:
            shanten(text)

    def ours_counts() -> None:
        for c in as_bytes:
            shanten_of(c, limits, 0)

    def riichienv_run() -> None:
        for i in ids:
            calculate(i)

    def mahjong_run() -> None:
        for c in counts:
            theirs(c)

    return {
        "ours text, cold": (ours_text, True),
        "ours counts, cold": (ours_counts, True),
        "ours text, warm": (ours_text, False),
        "ours counts, warm": (ours_counts, False),
        "riichienv": (riichienv_run, False),
        "mahjong": (mahjong_run, False),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--only", help="one variant's name (or none), run --passes times, untimed (for callgrind)")
    parser.add_argument("--passes", type=int, default=1)
    args = parser.parse_args()
    counts = hands(args.hands, args.seed)
    runs = variants(counts)
    if args.only:
        run, cold = runs[args.only] if args.only != "none" else (lambda: None, False)
        for _ in range(args.passes):
            if cold:
                yakuset.clear_caches()
            run()
        return 0
    print(machine_line() + f"; riichienv {metadata.version('riichienv')}")
    limits = b"\x04" * 34
    for c in counts:
        ids = [t * 4 + k for t, n in enumerate(c) for k in range(n)]
        ours = shanten_of(bytes(c), limits, 0)
        if not ours == riichienv.calculate_shanten(ids) == Shanten.calculate_shanten(c):
            print(f"disagreement on {mpsz(c)}", file=sys.stderr)
            return 1
    print(
        f"{args.hands} hands of 13 tiles, seed {args.seed}: all three agree; "
        f"µs per hand, best / median of {args.repeats}"
    )
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.repeats):
        for name, (run, cold) in runs.items():  # interleaved, so that load changes hit every variant
            prepare = yakuset.clear_caches if cold else run
            times[name].append(timed(run, prepare) / max(args.hands, 1) * 1e6)
    for name, got in times.items():
        print(f"  {name:<20} {min(got):8.2f} {statistics.median(got):8.2f}")
    best = {name: min(got) for name, got in times.items()}
    for name in ("ours text, warm", "ours counts, warm", "ours counts, cold"):
        print(
            f"  mahjong / {name}: {best['mahjong'] / best[name]:.2f}; "
            f"{name} / riichienv: {best[name] / best['riichienv']:.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
