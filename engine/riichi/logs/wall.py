"""The wall a logged hand was played from, rebuilt for the :class:`yakuset.riichi.Table`
(docs/rules/tenhou-logs.md §9).

A log gives each dealt hand (sorted), every draw in order, each replacement draw after a kan or
a kita, the dora indicators shown and, for a riichi winner, the ura indicators. Each goes where
the table's wall (``table.wall``, docs/rules/riichi-table.md §5) will hand it out: the dealt tiles to
their seat's places in the deal, the draws to the live wall's places in order, the replacement
draws to the dead wall's replacement places in the order the table takes them, the indicators
and ura indicators to their stacks. The tiles the log never reveals fill the places left, the
lowest tile first into the earliest place: the same log always gives the same wall.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..table.events import TileDrawn
from ..table.wall import INDICATORS, Wall, tile_set
from .record import LogError, LogHand

if TYPE_CHECKING:
    from ..rules.table import TableRules


def rebuilt_wall(rules: TableRules, hand: LogHand, file: str, number: int) -> tuple[int, ...]:
    """The wall of ``hand`` (the ``number``-th of the log ``file``, from 1) under ``rules``:
    every tile the log reveals where the table draws it, the others filled in ascending order.
    A tile the log shows twice, one the rule set's tiles lack, or more draws than the wall
    holds is a :class:`LogError`."""
    tiles = tile_set(rules)
    # A wall of places: dealing from it and drawing from it give the places the tiles go to.
    places = Wall(rules, tuple(range(len(tiles))))
    wall: list[int | None] = [None] * len(tiles)

    def put(place: int, tile: int, event: int | None) -> None:
        if wall[place] is not None:
            raise LogError(file, number, event, f"the wall place {place} is given twice")
        wall[place] = tile

    for seat, dealt_places in enumerate(places.deal(hand.dealer)):
        for place, tile in zip(dealt_places, hand.dealt[seat], strict=True):
            put(place, tile, None)
    indicator_places = places.dead[len(places.dead) - 2 * INDICATORS :]
    dora = hand.dora_indicators
    ura = tuple(t for t in dict.fromkeys(t for win in (hand.result.wins if hand.result else ()) for t in win.ura))
    if len(dora) > INDICATORS or len(ura) > len(dora):
        raise LogError(file, number, None, f"{len(dora)} dora and {len(ura)} ura indicators: at most {INDICATORS}")
    for index, tile in enumerate(dora):
        put(indicator_places[2 * index], tile, None)
    for index, tile in enumerate(ura):
        put(indicator_places[2 * index + 1], tile, None)
    for index, event in enumerate(hand.events):
        if type(event) is TileDrawn:
            try:
                place = places.replacement() if event.replacement else places.draw()
            except ValueError:
                raise LogError(file, number, index, "a draw past the wall's end") from None
            put(place, event.tile, index)
    seen = [t for t in wall if t is not None]
    if len(set(seen)) != len(seen):
        twice = min(t for t in seen if seen.count(t) > 1)
        raise LogError(file, number, None, f"tile id {twice} is seen twice")
    left = sorted(set(tiles) - set(seen))
    if len(left) + len(seen) != len(tiles):
        foreign = min(set(seen) - set(tiles))
        raise LogError(file, number, None, f"tile id {foreign} is not one of the rule set's tiles (tiles.removed)")
    unseen = iter(left)
    return tuple(next(unseen) if tile is None else tile for tile in wall)
