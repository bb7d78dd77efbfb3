"""``yakuset diff`` with three-player rule sets (issue 15, step 4): the grid with its totals, hands of the
three-player tiles with kita, table situations of three, and the situations one side cannot have left out.

Expected numbers come from ``tests/data/sanma/payments.yaml`` (three players) and, for four players, from the
rule docs/rules/sanma.md §3 states: each sanma payer pays what it would at a four-player table and the
absent north's share is not paid, so the four-player total is the sanma total plus one more payer's share
(honba included: 100 from each payer under both Tenhou rule sets).
"""

from __future__ import annotations

import json
import re
from typing import Any

import jsonschema
import pytest
import yakuset
from yakuset import diff

from ..helpers import ROOT, run, sanma_payment_grid

GRID = sanma_payment_grid()["rows"]
DIFF_SCHEMA = json.loads((ROOT / "schema" / "diff.schema.json").read_text(encoding="utf-8"))


def tsumo_rows() -> list[dict[str, Any]]:
    """The possible tsumo cells of the golden grid that the diff's grid holds (han 1-15 by fu; a
    limit row stands for 30 fu)."""
    return [r for r in GRID if r["win"] == "tsumo" and r["possible"] and not r["yakuman"]]


def situation(row: dict[str, Any]) -> str:
    who = ("dealer" if row["dealer"] else "non-dealer") + (" tsumo" if row["win"] == "tsumo" else " ron")
    return f"{row['han']} han {row['fu'] or 30} fu, {who}, {row['honba']} honba"


def four_player_total(row: dict[str, Any]) -> int:
    """The sanma total plus the north's share: what the same payer pays (``each`` on a dealer's
    tsumo, ``non_dealer`` on a non-dealer's)."""
    cell = row["tsumo_loss"]
    return cell["total"] + (cell["each"] if row["dealer"] else cell["non_dealer"])


@pytest.fixture(scope="module")
def parent_report() -> diff.BehaviourReport:
    return diff.behaviour(yakuset.load_ruleset("tenhou"), yakuset.load_ruleset("tenhou-sanma"))


def test_the_parent_diff_lists_every_tsumo_cell_with_its_total_falling_by_the_norths_share(parent_report):
    changed = {c.situation: c for c in parent_report.changes if c.group == "grid"}
    rows = tsumo_rows()
    assert len(rows) == 200  # 2 honba x 2 winners x 50 (han, fu) cells
    for row in rows:
        change = changed[situation(row)]
        total = row["tsumo_loss"]["total"]
        assert (change.old.value, change.new.value) == (four_player_total(row), total), situation(row)
        assert change.old.summary.endswith(f"; total {four_player_total(row)}")
        assert change.new.summary.endswith(f"; total {total}")
    # A ron without honba is paid in full by the discarder at both tables.
    assert not [s for s in changed if "ron, 0 honba" in s]


def test_the_parent_diff_shows_the_dealers_yakuman_tsumo_falling_from_144000_to_96000(parent_report):
    # Three yakuman (Tenhou adds them), dealer tsumo: 3 x 8000 x 2 = 48000 from each payer; three payers
    # at four players, two at three (docs/rules/sanma.md §3).
    top = parent_report.changes[0]
    assert top.situation.endswith("(tsumo) (dealer)") and top.situation.count(" + ") == 2
    assert (top.old.value, top.new.value) == (144000, 96000)
    assert "total 144000 -> " in parent_report.summary and parent_report.summary.endswith("total 96000")
    # The Markdown table of the same report, as --format markdown renders it.
    out = diff.markdown(yakuset.load_ruleset("tenhou"), yakuset.load_ruleset("tenhou-sanma"), None, parent_report)
    row = next(line for line in out.splitlines() if line.startswith(f"| {top.situation} |"))
    assert "total 144000 |" in row and "total 96000 |" in row and "| -48000 |" in row


