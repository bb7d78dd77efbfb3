"""The table's refusals (issue 40 item 2, issue 42 escapes 1-2): a move is read once, at the
boundary, and a move the table does not take, malformed or illegal, is a typed
:class:`yakuset.IllegalMove` naming its rule, the table unchanged; ``is_legal`` says exactly what
``play`` takes, and each table rule is one object from which both come."""

from __future__ import annotations

import random

import pytest
import yakuset
from hypothesis import HealthCheck, given, settings, strategies as st
from yakuset.riichi import IllegalMove, Move, Table
from yakuset.riichi.kinds import MoveKind
from yakuset.riichi.table.decisions import DECISIONS, RULES, rule_named

from ...helpers import examples


@pytest.fixture(scope="module")
def tenhou():
    return yakuset.load_ruleset("tenhou")


def seen(table: Table):
    """Everything the table shows: whose move, the legal moves, each seat's view, the events."""
    views = [table.view(seat) for seat in range(len(table.state.scores))]
    return (
        table.to_move,
        table.legal_moves(),
        [(v.hand, v.drawn, v.discards, v.melds, v.kita, v.riichi, v.dora_indicators, v.live_left) for v in views],
        table.state,
        table.events,
        table.hands,
    )


def refused(table: Table, move: object) -> IllegalMove:
    """What ``play(move)`` raises; ``is_legal`` says no and nothing the table shows changes."""
    before = seen(table)
    assert not table.is_legal(move)
    with pytest.raises(IllegalMove) as caught:
        table.play(move)
    assert seen(table) == before
    assert type(caught.value) is yakuset.IllegalMove and isinstance(caught.value, ValueError)
    return caught.value


@pytest.mark.parametrize("move", [Move("discard", 22.0), ("discard", 22.0, ()), ("discard", 22.0)])
def test_a_float_copy_of_a_legal_tile_is_refused_as_malformed_and_the_table_goes_on(tenhou, move):
    # issue 42, escape 1: it passed is_legal, then play failed half-way (tile 22 gone, seat 0 to move).
    table = Table(tenhou, seed=1)
    assert Move("discard", 22) in table.legal_moves()
    error = refused(table, move)
    assert (error.rule, error.key, error.seat, error.move) == ("malformed", None, 0, move)
    table.play(Move("discard", 22))
    assert 22 not in table.view(0).hand and table.to_move != 0


def _at_the_chi_of_17(tenhou) -> Table:
    """Seed 0, each seat playing "pass" or its first legal move, until chi 17 with 23 24 is offered
    (issue 42, escape 2)."""
    table = Table(tenhou, seed=0)
    while Move("chi", 17, (23, 24)) not in table.legal_moves():
        moves = table.legal_moves()
        table.play(Move("pass") if Move("pass") in moves else moves[0])
    return table


@pytest.mark.parametrize(
    "move",
    [
        Move("chi", 17, ()),
        ("chi", 17),
        ("chi", 17, {23, 24}),
        ("chi", 17, frozenset({23, 24})),
        Move("chi", 17, (23, 23)),
        Move("chi", 17, (23, True)),
        Move("chi", 17, (23, 24.0)),
        Move("chi", 17, (23, 24, 25)),
        Move("chi", "17", (23, 24)),
        Move("chi", None, (23, 24)),
        Move("chi", 136, (23, 24)),
        Move("chi", -1, (23, 24)),
        Move("ron", 17),
        Move("closed_kan", 17, (23, 24, 25, 26)),
        Move("Chi", 17, (23, 24)),
        Move(MoveKind, 17, (23, 24)),
        ("chi", 17, (23, 24), ()),
        (),
        "chi",
        None,
    ],
)
def test_every_malformed_call_is_refused_as_malformed_and_the_table_is_unchanged(tenhou, move):
    table = _at_the_chi_of_17(tenhou)
    error = refused(table, move)
    assert (error.rule, error.key, error.seat, error.move) == ("malformed", None, table.to_move, move)


def test_tiles_given_as_an_iterator_are_refused_and_not_consumed(tenhou):
    table = _at_the_chi_of_17(tenhou)
    tiles = iter([23, 24])
    assert refused(table, ("chi", 17, tiles)).rule == "malformed"
    assert list(tiles) == [23, 24]


def test_a_call_given_as_a_list_or_in_another_order_is_the_same_call(tenhou):
    table = _at_the_chi_of_17(tenhou)
    for move in (["chi", 17, [24, 23]], ("chi", 17, [23, 24]), Move(MoveKind.CHI, 17, (24, 23))):
        assert table.is_legal(move)
    seat = table.to_move
    events = table.play(["chi", 17, [24, 23]])
    assert events[0].kind == "chi" and events[0].tiles == (23, 24) and events[0].seat == seat


def _legal_moves_accepted(table: Table) -> None:
    for move in table.legal_moves():
        assert table.is_legal(move), move


