"""Whole games played at mjai.app's simulator, for their mjai logs (Mortal's dialect): how
tests/data/logs/mjai/mjaiapp-seed*.jsonl were made.

mjai.app's simulator (PyPI ``mjai`` 0.2.1, AGPL-3.0; its arena is Mortal's libriichi) pins
``mahjong~=1.2``, which our tests' ``mahjong==2.1.0`` excludes: run this in a virtual
environment of its own, from a folder that holds no module named like the standard library's::

    python -m venv VENV && VENV/bin/pip install mjai==0.2.1
    VENV/bin/python bench/mjaiapp_logs.py OUT_DIR 1 2

Each seat is a simple in-process bot (mjai.app's engine interface): it wins whenever it may,
declares riichi whenever it may, and otherwise discards the tile that leaves the fewest tiles to
tenpai (mahjong 1.2's count). The arena deals, rules and writes the log (gzip JSON lines); this
script only unpacks it to ``OUT_DIR/mjaiapp-seedN.jsonl``.
"""

from __future__ import annotations

import gzip
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from mahjong.shanten import Shanten  # type: ignore[import-not-found]
from mjai.engine import BaseMjaiLogEngine  # type: ignore[import-not-found]
from mjai.mlibriichi.arena import Match  # type: ignore[import-not-found]

NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNPFC")


def discard(state: Any) -> str:
    """The tile whose discard leaves the fewest tiles to tenpai, the last such; a red five when it
    is the hand's only copy."""
    counts = list(state.tehai)
    best, fewest = 0, 99
    for kind in range(34):
        if counts[kind] == 0:
            continue
        counts[kind] -= 1
        steps = Shanten().calculate_shanten(counts)
        counts[kind] += 1
        if steps <= fewest:
            best, fewest = kind, steps
    name = NAMES[best]
    if name[0] == "5" and best < 27 and state.akas_in_hand[best // 9] and counts[best] == 1:
        name += "r"
    return name


class Eager(BaseMjaiLogEngine):  # type: ignore[misc]
    """Wins whenever it may, declares riichi whenever it may, else :func:`discard`."""

    def react_batch(self, game_states: Any) -> list[str]:
        out = []
        for game_state in game_states:
            player = self.player_ids[game_state.game_index]
            state, last = game_state.state, json.loads(game_state.events_json)[-1]
            cans = state.last_cans
            if cans.can_tsumo_agari or cans.can_ron_agari:
                target = player if cans.can_tsumo_agari else last["actor"]
                reaction = {"type": "hora", "actor": player, "target": target, "pai": last["pai"]}
            elif cans.can_riichi and not state.self_riichi_declared:
                reaction = {"type": "reach", "actor": player}
            elif cans.can_discard:
                drawn = state.last_self_tsumo()
                tile = drawn if state.self_riichi_accepted else discard(state)
                reaction = {"type": "dahai", "actor": player, "pai": tile,
                            "tsumogiri": tile == drawn and last["type"] == "tsumo"}  # fmt: skip
            else:
                reaction = {"type": "none"}
            out.append(json.dumps(reaction))
        return out


def main(out: Path, seeds: list[int]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for seed in seeds:
        logs = Path(tempfile.mkdtemp())
        Match(log_dir=str(logs)).py_match(*(Eager(str(seat)) for seat in range(4)), seed_start=(seed, 0))
        (written,) = logs.glob("*.json.gz")
        (out / f"mjaiapp-seed{seed}.jsonl").write_bytes(gzip.decompress(written.read_bytes()))
        shutil.rmtree(logs)


if __name__ == "__main__":
    main(Path(sys.argv[1]), [int(seed) for seed in sys.argv[2:]])
