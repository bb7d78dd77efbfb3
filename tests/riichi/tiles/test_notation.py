"""Riichi tiles: mpsz parsing, melds, every reading of a winning hand and its wait, and the
errors a hand that no game can produce raises (engine/tiles.py, the input checks of
engine/hand.py)."""

from __future__ import annotations

import functools
import itertools
import random

import pytest
import yakuset
from yakuset import InputError
from yakuset.riichi import (
    Group,
    Meld,
    evaluate,
    parse_meld,
    parse_tiles,
    parse_tiles_red,
    tile_name,
)
from yakuset.riichi.tiles.notation import read_hand
from yakuset.riichi.tiles.readings import decompositions, readings


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


def tiles(text: str) -> list[int]:
    return parse_tiles(text)[0]


def one(text: str) -> int:
    (tile,) = tiles(text)
    return tile


# --- parsing ---------------------------------------------------------------------------------


def test_mpsz_numbers_tiles_0_to_33():
    assert tiles("1m9m1p9p1s9s") == [0, 8, 9, 17, 18, 26]
    assert tiles("1234567z") == list(range(27, 34))
    assert [tile_name(t) for t in range(0, 34, 8)] == ["1m", "9m", "8p", "7s", "6z"]


def test_digits_before_a_suit_letter_all_belong_to_it():
    assert tiles("123m456p") == [0, 1, 2, 12, 13, 14]
    assert tiles("11 22z") == [27, 27, 28, 28]  # spaces are ignored


def test_red_fives_are_written_0_and_counted():
    assert parse_tiles("0m05p") == ([4, 13, 13], 2)
    assert parse_tiles_red("0m50s") == ([4, 22, 22], [4, 22])


@pytest.mark.parametrize(
    "text, named",
    [
        ("8z", "8z is not a tile"),
        ("0z", "0z is not a tile"),
        ("123", "cannot read '123'"),
        ("12x", "cannot read"),
        ("", "expected tiles"),
        ("  ", "expected tiles"),
        ("m123", "cannot read"),
    ],
)
def test_unreadable_tiles_are_refused(text, named):
    with pytest.raises(InputError, match=named):
        parse_tiles(text)


def test_non_text_tiles_are_refused():
    with pytest.raises(InputError, match="mpsz"):
        parse_tiles(123)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    ["234m456p23456788s", "1112345678999m", "1m2p3m", "11 22z", "0m05p550s", "123m456p789s1122z", "19m19p19s1234567z"],
)
def test_reading_a_hand_counts_the_tiles_the_plain_parser_reads(text):
    numbers, reds = parse_tiles_red(text)
    tiles_read, reds_read, counts = read_hand(text)
    assert (list(tiles_read), list(reds_read)) == (numbers, reds)
    assert list(counts) == [numbers.count(tile) for tile in range(34)]


def test_reading_a_hand_counts_random_texts_as_the_plain_parser_does():
    rng = random.Random(20261201)
    for _ in range(2000):
        groups = [
            "".join(rng.choice("1234567" if letter == "z" else "0123456789") for _ in range(rng.randint(1, 6))) + letter
            for letter in rng.choices("mpsz", k=rng.randint(1, 5))
        ]
        text = "".join(groups)
        numbers, reds = parse_tiles_red(text)
        tiles_read, reds_read, counts = read_hand(text)
        assert (list(tiles_read), list(reds_read)) == (numbers, reds), text
        assert list(counts) == [numbers.count(tile) for tile in range(34)], text


@pytest.mark.parametrize(
    "text, named", [("8z", "8z is not a tile"), ("123m0z", "0z is not a tile"), ("12x", "cannot read")]
)
def test_reading_a_hand_refuses_what_the_plain_parser_refuses(text, named):
    with pytest.raises(InputError, match=named):
        read_hand(text)


