"""The paired measures of Riichi studies (issue 42 item 21): one set, `simulate A B`'s paired
section and `diff --play` alike, the standings' points of each starting seat among them, so that
rule sets that differ only in uma and oka show that difference game by game."""

from __future__ import annotations

import json

import pytest

from ...helpers import run

#: One paired comparison's measures, flattened as `diff --play` lists them (a seat's under
#: `seat_N_...`).
BY_SEAT = ("first", "place", "score", "points")


def _flattened(differences: dict) -> dict[str, dict]:
    found = {key: value for key, value in differences.items() if key != "by_seat"}
    for seat in differences["by_seat"]:
        found |= {f"seat_{seat['seat']}_{what}": seat[what] for what in BY_SEAT}
    return found


def test_simulate_pairs_each_seats_points_where_only_uma_and_oka_differ(capsys) -> None:
    # The walls, the bots and so every final score are the same under both rule sets (Tenhou and
    # Mahjong Soul differ in points.return, oka, uma and rounding, and in yakuman no bot reaches):
    # the scores and places are the same in every game, the points are not.
    argv = ("simulate", "tenhou", "mahjong-soul", "--matches", "4", "--seed", "2", "--no-progress")
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    study = json.loads(out)
    differences = study["comparisons"][0]["differences"]
    a, b = (row["summary"] for row in study["rulesets"])
    for seat in range(4):
        paired = differences["by_seat"][seat]
        assert paired["score"]["ci95"] == [0, 0] and paired["place"]["ci95"] == [0, 0]
        # The paired difference of a mean over the same games is the difference of the means.
        shown = b["by_seat"][seat]["points"]["value"] - a["by_seat"][seat]["points"]["value"]
        assert paired["points"]["difference"] == pytest.approx(shown, abs=1e-3)
    # Both rule sets' standings are zero-sum (Tenhou's oka is the 4 x 5,000 its return of 30,000
    # takes above the 25,000 start), so the seats' differences sum to 0 in every game.
    assert sum(seat["points"]["difference"] for seat in differences["by_seat"]) == pytest.approx(0, abs=1e-3)
    # First place: Tenhou pays uma +20 and oka +20 above a return of 30,000, Mahjong Soul uma +15
    # with no oka above 25,000: 5 - 20 - 5 = -20 points a game (Tenhou rounds to 1,000, first
    # place balancing, so a game is off by at most 1.5). Last place: uma -20 -> -15, return -5:
    # +10, so the spread narrows by 30.
    first = differences["first_place_points"]
    assert -21.5 <= first["ci95"][0] <= first["difference"] <= first["ci95"][1] <= -18.5 and first["significant"]
    assert -32 <= differences["points_spread"]["difference"] <= -28

    code, text, _ = run(capsys, *argv)
    paired = text[text.index("mahjong-soul against tenhou on the same games") :].split("\n\n")[0].splitlines()[1:]
    assert "(the same in every pair)" not in text
    assert all(any(line.startswith(f"  starting seat {seat}'s points") for line in paired) for seat in range(4))
    assert any(line.startswith("  first place's points") and line.endswith("*") for line in paired)
    # What is the same in every game is said once, last, with how many measures it covers.
    assert [line for line in paired if "the same in every game" in line] == [paired[-1]]
    # 30 measures: 9 rates, a win's value and its hand value, 4 of each of 4 seats, first place's points, the spread, hands.
    assert paired[-1] == f"  the other {30 - (len(paired) - 1)} of 30 measures are the same in every game"
    assert not any("final score" in line for line in paired)


def test_diff_play_and_simulate_compare_the_same_measures(tmp_path, capsys) -> None:
    # One rule change, the uma: [20, 10, -10, -20] -> [30, 10, -10, -30] (M-League's): first
    # place gains 10 points in every game, last place loses 10, the two between nothing.
    house = tmp_path / "house.yaml"
    house.write_text("extends: tenhou\nname: house\npoints:\n  uma: [30000, 10000, -10000, -30000]\n", encoding="utf-8")
    code, out, err = run(
        capsys, "diff", "tenhou", str(house), "--structural-only", "--play", "2", "--json", "--no-progress"
    )
    assert code == 1, err
    measures = {row["key"]: row for row in json.loads(out)["play"]["measures"]}
    code, out, err = run(
        capsys, "simulate", "tenhou", str(house), "--matches", "2", "--json", "--no-progress", "--workers", "1"
    )
    assert code == 0, err
    differences = _flattened(json.loads(out)["comparisons"][0]["differences"])
    assert sorted(measures) == sorted(differences)
    for key, row in measures.items():
        assert (row["difference"], row["ci95"]) == (differences[key]["difference"], differences[key]["ci95"]), key
    assert measures["first_place_points"]["difference"] == 10 and measures["first_place_points"]["ci95"] == [10, 10]
    assert measures["points_spread"]["difference"] == 20
    assert measures["seat_0_points"]["label"] == "starting seat 0's points"


def test_a_rule_set_against_a_copy_of_itself_says_once_that_nothing_differs(tmp_path, capsys) -> None:
    copy = tmp_path / "copy.yaml"
    copy.write_text("extends: tenhou\nname: copy\n", encoding="utf-8")
    # Efficiency bots win hands (tsumogiri's often win none: a win's value has no observation).
    code, out, err = run(capsys, "simulate", "tenhou", str(copy), "--matches", "2", "--no-progress")
    assert code == 0, err
    paired = out[out.index("copy against tenhou on the same games") :].split("\n\n")[0].splitlines()[1:]
    assert paired == ["  every measure is the same in every game"]
