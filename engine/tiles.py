"""Riichi tiles in mpsz notation, and the readings (decompositions) of a winning hand.

Tiles are numbered 0-33: ``0-8`` are 1m-9m, ``9-17`` 1p-9p, ``18-26`` 1s-9s, ``27-33`` the honours
1z-7z (east, south, west, north, white, green, red). ``0`` in mpsz (``0m``) is a red five.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .errors import InputError

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
HONOURS = frozenset(range(27, 34))
TERMINALS_AND_HONOURS = TERMINALS | HONOURS
GREENS = frozenset({19, 20, 21, 23, 25, GREEN})  # 2s 3s 4s 6s 8s and green dragon
#: The red fives: 5m, 5p, 5s (one red copy of each in a standard set).
FIVES = (4, 13, 22)
_SUITS = "mpsz"


def tile_name(tile: int) -> str:
    """``0`` -> ``1m``; ``27`` -> ``1z``."""
    return f"{tile % 9 + 1}{_SUITS[tile // 9]}"


def is_simple(tile: int) -> bool:
    return tile not in TERMINALS_AND_HONOURS


def suit(tile: int) -> int:
    """0 man, 1 pin, 2 sou, 3 honours."""
    return tile // 9


_PARSED: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}
_PARSED_GROUPS: dict[str, tuple[list[int], list[int]]] = {}
_WELL_FORMED = re.compile(r"(?:[0-9]+[mpsz])+")
_GROUPS_RE = re.compile(r"[0-9]+[mpsz]")
_PARSED_LIMIT = 4096
_TILE_OF = {f"{d}{letter}": _SUITS.index(letter) * 9 + int(d) - 1
            for letter in "mps" for d in "123456789"} | {f"{d}z": 27 + int(d) - 1 for d in "1234567"}


def parse_tiles_red(text: str) -> tuple[list[int], list[int]]:
    """Parse mpsz text into tile numbers and the list of red fives among them (as tile numbers,
    ``0p`` -> ``13``)."""
    known = _PARSED.get(text) if type(text) is str else None
    if known is not None:
        return list(known[0]), list(known[1])
    if not isinstance(text, str) or not text.strip():
        raise InputError(f"expected tiles in mpsz notation (like 123m456p), got {text!r}")
    tiles: list[int]
    red: list[int]
    if len(text) == 2 and text in _TILE_OF:  # one tile: the common case of win tiles and indicators
        tiles, red = [_TILE_OF[text]], []
    elif _WELL_FORMED.fullmatch(text) is not None:
        tiles, red = [], []
        for group in _GROUPS_RE.findall(text):  # "234m", "0p": each group read once, then remembered
            known_group = _PARSED_GROUPS.get(group)
            if known_group is None:
                known_group = _parse(group)
                if len(_PARSED_GROUPS) >= _PARSED_LIMIT:
                    _PARSED_GROUPS.clear()
                _PARSED_GROUPS[group] = known_group
            tiles += known_group[0]
            if known_group[1]:
                red += known_group[1]
    else:
        tiles, red = _parse(text)  # names what is wrong
    if len(text) <= 8:  # memoise short texts (tiles, melds, indicators), which recur
        if len(_PARSED) >= _PARSED_LIMIT:
            _PARSED.clear()
        _PARSED[text] = (tuple(tiles), tuple(red))
    return tiles, red


_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
_DIGITS = frozenset("0123456789")


def _parse(text: str) -> tuple[list[int], list[int]]:
    tiles: list[int] = []
    red: list[int] = []
    digits: list[str] = []
    for position, char in enumerate(text):
        if char in _DIGITS:
            digits.append(char)
            continue
        base = _SUIT_BASE.get(char)
        if base is None or not digits:
            if char == " ":
                continue
            rest = text[position - len(digits):].replace(" ", "")
            raise InputError(f"cannot read {rest!r} in {text!r}: write tiles like 123m456p789s11z")
        if base == 27:
            for digit in digits:
                if not "1" <= digit <= "7":
                    raise InputError(f"{digit}z is not a tile: honours are 1z-7z" if digit != "0" else
                                     "0z is not a tile: only fives (0m, 0p, 0s) can be red")
                tiles.append(base + ord(digit) - 49)
        else:
            for digit in digits:
                if digit == "0":
                    red.append(base + 4)
                    tiles.append(base + 4)
                else:
                    tiles.append(base + ord(digit) - 49)
        digits = []
    if digits:
        raise InputError(f"cannot read {''.join(digits)!r} in {text!r}: write tiles like 123m456p789s11z "
                         f"(a suit letter ends each group)")
    return tiles, red


def parse_tiles(text: str) -> tuple[list[int], int]:
    """Parse mpsz text (``123m0p55z``) into tile numbers and the count of red fives."""
    tiles, red = parse_tiles_red(text)
    return tiles, len(red)


@dataclass(frozen=True, slots=True)
class Meld:
    """A called or declared meld: ``chi``, ``pon``, ``kan`` (open) or ``ankan`` (closed kan).

    ``red`` counts the red fives in it; ``red_tiles`` names them (tile numbers of their fives)."""

    kind: str
    tiles: tuple[int, ...]
    red: int = 0
    red_tiles: tuple[int, ...] = ()

    @property
    def opened(self) -> bool:
        return self.kind != "ankan"


MELD_KINDS = ("chi", "pon", "kan", "ankan")


_MELDS: dict[tuple[str, str], Meld] = {}


def parse_meld(kind: str, text: str) -> Meld:
    """``("pon", "555z")`` -> a Meld, checked for shape."""
    key = (kind, text)
    try:
        known = _MELDS.get(key)
    except TypeError:  # unhashable input: let the checks below say what is wrong
        known = None
    if known is not None:
        return known
    meld = _parse_meld(kind, text)
    if len(_MELDS) >= _PARSED_LIMIT:
        _MELDS.clear()
    _MELDS[key] = meld
    return meld


def _parse_meld(kind: str, text: str) -> Meld:
    if kind not in MELD_KINDS:
        raise InputError(f"unknown meld kind {kind!r}: use chi, pon, kan (open) or ankan (closed)")
    tiles, red = parse_tiles_red(text)
    tiles.sort()
    if kind == "chi":
        if len(tiles) != 3 or suit(tiles[0]) == 3 or len({suit(t) for t in tiles}) != 1 or \
                tiles != [tiles[0], tiles[0] + 1, tiles[0] + 2]:
            raise InputError(f"a chi is three tiles in a row of one suit, got {text!r}")
    elif kind == "pon":
        if len(tiles) != 3 or len(set(tiles)) != 1:
            raise InputError(f"a pon is three identical tiles, got {text!r}")
    elif len(tiles) != 4 or len(set(tiles)) != 1:
        raise InputError(f"a kan is four identical tiles, got {text!r}")
    return Meld(kind, tuple(tiles), len(red), tuple(red))


# --- readings ----------------------------------------------------------------------------------

_KIND_TILES = {"triplet": 3, "kan": 4, "pair": 2}


@dataclass(frozen=True, slots=True)
class Group:
    """A set or the pair of a reading: ``run`` (``first`` is the lowest tile), ``triplet``, ``kan``
    or ``pair``. ``open`` is true for called melds, and for a triplet completed by ron; ``melded``
    is true for the melds given with the hand (closed kans included)."""

    kind: str
    first: int
    open: bool = False
    melded: bool = False

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == "run":
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,) * _KIND_TILES[self.kind]

    @property
    def is_set(self) -> bool:
        return self.kind != "pair"

    @property
    def is_triplet_like(self) -> bool:
        return self.kind in ("triplet", "kan")


class Reading(NamedTuple):
    """One way to read a winning hand (immutable).

    ``shape`` is ``standard`` (four sets and a pair, melds included), ``chiitoitsu`` (seven pairs)
    or ``kokushi``. ``wait`` is how the winning tile completed it: ``ryanmen``, ``kanchan``,
    ``penchan``, ``shanpon``, ``tanki``, or for kokushi ``kokushi`` / ``kokushi_13`` (13-sided).
    ``win_group`` is the index in ``groups`` of the group the winning tile completed (-1 for
    kokushi, which has no groups).
    """

    shape: str
    groups: tuple[Group, ...]
    wait: str
    win_group: int

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind != "pair")

    @property
    def pair(self) -> Group | None:
        if self.shape != "standard":
            return None
        for g in self.groups:
            if g.kind == "pair":
                return g
        return None


def counts34(tiles: Sequence[int]) -> list[int]:
    counts = [0] * 34
    for tile in tiles:
        counts[tile] += 1
    return counts


# Blocks are ints ``tile * 4 + type`` with the types ordered as the `mahjong` package orders them
# (kan 0, triplet 1, pair 2, run 3), so that sorting blocks and block lists gives the reading
# order that package uses to break ties between equally valued readings.
_KAN, _TRIPLET, _PAIR, _RUN = range(4)
_BLOCK_KIND = ("kan", "triplet", "pair", "run")
_SUIT_MEMOS: tuple[dict[bytes, tuple[tuple[int, ...], ...]], ...] = ({}, {}, {})
_SUIT_MEMO_LIMIT = 4096  # per suit; random hands show about 4,200 shapes per suit in 100,000
_EMPTY_SUIT = bytes(9)


def _suit_sets(counts: list[int], start: int, base: int, out: list[int], found: list[tuple[int, ...]]) -> None:
    """Every way to split one suit's ``counts`` (9 numbers) into runs and triplets."""
    while start < 9 and counts[start] == 0:
        start += 1
    if start == 9:
        found.append(tuple(out))
        return
    if start < 7 and counts[start + 1] and counts[start + 2]:
        counts[start] -= 1
        counts[start + 1] -= 1
        counts[start + 2] -= 1
        out.append((base + start) * 4 + _RUN)
        _suit_sets(counts, start, base, out, found)
        out.pop()
        counts[start] += 1
        counts[start + 1] += 1
        counts[start + 2] += 1
    if counts[start] >= 3:
        counts[start] -= 3
        out.append((base + start) * 4 + _TRIPLET)
        _suit_sets(counts, start + 1, base, out, found)
        out.pop()
        counts[start] += 3


