"""Every study says how far its bots are from real play (issue 44 item 4): at the game's
reference rule set, a line beside people's figures (the reference's, read from the game's
``study/real_play.py``) and the same in JSON; elsewhere, how to measure it; a caution where a
rule change moves a figure the bots miss."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from yakuset.riichi.study.real_play import REAL_PLAY

from ..helpers import ROOT, run

SCHEMA = json.loads((ROOT / "schema" / "diff.schema.json").read_text(encoding="utf-8"))


def test_simulate_at_the_reference_measures_each_figure_against_peoples(capsys) -> None:
    code, out, err = run(capsys, "simulate", "tenhou", "--matches", "2", "--json", "--no-progress")
    assert code == 0, err
    study = json.loads(out)
    block, summary = study["real_play"], study["rulesets"][0]["summary"]
    assert block["measured"] is True and block["ruleset"] == "tenhou" and block["source"] == REAL_PLAY.source
    real = {f.name: f.value for f in REAL_PLAY.figures}
    assert [f["name"] for f in block["figures"]] == list(real)
    for figure in block["figures"]:
        assert figure["real"] == real[figure["name"]]
        assert figure["bots"] == summary[figure["name"]]["value"]
    code, text, _ = run(capsys, "simulate", "tenhou", "--matches", "2", "--no-progress")
    line = next(line for line in text.splitlines() if line.startswith("real play at tenhou"))
    assert f"{sum(f['within'] for f in block['figures'])} of 6 figures within goal" in line
    assert line.endswith(f"Source: {REAL_PLAY.source}")


def test_a_study_without_the_reference_says_how_to_measure_its_bots(capsys) -> None:
    code, out, err = run(capsys, "simulate", "ema-2025", "--matches", "1", "--bots", "tsumogiri", "--no-progress")
    assert code == 0, err
    assert "real play: not measured here; people's play is known at tenhou" in out
    assert (
        "`yakuset simulate tenhou --bots tsumogiri,tsumogiri,tsumogiri,tsumogiri` measures these bots against it" in out
    )
    code, out, err = run(capsys, "simulate", "ema-2025", "--matches", "1", "--json", "--no-progress")
    assert json.loads(out)["real_play"] == {
        "ruleset": "tenhou", "who": REAL_PLAY.who, "source": REAL_PLAY.source, "measured": False
    }  # fmt: skip


def test_diff_play_carries_the_bots_distance_in_its_text_and_json(tmp_path: Path, capsys) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: tenhou\nname: no kuitan\nwins:\n  open_tanyao: false\n", encoding="utf-8")
    argv = ("diff", "tenhou", str(house), "--structural-only", "--play", "2", "--no-progress")
    code, out, err = run(capsys, *argv, "--json")
    assert code == 1, err
    data = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    block = data["play"]["real_play"]
    assert block["measured"] is True
    measures = {row["key"]: row["a"] for row in data["play"]["measures"]}
    assert all(figure["bots"] == measures[figure["name"]] for figure in block["figures"])
    code, text, _ = run(capsys, *argv)
    assert "  real play at tenhou (Tenhou's houou room, 2016" in text