# --- melds -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, text, expected",
    [
        ("chi", "312m", (0, 1, 2)),
        ("chi", "789s", (24, 25, 26)),
        ("pon", "555z", (31, 31, 31)),
        ("kan", "1111p", (9, 9, 9, 9)),
        ("ankan", "9999s", (26, 26, 26, 26)),
    ],
)
def test_melds_are_read_and_sorted(kind, text, expected):
    meld = parse_meld(kind, text)
    assert meld.tiles == expected
    assert meld.opened is (kind != "ankan")


def test_a_meld_remembers_its_red_five():
    meld = parse_meld("chi", "406p")
    assert (meld.tiles, meld.red, meld.red_tiles) == ((12, 13, 14), 1, (13,))


@pytest.mark.parametrize(
    "kind, text, named",
    [
        ("chi", "123z", "three tiles in a row"),
        ("chi", "135m", "three tiles in a row"),
        ("chi", "12m3p", "three tiles in a row"),
        ("chi", "1234m", "three tiles in a row"),
        ("chi", "891m", "three tiles in a row"),
        ("pon", "112m", "three identical"),
        ("pon", "1111m", "three identical"),
        ("kan", "111m", "four identical"),
        ("ankan", "1112m", "four identical"),
        ("daiminkan", "1111m", "unknown meld"),
    ],
)
def test_misshapen_melds_are_refused(kind, text, named):
    with pytest.raises(InputError, match=named):
        parse_meld(kind, text)


# --- decompositions ----------------------------------------------------------------------------


def blocks(found):
    """Decompositions as readable lists: 111m triplet -> ('1m', 'triplet')."""
    kinds = ("kan", "triplet", "pair", "run")
    return [[(tile_name(b >> 2), kinds[b & 3]) for b in combo] for combo in found]


def counts(text: str) -> list[int]:
    found = [0] * 34
    for tile in tiles(text):
        found[tile] += 1
    return found


def test_decompositions_match_the_mahjong_packages_order():
    # The `mahjong` docstring: 11122233388899m reads as triplets first, then as three 123 runs.
    assert blocks(decompositions(counts("11122233388899m"))) == [
        [("1m", "triplet"), ("2m", "triplet"), ("3m", "triplet"), ("8m", "triplet"), ("9m", "pair")],
        [("1m", "run"), ("1m", "run"), ("1m", "run"), ("8m", "triplet"), ("9m", "pair")],
    ]


def test_ryanpeikou_shape_reads_as_seven_pairs_too():
    found = blocks(decompositions(counts("11223344556677m")))
    assert len(found) == 4
    assert [(f"{n}m", "pair") for n in range(1, 8)] in found
    assert [("1m", "run"), ("1m", "run"), ("4m", "run"), ("4m", "run"), ("7m", "pair")] in found


def test_four_of_a_tile_are_not_two_pairs():
    found = decompositions(counts("11112233445566m"))
    assert blocks(found) == [[("1m", "pair"), ("1m", "run"), ("1m", "run"), ("4m", "run"), ("4m", "run")]]


def test_melds_join_the_decomposition():
    found = blocks(decompositions(counts("234p789s55z"), [parse_meld("chi", "789p"), parse_meld("kan", "2222m")]))
    assert found == [[("2m", "kan"), ("2p", "run"), ("7p", "run"), ("7s", "run"), ("5z", "pair")]]


