"""`yakuset diff A B --play N`: the same seeded matches under both rule sets, paired; the paired
intervals against the standard library and published t tables; Koi-Koi's deal probabilities
computed from the deck and compared with the table's deals."""

from __future__ import annotations

import json
import math
import random
import statistics
from collections import Counter

import jsonschema
import pytest
import yakuset
from yakuset import _paired, _studies, koikoi
from yakuset._cli import main
from yakuset._core import intervals
from yakuset._core.pairs import Pairs

from .. import helpers

DIFF_SCHEMA = json.loads((helpers.ROOT / "schema" / "diff.schema.json").read_text(encoding="utf-8"))

# Student's t two-sided 95% critical values (the 0.975 quantile), as published in the NIST/SEMATECH
# e-Handbook of Statistical Methods, table 1.3.6.7.2, to three decimals.
T_TABLE = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 9: 2.262, 10: 2.228, 20: 2.086, 30: 2.042, 100: 1.984}


@pytest.mark.parametrize("df", sorted(T_TABLE))
def test_t_quantile_is_the_published_table(df: int) -> None:
    assert round(intervals.t_quantile(df), 3) == T_TABLE[df]


def test_t_quantile_tends_to_the_normal_quantile_of_the_standard_library() -> None:
    normal = statistics.NormalDist().inv_cdf(0.975)
    assert pytest.approx(normal, abs=1e-12) == intervals.Z95
    assert intervals.t_quantile(10**6) == pytest.approx(normal, abs=1e-5)
    assert intervals.t_quantile(5, 0.995) == pytest.approx(4.032, abs=5e-4)  # the table's 99% column


def _pairs_of(rows: list[tuple[int, int, int, int]]) -> Pairs:
    pairs = Pairs(["m"])
    for na, da, nb, db in rows:
        pairs.observe({"m": (na, da)}, {"m": (nb, db)})
    return pairs


def test_a_paired_mean_difference_is_the_mean_and_stdev_of_the_differences_with_the_t_table() -> None:
    rng = random.Random(5)
    rows = []
    for _ in range(10):
        a = rng.randint(-20, 40)
        rows.append((a, 1, a + rng.randint(-3, 9), 1))
    differences = [nb - na for na, _, nb, _ in rows]
    found = _pairs_of(rows).difference("m")
    assert found is not None
    half = T_TABLE[9] * statistics.stdev(differences) / math.sqrt(10)
    assert found.value == pytest.approx(statistics.mean(differences))
    assert (found.high - found.low) / 2 == pytest.approx(half, rel=3e-4)  # the table's three decimals


def test_an_unpaired_interval_is_the_two_variances_added() -> None:
    rng = random.Random(6)
    rows = [(a, 1, a + rng.randint(0, 4), 1) for a in (rng.randint(0, 50) for _ in range(400))]
    found = _pairs_of(rows).difference("m", paired=False)
    assert found is not None
    side_a, side_b = [r[0] for r in rows], [r[2] for r in rows]
    half = intervals.t_quantile(399) * math.sqrt(
        (statistics.variance(side_a) + statistics.variance(side_b)) / len(rows)
    )
    assert found.high - found.low == pytest.approx(2 * half, rel=1e-9)


def test_a_ratio_difference_is_the_delta_method_over_the_matches() -> None:
    # Rounds per match vary: the figure is sum(num) / sum(den), its variance the linearised
    # per-match differences' (computed here from each match's values, not from the moments).
    rng = random.Random(7)
    rows = []
    for _ in range(300):
        da, db = rng.randint(3, 12), rng.randint(3, 12)
        rows.append((rng.randint(0, da), da, rng.randint(0, db), db))
    ra = sum(r[0] for r in rows) / sum(r[1] for r in rows)
    rb = sum(r[2] for r in rows) / sum(r[3] for r in rows)
    mean_da, mean_db = statistics.fmean(r[1] for r in rows), statistics.fmean(r[3] for r in rows)
    z = [(nb - rb * db) / mean_db - (na - ra * da) / mean_da for na, da, nb, db in rows]
    half = intervals.t_quantile(299) * statistics.stdev(z) / math.sqrt(300)
    found = _pairs_of(rows).difference("m")
    assert found is not None
    assert found.value == pytest.approx(rb - ra)
    assert (found.low, found.high) == pytest.approx((rb - ra - half, rb - ra + half), rel=1e-9)


def test_moments_of_parts_add_up_to_the_whole_in_any_order() -> None:
    rng = random.Random(8)
    rows = [(rng.randint(0, 5), rng.randint(1, 5), rng.randint(0, 5), rng.randint(1, 5)) for _ in range(90)]
    whole = _pairs_of(rows)
    parts = [_pairs_of(rows[i : i + 30]) for i in (60, 0, 30)]
    summed = parts[0].add(parts[1]).add(parts[2])
    assert summed.as_dict() == whole.as_dict()


def test_a_side_without_observations_has_no_difference() -> None:
    assert _pairs_of([(0, 0, 1, 2), (0, 0, 0, 1)]).difference("m") is None


