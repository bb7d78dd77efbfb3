"""The readings of a winning hand: every way to split its tiles into sets and a pair (or seven
pairs, or the thirteen orphans), each with the wait the winning tile filled."""

from __future__ import annotations

import bisect
import functools
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..._core.memo import memo, remembered
from ..._core.values_fast import from_fields
from .notation import TERMINALS_AND_HONOURS, Meld, tile_counts

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
        """The tile numbers of the group."""
        if self.kind == "run":
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,) * _KIND_TILES[self.kind]

    @property
    def is_set(self) -> bool:
        """A run, triplet or kan (not the pair)."""
        return self.kind != "pair"

    @property
    def is_triplet_like(self) -> bool:
        """A triplet or a kan."""
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
        """The groups that are not the pair."""
        return tuple(g for g in self.groups if g.kind != "pair")

    @property
    def pair(self) -> Group | None:
        """The pair of a standard reading (``None`` for seven pairs and kokushi)."""
        if self.shape != "standard":
            return None
        for g in self.groups:
            if g.kind == "pair":
                return g
        return None


_new_reading = from_fields(Reading)


# Blocks are ints ``tile * 4 + type`` with the types ordered as the `mahjong` package orders them
# (kan 0, triplet 1, pair 2, run 3), so that sorting blocks and block lists gives the reading
# order that package uses to break ties between equally valued readings.
_KAN, _TRIPLET, _PAIR, _RUN = range(4)
_BLOCK_KIND = ("kan", "triplet", "pair", "run")
_EMPTY_SUIT = bytes(9)


def _suit_sets(counts: list[int], start: int, base: int, out: list[int], found: list[tuple[int, ...]]) -> None:
    """Every way to split one suit's ``counts`` (9 numbers) into runs and triplets, each a tuple of
    blocks in block order. The tiles at the lowest position left are a triplet and runs starting
    there, or runs alone: so each split is found once, its blocks already in order."""
    while start < 9 and counts[start] == 0:
        start += 1
    if start == 9:
        found.append(tuple(out))
        return
    held = counts[start]
    block = (base + start) * 4
    if held >= 3:
        counts[start] -= 3
        out.append(block + _TRIPLET)
        _suit_sets(counts, start, base, out, found)
        out.pop()
        counts[start] += 3
    if start < 7 and counts[start + 1] >= held and counts[start + 2] >= held:
        counts[start] = 0
        counts[start + 1] -= held
        counts[start + 2] -= held
        if held == 1:
            out.append(block + _RUN)
            _suit_sets(counts, start + 1, base, out, found)
            out.pop()
        else:
            out += (block + _RUN,) * held
            _suit_sets(counts, start + 1, base, out, found)
            del out[-held:]
        counts[start] = held
        counts[start + 1] += held
        counts[start + 2] += held


def _suit_blocks(key: bytes, suit_index: int) -> tuple[tuple[tuple[int, ...], ...], int]:
    """The decompositions of one suit's counts, each a sorted tuple of blocks, and the number of
    pairs each holds: a suit of 3n+2 tiles holds the pair, one of 3n tiles none (3n+1: none)."""
    base = suit_index * 9
    total = sum(key)
    found: list[tuple[int, ...]] = []
    counts = list(key)
    if total % 3 == 0:
        _suit_sets(counts, 0, base, [], found)
    elif total % 3 == 2:
        # Runs and triplets add a multiple of 3 to the sum of their tiles' positions, so the pair's
        # position p has 2p = the suit's sum (mod 3): one position in three can hold it.
        weight = key[1] + 2 * key[2] + 3 * key[3] + 4 * key[4] + 5 * key[5] + 6 * key[6] + 7 * key[7] + 8 * key[8]
        for pair in range(2 * weight % 3, 9, 3):
            if counts[pair] >= 2:
                counts[pair] -= 2
                sets: list[tuple[int, ...]] = []
                _suit_sets(counts, 0, base, [], sets)
                counts[pair] += 2
                block = (base + pair) * 4 + _PAIR
                for blocks in sets:
                    at = bisect.bisect(blocks, block)
                    found.append((*blocks[:at], block, *blocks[at:]))
    return tuple(found), int(total % 3 == 2)


