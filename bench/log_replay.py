"""A whole hanchan's log replayed at the Riichi table and checked (issue 27's goal: at most 20 ms
a game on one core).

    python bench/log_replay.py [--log FILE] [--repeats 21]
    python bench/log_replay.py --once N [--log FILE]     # under callgrind: N replays, untimed
    python bench/log_replay.py ... --cold                # each replay after riichi.clear_memos()

The default log is the longest whole game of tests/data/logs/ (a Tenhou hanchan with its
``owari``). Timed: ``riichi.replay(tenhou, record)`` (every move checked legal at a ``Table``,
every hand's deltas, the flow and the final points compared) and, apart, ``read_log`` (the XML
parsed into the record). The median and the best of ``--repeats`` runs, GC off, are printed in
milliseconds a game, with the game's hands and moves. Each run is checked to agree with the log.
``--cold`` empties every Riichi memo before each replay (a game the process has not met, at its
dearest: the shanten kernel's tables and the rule set's scores made again).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

import yakuset
from _common import machine_line, timed
from yakuset import riichi

LOGS = Path(__file__).resolve().parent.parent / "tests" / "data" / "logs"


def longest_game() -> Path:
    """The whole game (one with final points) with the most events among the Tenhou logs."""
    best, size = None, -1
    for path in sorted((LOGS / "tenhou-mjlog").glob("*.mjlog")):
        record = riichi.read_log(path)
        events = sum(len(hand.events) for hand in record.hands)
        if record.final is not None and events > size:
            best, size = path, events
    assert best is not None
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", type=Path, default=None, help="a whole game's log (default: the longest test log)")
    parser.add_argument("--repeats", type=int, default=21, help="timed runs (the median is reported)")
    parser.add_argument("--once", type=int, default=None, metavar="N", help="replay N times, untimed (callgrind)")
    parser.add_argument("--cold", action="store_true", help="empty the Riichi memos before each replay")
    args = parser.parse_args()
    path = args.log or longest_game()
    rs = yakuset.load_ruleset("tenhou")
    record = riichi.read_log(path)
    if riichi.replay(rs, record).divergence is not None:  # warm, and checked
        print(f"{path}: the replay diverges: {riichi.replay(rs, record).divergence}", file=sys.stderr)
        return 1
    if args.once is not None:
        for _ in range(args.once):
            if args.cold:
                riichi.clear_memos()
            riichi.replay(rs, record)
        return 0
    moves = sum(isinstance(event, riichi.MoveEvent) for hand in record.hands for event in hand.events)
    clear = riichi.clear_memos if args.cold else None
    replays = [timed(lambda: riichi.replay(rs, record), clear) * 1000 for _ in range(args.repeats)]
    reads = [timed(lambda: riichi.read_log(path)) * 1000 for _ in range(args.repeats)]
    print(machine_line())
    print(f"{path.name}: {len(record.hands)} hands, {moves} moves (the log's), final {list(record.final or ())}")
    print(
        f"replay and check: median {statistics.median(replays):.1f} ms, best {min(replays):.1f} ms a game "
        f"({args.repeats} runs)"
    )
    print(f"read_log: median {statistics.median(reads):.1f} ms, best {min(reads):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
