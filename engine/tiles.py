"""Riichi tiles in mpsz notation, and the readings (decompositions) of a winning hand.

Tiles are numbered 0-33: ``0-8`` are 1m-9m, ``9-17`` 1p-9p, ``18-26`` 1s-9s, ``27-33`` the honours
1z-7z (east, south, west, north, white, green, red). ``0`` in mpsz (``0m``) is a red five.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .errors import InputError

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
HONOURS = frozenset(range(27, 34))
TERMINALS_AND_HONOURS = TERMINALS | HONOURS
GREENS = frozenset({19, 20, 21, 23, 25, GREEN})  # 2s 3s 4s 6s 8s and green dragon
_SUITS = "mpsz"
_GROUP = re.compile(r"([0-9]+)([mpsz])")


def tile_name(tile: int) -> str:
    """``0`` -> ``1m``; ``27`` -> ``1z``."""
    return f"{tile % 9 + 1}{_SUITS[tile // 9]}"


def is_simple(tile: int) -> bool:
    return tile not in TERMINALS_AND_HONOURS


def suit(tile: int) -> int:
    """0 man, 1 pin, 2 sou, 3 honours."""
    return tile // 9


def parse_tiles(text: str) -> tuple[list[int], int]:
    """Parse mpsz text (``123m0p55z``) into tile numbers and the count of red fives."""
    if not isinstance(text, str) or not text.strip():
        raise InputError(f"expected tiles in mpsz notation (like 123m456p), got {text!r}")
    compact = text.replace(" ", "")
    tiles: list[int] = []
    red = 0
    position = 0
    for match in _GROUP.finditer(compact):
        if match.start() != position:
            break
        position = match.end()
        digits, letter = match.groups()
        base = _SUITS.index(letter) * 9
        for digit in digits:
            number = int(digit)
            if letter == "z" and not 1 <= number <= 7:
                raise InputError(f"{digit}z is not a tile: honours are 1z-7z")
            if number == 0:
                if letter == "z":
                    raise InputError("0z is not a tile: only fives (0m, 0p, 0s) can be red")
                red += 1
                number = 5
            tiles.append(base + number - 1)
    if position != len(compact):
        raise InputError(f"cannot read {compact[position:]!r} in {text!r}: write tiles like 123m456p789s11z")
    return tiles, red


@dataclass(frozen=True, slots=True)
class Meld:
    """A called or declared meld: ``chi``, ``pon``, ``kan`` (open) or ``ankan`` (closed kan)."""

    kind: str
    tiles: tuple[int, ...]
    red: int = 0

    @property
    def opened(self) -> bool:
        return self.kind != "ankan"


def parse_meld(kind: str, text: str) -> Meld:
    """``("pon", "555z")`` -> a Meld, checked for shape."""
    tiles, red = parse_tiles(text)
    tiles.sort()
    if kind == "chi":
        if len(tiles) != 3 or suit(tiles[0]) == 3 or len({suit(t) for t in tiles}) != 1 or \
                tiles != [tiles[0], tiles[0] + 1, tiles[0] + 2]:
            raise InputError(f"a chi is three tiles in a row of one suit, got {text!r}")
    elif kind == "pon":
        if len(tiles) != 3 or len(set(tiles)) != 1:
            raise InputError(f"a pon is three identical tiles, got {text!r}")
    elif kind in ("kan", "ankan"):
        if len(tiles) != 4 or len(set(tiles)) != 1:
            raise InputError(f"a kan is four identical tiles, got {text!r}")
    else:
        raise InputError(f"unknown meld kind {kind!r}: use chi, pon, kan (open) or ankan (closed)")
    return Meld(kind, tuple(tiles), red)


# --- readings ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Group:
    """A set or the pair of a reading: ``run`` (``first`` is the lowest tile), ``triplet``, ``kan``
    or ``pair``. ``open`` is true for called melds, and for a triplet completed by ron."""

    kind: str
    first: int
    open: bool = False
    melded: bool = False

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == "run":
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,) * {"triplet": 3, "kan": 4, "pair": 2}[self.kind]

    @property
    def is_set(self) -> bool:
        return self.kind != "pair"

    @property
    def is_triplet_like(self) -> bool:
        return self.kind in ("triplet", "kan")


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a winning hand.

    ``shape`` is ``standard`` (four sets and a pair, melds included), ``chiitoitsu`` (seven pairs)
    or ``kokushi``. ``wait`` is how the winning tile completed it: ``ryanmen``, ``kanchan``,
    ``penchan``, ``shanpon``, ``tanki``, or for kokushi ``kokushi`` / ``kokushi_13`` (13-sided).
    ``win_group`` is the index of the group the winning tile completed (-1 for kokushi).
    """

    shape: str
    groups: tuple[Group, ...]
    wait: str
    win_group: int

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.is_set)

    @property
    def pair(self) -> Group | None:
        pairs = [g for g in self.groups if g.kind == "pair"]
        return pairs[0] if self.shape == "standard" and pairs else None


