"""The wall of one hand: the rule set's tiles, shuffled from a seed or given, the dead wall with
its replacement tiles and indicators, the deal, the draws, and the kan dora revealed when the
rule set says (docs/rules/riichi-table.md §5 lays it out and writes down the shuffle).

A tile of the wall is a number ``kind * 4 + copy`` (0-135; ``kind`` is the tile number 0-33,
``copy`` 0-3), as game logs number them; a red five is one of its five's lowest copies (with one
red 5p, ``52``), as many as ``tiles.red_fives`` gives the suit.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..._core.arguments import a_seed, shown
from ..._core.errors import InputError
from ..._core.memo import remembered
from ..tiles.notation import FIVES, TILE_OF, tile_name

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from ..rules.table import TableRules

COPIES = 4
HAND_TILES = 13
#: Tiles dealt to each seat at a time, seat after seat from the dealer: three rounds of four, then one.
DEAL_ROUNDS = (4, 4, 4, 1)
#: Dora indicators and the ura indicator under each: the first, and one more for each of four kans.
INDICATORS = 5
_MASK = (1 << 64) - 1


def kind_of(tile: int) -> int:
    """The tile number (0-33) of a wall tile."""
    return tile >> 2


def is_red(rules: TableRules, tile: int) -> bool:
    """Whether a wall tile is a red five under ``rules`` (a five's lowest copies)."""
    kind = tile >> 2
    return kind in FIVES and (tile & 3) < rules.red_fives[kind // 9]


def tile_label(rules: TableRules, tile: int) -> str:
    """A wall tile's mpsz name: ``0p`` for a red five."""
    name = tile_name(tile >> 2)
    return f"0{name[1]}" if is_red(rules, tile) else name


def tile_set(rules: TableRules) -> tuple[int, ...]:
    """The rule set's tiles, in ascending order: four copies of each tile it does not remove."""
    return _tiles_without(rules.removed)


@remembered("riichi", "wall tile sets", 16)
def _tiles_without(removed: frozenset[int]) -> tuple[int, ...]:
    """Four copies of each tile kind but those ``removed`` (a hand's wall is checked and made
    from it: remembered, as few sets of removed kinds exist)."""
    return tuple(kind * COPIES + copy for kind in range(34) if kind not in removed for copy in range(COPIES))


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64 (2014), the generator the wall is shuffled with: a
    64-bit state advanced by 0x9E3779B97F4A7C15, each output that state mixed (docs/rules/riichi-table.md §5)."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A number from 0 to ``bound - 1``, each equally likely: an output taken modulo ``bound``,
        drawn again while it falls in the incomplete last stretch of 2^64."""
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            drawn = self.next()
            if drawn < limit:
                return drawn % bound


def seed_state(seed: int) -> int:
    """The generator's first state for a wall seed: the 8-byte BLAKE2b digest of the seed's decimal
    text, read big-endian (any seed, negative ones included, gives its own state)."""
    return int.from_bytes(hashlib.blake2b(str(seed).encode("ascii"), digest_size=8).digest(), "big")


def shuffle(items: list[int], rng: SplitMix64) -> list[int]:
    """Fisher-Yates (Durstenfeld): for ``i`` from the last place down to 1, swap place ``i`` with a
    place ``rng.below(i + 1)``. Shuffles ``items`` in place and returns it."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


class Wall:
    """The wall of one hand under a rule set's table rules.

    ``tiles`` is the whole wall in order. The live wall is drawn from its start (the deal, then
    each draw); the dead wall is its last ``tiles.dead_wall`` tiles, counted from the far end:
    first the replacement tiles, then five stacks of two, each a dora indicator over its ura
    indicator. A replacement draw (after a kan, or a kita) takes the next replacement tile, and
    the live wall's last tile joins the dead wall as its newest replacement tile, so the dead wall
    keeps its size and the live wall ends one tile sooner.

    Made by :meth:`shuffled` (from a seed) or :meth:`given` (checked); it changes as tiles are drawn.
    ``live_left`` is how many tiles are left to draw in the live wall (0: the last tile was drawn)
    and ``revealed`` how many dora indicators are revealed (``len(dora_indicators)``); the wall
    keeps both, read as often as the table asks them.
    """

    __slots__ = (
        "rules",
        "tiles",
        "live_left",
        "revealed",
        "_next",
        "_live_end",
        "_replacements",
        "_indicators",
        "_pending",
    )

    def __init__(self, rules: TableRules, tiles: tuple[int, ...]) -> None:
        self.rules = rules
        self.tiles = tiles
        size, dead = len(tiles), rules.dead_wall
        spare = dead - 2 * INDICATORS
        far = size - 1
        self._next = 0
        self._live_end = self.live_left = size - dead
        self._replacements = [far - k for k in range(spare)]
        self._indicators = tuple(far - spare - 2 * k for k in range(INDICATORS))  # the ura lies one nearer
        self.revealed = 1
        self._pending: str | None = None

    @classmethod
    def shuffled(cls, rs: RuleSet, seed: int) -> Wall:
        """The rule set's tiles in ascending order, shuffled by :func:`shuffle` with a
        :class:`SplitMix64` whose first state is :func:`seed_state` of ``seed``."""
        from ..rules.compiled import rules_of

        rules = rules_of(rs).table
        a_seed("seed", seed)
        return cls(rules, tuple(shuffle(list(tile_set(rules)), SplitMix64(seed_state(seed)))))

    @classmethod
    def given(cls, rs: RuleSet, tiles: Any) -> Wall:
        """A wall in the order given (a replay, a rigged test): wall tiles (``kind * 4 + copy``)
        or mpsz names (``"1m"``, ``"0p"`` for a red five), exactly the rule set's tiles, else
        :class:`yakuset.InputError` naming what is wrong."""
        from ..rules.compiled import rules_of

        rules = rules_of(rs).table
        return cls(rules, _checked(rs.id, rules, tiles))

    # --- what the table reads ------------------------------------------------------------------

    @property
    def live(self) -> tuple[int, ...]:
        """The live wall's tiles left, in the order they will be drawn."""
        return self.tiles[self._next : self._live_end]

    @property
    def dead(self) -> tuple[int, ...]:
        """The dead wall now: its replacement tiles in the order they will be drawn, then each
        dora indicator and its ura indicator, first to last."""
        indicators = tuple(tile for at in self._indicators for tile in (self.tiles[at], self.tiles[at - 1]))
        return tuple(self.tiles[at] for at in self._replacements) + indicators

    @property
    def replacements_drawn(self) -> int:
        """How many replacement tiles were drawn (kans and kita)."""
        return len(self.tiles) - self.rules.dead_wall - self._live_end

    @property
    def dora_indicators(self) -> tuple[int, ...]:
        """The dora indicators revealed so far, first to last."""
        return tuple(self.tiles[position] for position in self._indicators[: self.revealed])

    @property
    def ura_indicators(self) -> tuple[int, ...]:
        """The ura indicators a riichi winner turns over: the one under each revealed dora
        indicator (``tiles.kan_ura``), or under the first only; none without ``tiles.ura_dora``."""
        if not self.rules.ura_dora:
            return ()
        shown = self.revealed if self.rules.kan_ura else 1
        return tuple(self.tiles[position - 1] for position in self._indicators[:shown])

    # --- what the table does -------------------------------------------------------------------

    def deal(self, dealer: int) -> tuple[tuple[int, ...], ...]:
        """The starting hands, by seat: from the start of the wall, four tiles to each seat in
        turn from ``dealer`` three times, then one each (13 each). The dealer's fourteenth tile
        is the first :meth:`draw`."""
        players = self.rules.players
        if self._next:
            raise InputError("the wall was dealt from already: deal before the first draw")
        if type(dealer) is not int or not 0 <= dealer < players:
            raise InputError(f"dealer must be a seat from 0 to {players - 1}, got {shown(dealer)}")
        hands: list[list[int]] = [[] for _ in range(players)]
        at = 0
        for size in DEAL_ROUNDS:
            for turn in range(players):
                hands[(dealer + turn) % players].extend(self.tiles[at : at + size])
                at += size
        self._next = at
        self.live_left = self._live_end - at
        return tuple(tuple(hand) for hand in hands)

    def draw(self) -> int:
        """The next tile of the live wall."""
        if self._next >= self._live_end:
            raise InputError("the live wall is empty: the hand ends in an exhaustive draw")
        tile = self.tiles[self._next]
        self._next += 1
        self.live_left -= 1
        return tile

    def replacement(self) -> int:
        """A replacement tile from the dead wall, after a kan or a kita; the live wall's last tile
        joins the dead wall. A kan dora due after the replacement draw is revealed."""
        if self._next >= self._live_end:
            raise InputError("no replacement draw: the live wall is empty, and the dead wall must keep its size")
        tile = self.tiles[self._replacements.pop(0)]
        self._live_end -= 1
        self.live_left -= 1
        self._replacements.append(self._live_end)
        if self._pending == "after_replacement":
            self._reveal()
        return tile

    def kan(self, closed: bool) -> None:
        """A kan was declared (``closed``: a closed kan; else a called or added one): its dora
        indicator is revealed now, or after the replacement draw, or after the kan's discard,
        as ``tiles.kan_dora_timing`` says for its kind (nothing without ``tiles.kan_dora``). An
        earlier kan's indicator still due is revealed first."""
        if not self.rules.kan_dora:
            return
        if self.revealed + (self._pending is not None) >= INDICATORS:
            raise InputError(f"all {INDICATORS} dora indicators are revealed or due: there are at most four kans")
        if self._pending is not None:
            self._reveal()
        moment = self.rules.kan_dora_timing[0 if closed else 1]
        if moment == "immediate":
            self._reveal()
        else:
            self._pending = moment

    def discarded(self) -> None:
        """The player who declared a kan discarded, or set a north aside (a kita, which ends the
        kan's turn as a later kan does): a kan dora due after the discard is revealed."""
        if self._pending is not None:
            self._reveal()

    def _reveal(self) -> None:
        self._pending = None
        self.revealed += 1  # kan() keeps it at most INDICATORS


def _checked(ruleset: str, rules: TableRules, tiles: Any) -> tuple[int, ...]:
    """The wall tiles of a given wall, checked to be exactly the rule set's tile set."""
    if isinstance(tiles, (str, bytes)) or not isinstance(tiles, Sequence):
        raise InputError(
            f"a wall is a sequence of tiles: wall tiles 0-135 or mpsz names like '1m', '0p', got {shown(tiles)}"
        )
    expected = tile_set(rules)
    if len(tiles) != len(expected):
        raise InputError(f"the wall has {len(tiles)} tiles; {ruleset!r}'s set has {len(expected)}")
    if all(type(tile) is int for tile in tiles):
        return _checked_numbers(ruleset, rules, tuple(tiles), expected)
    return _from_names(ruleset, rules, tiles, expected)


def _checked_numbers(
    ruleset: str, rules: TableRules, tiles: tuple[int, ...], expected: tuple[int, ...]
) -> tuple[int, ...]:
    if sorted(tiles) == list(expected):  # the set exactly (expected is ascending): nothing to name
        return tiles
    for tile in tiles:
        if not 0 <= tile < 34 * COPIES:
            raise InputError(f"wall tile {tile} is not a tile: wall tiles are 0-135 (kind * 4 + copy)")
    repeated = [tile for tile, count in Counter(tiles).items() if count > 1]
    if repeated:
        raise InputError(f"wall tile {min(repeated)} ({tile_label(rules, min(repeated))}) is in the wall twice")
    foreign = sorted(set(tiles) - set(expected))
    if foreign:
        raise InputError(
            f"wall tile {foreign[0]} is {tile_name(foreign[0] >> 2)}, not in {ruleset!r}'s tiles (tiles.removed)"
        )
    return tiles


def _from_names(ruleset: str, rules: TableRules, names: Sequence[Any], expected: tuple[int, ...]) -> tuple[int, ...]:
    """Wall tiles for mpsz names: a red five gets its five's lowest free copy, a plain one the next."""
    wanted = Counter(tile_label(rules, tile) for tile in expected)
    given: Counter[str] = Counter()
    for name in names:
        if type(name) is not str or not (name in TILE_OF or (len(name) == 2 and name[0] == "0" and name[1] in "mps")):
            raise InputError(f"each tile of a wall is one mpsz name like '1m' or '0p' (a red five), got {shown(name)}")
        given[name] += 1
    if given != wanted:
        raise InputError(f"the wall is not {ruleset!r}'s tile set: {_difference(given, wanted)}")
    red_taken = dict.fromkeys(FIVES, 0)
    plain_taken = [0] * 34
    out = []
    for name in names:
        if name[0] == "0":
            kind = TILE_OF["5" + name[1]]
            out.append(kind * COPIES + red_taken[kind])
            red_taken[kind] += 1
        else:
            kind = TILE_OF[name]
            reds = rules.red_fives[kind // 9] if kind in FIVES else 0
            out.append(kind * COPIES + reds + plain_taken[kind])
            plain_taken[kind] += 1
    return tuple(out)


def _difference(given: Counter[str], wanted: Counter[str]) -> str:
    """What a wall holds that the set does not, tile by tile (at most five named)."""
    order = {f"{d}{s}": (i, j) for i, s in enumerate("mpsz") for j, d in enumerate("1234056789")}
    wrong = sorted(
        (name for name in given.keys() | wanted.keys() if given[name] != wanted[name]), key=order.__getitem__
    )
    parts = []
    for name in wrong[:5]:
        if not wanted[name]:
            why = (
                "not in the set (tiles.removed)"
                if name[0] != "0"
                else f"the set has no red fives in {name[1]} (tiles.red_fives.{name[1]})"
            )
            parts.append(f"{given[name]} × {name}: {why}")
        else:
            parts.append(f"{given[name]} × {name}, the set has {wanted[name]}")
    more = f"; and {len(wrong) - 5} more" if len(wrong) > 5 else ""
    return "; ".join(parts) + more