def test_decompositions_agree_with_mahjongs_divider_on_random_hands():
    pytest.importorskip("mahjong")
    from mahjong.hand_calculating.divider import HandDivider
    from mahjong.meld import Meld as TheirMeld

    from ...oracles.hand_corpus import cases

    kinds = {0: "kan", 1: "triplet", 2: "pair", 3: "run"}
    for case in itertools.islice(cases(99), 1500):
        melds = [parse_meld(kind, text) for kind, text in case.melds]
        mine = decompositions(counts(case.hand), melds)
        theirs_melds = [
            TheirMeld(
                {"chi": TheirMeld.CHI, "pon": TheirMeld.PON}.get(kind, TheirMeld.KAN),
                tiles=list(ids),
                opened=kind != "ankan",
            )
            for kind, ids in case.melds136
        ]
        every = [0] * 34
        for tile in case.tiles136:
            every[tile // 4] += 1
        theirs = HandDivider.divide_hand(every, theirs_melds)
        ours = [[list(Group(kinds[b & 3], b >> 2).tiles) for b in combo] for combo in mine]
        assert ours == theirs, case.describe()


# --- readings and waits ---------------------------------------------------------------------------


def read(hand: str, win: str, melds=(), tsumo=False):
    return readings(tiles(hand), [parse_meld(k, t) for k, t in melds], one(win), tsumo)


def waits(hand: str, win: str, **kwargs) -> list[str]:
    return [r.wait for r in read(hand, win, **kwargs)]


@pytest.mark.parametrize(
    "hand, win, expected",
    [
        ("234m456p789s11z345s", "3s", ["ryanmen"]),
        ("234m456p789s11z345s", "4s", ["kanchan"]),
        ("234m456p789s11z123s", "3s", ["penchan"]),
        ("234m456p123s11z789s", "7s", ["penchan"]),
        ("234m456p123s11z789s", "9s", ["ryanmen"]),
        ("234m456p789s11z555s", "5s", ["shanpon"]),
        ("234m456p789s123s11z", "1z", ["tanki"]),
    ],
)
def test_each_wait_is_named(hand, win, expected):
    assert waits(hand, win) == expected


def test_a_tile_completing_two_groups_gives_a_reading_for_each():
    # 45666p won on 6p: it completed the 456 run (45 waiting on 3-6) or the 66 pair
    found = read("123m789m123s45666p", "6p")
    assert [r.wait for r in found] == ["ryanmen", "tanki"]
    assert found[0].groups == found[1].groups
    assert [found[0].groups[found[0].win_group].kind, found[1].groups[found[1].win_group].kind] == ["run", "pair"]


def test_a_triplet_completed_by_ron_is_open_and_by_tsumo_closed():
    (ron,) = read("234m456p789s11z555s", "5s")
    (tsumo,) = read("234m456p789s11z555s", "5s", tsumo=True)
    assert ron.groups[ron.win_group] == Group("triplet", one("5s"), open=True)
    assert tsumo.groups[tsumo.win_group] == Group("triplet", one("5s"), open=False)


def test_identical_runs_give_one_winning_group():
    found = read("223344m456p789s11z", "4m")
    assert [r.wait for r in found] == ["ryanmen"]


def test_seven_pairs_is_a_tanki_reading():
    found = read("1133557799m1122z", "2z")
    assert [(r.shape, r.wait) for r in found] == [("chiitoitsu", "tanki")]
    assert found[0].groups[found[0].win_group] == Group("pair", one("2z"))
    assert found[0].pair is None and len(found[0].sets) == 0


def test_kokushi_and_its_13_sided_wait():
    assert [(r.shape, r.wait) for r in read("119m19p19s1234567z", "9m")] == [("kokushi", "kokushi")]
    assert [(r.shape, r.wait) for r in read("119m19p19s1234567z", "1m")] == [("kokushi", "kokushi_13")]


def test_melds_are_groups_of_the_reading():
    (reading,) = read("234m11z789s", "4m", melds=[("pon", "777z"), ("ankan", "1111p")])
    kinds = sorted((g.kind, g.open, g.melded) for g in reading.groups)
    assert kinds == [
        ("kan", False, True),
        ("pair", False, False),
        ("run", False, False),
        ("run", False, False),
        ("triplet", True, True),
    ]
    assert reading.pair == Group("pair", one("1z"))
    assert len(reading.sets) == 4


def test_a_hand_that_cannot_win_has_no_reading():
    assert read("123m456p789s1z2z33z", "3z") == []
    assert read("1234m456p789s11z2z", "2z") == []


def test_readings_come_in_the_mahjong_packages_order():
    # triplets first (their blocks sort before runs), then in block order the winning groups
    found = read("111222333m456p55s", "3m")
    assert [r.wait for r in found] == ["shanpon", "penchan"]
    assert Meld("pon", (0, 0, 0)).opened


# --- input errors ---------------------------------------------------------------------------------


def refused(hand: str = "234m456p789s11z345s", **kwargs) -> str:
    kwargs.setdefault("win", "3s")
    with pytest.raises(InputError) as info:
        evaluate(ruleset("tenhou"), hand, **kwargs)
    message = str(info.value)
    assert message and "\n" not in message
    return message


@pytest.mark.parametrize(
    "hand, kwargs, named",
    [
        ("234m456p789s11111z", {"win": "1z"}, "5 copies of 1z"),
        ("234m456p789s11z345s", {"win": "3s", "melds": [("pon", "111z")]}, "needs 11 concealed tiles"),
        ("234m456p789s11z45s", {"win": "3s"}, "needs 14 concealed tiles"),
        ("234m456p789s11z345s", {"win": "6s"}, "not among the concealed tiles"),
        ("234m456p789s11z345s", {"win": "3s4s"}, "win must be one tile"),
        ("234m456p789s11z345s", {"win": "0s"}, "red five"),
        ("234m406p789s11z340s", {"win": "3s", "melds": [("chi", "406m")]}, "needs 11"),
        ("23m4m456p789s11z345s", {"win": "3s", "dora_indicators": ["1z", "1z", "1z"]}, "5 copies of 1z"),
        ("234m456p789s11z345s", {"win": "3s", "dora_indicators": ["1m2m"]}, "one tile"),
        ("234m456p789s11z345s", {"win": "3s", "dora_indicators": ["1m"] * 6}, "at most 5"),
        ("234m456p789s11z345s", {"win": "3s", "ura_indicators": ["1m"]}, "only for riichi"),
        (
            "234m456p789s11z345s",
            {"win": "3s", "riichi": True, "dora_indicators": ["1m"], "ura_indicators": ["2m", "3m"]},
            "more ura dora indicators",
        ),
        ("234m456p789s11z345s", {"win": "3s", "seat_wind": "up"}, "seat_wind must be"),
        ("234m456p789s11z345s", {"win": "3s", "round_wind": 1}, "round_wind must be"),
        ("234m456p789s11z345s", {"win": "3s", "riichi": 1}, "riichi must be true or false"),
        ("234m456p789s11z345s", {"win": "3s", "furiten": True}, "unknown flag"),
        ("234m456p789s11z345s", {"win": "3s", "honba": -1}, "honba must be"),
        ("234m456p789s11z345s", {"win": "3s", "riichi_sticks": 1.5}, "riichi_sticks must be"),
        ("11z", {"win": "1z", "melds": [("pon", "222z")] * 5}, "at most four melds"),
        ("234m456p789s11z345s", {"win": "3s", "melds": "pon 555z"}, "melds must be a list"),
        ("234m456p789s11z", {"win": "3s", "melds": [("pon",)]}, "a meld is a (kind, tiles) pair"),
        ("234m456p789s11z", {"win": "3s", "melds": [("daiminkan", "5555s")]}, "unknown meld kind"),
        ("234m456p789s12z345s", {"win": "3s"}, "not a winning hand"),
    ],
)
def test_hands_no_game_can_produce_are_refused(hand, kwargs, named):
    assert named in refused(hand, **kwargs)


def test_two_red_fives_of_one_suit_are_refused():
    message = refused("234m456p11z340s", win="3s", melds=[("chi", "406s")])
    assert "2 red 5s" in message


@pytest.mark.parametrize(
    "flags, named",
    [
        ({"riichi": True, "double_riichi": True}, "riichi and double riichi"),
        ({"ippatsu": True}, "ippatsu without riichi"),
        ({"chankan": True, "tsumo": True}, "chankan with tsumo"),
        ({"rinshan": True}, "rinshan without tsumo"),
        ({"rinshan": True, "tsumo": True}, "rinshan without a kan"),
        ({"haitei": True}, "haitei without tsumo"),
        ({"houtei": True, "tsumo": True}, "houtei with tsumo"),
        ({"chankan": True, "houtei": True}, "houtei with chankan"),
        ({"tenhou": True, "tsumo": True, "seat_wind": "south"}, "tenhou for a non-dealer"),
        ({"chihou": True, "tsumo": True, "seat_wind": "east"}, "chihou for the dealer"),
        ({"renhou": True, "seat_wind": "east"}, "renhou for the dealer"),
        ({"tenhou": True, "seat_wind": "east"}, "tenhou or chihou without tsumo"),
        ({"renhou": True, "tsumo": True, "seat_wind": "west"}, "renhou with tsumo"),
        ({"tenhou": True, "tsumo": True, "riichi": True, "seat_wind": "east"}, "with riichi"),
        (
            {"tenhou": True, "tsumo": True, "haitei": True, "seat_wind": "east"},
            "with rinshan, chankan, haitei or houtei",
        ),
        ({"chihou": True, "renhou": True, "seat_wind": "west"}, "more than one of"),
    ],
)
def test_contradictory_flags_are_refused(flags, named):
    assert named in refused(**flags)


def test_riichi_with_an_open_hand_is_refused():
    assert "riichi with an open hand" in refused("456p789s11z345s", win="3s", melds=[("chi", "234m")], riichi=True)


def test_first_turn_wins_with_a_meld_are_refused():
    message = refused(
        "456p789s11z345s", win="3s", melds=[("ankan", "2222m")], tenhou=True, tsumo=True, seat_wind="east"
    )
    assert "with a meld" in message


def test_ippatsu_with_rinshan_is_refused():
    # any kan ends ippatsu, and rinshan is the tile drawn after declaring one
    message = refused(
        "456p789s11z345s", win="3s", melds=[("ankan", "2222m")], rinshan=True, tsumo=True, riichi=True, ippatsu=True
    )
    assert "ippatsu with rinshan" in message


def test_haitei_with_rinshan_is_refused():
    message = refused("456p789s11z345s", win="3s", melds=[("ankan", "2222m")], rinshan=True, haitei=True, tsumo=True)
    assert "haitei with rinshan" in message


def test_chankan_on_a_tile_the_hand_holds_twice_is_refused():
    # the robbed tile is the fourth copy: the other three are in the kan being added
    assert "another copy of the robbed tile" in refused("234m456p789s11z335s", win="3s", chankan=True)
    assert "another copy" in refused("234m456p789s11z345s", win="3s", chankan=True, dora_indicators=["3s"])


@pytest.mark.parametrize(
    ("given", "named"),
    [
        ({"dora_indicators": -1}, r"dora indicators must be a list of tiles like \['1m', '5z'\], got -1"),
        ({"ura_indicators": 7, "riichi": True}, r"ura dora indicators must be a list of tiles .*, got 7"),
    ],
)
def test_indicators_that_are_not_a_list_are_refused_by_name(given, named):
    rs = yakuset.load_ruleset("tenhou")
    with pytest.raises(InputError, match=named):
        yakuset.riichi.evaluate(rs, "234m456p789s11z345s", win="3s", tsumo=True, **given)


def test_evaluate_arguments_name_every_keyword_evaluate_takes_besides_the_flags():
    import inspect

    keywords = [
        name
        for name, parameter in inspect.signature(yakuset.riichi.evaluate).parameters.items()
        if parameter.kind is not inspect.Parameter.VAR_KEYWORD and name != "rs"
    ]
    assert list(yakuset.riichi.EVALUATE_ARGUMENTS) == keywords
