"""`yakuset diff` says which rule change causes each score change, reports no change where the
rules are the same, and compares only situations that can happen."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import jsonschema
import pytest
import yakuset
from hypothesis import HealthCheck, given, settings, strategies as st
from yakuset import diff

from ..helpers import ROOT, behaviour_of_group, bundled_behaviour, examples, run, write_at as write

DIFF_SCHEMA = json.loads((ROOT / "schema" / "diff.schema.json").read_text(encoding="utf-8"))


def test_every_changed_award_cell_is_caused_by_the_one_multiplier_change(capsys, tmp_path):
    club = write(
        tmp_path / "club.yaml",
        """
        extends: fudawiki
        name: Club
        award:
          multipliers:
            - id: own_streak
              max: 4
        """,
    )
    code, out, _ = run(capsys, "diff", "fudawiki", str(club), "--json")
    assert code == 1
    data = json.loads(out)
    jsonschema.validate(data, DIFF_SCHEMA)
    behaviour = data["behaviour"]
    # The streak factor min(1 + calls, 6) differs from min(1 + calls, 4) for 4-7 calls: 30 bases ×
    # 4 call counts × opponent called or not = 240 cells, all caused by the max alone.
    assert behaviour["causes"] == [
        {"changes": ["award.multipliers[own_streak].max"], "exact": True, "situations": 240, "largest": 0}
    ]
    assert all(
        c["causes"] == {"changes": ["award.multipliers[own_streak].max"], "exact": True} for c in behaviour["changes"]
    )


def test_human_output_groups_the_score_changes_under_their_cause_with_both_places(capsys, tmp_path):
    club = write(
        tmp_path / "club.yaml",
        """
        extends: fudawiki
        name: Club
        award:
          multipliers:
            - id: own_streak
              max: 4
        """,
    )
    code, out, _ = run(capsys, "diff", "fudawiki", str(club), "--behaviour-only", "--top", "2", "--steps", "0")
    assert code == 1
    lines = out.splitlines()
    cause = next(line for line in lines if line.strip().startswith("Caused by"))
    base = (ROOT / "rulesets" / "koikoi" / "_koikoi.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(base, start=1) if text.strip() == "max: 6")  # own_streak's cap
    assert cause.strip() == (
        f"Caused by award.multipliers[own_streak].max: 6 -> 4 (<bundled>/koikoi/_koikoi.yaml:{line} -> "
        f"{yakuset.load_ruleset(club).files[0].display}:6): 240 situation(s) change"
    )
    # The largest: base 30 with 5 or more own calls (the first of them listed), the opponent called:
    # 30 × 2 × 2 × 6 = 720 -> 30 × 2 × 2 × 4 = 480.
    first = lines[lines.index(cause) + 1].strip()
    assert first == "award: base 30, 5 own call(s), opponent called: 720 -> 480 (-240)"
    assert lines[lines.index(cause) + 3].strip() == "... and 238 more (--top N lists more, --top 0 all)"


def test_changes_that_act_only_together_are_named_together():
    # Under full scoring the double shapes count twice: that needs both `stacking: add_with_doubles`
    # and the shapes listed (docs/rules/riichi.md §6).
    a, b = yakuset.load_ruleset("tenhou"), yakuset.load_ruleset("full-scoring")
    report = bundled_behaviour("tenhou", "full-scoring")
    causes = diff.attribute(a, diff.structural(a, b), report)
    assert report.changes and all(c is not None and c.exact for c in causes)
    assert {c.key for c in causes if c is not None} == {("yakuman.stacking", "yakuman.double_patterns")}


def test_a_draw_rule_and_the_yaku_it_pays_are_found_as_one_cause():
    a, b = yakuset.load_ruleset("ema-2025"), yakuset.load_ruleset("m-league")
    report = bundled_behaviour("ema-2025", "m-league")
    causes = dict(zip((c.situation for c in report.changes), diff.attribute(a, diff.structural(a, b), report)))
    nagashi = causes["nagashi mangan by seat 2 (non-dealer)"]
    assert nagashi is not None and nagashi.exact
    assert nagashi.key == ("yaku[nagashi_mangan].enabled", "draws.nagashi_mangan")
    assert causes["234m406p789s11z345s, win 3s, riichi (a red 5p)"].key == ("tiles.red_fives.p",)


# --- no false positives ---------------------------------------------------------------------------


def test_a_file_that_only_extends_a_rule_set_is_the_same_rule_set(capsys, tmp_path):
    same = write(tmp_path / "same.yaml", "extends: yakuza\n")
    code, out, _ = run(capsys, "diff", "yakuza", str(same))
    assert code == 0
    assert "Rules: identical" in out and "none of" in out


def test_a_new_name_and_description_alone_exit_0_with_a_note(capsys, tmp_path):
    renamed = write(tmp_path / "club.yaml", "extends: yakuza\nname: Club\nmetadata: {description: ours}\n")
    code, out, _ = run(capsys, "diff", "yakuza", str(renamed))
    assert code == 0
    assert "(only the name, the metadata or `extends` differ: the rules are the same)" in out
    code, out, _ = run(capsys, "diff", "yakuza", str(renamed), "--json")
    data = json.loads(out)
    assert (code, data["identical"], data["same_rules"]) == (0, False, True)


def test_a_situation_both_rule_sets_refuse_is_not_counted_and_the_summary_says_so():
    a, b = yakuset.load_ruleset("tenhou"), yakuset.load_ruleset("tenhou")
    report = behaviour_of_group(a, b, "grid")
    assert report.changes == ()
    # 1 han 20 fu ron, 1 han 25 fu and the like: no hand has them under either rule set.
    assert report.skipped > 0
    assert f"({report.skipped:,} that neither rule set allows left out)" in report.summary
    assert "grid" in report.by_group and report.by_group["grid"][0] + report.skipped <= 1680 + report.skipped


@settings(
    max_examples=examples(10),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    ruleset_id=st.sampled_from(
        ["nintendo", "yakuza", "fudawiki", "bga", "ema-2025", "tenhou", "m-league", "mahjong-soul"]
    ),
    name=st.text(alphabet="abcdefghijklmnopqrstuvwxyz ", min_size=1, max_size=20).filter(str.strip),
    description=st.text(alphabet="abcdefghijklmnopqrstuvwxyz ", max_size=40),
    via=st.integers(0, 2),
)
def test_a_rule_set_renamed_or_re_extended_diffs_as_the_same_rules(
    tmp_path_factory, ruleset_id, name, description, via
):
    folder = tmp_path_factory.mktemp("renamed")
    base = ruleset_id
    if via >= 1:  # through a file of our own that restates nothing
        write(folder / "middle.yaml", f"extends: {ruleset_id}\n")
        base = "./middle.yaml"
    text = f"extends: {base}\nname: {name!r}\n"
    if via == 2 and description:
        text += f"metadata: {{description: {description!r}}}\n"
    renamed = write(folder / "renamed.yaml", text)
    a, b = yakuset.load_ruleset(ruleset_id), yakuset.load_ruleset(renamed)
    assert diff.rule_changes(diff.structural(a, b)) == []
    assert diff.behaviour(a, b).changes == ()


# --- only situations that can happen --------------------------------------------------------------


def test_yakuman_no_hand_holds_together_are_not_compared():
    a, b = yakuset.load_ruleset("tenhou"), yakuset.load_ruleset("full-scoring")
    compared = {text for group, text, _ in a.part.compare.situations(a, b) if group == "yakuman"}
    assert "daisangen + tsuuiisou" in compared
    assert not any("kokushi" in text and "suuankou" in text for text in compared)
    assert not any("daisangen" in text and "daisuushii" in text for text in compared)
    assert not any("tenhou" in text and "chihou" in text for text in compared)


def test_koikoi_piles_are_listed_with_their_cards():
    a = b = yakuset.load_ruleset("nintendo")
    piles = [text for group, text, _ in a.part.compare.situations(a, b) if group == "corpus"]
    assert len(piles) == 300
    assert all(text.split(": ", 1)[1] == "no cards" or "-" in text.split(": ", 1)[1] for text in piles)
    cards = piles[1].split(": ", 1)[1].split()
    assert all(card in a.rules.cards for card in cards)


# --- hands from their tiles -----------------------------------------------------------------------


def test_a_fu_rule_change_shows_up_in_the_hands_it_changes():
    # EMA 2016 counts a double-wind pair 4 fu, EMA 2025 counts 2 (docs/rules/riichi.md §1a).
    a, b = yakuset.load_ruleset("ema-2016"), yakuset.load_ruleset("ema-2025")
    report = diff.behaviour(a, b)
    causes = diff.attribute(a, diff.structural(a, b), report)
    by_cause: dict[tuple[str, ...], list[diff.BehaviourChange]] = {}
    for moved, cause in zip(report.changes, causes):
        assert cause is not None and cause.exact
        by_cause.setdefault(cause.key, []).append(moved)
    double_wind = by_cause[("fu.double_wind_pair",)]
    assert double_wind and all(c.group == "hands" for c in double_wind)
    # Every one holds a pair of the wind that is both the seat's and the round's.
    for moved in double_wind:
        words = moved.situation
        seat = words.split("seat ")[1].split(",")[0]
        assert f"round {seat}" in words
    assert by_cause[("limits.kiriage",)]


def test_cases_take_hands_by_their_tiles(capsys, tmp_path):
    cases = write(
        tmp_path / "cases.yaml",
        """
        cases:
          - {name: closed, hand: 111m456p789s11z345s, win: 3s, seat_wind: east, round_wind: east, riichi: true}
          - {name: open, hand: 456p11z345s, win: 3s, melds: [[pon, 111m], [pon, 777z]], seat_wind: east, round_wind: east}
        """,
    )
    code, out, _ = run(capsys, "diff", "ema-2016", "ema-2025", "--cases", str(cases), "--json", "--behaviour-only")
    assert code == 1
    data = json.loads(out)
    assert data["behaviour"]["groups"]["cases"] == {"situations": 2, "changed": 2}
    changed = {c["situation"]: c for c in data["behaviour"]["changes"] if c["group"] == "cases"}
    # The dealer rons with a pair of east in the East round: 4 fu under EMA 2016, 2 under EMA 2025.
    # Closed: 20 + 10 (closed ron) + 8 (closed 111m) + 4 or 2 = 42 -> 50 fu or 40 fu; riichi 1 han:
    # 50 × 8 × 6 = 2400, 40 × 8 × 6 = 1920 -> 2000.
    assert (changed["closed"]["old"]["value"], changed["closed"]["new"]["value"]) == (2400, 2000)
    # Open (chun pon): 20 + 4 (open 111m) + 4 (open 777z) + 4 or 2 = 32 -> 40 fu or 30 fu; 1 han:
    # 40 × 8 × 6 = 1920 -> 2000, 30 × 8 × 6 = 1440 -> 1500.
    assert (changed["open"]["old"]["value"], changed["open"]["new"]["value"]) == (2000, 1500)
    assert all(c["causes"] == {"changes": ["fu.double_wind_pair"], "exact": True} for c in changed.values())


def test_a_case_with_a_misspelt_key_is_exit_2_at_its_place_with_a_did_you_mean(capsys, tmp_path):
    cases = write(tmp_path / "cases.yaml", "cases:\n  - {han: 3, fu: 40}\n  - {hand: 234m456p789s11z345s, wn: 3s}\n")
    code, out, err = run(capsys, "diff", "ema-2016", "ema-2025", "--cases", str(cases))
    assert (code, out) == (2, "")
    assert err.strip() == (f"{cases}:3:33: cases[1].wn: unknown key 'wn' for a riichi case (hint: did you mean 'win'?)")


def test_a_case_both_rule_sets_refuse_is_exit_2_at_its_place(capsys, tmp_path):
    cases = write(tmp_path / "cases.yaml", "cases:\n  - {han: 3, fu: 40}\n  - {han: 1, fu: 20}\n")
    code, _, err = run(capsys, "diff", "ema-2016", "ema-2025", "--cases", str(cases))
    assert code == 2
    assert err.startswith(f"{cases}:3:5: cases[1]: case #2: both rule sets refuse it:")


def test_applying_rule_changes_leaves_the_first_rule_sets_document_as_it_was():
    # Variants share every part of the document that a change does not touch.
    import copy

    from yakuset.diff._causes import apply

    a, b = yakuset.load_ruleset("tenhou"), yakuset.load_ruleset("tenhou-sanma")
    before = copy.deepcopy(a.document)
    changes = diff.structural(a, b)
    changed = apply(a.document, changes)
    assert a.document == before
    assert changed["players"] == 3 and changed["tiles"]["removed"] == b.document["tiles"]["removed"]
    assert changed["yaku"] is a.document["yaku"] or not any(c.path.startswith("yaku") for c in changes)
    # The other way a section goes: four players have no kita (docs/rules/sanma.md).
    before = copy.deepcopy(b.document)
    back = apply(b.document, diff.structural(b, a))
    assert b.document == before
    assert (back["players"], back["tiles"]["removed"]) == (4, []) and "kita" in b.document and "kita" not in back


def test_a_variant_is_checked_where_it_changed_though_what_it_shares_is_not_checked_again():
    # A variant shares the first rule set's unchanged mappings and lists, which are valid; what
    # a change touches is checked as at load: a wrong value deep in a list item is still refused.
    from yakuset._core.ruleset import variant
    from yakuset.diff._causes import _shallow, apply

    a, b = yakuset.load_ruleset("tenhou"), yakuset.load_ruleset("ema-2025")
    assert variant(a, apply(a.document, diff.structural(a, b)), "+all").rules  # all of them: ema-2025
    broken = _shallow(a.document)
    broken["yaku"] = _shallow(a.document["yaku"])
    index = next(i for i, item in enumerate(broken["yaku"]) if item["id"] == "pinfu")
    broken["yaku"][index] = _shallow(broken["yaku"][index])
    broken["yaku"][index]["han"] = "one"
    with pytest.raises(yakuset.RulesetError, match=r"yaku\[pinfu\]\.han"):
        variant(a, broken, "+broken")


@pytest.mark.slow
@pytest.mark.parametrize(("a", "b"), [("tenhou-sanma", "jpml-a"), ("ema-2016", "m-league")])
def test_causes_found_without_scoring_what_a_rule_cannot_move_are_the_causes_found_by_scoring_all(monkeypatch, a, b):
    # The Riichi game says which rules a group of situations does not read; attribution then
    # takes the first rule set's result there instead of scoring again. Scoring everything again
    # must find the same causes.
    first, second = yakuset.load_ruleset(a), yakuset.load_ruleset(b)
    changes, report = diff.structural(first, second), diff.behaviour(first, second)
    narrowed = diff.attribute(first, changes, report)
    monkeypatch.setattr(first.part.compare, "unaffected", lambda group, path: False)
    assert diff.attribute(first, changes, report) == narrowed


@pytest.mark.slow
def test_the_report_is_the_same_whatever_the_hash_seed():
    outputs = {
        subprocess.run(
            [sys.executable, "-m", "yakuset", "diff", "jpml-a", "tenhou", "--json"],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(outputs) == 1


def test_a_cap_on_the_award_is_a_rule_change_that_causes_each_award_it_lowers(capsys):
    # Issue 42 item 24. House: FudaWiki with `award: {max: 30}`. Document 000's formula, written
    # out here: the award cells over 30 are those the cap changes.
    house = ROOT / "tests" / "data" / "house-award-max30.yaml"

    def document_000(base: int, own: int, opponent: int) -> int:
        return base * (2 if base >= 7 else 1) * (2 if opponent else 1) * min(1 + own, 6)

    # The diff's award grid: bases 1-30, 0-7 own calls (FudaWiki has no call limit), the opponent
    # called or not.
    over = sum(document_000(b, o, p) > 30 for b in range(1, 31) for o in range(8) for p in (0, 1))
    code, out, _ = run(capsys, "diff", "fudawiki", str(house), "--json")
    assert code == 1
    data = json.loads(out)
    jsonschema.validate(data, DIFF_SCHEMA)
    assert [c["path"] for c in data["structural"]["changes"] if c["path"] != "name"] == ["award.max"]
    awards = [c for c in data["behaviour"]["changes"] if c["group"] == "award"]
    assert len(awards) == over
    assert all(c["causes"] == {"changes": ["award.max"], "exact": True} for c in awards)
    assert all(c["old"]["value"] > 30 and c["new"]["value"] == 30 for c in awards)

    code, out, _ = run(capsys, "diff", "fudawiki", str(house), "--behaviour-only", "--top", "1", "--steps", "1")
    lines = [line.strip() for line in out.splitlines()]
    cause = next(line for line in lines if line.startswith("Caused by award.max: 30"))
    # The largest: base 30, 5 own calls, the opponent called: 30 × 2 × 2 × 6 = 720, capped at 30.
    assert lines[lines.index(cause) + 1 : lines.index(cause) + 4] == [
        "award: base 30, 5 own call(s), opponent called: 720 -> 30 (-690)",
        "fudawiki: 30 × 2 (7+) × 2 (opponent Koi-Koi) × 6 (your streak) = 720",
        "house-award-max30: 30 × 2 (7+) × 2 (opponent Koi-Koi) × 6 (your streak), capped at 30 = 30",
    ]


def test_a_cause_of_many_rule_changes_names_the_few_that_move_most_and_counts_the_rest(capsys):
    # Tenhou -> Mahjong Soul: the yakuman situations move with all ten rule changes together
    # (stacking, double patterns, pao...), none alone giving Mahjong Soul's result. The text names
    # three, largest first, and counts the others; the JSON keeps every one (issue 42 item 23).
    code, out, _ = run(capsys, "diff", "tenhou", "mahjong-soul", "--behaviour-only", "--json")
    assert code == 1
    causes = json.loads(out)["behaviour"]["causes"]
    many = [cause for cause in causes if len(cause["changes"]) > 3]
    assert many and all(not cause["exact"] for cause in many)
    code, text, _ = run(capsys, "diff", "tenhou", "mahjong-soul", "--behaviour-only")
    headings = [line for line in text.splitlines() if line.startswith(("  Caused by", "  Partly caused by"))]
    assert len(headings) == len(causes) and max(len(line) for line in headings) < 400
    for cause in many:
        first, second, third, *rest = cause["changes"]
        [line] = [line for line in headings if f"by {first}: " in line]
        assert f"; {second}: " in line and f"; {third}: " in line and f"; and {len(rest)} more (" in line
        assert all(f"{path}:" not in line for path in rest) and ".yaml:" not in line
    # The Markdown table's "caused by" cells name as many.
    code, markdown, _ = run(capsys, "diff", "tenhou", "mahjong-soul", "--behaviour-only", "--format", "markdown")
    cells = [row.split(" | ")[-1] for row in markdown.splitlines() if row.endswith("(partly) |")]
    assert cells and all(cell.count("`") <= 6 for cell in cells)
    assert f"and {len(many[0]['changes']) - 3} more (partly) |" in markdown
