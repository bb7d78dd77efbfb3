"""Suit tables read from tables of every suit shape: the fast path of shanten's counting.

Reference: :mod:`yakuset.riichi.tiles.shanten` works out a suit's table by a walk along the suit
(``_walk`` by groups of tiles; the honours ``_honours_table``) and its gains (``_gains``: where
a tile added makes an entry one more), remembered by counts and limits. Equivalence test:
``tests/riichi/tiles/test_shanten_fast.py`` (each shape's table and gains against the
reference's, every shape in its slow test; shanten, waits and discard efficiency with this path
and without it, over random hands and the hands of the recorded games in tests/data/logs).

Why: a study of efficiency bots keeps meeting suit shapes it has not seen (a walk each, about
90 µs) while its memos forget old ones. Yet a suit of 14 tiles or fewer has only 405,350
shapes (the honours 43,130), which make 126 distinct tables (the honours 55): so each shape's
table is a byte, the number of its table, at the shape's rank (:class:`_Shapes`), and its gains
ten 16-bit masks. Once built, no suit is walked and nothing is forgotten.

Where it answers: a suit whose limits are full (four copies of each tile left: no meld of the
seat holds one, the rule set removes none). Elsewhere (a meld's copies, three players' removed
tiles) :func:`table` and :func:`gains` answer ``None`` and the reference counts.

Built on first use into the user's cache (``prebuilt.cache_root()``, the file named by the
digest of the code that builds it: this module and :mod:`.suitwalk`), written to a temporary
file and renamed into place (two processes building at once write the same bytes). When the
cache can be neither read nor written, nothing is built: the reference answers for the whole
process.
"""

from __future__ import annotations

import bisect
import contextlib
import itertools
import os
import struct
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

from ..._core.memo import memo
from ..._core.prebuilt import cache_root, digest
from . import suitwalk

#: The version of the file's layout; part of its digest.
FORMAT = 1
#: The most tiles of one suit a hand holds (fourteen, none in melds).
MOST = 14
#: A shape's gains not counted: it holds fourteen tiles (a hand of 13 holds fewer in a suit).
_UNCOUNTED = 0xFFFF
_GAINS = struct.Struct("<10H")
_SLOTS = 256  # distinct tables a kind of suit may have (one byte a shape)
_KEPT = 4  # tables files kept in the cache (as the bundled rule sets' records)


class _Shapes:
    """Every shape of one kind of suit (``size`` places: 9, or the 7 honours), ranked.

    A shape's rank: its first ``split`` counts (in base 5, in order) give where its block
    starts and how many shapes the block holds (``high``); the rest give its place in the
    block (``low``: the endings ordered by their tile count, so those that keep the shape to
    :data:`MOST` tiles come first). ``ids[rank]`` is the number of its table in ``tables``;
    ``gains`` holds its ten masks at ``20 * rank``."""

    __slots__ = ("size", "split", "runs", "high", "low", "count", "ids", "tables", "gains")

    def __init__(self, size: int, split: int, runs: bool) -> None:
        self.size, self.split, self.runs = size, split, runs
        self.low: dict[bytes, int] = {}
        self.high: dict[bytes, tuple[int, int]] = {}
        self.count = 0
        self.ids = b""
        self.tables: tuple[tuple[int, ...], ...] = ()
        self.gains = b""

    def index(self) -> None:
        """Rank the shapes (once, when the tables are first wanted: not at import)."""
        if self.high:
            return
        endings = sorted(itertools.product(range(5), repeat=self.size - self.split), key=lambda c: (sum(c), c))
        sums = [sum(ending) for ending in endings]
        self.low = {bytes(ending): rank for rank, ending in enumerate(endings)}
        start = 0
        for beginning in itertools.product(range(5), repeat=self.split):
            room = bisect.bisect_right(sums, MOST - sum(beginning))
            self.high[bytes(beginning)] = (start, room)
            start += room
        self.count = start

    def rank(self, held: bytes) -> int | None:
        """The rank of shape ``held`` (``None``: more than :data:`MOST` tiles, or a count past 4)."""
        block = self.high.get(held[: self.split])
        low = self.low.get(held[self.split :])
        if block is None or low is None or low >= block[1]:
            return None
        return block[0] + low

    def layout(self) -> int:
        """The bytes this kind takes in the file: ids, tables, gains."""
        return self.count + _SLOTS * 10 + self.count * _GAINS.size

    def read(self, data: bytes, at: int) -> int:
        """Take this kind's part of the file from ``data`` at ``at``; the offset after it."""
        self.ids = data[at : at + self.count]
        at += self.count
        flat = data[at : at + _SLOTS * 10]
        self.tables = tuple(tuple(flat[i : i + 10]) for i in range(0, _SLOTS * 10, 10))
        at += _SLOTS * 10
        self.gains = data[at : at + self.count * _GAINS.size]
        return at + self.count * _GAINS.size


