"""riichienv 0.4.11's own mjai logs replayed (issue 43): N seeded whole games a preset, each
played by riichienv and written by it (tests/oracles/riichienv_logs.py), read by ``read_log``
and replayed under the preset's rule set; counts the games that agree and names each divergence.

    python bench/riichienv_logs.py [--games 1000] [--presets tenhou,mahjong-soul,...]

Not a test: a whole run takes a while. The quick tests replay two games a preset
(tests/oracles/test_riichienv_logs.py).
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import time
from pathlib import Path

import yakuset
from yakuset.riichi import read_log, replay

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.oracles.riichienv_logs import riichienv_log

PRESETS = ("tenhou", "mahjong-soul", "tenhou-sanma", "mahjong-soul-sanma")


def run(preset: str, games: int, folder: Path) -> tuple[int, int, collections.Counter[str]]:
    """Games that agree, hands compared, and the divergences by their rule."""
    rs = yakuset.load_ruleset(preset)
    agree = hands = 0
    parted: collections.Counter[str] = collections.Counter()
    for seed in range(games):
        text, _ = riichienv_log(preset, seed)
        path = folder / f"{preset}-{seed}.jsonl"
        path.write_text(text, encoding="utf-8")
        done = replay(rs, read_log(path))
        hands += len(done.hands)
        if done.divergence is None:
            agree += 1
        else:
            parted[done.divergence.rule or "?"] += 1
            print(f"  {preset} seed {seed}: {done.divergence}", flush=True)
    return agree, hands, parted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--presets", default=",".join(PRESETS))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for preset in args.presets.split(","):
            start = time.perf_counter()
            agree, hands, parted = run(preset, args.games, Path(folder))
            took = time.perf_counter() - start
            print(f"{preset}: {agree} of {args.games} games agree ({hands} hands replayed), "
                  f"divergences {dict(parted) or 'none'}, {took:.0f} s", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
