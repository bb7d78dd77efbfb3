"""Shanten throughput: yakuset.riichi against riichienv's calculate_shanten and mahjong's Shanten.

    python bench/shanten.py [--hands 20000] [--repeats 5] [--only NAME] [--seed 26] [--build]

The same seeded hands (13 tiles drawn from a shuffled 136-tile set) go to each side in the form
its API takes: ours as mpsz text (``shanten(text)``, checks included) and as the 34 counts the
table will pass (``shanten_of(counts, limits, 0)``), riichienv as 136-tile ids, mahjong as a list
of 34 counts. "cold" clears every yakuset memo first (the suit tables are built as hands need
them); "warm" runs after an untimed pass. Before timing, the three must agree on every hand.
``--only NAME --passes K`` runs one variant K times over the hands, untimed, for callgrind: a
warm call costs (instructions at 3 passes - at 2) / hands; a cold pass (memos cleared) costs
(instructions at 1 pass - of ``--only none``) / hands.

Ours also counts waits (``shanten_and_waits`` of the hands of 13) and discard efficiency
(``discard_efficiency`` of the hands of 14: one more tile from the same shuffle), and each of
ours again as the reference alone (``shanten_fast.reference_only``: every suit walked, as before
the fast path; on a tree without it, the same code). ``--build`` times building the fast path's
tables (``shanten_fast.build``) and prints the cache file's size.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

import riichienv
import yakuset
from _common import machine_line, timed
from mahjong.shanten import Shanten
from yakuset.riichi.tiles.shanten import discard_efficiency, shanten_and_waits, shanten_of

try:
    from yakuset.riichi.tiles import shanten_fast
except ImportError:  # a tree before the fast path: the reference is all there is
    shanten_fast = None

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.riichi.tiles.test_shanten import mpsz


def hands(count: int, seed: int, size: int = 13) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    out = []
    for _ in range(count):
        counts = [0] * 34
        for tile in rng.sample(wall, size):
            counts[tile] += 1
        out.append(counts)
    return out


def reference() -> contextlib.AbstractContextManager[None]:
    """The reference alone (every suit walked)."""
    return shanten_fast.reference_only() if shanten_fast is not None else contextlib.nullcontext()


def ours(counts: list[list[int]], fourteen: list[list[int]]) -> dict[str, Callable[[], None]]:
    """Our shanten, waits and discard efficiency, by name."""
    limits = b"\x04" * 34
    thirteen = [bytes(c) for c in counts]
    drawn = [(bytes(c), bytes(4 - n for n in c)) for c in fourteen]

    def shanten_run() -> None:
        for c in thirteen:
            shanten_of(c, limits, 0)

    def waits_run() -> None:
        for c in thirteen:
            shanten_and_waits(c, limits, 0)

    def efficiency_run() -> None:
        for c, left in drawn:
            discard_efficiency(c, limits, 0, left)

    return {"counts": shanten_run, "waits": waits_run, "efficiency": efficiency_run}


def referenced(run: Callable[[], None]) -> Callable[[], None]:
    def alone() -> None:
        with reference():
            run()

    return alone


def variants(counts: list[list[int]], fourteen: list[list[int]]) -> dict[str, tuple[Callable[[], None], bool]]:
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

    found: dict[str, tuple[Callable[[], None], bool]] = {
        "ours text, cold": (ours_text, True),
        "ours counts, cold": (ours_counts, True),
        "ours text, warm": (ours_text, False),
        "ours counts, warm": (ours_counts, False),
    }
    for name, run in ours(counts, fourteen).items():
        if name != "counts":
            found[f"ours {name}, cold"] = (run, True)
            found[f"ours {name}, warm"] = (run, False)
        found[f"reference {name}, cold"] = (referenced(run), True)
        found[f"reference {name}, warm"] = (referenced(run), False)
    found["riichienv"] = (riichienv_run, False)
    found["mahjong"] = (mahjong_run, False)
    return found


def build_figures() -> None:
    """The fast path's first use: building its tables, and the file the cache keeps."""
    if shanten_fast is None:
        print("no fast path in this tree")
        return
    import zlib

    start, cpu = time.perf_counter(), time.process_time()
    data = shanten_fast.build()
    print(
        f"shanten_fast.build(): {time.perf_counter() - start:.1f} s ({time.process_time() - cpu:.1f} s of CPU); "
        f"{len(data):,} bytes in memory, {len(zlib.compress(data, 6)):,} in the cache file"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--only", help="one variant's name (or none), run --passes times, untimed (for callgrind)")
    parser.add_argument("--passes", type=int, default=1)
    parser.add_argument("--build", action="store_true", help="time building the fast path's tables, then stop")
    args = parser.parse_args()
    if args.build:
        build_figures()
        return 0
    counts = hands(args.hands, args.seed)
    runs = variants(counts, hands(args.hands, args.seed, 14))
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
        print(f"  {name:<28} {min(got):8.2f} {statistics.median(got):8.2f}")
    best = {name: min(got) for name, got in times.items()}
    for name in ("ours text, warm", "ours counts, warm", "ours counts, cold"):
        print(
            f"  mahjong / {name}: {best['mahjong'] / best[name]:.2f}; "
            f"{name} / riichienv: {best[name] / best['riichienv']:.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