def test_the_parent_diff_leaves_out_and_counts_what_only_one_table_can_have(parent_report):
    a, b = yakuset.load_ruleset("tenhou"), yakuset.load_ruleset("tenhou-sanma")
    situations = list(a.part.compare.situations(a, b))
    hands = [text for group, text, _ in situations if group == "hands"]
    # The hands are of the three-player tiles and calls: no 2m-8m, no chi, no north seat; some with kita.
    for text in hands:
        tiles = text.split(" win ")[0]
        assert not re.search(r"[2-8][0-9]*m|0m", re.sub(r"[0-9]+[psz]", "", tiles)), text
        assert ", chi " not in text and "seat north" not in text, text
    with_kita = [t for t in hands if ", kita " in t]
    assert 0 < len(with_kita) < len(hands)
    # A kita hand cannot arise at four players, a four-player settlement or hand (234m, seat 3)
    # not at three: each is left out and counted, none reported as a change or a refusal.
    assert parent_report.one_sided >= len(with_kita) + 20
    assert "that only one rule set can have left out" in parent_report.summary
    assert not [c for c in parent_report.changes if c.old.absent or c.new.absent]
    assert not {"settle", "game end", "standings"} & set(parent_report.by_group)
    counted = sum(n for n, _ in parent_report.by_group.values())
    assert counted + parent_report.one_sided + parent_report.skipped == len(situations)


def test_four_player_diffs_are_unchanged_by_the_three_player_situations():
    a, b = yakuset.load_ruleset("tenhou"), yakuset.load_ruleset("ema-2025")
    assert not [text for _, text, _ in a.part.compare.situations(a, b) if "three players" in text or ", kita " in text]
    report = diff.behaviour(a, b)
    assert report.one_sided == 0
    grid = next(c for c in report.changes if c.group == "grid")
    assert "total" not in grid.old.summary


# A whole behaviour diff of two three-player rule sets (about a second): the other sanma diffs
# here check the same grids in the quick run; this one runs with the slow tests.
@pytest.mark.slow
def test_tenhou_sanma_against_mahjong_soul_sanma_shows_their_real_differences(capsys):
    a, b = yakuset.load_ruleset("tenhou-sanma"), yakuset.load_ruleset("mahjong-soul-sanma")
    report = diff.behaviour(a, b)
    assert report.one_sided == 0  # both seat three: every situation is one both can have
    changed = {c.situation: c for c in report.changes}
    # Both pay tsumo loss with the same honba (docs/rules/sanma.md §3): the grid and settlements agree.
    assert report.by_group["grid"][1] == 0 and report.by_group["settle"] == (report.by_group["settle"][0], 0)
    assert report.by_group["settle"][0] >= 10 and report.by_group["hands"][0] > 2500
    # Uma and oka (§4): Tenhou +20/0/-20, return 40000 with 15000 oka; Mahjong Soul +15/0/-15, return 35000.
    # Final 50,000 / 35,000 / 20,000, first place: Tenhou 10 + 20 + 15 = +45; Mahjong Soul 15 + 15 = +30.
    final = changed["three players: final start +15,000 / 0 / -15,000"]
    assert (final.old.value, final.new.value) == (45.0, 30.0)
    # Mahjong Soul lets kokushi rob a closed kan (docs/rules/riichi-table.md); a non-dealer yakuman ron is 32000.
    kokushi = changed["three players: kokushi 19m19p19s123457z + 6z robbing a closed kan of 6z"]
    assert kokushi.old.error and kokushi.new.value == 32000
    # Mahjong Soul's double yakuman: suuankou tanki + daisuushii is 4x, 4 x 8000 x 4 = 128000 by ron.
    double = changed["suuankou_tanki + daisuushii"]
    assert (double.old.value, double.new.value) == (64000, 128000)
    code, out, _ = run(capsys, "diff", "tenhou-sanma", "mahjong-soul-sanma", "--format", "json", "--steps", "2")
    assert code == 1
    data = json.loads(out)
    jsonschema.validate(data, DIFF_SCHEMA)
    assert data["behaviour"]["one_sided"] == 0
    # --steps 2: the two largest changes show how each side scored them (the double yakuman above).
    [shown] = [c for c in data["behaviour"]["changes"] if c["situation"] == "suuankou_tanki + daisuushii"]
    assert shown["old"]["steps"][-1].endswith(": 64000") and shown["new"]["steps"][-1].endswith(": 128000")