def _suit_blocks(key: bytes, suit_index: int) -> tuple[tuple[int, ...], ...]:
    """The decompositions of one suit's counts (memoised), each a tuple of blocks; a suit of
    3n+2 tiles holds the pair, one of 3n+1 tiles has none."""
    memo = _SUIT_MEMOS[suit_index]
    found_memo = memo.get(key)
    if found_memo is not None:
        return found_memo
    base = suit_index * 9
    total = sum(key)
    found: list[tuple[int, ...]] = []
    counts = list(key)
    if total % 3 == 0:
        _suit_sets(counts, 0, base, [], found)
    elif total % 3 == 2:
        for pair in range(9):
            if counts[pair] >= 2:
                counts[pair] -= 2
                _suit_sets(counts, 0, base, [(base + pair) * 4 + _PAIR], found)
                counts[pair] += 2
    result = tuple(found)
    if len(memo) >= _SUIT_MEMO_LIMIT:
        memo.clear()
    memo[key] = result
    return result


_GROUPS: dict[tuple[int, bool, bool], Group] = {}


def _group(block: int, is_open: bool = False, melded: bool = False) -> Group:
    key = (block, is_open, melded)
    group = _GROUPS.get(key)
    if group is None:
        group = _GROUPS[key] = Group(_BLOCK_KIND[block & 3], block >> 2, is_open, melded)
    return group


