"""Riichi tiles: their numbers and names, mpsz notation, and melds.

Tiles are numbered 0-33: ``0-8`` are 1m-9m, ``9-17`` 1p-9p, ``18-26`` 1s-9s, ``27-33`` the honours
1z-7z (east, south, west, north, white, green, red). ``0`` in mpsz (``0m``) is a red five.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..._core.arguments import shown
from ..._core.errors import InputError
from ..._core.memo import memo, remembered

#: The longest tile text read (a hand of 18 tiles with spaces is far shorter).
MAX_TEXT = 200

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
    if type(tile) is not int or not 0 <= tile < 34:
        raise InputError(f"a tile is a number 0-33, got {tile!r}")
    return f"{tile % 9 + 1}{_SUITS[tile // 9]}"


def is_simple(tile: int) -> bool:
    """Whether ``tile`` is a simple (2-8 of a suit)."""
    return tile not in TERMINALS_AND_HONOURS


def suit(tile: int) -> int:
    """0 man, 1 pin, 2 sou, 3 honours."""
    return tile // 9


#: Text whose every group names real tiles (``0z``, ``8z`` are not): read by translation.
_WELL_FORMED = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)+")
_GROUPS_RE = re.compile(r"([0-9]+)([mpsz])")
_GROUP_RE = re.compile(r"[0-9]+[mpsz]")
#: Per suit letter: the digits' tile numbers as a byte translation (``0`` is the red five), and
#: the number of that five.
_DIGITS_OF = {
    letter: (bytes.maketrans(b"0123456789", bytes([base + 4, *range(base, base + 9)])), base + 4)
    for letter, base in (("m", 0), ("p", 9), ("s", 18), ("z", 27))
}
TILE_OF = {f"{d}{letter}": _SUITS.index(letter) * 9 + int(d) - 1 for letter in "mps" for d in "123456789"} | {
    f"{d}z": 27 + int(d) - 1 for d in "1234567"
}
"""Every plain tile's mpsz name -> its number (``"1z"`` -> ``27``); red fives are not in it."""

Parsed = tuple[tuple[int, ...], tuple[int, ...]]


def parse_tiles_red(text: str) -> tuple[list[int], list[int]]:
    """Parse mpsz text into tile numbers and the list of red fives among them (as tile numbers,
    ``0p`` -> ``13``)."""
    tiles, red = read_tiles(text)
    return list(tiles), list(red)


def read_tiles(text: str) -> Parsed:
    """:func:`parse_tiles_red` as tuples (shared: short texts are remembered)."""
    if type(text) is str and len(text) <= 8:  # tiles, melds and indicators recur: remember them
        return _parse_short(text)
    return _parse_text(text)


@remembered("riichi", "parsed texts", 4096)
def _parse_short(text: str) -> Parsed:
    return _parse_text(text)


def _parse_text(text: str) -> Parsed:
    if not isinstance(text, str) or not text.strip():
        raise InputError(f"expected tiles in mpsz notation (like 123m456p), got {shown(text)}")
    if len(text) > MAX_TEXT:
        raise InputError(f"tiles in mpsz notation are at most {MAX_TEXT} characters here, got {len(text):,}")
    if len(text) == 2 and text in TILE_OF:  # one tile: the common case of win tiles and indicators
        return (TILE_OF[text],), ()
    if _WELL_FORMED.fullmatch(text) is None:
        listed, listed_red = _parse(text)  # names what is wrong (or reads spaces between groups)
        return tuple(listed), tuple(listed_red)
    numbers = b""
    red: tuple[int, ...] = ()
    for digits, letter in _GROUPS_RE.findall(text):  # ("234", "m"): each digit to its tile, in C
        tiles, reds = _group_tiles(digits, letter)
        numbers += tiles
        red += reds
    return tuple(numbers), red


def _group_tiles(digits: str, letter: str) -> tuple[bytes, tuple[int, ...]]:
    """The tiles of one well-formed group (``"2340"``, ``"m"``) and the red fives among them."""
    table, five = _DIGITS_OF[letter]
    return digits.encode("ascii").translate(table), (five,) * digits.count("0")


_SUIT_INDEX = {"m": 0, "p": 1, "s": 2, "z": 3}
_NO_TILES = (bytes(9), bytes(9), bytes(9), bytes(7))


