"""Riichi bots (issue 26 item 6): found by name through ``yakuset_riichi_bots``, what each
built-in bot plays, what a bot sees, and a bot that fails.

The efficiency bot's counts are checked against an independent oracle: ``mahjong`` 2.1.0's
``Shanten`` (standard hand, seven pairs and thirteen orphans), each discard's accepted tiles
counted by brute force over the 34 tiles with that oracle.
"""

from __future__ import annotations

import random
import types

import pytest
import yakuset
from yakuset import InputError, PluginError, hookimpl, riichi
from yakuset.riichi import Move, Table

mahjong_shanten = pytest.importorskip("mahjong.shanten")


@pytest.fixture(scope="module")
def tenhou():
    return yakuset.load_ruleset("tenhou")


def test_the_built_in_bots_are_found_by_name_one_a_seat(tenhou):
    found = riichi.find_bots(tenhou, ["random", "tsumogiri", "efficiency", "random"])
    assert [bot.name for bot in found] == ["random", "tsumogiri", "efficiency", "random"]
    assert {bot.plugin for bot in found} == {"riichi_bots"}
    sanma = yakuset.load_ruleset("tenhou-sanma")
    assert len(riichi.find_bots(sanma, ["efficiency"] * 3)) == 3


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (
            ["random", "random", "random", "efficency"],
            "no bot named 'efficency'; bots: efficiency, human, random, tsumogiri",
        ),
        (["random", "random"], "Riichi under 'tenhou' is played by four bots, got 2: random, random"),
        ("random", "bots must be a list of bot names, got 'random'"),
        (["random", "", "random", "random"], "bots must be a list of bot names"),
    ],
)
def test_find_bots_refuses_what_names_no_bot_precisely(tenhou, names, message: str):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")) as caught:
        riichi.find_bots(tenhou, names)
    assert "did you mean 'efficiency'" in str(caught.value) or names != [
        "random",
        "random",
        "random",
        "efficency",
    ]


class _Raising:
    def __init__(self, rs, rng) -> None:
        self.left = 3

    def choose(self, view, moves):
        self.left -= 1
        if self.left < 0:
            raise ZeroDivisionError("the bot's own bug")
        return moves[-1]


class _Illegal:
    def __init__(self, rs, rng) -> None:
        pass

    def choose(self, view, moves):
        return Move("discard", min(set(range(136)) - set(view.hand)))


class _HouseBots:
    """A plugin given to the loader: two broken bots, and one that tries to take a built-in name."""

    NAME = "house_bots"

    @staticmethod
    @hookimpl
    def yakuset_riichi_bots():
        return {"raising": _Raising, "illegal": _Illegal, "random": _Illegal}


def test_a_given_plugin_adds_bots_but_cannot_take_a_built_in_name():
    rs = yakuset.load_ruleset("tenhou", plugins=[_HouseBots])
    found = riichi.find_bots(rs, ["raising", "illegal", "random", "efficiency"])
    assert [(bot.name, bot.plugin) for bot in found] == [
        ("raising", "house_bots"),
        ("illegal", "house_bots"),
        ("random", "riichi_bots"),
        ("efficiency", "riichi_bots"),
    ]


def _snapshot(table: Table):
    return (table.to_move, table.legal_moves(), len(table.events), table.events[-1], table.state)


def test_a_bot_that_raises_is_one_plugin_error_naming_it_and_the_table_is_unchanged():
    rs = yakuset.load_ruleset("tenhou", plugins=[_HouseBots])
    bots = riichi.find_bots(rs, ["raising", "tsumogiri", "tsumogiri", "tsumogiri"])
    table = Table(rs, seed=3)
    made = [(bot, bot.factory(rs, random.Random(seat))) for seat, bot in enumerate(bots)]
    from yakuset.riichi.study.simulation import play_out

    with pytest.raises(PluginError) as caught:
        before = None
        original = made[0][1].choose

        def remembering(view, moves):
            nonlocal before
            before = _snapshot(table)
            return original(view, moves)

        made[0][1].choose = remembering
        play_out(table, made)
    message = str(caught.value)
    assert message == ("bot 'raising' (plugin 'house_bots') raised at seat 0: ZeroDivisionError: the bot's own bug")
    assert isinstance(caught.value.__cause__, ZeroDivisionError)
    assert _snapshot(table) == before and table.to_move == 0


