"""Which yaku a reading has: the rule set's detectors asked (``RiichiRules.detection``), and the
table's rules (closed-only, ``requires``, ``replaces``, ``needs_any``, ``excludes``) applied to
what the detectors found."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..._core.errors import InputError
from ..rules.compiled import Detection, RiichiRules, Yaku
from ..tiles.notation import EAST
from ..tiles.readings import Reading
from .situation import Situation


class Found(NamedTuple):
    """The yaku of a reading after the table's rules, and what scoring needs from them."""

    ids: tuple[str, ...]  # in table order
    yakuman: tuple[str, ...]
    exclusive: str | None
    han: int  # the yaku's han for this hand (open or closed), dora not included
    fixed: Yaku | None  # the yaku that fixes the hand's fu, if any


def present(rules: RiichiRules, reading: Reading, situation: Situation) -> Found:
    """The yaku of ``reading``, after the table's rules."""
    found_plan = rules.detection
    batches = found_plan.batches
    found: Any
    if len(batches) == 1 and not found_plan.singles:
        found = batches[0][0](reading, situation)
        if type(found) is not frozenset:
            found = frozenset(found) & batches[0][1]
    else:
        gathered: set[str] = set()
        for batch, ids in batches:
            gathered.update(ids.intersection(batch(reading, situation)))
        for ident, detector in found_plan.singles:
            if detector(reading, situation):
                gathered.add(ident)
        found = frozenset(gathered)
    # The yaku found after the table, by what the detectors answered and the win, kept by the rules.
    key = (found, situation.open, situation.seat_wind == EAST, situation.tsumo)
    resolved = rules.caches.resolved
    hit = resolved.get(key)
    if hit is None:
        hit = resolved.put(key, _resolve(found_plan, *key))
    return hit  # type: ignore[no-any-return]


def _resolve(found_plan: Detection, found: frozenset[str], is_open: bool, dealer: bool, tsumo: bool) -> Found:
    """Apply the table to the ids the detectors found: closed-only, requires, replaces, needs_any,
    excludes; then the yakuman, the exclusive yaku, the han and the fixed fu."""
    allowed = found_plan.allowed[dealer << 2 | tsumo << 1 | is_open]
    present = found & allowed.keys()
    replaced: set[str] = set()
    for ident in present:
        replaced |= allowed[ident][1].replaces
    kept = sorted(allowed[ident] for ident in present - replaced)
    if not found_plan.conditional.isdisjoint(present):
        kept = _conditions_met(kept)
    ids: list[str] = []
    yakuman: list[str] = []
    exclusive: str | None = None
    fixed: Yaku | None = None
    han = 0
    for _, yaku, yaku_han in kept:
        ids.append(yaku.id)
        han += yaku_han
        if yaku.yakuman:
            yakuman.append(yaku.id)
        if yaku.exclusive and exclusive is None:
            exclusive = yaku.id
        if fixed is None and yaku.fixed_fu[tsumo] is not None:
            fixed = yaku
    return Found(tuple(ids), tuple(yakuman), exclusive, han, fixed)


Entry = tuple[int, Yaku, int]


def _conditions_met(kept: list[Entry]) -> list[Entry]:
    """``kept`` (in table order) without the yaku that need one of some others which are not there;
    two yaku that exclude each other are refused."""
    ids = {yaku.id for _, yaku, _ in kept}
    met = []
    for entry in kept:
        yaku = entry[1]
        if yaku.needs_any and not yaku.needs_any & ids:
            continue
        if yaku.excludes and yaku.excludes & ids:
            other = min(yaku.excludes & ids)
            raise InputError(f"the detectors found {yaku.id!r} and {other!r}, which can't be in the same hand")
        met.append(entry)
    return met
