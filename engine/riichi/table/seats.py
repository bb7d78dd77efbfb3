"""One seat's part of the hand in play (:class:`Seat`): its tiles, melds, discards and what the
table keeps of its waits and riichi."""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Sequence
from typing import NamedTuple

from ..tiles.notation import NORTH
from ..tiles.shanten import shanten_and_waits, shanten_of


class Meld(NamedTuple):
    """A meld at the table: ``kind`` (``chi``, ``pon``, ``kan`` for an open or added kan,
    ``ankan``), its wall tiles (ascending), the tile ``called`` and the seat it came from
    (``source``; both ``None`` for a closed kan)."""

    kind: str
    tiles: tuple[int, ...]
    called: int | None
    source: int | None


def counts(tiles: Sequence[int]) -> bytes:
    """How many of each tile kind (0-33) ``tiles`` hold."""
    found = bytearray(34)
    for tile in tiles:
        found[tile >> 2] += 1
    return bytes(found)


#: What a seat's waits were counted from and what it gave (:meth:`Seat.count_waits`): nothing yet.
_NOTHING_COUNTED = ((b"", b"", 0), (0, ()))
#: What a seat's shanten was measured from and what it was (:meth:`Seat.shanten`): nothing yet.
_NOTHING_MEASURED = ((b"", b"", 0), 0)