def test_a_bot_that_answers_an_illegal_move_is_one_plugin_error_with_the_reason_and_the_table_is_unchanged():
    rs = yakuset.load_ruleset("tenhou", plugins=[_HouseBots])
    bots = riichi.find_bots(rs, ["illegal", "random", "random", "random"])
    table = Table(rs, seed=3)
    before = _snapshot(table)
    with pytest.raises(PluginError) as caught:
        riichi.play_game(rs, 3, bots)
    tile = min(set(range(136)) - set(table.view(0).hand))
    assert str(caught.value) == (
        f"bot 'illegal' (plugin 'house_bots') answered Move(kind='discard', tile={tile}, tiles=()) at seat 0: "
        f"IllegalMove: discard: {riichi.tile_name(tile >> 2)} (tile {tile}) is not in seat 0's hand"
    )
    # the same game played up to the refusal: the table the bot was asked at is as it was
    from yakuset.riichi.study.simulation import play_out

    made = [(bot, bot.factory(rs, random.Random(seat))) for seat, bot in enumerate(bots)]
    with pytest.raises(PluginError):
        play_out(table, made)
    assert _snapshot(table) == before


def _seen_through(view) -> set[int]:
    """Every wall tile a view's public surface shows."""
    seen = set(view.hand) | set(view.dora_indicators)
    if view.drawn is not None:
        seen.add(view.drawn)
    for discards in view.discards:
        seen |= set(discards)
    for melds in view.melds:
        for _, tiles in melds:
            seen |= set(tiles)
    for norths in view.kita:
        seen |= set(norths)
    for move in view.legal_moves():
        seen |= {move.tile} if move.tile is not None else set()
        seen |= set(move.tiles)
    return seen


#: What a View offers a bot: nothing here names another hand or the wall.
VIEW_SURFACE = {
    "seat",
    "hand",
    "counts",
    "shanten",
    "waits",
    "copies",
    "drawn",
    "discards",
    "melds",
    "kita",
    "riichi",
    "dora_indicators",
    "live_left",
    "state",
}


def test_a_bot_never_sees_another_hand_or_the_wall(tenhou):
    """At every decision of a whole game, each tile the deciding seat's view shows is in its own
    hand, a discard, a meld, a set-aside north or a dora indicator; never in another seat's hand or the wall."""
    table = Table(tenhou, seed=11)
    views = [table.view(seat) for seat in range(4)]
    assert {name for name in dir(views[0]) if not name.startswith("_")} == VIEW_SURFACE | {"legal_moves", "to_move"}
    rng = random.Random(5)
    decisions = 0
    while (seat := table.to_move) is not None:
        view = views[seat]
        seats = table._hand.seats
        hidden = set().union(*(seats[other].concealed for other in range(4) if other != seat))
        wall = table._hand.wall
        hidden |= set(wall.tiles) - set(seats[seat].concealed) - set(wall.dora_indicators)
        hidden -= {t for each in seats for t in each.discards}
        hidden -= {t for melds in view.melds for _, tiles in melds for t in tiles}  # called: shown
        shown = _seen_through(view)
        assert not shown & (hidden - set(view.hand)), (seat, shown & hidden)
        assert set(view.hand) == set(seats[seat].concealed)
        moves = table.legal_moves()
        table.play(moves[int(rng.random() * len(moves))])
        decisions += 1
        if decisions > 400:
            break
    assert decisions > 400


def test_a_views_counts_and_waits_are_its_hands(tenhou):
    """Through a whole game of efficiency bots (whose hands reach tenpai), each seat's view counts
    its hand by kind, and a closed hand of 13 waits on the tiles the oracle finds complete it."""
    from yakuset._plugins.riichi_bots import EfficiencyBot

    table = Table(tenhou, seed=3)
    views = [table.view(seat) for seat in range(4)]
    bots = [EfficiencyBot(tenhou, random.Random(seat)) for seat in range(4)]
    tenpai = 0
    while (seat := table.to_move) is not None and not table.hands:
        for view in views:
            tenpai += _check_counts_and_waits(view)
        table.play(bots[seat].choose(views[seat], table.legal_moves()))
    assert tenpai > 10