@functools.cache  # one Group per block and flags (a few hundred): readings share them
def _group(block: int, is_open: bool = False, melded: bool = False) -> Group:
    return Group(_BLOCK_KIND[block & 3], block >> 2, is_open, melded)


_CONCEALED = [_group(block) for block in range(34 * 4)]  # the groups of concealed blocks, by block
_BY_RON = [_group(block, True) for block in range(34 * 4)]  # the same, completed by ron (open)
_CONCEALED_OF = _CONCEALED.__getitem__
_MELD_TYPE = {"chi": _RUN, "pon": _TRIPLET, "kan": _KAN, "ankan": _KAN}


_NO_HONOURS = bytes(7)


@remembered("riichi", "honour decompositions", 1024)
def _honour_blocks(key: bytes) -> tuple[tuple[tuple[int, ...], ...], int]:
    """:func:`_suit_blocks` for the honours (``key``: the count of each of the seven): one reading
    as triplets and pairs, none when one is held once or four times."""
    if 1 in key or 4 in key:
        return (), 0
    return (tuple(tile * 4 + _HONOUR_KIND[count] for tile, count in enumerate(key, 27) if count),), key.count(2)


_ORPHANS = tuple(sorted(TERMINALS_AND_HONOURS))
_ORPHAN_COUNTS = operator.itemgetter(*_ORPHANS)
#: The decompositions of each suit's shapes (``_suit_blocks``), by its nine counts: man, pin, sou.
#: Random hands show about 4,200 shapes per suit in 100,000.
_SUIT_MEMOS = tuple(
    (base, index, memo("riichi", f"suit decompositions ({name})", 4096))
    for base, index, name in ((0, 0, "man"), (9, 1, "pin"), (18, 2, "sou"))
)
#: The block kind of an honour tile held n times (1 or 4 copies make no standard reading).
_HONOUR_KIND = (0, 0, _PAIR, _TRIPLET, 0)


def _is_kokushi(counts: Sequence[int]) -> bool:
    held = _ORPHAN_COUNTS(counts)
    return 0 not in held and sum(held) == 14 == sum(counts)


def decompositions(concealed_counts: Sequence[int], melds: Sequence[Meld] = ()) -> list[tuple[int, ...]]:
    """Every way to read the concealed tiles as sets and one pair (or, with no melds, as seven
    distinct pairs), each a sorted tuple of blocks (``tile * 4 + kind``, kinds kan 0, triplet 1,
    pair 2, run 3) with the melds' blocks included; sorted as the `mahjong` package sorts them."""
    counts = concealed_counts if type(concealed_counts) is bytes else bytes(concealed_counts)
    return _decompositions(counts, [_meld_block(meld) for meld in melds])


def _meld_block(meld: Meld) -> int:
    return meld.tiles[0] * 4 + _MELD_TYPE[meld.kind]


def _decompositions(counts: bytes, meld_blocks: list[int]) -> list[tuple[int, ...]]:
    """:func:`decompositions` of 34 counts, with the melds' blocks: seven pairs, and the readings
    as four sets and a pair (``meld_blocks`` among them), each a sorted tuple."""
    combos = []
    melded = bool(meld_blocks)
    if not melded and len(counts) == 34 and counts.count(2) == 7:
        combos.append(tuple(t * 4 + _PAIR for t in range(34) if counts[t] == 2))
    partial = [[*meld_blocks]]
    pairs = 0
    for base, suit_index, suit_memo in _SUIT_MEMOS:
        key = counts[base : base + 9]
        if key == _EMPTY_SUIT:
            continue
        entry = suit_memo.get(key)
        if entry is None:
            entry = suit_memo.put(key, _suit_blocks(key, suit_index))
        options, pair = entry
        if not options:
            return combos
        pairs += pair
        if len(options) == 1:
            only = options[0]
            for done in partial:
                done += only
        else:
            partial = [[*done, *option] for done in partial for option in options]
    honours = counts[27:34]
    if honours != _NO_HONOURS:
        options, pair = _honour_blocks(honours)
        if not options:
            return combos
        pairs += pair
        only = options[0]
        for done in partial:
            done += only
    if pairs == 1:
        _add_complete(partial, melded, combos)
    return combos