def counts34(tiles: Sequence[int]) -> list[int]:
    counts = [0] * 34
    for tile in tiles:
        counts[tile] += 1
    return counts


def _decompose(counts: list[int], start: int) -> Iterator[list[tuple[str, int]]]:
    """Every way to split ``counts`` into runs and triplets (no pair)."""
    while start < 34 and counts[start] == 0:
        start += 1
    if start == 34:
        yield []
        return
    if counts[start] >= 3:
        counts[start] -= 3
        for rest in _decompose(counts, start):
            yield [("triplet", start), *rest]
        counts[start] += 3
    if start < 27 and start % 9 <= 6 and counts[start + 1] and counts[start + 2]:
        counts[start] -= 1
        counts[start + 1] -= 1
        counts[start + 2] -= 1
        for rest in _decompose(counts, start):
            yield [("run", start), *rest]
        counts[start] += 1
        counts[start + 1] += 1
        counts[start + 2] += 1


def _standard(counts: list[int], sets: int) -> Iterator[tuple[int, list[tuple[str, int]]]]:
    for pair in range(34):
        if counts[pair] >= 2:
            counts[pair] -= 2
            for split in _decompose(counts, 0):
                if len(split) == sets:
                    yield pair, split
            counts[pair] += 2


def _is_chiitoitsu(counts: list[int]) -> bool:
    return sum(1 for c in counts if c == 2) == 7


def _is_kokushi(counts: list[int]) -> bool:
    orphans = sorted(TERMINALS_AND_HONOURS)
    return all(counts[t] >= 1 for t in orphans) and sum(counts[t] for t in orphans) == 14 and sum(counts) == 14


def readings(concealed: Sequence[int], melds: Sequence[Meld], win: int, tsumo: bool) -> list[Reading]:
    """Every lawful reading of a winning hand whose concealed tiles (win tile included) are
    ``concealed``. A hand that cannot win returns an empty list."""
    counts = counts34(concealed)
    found: list[Reading] = []
    meld_groups = [Group("run" if m.kind == "chi" else "triplet" if m.kind == "pon" else "kan",
                         m.tiles[0], open=m.opened, melded=True) for m in melds]
    if not melds and _is_kokushi(counts):
        # 13-sided: the winning tile is the orphan the hand held twice.
        found.append(Reading("kokushi", (), "kokushi_13" if counts[win] == 2 else "kokushi", -1))
    if not melds and _is_chiitoitsu(counts):
        pairs = tuple(Group("pair", t) for t in range(34) if counts[t] == 2)
        index = next(i for i, g in enumerate(pairs) if g.first == win)
        found.append(Reading("chiitoitsu", pairs, "tanki", index))
    seen = set()
    for pair, split in _standard(counts, 4 - len(melds)):
        concealed_groups = [Group(kind, first) for kind, first in split] + [Group("pair", pair)]
        for index, group in enumerate(concealed_groups):
            if win not in group.tiles:
                continue
            wait = _wait_of(group, win)
            groups = list(concealed_groups)
            if group.kind == "triplet" and not tsumo:
                groups[index] = Group("triplet", group.first, open=True)  # completed by ron: counts as open
            key = (tuple(sorted((g.kind, g.first, g.open) for g in groups)), wait, group.kind, group.first)
            if key in seen:
                continue
            seen.add(key)
            ordered = tuple(meld_groups + groups)
            found.append(Reading("standard", ordered, wait, len(meld_groups) + index))
    return found


def _wait_of(group: Group, win: int) -> str:
    if group.kind == "pair":
        return "tanki"
    if group.kind == "triplet":
        return "shanpon"
    offset = win - group.first
    if offset == 1:
        return "kanchan"
    if (offset == 2 and group.first % 9 == 0) or (offset == 0 and group.first % 9 == 6):
        return "penchan"
    return "ryanmen"
