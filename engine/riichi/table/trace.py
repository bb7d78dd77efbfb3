"""A Riichi table's events as text (:meth:`yakuset.riichi.Table.trace`): one line per event,
tiles in mpsz notation (``0p`` a red five)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from .wall import tile_label

if TYPE_CHECKING:
    from ..rules.table import TableRules


def trace_lines(rules: TableRules, events: Sequence[dict[str, Any]]) -> Iterator[str]:
    """The lines of ``events``."""

    def tiles(numbers: Sequence[int]) -> str:
        return " ".join(tile_label(rules, tile) for tile in numbers) or "-"

    for event in events:
        kind = event["type"]
        if kind == "hand":
            yield (
                f"{event['round_wind']} {event['hand']}, {event['honba']} honba, {event['sticks']} stick(s); "
                f"dealer seat {event['dealer']}; scores {' '.join(map(str, event['scores']))}; "
                f"dora indicator {tiles(event['dora_indicators'])}"
            )
            for seat, hand in enumerate(event["hands"]):
                yield f"  seat {seat} dealt {tiles(hand)}"
        elif kind == "draw":
            whence = " (replacement)" if event.get("replacement") else ""
            yield f"  seat {event['seat']} draws {tiles([event['tile']])}{whence}"
        elif kind == "dora":
            yield f"  dora indicator {tiles([event['indicator']])} revealed"
        elif kind == "declare":
            called = tiles([event["tile"]])
            yield f"  seat {event['seat']} declares {event['kind']} on {called} with {tiles(event['tiles'])}"
        elif kind in ("chi", "pon", "open_kan"):
            called = tiles([event["tile"]])
            whose = f"seat {event['from']}"
            yield f"  seat {event['seat']} takes {called} from {whose}: {kind} with {tiles(event['tiles'])}"
        elif kind == "closed_kan":
            yield f"  seat {event['seat']} declares a closed kan: {tiles(event['tiles'])}"
        elif kind == "kita":
            yield f"  seat {event['seat']} sets aside {tiles([event['tile']])} (kita)"
        elif kind == "added_kan":
            yield f"  seat {event['seat']} adds {tiles([event['tile']])} to its pon (added kan)"
        elif kind == "discard":
            how = (" (tsumogiri)" if event["tsumogiri"] else "") + (" declaring riichi" if event["riichi"] else "")
            yield f"  seat {event['seat']} discards {tiles([event['tile']])}{how}"
        elif kind == "riichi":
            yield f"  seat {event['seat']}'s riichi stands: one stick on the table"
        elif kind in ("pass", "nine_terminals"):
            yield f"  seat {event['seat']} {'passes' if kind == 'pass' else 'declares nine terminals'}"
        elif kind in ("ron", "tsumo"):
            yield f"  seat {event['seat']} {kind} {tiles([event['tile']])}"
        elif kind == "end":
            yield from _end_lines(event, tiles)
        elif kind == "game_end":
            yield f"game ends ({event['reason'].replace('_', ' ')}): scores {' '.join(map(str, event['scores']))}"


def _end_lines(event: dict[str, Any], tiles: Any) -> Iterator[str]:
    ending = event["ending"].replace("_", " ")
    for win in event.get("wins", ()):
        value = f"{win['yakuman']}x yakuman" if win["yakuman"] else f"{win['han']} han {win['fu']} fu"
        ura = f"; ura indicator {tiles(win['ura_indicators'])}" if win["ura_indicators"] else ""
        pao = f"; seat {win['pao']} is liable (pao)" if win.get("pao") is not None else ""
        yield f"  seat {win['seat']} wins: {', '.join(win['yaku'])} ({value}){ura}{pao}"
    if "tenpai" in event:
        yield f"  tenpai: {', '.join(f'seat {s}' for s in event['tenpai']) or 'nobody'}"
    transfers = " ".join(f"{t:+d}" for t in event["transfers"])
    yield f"  hand ends: {ending}; transfers {transfers}; scores {' '.join(map(str, event['scores']))}"