def test_play_pairs_the_matches_simulate_plays() -> None:
    a, b = yakuset.load_ruleset("nintendo"), yakuset.load_ruleset("fudawiki")
    played = _paired.play(a, b, 60, seed=3, causes=False)
    study = _studies.run([a, b], 60, 3, ())
    rows = {row["key"]: row for row in played.as_dict()["measures"]}
    for side, ident in (("a", "nintendo"), ("b", "fudawiki")):
        summary = next(r["summary"] for r in study.as_dict()["rulesets"] if r["id"] == ident)
        for key in ("points_per_round", "draws", "koikoi_call_rate", "dealer_wins_round", "match_length"):
            assert rows[key][side] == pytest.approx(summary[key]["value"], abs=1e-4), (key, side)


def test_a_rule_set_against_itself_differs_in_nothing() -> None:
    a = yakuset.load_ruleset("yakuza")
    played = _paired.play(a, a, 40, causes=False).as_dict()
    for row in played["measures"]:
        if row["difference"] is not None:
            assert row["difference"] == 0 and row["ci95"] == [0, 0] and not row["significant"], row


def test_each_rule_change_is_played_alone_under_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = yakuset.load_ruleset("nintendo"), yakuset.load_ruleset("fudawiki")
    matches = 2 if helpers.QUICK_RUN else 6  # each played under 62 rule sets
    played = _paired.play(a, b, matches)
    listed = played.as_dict()["causes"]
    assert listed["played"] and "calls.limit_per_round" in [p for arm in listed["changes"] for p in arm["changes"]]
    assert all(arm["alone"] is not None or arm["with_others"] is not None for arm in listed["changes"])
    monkeypatch.setattr(a.part.study, "cause_matches", 50)
    capped = _paired.play(a, b, matches).as_dict()["causes"]
    assert not capped["played"] and "over the 50 matches kept for causes" in capped["note"] and capped["changes"] == []


def test_causes_not_played_say_why_and_which_play_has_them(monkeypatch, capsys) -> None:
    # Nintendo -> Fudawiki: 15 rule changes, each played alone and without the others (30 rule
    # sets at most). With 100 matches kept for causes, --play 4 is too many and the line says
    # which --play has them; that --play plays them (issue 42 item 23).
    a = yakuset.load_ruleset("nintendo")
    monkeypatch.setattr(a.part.study, "cause_matches", 100)
    code, out, _ = helpers.run(capsys, "diff", "nintendo", "fudawiki", "--structural-only", "--play", "4")
    assert code == 1
    [line] = [line for line in out.splitlines() if line.startswith("Causes in play")]
    assert line.startswith("Causes in play: not played: finding them plays each of the 15 rule changes alone")
    most = 100 // int(line.split(" more rule sets")[0].rsplit(" ", 1)[1])
    assert line.endswith(f"over the 100 matches kept for causes; --play {most} or fewer plays them")
    code, out, _ = helpers.run(capsys, "diff", "nintendo", "fudawiki", "--structural-only", "--play", str(most))
    assert "Causes in play (the same matches): each rule change applied alone to nintendo" in out


def test_a_cap_that_bites_only_with_another_change_is_played_alone_and_left_out(tmp_path) -> None:
    # Under Nintendo's one call a round the streak never passes x2: the cap at x2 alone changes
    # no award; with the calls lifted, leaving it out of the club's rules raises the awards.
    club = tmp_path / "club.yaml"
    club.write_text(
        "extends: nintendo\nname: club\ncalls: {limit_per_round: unlimited}\n"
        "award:\n  multipliers:\n    - {id: own_streak, max: 2}\n",
        encoding="utf-8",
    )
    matches = 50 if helpers.QUICK_RUN else 150  # significant from 30 on (-1.07 [-1.75, -0.38] at 30)
    played = _paired.play(yakuset.load_ruleset("nintendo"), yakuset.load_ruleset(str(club)), matches).as_dict()
    arms = {tuple(arm["changes"]): arm for arm in played["causes"]["changes"]}
    cap = arms[("award.multipliers[own_streak].max",)]
    alone = {row["key"]: row for row in cap["alone"]}
    with_others = {row["key"]: row for row in cap["with_others"]}
    assert alone["points_per_round"]["difference"] == 0 and alone["points_per_round"]["ci95"] == [0, 0]
    assert with_others["points_per_round"]["difference"] < 0 and with_others["points_per_round"]["significant"]


