"""What settle takes, as typed values: each built directly and read from its mapping form gives the
same value and the same settlement, a malformed mapping and a malformed value are refused with
the same words, and the values are values (immutable, equal by their fields)."""

from __future__ import annotations

import functools
import pickle

import pytest
import yakuset
from yakuset import InputError, riichi
from yakuset.riichi import (
    Abort,
    Chombo,
    DeclaredYaku,
    DeclaredYakuman,
    Draw,
    HanFu,
    Ron,
    Tiles,
    Tsumo,
    Win,
    new_game,
    read_outcome,
    settle,
)
from yakuset.riichi.kinds import AbortiveDraw, Outcome


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


TILES = {"seat": 1, "hand": "234m406p789s11z345s", "win": "3s", "dora_indicators": ["1m"], "ippatsu": True}

# (typed value, its mapping form, the rule set, the riichi list)
SAME = [
    pytest.param(
        Ron(2, (Win(1, HanFu(3, 30)),)),
        {"ron": {"discarder": 2, "winners": [{"seat": 1, "han": 3, "fu": 30}]}},
        "tenhou",
        (),
        id="ron-han-fu",
    ),
    pytest.param(
        Ron(2, (Win(1, HanFu(2, 30)), Win(3, HanFu(3, 40)))),
        {"ron": {"discarder": 2, "winners": [{"seat": 1, "han": 2, "fu": 30}, {"seat": 3, "han": 3, "fu": 40}]}},
        "m-league",
        (1,),
        id="double-ron-head-bump",
    ),
    pytest.param(
        Ron(1, (Win(2, HanFu(1, 30)), Win(3, HanFu(1, 30)), Win(0, HanFu(2, 30)))),
        {"ron": {"discarder": 1, "winners": [{"seat": s, "han": h, "fu": 30} for s, h in ((2, 1), (3, 1), (0, 2))]}},
        "tenhou",
        (0,),
        id="triple-ron-abort",
    ),
    pytest.param(
        Tsumo(Win(0, HanFu(5))),
        {"tsumo": {"seat": 0, "han": 5}},
        "tenhou",
        (),
        id="tsumo-limit-without-fu",
    ),
    pytest.param(
        Tsumo(Win(2, DeclaredYakuman(("daisangen",)), pao=1)),
        {"tsumo": {"seat": 2, "yakuman": ["daisangen"], "pao": 1}},
        "tenhou",
        (),
        id="tsumo-pao",
    ),
    pytest.param(
        Ron(3, (Win(2, DeclaredYakuman(("daisangen",)), pao=1),)),
        {"ron": {"discarder": 3, "winners": [{"seat": 2, "yakuman": ["daisangen"], "pao": 1}]}},
        "ema-2025",
        (),
        id="ron-pao-split",
    ),
    pytest.param(
        Tsumo(Win(3, DeclaredYaku(("riichi", "menzen_tsumo", "pinfu"), fu=20, dora=1))),
        {"tsumo": {"seat": 3, "yaku": ["riichi", "menzen_tsumo", "pinfu"], "fu": 20, "dora": 1}},
        "tenhou",
        (3,),
        id="tsumo-declared-yaku",
    ),
    pytest.param(
        Ron(0, (Win(1, Tiles("234m406p789s11z345s", "3s", dora_indicators=("1m",), flags={"ippatsu": True})),)),
        {"ron": {"discarder": 0, "winners": [TILES]}},
        "tenhou",
        (1,),
        id="ron-tiles",
    ),
    pytest.param(Draw((0, 2)), {"draw": {"tenpai": [0, 2]}}, "tenhou", (), id="draw"),
    pytest.param(Draw((1,), (3,)), {"draw": {"tenpai": [1], "nagashi": [3]}}, "tenhou", (1,), id="nagashi"),
    pytest.param(Abort(AbortiveDraw.FOUR_WINDS), {"abort": "four_winds"}, "tenhou", (), id="abort"),
    pytest.param(Chombo(2), {"chombo": 2}, "ema-2025", (0,), id="chombo"),
]