def _suit_group(group: str) -> tuple[bytes, tuple[int, ...], int, bytes] | None:
    """One group of mpsz text (``"23455m"``): its tiles, its red fives, its suit (0-3) and the
    counts of the suit's nine (seven for honours) tiles; ``None`` for honours that are no tiles
    (``0z``, ``8z``)."""
    digits, letter = group[:-1], group[-1]
    if letter == "z" and not "1" <= min(digits) <= max(digits) <= "7":
        return None
    tiles, reds = _group_tiles(digits, letter)
    suit = _SUIT_INDEX[letter]
    counts = bytearray(len(_NO_TILES[suit]))
    for tile in tiles:  # at most MAX_TEXT digits: every count fits in a byte
        counts[tile - suit * 9] += 1
    return tiles, reds, suit, bytes(counts)


#: Each group of mpsz text read (``"23455m"``, by :func:`_suit_group`): one suit's digits recur
#: far more often than whole hands.
GROUPS = memo("riichi", "parsed suit groups", 4096)
_groups_get = GROUPS.get


def read_hand(text: str) -> tuple[tuple[int, ...], tuple[int, ...], bytes]:
    """:func:`read_tiles` with the count of each of the 34 tiles (``counts[tile]``, as bytes)."""
    if type(text) is str and len(text) <= MAX_TEXT:
        keys = list(_NO_TILES)
        tiles = b""
        reds: tuple[int, ...] = ()
        seen = 0
        for group_text in _GROUP_RE.findall(text):
            group = _groups_get(group_text)
            if group is None:
                group = _suit_group(group_text)
                if group is not None:
                    GROUPS.put(group_text, group)
            if group is None or seen >> group[2] & 1:  # not a tile, or a suit written twice (``1m2p3m``)
                break
            group_tiles, group_reds, suit, key = group
            seen |= 1 << suit
            keys[suit] = key
            tiles += group_tiles
            if group_reds:
                reds += group_reds
        else:
            # Each group is its digits and a letter: together they are the whole text only if
            # nothing else (spaces, stray letters) was in it.
            if tiles and len(tiles) + seen.bit_count() == len(text):
                return tuple(tiles), reds, b"".join(keys)
    numbers, red = _parse_text(text)  # names what is wrong, or reads the text's other forms
    return numbers, red, tile_counts(numbers)


def tile_counts(tiles: Iterable[int]) -> bytes:
    """The count of each of the 34 tiles among ``tiles`` (``counts[tile]``)."""
    counts = bytearray(34)
    for tile in tiles:
        counts[tile] += 1
    return bytes(counts)


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
            rest = text[position - len(digits) :].replace(" ", "")
            raise InputError(f"cannot read {rest!r} in {text!r}: write tiles like 123m456p789s11z")
        if base == 27:
            for digit in digits:
                if not "1" <= digit <= "7":
                    raise InputError(
                        f"{digit}z is not a tile: honours are 1z-7z"
                        if digit != "0"
                        else "0z is not a tile: only fives (0m, 0p, 0s) can be red"
                    )
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
        raise InputError(
            f"cannot read {''.join(digits)!r} in {text!r}: write tiles like 123m456p789s11z "
            f"(a suit letter ends each group)"
        )
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


def parse_meld(kind: str, text: str) -> Meld:
    """``("pon", "555z")`` -> a Meld, checked for shape."""
    if type(kind) is str and type(text) is str:
        return _parse_meld_once(kind, text)
    return _parse_meld(kind, text)  # names what is wrong


@remembered("riichi", "melds", 4096)
def _parse_meld_once(kind: str, text: str) -> Meld:
    return _parse_meld(kind, text)


def _parse_meld(kind: str, text: str) -> Meld:
    if kind not in MELD_KINDS:
        raise InputError(f"unknown meld kind {kind!r}: use chi, pon, kan (open) or ankan (closed)")
    numbers, red = _parse_text(text)  # not the short texts' memo: the melds' memo holds the result
    tiles = sorted(numbers)
    if kind == "chi":
        # Three in a row of one suit: the first is no honour and starts a run within its nine.
        if len(tiles) != 3 or tiles[0] >= 27 or tiles[0] % 9 > 6 or tiles != [tiles[0], tiles[0] + 1, tiles[0] + 2]:
            raise InputError(f"a chi is three tiles in a row of one suit, got {text!r}")
    elif kind == "pon":
        if len(tiles) != 3 or tiles[0] != tiles[2]:
            raise InputError(f"a pon is three identical tiles, got {text!r}")
    elif len(tiles) != 4 or tiles[0] != tiles[3]:
        raise InputError(f"a kan is four identical tiles, got {text!r}")
    return Meld(kind, tuple(tiles), len(red), red)
