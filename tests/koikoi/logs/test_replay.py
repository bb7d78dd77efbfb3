"""KoiKoi-AI's human game records played at the Koi-Koi Table (issue 43 item 4): every move
legal and every round's points and the final points as recorded under koikoi-japan; the same
decisions rescored under nintendo, and the moves nintendo forbids said move by move.

Expected numbers are the records' own (their round points and final points), or worked out by
hand from docs/rules/koikoi.md for nintendo (§5: 7+ doubles, and the own streak multiplies by
1 + calls; Hanami and Tsukimi are 5 each).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
import yakuset
from yakuset.koikoi import read_record, replay_record

from ... import helpers
from ...helpers import LOGS

RECORDS = LOGS / "koikoi"
#: The KoiKoi-AI repository's git directory (``fetch github:guansanghai/KoiKoi-AI``), for the slow test.
MIRROR = Path(os.environ.get("YAKUSET_KOIKOI_AI", "KoiKoi-AI.git"))


def _rs(name: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(name)


@pytest.mark.parametrize("name", ["1.json", "3.json", "48.json", "111.json"])
def test_each_shipped_record_replays_as_recorded(name) -> None:
    record = read_record(RECORDS / name)
    replay = replay_record(_rs("koikoi-japan"), record)
    assert replay.agrees, replay.divergence
    assert [r.deltas for r in replay.rounds] == [r.points for r in record.played]
    assert replay.totals == record.final


def test_a_record_rescored_under_nintendo() -> None:
    record = read_record(RECORDS / "1.json")
    checked = replay_record(_rs("koikoi-japan"), record)
    rescored = replay_record(_rs("nintendo"), record, checked=False)
    # Round 1: Guan-1 called once, then stopped on Hanami and Tsukimi: 5 + 5, ×2 (7+), ×2 (1 call).
    first = rescored.rounds[0]
    assert first.yaku == ("hanami_zake", "tsukimi_zake") and first.deltas == (40, -40)
    assert checked.rounds[0].deltas == (7, -7)
    assert rescored.refused == ()


def test_a_second_call_nintendo_forbids_is_said_move_by_move() -> None:
    record = read_record(RECORDS / "48.json")
    rescored = replay_record(_rs("nintendo"), record, checked=False)
    (refused,) = rescored.refused
    assert (refused.round, refused.turn, refused.player, refused.move) == (2, 14, "Guan-2", "Koi-Koi call")
    assert "automatic shobu" in refused.reason
    calls = [t.number for t in record.played[1].turns if t.koikoi is True]
    assert len(calls) == 2 and calls[1] == 14  # the record calls twice; nintendo allows one


def test_an_unfinished_record_is_replayed_as_far_as_it_goes() -> None:
    replay = replay_record(_rs("koikoi-japan"), read_record(RECORDS / "201.json"))
    assert replay.agrees and replay.rounds[0].ended is None and replay.totals == (30, 30)
    assert replay.rounds[0].notes == ("round 1 is unfinished in the record",)


def test_a_card_played_from_another_hand_diverges(tmp_path) -> None:
    data = json.loads((RECORDS / "1.json").read_text(encoding="utf-8"))
    turn = data["record"]["round1"]["turn1"]
    turn["discardCard"], turn["collectCard"] = [9, 1], []  # player 1's card, played by player 2
    replay = replay_record(_rs("koikoi-japan"), read_record(data))
    assert not replay.agrees and replay.divergence.startswith("round 1, turn 1: Guan-2's play 09-animal-sake: ")


def test_yakuset_replay_of_a_record(capsys) -> None:
    code, out, _ = helpers.run(capsys, "replay", str(RECORDS / "1.json"))
    assert code == 0
    assert "koikoi-japan: every move legal; all 8 rounds and the final points as the record's" in out
    code, out, _ = helpers.run(capsys, "replay", str(RECORDS / "1.json"), "--ruleset", "nintendo")
    assert code == 0 and "nintendo: 3 of 8 rounds change" in out and "    round 1: +7 -7 -> +40 -40" in out
    assert "  Guan-1  29              48" in out
    code, out, _ = helpers.run(capsys, "replay", str(RECORDS / "48.json"), "--ruleset", "nintendo", "--json")
    game = json.loads(out)["games"][0]
    assert game["game"] == "koikoi" and game["checked"]["agrees"]
    assert game["rescored"]["rounds"][1]["refused"][0]["turn"] == 14
    code, out, _ = helpers.run(capsys, "replay", str(RECORDS / "48.json"), "--ruleset", "nintendo", "--markdown")
    assert "| player | `koikoi-japan` | `nintendo` |" in out


def test_yakuset_replay_of_a_folder_of_records(capsys) -> None:
    code, out, _ = helpers.run(capsys, "replay", str(RECORDS))
    assert code == 0 and "5 logs replayed: 5 agree, 0 diverge; 0 unreadable" in out


def test_yakuset_replay_of_a_bad_record_is_one_line_and_exits_2(capsys, tmp_path) -> None:
    data = json.loads((RECORDS / "1.json").read_text(encoding="utf-8"))
    data["record"]["round4"]["turn7"]["discardCard"] = [0, 0]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    for argv, message in (
        ([str(bad)], "bad.json: round 4, turn 7: the card played, [0, 0] is no card"),
        ([str(RECORDS / "1.json"), "--ruleset", "tenhou"], "a Koi-Koi record; 'tenhou' is a riichi rule set"),
    ):
        code, out, err = helpers.run(capsys, "replay", *argv)
        assert (code, out) == (2, ""), argv
        assert err.startswith("yakuset: error: ") and len(err.strip().splitlines()) == 1 and message in err, err


def _mirror_records() -> list[tuple[str, bytes]]:
    if not MIRROR.is_dir():
        pytest.skip(f"no KoiKoi-AI mirror at {MIRROR} (fetch github:guansanghai/KoiKoi-AI, or set YAKUSET_KOIKOI_AI)")
    git = ["git", f"--git-dir={MIRROR}"]
    names = subprocess.run(
        [*git, "ls-tree", "--name-only", "HEAD", "gamerecords_dataset/"], check=True, capture_output=True, text=True
    ).stdout.split()
    return [
        (name, subprocess.run([*git, "show", f"HEAD:{name}"], check=True, capture_output=True).stdout)
        for name in names
        if name.endswith(".json")
    ]


@pytest.mark.slow
def test_every_koikoi_ai_record_replays_as_recorded() -> None:
    """All of KoiKoi-AI's records (200 finished matches and one unfinished) under koikoi-japan:
    every move legal, every round's points and every final total as recorded."""
    found = _mirror_records()
    japan = _rs("koikoi-japan")
    replays = [replay_record(japan, read_record(data, name)) for name, data in found]
    assert len(replays) == 201
    assert [r.file for r in replays if not r.agrees] == []
    assert sum(r.logged_final is not None for r in replays) == 200
    assert sum(len(r.rounds) for r in replays) == sum(r.logged is not None for x in replays for r in x.rounds) + 1


def test_yakuset_diff_logs_takes_koikoi_records(capsys) -> None:
    _, out, _ = helpers.run(
        capsys, "diff", "koikoi-japan", "nintendo", "--logs", str(RECORDS), "--behaviour-only", "--json"
    )
    played = json.loads(out)["played_games"]
    assert played["logs"] == 5 and played["games"] == 4 and played["errors"] == []
    # Whole matches: 1.json's final points (29, 31) under koikoi-japan become (48, 12) under nintendo
    # (rounds 1, 3 and 7 worked by hand in test_a_record_rescored_under_nintendo and the module's doc).
    assert {
        "file": str(RECORDS / "1.json"),
        "moved": [{"player": "Guan-1", "a": 2, "b": 1}, {"player": "Guan-2", "a": 1, "b": 2}],
    } in played["placements"]
    _, out, _ = helpers.run(capsys, "diff", "koikoi-japan", "nintendo", "--logs", str(RECORDS), "--behaviour-only")
    assert "1.json round 7 (dealer Guan-2): -1 +1 -> -5 +5 (+4)" in out
    assert "Caused by yaku[tsukimi_zake].points" in out
