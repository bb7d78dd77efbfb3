"""mjai leaves a ``hora``'s and a ``ryukyoku``'s ``deltas`` optional (Mortal's arena writes them,
its protocol types them ``Option``; issue 43 item 1): a log without them reads, its hands'
deltas told by the next hand's scores, the last hand's unknown (``None``), and replays with every
hand it can check checked. The logs here are mjai.app's arena (Mortal's libriichi) games with the
deltas taken out: the expected numbers are the arena's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yakuset
from yakuset import InputError
from yakuset.riichi import read_log, replay, write_mjai, write_tenhou6

from ...helpers import LOGS

ARENA = sorted((LOGS / "mjai").glob("mjaiapp-seed*.jsonl"))


def without_deltas(path: Path, tmp_path: Path) -> Path:
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        message = json.loads(line)
        if message["type"] in ("hora", "ryukyoku"):
            message.pop("deltas", None)
        lines.append(json.dumps(message))
    out = tmp_path / f"bare-{path.name}"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


@pytest.mark.parametrize("path", ARENA, ids=lambda p: p.name)
def test_each_hands_deltas_are_told_by_the_next_hands_scores_and_the_last_is_unknown(path: Path, tmp_path) -> None:
    given = read_log(path)
    bare = read_log(without_deltas(path, tmp_path))
    assert len(bare.hands) == len(given.hands) >= 2
    for before, after in zip(given.hands[:-1], bare.hands[:-1], strict=True):
        assert after.result is not None and before.result is not None
        assert after.result.deltas == before.result.deltas
        if len(before.result.wins) == 1:
            assert after.result.wins[0].deltas == before.result.wins[0].deltas
    last = bare.hands[-1].result
    assert last is not None and last.deltas is None and all(win.deltas is None for win in last.wins)


@pytest.mark.parametrize("path", ARENA, ids=lambda p: p.name)
def test_a_log_without_deltas_replays_and_checks_every_hand_but_the_last(path: Path, tmp_path) -> None:
    tenhou = yakuset.load_ruleset("tenhou")
    done = replay(tenhou, read_log(without_deltas(path, tmp_path)))
    assert done.divergence is None, str(done.divergence)
    assert [hand.logged is None for hand in done.hands] == [False] * (len(done.hands) - 1) + [True]
    assert done.hands[:-1] == replay(tenhou, read_log(path)).hands[:-1]


def test_written_again_it_leaves_out_what_it_was_not_told_and_tenhou6_refuses_it(tmp_path) -> None:
    bare = read_log(without_deltas(ARENA[0], tmp_path))
    written = tmp_path / "again.jsonl"
    written.write_text(write_mjai(bare), encoding="utf-8")
    messages = [json.loads(line) for line in written.read_text(encoding="utf-8").splitlines()]
    last_kyoku = max(i for i, m in enumerate(messages) if m["type"] == "start_kyoku")
    ends = [m for m in messages[last_kyoku:] if m["type"] in ("hora", "ryukyoku")]
    assert ends and all("deltas" not in m for m in ends)
    assert read_log(written).hands == bare.hands
    with pytest.raises(InputError, match=r"tenhou\.net/6 writes each hand's points changes.*write the game as mjai"):
        write_tenhou6(bare)
