"""The wall of a hand (``yakuset.riichi.table.wall``): the tile set of each rule set, the seeded
shuffle written down in docs/rules/riichi-table.md §5, given (rigged) walls, the dead wall's
layout, the deal, replacement draws and the kan dora revealed when each rule set says."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest
import yakuset
from hypothesis import given, settings, strategies as st
from yakuset import InputError
from yakuset.riichi.table.wall import SplitMix64, Wall, is_red, shuffle, tile_label, tile_set

from ...helpers import examples

TENHOU = yakuset.load_ruleset("tenhou")
SANMA = yakuset.load_ruleset("tenhou-sanma")
EMA = yakuset.load_ruleset("ema-2025")
JPML = yakuset.load_ruleset("jpml-a")
RULESETS = {"tenhou": TENHOU, "tenhou-sanma": SANMA, "ema-2025": EMA, "jpml-a": JPML}


def rules(rs: yakuset.RuleSet) -> object:
    return yakuset.riichi.rules_of(rs).table


# --- the generator and the shuffle, against their published definitions ----------------------


def test_splitmix64_gives_the_reference_outputs_for_state_0() -> None:
    # The first outputs of Vigna's reference splitmix64.c (prng.di.unimi.it) from state 0.
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(4)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
        0xF88BB8A8724C81EC,
    ]


def test_shuffle_is_fisher_yates_from_the_last_place_down() -> None:
    # Three items: place 2 swaps with output 1 mod 3 (2^64 mod 3 = 1, so only 2^64 - 1 would be
    # drawn again), then place 1 with output 2 mod 2.
    first, second = 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4
    expected = ["a", "b", "c"]
    j = first % 3
    expected[2], expected[j] = expected[j], expected[2]
    j = second % 2
    expected[1], expected[j] = expected[j], expected[1]
    assert shuffle(["a", "b", "c"], SplitMix64(0)) == expected  # type: ignore[arg-type]


def test_a_seeded_wall_is_the_ascending_set_shuffled_from_the_seeds_blake2b_digest() -> None:
    state = int.from_bytes(hashlib.blake2b(b"-7", digest_size=8).digest(), "big")
    ascending = sorted(Wall.shuffled(TENHOU, -7).tiles)
    assert Wall.shuffled(TENHOU, -7).tiles == tuple(shuffle(ascending, SplitMix64(state)))


# --- the tile sets ---------------------------------------------------------------------------


def test_four_players_have_136_tiles_and_tenhou_one_red_five_per_suit() -> None:
    table = rules(TENHOU)
    tiles = tile_set(table)  # type: ignore[arg-type]
    assert len(tiles) == 136 and tiles == tuple(range(136))
    # Tenhou's logs number the red fives 16, 52 and 88: each five's lowest copy.
    assert [t for t in tiles if is_red(table, t)] == [16, 52, 88]  # type: ignore[arg-type]
    assert [t for t in tiles if is_red(rules(EMA), t)] == []  # type: ignore[arg-type]


def test_three_players_have_108_tiles_without_2m_to_8m() -> None:
    table = rules(SANMA)
    tiles = tile_set(table)  # type: ignore[arg-type]
    assert len(tiles) == 108
    assert not [t for t in tiles if 1 <= t >> 2 <= 7]
    assert [tile_label(table, t) for t in tiles if is_red(table, t)] == ["0p", "0s"]  # type: ignore[arg-type]


# --- properties --------------------------------------------------------------------------------

seeds = st.integers(min_value=-(2**64) + 1, max_value=2**64 - 1)


@settings(max_examples=examples(60), deadline=None)
@given(seed=seeds, name=st.sampled_from(sorted(RULESETS)))
def test_a_seeded_wall_is_the_tile_set_and_the_same_for_the_same_seed(seed: int, name: str) -> None:
    rs = RULESETS[name]
    wall = Wall.shuffled(rs, seed)
    assert sorted(wall.tiles) == list(tile_set(rules(rs)))  # type: ignore[arg-type]
    assert Wall.shuffled(rs, seed).tiles == wall.tiles


@settings(max_examples=examples(60), deadline=None)
@given(
    seed=seeds,
    name=st.sampled_from(sorted(RULESETS)),
    dealer=st.integers(0, 3),
    actions=st.lists(st.sampled_from(["draw", "replacement", "closed kan", "open kan", "discard"]), max_size=120),
)
def test_every_tile_is_accounted_for_whatever_is_drawn(seed: int, name: str, dealer: int, actions: list[str]) -> None:
    rs = RULESETS[name]
    wall = Wall.shuffled(rs, seed)
    players = rules(rs).players  # type: ignore[attr-defined]
    hands = wall.deal(dealer % players)
    taken = [t for hand in hands for t in hand]
    kans = 0
    for action in actions:
        if action == "draw" and wall.live_left:
            taken.append(wall.draw())
        elif action == "replacement" and wall.live_left and wall.replacements_drawn < 8:
            taken.append(wall.replacement())
        elif action.endswith("kan") and kans < 4:
            kans += 1
            wall.kan(closed=action == "closed kan")
        elif action == "discard":
            wall.discarded()
        # Drawn tiles, the live wall left and the dead wall are the wall, each tile once.
        assert Counter(taken) + Counter(wall.live) + Counter(wall.dead) == Counter(wall.tiles)
        assert len(set(taken)) == len(taken)
        assert len(wall.dead) == wall.rules.dead_wall
        assert set(wall.dora_indicators + wall.ura_indicators) <= set(wall.dead)


# --- a rigged wall: the layout, the deal, the dead wall ------------------------------------------


def ascending_names(rs: yakuset.RuleSet) -> list[str]:
    table = rules(rs)
    return [tile_label(table, t) for t in tile_set(table)]  # type: ignore[arg-type]


def test_the_deal_is_four_tiles_a_seat_three_times_from_the_dealer_then_one_each() -> None:
    wall = Wall.given(TENHOU, list(range(136)))
    hands = wall.deal(dealer=1)
    # Seats 1, 2, 3, 0 take 0-3, 4-7, 8-11, 12-15, then 16-19 ..., then one each: 48, 49, 50, 51.
    assert hands[1] == (0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48)
    assert hands[0] == (12, 13, 14, 15, 28, 29, 30, 31, 44, 45, 46, 47, 51)
    assert wall.draw() == 52  # the dealer's fourteenth tile
    assert wall.live_left == 136 - 14 - 53  # 69: 70 draws after the deal, the dealer's first among them


def test_the_dead_wall_holds_replacements_then_indicators_from_the_far_end() -> None:
    wall = Wall.given(TENHOU, list(range(136)))
    # Far end first: replacement tiles 135, 134, 133, 132; the dora indicator 131 over its ura 130.
    assert wall.dora_indicators == (131,)
    assert wall.ura_indicators == (130,)
    wall.deal(0)
    assert wall.replacement() == 135
    assert wall.live_left == 136 - 14 - 52 - 1  # the live wall's last tile joined the dead wall
    assert [wall.replacement() for _ in range(3)] == [134, 133, 132]
    # The fifth replacement (three players' kita after four kans) is the first tile that joined.
    assert wall.replacement() == 121


def test_the_last_live_tile_is_the_haitei_and_then_the_wall_is_empty() -> None:
    wall = Wall.given(SANMA, ascending_names(SANMA))
    wall.deal(0)
    assert wall.live_left == 108 - 14 - 39
    drawn = [wall.draw() for _ in range(wall.live_left)]
    assert drawn[-1] == wall.tiles[108 - 14 - 1]
    with pytest.raises(InputError, match="the live wall is empty"):
        wall.draw()
    with pytest.raises(InputError, match="no replacement draw"):
        wall.replacement()


@pytest.mark.parametrize(
    ("rs", "closed", "at_once", "after_replacement", "after_discard"),
    [
        # tenhou: a closed kan's indicator at once, an open kan's after its discard.
        (TENHOU, True, 2, 2, 2),
        (TENHOU, False, 1, 1, 2),
        # ema-2025: both at once.
        (EMA, False, 2, 2, 2),
        # jpml-a: no kan dora.
        (JPML, True, 1, 1, 1),
    ],
    ids=["tenhou closed", "tenhou open", "ema open", "jpml-a"],
)
def test_kan_dora_is_revealed_when_the_rule_set_says(
    rs: yakuset.RuleSet, closed: bool, at_once: int, after_replacement: int, after_discard: int
) -> None:
    wall = Wall.given(rs, ascending_names(rs))
    wall.deal(0)
    wall.draw()
    wall.kan(closed=closed)
    assert len(wall.dora_indicators) == at_once
    wall.replacement()
    assert len(wall.dora_indicators) == after_replacement
    wall.discarded()
    assert len(wall.dora_indicators) == after_discard


def test_a_second_kan_reveals_the_first_kans_indicator_still_due() -> None:
    wall = Wall.given(TENHOU, list(range(136)))
    wall.deal(0)
    wall.draw()
    wall.kan(closed=False)  # due after the discard
    wall.replacement()
    wall.kan(closed=True)  # on the replacement tile, before discarding: both are shown
    assert wall.dora_indicators == (131, 129, 127)
    assert wall.ura_indicators == (130, 128, 126)  # tenhou has kan ura


def test_ura_indicators_follow_ura_dora_and_kan_ura() -> None:
    wall = Wall.given(JPML, ascending_names(JPML))
    assert wall.ura_indicators == ()  # jpml-a: no ura dora


# --- bad input -------------------------------------------------------------------------------


def names_with(rs: yakuset.RuleSet, index: int, name: str) -> list[str]:
    names = ascending_names(rs)
    names[index] = name
    return names


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Wall.given(TENHOU, list(range(135))), r"the wall has 135 tiles; 'tenhou''s set has 136"),
        (lambda: Wall.given(TENHOU, "1m2m3m"), r"a wall is a sequence of tiles"),
        (lambda: Wall.given(TENHOU, [*range(135), 0]), r"wall tile 0 \(1m\) is in the wall twice"),
        (lambda: Wall.given(TENHOU, [*range(135), 136]), r"wall tile 136 is not a tile"),
        (
            lambda: Wall.given(SANMA, [4, 1, 2, 3, *range(32, 136)]),
            r"wall tile 4 is 2m, not in 'tenhou-sanma''s tiles \(tiles.removed\)",
        ),
        (
            lambda: Wall.given(SANMA, names_with(SANMA, 0, "2m")),
            r"not 'tenhou-sanma''s tile set: 3 × 1m, the set has 4; 1 × 2m: not in the set \(tiles.removed\)",
        ),
        (
            lambda: Wall.given(EMA, names_with(EMA, 16, "0m")),
            r"1 × 0m: the set has no red fives in m \(tiles.red_fives.m\); 3 × 5m, the set has 4",
        ),
        (lambda: Wall.given(TENHOU, names_with(TENHOU, 0, "1x")), r"one mpsz name like '1m' or '0p'"),
        (lambda: Wall.shuffled(TENHOU, 1.5), r"seed"),
        (lambda: Wall.shuffled(TENHOU, 2**64), r"seed"),
        (lambda: Wall.shuffled(yakuset.load_ruleset("nintendo"), 1), r"Riichi"),
        (lambda: Wall.given(TENHOU, list(range(136))).deal(4), r"dealer must be a seat from 0 to 3, got 4"),
        (lambda: Wall.given(SANMA, ascending_names(SANMA)).deal(3), r"dealer must be a seat from 0 to 2, got 3"),
    ],
)
def test_bad_walls_and_arguments_are_input_errors_naming_what_is_wrong(make: object, message: str) -> None:
    with pytest.raises(InputError, match=message):
        make()  # type: ignore[operator]


def test_a_wall_is_dealt_once_and_a_fifth_kan_has_no_indicator() -> None:
    wall = Wall.given(TENHOU, list(range(136)))
    wall.deal(0)
    with pytest.raises(InputError, match="dealt from already"):
        wall.deal(0)
    for _ in range(4):
        wall.kan(closed=True)
    assert len(wall.dora_indicators) == 5
    with pytest.raises(InputError, match="at most four kans"):
        wall.kan(closed=True)
    assert len(wall.dora_indicators) == 5  # unchanged
    late = Wall.given(TENHOU, list(range(136)))
    for _ in range(4):
        late.kan(closed=False)  # each open kan's indicator waits for its discard, then the next kan shows it
    with pytest.raises(InputError, match="at most four kans"):
        late.kan(closed=False)
    assert late.dora_indicators == (131, 129, 127, 125)  # the fourth is still due
    late.discarded()
    assert late.dora_indicators == (131, 129, 127, 125, 123)