@pytest.mark.slow  # two whole diffs of three-player rule sets; the grid itself is pinned by test_sanma_scoring
def test_north_bisection_raises_every_tsumo_cells_total(tmp_path, capsys):
    variant = tmp_path / "bisection.yaml"
    variant.write_text(
        "extends: mahjong-soul-sanma\nname: Mahjong Soul sanma, north bisection\nscoring:\n  tsumo_loss: false\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "diff", "mahjong-soul-sanma", str(variant), "--format", "json", "--behaviour-only")
    assert code == 1
    data = json.loads(out)
    jsonschema.validate(data, DIFF_SCHEMA)
    changed = {c["situation"]: c for c in data["behaviour"]["changes"] if c["group"] == "grid"}
    rows = tsumo_rows()
    for row in rows:
        change = changed[situation(row)]
        old, new = row["tsumo_loss"]["total"], row["no_tsumo_loss"]["total"]
        assert (change["old"]["value"], change["new"]["value"]) == (old, new), situation(row)
        assert change["new"]["summary"].endswith(f"; total {new}") and new > old
    assert not [s for s in changed if " ron, " in s]  # a ron has no north share
    # A dealer's mangan tsumo: 4000 from each of two payers (8000) under tsumo loss; 6000 each (12000)
    # with the north's 4000 split (docs/rules/sanma.md §3).
    code, out, _ = run(capsys, "diff", "mahjong-soul-sanma", str(variant), "--behaviour-only", "--top", "0")
    line = next(x for x in out.splitlines() if "grid: 5 han 30 fu, dealer tsumo, 0 honba:" in x)
    assert line.endswith("each 4000 mangan; total 8000 -> each 6000 mangan; total 12000 (+4000)")


# --- kita on the command line, in a diff's cases and in the web API ----------------------------------

PINFU = "123p456p789s234s99p"  # riichi, menzen tsumo and pinfu when won on 4s by tsumo


def test_hand_takes_kita_and_shows_it_among_the_dora(capsys):
    code, out, err = run(
        capsys, "hand", "tenhou-sanma", PINFU, "--win", "4s", "--seat", "south", "--riichi", "--tsumo", "--kita", "2"
    )
    assert code == 0, err
    # 3 han + 2 kita = 5 han, a non-dealer mangan tsumo under tsumo loss: 4000 + 2000 (docs/rules/sanma.md §3).
    assert "dora: 2 (dora 0, ura 0, red 0, kita 2)" in out
    assert out.startswith(
        "non-dealer tsumo: 5 han 20 fu (mangan): the dealer pays 4000, the other non-dealer 2000; total 6000\n"
    )
    code, out, _ = run(capsys, "hand", "tenhou-sanma", PINFU, "--win", "4s", "--seat", "south", "--kita", "2", "--json")
    assert code == 0 and json.loads(out)["dora"]["kita"] == 2


def test_score_takes_kita_as_dora_with_declared_yaku(capsys):
    code, out, err = run(
        capsys,
        "score",
        "mahjong-soul-sanma",
        "--yaku",
        "riichi,pinfu,menzen_tsumo",
        "--fu",
        "20",
        "--tsumo",
        "--dealer",
        "--kita",
        "3",
    )
    assert code == 0, err
    # 6 han, haneman: 6000 from each of the two others under tsumo loss.
    assert out == "dealer tsumo: 6 han 20 fu (haneman): each of the two others pays 6000; total 12000\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("hand", "tenhou", PINFU, "--win", "4s", "--kita", "1"), "kita=1: 'tenhou' has no kita"),
        (("hand", "tenhou-sanma", PINFU, "--win", "4s", "--kita", "5"), "kita=5: there are only four north tiles"),
        (("hand", "tenhou-sanma", PINFU, "--win", "4s", "--kita", "-1"), "--kita: expected a whole number"),
        (("score", "tenhou", "--yaku", "riichi", "--fu", "40", "--kita", "1"), "kita=1: 'tenhou' has no kita"),
        (("score", "tenhou-sanma", "--yaku", "riichi", "--fu", "40", "--kita", "5"), "only four north tiles"),
        (("score", "tenhou-sanma", "--han", "3", "--fu", "40", "--kita", "1"), "--kita counts dora for --yaku"),
        (("score", "tenhou-sanma", "--yakuman", "daisangen", "--kita", "1"), "--kita counts dora for --yaku"),
    ],
)
def test_a_kita_the_rule_set_cannot_have_is_exit_2_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err


