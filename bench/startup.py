#!/usr/bin/env python
"""Start-up: what a new process pays before its first answer, side by side with `mahjong`.

Each figure is the wall time of a whole fresh process (``subprocess.run``, interpreter start
included), the median (and best) of ``--runs`` runs, the variants interleaved:

- ``python -c pass``: the interpreter alone, for reference;
- ``import yakuset``;
- ``import yakuset; load_ruleset('tenhou')``: the first load in a fresh process (its own
  time is also printed, measured inside the process with ``time.perf_counter``);
- ``yakuset hand tenhou 234m456p23456788s --win 4s --riichi --tsumo``: one hand scored by the
  console script, everything included (argument parsing, loading, scoring, printing);
- the anchor: a one-shot script that scores the same hand with ``mahjong``'s
  ``HandCalculator.estimate_hand_value`` and prints it.

Run from the repository root with the project and ``mahjong==2.1.0`` installed (a regular
``pip install .`` measures what users get; an editable install adds its import hook's cost)::

    python bench/startup.py [--runs 21]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time

from _common import machine_line  # bench/ is on sys.path when a script runs

ANCHOR = """
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.tile import TilesConverter
tiles = TilesConverter.string_to_136_array(man="234", pin="456", sou="23456788")
win = TilesConverter.string_to_136_array(sou="4")[0]
config = HandConfig(is_tsumo=True, is_riichi=True, player_wind=27)  # 27: east, the dealer, as ours
result = HandCalculator().estimate_hand_value(tiles, win, config=config)
print(result.han, result.fu, result.cost["total"], result.yaku)
"""

FIRST_LOAD = """
import time, yakuset
start = time.perf_counter()
yakuset.load_ruleset("tenhou")
print(f"{(time.perf_counter() - start) * 1000:.2f}")
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="runs of each process (default 21)")
    args = parser.parse_args()
    script = shutil.which("yakuset") or sys.exit("the `yakuset` console script is not on PATH")
    python = sys.executable
    hand = [script, "hand", "tenhou", "234m456p23456788s", "--win", "4s", "--riichi", "--tsumo"]
    variants = {
        "python -c pass": [python, "-c", "pass"],
        "import yakuset": [python, "-c", "import yakuset"],
        "import + first load_ruleset": [python, "-c", FIRST_LOAD],
        "yakuset hand (one shot)": hand,
        "anchor: mahjong one-shot script": [python, "-c", ANCHOR],
    }
    for command in variants.values():  # once, untimed: the .pyc files are written, the disk cache warm
        subprocess.run(command, check=True, capture_output=True)
    times: dict[str, list[float]] = {name: [] for name in variants}
    inside: list[float] = []
    for _ in range(args.runs):
        for name, command in variants.items():
            start = time.perf_counter()
            done = subprocess.run(command, check=True, capture_output=True, text=True)
            times[name].append((time.perf_counter() - start) * 1000)
            if command is variants["import + first load_ruleset"]:
                inside.append(float(done.stdout))
    print("Start-up, whole fresh processes")
    print(machine_line())
    print(f"median and best of {args.runs} runs, interleaved\n")
    width = max(map(len, variants))
    for name, found in times.items():
        print(f"{name:{width}}  {statistics.median(found):7.1f} ms  (best {min(found):.1f})")
    print(f"\nfirst load_ruleset('tenhou') inside its process: {statistics.median(inside):.1f} ms (median)")
    ratio = statistics.median(times["yakuset hand (one shot)"]) / statistics.median(
        times["anchor: mahjong one-shot script"]
    )
    print(f"yakuset hand / anchor one-shot: {ratio:.2f}x")


if __name__ == "__main__":
    main()