def _check_counts_and_waits(view) -> bool:
    """A view's counts are its hand's by kind, its copies four of each kind (tenhou removes none);
    a closed hand of 13 waits on the tiles with which the oracle finds it complete. Whether it
    was such a hand, tenpai."""
    counts = [0] * 34
    for tile in view.hand:
        counts[tile >> 2] += 1
    assert list(view.counts) == counts
    assert view.copies == b"\x04" * 34
    if len(view.hand) == 13 and not view.melds[view.seat]:
        waits = []
        for kind in range(34):
            if counts[kind] < 4:
                counts[kind] += 1
                if _oracle_shanten(counts) == -1:
                    waits.append(kind)
                counts[kind] -= 1
        assert view.waits == tuple(waits), (view.hand, view.waits)
        return bool(waits)
    return False


def _fake_view(hand: list[int], seen: list[int] = (), melds=((), (), (), ())):
    """What tile_efficiency reads of a view: seat 0's hand, the discards and indicators shown."""
    counts = bytearray(34)
    for tile in hand:
        counts[tile >> 2] += 1
    return types.SimpleNamespace(
        copies=b"\x04" * 34,
        counts=bytes(counts),
        hand=tuple(hand),
        melds=melds,
        discards=(tuple(seen), (), (), ()),
        dora_indicators=(),
        seat=0,
    )


def _oracle_shanten(counts: list[int]) -> int:
    return mahjong_shanten.Shanten().calculate_shanten(counts)


@pytest.mark.parametrize("seed", range(40))
def test_tile_efficiency_counts_as_the_mahjong_oracle_does(seed: int):
    """Random closed hands of 14 with random tiles seen: each discard's shanten is mahjong's, and
    its accepted tiles are the unseen copies of every tile with which mahjong's shanten drops."""
    rng = random.Random(seed)
    tiles = rng.sample(range(136), 14 + rng.randint(0, 30))
    hand, seen = tiles[:14], tiles[14:]
    counts = [0] * 34
    for tile in hand:
        counts[tile >> 2] += 1
    visible = list(counts)
    for tile in seen:
        visible[tile >> 2] += 1
    found = {e.kind: e for e in riichi.tile_efficiency(_fake_view(hand, seen))}
    assert set(found) == {kind for kind in range(34) if counts[kind]}
    expected = {}
    for kind in found:
        counts[kind] -= 1
        after = _oracle_shanten(counts)
        accepted = 0
        for other in range(34):
            if 4 - visible[other] + (other == kind) > 0 and counts[other] < 4:
                counts[other] += 1
                if _oracle_shanten(counts) < after:
                    accepted += 4 - visible[other] + (other == kind)
                counts[other] -= 1
        counts[kind] += 1
        expected[kind] = (after, accepted)
    lowest = min(after for after, _ in expected.values())
    for kind, e in found.items():
        after, accepted = expected[kind]
        assert e.shanten == after, (kind, e)
        if after == lowest:  # the bot counts the accepted tiles of its best discards only
            assert e.accepted == accepted, (kind, e, accepted)
    ranked = riichi.tile_efficiency(_fake_view(hand, seen))
    assert ranked[0].shanten == lowest
    assert ranked[0].accepted == max(accepted for after, accepted in expected.values() if after == lowest)


def test_the_honours_table_kind_by_kind_is_the_kernels_walk():
    """The shanten kernel and the efficiency count read the honours' table kind by kind (honours
    make no runs); walked as a suit without runs, it is the same table for every shape and limit."""
    from yakuset.riichi.tiles.shanten import _honours_table, _walk

    rng = random.Random(20261201)
    checked = 0
    for _ in range(3000):
        held = bytes(rng.choice((0, 0, 0, 1, 2, 3, 4)) for _ in range(7))
        limits = bytes(max(count, rng.choice((4, 4, 4, 3, 2, 1, 0))) for count in held)
        if any(held):
            assert _honours_table(held, limits) == _walk(held, limits, False), (held, limits)
            checked += 1
    assert checked > 2900
