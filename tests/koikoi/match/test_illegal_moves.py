"""Whatever is played at a Koi-Koi table, an illegal move changes nothing: random matches under
several rule sets with illegal and malformed moves among the legal ones (no Moves at all, kinds
that are none, cards not in the hand, the wrong decision's moves, tuples equal to legal moves,
a card that does not capture where one must). Each is refused with an IllegalMove naming the
table rule that refuses it and the player to move, and the table's state, legal moves and trace
are what they were; every legal move is accepted."""

from __future__ import annotations

import functools
import random

import pytest
import yakuset
from hypothesis import given, settings, strategies as st
from yakuset.koikoi import IllegalMove, Move, Table
from yakuset.koikoi.match.table_rules import RULES

from ...helpers import examples
from ...koikoi_decks import illegal_moves

RULE_IDS = {rule.id for rule in RULES} | {"malformed"}
KEYS = {rule.id: rule.key for rule in RULES} | {"malformed": None}
#: Rule sets whose table rules differ: must capture (BGA), Hanafuda Flash's points, Yakuza's three rounds.
RULE_SETS = ("nintendo", "bga", "hanafuda-flash", "yakuza", "fudawiki")


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


def snapshot(table: Table) -> tuple[object, ...]:
    return table.state, table.legal_moves(), table.trace, table.pending, table.to_move, table.choosing


def play_with_illegal_moves(table: Table, rng: random.Random, tries: float) -> set[str]:
    """Play ``table`` to its end, trying illegal moves before a share ``tries`` of the legal
    ones; the rules that refused them."""
    refused_by: set[str] = set()
    while not table.finished:
        if rng.random() < tries:
            before = snapshot(table)
            for move in illegal_moves(table, rng):
                with pytest.raises(IllegalMove) as refused:
                    table.play(move)  # type: ignore[arg-type]
                error = refused.value
                assert error.rule in RULE_IDS and error.key == KEYS[error.rule], error
                assert error.seat == table.to_move and str(error) == error.reason
                refused_by.add(error.rule)
            assert snapshot(table) == before
        legal = table.legal_moves()
        table.play(legal[rng.randrange(len(legal))])
    return refused_by


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**64 - 1), moves=st.integers(0, 2**32), ruleset_id=st.sampled_from(RULE_SETS))
def test_illegal_and_malformed_moves_are_refused_by_a_rule_and_change_nothing(seed, moves, ruleset_id):
    table = Table(ruleset(ruleset_id), ("a", "b"), seed)
    refused_by = play_with_illegal_moves(table, random.Random(moves), 0.3)
    assert {"malformed", "not_in_hand", "must_play"} <= refused_by
    after = snapshot(table)
    for move in illegal_moves(table, random.Random(seed)):  # once the match is over
        with pytest.raises(IllegalMove) as refused:
            table.play(move)  # type: ignore[arg-type]
        assert refused.value.rule in ("malformed", "match_over") and refused.value.seat is None
    assert snapshot(table) == after


def test_every_rule_refuses_some_move_over_a_few_matches():
    refused_by: set[str] = set()
    for ruleset_id in ("nintendo", "bga"):
        for seed in range(4):
            table = Table(ruleset(ruleset_id), ("a", "b"), seed)
            refused_by |= play_with_illegal_moves(table, random.Random(seed), 1.0)
            refused_by.add(_refusal_once_over(table))
    assert refused_by == RULE_IDS


def _refusal_once_over(table: Table) -> str:
    with pytest.raises(IllegalMove) as refused:
        table.play(Move("play", "01-bright-crane"))
    return refused.value.rule
