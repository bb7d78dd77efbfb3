"""Checking a game record against itself and against our settlement, with no table: each
hand's deltas sum to the sticks it took and put down, scores and sticks chain from hand to
hand and to the final scores, no tile is seen twice in a hand, and each hand's deltas are the
ones :func:`yakuset.riichi.settle` computes for the log's outcome under the rule set (the
winners' han and fu, or yakuman, as the log states them), the final points the ones
:func:`yakuset.riichi.standings` gives."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..._core.arguments import shown
from ..._core.errors import InputError
from ..kinds import ResultKind
from ..settlement.outcomes import Abort, DeclaredYakuman, Draw, HandOutcome, HanFu, Ron, Tsumo, Win
from ..table.events import TileCalled, TileDiscarded, TileDrawn
from ..tiles.notation import TERMINALS_AND_HONOURS
from .record import GameLog, LogHand, LogResult

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

STICK = 1000


class Finding(NamedTuple):
    """One disagreement: the ``hand`` (from 1; 0 for the game as a whole) and what differs."""

    hand: int
    message: str

    def __str__(self) -> str:
        return f"hand {self.hand}: {self.message}" if self.hand else self.message


def check_log(game: GameLog, rs: RuleSet | None = None) -> tuple[Finding, ...]:
    """Every disagreement found in ``game`` (empty when it holds together). With a rule set
    (``rs``: usually ``load_ruleset(game.ruleset)``, the one the lobby implies) each hand's
    deltas are settled again and the final points worked out."""
    if not isinstance(game, GameLog):
        raise InputError(f"game must be a yakuset.riichi.GameLog (from read_log), got {shown(game)}")
    if rs is not None:
        from ..rules.compiled import rules_of

        rules_of(rs)  # says what is wrong with rs
    findings: list[Finding] = []
    for number, hand in enumerate(game.hands, 1):
        findings += [Finding(number, m) for m in _tiles_once(hand)]
        if hand.result is None:
            continue
        findings += [Finding(number, m) for m in _sums(hand, hand.result)]
        if number < len(game.hands):
            findings += [Finding(number + 1, m) for m in _chain(hand, hand.result, game.hands[number])]
        if rs is not None:
            findings += [Finding(number, m) for m in _settled(rs, hand, hand.result)]
    last = game.hands[-1] if game.hands else None
    if game.final is not None and last is not None and last.result is not None and last.result.deltas is not None:
        end = [s + d for s, d in zip(last.scores, last.result.deltas, strict=True)]
        left = 0 if last.result.wins else last.sticks + len(last.riichi)
        if left:
            end[max(range(len(end)), key=lambda seat: (end[seat], -seat))] += left * STICK
        if tuple(end) != game.final:
            findings.append(Finding(0, f"the final scores are {list(game.final)}, the hands make {end}"))
        elif rs is not None and game.final_points is not None:
            findings += _points(rs, game, last)
    return tuple(findings)


def _tiles_once(hand: LogHand) -> list[str]:
    seen = [t for dealt in hand.dealt for t in dealt] + list(hand.dora_indicators)
    seen += [e.tile for e in hand.events if type(e) is TileDrawn]
    if hand.result is not None:
        seen += sorted({t for win in hand.result.wins for t in win.ura})
    twice = sorted({t for t in seen if seen.count(t) > 1})
    return [f"tile id {t} is seen twice" for t in twice]


def _sums(hand: LogHand, result: LogResult) -> list[str]:
    unbalanced = sticks_balance(hand.sticks, len(hand.riichi), result)
    return [unbalanced] if unbalanced else []


def sticks_balance(sticks: int, put: int, result: LogResult) -> str | None:
    """What is wrong with a hand's deltas, or ``None``: they sum to the riichi sticks a winner
    took (those on the table at the start, ``sticks``, and the ``put`` down this hand) less
    those put down."""
    taken = sticks + put if result.wins else 0
    if result.deltas is not None and sum(result.deltas) != STICK * (taken - put):
        return (f"the deltas {list(result.deltas)} sum to {sum(result.deltas)}; with {put} riichi stick(s) "
                f"put down and {taken} taken they sum to {STICK * (taken - put)}")  # fmt: skip
    return None


def _chain(hand: LogHand, result: LogResult, after: LogHand) -> list[str]:
    out: list[str] = []
    if result.deltas is None:
        return out
    scores = [s + d for s, d in zip(hand.scores, result.deltas, strict=True)]
    if list(after.scores) != scores:
        out.append(f"starts with scores {list(after.scores)}, the hand before ends with {scores}")
    sticks = 0 if result.wins else hand.sticks + len(hand.riichi)
    if after.sticks != sticks:
        out.append(f"starts with {after.sticks} stick(s) on the table, the hand before leaves {sticks}")
    return out


def _state(hand: LogHand) -> Any:
    from ..settlement.state import State

    return State(
        scores=hand.scores,
        dealer=hand.dealer,
        round_wind=hand.round_wind,
        hand=hand.round % 4 + 1,
        honba=hand.honba,
        sticks=hand.sticks,
    )


def _settled(rs: RuleSet, hand: LogHand, result: LogResult) -> list[str]:
    from ..settlement.settle import settle

    outcome = outcome_of(hand, result)
    if outcome is None or result.deltas is None:
        return []  # the log does not say how much the hand was worth (mjai; a limit without han)
    try:
        settled = settle(rs, _state(hand), outcome, hand.riichi)
    except InputError as error:
        return [f"{rs.id} cannot settle {outcome.as_dict()}: {error}"]
    if settled.transfers != result.deltas:
        said = outcome.as_dict()
        return [f"the log's deltas are {list(result.deltas)}, {rs.id} settles {said} as {list(settled.transfers)}"]
    return []


def outcome_of(hand: LogHand, result: LogResult) -> HandOutcome | None:
    """The typed outcome :func:`yakuset.riichi.settle` settles for a hand's result, the winners'
    hands as the log scores them (:class:`HanFu`, or :class:`DeclaredYakuman`); ``None`` when a
    winner's han (or, below 5 han, fu) is not in the log."""
    kind = ResultKind(result.kind)
    if kind.abortive is not None:
        return Abort(kind.abortive)
    if kind in (ResultKind.DRAW, ResultKind.NAGASHI):
        return Draw(result.tenpai, tuple(nagashi_seats(hand)) if kind is ResultKind.NAGASHI else ())
    wins = []
    for win in result.wins:
        declared: HanFu | DeclaredYakuman
        if win.yakuman:
            declared = DeclaredYakuman(win.yakuman)
        elif win.han is None or (win.fu is None and win.han < 5):
            return None
        else:
            declared = HanFu(win.han, win.fu)
        wins.append(Win(win.seat, declared, win.pao))
    if kind is ResultKind.TSUMO:
        return Tsumo(wins[0])
    return Ron(result.wins[0].discarder, tuple(wins))


def nagashi_seats(hand: LogHand) -> list[int]:
    """The seats whose every discard was a terminal or an honour and none was called."""
    players = len(hand.scores)
    seats = []
    for seat in range(players):
        events = hand.events
        discards = [(i, e) for i, e in enumerate(events) if type(e) is TileDiscarded and e.seat == seat]
        plain = all(e.tile >> 2 in TERMINALS_AND_HONOURS for _, e in discards)
        called = any(i + 1 < len(events) and isinstance(events[i + 1], TileCalled) for i, _ in discards)
        if discards and plain and not called:
            seats.append(seat)
    return seats


def _points(rs: RuleSet, game: GameLog, last: LogHand) -> list[Finding]:
    from ..settlement.standings import standings

    assert game.final is not None and game.final_points is not None
    state = _state(last).replace(scores=game.final, sticks=0)
    ours = {s.seat: s.points for s in standings(rs, state)}
    mine = tuple(ours[seat] for seat in range(len(game.final)))
    if mine != game.final_points:
        return [Finding(0, f"the final points are {list(game.final_points)}, {rs.id} gives {list(mine)}")]
    return []
