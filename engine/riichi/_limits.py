"""Basic points and the limits: the rule set's formula, its limit tiers and kiriage, and kazoe
(counted) yakuman."""

from __future__ import annotations

import functools

from .._core.expressions import MAX_MAGNITUDE, TooLarge
from .._core.results import Step
from ._rules import RiichiRules, Tier


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


@functools.lru_cache(maxsize=4096)
def basic_points(rules: RiichiRules, han: int, fu: int) -> tuple[float, str | None, int, tuple[Step, ...]]:
    """Basic points, limit name and yakuman multiple of a regular (non-yakuman) hand, with steps.
    Remembered: raw fu 22 to 30 all round to 30, so a stream of hands asks each question often."""
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