_RUNS = _Shapes(9, 5, True)
_HONOURS = _Shapes(7, 4, False)
_KINDS = (_HONOURS, _RUNS)  # by ``runs``
_MAGIC = b"yakuset shanten tables\x00"

#: ``ready``: the tables are loaded (once a process) and in use; ``off``: this path answers
#: nothing (the cache could be neither read nor written, or within :func:`reference_only`).
_state = {"ready": False, "off": False, "loaded": False}


#: The tables and gains read so far, by a suit's counts (9 bytes; the honours' 7): one dict
#: lookup where a rank costs two slices and three (bounded as the reference's memos are).
_TABLES_READ = memo("riichi", "shanten tables read", 32768)
_GAINS_READ = memo("riichi", "shanten gains read", 16384)
_Read = Callable[[bytes], "tuple[int, ...] | None"]
_table_get: _Read = _TABLES_READ.get
_gains_get: _Read = _GAINS_READ.get


def _nothing(held: bytes) -> None:
    """What :func:`reference_only` reads instead of the tables read so far."""


def table(held: bytes, runs: bool) -> tuple[int, ...] | None:
    """The table of a suit's counts ``held`` (9; the 7 honours without ``runs``) with full limits,
    as the reference's walk makes it; ``None`` where this path does not answer."""
    found: tuple[int, ...] | None = _table_get(held)
    if found is None and (_state["ready"] or _load()):
        shapes = _KINDS[runs]
        rank = shapes.rank(held)
        if rank is not None:
            found = _TABLES_READ.put(held, shapes.tables[shapes.ids[rank]])
    return found


def gains(held: bytes, runs: bool) -> tuple[int, ...] | None:
    """The gains of a suit's counts ``held`` with full limits (for each entry of its table, a
    bit a place where a tile added makes it one more), as the reference's ``_gains``; ``None``
    where this path does not answer (a suit of 14 tiles too)."""
    found: tuple[int, ...] | None = _gains_get(held)
    if found is None and (_state["ready"] or _load()):
        shapes = _KINDS[runs]
        rank = shapes.rank(held)
        if rank is not None:
            read: tuple[int, ...] = _GAINS.unpack_from(shapes.gains, rank * _GAINS.size)
            if read[0] != _UNCOUNTED:
                found = _GAINS_READ.put(held, read)
    return found


@contextlib.contextmanager
def reference_only() -> Iterator[None]:
    """Within it, this path answers nothing: the reference counts every suit (for the
    equivalence test and the benchmarks)."""
    global _table_get, _gains_get
    was = dict(_state)
    _state.update(ready=False, off=True)
    _table_get = _gains_get = _nothing
    try:
        yield
    finally:
        _state.update(was)
        _table_get, _gains_get = _TABLES_READ.get, _GAINS_READ.get


def path() -> Path:
    """The cache file of the tables this code builds."""
    here = Path(__file__).resolve().parent
    code = [str(FORMAT).encode(), (here / "shanten_fast.py").read_bytes(), (here / "suitwalk.py").read_bytes()]
    name = digest(b"\x00".join(code))[:32]
    return cache_root() / f"shanten-{name}.bin"


def _load() -> bool:
    """Take the tables (:func:`_cached`) once a process; ``False`` when this path is off."""
    if _state["off"]:
        return False
    if not _state["loaded"]:
        for kind in _KINDS:
            kind.index()
        data = _cached()
        if data is None or not _take(data):
            _state["off"] = True
            return False
        _state["loaded"] = True
    _state["ready"] = True
    return True


def _cached() -> bytes | None:
    """The tables' file (uncompressed): read from the cache, else built and written there (kept
    in this process alone when it cannot be written); ``None`` when there is no cache folder."""
    try:
        where = path()
        with contextlib.suppress(OSError, zlib.error):
            return zlib.decompress(where.read_bytes())
        where.parent.mkdir(parents=True, exist_ok=True)
    except (OSError, RuntimeError):  # RuntimeError: no home folder
        return None
    data = build()
    with contextlib.suppress(OSError):
        _write(where, data)
    return data


