"""KoiKoi-AI's human game records (github.com/guansanghai/KoiKoi-AI, ``gamerecords_dataset/``)
replayed at the Koi-Koi table under koikoi-japan and rescored under another rule set (issue 43
item 4): the figures docs/validation.md quotes.

    python bench/koikoi_records.py [--mirror GIT_DIR] [--ruleset nintendo]

``--mirror`` is the repository's git directory (a bare clone of guansanghai/KoiKoi-AI; the
default is ``$YAKUSET_KOIKOI_AI``, as tests/koikoi/logs/test_replay.py reads it), read with ``git show``. Printed: the
records, rounds, turns and Koi-Koi answers replayed; how many agree with the record under
koikoi-japan (every move legal, every round's points, the next dealer and the final points);
then under ``--ruleset``: the rounds whose points change and why (the award alone, or the round
ends otherwise), the moves it refuses by kind, the matches whose winner changes, and the time.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import time
from collections import Counter
from pathlib import Path

import yakuset
from _common import machine_line
from yakuset import koikoi

MIRROR = Path(os.environ.get("YAKUSET_KOIKOI_AI", "KoiKoi-AI.git"))


def records(mirror: Path) -> list[koikoi.KoikoiRecord]:
    """Every record of the mirror's ``gamerecords_dataset/``."""
    git = ["git", f"--git-dir={mirror}"]
    listed = subprocess.run(
        [*git, "ls-tree", "--name-only", "HEAD", "gamerecords_dataset/"], check=True, capture_output=True, text=True
    ).stdout.split()
    found = []
    for name in sorted(listed, key=lambda n: (len(n), n)):
        data = subprocess.run([*git, "show", f"HEAD:{name}"], check=True, capture_output=True).stdout
        found.append(koikoi.read_record(data, name))
    return found


def winner(totals: tuple[int, int]) -> int | None:
    return None if totals[0] == totals[1] else int(totals[1] > totals[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--ruleset", default="nintendo")
    args = parser.parse_args()
    found = records(args.mirror)
    japan, other = yakuset.load_ruleset("koikoi-japan"), yakuset.load_ruleset(args.ruleset)
    start = time.perf_counter()
    checked = [koikoi.replay_record(japan, record) for record in found]
    spent = time.perf_counter() - start
    rescored = [koikoi.replay_record(other, record, checked=False) for record in found]
    rounds = sum(len(r.played) for r in found)
    print(machine_line())
    print(
        f"{len(found)} records ({sum(r.final is not None for r in found)} finished), {rounds} rounds, "
        f"{sum(len(x.turns) for r in found for x in r.played)} turns, "
        f"{sum(t.koikoi is not None for r in found for x in r.played for t in x.turns)} Koi-Koi answers"
    )
    print(
        f"koikoi-japan: {sum(r.agrees for r in checked)} of {len(checked)} agree with the record; "
        f"{sum(r.logged is not None and r.deltas == r.logged for c in checked for r in c.rounds)} rounds' points "
        f"and {sum(c.logged_final == c.totals for c in checked)} final points as recorded; "
        f"{spent / len(found) * 1000:.1f} ms a record"
    )
    why: Counter[str] = Counter()
    for a_game, b_game in zip(checked, rescored, strict=True):
        for a, b in zip(a_game.rounds, b_game.rounds, strict=True):
            if a.deltas == b.deltas:
                continue
            if b.ended is None:
                why["the record's turns end first (a stop it does not offer)"] += 1
            elif b.refused:
                why["a Koi-Koi call it refuses ends the round sooner (automatic shobu)"] += 1
            elif a.ended == b.ended == "exhaustive_draw":
                why["an exhaustive draw: the dealer is paid, then not" if a.winner else "an exhaustive draw"] += 1
            elif b.turns < a.turns and b.ended == "automatic_shobu":
                why["a rise koikoi-japan does not score, after the one call: an automatic shobu sooner"] += 1
            elif (a.winner, a.turns) == (b.winner, b.turns) and {a.ended, b.ended} <= {"shobu", "automatic_shobu"}:
                why["the same winner at the same turn, another award"] += 1
            else:
                why[f"ends otherwise ({a.ended} -> {b.ended})"] += 1
    changed = sum(why.values())
    print(f"{other.id}: {changed} of {rounds} rounds change")
    for reason, count in why.most_common():
        print(f"  {count:4d}  {reason}")
    refused = Counter(
        move.move if not move.move.startswith("play ") else "play" for r in rescored for move in r.refused
    )
    print(
        f"{other.id}: {sum(refused.values())} recorded moves refused: "
        + ", ".join(f"{count} {move}" for move, count in refused.most_common())
    )
    deal = Counter(
        note.split(": ", 1)[1].split(":")[0]
        for r in rescored
        for x in r.rounds
        for note in x.notes
        if note.startswith("at the deal: ")
    )
    if deal:
        print(f"{other.id}: at the deal: " + ", ".join(f"{count} {what}" for what, count in deal.most_common()))
    flipped = sum(
        winner(a.totals) != winner(b.totals)
        for a, b in zip(checked, rescored, strict=True)
        if a.logged_final is not None
    )
    print(f"{other.id}: the match's winner changes in {flipped} of {sum(c.logged_final is not None for c in checked)}")


if __name__ == "__main__":
    main()