KITA_CASES = [
    {"name": "two kita", "hand": PINFU, "win": "4s", "seat_wind": "south", "riichi": True, "tsumo": True, "kita": 2},
    {"name": "no kita", "hand": PINFU, "win": "4s", "seat_wind": "south", "riichi": True, "tsumo": True},
]


def test_a_case_may_give_kita():
    """The cases alone (the command line below adds every built-in situation, in the slow run):
    kita exists only at three players, so the case with kita is left out and counted; the hand
    without kita is compared: 3 han 20 fu non-dealer tsumo, 1300 + 700 = 2000 at three, 1300 +
    700 + 700 = 2700 at four."""
    a, b = yakuset.load_ruleset("tenhou-sanma"), yakuset.load_ruleset("tenhou")
    report = diff.behaviour(a, b, KITA_CASES, situations=())
    assert (report.by_group["cases"], report.one_sided, report.skipped) == ((1, 1), 1, 0)
    [case] = report.changes
    assert (case.situation, case.old.value, case.new.value) == ("no kita", 2000, 2700)


@pytest.mark.slow  # a whole diff of a three- and a four-player rule set; the cases alone just above
def test_a_diff_case_may_give_kita(capsys, tmp_path):
    cases = tmp_path / "cases.yaml"
    cases.write_text(
        "cases:\n"
        f"  - {{name: two kita, hand: {PINFU}, win: 4s, seat_wind: south, riichi: true, tsumo: true, kita: 2}}\n"
        f"  - {{name: no kita, hand: {PINFU}, win: 4s, seat_wind: south, riichi: true, tsumo: true}}\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "diff", "tenhou-sanma", "tenhou", "--cases", str(cases), "--json", "--behaviour-only")
    assert code == 1
    data = json.loads(out)["behaviour"]
    # Kita exists only at three players: left out and counted; the hand without kita is compared:
    # 3 han 20 fu non-dealer tsumo, 1300 + 700 = 2000 at three, 1300 + 700 + 700 = 2700 at four.
    assert data["groups"]["cases"] == {"situations": 1, "changed": 1}
    [case] = [c for c in data["changes"] if c["group"] == "cases"]
    assert (case["situation"], case["old"]["value"], case["new"]["value"]) == ("no kita", 2000, 2700)
    assert data["one_sided"] >= 1


def test_a_kita_case_both_sides_refuse_is_exit_2(capsys, tmp_path):
    cases = tmp_path / "cases.yaml"
    cases.write_text(f"cases:\n  - {{hand: {PINFU}, win: 4s, kita: 5}}\n", encoding="utf-8")
    code, out, err = run(capsys, "diff", "tenhou-sanma", "mahjong-soul-sanma", "--cases", str(cases))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "only four north tiles" in err
