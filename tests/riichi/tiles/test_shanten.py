"""Shanten and waits (``yakuset.riichi.shanten``, ``waits``) against two independent engines.

riichienv 0.4.11's ``calculate_shanten`` / ``calculate_shanten_3p`` (a table-based count in Rust)
and mahjong 2.1.0's ``Shanten`` (a search in Python) give the shanten; riichienv's
``HandEvaluator(3P).get_waits`` and mahjong's shanten of the hand with each tile added give the
waits. Neither oracle is told the melds' tiles (riichienv takes the concealed tiles only): where a
meld holds copies of a tile the hand needs, ours counts them and the oracles do not, and each such
difference is checked to be exactly that (the same hand with melds sharing no tile agrees).
"""

from __future__ import annotations

import random

import pytest
import yakuset
from yakuset import InputError

from ... import helpers

riichienv = pytest.importorskip("riichienv", reason="the riichienv oracle is a test extra (pip install -e .[test])")
mahjong_shanten = pytest.importorskip("mahjong.shanten", reason="the mahjong oracle is a test extra")
Shanten = mahjong_shanten.Shanten

shanten = yakuset.riichi.shanten
waits = yakuset.riichi.waits
MAN_2_TO_8 = range(1, 8)


def mpsz(counts: list[int]) -> str:
    out = ""
    for suit, letter in enumerate("mpsz"):
        digits = "".join(str(i + 1) * counts[suit * 9 + i] for i in range(9 if suit < 3 else 7))
        if digits:
            out += digits + letter
    return out


def ids_136(counts: list[int]) -> list[int]:
    return [tile * 4 + copy for tile, held in enumerate(counts) for copy in range(held)]


def oracle_shanten(counts: list[int], three: bool) -> tuple[int, int]:
    ids = ids_136(counts)
    theirs = riichienv.calculate_shanten_3p(ids) if three else riichienv.calculate_shanten(ids)
    return theirs, Shanten.calculate_shanten(counts, is_three_player=three)


def seeded_hands(seed: int, count: int, three: bool) -> list[tuple[list[int], list[tuple[str, str]]]]:
    """Hands drawn from a shuffled set: 13 or 14 tiles; a fifth of them with 1-4 melds (pon or
    kan from the set; chi at four players) and the rest of the tiles concealed."""
    rng = random.Random(seed)
    kinds = [t for t in range(34) if not (three and t in MAN_2_TO_8)]
    hands = []
    for _ in range(count):
        left = dict.fromkeys(kinds, 4)
        melds: list[tuple[str, str]] = []
        if rng.random() < 0.2:
            for _ in range(rng.randint(1, 4)):
                tile = rng.choice(kinds)
                if not three and tile < 27 and tile % 9 < 7 and rng.random() < 0.5:
                    run = (tile, tile + 1, tile + 2)
                    if all(left[t] for t in run):
                        for t in run:
                            left[t] -= 1
                        melds.append(("chi", mpsz([run.count(t) for t in range(34)])))
                        continue
                size = 4 if rng.random() < 0.2 else 3
                if left[tile] >= size:
                    left[tile] -= size
                    melds.append(("kan" if size == 4 else "pon", mpsz([size if t == tile else 0 for t in range(34)])))
        pool = [t for t, n in left.items() for _ in range(n)]
        size = 13 - 3 * len(melds) + rng.randint(0, 1)
        counts = [0] * 34
        for tile in rng.sample(pool, size):
            counts[tile] += 1
        hands.append((counts, melds))
    return hands


def disjoint_melds(counts: list[int], melds: list[tuple[str, str]], three: bool) -> list[tuple[str, str]]:
    """As many pons, of tiles the hand does not hold (nor its melds), as ``melds``."""
    used = {t for _, text in melds for t in yakuset.riichi.parse_tiles(text)[0]}
    free = [t for t in range(34) if not counts[t] and t not in used and not (three and t in MAN_2_TO_8)]
    return [("pon", mpsz([3 if t == tile else 0 for t in range(34)])) for tile in free[: len(melds)]]


