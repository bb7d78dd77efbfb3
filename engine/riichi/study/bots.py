"""Riichi bots: what a bot is asked, what it sees, how one is found by name, and the count of
tiles a discard accepts that efficiency bots play by.

A bot answers one question (:class:`Bot`): which of the legal moves its seat plays now. It sees
the game through its seat's :class:`yakuset.riichi.View` (``table.view(seat)``): its own hand,
every discard and meld, riichi, the dora indicators, the scores; never another hand or the wall.

Bots come from plugins: a plugin implements ``yakuset_riichi_bots`` and returns factories by
name (``yakuset.riichi.hookspecs``). The built-in plugin offers ``random``, ``tsumogiri``,
``efficiency`` and ``human``; an installed package adds its own through the ``yakuset``
entry-point group.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol, runtime_checkable

from ..._core.bots import OfferedBot, find_offered
from ..rules.compiled import rules_of
from ..rules.hooks import offered_bots
from ..tiles.shanten import discard_efficiency

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from ..table.moves import Move
    from ..table.play import View


@runtime_checkable
class Bot(Protocol):
    """A player of simulated games."""

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """One of ``moves`` (the seat's legal moves now, as :meth:`yakuset.riichi.Table.legal_moves`
        lists them; never empty) for the seat of ``view``."""
        ...


#: Makes a bot for one seat of one game: ``factory(ruleset, rng)``. ``rng`` is the seat's own
#: random stream, derived from the game's seed and the seat: a bot that draws only from it plays
#: the same game the same way every time.
BotFactory = Callable[["RuleSet", random.Random], Bot]


def find_bots(rs: RuleSet, names: Sequence[str]) -> list[OfferedBot]:
    """The bots named ``names``, one a seat (as many as the rule set seats players), built-in
    bots first, then installed packages'; :class:`yakuset.InputError` names an unknown bot. Each
    is the factory with its name and its plugin's (``.name``, ``.plugin``, ``.factory``), so a
    bot that fails at the table is named."""
    players = rules_of(rs).table.players
    return find_offered(rs, names, offered_bots, (players,), f"Riichi under {rs.id!r}")


def discard_choices(moves: Sequence[Move]) -> tuple[dict[int, Move], dict[int, Move]]:
    """The discards and the riichi declarations among ``moves``, each by its tile's kind (0-33):
    of two copies of a kind the higher (so a red five, a five's lowest copy, is kept)."""
    discards: dict[int, Move] = {}
    riichi: dict[int, Move] = {}
    for move in moves:  # ascending by tile: the higher copy of a kind is kept last
        if move.tile is not None and move.kind in ("discard", "riichi"):
            (discards if move.kind == "discard" else riichi)[move.tile >> 2] = move
    return discards, riichi


class Efficiency(NamedTuple):
    """One tile kind a seat may discard (0-33), the shanten of the hand it leaves, and how many
    tiles would lower that shanten, counted over the copies the seat cannot see."""

    kind: int
    shanten: int
    accepted: int


#: The order a tie between equally efficient discards is broken in: honours go first, then
#: terminals, then twos and eights, the middle tiles last.
_KEEP = tuple(0 if kind >= 27 else 1 if kind % 9 in (0, 8) else 2 if kind % 9 in (1, 7) else 3 for kind in range(34))


def tile_efficiency(view: View) -> list[Efficiency]:
    """For each tile kind in the hand of ``view``'s seat (a hand of 14, less 3 a meld), the
    shanten left after discarding one and the tiles it then accepts: the copies of each tile
    that lowers the shanten that the seat cannot see (not in its hand, any discard, any meld or
    the dora indicators). Best first: lowest shanten, most accepted, then honours, terminals,
    twos and eights before middle tiles, then by kind."""
    counts = view.counts
    seen = bytearray(counts)
    limits = bytearray(view.copies)
    left = bytearray(limits)
    own = 0
    for seat, melds in enumerate(view.melds):
        for _, tiles in melds:
            own += seat == view.seat
            for tile in tiles:
                seen[tile >> 2] += 1
                if seat == view.seat:
                    limits[tile >> 2] -= 1
    for discards in view.discards:
        for tile in discards:
            seen[tile >> 2] += 1
    for tile in view.dora_indicators:
        seen[tile >> 2] += 1
    for kind in range(34):
        left[kind] = max(0, left[kind] - seen[kind])
    found = [
        Efficiency(kind, after, accepted)
        for kind, after, accepted in discard_efficiency(counts, bytes(limits), own, left)
    ]
    found.sort(key=lambda e: (e.shanten, -e.accepted, _KEEP[e.kind], e.kind))
    return found
