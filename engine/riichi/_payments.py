"""Payments: the basic points times each payer's multiple, rounded up; honba and riichi sticks;
and the steps that say so."""

from __future__ import annotations

from collections.abc import Mapping

from .._core.numbers import format_number, round_up
from .._core.results import Step
from ._rules import RiichiRules


def payments(rules: RiichiRules, basic: float, dealer: bool, tsumo: bool) -> dict[str, int]:
    """Each payer's payment before honba: ``{"ron"}``, ``{"each"}`` (dealer tsumo) or
    ``{"dealer", "non_dealer"}`` (non-dealer tsumo)."""
    step = rules.round_to
    if not tsumo:
        return {"ron": int(round_up(basic * (rules.ron_dealer if dealer else rules.ron_non_dealer), step))}
    if dealer:
        return {"each": int(round_up(basic * rules.dealer_tsumo_each, step))}
    return {
        "dealer": int(round_up(basic * rules.tsumo_dealer_pays, step)),
        "non_dealer": int(round_up(basic * rules.tsumo_non_dealer_pays, step)),
    }


def with_bonuses(
    rules: RiichiRules, base_payments: Mapping[str, int], honba: int, sticks: int
) -> tuple[dict[str, int], int]:
    """Payments with honba added, and the winner's total with the riichi sticks."""
    if "ron" in base_payments:
        paid = {"ron": base_payments["ron"] + honba * rules.honba_ron}
        total = paid["ron"]
    elif "each" in base_payments:
        paid = {"each": base_payments["each"] + honba * rules.honba_tsumo_each}
        total = 3 * paid["each"]
    else:
        extra = honba * rules.honba_tsumo_each
        paid = {"dealer": base_payments["dealer"] + extra, "non_dealer": base_payments["non_dealer"] + extra}
        total = paid["dealer"] + 2 * paid["non_dealer"]
    return paid, total + sticks * rules.riichi_stick


def payment_steps(
    rules: RiichiRules, basic: float, base_payments: Mapping[str, int], dealer: bool, honba: int, sticks: int
) -> list[Step]:
    """One step per payer (``basic × multiple, rounded up``), then the honba and stick steps."""
    steps = []
    shown = format_number(basic)
    if "ron" in base_payments:
        factor = rules.ron_dealer if dealer else rules.ron_non_dealer
        steps.append(
            Step(
                "ron",
                f"the discarder pays {shown} × {format_number(factor)}, rounded up to {rules.round_to}",
                base_payments["ron"],
            )
        )
    elif "each" in base_payments:
        steps.append(
            Step(
                "each",
                f"each player pays {shown} × {format_number(rules.dealer_tsumo_each)}, rounded up to {rules.round_to}",
                base_payments["each"],
            )
        )
    else:
        steps.append(
            Step(
                "dealer",
                f"the dealer pays {shown} × {format_number(rules.tsumo_dealer_pays)}, rounded up to {rules.round_to}",
                base_payments["dealer"],
            )
        )
        steps.append(
            Step(
                "non_dealer",
                f"each non-dealer pays {shown} × "
                f"{format_number(rules.tsumo_non_dealer_pays)}, rounded up to "
                f"{rules.round_to}",
                base_payments["non_dealer"],
            )
        )
    return [*steps, *bonus_steps(rules, "ron" in base_payments, honba, sticks)]


def bonus_steps(rules: RiichiRules, ron: bool, honba: int, sticks: int) -> list[Step]:
    """The steps that add honba (per payer on a tsumo) and riichi sticks (to the winner)."""
    steps = []
    if honba and ron:
        steps.append(Step("honba", f"{honba} honba × {rules.honba_ron}", honba * rules.honba_ron))
    elif honba:
        steps.append(
            Step("honba", f"{honba} honba × {rules.honba_tsumo_each} from each player", honba * rules.honba_tsumo_each)
        )
    if sticks:
        steps.append(
            Step(
                "riichi_sticks",
                f"{sticks} riichi stick(s) × {rules.riichi_stick} to the winner",
                sticks * rules.riichi_stick,
            )
        )
    return steps