def _write(where: Path, data: bytes) -> None:
    """Write ``data`` (compressed) to ``where`` through a temporary file renamed into place; keep
    the four newest such files (older code's)."""
    temporary = where.with_name(f"{where.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(zlib.compress(data, 6))
        os.replace(temporary, where)
    finally:
        temporary.unlink(missing_ok=True)
    older = sorted(where.parent.glob("shanten-*.bin"), key=lambda found: found.stat().st_mtime, reverse=True)
    for stale in older[_KEPT:]:
        stale.unlink(missing_ok=True)


def _take(data: bytes) -> bool:
    """Read both kinds from the file's ``data``; ``False`` when it is not one this code wrote."""
    if not data.startswith(_MAGIC) or len(data) != len(_MAGIC) + sum(kind.layout() for kind in _KINDS):
        return False
    at = len(_MAGIC)
    for kind in _KINDS:
        at = kind.read(data, at)
    return True


def build() -> bytes:
    """The file's contents (uncompressed): for the honours, then the suits, each shape's table
    number, the tables, each shape's gains."""
    parts = [_MAGIC]
    for kind in _KINDS:
        kind.index()
        ids, tables = _tables(kind)
        flat = bytearray(_SLOTS * 10)
        for number, found in enumerate(tables):
            flat[number * 10 : number * 10 + 10] = bytes(found)
        parts += [bytes(ids), bytes(flat), _gains(kind, ids, tables)]
    return b"".join(parts)


def _tables(kind: _Shapes) -> tuple[bytearray, list[tuple[int, ...]]]:
    """Each shape's table number, and the distinct tables: the reference's walk, taken once for
    the beginning that shapes share (a run may begin at any place but the last two: one that
    uses none of the hand's tiles adds what the table's monotone step adds anyway)."""
    moves = [
        suitwalk.steps(held, 4, bool(run_ok), state) for held in range(5) for run_ok in (0, 1) for state in range(250)
    ]
    ids = bytearray(kind.count)
    numbers: dict[tuple[int, ...], int] = {}
    shape = bytearray(kind.size)

    def visit(place: int, states: dict[int, int], left: int) -> None:
        if place == kind.size:
            found = suitwalk.settled(states)
            number = numbers.setdefault(found, len(numbers))
            if number >= _SLOTS:
                raise AssertionError("more distinct suit tables than a byte numbers")
            ids[kind.rank(bytes(shape))] = number  # type: ignore[index]
            return
        base = 250 if kind.runs and place + 2 < kind.size else 0
        for held in range(min(4, left) + 1):
            moved: dict[int, int] = {}
            get = moved.get
            at = held * 500 + base
            for state, used in states.items():
                for key, gain in moves[at + state]:
                    if get(key, suitwalk.NONE) < used + gain:
                        moved[key] = used + gain
            shape[place] = held
            visit(place + 1, moved, left - held)
        shape[place] = 0

    visit(0, {0: 0}, MOST)
    return ids, list(numbers)


def _gains(kind: _Shapes, ids: bytearray, tables: list[tuple[int, ...]]) -> bytes:
    """Each shape's gains from its neighbours' tables (a shape of 14 tiles: uncounted)."""
    grew = [[sum(1 << i for i in range(10) if a[i] > b[i]) for a in tables] for b in tables]
    out = bytearray(kind.count * _GAINS.size)
    pack: Callable[..., None] = _GAINS.pack_into
    for beginning, (start, room) in kind.high.items():
        for ending, low in kind.low.items():
            if low >= room:
                continue
            shape = bytearray(beginning + ending)
            rank = start + low
            if sum(shape) >= MOST:
                pack(out, rank * _GAINS.size, _UNCOUNTED, *[0] * 9)
                continue
            before = grew[ids[rank]]
            masks = [0] * 10
            for place in range(kind.size):
                if shape[place] >= 4:
                    continue
                shape[place] += 1
                entries = before[ids[kind.rank(bytes(shape))]]  # type: ignore[index]
                shape[place] -= 1
                index = 0
                while entries:
                    if entries & 1:
                        masks[index] |= 1 << place
                    entries >>= 1
                    index += 1
            pack(out, rank * _GAINS.size, *masks)
    return bytes(out)
