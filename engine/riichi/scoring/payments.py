"""Payments: the basic points times each payer's multiple, rounded up; honba and riichi sticks;
and the steps that say so. With three players a tsumo has two payers: the absent north's share is
lost (tsumo loss) or split evenly between them, rounded as ``scoring.split_rounding`` says."""

from __future__ import annotations

from collections.abc import Mapping

from ..._core.memo import remembered
from ..._core.numbers import format_number, round_up
from ..._core.results import Step
from ..rules.compiled import RiichiRules


def payments(rules: RiichiRules, basic: float, dealer: bool, tsumo: bool) -> dict[str, int]:
    """Each payer's payment before honba: ``{"ron"}``, ``{"each"}`` (dealer tsumo) or
    ``{"dealer", "non_dealer"}`` (non-dealer tsumo)."""
    step = rules.round_to
    if tsumo and rules.players == 3 and not rules.tsumo_loss:
        return _north_split(rules, basic, dealer)
    if not tsumo:
        return {"ron": int(round_up(basic * (rules.ron_dealer if dealer else rules.ron_non_dealer), step))}
    if dealer:
        return {"each": int(round_up(basic * rules.dealer_tsumo_each, step))}
    return {
        "dealer": int(round_up(basic * rules.tsumo_dealer_pays, step)),
        "non_dealer": int(round_up(basic * rules.tsumo_non_dealer_pays, step)),
    }


def _north_split(rules: RiichiRules, basic: float, dealer: bool) -> dict[str, int]:
    """Three-player tsumo without tsumo loss: the absent north's share (a non-dealer's) is split
    evenly between the two payers (docs/rules/sanma.md §3)."""
    step = rules.round_to
    north = rules.dealer_tsumo_each if dealer else rules.tsumo_non_dealer_pays
    own = (
        {"each": rules.dealer_tsumo_each}
        if dealer
        else {
            "dealer": rules.tsumo_dealer_pays,
            "non_dealer": rules.tsumo_non_dealer_pays,
        }
    )
    if rules.split_once:
        return {payer: int(round_up(basic * (multiple + north / 2), step)) for payer, multiple in own.items()}
    half = round_up(round_up(basic * north, step) / 2, step)
    return {payer: int(round_up(basic * multiple, step) + half) for payer, multiple in own.items()}


def with_bonuses(
    rules: RiichiRules, base_payments: Mapping[str, int], honba: int, sticks: int
) -> tuple[dict[str, int], int]:
    """Payments with honba added, and the winner's total with the riichi sticks."""
    if "ron" in base_payments:
        paid = {"ron": base_payments["ron"] + honba * rules.honba_ron}
        total = paid["ron"]
    elif "each" in base_payments:
        paid = {"each": base_payments["each"] + honba * rules.honba_tsumo_each}
        total = (rules.players - 1) * paid["each"]
    else:
        extra = honba * rules.honba_tsumo_each
        paid = {"dealer": base_payments["dealer"] + extra, "non_dealer": base_payments["non_dealer"] + extra}
        total = paid["dealer"] + (rules.players - 2) * paid["non_dealer"]
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
    elif rules.players == 3:
        steps.extend(_three_player_steps(rules, basic, base_payments))
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
    ron = "ron" in base_payments
    honba_each = rules.honba_ron if ron else rules.honba_tsumo_each
    return [*steps, *bonus_steps(honba_each, rules.riichi_stick, ron, honba, sticks)]


def _three_player_steps(rules: RiichiRules, basic: float, base_payments: Mapping[str, int]) -> list[Step]:
    """A three-player tsumo: each of the two payers, and what became of the absent north's share."""
    shown, step = format_number(basic), rules.round_to
    dealer = "each" in base_payments
    north = rules.dealer_tsumo_each if dealer else rules.tsumo_non_dealer_pays
    own = (
        [("each", "each of the two others", rules.dealer_tsumo_each)]
        if dealer
        else [
            ("dealer", "the dealer", rules.tsumo_dealer_pays),
            ("non_dealer", "the other non-dealer", rules.tsumo_non_dealer_pays),
        ]
    )
    half = format_number(north / 2)
    steps = []
    for ident, who, multiple in own:
        if rules.tsumo_loss:
            label = f"{who} pays {shown} × {format_number(multiple)}, rounded up to {step}"
        elif rules.split_once:
            label = (
                f"{who} pays {shown} × {format_number(multiple + north / 2)} ({format_number(multiple)} and half "
                f"the absent north's {format_number(north)}), rounded up to {step} once"
            )
        else:
            label = (
                f"{who} pays {shown} × {format_number(multiple)} rounded up to {step}, plus half of the absent "
                f"north's {shown} × {format_number(north)} rounded up to {step}, that half rounded up to {step}"
            )
        steps.append(Step(ident, label, base_payments[ident]))
    if rules.tsumo_loss:
        lost = format_number(round_up(basic * north, step))
        steps.append(Step("tsumo_loss", f"tsumo loss: the absent north's {lost} is paid by nobody", 0))
    else:
        steps.append(Step("north_split", f"no tsumo loss: the absent north's share split in two (× {half} each)", 0))
    return steps


@remembered("riichi", "honba and stick steps", 1024)
def bonus_steps(honba_each: int, stick: int, ron: bool, honba: int, sticks: int) -> tuple[Step, ...]:
    """The steps that add honba (``honba_each`` to each payment: the discarder's on a ron, each
    player's on a tsumo) and riichi sticks (``stick`` each, to the winner)."""
    steps = []
    if honba and ron:
        steps.append(Step("honba", f"{honba} honba × {honba_each}", honba * honba_each))
    elif honba:
        steps.append(Step("honba", f"{honba} honba × {honba_each} from each player", honba * honba_each))
    if sticks:
        steps.append(Step("riichi_sticks", f"{sticks} riichi stick(s) × {stick} to the winner", sticks * stick))
    return tuple(steps)
