"""The table's fast path (yakuset.koikoi.match.table_fast: ``Table.play``, the legal moves kept as
the table goes, the events and round records built in C) does what its readable reference does
(match.turns: the turn in small steps, every legal move and refusal from the table rules of
match.table_rules): random matches of every bundled rule set and of house rule sets, illegal
moves among the legal ones, played at both in step, give the same legal moves at every decision,
the same refusals, events, state, log and result. A rule set whose table follows a rule the fast
path does not know gets its legal moves from the rules."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest
import yakuset
from hypothesis import given, settings, strategies as st
from yakuset.koikoi import Event, IllegalMove, Move, Table, TableRound
from yakuset.koikoi.kinds import Decision
from yakuset.koikoi.match import table_fast, table_rules, turns
from yakuset.koikoi.match.table_rules import RULES, RuleBook, TableRule
from yakuset.koikoi.match.values_fast import new_event, new_round

from ...helpers import bundled_ids, examples
from ...koikoi_decks import illegal_moves
from .test_table import HOUSE, house

KOIKOI = bundled_ids("koikoi")


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return house(ruleset_id) if ruleset_id in HOUSE else yakuset.load_ruleset(ruleset_id)


class ReferenceTable(Table):
    """A table that plays by ``match.turns`` and takes every legal move from the table rules."""

    play = turns.play

    def __init__(self, *args: Any, **options: Any) -> None:
        super().__init__(*args, **options)
        self._plain_play = self._plain_rest = False
        self._build_legal = _from_the_rules
        self._legal = None


def _from_the_rules(table: Table) -> list[Move]:
    return table._book.legal(table._situation())


def outcome(table: Table, move: object) -> tuple[object, ...]:
    """What playing ``move`` gives: its events, or its refusal."""
    try:
        return ("played", table.play(move))  # type: ignore[arg-type]
    except IllegalMove as refused:
        return ("refused", refused, refused.rule, refused.key, refused.seat, refused.reason, refused.move)


def in_step(ruleset_id: str, seed: int, moves: int) -> None:
    fast = Table(ruleset(ruleset_id), ("a", "b"), seed)
    reference = ReferenceTable(ruleset(ruleset_id), ("a", "b"), seed)
    assert fast.opening == reference.opening
    rng = random.Random(moves)
    while not fast.finished:
        assert fast.legal_moves() == reference.legal_moves()
        assert fast.state == reference.state
        if rng.random() < 0.2:
            for move in illegal_moves(fast, rng):
                assert outcome(fast, move) == outcome(reference, move)
        legal = fast.legal_moves()
        move = legal[rng.randrange(len(legal))]
        assert outcome(fast, move) == outcome(reference, move)
    assert reference.finished and fast.result == reference.result
    assert fast.log == reference.log and fast.trace == reference.trace
    assert outcome(fast, Move("play", "01-bright-crane")) == outcome(reference, Move("play", "01-bright-crane"))


@settings(max_examples=examples(40), deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    moves=st.integers(0, 2**32),
    ruleset_id=st.sampled_from([*KOIKOI, *sorted(HOUSE)]),
)
def test_the_fast_table_plays_as_its_readable_reference(seed, moves, ruleset_id):
    in_step(ruleset_id, seed, moves)


@pytest.mark.parametrize("ruleset_id", KOIKOI)
def test_the_events_and_rounds_built_quickly_are_those_the_types_build(ruleset_id):
    table = Table(ruleset(ruleset_id), ("a", "b"), 11)
    rng = random.Random(11)
    events = list(table.opening)
    while not table.finished:
        legal = table.legal_moves()
        events += table.play(legal[rng.randrange(len(legal))])
    assert table.result is not None
    for event in events:
        assert type(event) is Event and new_event(tuple(event)) == Event(*event) == event
    for played in table.result.rounds:
        assert type(played) is TableRound and new_round(tuple(played)) == TableRound(*played) == played


def test_the_fast_path_makes_the_legal_moves_of_the_rules_it_handles_and_no_others():
    every = RuleBook(RULES)
    assert every.ids == table_fast.HANDLES
    assert table_fast.legal_sets(every)[:2] == (False, True)  # must capture: a play's are made
    plain = RuleBook(tuple(rule for rule in RULES if rule.key is None))
    assert table_fast.legal_sets(plain)[:2] == (True, True)  # the hand's own moves
    house_rule = TableRule("no_rain_man", Decision.PLAY, "x", lambda s, move: "x")
    assert table_fast.legal_sets(RuleBook((*RULES, house_rule)))[:2] == (False, False)


# A house rule the fast path does not know: the rain man may not be played while another card may.
RAIN_MAN = "11-bright-rainman"
NO_RAIN_MAN = TableRule(
    "no_rain_man",
    Decision.PLAY,
    "any card but the rain man, while another may be played",
    lambda s, move: f"{s.player} keeps the rain man while another card may be played",
    narrowed=lambda s, moves: [move for move in moves if move.card != RAIN_MAN] or moves,
)


def test_a_rule_the_fast_path_does_not_know_is_followed_from_the_rules(monkeypatch):
    monkeypatch.setattr(table_rules, "RULES", (*RULES, NO_RAIN_MAN))
    rs = yakuset.load_ruleset_text("extends: nintendo\nname: No rain man\n", "no-rain-man.yaml")  # fresh caches
    refused = 0
    for seed in range(30):
        table = Table(rs, ("a", "b"), seed)
        assert not table._plain_play and not table._plain_rest
        rng = random.Random(seed)
        while not table.finished:
            legal = table.legal_moves()
            if table.pending == "play" and RAIN_MAN in table.hand(table.to_move) and len(legal) > 1:
                assert Move("play", RAIN_MAN) not in legal
                with pytest.raises(IllegalMove) as refusal:
                    table.play(Move("play", RAIN_MAN))
                assert (refusal.value.rule, refusal.value.key) == ("no_rain_man", None)
                assert str(refusal.value) == f"{table.to_move} keeps the rain man while another card may be played"
                refused += 1
            table.play(legal[rng.randrange(len(legal))])
    assert refused
