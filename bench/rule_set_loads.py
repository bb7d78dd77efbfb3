#!/usr/bin/env python
"""Loading rule sets: what every command, every web request with a posted text and every rule
change ``diff`` tries pays before its first answer.

One round loads, in one process (after an untimed round: imports, the bundled record):

- ``bundled``: every bundled rule set by id (``load_ruleset("tenhou")``, ...);
- ``text``: six small house texts over a bundled parent (``load_ruleset_text``: three over
  ``nintendo`` with another call limit, three over ``tenhou`` with another riichi stick);
- ``variant``: the variants ``diff`` builds to find causes (``nintendo`` against ``fudawiki``,
  ``tenhou`` against ``m-league``: each rule change alone, and all the others without it),
  the two rule sets of each pair loaded again first.

Prints the CPU time (``time.process_time``) of a round and of a load, median (and best) of
``--repeats`` rounds, for each kind and all together. For instruction counts, ``--once N`` runs
N rounds of ``--kind`` untimed (after the untimed one); run it with N and with 0 under
``valgrind --tool=callgrind`` and divide the difference by N::

    python bench/rule_set_loads.py [--repeats 7]
    PYTHONHASHSEED=0 valgrind --tool=callgrind python bench/rule_set_loads.py --once 2
"""

from __future__ import annotations

import argparse
import statistics
import time

import yakuset
from _common import machine_line  # bench/ is on sys.path when a script runs
from yakuset.diff import structural
from yakuset.diff._causes import each_change

KINDS = ("bundled", "text", "variant")
HOUSE = (
    "extends: nintendo\nname: House K{n}\ncalls:\n  limit_per_round: 2\n",
    "extends: tenhou\nname: House R{n}\nscoring:\n  riichi_stick: 1500\n",
)
PAIRS = (("nintendo", "fudawiki"), ("tenhou", "m-league"))


def _ids() -> list[str]:
    """The bundled rule sets' ids (read once)."""
    if not _IDS:
        _IDS.extend(rs.id for rs in yakuset.list_rulesets())
    return _IDS


_IDS: list[str] = []


def one_round(kind: str) -> int:
    """Load one round of ``kind`` (``all``: each kind); return how many rule sets it made."""
    loads = 0
    if kind in ("all", "bundled"):
        for ident in _ids():
            yakuset.load_ruleset(ident)
            loads += 1
    if kind in ("all", "text"):
        for n in range(3):
            for text in HOUSE:
                yakuset.load_ruleset_text(text.format(n=n), "house.yaml")
                loads += 1
    if kind in ("all", "variant"):
        for a, b in PAIRS:
            first, second = yakuset.load_ruleset(a), yakuset.load_ruleset(b)
            tried = each_change(first, structural(first, second))
            loads += 2 + sum(rs is not None for _, alone, others in tried for rs in (alone, others))
    return loads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed rounds of each kind (default 7)")
    parser.add_argument("--once", type=int, default=None, metavar="N", help="run N rounds once, untimed")
    parser.add_argument("--kind", choices=("all", *KINDS), default="all", help="the kind of --once")
    args = parser.parse_args()
    one_round("all")
    if args.once is not None:
        for _ in range(args.once):
            one_round(args.kind)
        return
    print(machine_line())
    for kind in (*KINDS, "all"):
        times, loads = [], 0
        for _ in range(args.repeats):
            start = time.process_time()
            loads = one_round(kind)
            times.append(time.process_time() - start)
        median, best = statistics.median(times) * 1000, min(times) * 1000
        print(
            f"{kind:8} {loads:3} loads: {median:7.1f} ms a round ({best:.1f} best), "
            f"{median / loads:.2f} ms a load ({best / loads:.2f} best)"
        )


if __name__ == "__main__":
    main()
