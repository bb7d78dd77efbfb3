"""`yakuset diff`: rule changes keyed by id with file:line on both sides, score changes, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yakuset
from yakuset import diff

from ..helpers import BUNDLED, ROOT, behaviour_of_group, bundled_behaviour, real, run, write_at as write

DIFF_SCHEMA = json.loads((ROOT / "schema" / "diff.schema.json").read_text(encoding="utf-8"))


def line_of(path: Path, text: str) -> int:
    """The 1-based line of the first line of ``path`` that contains ``text``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text in line:
            return number
    raise AssertionError(f"{text!r} not in {path}")


# --- identical -----------------------------------------------------------------------------


# Riichi's in the whole run (a whole comparison); the quick run compares tenhou with itself in
# test_docs_examples (`yakuset diff tenhou tenhou --behaviour-only`).
@pytest.mark.parametrize("ruleset_id", ["nintendo", pytest.param("tenhou", marks=pytest.mark.slow)])
def test_a_rule_set_compared_with_itself_is_identical_and_exits_0(capsys, ruleset_id):
    code, out, _ = run(capsys, "diff", ruleset_id, ruleset_id, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["identical"] is True
    assert data["structural"]["changes"] == []
    assert data["behaviour"]["changes"] == []


def test_a_file_that_only_restates_its_parent_is_identical(capsys, tmp_path):
    restated = write(
        tmp_path / "restated.yaml",
        """
        extends: nintendo
        name: Nintendo
        calls:
          limit_per_round: 1
        award:
          multipliers:
            - id: own_streak
              max: 6
        """,
    )
    code, out, _ = run(capsys, "diff", "nintendo", str(restated))
    assert code == 0
    assert "Rules: identical" in out
    assert "none of" in out


# --- one multiplier ------------------------------------------------------------------------


def test_changing_one_multiplier_is_exactly_one_rule_change_and_changes_only_its_grid_cells(capsys, tmp_path):
    house = write(
        tmp_path / "house.yaml",
        """
        extends: fudawiki
        award:
          multipliers:
            - id: own_streak
              max: 4
        """,
    )
    code, out, _ = run(capsys, "diff", "fudawiki", str(house), "--json")
    assert code == 1
    data = json.loads(out)
    [change] = data["structural"]["changes"]
    assert (change["path"], change["kind"], change["old"], change["new"]) == (
        "award.multipliers[own_streak].max",
        "changed",
        6,
        4,
    )
    assert change["new_at"] == f"{yakuset.load_ruleset(house).files[0].display}:5"
    # Counted independently: the streak factor min(1 + calls, 6) differs from min(1 + calls, 4)
    # exactly when calls >= 4; FudaWiki allows any number of calls, so the grid is base 1-30 × own
    # calls 0-7 × opponent called or not.
    expected = sum(
        1
        for base in range(1, 31)
        for calls in range(8)
        for opponent in (0, 1)
        if min(1 + calls, 6) != min(1 + calls, 4)
    )
    assert expected == 240
    groups = data["behaviour"]["groups"]
    assert groups["award"] == {"situations": 480, "changed": expected}
    assert all(g["changed"] == 0 for name, g in groups.items() if name != "award")
    assert all("own call" in c["situation"] for c in data["behaviour"]["changes"])
    largest = data["behaviour"]["changes"][0]
    # Base 30 with 7 own calls and an opponent call: 30 × 2 × 2 × 6 = 720 -> 30 × 2 × 2 × 4 = 480.
    assert (largest["old"]["value"], largest["new"]["value"], largest["delta"]) == (720, 480, -240)


def test_the_award_grid_stops_at_the_call_limit_so_a_cap_no_call_count_reaches_changes_nothing(capsys, tmp_path):
    # Nintendo allows one Koi-Koi call a round: the streak factor is at most 1 + 1 = 2, below any cap of 4.
    house = write(
        tmp_path / "house.yaml",
        """
        extends: nintendo
        award:
          multipliers:
            - id: own_streak
              max: 4
        """,
    )
    code, out, _ = run(capsys, "diff", "nintendo", str(house), "--json", "--behaviour-only")
    data = json.loads(out)
    assert data["behaviour"]["groups"]["award"] == {"situations": 30 * 2 * 2, "changed": 0}
    assert code == 0


# --- named rule sets ------------------------------------------------------------------------


def test_nintendo_vs_fudawiki_lists_goko_and_the_call_limit_with_both_locations():
    a, b = yakuset.load_ruleset("nintendo"), yakuset.load_ruleset("fudawiki")
    changes = {c.path: c for c in diff.structural(a, b)}
    goko = changes["yaku[goko].points"]
    assert (goko.old, goko.new) == (10, 15)
    base_file = BUNDLED / "koikoi" / "_koikoi.yaml"
    fudawiki_file = BUNDLED / "koikoi" / "fudawiki.yaml"
    assert real(goko.old_at.file) == base_file
    assert goko.old_at.line == line_of(base_file, "{id: goko,")
    assert real(goko.new_at.file) == fudawiki_file
    assert goko.new_at.line == line_of(fudawiki_file, "{id: goko,")
    limit = changes["calls.limit_per_round"]
    assert (limit.kind, limit.old, limit.new) == ("type_changed", 1, "unlimited")
    nintendo_file = BUNDLED / "koikoi" / "nintendo.yaml"
    assert (real(limit.old_at.file), limit.old_at.line) == (
        nintendo_file,
        line_of(nintendo_file, "limit_per_round"),
    )
    assert (real(limit.new_at.file), limit.new_at.line) == (
        fudawiki_file,
        line_of(fudawiki_file, "limit_per_round"),
    )


def test_nintendo_vs_fudawiki_human_output_shows_old_new_and_places(capsys):
    code, out, _ = run(capsys, "diff", "nintendo", "fudawiki", "--colour", "never")
    assert code == 1
    goko_line = next(line for line in out.splitlines() if "yaku[goko].points" in line)
    assert "10 -> 15" in goko_line
    assert "_koikoi.yaml:" in goko_line and "fudawiki.yaml:" in goko_line
    assert "\033[" not in out


def test_tenhou_vs_full_scoring_lists_the_double_patterns_and_the_changed_yakuman_combinations():
    a, b = yakuset.load_ruleset("tenhou"), yakuset.load_ruleset("full-scoring")
    changes = {c.path: c for c in diff.structural(a, b)}
    assert changes["yakuman.stacking"].new == "add_with_doubles"
    assert set(changes["yakuman.double_patterns"].new) >= {
        "daisuushii",
        "kokushi_13",
        "junsei_chuuren",
        "suuankou_tanki",
    }
    report = bundled_behaviour("tenhou", "full-scoring")
    changed = {c.situation: c for c in report.changes}
    assert {c.group for c in report.changes} == {"yakuman", "hands"}
    # Rule document 001 (docs/rules/riichi.md §6): a double pattern counts 2 under full scoring, 1 under Tenhou.
    pair = changed["daisuushii + tsuuiisou"]
    assert (pair.old.value, pair.new.value) == (64000, 96000)
    assert not any("kokushi_13 + daisangen" in s for s in changed)  # no hand holds both
    assert "daisangen + tsuuiisou" not in changed  # two plain yakuman: 2 either way
    assert "daisangen + tsuuiisou" in {s for s in (c[1] for c in a.part.compare.situations(a, b))}
    # every changed combination holds a double pattern, and every combination with one changed
    doubles = {"daisuushii", "kokushi_13", "junsei_chuuren", "suuankou_tanki"}
    combos = [c.situation for c in report.changes if c.group == "yakuman"]
    assert all(doubles & set(s.split(" (")[0].split(" + ")) for s in combos)
    # The hands of the corpus that change hold a double shape too.
    assert all(
        doubles & set(c.new.summary.split("(")[1].split(")")[0].split(", "))
        for c in report.changes
        if c.group == "hands"
    )


def test_koikoi_against_riichi_is_a_clear_error_exit_2(capsys):
    code, out, err = run(capsys, "diff", "nintendo", "tenhou")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and "koikoi" in err and "riichi" in err


# --- output formats -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("nintendo", "fudawiki"),
        # A whole Riichi diff with its causes: the quick run validates one with steps in test_sanma_diff.py.
        pytest.param("tenhou", "ema-2025", marks=pytest.mark.slow),
        ("yakuza", "yakuza"),
    ],
)
def test_json_output_follows_its_documented_schema(capsys, a, b):
    code, out, _ = run(capsys, "diff", a, b, "--format", "json", "--steps", "2")
    assert code in (0, 1)
    jsonschema.validate(json.loads(out), DIFF_SCHEMA)