def check_shanten_against_oracles(hands: list[tuple[list[int], list[tuple[str, str]]]], three: bool) -> None:
    ruleset = yakuset.load_ruleset("tenhou-sanma") if three else None
    for counts, melds in hands:
        ours = shanten(mpsz(counts), melds, ruleset=ruleset)
        theirs, mahjong = oracle_shanten(counts, three)
        assert theirs == mahjong, (mpsz(counts), melds)
        if ours != theirs:
            # Only a meld's copies of a tile the hand needs may make the difference.
            assert melds, (mpsz(counts), ours, theirs)
            assert ours > theirs
            assert shanten(mpsz(counts), disjoint_melds(counts, melds, three), ruleset=ruleset) == theirs


@pytest.mark.parametrize("three", [False, True], ids=["four players", "three players"])
def test_shanten_agrees_with_riichienv_and_mahjong_on_500_seeded_hands(three: bool) -> None:
    check_shanten_against_oracles(seeded_hands(26, 500, three), three)


@pytest.mark.slow
@pytest.mark.parametrize("three", [False, True], ids=["four players", "three players"])
def test_shanten_agrees_with_riichienv_and_mahjong_on_100000_seeded_hands(three: bool) -> None:
    check_shanten_against_oracles(seeded_hands(2026, 100_000, three), three)


def tenpai_hands(seed: int, count: int, three: bool) -> list[tuple[list[int], list[tuple[str, str]]]]:
    """Complete hands of four sets and a pair (some sets called), one concealed tile taken away:
    mostly tenpai, some waiting only on a tile they hold four of."""
    rng = random.Random(seed)
    suits = [1, 2] if three else [0, 1, 2]
    hands = []
    while len(hands) < count:
        counts = [0] * 34
        blocks = []
        for _ in range(4):
            if rng.random() < 0.6 and not three:
                first = rng.choice(suits) * 9 + rng.randrange(7)
                blocks.append(("chi", (first, first + 1, first + 2)))
            else:
                tile = rng.choice([t for t in range(34) if not (three and t in MAN_2_TO_8)])
                blocks.append(("pon", (tile,) * 3))
        pair = rng.choice([t for t in range(34) if not (three and t in MAN_2_TO_8)])
        for _, tiles in blocks:
            for t in tiles:
                counts[t] += 1
        counts[pair] += 2
        if max(counts) > 4:
            continue
        called = rng.randint(0, 2)
        melds = [(kind, mpsz([tiles.count(t) for t in range(34)])) for kind, tiles in blocks[:called]]
        for _, tiles in blocks[:called]:
            for t in tiles:
                counts[t] -= 1
        concealed = [t for t in range(34) for _ in range(counts[t])]
        counts[rng.choice(concealed)] -= 1
        hands.append((counts, melds))
    return hands


@pytest.mark.parametrize("three", [False, True], ids=["four players", "three players"])
def test_waits_agree_with_riichienv_and_mahjong_on_150_tenpai_hands(three: bool) -> None:
    check_waits_against_oracles(tenpai_hands(7, 150, three), three)


@pytest.mark.slow
@pytest.mark.parametrize("three", [False, True], ids=["four players", "three players"])
def test_waits_agree_with_riichienv_and_mahjong_on_2000_tenpai_hands(three: bool) -> None:
    check_waits_against_oracles(tenpai_hands(2026, 2000, three), three)


