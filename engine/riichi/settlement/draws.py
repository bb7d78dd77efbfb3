"""Settling a hand nobody won: an exhaustive draw (noten payments or nagashi mangan), an abortive
draw, or a chombo (the hand void, the offender's penalty)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..._core.errors import InputError
from ..kinds import AbortiveDraw
from ..rules.compiled import RiichiRules, rules_of
from ..rules.table import TableRules
from ..scoring.payments import payments
from ..scoring.score import score
from .ledger import Label, Ledger, Settlement
from .outcomes import Chombo, Draw
from .rotation import finish, next_hand, scores_after
from .state import State, make_state

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

_NAGASHI = Label("nagashi mangan, paid as a tsumo (no honba)")
_NAGASHI_ONLY = Label("nagashi mangan replaces the noten payments")
_NOTEN = Label("{} is noten and pays {}", seats=(0,))
_TENPAI = Label("{} is tenpai and receives {}", seats=(0,))
_NO_NOTEN = Label("{} tenpai: no noten payments")
_STICKS_STAY = Label("{} riichi stick(s) stay on the table")
_ABORT = Label("abortive draw: {}")
_RIICHI_VOID = Label("{}'s riichi stick goes back (the hand is void)", seats=(0,))
_REVERSE_MANGAN = Label("chombo: a reverse mangan")
_DEDUCTION = Label("chombo: {} loses {} points after uma at the end", seats=(0,))
_REPLAY = Label("the hand is replayed: same dealer, same honba")


def nagashi_payments(rs: RuleSet, dealer: bool) -> Mapping[str, int]:
    """What each player pays for a nagashi mangan: the yaku ``nagashi_mangan`` won by tsumo (kept
    by the rule set)."""
    kept = rules_of(rs).caches.nagashi
    found = kept.get(dealer)
    if found is None:
        found = kept[dealer] = score(rs, yaku=["nagashi_mangan"], dealer=dealer, tsumo=True).payments
    return found


def draw(
    rs: RuleSet, rules: RiichiRules, state: State, outcome: Draw, declared: tuple[int, ...], sticks: int, ledger: Ledger
) -> Settlement:
    """An exhaustive draw: nagashi mangan, else the noten payments; renchan if the dealer is tenpai."""
    table = rules.table
    tenpai, nagashi = outcome
    for seat in declared:
        if seat not in tenpai:
            raise InputError(f"seat {seat} declared riichi, so is tenpai at the draw (a noten riichi is a chombo)")
    if nagashi and not table.nagashi_mangan:
        raise InputError("the rule set has no nagashi mangan (draws.nagashi_mangan: false)")
    if nagashi:
        _nagashi_mangan(rs, table, state, nagashi, ledger)
    elif table.noten_payments and 0 < len(tenpai) < table.players:
        _noten_payments(table, tenpai, ledger)
    else:
        ledger.note("noten", 0, _NO_NOTEN, len(tenpai))
    ledger.note("sticks", 0, _STICKS_STAY, sticks)
    renchan = table.renchan_tenpai and state.dealer in tenpai
    return next_hand(table, state, "draw", (), ledger, renchan, table.honba_draw, sticks, "tenpai_yame")


def _nagashi_mangan(rs: RuleSet, table: TableRules, state: State, nagashi: tuple[int, ...], ledger: Ledger) -> None:
    for seat in nagashi:
        dealer = seat == state.dealer
        pays = nagashi_payments(rs, dealer)
        for payer in range(table.players):
            if payer != seat:
                due = pays["each"] if dealer else pays["dealer" if payer == state.dealer else "non_dealer"]
                ledger.pay("nagashi", payer, seat, due, _NAGASHI)
    ledger.note("nagashi", 0, _NAGASHI_ONLY)


def _noten_payments(table: TableRules, tenpai: tuple[int, ...], ledger: Ledger) -> None:
    noten = [s for s in range(table.players) if s not in tenpai]
    gain, loss = table.noten_payments // len(tenpai), table.noten_payments // len(noten)
    for seat in noten:
        ledger.delta[seat] -= loss
        ledger.note("noten", -loss, _NOTEN, seat, loss)
    for seat in tenpai:
        ledger.delta[seat] += gain
        ledger.note("tenpai", gain, _TENPAI, seat, gain)


def abort(
    table: TableRules,
    state: State,
    kind: AbortiveDraw,
    declared: tuple[int, ...],
    sticks: int,
    ledger: Ledger,
    noted: bool = False,
) -> Settlement:
    """An abortive draw the rule set has: the sticks stay, renchan as the rule set says."""
    if kind not in table.abortive:
        have = ", ".join(sorted(table.abortive)) or "none"
        raise InputError(f"the rule set has no abortive draw {kind.value!r} (draws.abortive: {have})")
    needed = kind.riichi_needed
    if needed is not None and len(declared) != needed:
        seats = "all four seats" if needed == 4 else f"{needed} seats"
        raise InputError(f"{kind.value}: {seats} declare riichi this hand (the riichi list)")
    if not noted:
        ledger.note("abort", 0, _ABORT, kind.replace("_", " "))
    ledger.note("sticks", 0, _STICKS_STAY, sticks)
    return next_hand(table, state, "abort", (), ledger, table.renchan_abort, table.honba_draw, sticks, None)


def chombo(rules: RiichiRules, state: State, outcome: Chombo, declared: tuple[int, ...], ledger: Ledger) -> Settlement:
    """A chombo: this hand's riichi sticks go back, the offender pays the rule set's penalty, and
    the hand is replayed or the deal goes on."""
    table = rules.table
    offender = outcome.seat
    penalty = table.chombo
    if penalty is None:
        raise InputError("the rule set has no chombo penalty (penalties.chombo: none)")
    for seat in declared:  # the hand is void: this hand's riichi sticks go back
        ledger.delta[seat] += rules.riichi_stick
        ledger.note("riichi_back", rules.riichi_stick, _RIICHI_VOID, seat)
    if penalty.reverse_mangan:
        _reverse_mangan(rules, state, offender, ledger)
    penalties = state.penalties
    if penalty.deduction:
        penalties = tuple(p + (penalty.deduction if s == offender else 0) for s, p in enumerate(penalties))
        ledger.note("chombo", 0, _DEDUCTION, offender, penalty.deduction)
    state = make_state(
        state.scores, state.dealer, state.wind_index, state.hand, state.honba, state.sticks, None, penalties
    )
    if penalty.replay:
        ledger.note("replay", 0, _REPLAY)
        scores = scores_after(state, ledger)
        reason = "bankruptcy" if table.bankruptcy and min(scores) < 0 else None
        position = (state.dealer, state.wind_index, state.hand, state.honba, state.sticks)
        return finish(state, "chombo", (), ledger, scores, position, reason)
    return next_hand(table, state, "chombo", (), ledger, False, table.honba_draw, state.sticks, None)


def _reverse_mangan(rules: RiichiRules, state: State, offender: int, ledger: Ledger) -> None:
    basic = next(t.basic for t in rules.tiers if t.id == "mangan")
    offender_deals = offender == state.dealer
    pays = payments(rules, basic, offender_deals, True)
    for seat in range(rules.table.players):
        if seat != offender:
            due = pays["each"] if offender_deals else pays["dealer" if seat == state.dealer else "non_dealer"]
            ledger.pay("chombo", offender, seat, due, _REVERSE_MANGAN)