def test_structural_only_and_behaviour_only(capsys):
    _, out, _ = run(capsys, "diff", "nintendo", "yakuza", "--json", "--structural-only")
    assert json.loads(out)["behaviour"] is None
    _, out, _ = run(capsys, "diff", "nintendo", "yakuza", "--json", "--behaviour-only")
    assert json.loads(out)["structural"] is None


def test_markdown_renders_rule_changes_and_situations_as_tables(capsys):
    code, out, _ = run(capsys, "diff", "nintendo", "yakuza", "--format", "markdown")
    assert code == 1
    lines = out.splitlines()
    header = lines.index("| path | change | old | new | where (old → new) |")
    assert lines[header + 1] == "|---|---|---|---|---|"
    assert any(line.startswith("| `yaku[sanko].points` | changed | 5 | 6 |") for line in lines)
    assert "| situation | `nintendo` | `yakuza` | Δ | caused by |" in lines
    rows = [line for line in lines if line.startswith("| ")]
    assert all(line.endswith(" |") for line in rows)


def test_github_format_annotates_each_rule_change_at_its_file_and_line(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "club.yaml", "extends: yakuza\nname: Club\nyaku:\n  - {id: sanko, points: 7}\n")
    code, out, _ = run(capsys, "diff", "yakuza", "club.yaml", "--format", "github")
    assert code == 1
    sanko = next(line for line in out.splitlines() if "yaku[sanko].points" in line)
    assert sanko.startswith("::notice file=club.yaml,line=4,title=rule changed::")
    assert out.splitlines()[-1].startswith("::warning title=yakuza -> club::")


