"""One default for who won a Riichi hand, everywhere: a non-dealer, by ron unless told otherwise,
in `score`, `hand`, `yakuset.riichi.evaluate` and the HTTP API; the result's first line says
which. And `--dora`, which meant a count in `score` and a tile in `hand`, deprecated with a
warning naming the new spellings."""

from __future__ import annotations

import pytest
import yakuset
from yakuset import riichi

from ..helpers import run

HAND = ["234m456p23456788s", "--win", "4s", "--riichi", "--tsumo", "--dora-indicator", "7s"]
# Riichi, menzen tsumo, pinfu, tanyao and two dora (the indicator 7s shows 8s, held twice): 6 han,
# haneman. A non-dealer's haneman tsumo is 3000 from each non-dealer and 6000 from the dealer
# (12000); the dealer's is 6000 from each (18000) (docs/rules/riichi.md: haneman, basic 3000).
NON_DEALER_TSUMO = {"dealer": 6000, "non_dealer": 3000}


def test_evaluate_scores_a_non_dealer_unless_told():
    tenhou = yakuset.load_ruleset("tenhou")
    kwargs = {"win": "4s", "riichi": True, "tsumo": True, "dora_indicators": ["7s"]}
    plain = riichi.evaluate(tenhou, "234m456p23456788s", **kwargs)
    assert dict(plain.payments) == NON_DEALER_TSUMO and plain.total == 12000
    assert plain == riichi.evaluate(tenhou, "234m456p23456788s", seat_wind="south", **kwargs)
    dealer = riichi.evaluate(tenhou, "234m456p23456788s", seat_wind="east", **kwargs)
    assert dict(dealer.payments) == {"each": 6000} and dealer.total == 18000


def test_score_and_hand_agree_on_the_default_and_say_it_first(capsys):
    _, hand, _ = run(capsys, "hand", "tenhou", *HAND)
    _, score, _ = run(capsys, "score", "tenhou", "--han", "6", "--fu", "20", "--tsumo")
    expected = "non-dealer tsumo: 6 han 20 fu (haneman): the dealer pays 6000, each non-dealer 3000; total 12000"
    assert hand.splitlines()[0] == score.splitlines()[0] == expected
    _, hand, _ = run(capsys, "hand", "tenhou", *HAND, "--seat-wind", "east")
    _, score, _ = run(capsys, "score", "tenhou", "--han", "6", "--fu", "20", "--tsumo", "--dealer")
    expected = "dealer tsumo: 6 han 20 fu (haneman): each player pays 6000; total 18000"
    assert hand.splitlines()[0] == score.splitlines()[0] == expected
    _, score, _ = run(capsys, "score", "tenhou", "--han", "6", "--fu", "30", "--explain")
    assert score.splitlines()[0].startswith("non-dealer ron: 6 han 30 fu (haneman): the discarder pays 12000")


def test_the_http_api_scores_a_non_dealer_unless_told():
    pytest.importorskip("starlette")
    from ..web.support import call

    body = {"ruleset": "tenhou", "hand": "234m456p23456788s", "win": "4s", "riichi": True, "tsumo": True}
    answer = call("POST", "/api/v1/evaluate", {**body, "dora_indicators": ["7s"]}).json()
    assert answer["payments"] == NON_DEALER_TSUMO
    assert answer["explained"][0].startswith("non-dealer tsumo: ")
    scored = call("POST", "/api/v1/score", {"ruleset": "tenhou", "han": 6, "fu": 20, "tsumo": True}).json()
    assert scored["payments"] == NON_DEALER_TSUMO and scored["explained"][0].startswith("non-dealer tsumo: ")


@pytest.mark.parametrize(
    ("argv", "new"),
    [
        (["score", "tenhou", "--yaku", "riichi,pinfu", "--fu", "30", "--dora", "1"], "--dora-count"),
        (["hand", "tenhou", "234m456p23456788s", "--win", "4s", "--dora", "7s"], "--dora-indicator"),
    ],
)
def test_the_old_dora_spelling_works_and_names_the_new_one(capsys, argv, new):
    code, out, err = run(capsys, *argv)
    renamed = [new if word == "--dora" else word for word in argv]
    assert (code, out, "") == (*run(capsys, *renamed)[:2], run(capsys, *renamed)[2])
    assert err.startswith("yakuset: warning: --dora is deprecated") and err.rstrip().endswith(f"use {new}")
