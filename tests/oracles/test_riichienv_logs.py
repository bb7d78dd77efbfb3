"""mjai as the field's engines write it (issue 43): riichienv 0.4.11's own logs, written by
riichienv (no ``names``, its draw reasons, ``kita``), the protocol's words (gimite's mjai) and
Mortal's; ura indicators read by position.

The expected numbers are riichienv's: each hand's deltas in its log are what the replay must
settle, and riichienv's legal moves are the replay's (tests/oracles/riichienv_logs.py)."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
import yakuset
from yakuset.riichi import LogError, read_log, replay, write_mjai

pytest.importorskip("riichienv")

from .riichienv_logs import riichienv_log


@functools.cache
def ruleset(name: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(name)


def written(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def events(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines()]


@pytest.mark.parametrize("preset", ["tenhou", "mahjong-soul", "tenhou-sanma", "mahjong-soul-sanma"])
@pytest.mark.parametrize("seed", [1, 2])
def test_riichienvs_own_log_replays_as_riichienv_played_it(tmp_path: Path, preset: str, seed: int) -> None:
    text, _ = riichienv_log(preset, seed)
    assert "names" not in events(text)[0]  # riichienv's dialect, as written
    record = read_log(written(tmp_path, f"{preset}-{seed}.jsonl", text))
    done = replay(ruleset(preset), record)
    assert done.divergence is None, str(done.divergence)
    assert len(done.hands) == sum(1 for event in events(text) if event["type"] == "start_kyoku")


#: Hands where riichienv showed two ura indicators of the same kind (a kan's under the first's
#: kind), and a double ron showing the winners the same two indicators.
TWO_URA = [("tenhou", 6, ["4s", "4s"]), ("tenhou-sanma", 0, ["8p", "6p", "6p"]), ("tenhou", 124, ["9m", "6m"])]


@pytest.mark.parametrize(("preset", "seed", "shown"), TWO_URA)
def test_ura_indicators_are_read_by_position_never_by_name(tmp_path: Path, preset: str, seed: int,
                                                           shown: list[str]) -> None:  # fmt: skip
    text, _ = riichienv_log(preset, seed)
    horas = [event for event in events(text) if event["type"] == "hora" and event["ura_markers"] == shown]
    assert horas, f"riichienv's game no longer shows {shown}"
    record = read_log(written(tmp_path, "game.jsonl", text))
    wins = [win for hand in record.hands if hand.result for win in hand.result.wins if len(win.ura) == len(shown)]
    assert any(len(set(win.ura)) == len(shown) for win in wins)  # one wall tile each
    done = replay(ruleset(preset), record)
    assert done.divergence is None, str(done.divergence)


def test_a_double_ron_shares_its_ura_indicators_and_may_not_name_others(tmp_path: Path) -> None:
    text, _ = riichienv_log("tenhou", 124)
    lines = events(text)
    first = next(i for i, event in enumerate(lines) if event["type"] == "hora" and lines[i + 1]["type"] == "hora")
    record = read_log(written(tmp_path, "double.jsonl", text))
    shared = [hand.result.wins for hand in record.hands if hand.result and len(hand.result.wins) == 2]
    assert shared and shared[0][0].ura == shared[0][1].ura
    lines[first + 1]["ura_markers"] = ["E", *lines[first + 1]["ura_markers"][1:]]
    with pytest.raises(LogError, match="ura marker 1 is 'E', where another win of the hand showed"):
        read_log(written(tmp_path, "other.jsonl", "".join(json.dumps(line) + "\n" for line in lines)))


def test_the_protocols_words_read_and_our_writer_writes_them(tmp_path: Path) -> None:
    """gimite's mjai: ``uradora_markers``, ``tenpais`` flags, reasons ``fanpai``, ``kyushukyuhai``
    ...; Mortal's: a ``meta`` on any event. The writer gives a draw the protocol's reason."""
    text, _ = riichienv_log("tenhou", 6)
    lines = events(text)
    for line in lines:
        if line["type"] == "hora":
            line["uradora_markers"] = line.pop("ura_markers")
        if line["type"] == "ryukyoku" and line.get("reason") == "exhaustive_draw":
            line["reason"] = "fanpai"
        line["meta"] = {"shanten": 1}
    ours = read_log(written(tmp_path, "protocol.jsonl", "".join(json.dumps(line) + "\n" for line in lines)))
    theirs = read_log(written(tmp_path, "riichienv.jsonl", text))
    assert ours.hands == theirs.hands
    again = read_log(written(tmp_path, "again.jsonl", write_mjai(theirs)))
    assert again.hands == theirs.hands


@pytest.mark.parametrize("seed", [64, 76])
def test_a_north_set_aside_after_riichi_is_the_one_just_drawn(tmp_path: Path, seed: int) -> None:
    """riichienv's sanma games where a riichi hand holding a north draws another and sets it
    aside: the reader gave the kita the north held, which the table refuses after riichi."""
    text, _ = riichienv_log("tenhou-sanma", seed)
    lines = events(text)
    riichi = {(i, e["actor"]) for i, e in enumerate(lines) if e["type"] == "reach_accepted"}
    assert riichi and any(e["type"] == "kita" for e in lines)
    done = replay(ruleset("tenhou-sanma"), read_log(written(tmp_path, "sanma.jsonl", text)))
    assert done.divergence is None, str(done.divergence)


@pytest.mark.parametrize("preset", ["tenhou-sanma", "mahjong-soul-sanma"])
@pytest.mark.parametrize("seed", [381, 865])
def test_a_kita_right_after_an_open_kan_reveals_its_dora_before_the_kita_may_be_ronned(
    tmp_path: Path, preset: str, seed: int
) -> None:
    """riichienv's sanma games where the player of an open kan sets aside the north it drew as
    the replacement tile: riichienv shows the kan's indicator at the kita (``dora`` right after
    ``kita``), before anyone may ron it, as a later kan would (docs/rules/riichi-table.md §5)."""
    text, _ = riichienv_log(preset, seed)
    lines = events(text)
    kans = [i for i, e in enumerate(lines) if e["type"] in ("daiminkan", "kakan")]
    assert any(lines[i + 2]["type"] == "kita" and lines[i + 3]["type"] == "dora" for i in kans if i + 3 < len(lines)), (
        "riichienv's game no longer sets a north aside right after an open kan"
    )
    done = replay(ruleset(preset), read_log(written(tmp_path, "sanma.jsonl", text)))
    assert done.divergence is None, str(done.divergence)
