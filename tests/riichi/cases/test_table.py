"""The table situations `yakuset diff` scores for Riichi: final standings a game can reach (issue
42 item 23), whatever the rule set's start, stick and table."""

from __future__ import annotations

import json

import pytest
import yakuset
from yakuset.riichi.cases import table
from yakuset.riichi.rules.compiled import rules_of

from ...helpers import run

RIICHI = [rs.id for rs in yakuset.list_rulesets() if rs.game == "riichi"]


@pytest.mark.parametrize("ident", RIICHI)
def test_every_final_standings_situation_holds_what_the_players_started_with(monkeypatch, ident):
    rs = yakuset.load_ruleset(ident)
    rules = rules_of(rs)
    players = rules.table.players
    seen = []
    standings = table.standings

    def watched(rs, state):
        seen.append(state)
        return standings(rs, state)

    monkeypatch.setattr(table, "standings", watched)
    for group, _, score in table.table_situations(players):
        if group == "standings":
            score(rs)
    assert len(seen) >= 4
    start = yakuset.riichi.new_game(rs).scores[0]
    for state in seen:
        # The scores and the riichi sticks left on the table add up to what the players started with.
        assert len(state.scores) == players
        assert sum(state.scores) + state.sticks * rules.riichi_stick == players * start


def test_tenhou_to_mahjong_soul_standings_move_first_place_by_its_oka_and_uma(capsys):
    # Tenhou: return 30,000 over a 25,000 start, oka +20 and uma +20 to first; Mahjong Soul: return
    # 25,000, no oka, uma +15. First place's points: +5 (return) - 20 (oka) - 5 (uma) = -20, the
    # value each standings situation shows; the points of a game still sum to 0 under both.
    code, out, _ = run(capsys, "diff", "tenhou", "mahjong-soul", "--behaviour-only", "--json")
    assert code == 1
    moved = {c["situation"]: c["delta"] for c in json.loads(out)["behaviour"]["changes"] if c["group"] == "standings"}
    rounded = moved.pop("final start +17,300 / +5,800 / -2,600 / -20,500 (hundreds to round)")
    assert len(moved) == 5 and set(moved.values()) == {-20}
    # 42,300 / 30,800 / 22,400 / 4,500. Tenhou rounds the others to 1,000 (a half up) and first
    # place balances: +1 + 10, -8 - 10, -25 - 20, so first is +52; Mahjong Soul keeps tenths:
    # 17.3 + 15 = +32.3.
    assert rounded == pytest.approx(-19.7)
