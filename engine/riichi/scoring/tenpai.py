"""Shanten and waits of a hand as the API takes it (:func:`yakuset.riichi.shanten`,
:func:`yakuset.riichi.waits`): the tiles and melds in mpsz notation read and checked, with a rule
set's removed tiles and chi, then counted by the suit tables of :mod:`..tiles.shanten`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..._core.errors import InputError
from ..rules.compiled import rules_of
from ..tiles.notation import Meld, read_hand, tile_name
from ..tiles.shanten import FULL_LIMITS, shanten_of, waits_of
from .win import check_removed, parse_melds, refuse_chi

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet


def _read(hand: Any, melds: Any, ruleset: Any, what: str) -> tuple[bytes, bytes, int, int]:
    """Check a hand, its melds and the rule set; its counts, the limits, the number of melds and
    of concealed tiles."""
    removed: frozenset[int] = frozenset()
    if ruleset is not None:
        table = rules_of(ruleset).table
        removed = table.removed
    concealed, reds, counts = read_hand(hand)
    parsed: list[Meld] = parse_melds(melds) if melds or type(melds) is not tuple else []
    if ruleset is not None:
        if not table.chi:
            refuse_chi(parsed, ruleset.id)
        if removed:
            every = concealed + tuple(tile for meld in parsed for tile in meld.tiles)
            check_removed(removed, every, reds + tuple(t for meld in parsed for t in meld.red_tiles), [], [])
    limits = bytearray(FULL_LIMITS)
    for tile in removed:
        limits[tile] = 0
    for meld in parsed:
        for tile in meld.tiles:
            if not limits[tile]:
                raise InputError(f"{tile_name(tile)}: more than four copies in the hand and its melds")
            limits[tile] -= 1
    for tile, held in enumerate(counts):
        if held > limits[tile]:
            place = "the hand and its melds" if limits[tile] < 4 else "the hand"
            raise InputError(f"{held + 4 - limits[tile]} copies of {tile_name(tile)} in {place}: there are only four")
    if ruleset is not None and not table.karaten_held:
        limits = bytearray(FULL_LIMITS)  # draws.karaten: concealed: the melds' copies make no wait dead
        for tile in removed:
            limits[tile] = 0
    wanted = 13 - 3 * len(parsed)
    allowed = (wanted,) if what == "waits" else (wanted, wanted + 1)
    if len(concealed) not in allowed:
        given = f"with {len(parsed)} meld(s) " if parsed else ""
        need = " or ".join(str(n) for n in allowed)
        raise InputError(f"{what}: {given}the hand needs {need} concealed tiles, got {len(concealed)}")
    return counts, bytes(limits), len(parsed), len(concealed)


def shanten(hand: str, melds: Sequence[tuple[str, str]] = (), *, ruleset: RuleSet | None = None) -> int:
    """The shanten number of a hand: how many more tiles it must draw (each replacing one it
    discards) to be tenpai; 0 is tenpai, -1 a complete hand.

    ``hand`` holds the concealed tiles in mpsz notation, 13 or 14 less 3 per meld; ``melds`` are
    ``(kind, tiles)`` pairs as :func:`yakuset.riichi.evaluate` takes them (a kan counts as a
    set). Standard hands, seven pairs and the thirteen orphans (closed hands only) are counted.
    A complete hand counted holds no more of a tile than exist: four, less the melds' copies
    (not less them where ``ruleset``'s ``draws.karaten`` is ``concealed``);
    with ``ruleset`` (a Riichi rule set), none of a tile it removes (``tiles.removed``: three
    players have no 2m-8m), whose tiles and chi melds (``wins.chi``) are refused as ``evaluate``
    refuses them. Raises :class:`yakuset.InputError` naming what is wrong.

        >>> shanten("123456789m1234p")
        0
    """
    counts, limits, melds_count, _ = _read(hand, melds, ruleset, "shanten")
    return shanten_of(counts, limits, melds_count)


def waits(hand: str, melds: Sequence[tuple[str, str]] = (), *, ruleset: RuleSet | None = None) -> tuple[str, ...]:
    """The tiles that complete a tenpai hand of 13 tiles (less 3 per meld), as mpsz names in tile
    order; empty when the hand is not tenpai. A tile that the rule set removes, or of which the
    hand holds all four copies, is no wait; nor one of which the hand and its melds do, unless
    ``ruleset``'s ``draws.karaten`` is ``concealed`` (a lone white beside a white pon waits on
    white: docs/rules/riichi-table.md §6). Arguments as for :func:`shanten`.

        >>> waits("123456789m1234p")
        ('1p', '4p')
    """
    counts, limits, melds_count, _ = _read(hand, melds, ruleset, "waits")
    return tuple(tile_name(tile) for tile in waits_of(counts, limits, melds_count))
