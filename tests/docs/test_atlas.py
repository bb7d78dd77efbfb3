"""docs/atlas.md is generated (``python -m yakuset._docs.atlas``) and current: the rules and the
play its sections were made from are the ones bundled now (a few matches replayed, not the whole
atlas)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from yakuset._core.bundled import ids_of_game
from yakuset._docs import atlas

from ..helpers import ROOT


@pytest.fixture(autouse=True, scope="module")
def _each_rule_sets_inputs_worked_out_once():
    """``atlas.inputs`` plays a few matches of each bundled rule set; the tests here ask for the
    same rule sets again (the page's check, a changed page's, a section's), so each digest is
    worked out once for the module, by the real function."""
    real = atlas.inputs
    known: dict[tuple[object, ...], str] = {}

    def inputs(plan: atlas.Plan, only=None) -> dict[str, str]:
        wanted = [ident for ident in ids_of_game(plan.game) if only is None or ident in only]
        key = (plan.game, plan.check_matches, plan.check_bots)
        missing = [ident for ident in wanted if (*key, ident) not in known]
        if missing:
            known.update({(*key, ident): digest for ident, digest in real(plan, missing).items()})
        return {ident: known[(*key, ident)] for ident in wanted}

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(atlas, "inputs", inputs)
        yield


def test_the_atlas_page_is_current() -> None:
    text = (ROOT / atlas.PAGE).read_text(encoding="utf-8")
    assert atlas.stale(text) == [], "run `python -m yakuset._docs.atlas --game GAME` for the games named"


def test_the_atlas_covers_every_bundled_koikoi_rule_set_from_its_plan() -> None:
    text = (ROOT / atlas.PAGE).read_text(encoding="utf-8")
    record, whole = atlas.sections_of(text)["koikoi"]
    assert record["matches"] >= 10_000 and record["bots"] == ["human", "human"]
    for rs in atlas.bundled("koikoi"):
        assert f"| `{rs.id}` |" in whole


def test_a_changed_rule_set_makes_its_section_stale() -> None:
    text = (ROOT / atlas.PAGE).read_text(encoding="utf-8")
    record = atlas.sections_of(text)["koikoi"][0]
    changed = text.replace(record["inputs"]["nintendo"], "0" * 16)
    assert atlas.stale(changed) == ["koikoi: nintendo changed (its rules or its play)"]


def _rows(text: str) -> dict[str, str]:
    return {line.split("`")[1]: line for line in text.splitlines() if line.startswith("| `")}


def test_a_section_can_be_made_a_few_rule_sets_at_a_time(monkeypatch) -> None:
    plan = dataclasses.replace(atlas.PLANS["koikoi"], matches=4)
    monkeypatch.setitem(atlas.PLANS, "koikoi", plan)
    first = atlas.section(plan, workers=1, only=["nintendo"])
    assert "not played yet" in _rows(first)["bga"] and "not played yet" not in _rows(first)["nintendo"]
    assert atlas.stale(first) == [] and "koikoi: bga" in atlas.pending(first)
    second = atlas.section(plan, workers=1, only=["bga"], kept=first)
    whole = atlas.section(plan, workers=1)
    # Nintendo's row kept from the first run and BGA's played in the second: as if played at once.
    assert {ident: _rows(second)[ident] for ident in ("bga", "nintendo")} == {
        ident: _rows(whole)[ident] for ident in ("bga", "nintendo")
    }
    assert atlas.sections_of(second)["koikoi"][0]["inputs"].keys() == {"bga", "nintendo"}
    assert atlas.pending(whole) == [] and atlas.stale(whole) == []


def test_a_rule_set_the_game_does_not_bundle_is_refused(monkeypatch, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        atlas.main(["--game", "koikoi", "--ruleset", "tenhou", "/nonexistent/atlas.md"])
    assert stopped.value.code == 2
    assert "'tenhou' is not a bundled koikoi rule set" in capsys.readouterr().err


def test_a_section_made_between_other_bots_than_the_plans_is_stale() -> None:
    text = (ROOT / atlas.PAGE).read_text(encoding="utf-8")
    record = atlas.sections_of(text)["koikoi"][0]
    marker = json.dumps(record, sort_keys=True)
    other = json.dumps({**record, "bots": ["greedy", "greedy"]}, sort_keys=True)
    assert marker in text
    said = "koikoi: made between greedy bots, the plan is human"
    assert said not in atlas.stale(text) and said in atlas.stale(text.replace(marker, other))
