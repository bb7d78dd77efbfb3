"""Riichi's kinds are stated once (yakuset.riichi.kinds): the schema a rule file is checked
against, the table's and the settlement's lists and the logs' words all agree with them."""

from __future__ import annotations

import json

import yakuset
from yakuset.riichi.kinds import AbortiveDraw, Ending, EndReason, MoveKind, Outcome, Wind

from ..helpers import ROOT

SCHEMA = json.loads((ROOT / "engine" / "riichi" / "ruleset.schema.json").read_text(encoding="utf-8"))


def test_the_schema_lists_the_abortive_draws_of_the_kinds():
    abortive = SCHEMA["properties"]["draws"]["properties"]["abortive"]
    assert abortive["items"]["enum"] == [draw.value for draw in AbortiveDraw]
    assert abortive["maxItems"] == len(AbortiveDraw)


def test_the_schema_names_the_winds_of_the_kinds():
    last_wind = SCHEMA["properties"]["ending"]["properties"]["extension"]["oneOf"][1]["properties"]["last_wind"]
    assert last_wind["enum"] == [wind.value for wind in Wind][1:]


def test_the_public_lists_are_the_kinds_words():
    riichi = yakuset.riichi
    assert tuple(kind.value for kind in MoveKind) == riichi.MOVE_KINDS
    assert tuple(outcome.value for outcome in Outcome) == riichi.OUTCOMES
    assert tuple(reason.value for reason in EndReason) == riichi.END_REASONS


def test_a_hand_ends_by_a_win_the_exhaustive_draw_or_an_abortive_draw():
    assert set(Ending) == {"ron", "tsumo", "exhaustive_draw", *AbortiveDraw}


def test_a_kind_is_its_word():
    assert MoveKind.DISCARD == "discard" and json.dumps([MoveKind.DISCARD, Wind.NORTH]) == '["discard", "north"]'
    assert [wind.place for wind in Wind] == [0, 1, 2, 3]
    assert {draw for draw in AbortiveDraw if draw.needs_four_players} == {"four_winds", "four_riichi", "triple_ron"}


def test_only_four_riichi_is_made_by_riichi_and_by_every_seat_of_four():
    # "four riichi needs all four in the riichi list" (docs/rules/riichi-table.md §4).
    assert {draw: draw.riichi_needed for draw in AbortiveDraw if draw.riichi_needed is not None} == {
        AbortiveDraw.FOUR_RIICHI: 4
    }