def test_diff_play_json_carries_the_play_section(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["diff", "nintendo", "tournament", "--play", "25", "--json", "--structural-only"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    jsonschema.validate(data, DIFF_SCHEMA)
    play = data["play"]
    assert play["matches"] == 25 and play["bots"] == ["human", "human"] and play["seed"] == 0
    keys = [row["key"] for row in play["measures"]]
    assert keys[:2] == ["points_per_round", "points_per_match"] and "koikoi_call_rate" in keys
    assert play["causes"]["note"] == "one rule change: the differences above are its own"


def test_diff_play_text_marks_significant_differences(capsys: pytest.CaptureFixture[str]) -> None:
    # Each of the 30 rule changes is played alone and left out: 62 plays of each match. Four
    # matches already move a measure significantly, as twelve do.
    matches = "4" if helpers.QUICK_RUN else "12"
    main(
        [
            "diff",
            "nintendo",
            "fudawiki",
            "--play",
            matches,
            "--bots",
            "greedy,greedy",
            "--structural-only",
            "--no-progress",
        ]
    )
    out = capsys.readouterr().out
    play = out[out.index(f"Play: {matches} matches") :]
    assert "greedy and greedy (seed 0)" in play and "difference [95% interval]" in play
    assert "Causes in play (the same matches): each rule change applied alone to nintendo" in play
    assert "fudawiki against all but it: moves\n" in play and "] *\n" in play[play.index("Causes in play") :]


def test_diff_play_refuses_a_plot_it_cannot_write_before_playing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "nintendo", "fudawiki", "--play", "10", "--plot", "out.txt"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("yakuset: error: the plot 'out.txt' must end in .png") and err.count("\n") == 1


def test_diff_play_draws_one_figure(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "play.png"
    main(["diff", "nintendo", "tournament", "--play", "15", "--plot", str(path), "--structural-only"])
    assert path.stat().st_size > 10_000


def test_riichi_play_compares_places_and_the_points_spread() -> None:
    a, b = yakuset.load_ruleset("ema-2025"), yakuset.load_ruleset("m-league")
    played = _paired.play(a, b, 2, bots=["tsumogiri"], causes=False).as_dict()
    keys = [row["key"] for row in played["measures"]]
    assert {"win_rate", "deal_in_rate", "seat_3_first", "points_spread", "first_place_points"} <= set(keys)
    assert played["bots"] == ["tsumogiri"] * 4


def test_sanma_play_has_three_starting_seats() -> None:
    rs = yakuset.load_ruleset("tenhou-sanma")
    keys = [m.key for m in rs.part.study.play_measures(rs)]
    assert "seat_2_first" in keys and "seat_3_first" not in keys


# --- Koi-Koi's deal: exact probabilities from the deck -------------------------------------


def _hands_where(month_sizes: list[int], hand: int, allowed: dict[int, int]) -> int:
    """How many hands of ``hand`` cards take, from each month, a number of its cards that
    ``allowed`` lists (count -> ways to choose them is C(size, count)), by the product of the
    months' generating polynomials."""
    poly = [1]
    for size in month_sizes:
        step = [math.comb(size, k) if k in allowed else 0 for k in range(size + 1)]
        out = [0] * (len(poly) + size)
        for i, x in enumerate(poly):
            for j, y in enumerate(step):
                out[i + j] += x * y
        poly = out
    return poly[hand]


def test_deal_probabilities_computed_from_the_deck_are_the_issues() -> None:
    rules = yakuset.load_ruleset("nintendo").rules
    sizes = list(Counter(card.month for card in rules.cards.values()).values())
    hand = rules.hand_cards
    hands = math.comb(sum(sizes), hand)
    no_four = _hands_where(sizes, hand, {0: 1, 1: 1, 2: 1, 3: 1})
    four_pairs = _hands_where(sizes, hand, {0: 1, 2: 1})
    assert hands == 377_348_994
    assert four_pairs == 641_520  # the issue's figure: four months, two cards of each
    # The issue's 1,629,012 is 12 x C(44, 4): the hands with a given month's four, summed over
    # the months, so a hand holding two months' fours (C(12, 2) = 66 of them) counts twice.
    assert 12 * math.comb(44, 4) == 1_629_012
    assert hands - no_four == 1_629_012 - math.comb(12, 2)


def test_simulated_deals_hold_four_of_a_month_and_four_pairs_as_often_as_the_deck_says() -> None:
    rs = yakuset.load_ruleset("nintendo")
    rules = rs.rules
    sizes = list(Counter(card.month for card in rules.cards.values()).values())
    hand = rules.hand_cards
    hands = math.comb(sum(sizes), hand)
    teshi_p = (hands - _hands_where(sizes, hand, {0: 1, 1: 1, 2: 1, 3: 1})) / hands
    kuttsuki_p = _hands_where(sizes, hand, {0: 1, 2: 1}) / hands
    month = {card: c.month for card, c in rules.cards.items()}
    dealt = teshi = kuttsuki = 0
    for seed in range(helpers.examples(12_000)):
        first = next(e for e in koikoi.Table(rs, ("a", "b"), seed).log if type(e).__name__ == "Dealt")
        for cards in (first.dealer_hand, first.other_hand):
            counts = Counter(month[card] for card in cards).values()
            dealt += 1
            teshi += 4 in counts
            kuttsuki += all(n == 2 for n in counts)
    for count, p in ((teshi, teshi_p), (kuttsuki, kuttsuki_p)):
        found = intervals.share(count, dealt)
        assert found.low <= p <= found.high, (count, dealt, p)
