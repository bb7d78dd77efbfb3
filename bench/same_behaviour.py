#!/usr/bin/env python
"""Write what the engine does on a fixed set of inputs into a folder, to compare two commits
byte for byte: a change meant to move no score, settlement, log or game result (a refactoring)
must leave every file the same.

    python bench/same_behaviour.py OUT_DIR            # then, at the other commit, into OTHER_DIR
    diff -r OUT_DIR OTHER_DIR && echo same

What is written: ``simulate --json`` of Koi-Koi and Riichi studies (four and three players),
``replay --json`` of every log of tests/data/logs and examples/logs under the lobby's rule set
and rescored under EMA 2025, ``diff --json`` of two pairs of rule sets, and for seeded games at
both tables every event and the trace (Riichi: ``Table.events`` in their JSON shape, ``as_dict()``,
and ``trace()``; Koi-Koi: the
referee's events and ``Table.trace``), each move chosen by a seeded random player among the legal
moves. Timing is not measured: the figures of a study's JSON that are times are removed.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _cli(out: Path, name: str, *argv: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "yakuset", *argv], capture_output=True, text=True, cwd=ROOT, check=False
    )
    text = done.stdout
    if "--json" in argv and argv[0] == "simulate":
        data = json.loads(text)
        data.pop("seconds", None)
        data.pop("runner", None)
        text = json.dumps(data, indent=1, sort_keys=True)
    (out / f"{name}.txt").write_text(f"exit {done.returncode}\n{text}\n--- stderr\n{done.stderr}", encoding="utf-8")


def _riichi_games(out: Path, ruleset: str, seeds: range) -> None:
    import yakuset

    rs = yakuset.load_ruleset(ruleset)
    lines = []
    for seed in seeds:
        table = yakuset.riichi.Table(rs, seed=seed)
        chooser = random.Random(seed)
        while table.to_move is not None:
            moves = table.legal_moves()
            table.play(moves[chooser.randrange(len(moves))])
        lines.append(json.dumps([event.as_dict() for event in table.events], sort_keys=True, default=str))
        lines.append(table.trace())
        lines.append(repr(table.standings()))
    (out / f"riichi-table-{ruleset}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _koikoi_matches(out: Path, ruleset: str, seeds: range) -> None:
    import yakuset

    rs = yakuset.load_ruleset(ruleset)
    lines = []
    for seed in seeds:
        table = yakuset.koikoi.Table(rs, seed=seed)
        chooser = random.Random(seed)
        events = [repr(event) for event in table.opening]
        while not table.finished:
            moves = table.legal_moves()
            events.extend(repr(event) for event in table.play(moves[chooser.randrange(len(moves))]))
        lines.extend(events)
        lines.append(table.trace)
        lines.append(repr(table.result))
    (out / f"koikoi-table-{ruleset}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    _cli(
        out,
        "simulate-koikoi",
        "simulate",
        "nintendo",
        "fudawiki",
        "bga",
        "--matches",
        "300",
        "--seed",
        "3",
        "--workers",
        "1",
        "--json",
        "--no-progress",
    )
    _cli(
        out,
        "simulate-riichi",
        "simulate",
        "tenhou",
        "ema-2025",
        "--matches",
        "6",
        "--seed",
        "5",
        "--workers",
        "1",
        "--json",
        "--no-progress",
    )
    _cli(
        out,
        "simulate-sanma",
        "simulate",
        "tenhou-sanma",
        "mahjong-soul-sanma",
        "--matches",
        "6",
        "--seed",
        "7",
        "--workers",
        "1",
        "--json",
        "--no-progress",
    )
    logs = sorted([*(ROOT / "tests" / "data" / "logs").rglob("*"), *(ROOT / "examples" / "logs").glob("*")])
    for log in logs:
        if log.is_file() and log.suffix in (".mjlog", ".json", ".jsonl", ".gz", ".xml"):
            where = log.relative_to(ROOT).as_posix()  # relative: the same text in every checkout
            name = where.replace("/", "_")
            _cli(out, f"replay-{name}", "replay", where, "--json")
            _cli(out, f"replay-ema-{name}", "replay", where, "--ruleset", "ema-2025", "--json")
    _cli(out, "diff-riichi", "diff", "tenhou", "ema-2025", "--json")
    _cli(out, "diff-koikoi", "diff", "nintendo", "fudawiki", "--json")
    for ruleset in ("tenhou", "ema-2025", "mahjong-soul", "tenhou-sanma"):
        _riichi_games(out, ruleset, range(3))
    for ruleset in ("nintendo", "fudawiki", "koikoi-japan", "bga", "kk-add-10", "hanafuda-flash"):
        _koikoi_matches(out, ruleset, range(20))


if __name__ == "__main__":
    main()