_CONCEALED = [_group(block) for block in range(34 * 4)]  # the groups of concealed blocks, by block
_MELD_TYPE = {"chi": _RUN, "pon": _TRIPLET, "kan": _KAN, "ankan": _KAN}


def _meld_block(meld: Meld) -> int:
    return meld.tiles[0] * 4 + _MELD_TYPE[meld.kind]


_ORPHANS = tuple(sorted(TERMINALS_AND_HONOURS))


def _is_kokushi(counts: Sequence[int]) -> bool:
    product = 1
    for tile in _ORPHANS:
        product *= counts[tile]
    return product == 2 and sum(counts) == 14


def decompositions(concealed_counts: Sequence[int], melds: Sequence[Meld] = ()) -> list[tuple[int, ...]]:
    """Every way to read the concealed tiles as sets and one pair (or, with no melds, as seven
    distinct pairs), each a sorted tuple of blocks (``tile * 4 + kind``, kinds kan 0, triplet 1,
    pair 2, run 3) with the melds' blocks included; sorted as the `mahjong` package sorts them."""
    counts = concealed_counts
    combos: list[tuple[int, ...]] = []
    partial: list[list[int]] = [[_meld_block(m) for m in melds]]
    pairs = 0
    standard = True
    for suit_index in range(3):
        base = suit_index * 9
        key = bytes(counts[base:base + 9])
        if key == _EMPTY_SUIT:
            continue
        options = _suit_blocks(key, suit_index)
        if not options:
            standard = False
            break
        if sum(key) % 3 == 2:
            pairs += 1
        if len(options) == 1:
            only = options[0]
            for done in partial:
                done.extend(only)
        else:
            partial = [[*done, *option] for done in partial for option in options]
    if standard:
        for tile in range(27, 34):
            count = counts[tile]
            if count:
                if count == 3:
                    block = tile * 4 + _TRIPLET
                elif count == 2:
                    block = tile * 4 + _PAIR
                    pairs += 1
                else:
                    standard = False
                    break
                for done in partial:
                    done.append(block)
    if standard and pairs == 1:
        for blocks in partial:
            if len(blocks) == 5:
                blocks.sort()
                combos.append(tuple(blocks))
    if not melds and len(counts) == 34 and sum(1 for c in counts if c == 2) == 7:
        combos.append(tuple(t * 4 + _PAIR for t in range(34) if counts[t] == 2))
    if len(combos) > 1:
        combos.sort()
    return combos