@pytest.mark.parametrize(("typed", "mapping", "ruleset_id", "riichi_seats"), SAME)
def test_a_typed_outcome_and_its_mapping_form_are_read_and_settled_alike(typed, mapping, ruleset_id, riichi_seats):
    rs = ruleset(ruleset_id)
    state = new_game(rs).replace(honba=1, sticks=1)
    read = read_outcome(rs, mapping)
    assert read == typed and type(read) is type(typed)
    assert read_outcome(rs, typed) == typed
    by_mapping = settle(rs, state, mapping, riichi_seats)
    assert settle(rs, state, typed, riichi_seats) == by_mapping
    assert tuple(settle(rs, state, typed, riichi_seats).steps) == tuple(by_mapping.steps)
    assert typed.outcome == Outcome(next(iter(mapping)))


@pytest.mark.parametrize(("typed", "mapping", "ruleset_id", "riichi_seats"), SAME)
def test_as_dict_is_a_mapping_form_read_back_to_the_same_value(typed, mapping, ruleset_id, riichi_seats):
    rs = ruleset(ruleset_id)
    assert read_outcome(rs, typed.as_dict()) == typed


def test_typed_values_settle_as_worked_out_by_hand():
    # Tenhou, East 1, 1 honba, 1 stick: seat 1 rons seat 2 for 3 han 30 fu: 960 × 4 = 3840 → 3900,
    # + 300 honba + 1000 stick: seat 1 +5200, seat 2 -4200.
    rs = ruleset("tenhou")
    state = new_game(rs).replace(honba=1, sticks=1)
    settled = settle(rs, state, Ron(2, (Win(1, HanFu(3, 30)),)))
    assert settled.transfers == (0, 5200, -4200, 0)
    assert settled.winners == (1,) and settled.kind == "ron"


def test_the_values_are_immutable_and_equal_by_their_fields():
    win = Win(1, HanFu(3, 30))
    assert win == Win(seat=1, hand=HanFu(han=3, fu=30), pao=None)
    assert hash(Ron(2, (win,))) == hash(Ron(2, (Win(1, HanFu(3, 30)),)))
    assert Ron(2, (win,)) != Ron(3, (win,))
    assert pickle.loads(pickle.dumps(Tsumo(win))) == Tsumo(win)
    with pytest.raises(AttributeError):
        win.seat = 2  # type: ignore[misc]
    tiles = read_outcome(ruleset("tenhou"), {"tsumo": {"seat": 0, "hand": "123m456p789s11z", "win": "1z"}})
    assert hash(tiles) == hash(read_outcome(ruleset("tenhou"), tiles.as_dict()))


# (a malformed mapping, a typed value wrong in the same way, the words both are refused with)
REFUSED = [
    pytest.param(
        {"ron": {"discarder": 4, "winners": [{"seat": 0, "han": 1, "fu": 30}]}},
        Ron(4, (Win(0, HanFu(1, 30)),)),
        "the discarder must be a seat 0-3, got 4",
        id="discarder",
    ),
    pytest.param(
        {"ron": {"discarder": 0, "winners": [{"seat": 0, "han": 1, "fu": 30}]}},
        Ron(0, (Win(0, HanFu(1, 30)),)),
        "seat 0 discarded the tile and cannot ron it",
        id="own-discard",
    ),
    pytest.param(
        {"ron": {"discarder": 0, "winners": [{"seat": 1, "han": 1, "fu": 30}, {"seat": 1, "han": 2, "fu": 30}]}},
        Ron(0, (Win(1, HanFu(1, 30)), Win(1, HanFu(2, 30)))),
        "the winners' seats names a seat twice: [1, 1]",
        id="twice",
    ),
    pytest.param(
        {"tsumo": {"seat": 5, "han": 1, "fu": 30}},
        Tsumo(Win(5, HanFu(1, 30))),
        "the winner's seat must be a seat 0-3, got 5",
        id="tsumo-seat",
    ),
    pytest.param(
        {"tsumo": {"seat": 1, "yakuman": ["daisangen"], "pao": 1}},
        Tsumo(Win(1, DeclaredYakuman(("daisangen",)), pao=1)),
        "seat 1 cannot be liable (pao) for their own win",
        id="own-pao",
    ),
    pytest.param(
        {"tsumo": {"seat": 1, "yakuman": ["daisangen"], "pao": 9}},
        Tsumo(Win(1, DeclaredYakuman(("daisangen",)), pao=9)),
        "seat 1's pao must be a seat 0-3, got 9",
        id="pao-seat",
    ),
    pytest.param(
        {"tsumo": {"seat": 1, "han": 3, "fu": 30, "pao": 2}},
        Tsumo(Win(1, HanFu(3, 30), pao=2)),
        "pao applies to a hand with one of the rule set's liability yakuman",
        id="pao-without-yakuman",
    ),
    pytest.param({"draw": {"tenpai": [1, 1]}}, Draw((1, 1)), "tenpai names a seat twice: [1, 1]", id="tenpai"),
    pytest.param(
        {"draw": {"tenpai": [], "nagashi": [7]}},
        Draw((), (7,)),
        "each of nagashi must be a seat 0-3, got 7",
        id="nagashi",
    ),
    pytest.param(
        {"abort": "sneeze"},
        Abort("sneeze"),  # type: ignore[arg-type]
        f"an abortive draw is one of {', '.join(AbortiveDraw)}, got 'sneeze'",
        id="abort",
    ),
    pytest.param({"chombo": 7}, Chombo(7), "the chombo's seat must be a seat 0-3, got 7", id="chombo"),
    pytest.param(
        {"tsumo": {"seat": 1, "han": "3", "fu": 30}},
        Tsumo(Win(1, HanFu("3", 30))),  # type: ignore[arg-type]
        "han must be a whole number, got '3'",
        id="han-checked-by-score",
    ),
]


