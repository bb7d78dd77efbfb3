"""Recorded matches counted as a study counts simulated ones (engine/koikoi/study/recorded.py),
checked against a hand count of two shipped KoiKoi-AI records (tests/data/logs/koikoi/, MIT)."""

from __future__ import annotations

import pytest
import yakuset
from yakuset import InputError, koikoi

from ...helpers import ROOT

RECORDS = ROOT / "tests" / "data" / "logs" / "koikoi"


def test_two_records_count_as_their_rounds_say() -> None:
    rs = yakuset.load_ruleset("koikoi-japan")
    replays = [koikoi.replay_record(rs, koikoi.read_record(RECORDS / f"{n}.json")) for n in (1, 3)]
    s = koikoi.summary(koikoi.recorded_tally(replays))
    # By hand from the records' "basic" (Dealer, roundWinner, player1RoundPts) and "isKoiKoi":
    # 1.json's rounds are won by the dealer in rounds 2, 4, 5, 6, 7 (5 of 8); 3.json's round 4 is
    # an exhaustive draw (roundWinner 0, the dealer paid 1) and the dealer wins rounds 1, 2, 5,
    # 7, 8 (5 of 7).
    assert s["rounds"] == 16
    assert (s["dealer_wins_round"]["value"], s["dealer_wins_round"]["n"]) == (round(10 / 15, 4), 15)
    assert s["draws"]["value"] == round(1 / 16, 4)
    # The points a round moves: 7, 5, 6, 1, 5, 1, 1, 1 and 5, 1, 3, 1, 1, 1, 5, 1.
    assert s["points_per_round"]["value"] == round(45 / 16, 4)
    # Two Koi-Koi calls (1.json round 1 by player 1, who wins it; 3.json round 4 by player 2,
    # whose round is drawn).
    assert s["koikoi_calls_per_round"]["value"] == round(2 / 16, 4)
    assert (s["koikoi_success_rate"]["value"], s["koikoi_success_rate"]["n"]) == (0.5, 2)
    # Offers: 17 answers recorded, less the 4 rises on a player's last card (1.json rounds 6, 7,
    # 8; 3.json round 3), which end the round with no offer (automatic Shobu, docs/rules/koikoi.md).
    assert (s["koikoi_call_rate"]["value"], s["koikoi_call_rate"]["n"]) == (round(2 / 13, 4), 13)


def test_an_unfinished_record_counts_its_finished_rounds_only() -> None:
    rs = yakuset.load_ruleset("koikoi-japan")
    record = koikoi.read_record(RECORDS / "201.json")
    replay = koikoi.replay_record(rs, record)
    finished = sum(r.points is not None for r in record.played)
    assert finished < len(record.played)
    assert koikoi.recorded_tally([replay]).rounds == finished


def test_a_replay_is_what_recorded_tally_takes() -> None:
    with pytest.raises(InputError, match="replay_record"):
        koikoi.recorded_tally(["1.json"])  # type: ignore[list-item]