def _add_complete(partial: list[list[int]], melded: bool, combos: list[tuple[int, ...]]) -> None:
    """The partial readings of four sets and a pair added to ``combos`` as sorted tuples, then
    ``combos`` sorted."""
    for blocks in partial:
        if len(blocks) == 5:
            # Each suit's blocks come sorted and the suits in tile order: only melds, which
            # come first, can be out of place.
            if melded:
                blocks.sort()
            combos.append(tuple(blocks))
    if len(combos) > 1:
        combos.sort()


def _winning_blocks(win: int) -> tuple[tuple[int, str], ...]:
    """The concealed blocks the winning tile may have completed, in block order, with the wait
    each makes: the runs holding it (of its suit), its triplet (shanpon) and its pair (tanki)."""
    found = []
    if win < 27:
        for first in (win - 2, win - 1, win):
            if first >= 0 and first // 9 == win // 9 and first % 9 <= 6:
                found.append((first * 4 + _RUN, _run_wait(first, win)))
    found += [(win * 4 + _TRIPLET, "shanpon"), (win * 4 + _PAIR, "tanki")]
    return tuple(sorted(found))


def readings(
    concealed: Sequence[int], melds: Sequence[Meld], win: int, tsumo: bool, counts: Sequence[int] | None = None
) -> list[Reading]:
    """Every lawful reading of a winning hand whose concealed tiles (win tile included) are
    ``concealed``: each decomposition, and in it each group the winning tile may have completed.
    A hand that cannot win returns an empty list. The order is the `mahjong` package's
    (decompositions sorted by their blocks, then the winning groups in block order), which breaks
    ties between equally valued readings. ``counts`` may give the 34-count of ``concealed``
    (``counts[tile]``; bytes are read fastest)."""
    if counts is None:
        counts = tile_counts(concealed)
    elif type(counts) is not bytes:
        counts = bytes(counts)
    found: list[Reading] = []
    winning = _WINNING_BLOCKS[win]
    melded: tuple[Group, ...] = ()
    meld_blocks = []
    for meld in melds:
        block = _meld_block(meld)
        meld_blocks.append(block)
        melded += (_group(block, meld.opened, True),)
    offset = len(melded)
    for blocks in _decompositions(counts, meld_blocks):
        if len(blocks) == 7:
            found.append(
                _new_reading(
                    ("chiitoitsu", tuple(map(_CONCEALED_OF, blocks)), "tanki", blocks.index(win * 4 + _PAIR)),
                )
            )
            continue
        rest: Sequence[int] = blocks
        if melded:
            rest = list(blocks)
            for block in meld_blocks:
                rest.remove(block)
        groups = (*melded, *map(_CONCEALED_OF, rest))
        for block, wait in winning:
            if block not in rest:
                continue
            index = offset + rest.index(block)
            if wait == "shanpon" and not tsumo:  # completed by ron: counts as open
                found.append(
                    _new_reading(("standard", (*groups[:index], _BY_RON[block], *groups[index + 1 :]), wait, index))
                )
            else:
                found.append(_new_reading(("standard", groups, wait, index)))
    if not found and not melds and _is_kokushi(counts):
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


_WINNING_BLOCKS = tuple(_winning_blocks(win) for win in range(34))