@pytest.mark.parametrize(("mapping", "typed", "message"), REFUSED)
def test_a_malformed_mapping_and_a_malformed_value_are_refused_alike(mapping, typed, message):
    rs = ruleset("tenhou")
    refused = []
    for outcome in (mapping, typed):
        with pytest.raises(InputError) as caught:
            settle(rs, new_game(rs), outcome)
        refused.append(str(caught.value))
    assert refused[0] == refused[1]
    assert message in refused[0]


@pytest.mark.parametrize(
    ("outcome", "message"),
    [
        (Ron(0, [Win(1, HanFu(1, 30))]), "a ron has 1-3 winners (a tuple of Win values)"),  # type: ignore[arg-type]
        (Ron(0, ()), "a ron has 1-3 winners"),
        (Ron(0, ({"seat": 1, "han": 1, "fu": 30},)), "winner 0 must be a yakuset.riichi.Win"),  # type: ignore[arg-type]
        (Tsumo(Win(1, 3)), "the tsumo gives its hand as a HanFu, DeclaredYaku, DeclaredYakuman or Tiles, got 3"),  # type: ignore[arg-type]
        (
            Tsumo(Win(1, Tiles("123m456p789s11z", "1z", flags={"seat": 2}))),
            "the tsumo's flags must map flags (riichi, double_riichi",
        ),
    ],
)
def test_a_typed_value_of_the_wrong_shape_is_refused(outcome, message):
    rs = ruleset("tenhou")
    with pytest.raises(InputError) as caught:
        settle(rs, new_game(rs), outcome)
    assert message in str(caught.value)


def test_read_outcome_takes_a_riichi_rule_set_and_checks_seats_against_its_players():
    sanma = ruleset("tenhou-sanma")
    with pytest.raises(InputError, match="the chombo's seat must be a seat 0-2, got 3"):
        read_outcome(sanma, {"chombo": 3})
    assert read_outcome(ruleset("tenhou"), {"chombo": 3}) == Chombo(3)
    with pytest.raises(InputError, match="Riichi scoring needs a Riichi rule set"):
        read_outcome(ruleset("nintendo"), {"chombo": 0})


def test_the_steps_can_be_worded_with_the_players_names():
    rs = ruleset("m-league")
    settled = settle(rs, new_game(rs), Ron(2, (Win(1, HanFu(2, 30)), Win(3, HanFu(3, 40)))), riichi=[1])
    names = ("alice", "bob", "carol", "dave")
    named = settled.steps.named(names)
    assert [s.id for s in named] == [s.id for s in settled.steps]
    labels = [s.label for s in named]
    assert labels[0] == "bob declares riichi: one stick on the table"
    assert "head bump: only dave, nearest the discarder, is paid; bob gets nothing" in labels
    assert "carol pays dave 5200 (ron, 3 han 40 fu)" in labels
    assert not any("seat" in label for label in labels)
    assert pickle.loads(pickle.dumps(settled.steps)).named(names) == named


def test_the_public_names_are_the_settlement_modules():
    assert riichi.Ron is yakuset.riichi.settlement.outcomes.Ron
    assert {"Ron", "Tsumo", "Draw", "Abort", "Chombo", "Win", "HanFu", "Tiles", "read_outcome"} <= set(riichi.__all__)