def test_github_format_points_no_annotation_at_a_bundled_file(capsys):
    code, out, _ = run(capsys, "diff", "nintendo", "yakuza", "--format", "github")
    assert code == 1
    sanko = next(line for line in out.splitlines() if "yaku[sanko].points" in line)
    assert sanko.startswith("::notice title=rule changed::yaku[sanko].points")


def test_declared_compares_the_files_as_written(capsys):
    code, out, _ = run(capsys, "diff", "nintendo", "tournament", "--declared", "--structural-only", "--json")
    assert code == 1
    paths = {c["path"] for c in json.loads(out)["structural"]["changes"]}
    assert "extends" in paths  # _koikoi -> nintendo
    assert "yaku_rules" in paths  # only tournament states it
    assert "calls" in paths  # only nintendo states it


def test_cases_file_adds_the_users_situations(capsys, tmp_path):
    cases = write(
        tmp_path / "cases.yaml",
        """
        cases:
          - {name: five brights, captured: [01-bright-crane, 03-bright-curtain, 08-bright-moon, 11-bright-rainman, 12-bright-phoenix]}
          - {name: a big streak, base: 12, own_calls: 5, opponent_calls: 1}
        """,
    )
    code, out, _ = run(capsys, "diff", "nintendo", "fudawiki", "--cases", str(cases), "--json")
    assert code == 1
    data = json.loads(out)
    assert data["behaviour"]["groups"]["cases"] == {"situations": 2, "changed": 1}
    [brights] = [c for c in data["behaviour"]["changes"] if c["situation"] == "five brights"]
    assert (brights["old"]["value"], brights["new"]["value"]) == (10, 15)


def test_a_bad_cases_file_is_exit_2_with_a_location(capsys, tmp_path):
    cases = write(tmp_path / "cases.yaml", "cases:\n  - 12\n")
    code, out, err = run(capsys, "diff", "nintendo", "fudawiki", "--cases", str(cases))
    assert code == 2
    assert out == ""
    assert err.startswith(f"{cases}:2:5: cases[0]: ")


def test_behaviour_grid_does_not_build_riichi_steps_it_does_not_show(monkeypatch):
    built = []
    original = yakuset.riichi.Score.steps.fget

    def counting(self):
        built.append(self)
        return original(self)

    monkeypatch.setattr(yakuset.riichi.Score, "steps", property(counting))
    report = diff.behaviour(yakuset.load_ruleset("tenhou"), yakuset.load_ruleset("ema-2025"))
    assert report.changes and built == []


def test_ema_2025_vs_m_league_lists_the_table_rules_that_tell_them_apart_and_their_effect():
    a, b = yakuset.load_ruleset("ema-2025"), yakuset.load_ruleset("m-league")
    changes = {c.path: (c.old, c.new) for c in diff.structural(a, b)}
    # docs/rules/riichi-table.md §2: the EMA and M-League columns.
    assert changes["points.uma"] == ([15000, 5000, -5000, -15000], [30000, 10000, -10000, -30000])
    assert changes["points.oka"] == (0, 20000)
    assert changes["points.start"] == (30000, 25000)
    assert changes["wins.multiple_ron"] == ("all", "head_bump")
    assert changes["tiles.red_fives.p"] == (0, 1)
    assert changes["draws.nagashi_mangan"] == (False, True)
    report = bundled_behaviour("ema-2025", "m-league")
    changed = {c.situation: c for c in report.changes}
    assert {"settle", "standings", "tiles"} <= {c.group for c in report.changes}
    # Double ron off seat 0 at South 2 (1 honba, 1 stick on the table; seat 3 in riichi): EMA pays
    # seat 3 a mangan 8000 + 300, its own stick back (seat 2, nearest, takes the table's stick);
    # M-League's head bump pays only seat 2, and seat 3 loses its stick.
    double = changed["double ron off seat 0: seat 2 (3 han 30 fu), seat 3 (mangan, riichi); 1 honba, 1 stick"]
    assert (double.old.value, double.new.value) == (8300, -1000)
    # The same red five: 1 han more under M-League (riichi, red 5p: 2 han 40 fu = 2600 vs 1300).
    red = changed["234m406p789s11z345s, win 3s, riichi (a red 5p)"]
    assert (red.old.value, red.new.value) == (1300, 2600)
    # Final start +17,000 / +6,000 / -2,000 / -21,000, seat 0 first: EMA starts and returns at
    # 30,000, 47,000: 17 + uma 15 = +32; M-League starts at 25,000 and returns 30,000, 42,000:
    # 12 + oka 20 + uma 30 = +62.
    final = changed["final start +17,000 / +6,000 / -2,000 / -21,000"]
    assert (final.old.value, final.new.value) == (32.0, 62.0)


