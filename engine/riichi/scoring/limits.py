"""Basic points and the limits: the rule set's formula, its limit tiers and kiriage, and kazoe
(counted) yakuman."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._core.expressions import MAX_MAGNITUDE, ExpressionError, TooLarge
from ..._core.numbers import round_up
from ..._core.results import Step

if TYPE_CHECKING:
    from ..rules.compiled import RiichiRules, Tier

#: Basic points, the limit's id (or None), the kazoe multiple, the steps.
BasicPoints = tuple[float, "str | None", int, tuple[Step, ...]]
#: Hands of 1 to this many han are read from the rule set's table of basic points.
TABLE_HAN = 13


def yakuman_name(count: int) -> str:
    """``1`` -> ``a yakuman``; ``2`` -> ``2 yakuman``."""
    return "a yakuman" if count == 1 else f"{count} yakuman"


def kazoe_multiple(rules: RiichiRules, han: int) -> int:
    """How many yakuman ``han`` han count as (0 below the kazoe han or without kazoe)."""
    if han < rules.kazoe_han or rules.kazoe == "none":
        return 0
    if rules.kazoe == "yakuman":
        return 1
    return min(han // rules.kazoe_han, rules.max_multiple)


def basic_points(rules: RiichiRules, han: int, fu: int) -> BasicPoints:
    """Basic points, limit name and yakuman multiple of a regular (non-yakuman) hand, with steps:
    from the rule set's table (:func:`points_table`), else worked out and remembered."""
    found = common_points(rules).get((han, fu))
    if found is None:
        found = rules.caches.basic.get((han, fu))
        if found is None:
            found = rules.caches.basic.put((han, fu), work_out(rules, han, fu))
    return found


def common_points(rules: RiichiRules) -> dict[tuple[int, int], BasicPoints]:
    """The rule set's table of basic points by (han, fu) (:func:`points_table`), made on first use
    and kept by ``rules.caches``."""
    table = rules.caches.points
    if table is None:
        table = rules.caches.points = points_table(rules)
    return table  # type: ignore[no-any-return]


def points_table(rules: RiichiRules) -> dict[tuple[int, int], BasicPoints]:
    """The basic points of every hand of 1 to ``TABLE_HAN`` han and every fu a hand can score
    (the rounded fu up to the rule set's maximum, and the fu yaku fix): worked out once per
    rule set, when it first scores a hand (about 200 cells, under a millisecond), so that a
    hand's score needs no expression evaluated."""
    f = rules.fu
    fixed = {value for yaku in rules.fixed_fu for value in yaku.fixed_fu if value is not None}
    rounded = range(int(round_up(f.base, f.round_to)), f.maximum + f.round_to, f.round_to)
    table = {}
    for han in range(1, TABLE_HAN + 1):
        for fu in (*rounded, *fixed):
            try:
                table[han, fu] = work_out(rules, han, fu)
            except ExpressionError:
                continue  # worked out (and refused) again when asked
    return table


def work_out(rules: RiichiRules, han: int, fu: int) -> BasicPoints:
    """Basic points of a regular hand from the rule set's formula, limit tiers and kazoe."""
    kazoe = kazoe_multiple(rules, han)
    if kazoe:
        basic = rules.yakuman_basic * kazoe
        label = f"kazoe: {han} han counts as {yakuman_name(kazoe)}"
        return (
            basic,
            "yakuman",
            kazoe,
            (Step("kazoe", label, kazoe), Step("basic", f"basic points ({rules.yakuman_basic} × {kazoe})", basic)),
        )
    try:
        raw = rules.basic({"han": han, "fu": fu})
    except TooLarge:
        # More than any limit: a tier that holds for it caps the hand (60 han is sanbaiman).
        tier = limit_tier(rules, han, fu, MAX_MAGNITUDE)
        if tier is None:
            raise
        return tier.basic, tier.id, 0, (Step("limit", f"{tier.label} (limit): basic points become", tier.basic),)
    step = Step("basic", f"basic points ({rules.basic.source})", raw)
    tier = limit_tier(rules, han, fu, raw)
    if tier is None:
        return raw, None, 0, (step,)
    how = "kiriage" if rules.kiriage and not tier.when({"han": han, "fu": fu, "basic": raw}) else "limit"
    return tier.basic, tier.id, 0, (step, Step("limit", f"{tier.label} ({how}): basic points become", tier.basic))


def limit_tier(rules: RiichiRules, han: int, fu: int, basic: float) -> Tier | None:
    """The highest limit tier whose condition holds (or, with kiriage, the lowest one once the
    basic points reach ``kiriage_basic``), or ``None``."""
    variables = {"han": han, "fu": fu, "basic": basic}
    best: Tier | None = None
    for tier in rules.tiers:
        if (best is None or tier.basic > best.basic) and tier.when(variables):
            best = tier
    if best is None and rules.kiriage and basic >= rules.kiriage_basic:
        best = next((t for t in sorted(rules.tiers, key=lambda t: t.basic)), None)
    return best