def closed_special_hands(seed: int, count: int, three: bool) -> list[tuple[list[int], list[tuple[str, str]]]]:
    """Closed hands of 13 near seven pairs (six pairs and a single, a pair sometimes a third
    copy) or the thirteen orphans (twelve or thirteen of them, one doubled, sometimes one
    swapped for a middle tile): tenpai on the special shapes, some not, some standard too."""
    rng = random.Random(seed)
    kinds = [t for t in range(34) if not (three and t in MAN_2_TO_8)]
    orphans = [t for t in (0, 8, 9, 17, 18, 26, *range(27, 34))]
    hands = []
    while len(hands) < count:
        counts = [0] * 34
        if rng.random() < 0.5:
            for tile in rng.sample(kinds, 6):
                counts[tile] += 2
            counts[rng.choice(kinds)] += 1
        else:
            chosen = rng.sample(orphans, rng.choice((12, 13)))
            for tile in chosen:
                counts[tile] += 1
            if len(chosen) == 12:
                counts[rng.choice(chosen)] += 1
            if rng.random() < 0.2:
                counts[rng.choice(chosen)] -= 1
                counts[rng.choice([t for t in kinds if t not in orphans])] += 1
        if max(counts) <= 4 and not any(counts[t] for t in range(34) if t not in kinds):
            hands.append((counts, []))
    return hands


@pytest.mark.parametrize("three", [False, True], ids=["four players", "three players"])
def test_waits_of_seven_pairs_and_thirteen_orphans_shapes_agree_with_riichienv_and_mahjong(three: bool) -> None:
    hands = closed_special_hands(11, 300, three)
    assert sum(bool(waits(mpsz(counts))) for counts, _ in hands) > 150  # most of them tenpai
    check_waits_against_oracles(hands, three)


def check_waits_against_oracles(hands: list[tuple[list[int], list[tuple[str, str]]]], three: bool) -> None:
    ruleset = yakuset.load_ruleset("tenhou-sanma") if three else None
    kinds = [t for t in range(34) if not (three and t in MAN_2_TO_8)]
    for counts, melds in hands:
        meld_copies = [0] * 34
        for _, text in melds:
            for t in yakuset.riichi.parse_tiles(text)[0]:
                meld_copies[t] += 1
        ours = waits(mpsz(counts), melds, ruleset=ruleset)
        # mahjong: the tiles with which the hand is complete, of which a copy is left.
        completing = []
        for tile in kinds:
            if counts[tile] + meld_copies[tile] < 4:
                grown = [*counts]
                grown[tile] += 1
                if Shanten.calculate_shanten(grown, is_three_player=three) == -1:
                    completing.append(yakuset.riichi.tile_name(tile))
        assert ours == tuple(completing), (mpsz(counts), melds)
        assert bool(ours) == (shanten(mpsz(counts), melds, ruleset=ruleset) == 0)
        if not melds:
            evaluator = riichienv.HandEvaluator3P if three else riichienv.HandEvaluator
            theirs = tuple(yakuset.riichi.tile_name(t) for t in sorted(evaluator(ids_136(counts)).get_waits()))
            assert ours == theirs, mpsz(counts)


# Hands whose numbers are stated by the oracles' documentation, checked here by hand as well.
@pytest.mark.parametrize(
    ("hand", "melds", "expected"),
    [
        ("123456789m1234p", (), 0),  # 1p-4p: a run and a tanki either way
        ("11112222333344m", (), -1),  # 111 222 333 44 / 123 123 123 44 ...: complete
        ("1111m234p567p789s", (), 1),  # 111m + a 1m tanki: the fifth 1m does not exist
        ("19m19p19s1234567z", (), 0),  # thirteen orphans, 13-sided
        ("1122334455667z", (), 0),  # seven pairs, waiting on 7z
        ("1122334455667m", (), 0),  # seven pairs, or 123 123 455 667...: tenpai
        ("13579m13579p135s", (), 4),  # four kanchan (13 57 of m and p), no pair: 8 - 4
        ("1m", [("pon", "111z"), ("pon", "222z"), ("pon", "333z"), ("pon", "444z")], 0),
        ("1m", [("pon", "111m"), ("pon", "222z"), ("pon", "333z"), ("pon", "444z")], 1),
        ("1m", [("kan", "1111p"), ("pon", "222z"), ("pon", "333z"), ("pon", "444z")], 0),
    ],
)
def test_shanten_of_hands_worked_by_hand(hand: str, melds: list[tuple[str, str]], expected: int) -> None:
    counts = [0] * 34
    for t in yakuset.riichi.parse_tiles(hand)[0]:
        counts[t] += 1
    if not melds:  # the oracles take a closed hand as it is
        assert oracle_shanten(counts, False) == (expected, expected)
    assert shanten(hand, melds) == expected


