"""Shanten and waits: how far a hand is from tenpai, and which tiles complete it.

The shanten number of a hand is the distance to the nearest complete hand (four sets and a pair,
the melds among them; seven distinct pairs; the thirteen orphans) minus one: the number of tiles
it must still draw, each replacing one it discards, to be tenpai (0); a complete hand is -1. The
complete hands counted hold no more of a tile than exist: four, less the copies in the melds;
none of a tile the rule set removes (three players have no 2m-8m). So a hand whose only wait is a
tile it holds four of is not tenpai, as at Tenhou.

How it is counted (a count-based method, after tomohxx's "shanten number calculator"): a complete
hand uses at most 3 × sets + 2 of the hand's tiles; the distance is what it does not use. For
each suit, a table gives the most tiles of that suit that ``m`` sets and ``p`` pairs of the suit
(``m`` 0-4, ``p`` 0-1) can use, found by a walk along the suit's nine tiles carrying the runs
that reach the next two; a block that uses none of the hand's tiles can be placed in any suit
(some tile always has room), so each table is made monotone. The four tables (honours: no runs)
are combined by the sets the hand still needs. A suit's table depends only on its counts and
limits, and is remembered.

This module is the readable reference. Where a suit's limits are full, its table and gains are
read from tables of every suit shape instead (:mod:`.shanten_fast`, built once into the user's
cache from the same walk; tests/riichi/tiles/test_shanten_fast.py checks they agree).
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

from ..._core.memo import memo
from . import shanten_fast
from .notation import TERMINALS_AND_HONOURS
from .suitwalk import NONE as _NONE, monotone, settled, steps

_ORPHANS = tuple(sorted(TERMINALS_AND_HONOURS))
#: Four of each tile kind: the limits of a hand with no melds and no tile removed.
FULL_LIMITS = b"\x04" * 34
#: The tables of the suits' shapes, by counts and limits. The memos of tables and gains are sized
#: for a study of efficiency bots, whose suits' shapes outgrow 4096 in a few hanchan: an entry
#: forgotten is walked again (bench/README.md, riichi_random.py); about 20 MB when all are full.
_TABLES = memo("riichi", "shanten suit tables", 32768)
_tables_get = _TABLES.get


#: The moves of a walk from one state at one place, by the place's count, its limit, whether a
#: run may begin there and the state (:func:`_walk`): a pure function of those, worked out once.
_STEPS = memo("riichi", "shanten walk steps", 5 * 5 * 2 * 250)
_steps_get = _STEPS.get


def _walk(counts: bytes, limits: bytes, runs: bool) -> tuple[int, ...]:
    """The table of one suit: ``best[m * 2 + p]``, the most of its tiles that ``m`` sets and ``p``
    pairs of the suit can use with no tile past its limit (monotone: fewer blocks that use
    tiles, the rest anywhere)."""
    size = len(counts)
    # A state (packed as suitwalk says) -> the tiles used.
    states: dict[int, int] = {0: 0}
    for i in range(size):
        held, cap = counts[i], limits[i]
        run_ok = runs and i + 2 < size and bool(held or counts[i + 1] or counts[i + 2])
        base = ((held * 5 + cap) * 2 + run_ok) * 250
        moved: dict[int, int] = {}
        moved_get = moved.get
        for state, used in states.items():
            moves = _steps_get(base + state)
            if moves is None:
                moves = _STEPS.put(base + state, steps(held, cap, run_ok, state))
            for key, gain in moves:
                value = used + gain
                if moved_get(key, _NONE) < value:
                    moved[key] = value
        states = moved
    return settled(states)


#: A suit's and the honours' limits when no copy is in a meld or removed: where the fast path
#: answers (:mod:`.shanten_fast`).
_FULL = (b"\x04" * 7, b"\x04" * 9)
_fast_table, _fast_gains = shanten_fast.table, shanten_fast.gains


def _table(counts: bytes, limits: bytes, runs: bool) -> tuple[int, ...]:
    """The table of a suit (``runs``) or of the honours: read from every shape's table with full
    limits (:mod:`.shanten_fast`), else walked and remembered."""
    if limits == _FULL[runs]:
        fast = _fast_table(counts, runs)
        if fast is not None:
            return fast
    if not runs:
        return _honours_table(counts, limits)
    key = counts + limits
    found = _tables_get(key)
    if found is None:
        found = _TABLES.put(key, _by_groups(counts, limits))
    return found  # type: ignore[no-any-return]


#: The tables of a suit's groups of tiles, by the counts and limits around each (see :func:`_by_groups`).
_GROUPS = memo("riichi", "shanten group tables", 16384)
_groups_get = _GROUPS.get


def _by_groups(counts: bytes, limits: bytes) -> tuple[int, ...]:
    """The table of a suit from its groups: tiles two or more empty places apart share no run,
    so each group (with the two places either side, where its runs may reach) is walked alone
    and remembered, and the groups' tables are combined.

    Two groups' windows share a place when three or fewer empty places part them. Runs that
    reach a shared place from both sides need one copy of it each, at most four in all (a hand
    makes four sets at most): only a place with fewer copies left (a meld's tile, a removed
    tile) could be overdrawn, so groups sharing such a place are walked as one."""
    table: tuple[int, ...] | None = None
    start = 0
    while start < 9:
        if not counts[start]:
            start += 1
            continue
        end = start + 1
        while end < 9:
            if counts[end] or (end + 1 < 9 and counts[end + 1]):
                end += 1
                continue
            following = end + 2 if end + 2 < 9 and counts[end + 2] else end + 3
            if following < 9 and counts[following] and min(limits[following - 2 : end + 2]) < 4:
                end = following  # the windows share a place with fewer than four copies left
                continue
            break
        low, high = max(0, start - 2), min(9, end + 2)
        key = counts[low:high] + limits[low:high]
        found = _groups_get(key)
        if found is None:
            found = _GROUPS.put(key, _walk(counts[low:high], limits[low:high], True))
        table = found if table is None else _combine(table, found)
        start = end
    return table if table is not None else _EMPTY_SUIT


#: The tables of the honours, by counts and limits (see :func:`_honours_table`).
_HONOURS = memo("riichi", "shanten honour tables", 4096)


def _honours_table(held: bytes, limits: bytes) -> tuple[int, ...]:
    """The honours' table as :func:`_walk` finds it (``best[m * 2 + p]``: the most tiles ``m``
    triplets and ``p`` pairs use; fewer blocks that use tiles, the rest anywhere), found kind by
    kind: honours make no runs, so each kind is a triplet, a pair or neither on its own."""
    key = held + limits
    found = _HONOURS.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    best = [0] + [_NONE] * 9
    for count, cap in zip(held, limits, strict=True):
        if not count:
            continue
        grown = list(best)
        for index in range(10):
            if best[index] < 0:
                continue
            sets, pairs = divmod(index, 2)
            if sets < 4 and cap >= 3 and grown[index + 2] < best[index] + min(count, 3):
                grown[index + 2] = best[index] + min(count, 3)
            if not pairs and cap >= 2 and grown[index + 1] < best[index] + min(count, 2):
                grown[index + 1] = best[index] + min(count, 2)
        best = grown
    return _HONOURS.put(key, monotone(best))  # type: ignore[no-any-return]


_EMPTY_SUIT = (0,) * 10
#: Two tables combined, by the pair: a hand's suits change one or two at a time, so the same
#: pairs come back turn after turn (:func:`_combine`).
_COMBINED = memo("riichi", "shanten combined tables", 8192)
_combined_get = _COMBINED.get


def _combine(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """The table of two suits together: the best split of each ``m``, ``p`` between them
    (remembered)."""
    if b is _EMPTY_SUIT or a is _EMPTY_SUIT:  # a suit with no tiles adds none: a table is monotone
        return a if b is _EMPTY_SUIT else b
    key = (a, b)
    found: tuple[int, ...] | None = _combined_get(key)
    if found is None:
        found = _COMBINED.put(key, _splits(a, b))
    return found


def _splits(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`_combine` worked out: for each index ``m * 2 + p``, the best of every ``m1 + m2 = m``,
    ``p1 + p2 = p`` (a table's entries are 0 or more: no block uses fewer tiles than none)."""
    a0, a1, a2, a3, a4, a5, a6, a7, a8, a9 = a
    b0, b1, b2, b3, b4, b5, b6, b7, b8, b9 = b
    return (
        a0 + b0,
        max(a0 + b1, a1 + b0),
        max(a0 + b2, a2 + b0),
        max(a0 + b3, a1 + b2, a2 + b1, a3 + b0),
        max(a0 + b4, a2 + b2, a4 + b0),
        max(a0 + b5, a1 + b4, a2 + b3, a3 + b2, a4 + b1, a5 + b0),
        max(a0 + b6, a2 + b4, a4 + b2, a6 + b0),
        max(a0 + b7, a1 + b6, a2 + b5, a3 + b4, a4 + b3, a5 + b2, a6 + b1, a7 + b0),
        max(a0 + b8, a2 + b6, a4 + b4, a6 + b2, a8 + b0),
        max(a0 + b9, a1 + b8, a2 + b7, a3 + b6, a4 + b5, a5 + b4, a6 + b3, a7 + b2, a8 + b1, a9 + b0),
    )