def readings(concealed: Sequence[int], melds: Sequence[Meld], win: int, tsumo: bool,
             counts: Sequence[int] | None = None) -> list[Reading]:
    """Every lawful reading of a winning hand whose concealed tiles (win tile included) are
    ``concealed``: each decomposition, and in it each group the winning tile may have completed.
    A hand that cannot win returns an empty list. The order is the `mahjong` package's
    (decompositions sorted by their blocks, then the winning groups in block order), which breaks
    ties between equally valued readings. ``counts`` may give the 34-count of ``concealed``."""
    if counts is None:
        counts = [0] * 34
        for tile in concealed:
            counts[tile] += 1
    found: list[Reading] = []
    meld_blocks = [(_meld_block(m), m.opened) for m in melds]
    win_pair = win * 4 + _PAIR
    win_triplet = win * 4 + _TRIPLET
    for blocks in decompositions(counts, melds):
        if len(blocks) == 7:
            found.append(Reading("chiitoitsu", tuple(_CONCEALED[b] for b in blocks), "tanki",
                                 blocks.index(win_pair)))
            continue
        rest: Sequence[int]
        if meld_blocks:
            remaining = list(blocks)
            melded = []
            for block, is_open in meld_blocks:
                remaining.remove(block)
                melded.append(_group(block, is_open, True))
            rest = remaining
        else:
            rest = blocks
            melded = []
        groups = [_CONCEALED[b] for b in rest]
        offset = len(melded)
        previous = -1
        for index, block in enumerate(rest):
            if block == previous:  # identical blocks are adjacent: one winning group for them
                continue
            if block & 3 == _RUN:
                first = block >> 2
                if not first <= win <= first + 2:
                    continue
                wait = _run_wait(first, win)
                chosen = groups
            elif block == win_pair:
                wait = "tanki"
                chosen = groups
            elif block == win_triplet:
                wait = "shanpon"
                chosen = groups
                if not tsumo:  # completed by ron: counts as open
                    chosen = list(groups)
                    chosen[index] = _group(block, True)
            else:
                continue
            previous = block
            found.append(Reading("standard", (*melded, *chosen), wait, offset + index))
    if not melds and _is_kokushi(counts):
        # 13-sided: the winning tile is the orphan the hand held twice.
        found.append(Reading("kokushi", (), "kokushi_13" if counts[win] == 2 else "kokushi", -1))
    return found


def _run_wait(first: int, win: int) -> str:
    offset = win - first
    if offset == 1:
        return "kanchan"
    if (offset == 2 and first % 9 == 0) or (offset == 0 and first % 9 == 6):
        return "penchan"
    return "ryanmen"


def _wait_of(group: Group, win: int) -> str:
    if group.kind == "pair":
        return "tanki"
    if group.kind == "triplet":
        return "shanpon"
    return _run_wait(group.first, win)
