"""The `yakuset` command: outputs, JSON shapes and exit codes (0 ok, 1 negative answer, 2 error)."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..helpers import BUNDLED, run, shown

SEED_ROW_8_NO_OPPONENT = ["8", "16", "32", "48", "64", "80", "96"]
SEED_ROW_8_OPPONENT = ["8", "32", "64", "96", "128", "160", "192"]
SEED_HEADER = [
    "Base points",
    "no self Koi (x1)",
    "1 call (x2)",
    "2 calls (x3)",
    "3 calls (x4)",
    "4 calls (x5)",
    "5+ calls (x6)",
]


def split_columns(line: str) -> list[str]:
    return re.split(r"\s{2,}", line.strip())


def test_table_text_reproduces_both_seed_tables(capsys):
    # The seeds' tables run to 5+ calls: FudaWiki plays the seeds' formula with no call limit.
    code, out, _ = run(capsys, "table", "fudawiki")
    assert code == 0
    lines = out.splitlines()
    assert "Opponent Koi-Koi calls: none (x1)" in lines
    assert "Opponent Koi-Koi calls: 1 or more (x2)" in lines
    headers = [split_columns(line) for line in lines if line.startswith("Base points")]
    assert headers == [SEED_HEADER, SEED_HEADER]
    rows_for_8 = [split_columns(line) for line in lines if line.split(" ", 1)[0] == "8"]
    assert rows_for_8 == [SEED_ROW_8_NO_OPPONENT, SEED_ROW_8_OPPONENT]
    bases = [line.split(" ", 1)[0] for line in lines if line[:1].isdigit()]
    assert bases == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "15", "20"] * 2


def test_table_markdown_is_a_pipe_table(capsys):
    code, out, _ = run(capsys, "table", "fudawiki", "--format", "markdown")
    assert code == 0
    assert "| Base points | no self Koi (x1) | 1 call (x2) |" in out
    assert "| 20 | 80 | 160 | 240 | 320 | 400 | 480 |" in out


def test_table_json_has_every_cell(capsys):
    code, out, _ = run(capsys, "table", "kk-add-10", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["ruleset"] == "kk-add-10"
    first, second = data["tables"]
    assert [c["factor"] for c in first["columns"]] == [1, 2, 3, 4, 5, 6]
    assert first["columns"][-1]["or_more"] is True
    assert second["opponent_factor"] == 2
    row_12 = next(r for r in second["rows"] if r["base"] == 12)
    assert row_12["awards"] == [48, 96, 144, 192, 240, 288]
    assert data["max"] is None  # no cap on the award


HOUSE_MAX_30 = Path(__file__).parents[1] / "data" / "house-award-max30.yaml"


def test_table_of_a_capped_award_says_so_in_every_format(capsys):
    # Issue 42 item 24: FudaWiki (document 000's formula) with `award: {max: 30}`. The seed's
    # row 8 with no opponent call is 16, 32, 48, ...: 16 and then 30 in every column.
    code, out, _ = run(capsys, "table", str(HOUSE_MAX_30))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "House (awards capped at 30) (house-award-max30): award = base × multipliers, capped at 30"
    assert split_columns(next(line for line in lines if line.startswith("8 "))) == ["8", "16", *["30"] * 5]
    data = json.loads(run(capsys, "table", str(HOUSE_MAX_30), "--json")[1])
    assert data["max"] == 30
    assert next(r for r in data["tables"][0]["rows"] if r["base"] == 8)["awards"] == [16, *[30] * 5]
    markdown = run(capsys, "table", str(HOUSE_MAX_30), "--format", "markdown")[1]
    assert "award = base × multipliers, capped at 30 (`award.max`)" in markdown


def test_award_explains_the_cap_as_its_last_step(capsys):
    # The seed's worked example 3 (12 × 2 (7+) × 2 (your streak) = 48) under a cap of 30.
    code, out, _ = run(capsys, "award", str(HOUSE_MAX_30), "--base", "12", "--own-calls", "1", "--explain")
    assert code == 0
    assert out.splitlines() == [
        "12 × 2 (7+) × 2 (your streak), capped at 30 = 30",
        "  seven_plus: × 2 (7+)",
        "  own_streak: × 2 (your streak)",
        "  cap: ≤ 30 (capped at 30)",
    ]
    data = json.loads(run(capsys, "award", str(HOUSE_MAX_30), "--base", "12", "--own-calls", "1", "--json")[1])
    assert (data["points"], data["steps"][-1]) == (
        30,
        {"id": "cap", "label": "capped at 30", "factor": 30, "op": "cap"},
    )


@pytest.mark.parametrize("ident", ["nintendo", "tournament", "yakuza"])
def test_table_stops_at_the_call_limit(capsys, ident):
    # These rule sets allow each player one Koi-Koi call a round (docs/rules/koikoi.md §4.1):
    # no game reaches a column of two calls or more, for either player.
    code, out, _ = run(capsys, "table", ident)
    assert code == 0
    headers = [split_columns(line) for line in out.splitlines() if line.startswith("Base points")]
    assert headers == [["Base points", "no self Koi (x1)", "1 call (x2)"]] * 2
    # The loser may call once too, so the second table is for exactly that call, not "1 or more".
    assert "Opponent Koi-Koi calls: 1 (x2)" in out.splitlines()
    rows_for_8 = [split_columns(line) for line in out.splitlines() if line.split(" ", 1)[0] == "8"]
    assert rows_for_8 == [SEED_ROW_8_NO_OPPONENT[:3], SEED_ROW_8_OPPONENT[:3]]  # the seeds' formula
    data = json.loads(run(capsys, "table", ident, "--json")[1])
    assert [[c["own_calls"] for c in t["columns"]] for t in data["tables"]] == [[0, 1], [0, 1]]
    assert not any(c["or_more"] for t in data["tables"] for c in t["columns"])
    assert [(t["or_more"], t["label"]) for t in data["tables"]] == [
        (False, "Opponent Koi-Koi calls: none (x1)"),
        (False, "Opponent Koi-Koi calls: 1 (x2)"),
    ]


def test_award_prints_points_and_explains(capsys):
    assert run(capsys, "award", "nintendo", "--base", "8", "--opponent-calls", "1") == (0, "32\n", "")
    code, out, _ = run(capsys, "award", "nintendo", "--base", "8", "--opponent-calls", "1", "--explain")
    assert code == 0
    assert out.splitlines()[0] == "8 × 2 (7+) × 2 (opponent Koi-Koi) × 1 = 32"


def test_award_json_shape(capsys):
    code, out, _ = run(capsys, "award", "fudawiki", "--base", "12", "--own-calls", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert {"ruleset", "points", "steps"} <= data.keys()
    assert data["points"] == 48
    assert [s["id"] for s in data["steps"]] == ["seven_plus", "own_streak"]
    assert all(set(s) == {"id", "label", "factor"} for s in data["steps"])


@pytest.mark.parametrize(
    "argv",
    [
        ["award", "nintendo", "--base", "3", "--own-calls", "-1"],
        ["award", "nintendo", "--base", "three"],
        ["award", "nintendo"],
        ["award", "no-such-ruleset", "--base", "3"],
        ["frobnicate"],
        [],
        ["table", "nintendo", "--format", "pdf"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_list_names_the_five_koikoi_rulesets(capsys):
    code, out, _ = run(capsys, "list", "--json")
    assert code == 0
    ids = {r["id"] for r in json.loads(out)}
    assert {"nintendo", "tournament", "yakuza", "fudawiki", "kk-add-10"} <= ids
    assert not any(i.startswith("_") for i in ids)


def test_show_resolved_gives_each_value_its_file_and_line(capsys):
    code, out, _ = run(capsys, "show", "kk-add-10", "--resolved")
    assert code == 0
    max_line = next(line for line in out.splitlines() if line.strip().startswith("max: 6"))
    assert max_line.rstrip().endswith(tuple(f"_koikoi.yaml:{n}" for n in range(1, 200)))
    source = Path("rulesets/koikoi/_koikoi.yaml").read_text(encoding="utf-8").splitlines()
    line_no = int(max_line.rsplit(":", 1)[1])
    assert source[line_no - 1].strip() == "max: 6"
    per_point = next(line for line in out.splitlines() if "per_point" in line)
    assert "kk-add-10.yaml:" in per_point


def test_show_resolved_json_maps_paths_to_sources(capsys):
    code, out, _ = run(capsys, "show", "yakuza", "--resolved", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["sources"]["plugins.dealers_privilege.points"].startswith(
        shown(BUNDLED / "koikoi" / "yakuza.yaml") + ":"
    )
    assert data["sources"]["award.multipliers[2].max"].startswith(shown(BUNDLED / "koikoi" / "_koikoi.yaml") + ":")
    assert data["document"]["calls"]["limit_per_round"] == 1


def test_show_declared_prints_the_file_as_written(capsys):
    code, out, _ = run(capsys, "show", "tournament")
    assert code == 0
    assert "extends: nintendo" in out


@pytest.mark.parametrize(
    ("ident", "off"),
    [
        # _koikoi.yaml turns Tsukifuda and the weather off; Nintendo turns none of them on.
        ("nintendo", "# off in this rule set: yaku: tsukifuda; yaku_rules.weather: rain, fog, rain_man"),
        # _riichi.yaml turns renhou, nagashi mangan and daichisei off; tenhou turns nagashi mangan on.
        ("tenhou", "# off in this rule set: yaku: renhou, daichisei"),
    ],
)
def test_show_says_what_the_rule_set_turns_off(capsys, ident, off):
    for resolved in ([], ["--resolved"]):
        code, out, _ = run(capsys, "show", ident, *resolved)
        assert code == 0
        assert out.splitlines()[1] == off
    data = json.loads(run(capsys, "show", ident, "--json")[1])
    assert [item["id"] for item in data["off"] if item["list"] == "yaku"] == off.split("yaku: ")[1].split(";")[0].split(
        ", "
    )


def test_new_writes_a_stub_that_extends_the_rule_set_and_states_nothing_else(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "new", "club", "--extends", "nintendo")
    assert code == 0 and out.startswith("wrote club.yaml")
    text = (tmp_path / "club.yaml").read_text(encoding="utf-8")
    # The schema by the URL `yakuset serve` answers with its defaults (docs/rule-sets.md), the same on
    # every machine, never by this machine's path to it (tests/web/test_api.py reads it there).
    assert text.splitlines()[0] == "# yaml-language-server: $schema=http://127.0.0.1:8000/api/v1/schema"
    assert run(capsys, "schema")[1].strip() not in text
    assert [line for line in text.splitlines() if not line.startswith("#")] == ["extends: nintendo", "name: club"]
    assert run(capsys, "validate", "club.yaml")[0] == 0
    code, out, _ = run(capsys, "diff", "nintendo", "club.yaml", "--structural-only")
    assert code == 0 and "name: 'Nintendo' -> 'club'" in out  # the name, nothing else
    # A file is extended by its path from the new file's folder.
    assert run(capsys, "new", "deeper.yaml", "--extends", "club.yaml")[0] == 0
    assert "extends: ./club.yaml\n" in (tmp_path / "deeper.yaml").read_text(encoding="utf-8")


def test_new_suggests_a_validate_command_a_shell_runs_as_written(capsys, tmp_path, monkeypatch):
    # issue 42 item 29: "yakuset validate my club.yaml" ran validate on two files, "my" and "club.yaml".
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "new", "my club", "--extends", "nintendo")
    assert code == 0 and "`yakuset validate 'my club.yaml'` checks it" in out
    assert run(capsys, "validate", *shlex.split("'my club.yaml'"))[0] == 0


def test_new_refuses_an_existing_file_and_an_unknown_rule_set(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club.yaml").write_text("keep: me\n", encoding="utf-8")
    code, _, err = run(capsys, "new", "club", "--extends", "nintendo")
    assert code == 2 and "club.yaml exists already" in err
    assert (tmp_path / "club.yaml").read_text(encoding="utf-8") == "keep: me\n"
    code, _, err = run(capsys, "new", "other", "--extends", "nintendoo")
    assert code == 2 and "did you mean 'nintendo'?" in err and not (tmp_path / "other.yaml").exists()


def test_validate_reports_every_problem_and_exits_1(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: nintendo\nawrd: {}\ncalls:\n  limit_per_round: lots\n", encoding="utf-8")
    good = tmp_path / "good.yaml"
    good.write_text("extends: nintendo\nname: Good\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(bad), str(good))
    assert code == 1
    lines = out.splitlines()
    assert any(":2:1: awrd: unknown key 'awrd'" in line and "did you mean 'award'" in line for line in lines)
    assert any(":4:" in line and "calls.limit_per_round" in line for line in lines)
    assert lines[-1].endswith("good.yaml: ok")


def test_validate_all_bundled_files_pass(capsys):
    files = sorted(str(p) for p in Path("rulesets").glob("*/*.yaml"))
    code, out, _ = run(capsys, "validate", *files)
    assert code == 0, out


def test_validate_json(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: nintendo\nplugins:\n  lucky_hand: {}\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", "--json", str(bad))
    assert code == 1
    [report] = json.loads(out)
    [problem] = report["problems"]
    assert (problem["line"], problem["path"]) == (3, "plugins.lucky_hand")
    assert "lucky_hands" in problem["hint"]


def test_validate_missing_file_is_a_usage_error(capsys, tmp_path):
    code, _, err = run(capsys, "validate", str(tmp_path / "nope.yaml"))
    assert code == 2
    assert f"no file named {str(tmp_path / 'nope.yaml')!r}" in err


def test_award_on_a_broken_house_file_prints_located_lines_and_exits_2(capsys, tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text(
        "extends: nintendo\nname: House\naward:\n  multipliers:\n    - id: own_streak\n      factor: 1 + own_cals\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "award", str(house), "--base", "5")
    assert code == 2
    assert out == ""
    [line] = err.splitlines()
    assert (
        line.startswith(f"{house}:6:19: award.multipliers[own_streak].factor: unknown name `own_cals`")
        or ":6:19: award.multipliers[own_streak].factor: unknown name `own_cals`" in line
    )
    assert "did you mean `own_calls`?" in line


SCRIPT = shutil.which("yakuset", path=str(Path(sys.executable).parent)) or shutil.which("yakuset")


@pytest.mark.skipif(SCRIPT is None, reason="console script not installed")
def test_console_script_runs():
    done = subprocess.run(
        [str(SCRIPT), "award", "nintendo", "--base", "12", "--own-calls", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, "48\n")


@pytest.mark.parametrize("module", ["yakuset", "yakuset._cli"])
def test_module_entry_runs_without_a_traceback(module):
    done = subprocess.run(
        [sys.executable, "-m", module, "award", "nintendo", "--base", "0"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, "0\n")


# --- Riichi ------------------------------------------------------------------------------------


def test_score_han_fu_prints_the_payment_line(capsys):
    # Rule document 002 (docs/rules/riichi.md §6)'s worked example: 3 han 40 fu, non-dealer ron 5200.
    code, out, _ = run(capsys, "score", "ema-2025", "--han", "3", "--fu", "40")
    assert code == 0
    assert out == "non-dealer ron: 3 han 40 fu: the discarder pays 5200; total 5200\n"


def test_score_tsumo_json_has_the_documented_shape(capsys):
    code, out, _ = run(capsys, "score", "tenhou", "--han", "3", "--fu", "40", "--tsumo", "--json")
    assert code == 0
    data = json.loads(out)
    assert {"ruleset", "han", "fu", "limit", "yakuman", "payments", "total"} <= data.keys()
    assert data["payments"] == {"dealer": 2600, "non_dealer": 1300}
    assert data["total"] == 5200


def test_score_explain_lists_yaku_fu_limit_and_bonuses(capsys):
    code, out, _ = run(
        capsys, "score", "ema-2025", "--yaku", "riichi,pinfu,ittsu", "--honba", "1", "--riichi-sticks", "2", "--explain"
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "non-dealer ron: 4 han 30 fu (mangan): the discarder pays 8300; total 10300"
    assert lines[1:4] == ["  Riichi: 1", "  Pinfu: 1", "  Ittsu: 2"]
    assert "  mangan (kiriage): basic points become: 2000" in lines
    assert "  1 honba × 300: 300" in lines


def test_score_yakuman_policy_shows_in_the_summary(capsys):
    code, out, _ = run(capsys, "score", "tenhou", "--yakuman", "daisangen,tsuuiisou", "--dealer", "--tsumo")
    assert (code, out) == (0, "dealer tsumo: 2x yakuman: each player pays 32000; total 96000\n")
    code, out, _ = run(capsys, "score", "single-yakuman-cap", "--yakuman", "daisangen,tsuuiisou")
    assert (code, out) == (0, "non-dealer ron: 1x yakuman: the discarder pays 32000; total 32000\n")


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "tenhou", "--han", "2", "--fu", "20"],  # 20 fu on a ron
        ["score", "tenhou", "--yaku", "riichi", "--open", "--fu", "30"],  # closed-only yaku, open hand
        ["score", "tenhou", "--yaku", "", "--dora-count", "2", "--fu", "30"],  # dora alone
        ["score", "tenhou", "--yaku", "richi", "--fu", "30"],  # unknown yaku
        ["score", "tenhou", "--han", "3"],  # fu needed below the limits
        ["score", "tenhou", "--han", "3", "--fu", "40", "--yaku", "riichi"],  # two modes at once
        ["score", "tenhou", "--yakuman", "daisangen", "--fu", "30"],  # fu with a yakuman
        ["score", "tenhou", "--han", "3", "--fu", "40", "--honba", "-1"],
        ["score", "nintendo", "--han", "3", "--fu", "40"],  # a Koi-Koi rule set
        ["award", "tenhou", "--base", "3"],  # a Riichi rule set
    ],
)
def test_bad_riichi_input_is_one_line_and_exit_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_riichi_table_text_has_four_grids_and_the_limits(capsys):
    code, out, _ = run(capsys, "table", "tenhou")
    assert code == 0
    for title in (
        "Non-dealer ron",
        "Non-dealer tsumo (non-dealers / dealer)",
        "Dealer ron",
        "Dealer tsumo (each player)",
        "Limit hands",
    ):
        assert title in out.splitlines()
    # Tenhou has no kiriage: 4 han 30 fu is 7700 (non-dealer ron), 11600 (dealer ron).
    rows_30 = [split_columns(line) for line in out.splitlines() if line.startswith("30 ")]
    assert rows_30[0] == ["30", "1000", "2000", "3900", "7700"]
    assert rows_30[2] == ["30", "1500", "2900", "5800", "11600"]
    limit_13 = next(split_columns(line) for line in out.splitlines() if line.startswith("13 "))
    assert limit_13 == ["13", "yakuman", "32000", "8000/16000", "48000", "16000 all"]


def test_riichi_table_json_marks_impossible_cells_null(capsys):
    code, out, _ = run(capsys, "table", "ema-2025", "--json")
    assert code == 0
    data = json.loads(out)
    ron = next(g for g in data["grids"] if not g["dealer"] and not g["tsumo"])
    row_20 = next(r for r in ron["rows"] if r["fu"] == 20)
    assert all(cell["payments"] is None for cell in row_20["cells"])
    row_30 = next(r for r in ron["rows"] if r["fu"] == 30)
    assert row_30["cells"][3] == {"han": 4, "payments": {"ron": 8000}, "limit": "mangan"}  # kiriage
    assert [r["limit"] for r in data["limits"] if r["han"] == 13] == ["sanbaiman"]  # no kazoe


def test_riichi_table_markdown(capsys):
    code, out, _ = run(capsys, "table", "m-league", "--format", "markdown")
    assert code == 0
    assert "| fu | 1 han | 2 han | 3 han | 4 han |" in out


# --- hand ---------------------------------------------------------------------------------------


def test_hand_prints_the_yaku_dora_fu_and_payment(capsys):
    code, out, _ = run(
        capsys,
        "hand",
        "tenhou",
        "234m456p23456788s",
        "--win",
        "4s",
        "--riichi",
        "--tsumo",
        "--dora-indicator",
        "7s",
        "--seat",
        "south",
    )
    assert code == 0
    lines = out.splitlines()
    # 6 han: haneman, non-dealer tsumo: the dealer pays 6000, each non-dealer 3000.
    assert (
        lines[0] == "non-dealer tsumo: 6 han 20 fu (haneman): the dealer pays 6000, each non-dealer 3000; total 12000"
    )
    assert lines[1] == "yaku: Riichi 1 han, Menzen tsumo 1 han, Pinfu 1 han, Tanyao 1 han"
    assert lines[2] == "dora: 2 (dora 2, ura 0, red 0)"  # indicator 7s shows 8s, held twice
    assert lines[3] == "fu: 20 (pinfu tsumo) = 20"


def test_hand_json_has_the_yaku_and_fu_parts(capsys):
    # Closed ittsu won by ron on a tanki wait: 20 + 10 (closed ron) + 2 (tanki) = 32 -> 40 fu;
    # 2 han 40 fu non-dealer ron = 40 × 2^4 × 4 = 2560 -> 2600.
    code, out, _ = run(capsys, "hand", "ema-2025", "123456789m234p55s", "--win", "5s", "--seat", "south", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["yaku"], data["han"], data["raw_fu"], data["fu"]) == (["ittsu"], 2, 32, 40)
    assert [part["factor"] for part in data["fu_parts"]] == [20, 10, 2]
    assert (data["payments"], data["total"]) == ({"ron": 2600}, 2600)


@pytest.mark.parametrize(
    "argv",
    [
        ["hand", "tenhou", "11112m456p789s11z", "--win", "2m"],  # five 1m
        ["hand", "tenhou", "234m456p23456788s", "--win", "9s"],  # win tile not in hand
        ["hand", "tenhou", "234m456p2345688s", "--win", "4s"],  # 13 tiles
        ["hand", "tenhou", "234m456p23456788s", "--win", "4s", "--chankan", "--tsumo"],  # contradictory flags
        ["hand", "tenhou", "234m456p23456788s", "--win", "4s", "--ippatsu"],  # ippatsu without riichi
        ["hand", "tenhou", "234m456p23456789s", "--win", "4s"],  # not a winning hand
        ["hand", "nintendo", "234m456p23456788s", "--win", "4s"],  # a Koi-Koi rule set
    ],
)
def test_bad_hand_input_is_one_line_and_exit_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1


def test_the_top_level_help_lists_every_command(capsys):
    # A help text is %-formatted by argparse: a bare "%" in one (e.g. "95% intervals") broke it.
    code, out, err = run(capsys, "--help")
    assert (code, err) == (0, "")
    for name in ("list", "show", "validate", "diff", "table", "simulate", "award", "play", "hand"):
        assert f"\n    {name} " in out, name