def test_ema_2025_vs_tenhou_settlements_show_the_chombo_penalty_and_the_abortive_draws_under_their_causes():
    """The settlements alone, as the command line renders a comparison (the whole diff below, in
    the slow run): EMA charges a chombo that Tenhou does not; Tenhou has the abortive draws."""
    a, b = yakuset.load_ruleset("ema-2025"), yakuset.load_ruleset("tenhou")
    report = behaviour_of_group(a, b, "settle")
    resolved = diff.structural(a, b)
    out = diff.human(a, b, None, report, 3, False, diff.attribute(a, resolved, report), 10, resolved)
    under = {block.split(":")[0]: block for block in out.split("\n  Caused by ")[1:]}
    assert "settle: chombo by seat 0: transfers [0, 0, 0, 0]" in under["penalties.chombo"]
    assert "refused (the rule set has no chombo penalty (penalties.chombo: none))" in under["penalties.chombo"]
    line = "settle: abortive draw: nine terminals: refused (the rule set has no abortive draw"
    assert line in under["draws.abortive"]
    # The other way, Tenhou's abortive triple ron paid under EMA, which pays each winner its honba
    # (wins.honba_to: each; Tenhou's nearest): the abortive draws turned off alone pay the honba
    # Tenhou's way, and the honba rule alone moves nothing (Tenhou aborts the hand), so the cause
    # named is the change that moves it, not an exact one.
    back = behaviour_of_group(b, a, "settle")
    causes = dict(zip((c.situation for c in back.changes), diff.attribute(b, diff.structural(b, a), back)))
    triple = causes["triple ron off seat 0: seats 1, 2, 3 each 1 han 30 fu"]
    assert triple is not None and (triple.key, triple.exact) == (("draws.abortive",), False)


@pytest.mark.slow  # a whole Riichi diff with its causes; its settlements alone just above
def test_ema_2025_vs_tenhou_shows_the_chombo_penalty_and_the_abortive_draws(capsys):
    code, out, _ = run(capsys, "diff", "ema-2025", "tenhou", "--behaviour-only")
    assert code == 1
    assert "settle: chombo by seat 0: transfers [0, 0, 0, 0]" in out
    assert "refused (the rule set has no chombo penalty (penalties.chombo: none))" in out
    assert "settle: abortive draw: nine terminals: refused (the rule set has no abortive draw" in out


# --- the bundled example scripts -------------------------------------------------------------


def test_a_bundled_example_refused_by_one_rule_set_is_left_out_not_a_score_change(capsys, tmp_path, monkeypatch):
    # The example is written for one Koi-Koi call per player: alice's second rise ends the round
    # by itself (an automatic Shobu). With two calls allowed she has to answer instead, so the
    # script's end is refused: a play the rule set does not allow, not a score it changes.
    club = write(tmp_path / "club.yaml", "extends: nintendo\nname: Club\ncalls:\n  limit_per_round: 2\n")
    monkeypatch.chdir(tmp_path)
    report = diff.behaviour(yakuset.load_ruleset("nintendo"), yakuset.load_ruleset(club))
    assert [c.situation for c in report.changes if c.group == "script"] == []
    assert report.one_sided == 1
    _, out, _ = run(capsys, "diff", "nintendo", str(club), "--behaviour-only")
    assert "the scripted play" not in out and "1 that only one rule set can have" in out


def test_a_bundled_example_is_named_as_bundled_never_by_its_install_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # outside the checkout, where no relative path is shorter
    club = write(tmp_path / "club.yaml", "extends: nintendo\nname: Club\ncalls:\n  limit_per_round: 2\n")
    example = yakuset._core.bundled.data_root() / "examples" / "one-call-then-automatic-shobu.yaml"
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.koikoi.replay(yakuset.load_ruleset(club), yakuset.koikoi.load_script(example.resolve()))
    assert str(caught.value).startswith("<bundled>/examples/one-call-then-automatic-shobu.yaml:8:5: rounds[0]:")