class Seat:
    """One seat in the hand in play.

    ``concealed`` its hand (wall tiles, ascending) and ``kinds`` its count by tile kind; its
    ``melds`` (``open`` once it called: a closed kan keeps the hand closed), ``discards`` (a
    discard called away stays, and ``called_away`` says so; ``discarded`` counts them by kind)
    and the norths set aside (``kita``); whether it declared ``riichi`` (``double``: in its
    first go around) and still has ``ippatsu``; its ``furiten`` (``"temporary"``, ``"riichi"``
    or ``None``); the ``waits`` of its hand of 13 and their ``floor`` (:meth:`count_waits`);
    and ``pao``, the seat liable for each yakuman its calls completed.

    The table changes a hand only through :meth:`draw`, :meth:`take` and :meth:`discard` (and
    a meld or a kita with :meth:`take`), so what is counted from the hand (``kinds``,
    ``discarded``, the waits, the shanten) is kept up to date there or counted again only
    when the hand changed (``counted``, ``measured``). ``melds_count`` (``draws.karaten:
    held``): the tiles of its melds and set-aside norths are copies its waits cannot have
    (:meth:`limits`)."""

    __slots__ = (
        "concealed",
        "kinds",
        "melds",
        "open",
        "discards",
        "called_away",
        "riichi",
        "double",
        "ippatsu",
        "furiten",
        "kita",
        "discarded",
        "waits",
        "floor",
        "counted",
        "measured",
        "pao",
        "melds_count",
    )

    def __init__(self, dealt: Sequence[int], melds_count: bool = True) -> None:
        self.concealed = sorted(dealt)
        self.kinds = bytearray(counts(dealt))
        self.melds: list[Meld] = []
        self.open = False
        self.discards: list[int] = []
        self.called_away = False
        self.riichi = False
        self.double = False
        self.ippatsu = False
        self.furiten: str | None = None
        self.kita: list[int] = []
        self.discarded = bytearray(34)
        self.waits: tuple[int, ...] = ()
        self.floor = 0
        self.counted: tuple[tuple[bytes, bytes, int], tuple[int, tuple[int, ...]]] = _NOTHING_COUNTED
        self.measured: tuple[tuple[bytes, bytes, int], int] = _NOTHING_MEASURED
        self.pao: dict[str, int] = {}
        self.melds_count = melds_count

    def draw(self, tile: int) -> None:
        """Put ``tile`` (drawn, a replacement) into the hand (and its counts by kind)."""
        insort(self.concealed, tile)
        self.kinds[tile >> 2] += 1

    def take(self, tiles: Sequence[int]) -> None:
        """Take ``tiles`` out of the hand (and its counts by kind)."""
        hand, kinds = self.concealed, self.kinds
        for tile in tiles:
            hand.remove(tile)
            kinds[tile >> 2] -= 1

    def of_kind(self, kind: int) -> list[int]:
        """The held tiles of ``kind``, ascending (the hand is)."""
        hand = self.concealed
        return hand[bisect_left(hand, kind << 2) : bisect_left(hand, (kind + 1) << 2)]

    def limits(self, copies: bytes, extra: Sequence[int] = ()) -> bytes:
        """The copies of each tile left for the hand: ``copies`` (the rule set's, by kind) less
        its melds', the norths set aside, and ``extra`` (a kan about to be made); only
        ``copies`` where the concealed hand alone can make a wait dead (``draws.karaten:
        concealed``)."""
        melds, kita = self.melds, self.kita
        if not self.melds_count or (not melds and not extra and not kita):
            return copies
        limits = bytearray(copies)
        for meld in melds:
            for tile in meld.tiles:
                limits[tile >> 2] -= 1
        limits[NORTH] -= len(kita)
        for tile in extra:
            limits[tile >> 2] -= 1
        return bytes(limits)

    def discard(self, tile: int, drawn: int | None, copies: bytes) -> None:
        """Discard ``tile`` (``drawn``: the tile drawn this turn, ``None`` after a call): the hand
        and the discards change, and the waits of the hand of 13 left are counted, unless its
        ``floor`` says it is not tenpai (:meth:`count_waits`): then the floor goes down by one,
        but not when the drawn tile is discarded (the hand before the draw again)."""
        self.concealed.remove(tile)
        self.kinds[tile >> 2] -= 1
        self.discards.append(tile)
        self.discarded[tile >> 2] += 1
        floor = self.floor
        if floor > 0 or (floor == 0 and tile == drawn):
            self.waits = ()
            if tile != drawn:
                self.floor = floor - 1
        else:
            self.count_waits(copies)

    def shanten(self, copies: bytes) -> int:
        """The shanten of the concealed tiles as they are now (13, or 14 after a draw, less 3 a
        meld; -1 complete), no tile counted past its copies left (:func:`shanten_of`). Read from
        the waits counted when the hand is the one counted last (:meth:`count_waits`), else
        measured, and remembered until the hand changes."""
        key = (bytes(self.kinds), self.limits(copies), len(self.melds))
        counted, found = self.counted
        if counted == key:
            return found[0]
        measured, shanten = self.measured
        if measured != key:
            shanten = shanten_of(*key)
            self.measured = (key, shanten)
        return shanten

    def count_waits(self, copies: bytes) -> None:
        """Count the waits of the hand of 13 (less 3 a meld), and its floor from them.

        ``floor`` is one less than a lower bound of the shanten of the hand of 13 as it was
        before its turn (here: the hand counted), so a lower bound of the shanten of its hand
        when it next discards, both before (a tile drawn or called) and after the discard: a
        tile added lowers the shanten by at most one, a meld fixed or a tile discarded never
        lowers it. So while the floor is 1 or more the hand cannot be tenpai nor declare
        riichi, and nothing needs counting (the discard's flow, the riichi rules); the floor
        then goes down by one, but not when the drawn tile is discarded: the hand is again the
        one before the draw, its shanten one more than the floor, so not tenpai from a floor
        of 0 either.

        The hand counted last is remembered (``counted``: its counts, limits and melds, and
        what they gave): the same hand again (the drawn tile discarded, as every turn after
        riichi) is not counted again."""
        kinds, limits, melds = bytes(self.kinds), self.limits(copies), len(self.melds)
        hand, counted = self.counted
        if hand != (kinds, limits, melds):
            counted = shanten_and_waits(kinds, limits, melds)
            self.counted = ((kinds, limits, melds), counted)
        shanten, self.waits = counted
        self.floor = shanten - 1
