"""CPU time of ``yakuset diff A B`` for every ordered pair of bundled rule sets of a game.

    python bench/diff_pairs.py [--game riichi|koikoi] [--top 10] [--json FILE]

Each pair runs as its own process (``python -m yakuset diff A B``, text output discarded), so no
memo carries over from one pair to the next; its CPU time (user + system, from ``wait4``) is the
figure: it depends far less than a wall-clock time on what else the machine runs. The
slowest pairs and the worst time per game are printed; ``--json`` writes every figure.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import yakuset
from _common import machine_line


def cpu_seconds(a: str, b: str) -> float:
    """The CPU seconds one ``yakuset diff a b`` process takes (its children included)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "yakuset", "diff", a, b],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(process.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise SystemExit(f"diff {a} {b} exited {code}: {process.stderr.read().decode() if process.stderr else ''}")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("riichi", "koikoi"), action="append")
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    print(machine_line())
    figures: dict[str, float] = {}
    for game in args.game or ("riichi", "koikoi"):
        ids = sorted(entry.id for entry in yakuset.list_rulesets() if entry.game == game)
        pairs = list(itertools.permutations(ids, 2))
        seconds = {f"{a} {b}": cpu_seconds(a, b) for a, b in pairs}
        figures.update(seconds)
        slowest = sorted(seconds.items(), key=lambda item: -item[1])
        print(
            f"{game}: {len(pairs)} pairs, CPU seconds: worst {slowest[0][1]:.2f} ({slowest[0][0]}), "
            f"median {sorted(seconds.values())[len(pairs) // 2]:.2f}, all {sum(seconds.values()):.1f}"
        )
        for pair, value in slowest[: args.top]:
            print(f"  {value:6.2f}  {pair}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n")


if __name__ == "__main__":
    main()
