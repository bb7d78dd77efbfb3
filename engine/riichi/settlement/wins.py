"""Settling a won hand: a ron (one winner, or several on one discard: each paid, the nearest
alone under a head bump, or an abortive draw), a tsumo, the liable player's share of a yakuman
(pao), the honba and the riichi sticks on the table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..._core.errors import InputError
from ..kinds import AbortiveDraw
from ..rules.compiled import RiichiRules
from ..rules.table import WIND_NAMES, TableRules
from ..scoring.hand import HandScore, evaluate
from ..scoring.payments import payments
from ..scoring.score import Score, score
from .draws import abort
from .ledger import Label, Ledger, Settlement
from .outcomes import DeclaredYaku, DeclaredYakuman, HanFu, Ron, Tiles, Tsumo, Win
from .rotation import after_win
from .state import State

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

_TRIPLE_RON = Label("three players ron one discard: an abortive draw (draws.abortive)")
_HEAD_BUMP = Label("head bump: only {}, nearest the discarder, is paid; {} {} nothing", seats=(0,), groups=(1,))
_PAO_HALF = Label("liable for half of the yakuman, {}")
_RON_REST = Label("ron, {}, the rest")
_RON = Label("ron, {}")
_HONBA = Label("{} honba × {}")
_PAO_TSUMO = Label("liable for the yakuman, {}, by tsumo")
_TSUMO_REST = Label("tsumo, the yakuman besides the liability")
_PAO_HONBA = Label("{} honba × {} × {}, by the liable player")
_TSUMO = Label("tsumo, {}")
_OWN_STICK = Label("{} takes back their own riichi stick", seats=(0,))
_STICKS = Label("{} takes {} riichi stick(s) from the table", seats=(0,))


def ron(
    rs: RuleSet,
    rules: RiichiRules,
    state: State,
    outcome: Ron,
    declared: tuple[int, ...],
    sticks: int,
    ledger: Ledger,
    scored: Mapping[int, HandScore],
) -> Settlement:
    """A ron: each winner paid in turn from the discarder (or the nearest alone under a head
    bump; three winners abort where the rule set says so), then the sticks and the next hand."""
    table = rules.table
    discarder, wins = outcome
    if len(wins) == 1:
        win = wins[0]
        winners: tuple[int, ...] = (win.seat,)
        _pay_winner(rs, rules, state, discarder, win, state.honba * rules.honba_ron, declared, scored, ledger)
    else:
        if len(wins) == 3 and "triple_ron" in table.abortive:
            ledger.note("triple_ron", 0, _TRIPLE_RON)
            return abort(table, state, AbortiveDraw.TRIPLE_RON, declared, sticks, ledger, noted=True)
        paid = _paid(table, discarder, wins, ledger)
        honba_each = state.honba * rules.honba_ron
        for position, win in enumerate(paid):
            honba = honba_each if (position == 0 or table.honba_to_each) else 0
            _pay_winner(rs, rules, state, discarder, win, honba, declared, scored, ledger)
        winners = tuple(win.seat for win in paid)
    if sticks:
        take_sticks(rules, ledger, sticks, winners[0], winners, declared)
    return after_win(table, state, "ron", winners, ledger)


def _paid(table: TableRules, discarder: int, wins: tuple[Win, ...], ledger: Ledger) -> tuple[Win, ...]:
    """The winners of a multiple ron who are paid, in turn from the discarder: each, or the
    nearest alone under a head bump."""
    n = table.players
    order = sorted(wins, key=lambda win: (win.seat - discarder) % n)
    if not table.head_bump:
        return tuple(order)
    bumped = tuple(win.seat for win in order[1:])
    ledger.note("head_bump", 0, _HEAD_BUMP, order[0].seat, bumped, "gets" if len(bumped) == 1 else "get")
    return (order[0],)


def _pay_winner(
    rs: RuleSet,
    rules: RiichiRules,
    state: State,
    discarder: int,
    win: Win,
    honba: int,
    declared: tuple[int, ...],
    scored: Mapping[int, HandScore],
    ledger: Ledger,
) -> None:
    """One winner of a ron scored and paid by the discarder (and the liable player)."""
    result, holds = _score_win(rs, state, win, False, declared, scored.get(win.seat))
    if win.pao is None:
        ledger.pay("ron", discarder, win.seat, result.payments["ron"], _RON, result)
        if honba:
            ledger.pay("honba", discarder, win.seat, honba, _HONBA, state.honba, rules.honba_ron)
    else:
        _pay_liable_ron(rs, rules, state, discarder, win, result, holds, honba, ledger)


def _pay_liable_ron(
    rs: RuleSet,
    rules: RiichiRules,
    state: State,
    discarder: int,
    win: Win,
    result: Score,
    holds: tuple[str, ...],
    honba: int,
    ledger: Ledger,
) -> None:
    """A winner of a ron with a liable seat: paid by the discarder, or split with the liable
    player (``liability.ron``)."""
    table = rules.table
    seat = win.seat
    liable = _liable_seat(table, win, holds)
    value = result.payments["ron"]
    honba_payer = discarder
    if liable != discarder and table.pao_ron_split:
        dealer = seat == state.dealer
        part = payments(rules, _liable_basic(rs, rules, result, holds, dealer), dealer, False)["ron"]
        half = part // 2
        ledger.pay("pao", liable, seat, half, _PAO_HALF, result)
        ledger.pay("ron", discarder, seat, value - half, _RON_REST, result)
        if table.pao_honba_liable:
            honba_payer = liable
    else:
        ledger.pay("ron", discarder, seat, value, _RON, result)
    ledger.pay("honba", honba_payer, seat, honba, _HONBA, state.honba, rules.honba_ron)


def tsumo(
    rs: RuleSet,
    rules: RiichiRules,
    state: State,
    outcome: Tsumo,
    declared: tuple[int, ...],
    sticks: int,
    ledger: Ledger,
    scored: Mapping[int, HandScore],
) -> Settlement:
    """A tsumo: each other seat pays (or the liable player the yakuman), then the sticks and the
    next hand."""
    table = rules.table
    win = outcome.win
    seat = win.seat
    result, holds = _score_win(rs, state, win, True, declared, scored.get(seat))
    if win.pao is not None:
        _pay_liable_tsumo(rs, rules, state, seat, _liable_seat(table, win, holds), result, holds, ledger)
    else:
        dealer = seat == state.dealer
        honba = state.honba * rules.honba_tsumo_each
        pays = result.payments
        delta, notes = ledger.delta, ledger.notes
        honba_args = (state.honba, rules.honba_tsumo_each)
        for payer in range(table.players):
            if payer == seat:
                continue
            due = pays["each"] if dealer else pays["dealer" if payer == state.dealer else "non_dealer"]
            delta[payer] -= due + honba
            delta[seat] += due + honba
            notes.append(("tsumo", due, _TSUMO, (result,), payer, seat))
            if honba:
                notes.append(("honba", honba, _HONBA, honba_args, payer, seat))
    winners = (seat,)
    if sticks:
        take_sticks(rules, ledger, sticks, seat, winners, declared)
    return after_win(table, state, "tsumo", winners, ledger)


def _pay_liable_tsumo(
    rs: RuleSet,
    rules: RiichiRules,
    state: State,
    seat: int,
    liable: int,
    result: Score,
    holds: tuple[str, ...],
    ledger: Ledger,
) -> None:
    """The liable player pays the liability yakuman (and the honba), the others the rest."""
    n = rules.table.players
    dealer = seat == state.dealer
    part_basic = _liable_basic(rs, rules, result, holds, dealer)
    part = payments(rules, part_basic, dealer, False)["ron"]
    ledger.pay("pao", liable, seat, part, _PAO_TSUMO, result)
    rest_basic = result.yakuman * rules.yakuman_basic - part_basic
    if rest_basic > 0:
        rest = payments(rules, rest_basic, dealer, True)
        for payer in range(n):
            if payer != seat:
                due = rest["each"] if dealer else rest["dealer" if payer == state.dealer else "non_dealer"]
                ledger.pay("tsumo", payer, seat, due, _TSUMO_REST)
    honba = state.honba * rules.honba_tsumo_each
    ledger.pay("honba", liable, seat, honba * (n - 1), _PAO_HONBA, state.honba, rules.honba_tsumo_each, n - 1)


def take_sticks(
    rules: RiichiRules, ledger: Ledger, sticks: int, nearest: int, winners: tuple[int, ...], declared: tuple[int, ...]
) -> None:
    """The riichi sticks on the table go to the nearest winner; under ``own_then_nearest`` each
    riichi winner first takes back their own stick of this hand."""
    stick = rules.riichi_stick
    if rules.table.own_sticks_back and len(winners) > 1:
        for seat in winners:
            if seat != nearest and seat in declared:
                sticks -= 1
                ledger.delta[seat] += stick
                ledger.note("riichi_back", stick, _OWN_STICK, seat)
    if sticks:
        ledger.delta[nearest] += sticks * stick
        ledger.note("sticks", sticks * stick, _STICKS, nearest, sticks)


def _score_win(
    rs: RuleSet,
    state: State,
    win: Win,
    tsumo: bool,
    declared: tuple[int, ...],
    scored: HandScore | None = None,
) -> tuple[Score, tuple[str, ...]]:
    """The win's score (no honba, no sticks) and the yakuman it holds (for liability)."""
    dealer = win.seat == state.dealer
    hand = win.hand
    if isinstance(hand, HanFu):
        return score(rs, han=hand.han, fu=hand.fu, dealer=dealer, tsumo=tsumo), ()
    if isinstance(hand, DeclaredYakuman):
        ids = hand.yakuman
        return score(rs, yakuman=ids, open=hand.open, dealer=dealer, tsumo=tsumo), tuple(ids)
    if isinstance(hand, DeclaredYaku):
        yaku, fu, dora, open_ = hand
        return score(rs, yaku=yaku, fu=fu, dora=dora, open=open_, dealer=dealer, tsumo=tsumo), ()
    return _score_tiles(rs, state, win.seat, hand, tsumo, declared, scored)


