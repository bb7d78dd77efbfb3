"""After a settled hand: the next hand (renchan, or the deal passes and the winds turn), its honba
and sticks, and whether the game ends there (bankruptcy, agari-/tenpai-yame, the last hand, the
extension's target or end)."""

from __future__ import annotations

from ..._core.arguments import MAX_COUNT
from ..._core.values_fast import from_fields
from ..rules.table import WIND_NAMES, TableRules
from .ledger import Label, Ledger, Settlement, SettlementSteps, ledger_steps
from .state import WIND_INDEX, State, make_state

_RENCHAN = Label("renchan: {} deals again", seats=(0,))
NEXT = Label("next: {} {}, {} honba, {} riichi stick(s) on the table")
_END = Label("the game ends: {}")
_new_state = from_fields(State)  # the values worked out here, not checked again as State(...) checks
_new_settlement = from_fields(Settlement)


def after_win(table: TableRules, state: State, kind: str, winners: tuple[int, ...], ledger: Ledger) -> Settlement:
    """The next hand after a win: renchan when the dealer won (if the rule set says so)."""
    if state.dealer in winners:
        renchan, honba = table.renchan_win, table.honba_dealer_win
    else:
        renchan, honba = False, table.honba_other_win
    return next_hand(table, state, kind, winners, ledger, renchan, honba, 0, "agari_yame")


def next_hand(
    table: TableRules,
    state: State,
    kind: str,
    winners: tuple[int, ...],
    ledger: Ledger,
    renchan: bool,
    honba_policy: str,
    sticks: int,
    yame: str | None,
) -> Settlement:
    """The next hand (renchan or the deal passes), then whether the game ends here."""
    honba = state.honba
    honba = (
        (honba + 1 if honba < MAX_COUNT else honba) if honba_policy == "add" else honba if honba_policy == "keep" else 0
    )
    at = wind = WIND_INDEX[state.round_wind]
    hand = state.hand
    dealer = state.dealer
    notes = ledger.notes
    if renchan:
        notes.append(("renchan", 0, _RENCHAN, (dealer,), -1, -1))
    else:
        dealer, hand = (dealer + 1) % table.players, hand + 1
        if hand > table.players:
            wind, hand = wind + 1, 1
    scores = scores_after(state, ledger)
    last = table.winds - 1
    reason = None
    if (table.bankruptcy and min(scores) < 0) or at > last or (at == last and state.hand == table.players):
        reason = _end_reason(table, state, scores, renchan, yame, wind)
    if reason is None:
        notes.append(("next", 0, NEXT, (WIND_NAMES[wind], hand, honba, sticks), -1, -1))
        after = _new_state((scores, dealer, WIND_NAMES[wind], hand, honba, sticks, False, None, state.penalties))
        steps = SettlementSteps(ledger_steps, notes, None)
        return _new_settlement((kind, tuple(ledger.delta), after, winners, steps))
    return finish(state, kind, winners, ledger, scores, (dealer, wind, hand, honba, sticks), reason)


def scores_after(before: State, ledger: Ledger) -> tuple[int, ...]:
    """The scores after the ledger's transfers."""
    delta = ledger.delta
    old = before.scores
    if len(old) == 4:  # the common table, without a generator
        return (old[0] + delta[0], old[1] + delta[1], old[2] + delta[2], old[3] + delta[3])
    return tuple(score + change for score, change in zip(old, delta))


def finish(
    before: State,
    kind: str,
    winners: tuple[int, ...],
    ledger: Ledger,
    scores: tuple[int, ...],
    position: tuple[int, int, int, int, int],
    reason: str | None,
) -> Settlement:
    """The settlement with the next state at ``position`` (dealer, wind, hand, honba, sticks), or
    the game ended for ``reason`` (it keeps the last hand's dealer, wind and hand)."""
    dealer, wind, hand, honba, sticks = position
    if reason is not None:
        ledger.note("end", 0, _END, reason.replace("_", " "))
        dealer, wind, hand = before.dealer, before.wind_index, before.hand
    else:
        ledger.note("next", 0, NEXT, WIND_NAMES[wind], hand, honba, sticks)
    state = make_state(scores, dealer, wind, hand, honba, sticks, reason, before.penalties)
    return ledger.settled(kind, state, winners)


def _end_reason(
    table: TableRules,
    before: State,
    scores: tuple[int, ...],
    renchan: bool,
    yame: str | None,
    next_wind: int,
) -> str | None:
    """Why the game ends after this hand, or ``None``: bankruptcy; in the last regular hand or
    the extension, agari-/tenpai-yame for a leading dealer, else the end of the last hand unless
    nobody has the extension's target and the extension has hands left."""
    if table.bankruptcy and min(scores) < 0:
        return "bankruptcy"
    last_regular = table.winds - 1
    wind = before.wind_index
    if wind < last_regular or (wind == last_regular and before.hand < table.players):
        return None
    target = table.extension_target
    reached = target is None or max(scores) >= target
    in_extension = wind > last_regular
    if renchan:
        if yame is None or not reached:
            return None
        allowed = table.agari_yame if yame == "agari_yame" else table.tenpai_yame
        if (
            allowed
            and _sole_first(table, scores, before.dealer)
            and (target is None or scores[before.dealer] >= target)
        ):
            return yame
        return None
    if reached:
        return "target_reached" if in_extension else "last_hand"
    if next_wind > table.extension_last:
        return "extension_end"
    return None


def _sole_first(table: TableRules, scores: tuple[int, ...], seat: int) -> bool:
    """``seat`` places first: the most points; a tie goes to the earlier seat under seat-order
    ties and counts as not first when ties are split."""
    top = max(scores)
    if scores[seat] != top:
        return False
    tied = [s for s, points in enumerate(scores) if points == top]
    return len(tied) == 1 or (not table.ties_split and tied[0] == seat)
