"""The walk along a suit that shanten's tables come from, one place at a time.

A state of the walk packs the sets and pairs begun so far and the runs begun one and two places
back in one int: ``((sets * 2 + pairs) * 5 + back1) * 5 + back2``. :func:`steps` gives the states
one place leads to, and :func:`settled` reads a suit's table from the states after its last place.
The reference (``shanten._walk``, one suit at a time) and the fast path's build of every shape
(``shanten_fast``, sharing the walk of a common beginning) take the same steps.
"""

from __future__ import annotations

from collections.abc import Mapping

#: No such combination of blocks.
NONE = -99


def steps(held: int, cap: int, run_ok: bool, state: int) -> tuple[tuple[int, int], ...]:
    """The states a walk reaches from ``state`` at a place holding ``held`` of ``cap`` copies
    left, and the tiles each uses there: runs begun (``run_ok``), a triplet, the pair; never
    more copies than ``cap``, four sets and one pair at most."""
    index, back1, back2 = state // 25, state // 5 % 5, state % 5
    sets, pairs = divmod(index, 2)
    carried = back1 + back2
    found = []
    if carried <= cap:
        most_runs = min(4 - sets, cap - carried) if run_ok else 0
        for begun in range(most_runs + 1):
            for triplet in (0, 1) if held and sets + begun < 4 else (0,):
                for pair in (0, 1) if held and not pairs else (0,):
                    need = carried + begun + 3 * triplet + 2 * pair
                    if need > cap:
                        break
                    key = (((sets + begun + triplet) * 2 + pairs + pair) * 5 + begun) * 5 + back1
                    found.append((key, need if need < held else held))
    return tuple(found)


def settled(states: Mapping[int, int]) -> tuple[int, ...]:
    """The table a walk's last ``states`` (state -> tiles used) give: ``best[m * 2 + p]``, the
    most tiles ``m`` sets and ``p`` pairs use with no run left open, made monotone (fewer blocks
    that use tiles, the rest placed anywhere: some tile always has room)."""
    best = [NONE] * 10
    for state, used in states.items():
        if not state % 25 and best[state // 25] < used:  # no run left open
            best[state // 25] = used
    return monotone(best)


def monotone(best: list[int]) -> tuple[int, ...]:
    """``best`` (the most tiles ``m`` sets and ``p`` pairs use, at ``m * 2 + p``) made monotone:
    fewer blocks that use tiles and the rest placed anywhere, as some tile always has room."""
    for index in range(10):
        sets, pairs = divmod(index, 2)
        if pairs and best[index - 1] > best[index]:
            best[index] = best[index - 1]
        if sets and best[index - 2] > best[index]:
            best[index] = best[index - 2]
    return tuple(best)
