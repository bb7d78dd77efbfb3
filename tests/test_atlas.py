"""docs/atlas.md is generated (``python -m yakuset._docs.atlas``) and current: the rules and the
play its sections were made from are the ones bundled now (a few matches replayed, not the whole
atlas)."""

from __future__ import annotations

from pathlib import Path

from yakuset._docs import atlas

ROOT = Path(__file__).resolve().parents[1]


def test_the_atlas_page_is_current() -> None:
    text = (ROOT / atlas.PAGE).read_text(encoding="utf-8")
    assert atlas.stale(text) == [], "run `python -m yakuset._docs.atlas --game GAME` for the games named"


def test_the_atlas_covers_every_bundled_koikoi_rule_set_from_its_plan() -> None:
    text = (ROOT / atlas.PAGE).read_text(encoding="utf-8")
    record, whole = atlas.sections_of(text)["koikoi"]
    assert record["matches"] >= 10_000 and record["bots"] == ["greedy", "greedy"]
    for rs in atlas.bundled("koikoi"):
        assert f"| `{rs.id}` |" in whole


def test_a_changed_rule_set_makes_its_section_stale() -> None:
    text = (ROOT / atlas.PAGE).read_text(encoding="utf-8")
    record = atlas.sections_of(text)["koikoi"][0]
    changed = text.replace(record["inputs"]["nintendo"], "0" * 16)
    assert atlas.stale(changed) == ["koikoi: nintendo changed (its rules or its play)"]