def _score_tiles(
    rs: RuleSet,
    state: State,
    seat: int,
    hand: Tiles,
    tsumo: bool,
    declared: tuple[int, ...],
    scored: HandScore | None,
) -> tuple[Score, tuple[str, ...]]:
    """A win given as tiles evaluated (unless the table evaluated it already), its tsumo flag
    agreeing with the outcome and its riichi with the hand's riichi list."""
    flags = dict(hand.flags)
    if flags.pop("tsumo", tsumo) is not tsumo:
        raise InputError(
            f"seat {seat}'s hand says tsumo={not tsumo}, but the outcome is a {'tsumo' if tsumo else 'ron'}"
        )
    if seat in declared and not (flags.get("riichi") or flags.get("double_riichi")):
        flags["riichi"] = True
    if (flags.get("riichi") or flags.get("double_riichi")) and seat not in declared:
        raise InputError(f"seat {seat}'s hand claims riichi, but seat {seat} is not in this hand's riichi list")
    if scored is None:
        scored = evaluate(
            rs,
            hand.hand,
            win=hand.win,  # type: ignore[arg-type]
            melds=hand.melds,
            seat_wind=WIND_NAMES[(seat - state.dealer) % len(state.scores)],
            round_wind=state.round_wind,
            dora_indicators=hand.dora_indicators,
            ura_indicators=hand.ura_indicators,
            kita=hand.kita,
            tsumo=tsumo,
            **flags,
        )
    return scored.score, (scored.yaku if scored.yakuman else ())


def _liable_seat(table: TableRules, win: Win, holds: tuple[str, ...]) -> int:
    """The liable seat of a win that names one, if its hand holds a liability yakuman."""
    if not any(y in table.pao_yakuman for y in holds):
        have = ", ".join(sorted(table.pao_yakuman)) or "none"
        raise InputError(
            f"pao applies to a hand with one of the rule set's liability yakuman ({have}; liability.yakuman); "
            f"seat {win.seat}'s hand has {', '.join(holds) or 'no yakuman'}"
        )
    return win.pao  # type: ignore[return-value]


def _liable_basic(rs: RuleSet, rules: RiichiRules, result: Score, holds: tuple[str, ...], dealer: bool) -> int:
    """The basic points the liable player answers for: the whole hand, or only the liability
    yakuman (``liability.several_yakuman``)."""
    if rules.table.pao_whole_hand:
        return result.yakuman * rules.yakuman_basic
    liable = [y for y in holds if y in rules.table.pao_yakuman]
    return score(rs, yakuman=liable, dealer=dealer).yakuman * rules.yakuman_basic