_SUITS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
#: The suit of each tile kind (3: the honours), the index of its table.
_SUIT_OF = tuple(kind // 9 if kind < 27 else 3 for kind in range(34))


def _suit_table(counts: Sequence[int], limits: bytes, suit: int) -> tuple[int, ...]:
    """The table of ``suit`` (0-2, 3 the honours) of the 34 ``counts``."""
    start, stop, runs = _SUITS[suit]
    held = bytes(counts[start:stop])
    if not any(held):
        return _EMPTY_SUIT
    bound = limits[start:stop]
    if bound == _FULL[runs]:
        fast = _fast_table(held, runs)
        if fast is not None:
            return fast
    return _table(held, bound, runs)


def _rests(
    tables: Sequence[tuple[int, ...]], low: tuple[int, ...] | None = None, high: tuple[int, ...] | None = None
) -> list[tuple[int, ...]]:
    """For each suit, the table of the other three together, so that a tile added or taken away
    reads its own suit again only (``low``, ``high``: suits 0 and 1 and suits 2 and 3 combined,
    when known)."""
    if low is None or high is None:
        low, high = _combine(tables[0], tables[1]), _combine(tables[2], tables[3])
    return [
        _combine(tables[1], high),
        _combine(tables[0], high),
        _combine(low, tables[3]),
        _combine(low, tables[2]),
    ]


def _standard(table: Sequence[int], rest: Sequence[int], sets: int) -> int:
    """The standard shanten of a hand read as ``sets`` sets and a pair, from the tables of two
    parts of it that hold every suit between them (one suit's and the other three's, or two
    suits' and the other two's): combining tables is associative."""
    want = sets * 2 + 1  # the sets and the pair; one side holds the pair: want is odd
    used: int = max(map(operator.add, table[: want + 1], rest[want::-1]))
    return 3 * sets + 1 - used


def _others(held: bytes, limits: bytes) -> int:
    """The shanten of a closed hand read as seven pairs or as the thirteen orphans."""
    found = seven_pairs_shanten(held)
    orphans = orphans_shanten(held, limits)
    return found if orphans is None or orphans >= found else orphans


def standard_shanten(counts: bytes, limits: bytes, sets: int) -> int:
    """The shanten of ``counts`` (34 counts of the concealed tiles) read as ``sets`` sets and a
    pair, no tile past ``limits``."""
    tables = [_suit_table(counts, limits, suit) for suit in range(4)]
    return _standard(_combine(tables[0], tables[1]), _combine(tables[2], tables[3]), sets)


def seven_pairs_shanten(counts: bytes) -> int:
    """The shanten of a closed hand read as seven distinct pairs."""
    kinds = 34 - counts.count(0)
    pairs = kinds - counts.count(1)
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


_ORPHAN_COUNTS = operator.itemgetter(*_ORPHANS)


def orphans_shanten(counts: bytes, limits: bytes) -> int | None:
    """The shanten of a closed hand read as the thirteen orphans (``None`` when the rule set
    lacks an orphan)."""
    if 0 in _ORPHAN_COUNTS(limits):
        return None
    held: tuple[int, ...] = _ORPHAN_COUNTS(counts)
    return held.count(0) - (max(held) >= 2)


def shanten_of(counts: bytes, limits: bytes, melds: int) -> int:
    """The shanten of the concealed ``counts`` beside ``melds`` melds, no tile past ``limits``
    (the copies left of each tile: four less those in the melds; none of a removed tile)."""
    found = standard_shanten(counts, limits, 4 - melds)
    if not melds and found > -1:
        found = min(found, seven_pairs_shanten(counts))
        orphans = orphans_shanten(counts, limits)
        if orphans is not None and orphans < found:
            found = orphans
    return found


def waits_of(counts: bytes, limits: bytes, melds: int) -> tuple[int, ...]:
    """The tiles that complete a hand of 13 tiles (less 3 a meld): those of which a copy is left
    and with which the hand is complete."""
    return shanten_and_waits(counts, limits, melds)[1]


def shanten_and_waits(counts: bytes, limits: bytes, melds: int) -> tuple[int, tuple[int, ...]]:
    """The shanten of a hand of 13 tiles (less 3 a meld) and its waits (:func:`waits_of`), read
    from the suits' gains (:func:`_gains`) where the hand is tenpai."""
    sets = 4 - melds
    tables = [_suit_table(counts, limits, suit) for suit in range(4)]
    low, high = _combine(tables[0], tables[1]), _combine(tables[2], tables[3])
    shanten = _standard(low, high, sets)
    if not melds and shanten > -1:
        shanten = min(shanten, _others(counts, limits))
    if shanten != 0:
        return shanten, ()
    # A tile adds one at most to an entry of its suit's table. So it completes the hand as sets
    # and a pair when, at a split between its suit and the other three that uses all the hand's
    # tiles but one, it adds one to its suit's entry: read from the suit's gains, no table
    # made a tile.
    rests = _rests(tables, low, high)
    want, most = sets * 2 + 1, 3 * sets + 1
    completing = 0  # a bit a tile kind
    for suit, (start, stop, runs) in enumerate(_SUITS):
        table, rest = tables[suit], rests[suit]
        gains = _gains(bytes(counts[start:stop]), limits[start:stop], runs)
        for index in range(want + 1):
            if table[index] + rest[want - index] == most:
                completing |= gains[index] << start
    # A tile lowers a shanten by one at most: seven pairs or the orphans complete the hand only
    # from one of them tenpai.
    others = not melds and _others(counts, limits) == 0
    found = []
    grown = bytearray(counts)
    for tile in _candidates(counts, melds):
        if counts[tile] >= limits[tile]:
            continue
        if completing >> tile & 1:
            found.append(tile)
        elif others:
            grown[tile] += 1
            if _others(bytes(grown), limits) == -1:
                found.append(tile)
            grown[tile] -= 1
    return 0, tuple(found)


#: For a suit's (or the honours') counts and limits, by index ``m * 2 + p`` of its table: the
#: places where a tile added makes that entry one more, a bit each (:func:`_gains`).
_GAINS = memo("riichi", "shanten suit gains", 16384)
_gains_get = _GAINS.get


def _gains(held: bytes, limits: bytes, runs: bool) -> tuple[int, ...]:
    """For each index of the table of ``held`` (a suit's counts, or the honours' without
    ``runs``), a bitmask of the places (bit ``i``: the suit's ``i``-th tile, a copy left) where a
    tile added makes that entry one more: read from every shape's gains with full limits
    (:mod:`.shanten_fast`), else worked out and remembered."""
    if limits == _FULL[runs]:
        fast = _fast_gains(held, runs)
        if fast is not None:
            return fast
    key = held + limits
    found: tuple[int, ...] | None = _gains_get(key)
    if found is None:
        before = _table(held, limits, runs) if any(held) else _EMPTY_SUIT
        masks = [0] * 10
        grown = bytearray(held)
        for place in range(len(held)):
            if held[place] >= limits[place]:
                continue
            grown[place] += 1
            after = _table(bytes(grown), limits, runs)
            grown[place] -= 1
            for index in range(10):
                if after[index] > before[index]:
                    masks[index] |= 1 << place
        found = _GAINS.put(key, tuple(masks))
    return found


#: For each tile kind, the kinds a tile could join it in a set: itself, and in a suit those within two.
_NEAR = tuple((k,) if k >= 27 else tuple(range(max(k - k % 9, k - 2), min(k - k % 9 + 9, k + 3))) for k in range(34))


def discard_efficiency(counts: bytes, limits: bytes, melds: int, left: Sequence[int]) -> list[tuple[int, int, int]]:
    """For a hand of 14 tiles (less 3 a meld; ``counts`` by kind, no tile past ``limits``, beside
    ``melds`` melds), each kind held, ascending, as ``(kind, shanten, accepted)``: the shanten of
    the hand of 13 that discarding one leaves (:func:`shanten_of`'s), and the tiles it then
    accepts, ``left[k]`` copies of each tile ``k`` that lowers that shanten (and that the hand
    holds fewer of than its limit). The tiles accepted are counted for the discards that leave
    the lowest shanten only (the others show 0), among the tiles within two of one held in its
    suit, the honours held and a closed hand's orphans (a tile far from all of them can lower
    a seven pairs reading and is not counted: the efficiency bots have always played so).

    Counted by what changes: a discard changes its own suit's table only, so the other three
    suits' tables are read once a turn; a tile drawn after it lowers the shanten read as sets
    and a pair exactly where it adds one to an entry of its suit's table that a best split
    reads (the suit's gains, :func:`_gains`, remembered by the suit's shape), and lowers the
    shanten read as seven pairs or the orphans only when that reading is the discard's shanten,
    by a pair made, a kind or an orphan added (:func:`_others_lowering`): no table is made and
    no hand counted again for a tile drawn."""
    hand = bytearray(counts)
    tables = [_suit_table(hand, limits, suit) for suit in range(4)]
    afters = _discard_shantens(hand, limits, melds, tables)
    lowest = min(after for _, after, _, _, _ in afters)
    # What a tile drawn adds, and the tiles near the hand, read once a turn: a discard changes
    # them at its own kind only (a kind it no longer holds: the near tiles counted again).
    weights = [left[kind] if hand[kind] < limits[kind] else 0 for kind in range(34)]
    near = _near_bits(hand, melds)
    out = []
    for kind, after, standard, others, table in afters:
        accepted = 0
        if after == lowest:
            after_tables = list(tables)
            after_tables[_SUIT_OF[kind]] = table
            hand[kind] -= 1
            held = weights[kind]
            weights[kind] = left[kind] if hand[kind] < limits[kind] else 0
            lowering = _lowering(hand, limits, melds, (after, standard, others), after_tables)
            accepted = _weighed(lowering & (near if hand[kind] else _near_bits(hand, melds)), weights)
            weights[kind] = held
            hand[kind] += 1
        out.append((kind, after, accepted))
    return out


def _discard_shantens(
    hand: bytearray, limits: bytes, melds: int, tables: Sequence[tuple[int, ...]]
) -> list[tuple[int, int, int, int | None, tuple[int, ...]]]:
    """For each kind held: its kind, the shanten after discarding one, that hand's shanten as
    sets and a pair, as seven pairs or the orphans (``None`` when not counted) and the table of
    the discard's suit after it (:func:`discard_efficiency`)."""
    sets, closed = 4 - melds, not melds
    base = _rests(tables)  # a discard changes its own suit only
    afters = []
    for kind in range(34):
        if not hand[kind]:
            continue
        suit = _SUIT_OF[kind]
        hand[kind] -= 1
        table = _suit_table(hand, limits, suit)
        standard = after = _standard(table, base[suit], sets)
        others = None
        if closed and after > -1:
            others = _others(bytes(hand), limits)
            after = min(after, others)
        hand[kind] += 1
        afters.append((kind, after, standard, others, table))
    return afters


def _lowering(
    hand: bytearray, limits: bytes, melds: int, shantens: tuple[int, int, int | None], tables: Sequence[tuple[int, ...]]
) -> int:
    """A bit a tile kind: the tiles that lower the shanten of the hand of 13 ``hand`` (whose
    suits' ``tables`` are given): ``shantens`` is its shanten, as sets and a pair, and as seven
    pairs or the orphans (``None``: not counted)."""
    after, standard, others = shantens
    sets = 4 - melds
    completing = 0  # a bit a tile kind: a tile there lowers the shanten
    if standard == after:
        rests = _rests(tables)
        want, used = sets * 2 + 1, 3 * sets + 1 - standard
        for suit, (start, stop, runs) in enumerate(_SUITS):
            table, rest = tables[suit], rests[suit]
            read = [index for index in range(want + 1) if table[index] + rest[want - index] == used]
            if read:
                gains = _gains(bytes(hand[start:stop]), limits[start:stop], runs)
                for index in read:
                    completing |= gains[index] << start
    if not melds and (others is None or others <= after):
        completing |= _others_lowering(hand, limits, after)
    return completing


#: For each suit's first kind, the kinds whose bits a 9-bit mask of the suit sets.
_PLACES = {
    start: tuple(tuple(start + p for p in range(9) if mask >> p & 1) for mask in range(512)) for start in (0, 9, 18, 27)
}


def _weighed(tiles: int, weights: Sequence[int]) -> int:
    """The sum of ``weights`` over the kinds whose bits ``tiles`` sets, a suit at a time."""
    weight = weights.__getitem__
    return sum(sum(map(weight, _PLACES[start][tiles >> start & 511])) for start in (0, 9, 18, 27))


def _others_lowering(hand: bytearray, limits: bytes, after: int) -> int:
    """A bit a tile kind: the tiles with which the closed hand of 13 ``hand`` reads as seven
    pairs or the orphans below ``after`` (no more than either reading's shanten). A tile lowers
    either by one at most: seven pairs by a pair made, or by a kind not held while fewer than
    seven are; the orphans by an orphan not held, or by a pair of orphans where none is held."""
    held = bytes(hand)
    lowering = 0
    if seven_pairs_shanten(held) - 1 < after:
        few_kinds = 34 - held.count(0) < 7
        for kind in range(34):
            count = held[kind]
            if count == 1 or (not count and few_kinds):
                lowering |= 1 << kind
    orphans = orphans_shanten(held, limits)
    if orphans is not None and orphans - 1 < after:
        no_pair = max(_ORPHAN_COUNTS(held)) < 2
        for kind in _ORPHANS:
            count = held[kind]
            if not count or (count == 1 and no_pair):
                lowering |= 1 << kind
    return lowering


_NEAR_BITS = tuple(sum(1 << near for near in _NEAR[kind]) for kind in range(34))
_ORPHAN_BITS = sum(1 << kind for kind in _ORPHANS)


def _near_bits(counts: Sequence[int], melds: int) -> int:
    """:func:`_candidates` as a bit a tile kind."""
    near = 0 if melds else _ORPHAN_BITS
    for kind in range(34):
        if counts[kind]:
            near |= _NEAR_BITS[kind]
    return near


def _candidates(counts: Sequence[int], melds: int) -> list[int]:
    """The tiles that could complete the hand, ascending: a tile held or within two of one in
    its suit, or an orphan of a closed hand."""
    near = set() if melds else set(_ORPHANS)
    for kind in range(34):
        if counts[kind]:
            near.update(_NEAR[kind])
    return sorted(near)