def _hostile(table: Table, rng: random.Random) -> object:
    """A move the table should most likely refuse: of the wrong shape or type, another seat's
    tile, a kind of the other decision, a tile out of range..."""
    seat = table.to_move
    assert seat is not None
    mine = list(table.view(seat).hand)
    others = [t for s in range(len(table.state.scores)) if s != seat for t in table.view(s).hand]
    tile = rng.choice(mine)
    kind = rng.choice(list(MoveKind))
    pair = tuple(rng.sample(mine, min(2, len(mine))))
    return rng.choice(
        [
            Move("discard", float(tile)),
            Move("discard", True),
            Move("discard", str(tile)),
            Move("discard", tile + 136),
            (kind.value, tile, set(pair)),
            (kind.value, tile, iter(pair)),
            (kind.value, tile, pair),
            (kind.value, tile, pair + pair[:1]),
            (kind.value, tile),
            (kind.value, None, pair),
            (kind.value,),
            Move(kind, rng.choice(others)),
            Move(kind, rng.choice(others), pair),
            Move("discard", rng.choice(others)),
            Move("riichi", tile),
            Move("closed_kan", None, tuple(mine[:4])),
            Move("added_kan", tile),
            Move("kita", tile),
            Move("tsumo"),
            Move("ron"),
            Move("pass"),
            Move("nine_terminals"),
            Move("dahai", tile),
            ["discard", tile],
            (tile,),
            {"kind": "discard", "tile": tile},
        ]
    )


@pytest.mark.parametrize("ruleset_id", ["tenhou", "tenhou-sanma", pytest.param("mahjong-soul", marks=pytest.mark.slow)])
@given(seed=st.integers(0, 2**32))
@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_illegal_and_malformed_moves_amid_a_game_change_nothing_and_is_legal_says_what_play_takes(ruleset_id, seed):
    rs = yakuset.load_ruleset(ruleset_id)
    table, rng = Table(rs, seed=seed), random.Random(seed)
    for _ in range(250):
        if table.to_move is None:
            break
        _legal_moves_accepted(table)
        for _ in range(3):
            move = _hostile(table, rng)
            legal = table.is_legal(move)
            before = seen(table)
            try:
                table.play(move)
            except IllegalMove as error:
                assert not legal, (move, error)
                assert seen(table) == before
                assert error.rule in RULES or error.rule == "malformed"
                assert error.seat == before[0]
            else:
                assert legal, move
                break
        else:
            table.play(rng.choice(table.legal_moves()))


def test_every_rule_has_one_id_and_names_the_key_its_words_cite():
    rules = [rule for decision in DECISIONS.values() for kind in decision.kinds.values() for rule in kind.rules]
    by_id: dict[str, object] = {}
    for rule in rules:
        assert by_id.setdefault(rule.id, rule) is rule, rule.id
        assert not rule.cites or rule.key is not None, rule.id
    assert {rule.key for rule in rules} >= {
        "wins.kuikae",
        "draws.abortive",
        "kita.ron",
        "points.riichi_needs",
        "wins.riichi_draws_left",
        "wins.atozuke",
        "wins.chi",
    }


# --- the words, from the fields ----------------------------------------------------------------


def test_a_refusal_s_words_are_rendered_from_its_rule(tenhou):
    table = Table(tenhou, seed=3)
    foreign = next(t for t in range(136) if t not in table.view(0).hand)
    assert str(refused(table, Move("discard", foreign))) == (
        f"discard: {yakuset.riichi.tile_name(foreign >> 2)} (tile {foreign}) is not in seat 0's hand"
    )
    assert str(refused(table, Move("ron"))) == "ron: seat 0 is to discard (there is no discard to answer)"
    assert str(refused(table, Move("chi", 5, (1, 2)))) == "chi: seat 0 is to discard (there is no discard to answer)"
    assert str(refused(table, "discard")) == (
        "a move is Move(kind, tile, tiles) with kind one of tsumo, ron, nine_terminals, closed_kan, added_kan, "
        "kita, open_kan, pon, chi, riichi, discard, pass; got 'discard'"
    )
    assert str(refused(table, Move("discard", 22.0))) == (
        "discard: a tile is a wall tile 0-135 (kind * 4 + copy), got 22.0"
    )
    assert str(refused(table, ("chi", 17, {23}))) == "chi: tiles are a tuple of wall tiles 0-135, got {23}"
    assert (
        str(refused(table, Move("chi", 17, ())))
        == "chi: a chi is Move('chi', tile, (2 own tiles)), got Move(kind='chi', tile=17, tiles=())"
    )


def test_a_cited_key_ends_the_words_and_is_what_a_log_replay_names():
    ema = yakuset.load_ruleset("ema-2025")  # draws.abortive: none
    table = Table(ema, seed=1)
    error = refused(table, Move("nine_terminals"))
    assert (error.rule, error.key, error.seat) == ("no_nine_terminals", "draws.abortive", 0)
    assert str(error) == "nine_terminals: the rule set has no such abortive draw (draws.abortive)"
    assert rule_named(error) == "draws.abortive"
    discard = refused(table, Move("discard", next(t for t in range(136) if t not in table.view(0).hand)))
    assert rule_named(discard) == "discard"  # a rule of the game: the word its words start with


def test_the_game_over_refuses_every_move_with_no_seat(tenhou):
    table = Table(tenhou, seed=998)
    rng = random.Random(998)
    while table.to_move is not None:
        table.play(rng.choice(table.legal_moves()))
    error = refused(table, Move("discard", 5))
    assert (error.rule, error.seat) == ("game_over", None)
    assert str(error) == f"discard: the game is over ({table.state.end_reason})"
