"""Koi-Koi's kinds are stated once (yakuset.koikoi.kinds): the schema a rule file is checked
against, the compiled rules, the table, the referee and the traces all use their words."""

from __future__ import annotations

import json
import random

import pytest
import yakuset
from yakuset.koikoi import Table
from yakuset.koikoi.kinds import (
    ANSWERS,
    ROUND_MONTH,
    AfterDraw,
    AfterWin,
    CardKind,
    DealOutcomeKind,
    Decision,
    Ending,
    EventKind,
    FieldFour,
    FieldPairs,
    FirstDealer,
    LimitScope,
    MoveKind,
    OfferOn,
    OnExhaustiveDraw,
    Ribbon,
    SakeCup,
    Viewing,
    WeatherWhere,
)

from ..helpers import ROOT, bundled_ids

SCHEMA = json.loads((ROOT / "engine" / "koikoi" / "ruleset.schema.json").read_text(encoding="utf-8"))
PROPERTIES, DEFS = SCHEMA["properties"], SCHEMA["$defs"]


def words(kind: type) -> list[str]:
    return [member.value for member in kind]


@pytest.mark.parametrize(
    ("where", "kind"),
    [
        (PROPERTIES["yaku_rules"]["properties"]["sake_cup"], SakeCup),
        (PROPERTIES["yaku_rules"]["properties"]["viewing"], Viewing),
        (PROPERTIES["match"]["properties"]["first_dealer"], FirstDealer),
        (PROPERTIES["match"]["properties"]["after_win"], AfterWin),
        (PROPERTIES["match"]["properties"]["after_draw"], AfterDraw),
        (PROPERTIES["match"]["properties"]["field_four"], FieldFour),
        (PROPERTIES["match"]["properties"]["field_pairs"], FieldPairs),
        (PROPERTIES["calls"]["properties"]["limit_scope"], LimitScope),
        (PROPERTIES["calls"]["properties"]["offer_on"], OfferOn),
        (PROPERTIES["calls"]["properties"]["on_exhaustive_draw"], OnExhaustiveDraw),
        (DEFS["weather"]["properties"]["where"], WeatherWhere),
        (DEFS["card"]["properties"]["kind"], CardKind),
        (DEFS["card"]["properties"]["also"], CardKind),
        (DEFS["card_filter"]["properties"]["kind"], CardKind),
        (DEFS["card"]["properties"]["ribbon"], Ribbon),
        (DEFS["card_filter"]["properties"]["ribbon"], Ribbon),
    ],
)
def test_the_schema_lists_the_words_of_the_kinds(where, kind):
    assert where["enum"] == words(kind)


def test_every_list_of_words_of_the_schema_is_a_kind():
    found: list[list[str]] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "enum" in node:
                found.append(node["enum"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(SCHEMA)
    kinds = [SakeCup, Viewing, FirstDealer, AfterWin, AfterDraw, FieldFour, FieldPairs, LimitScope, OfferOn]
    kinds += [OnExhaustiveDraw, WeatherWhere, CardKind, Ribbon]
    assert {tuple(enum) for enum in found} == {tuple(words(kind)) for kind in kinds}


def test_the_schemas_round_month_is_the_kinds():
    month = DEFS["card_filter"]["properties"]["month"]["oneOf"][1]
    assert month["const"] == ROUND_MONTH


@pytest.mark.parametrize("section", ["card_values", "counts_as"])
def test_the_schemas_mappings_by_kind_of_card_are_keyed_by_the_card_kinds(section):
    where = PROPERTIES["match"]["properties"]["card_values"] if section == "card_values" else None
    where = where or DEFS["card"]["properties"]["counts_as"]
    assert list(where["properties"]) == words(CardKind)


def test_a_kind_is_its_word_in_json_text_and_repr():
    assert MoveKind.PLAY == "play" and json.dumps([MoveKind.PLAY, EventKind.OFFER]) == '["play", "offer"]'
    assert f"{Decision.KOIKOI_OR_SHOBU}" == "koikoi_or_shobu" and repr(Ending.SHOBU) == "'shobu'"


def test_the_endings_and_deal_outcomes_are_event_kinds_and_only_endings_end_a_round():
    assert set(Ending) <= set(EventKind) and set(DealOutcomeKind) <= set(EventKind)
    assert {kind for kind in EventKind if kind.ends_round} == set(Ending)
    assert set(ANSWERS) == {MoveKind.KOIKOI, MoveKind.SHOBU} and set(ANSWERS) <= set(EventKind)


@pytest.mark.parametrize("ruleset_id", bundled_ids("koikoi"))
def test_the_compiled_rules_hold_kinds(ruleset_id):
    rules = yakuset.koikoi.rules_of(yakuset.load_ruleset(ruleset_id))
    table = rules.table
    assert type(rules.sake_cup) is SakeCup and type(rules.viewing) is Viewing
    assert {type(value) for value in (table.first_dealer, table.after_win, table.after_draw)} == {
        FirstDealer,
        AfterWin,
        AfterDraw,
    }
    assert type(table.field_four) is FieldFour and type(table.field_pairs) is FieldPairs
    assert type(table.offer_on) is OfferOn and type(table.on_exhaustive_draw) is OnExhaustiveDraw
    assert all(type(card.kind) is CardKind for card in rules.cards.values())
    assert all(type(card.ribbon) is Ribbon for card in rules.cards.values() if card.ribbon is not None)


@pytest.mark.parametrize("ruleset_id", ["nintendo", "bga", "yakuza"])
def test_a_tables_decisions_moves_events_and_rounds_hold_kinds(ruleset_id):
    table = Table(yakuset.load_ruleset(ruleset_id), ("a", "b"), 5)
    rng = random.Random(5)
    events = list(table.opening)
    while not table.finished:
        assert type(table.pending) is Decision
        moves = table.legal_moves()
        assert all(type(move.kind) is MoveKind for move in moves)
        events += table.play(moves[rng.randrange(len(moves))])
    assert all(type(event.kind) is EventKind for event in events)
    # An event's kind says which fields it carries: a round's end its next dealer and points.
    assert all(event.kind.ends_round == (event.next_dealer is not None) for event in events)
    assert all(event.points == 0 and event.winner is None for event in events if not event.kind.ends_round)
    assert table.result is not None and all(type(r.ended) is Ending for r in table.result.rounds)
    assert all(type(entry.choice) is MoveKind for entry in table.log if hasattr(entry, "choice"))
