"""Which yaku a reading has: the rule set's detectors asked (``RiichiRules.detection``), and the
table's rules (closed-only, ``requires``, ``replaces``, ``needs_any``, ``excludes``) applied to
what the detectors found."""

from __future__ import annotations

from typing import Any, NamedTuple

from .._core.errors import InputError
from .._core.memo import Memo
from ._readings import Reading
from ._rules import Detection, RiichiRules, Yaku
from ._situation import Situation
from ._tiles import EAST


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
    key = (found_plan, found, situation.open, situation.seat_wind == EAST, situation.tsumo)
    hit = _resolved_of(key)
    if hit is None:
        hit = RESOLVED.put(key, _resolve(*key))
    return hit


#: The yaku found, after the table, by what the detectors answered and the win (one reading's).
RESOLVED: Memo[tuple[Detection, frozenset[str], bool, bool, bool], Found] = Memo(4096)
_resolved_of = RESOLVED.get


def _resolve(found_plan: Detection, found: frozenset[str], is_open: bool, dealer: bool, tsumo: bool) -> Found:
    """Apply the table to the ids the detectors found: closed-only, requires, replaces, needs_any,
    excludes; then the yakuman, the exclusive yaku, the han and the fixed fu."""
    index = found_plan.index
    win = 1 << (dealer << 2 | tsumo << 1 | is_open)
    items = []
    for ident in found:
        entry = index.get(ident)
        if entry is not None and entry[3] & win:
            items.append(entry)
    items.sort()
    replaced: set[str] = set()
    for entry in items:
        replaced |= entry[2].replaces
    kept_before = [entry[2] for entry in items if entry[1] not in replaced]
    ids = {y.id for y in kept_before}
    kept = []
    for yaku in kept_before:
        if yaku.needs_any and not yaku.needs_any & ids:
            continue
        if yaku.excludes and yaku.excludes & ids:
            other = min(yaku.excludes & ids)
            raise InputError(f"the detectors found {yaku.id!r} and {other!r}, which can't be in the same hand")
        kept.append(yaku)
    return Found(
        tuple(y.id for y in kept),
        tuple(y.id for y in kept if y.yakuman),
        next((y.id for y in kept if y.exclusive), None),
        sum(y.han_for(is_open) for y in kept),
        next((y for y in kept if y.fu_for(tsumo) is not None), None),
    )