def test_waits_name_each_completing_tile_and_none_held_four_times() -> None:
    assert waits("123456789m1234p") == ("1p", "4p")
    assert waits("19m19p19s1234567z") == ("1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z")
    assert waits("1111m234p567p789s") == ()  # only the fifth 1m would complete it
    assert waits("1m", [("pon", "111m"), ("pon", "222z"), ("pon", "333z"), ("pon", "444z")]) == ()
    assert waits("2223m", [("pon", "111z"), ("pon", "555z"), ("pon", "666z")]) == ("1m", "3m", "4m")


def test_three_players_have_no_2m_to_8m() -> None:
    sanma = yakuset.load_ruleset("tenhou-sanma")
    assert waits("1m123p456p789s111z", ruleset=sanma) == ("1m",)
    assert waits("19m19p19s1234566z", ruleset=sanma) == ("7z",)  # thirteen orphans at three players too
    with pytest.raises(InputError, match=r"2m in the hand is not in this rule set's tiles"):
        shanten("12m123p456p789s111z", ruleset=sanma)
    with pytest.raises(InputError, match=r"has no chi"):
        shanten("1p", [("chi", "123p"), ("pon", "111z"), ("pon", "222z"), ("pon", "333z")], ruleset=sanma)
    # riichienv and mahjong agree: in three players "1111m111122233z" is one shanten further away.
    assert shanten("1111m111122233z", ruleset=sanma) == 2
    assert shanten("1111m111122233z") == 1


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: shanten("123m"), r"shanten: the hand needs 13 or 14 concealed tiles, got 3"),
        (lambda: waits("123456789m12345p"), r"waits: the hand needs 13 concealed tiles, got 14"),
        (
            lambda: shanten("123m", [("pon", "111z")]),
            r"shanten: with 1 meld\(s\) the hand needs 10 or 11 concealed tiles, got 3",
        ),
        (lambda: shanten("11111m23456789p"), r"5 copies of 1m in the hand: there are only four"),
        (lambda: shanten("11m234567p789s11z", [("pon", "111m")]), r"5 copies of 1m in the hand and its melds"),
        (lambda: shanten("123x"), r"cannot read"),
        (lambda: shanten(123), r"expected tiles in mpsz notation"),  # type: ignore[arg-type]
        (lambda: shanten("1m", "pon"), r"melds must be a list"),
        (lambda: shanten("1m", [("pon", "123m")] * 4), r"a pon is three identical tiles"),
        (lambda: shanten("123456789m1234p", ruleset=yakuset.load_ruleset("nintendo")), r"Riichi"),
    ],
)
def test_bad_input_is_an_input_error_naming_it(call: object, message: str) -> None:
    with pytest.raises(InputError, match=message):
        call()  # type: ignore[operator]


def _split_suit(rng: random.Random) -> tuple[bytes, bytes]:
    """A suit's counts and limits shaped where reading by groups could go wrong: two groups of
    tiles two or three empty places apart, with fewer copies left of the places between (a
    meld's tile, a removed tile)."""
    counts, limits = [0] * 9, [4] * 9
    first = rng.randrange(0, 4)
    gap = rng.choice((2, 3))
    second = min(8, first + rng.randrange(1, 3) + gap)
    for place in range(first, second - gap):
        counts[place] = rng.choice((1, 1, 2, 3, 4))
    for place in range(second, min(9, second + rng.randrange(1, 4))):
        counts[place] = rng.choice((1, 1, 2, 3))
    for place in range(9):
        if not counts[place]:
            limits[place] = rng.choice((4, 3, 2, 1, 0))
    return bytes(counts), bytes(limits)


def test_a_suit_read_group_by_group_is_the_whole_suit_walked_under_any_limits() -> None:
    """The shanten kernel reads a suit by its groups of tiles, each walked alone; the walk of the
    whole suit (the definition) gives the same table for any counts and copies left: plain
    shapes, and groups whose runs could share a place with fewer than four copies left (3,000
    shapes in a whole run, a quarter of them in the quick run)."""
    from yakuset.riichi.tiles.shanten import _by_groups, _walk

    rng = random.Random(20261202)
    shapes = [_split_suit(rng) for _ in range(helpers.examples(1500))]
    for _ in range(helpers.examples(1500)):
        counts = bytes(rng.choice((0, 0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(9))
        shapes.append((counts, bytes(max(held, rng.choice((4, 4, 4, 3, 2, 1, 0))) for held in counts)))
    for counts, limits in shapes:
        if any(counts) and sum(counts) <= 14:
            assert _by_groups(counts, limits) == _walk(counts, limits, True), (counts, limits)


_ORPHANS = {0, 8, 9, 17, 18, 26, *range(27, 34)}


def test_each_discards_shanten_and_accepted_tiles_are_counted_hand_by_hand() -> None:
    """``discard_efficiency`` reads a drawn tile's effect from its suit's gains; counted hand by
    hand instead (``shanten_of`` of each hand of 13 a discard leaves, and of each hand of 14 a
    tile drawn after it makes), each discard's shanten is the same, and so are the tiles the
    lowest discards accept among those it counts (a tile within two of one held in its suit, an
    honour held, an orphan of a closed hand): random hands with 0-3 melds, copies taken away and
    copies left."""
    from yakuset.riichi.tiles.shanten import discard_efficiency, shanten_of

    rng = random.Random(20261207)
    for _ in range(helpers.examples(1200)):
        melds = rng.choice((0, 0, 1, 2, 3))
        limits = bytearray(b"\x04" * 34)
        for _ in range(rng.randint(0, 6)):
            limits[rng.randrange(34)] = rng.randint(0, 3)
        if rng.random() < 0.5:  # a hand of few kinds: runs, sets and pairs
            pool = [kind for kind in rng.sample(range(34), 9) for _ in range(limits[kind])]
        else:
            pool = [kind for kind in range(34) for _ in range(limits[kind])]
        hand = bytearray(34)
        for kind in rng.sample(pool, 14 - 3 * melds):
            hand[kind] += 1
        left = bytes(rng.randint(0, 4) for _ in range(34))
        found = discard_efficiency(bytes(hand), bytes(limits), melds, left)
        assert [kind for kind, _, _ in found] == [kind for kind in range(34) if hand[kind]]
        expected = {}
        for kind, _, _ in found:
            hand[kind] -= 1
            after = shanten_of(bytes(hand), bytes(limits), melds)
            accepted = 0
            for tile in range(34):
                near = any(
                    hand[held] and (held == tile or (tile < 27 and held // 9 == tile // 9 and abs(held - tile) <= 2))
                    for held in range(34)
                )
                if (near or (not melds and tile in _ORPHANS)) and hand[tile] < limits[tile]:
                    hand[tile] += 1
                    accepted += left[tile] if shanten_of(bytes(hand), bytes(limits), melds) < after else 0
                    hand[tile] -= 1
            hand[kind] += 1
            expected[kind] = (after, accepted)
        lowest = min(after for after, _ in expected.values())
        for kind, after, accepted in found:
            assert after == expected[kind][0], (bytes(hand), kind)
            assert accepted == (expected[kind][1] if after == lowest else 0), (bytes(hand), kind)
