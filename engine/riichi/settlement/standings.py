"""Final standings of a four-player game: leftover riichi sticks, places (ties split or by seat
order), and each player's points after the return points, oka, uma, rounding and chombo
deductions, in thousands as score sheets report them."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..._core.arguments import shown
from ..._core.errors import InputError
from ..._core.results import Step
from ..rules.compiled import RiichiRules, rules_of
from ..rules.table import Rounding, TableRules
from .ledger import Wording, seat_word
from .state import State

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

_THOUSAND = 1000


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's final result: ``place`` (1-4; tied players share one where the rule set
    splits ties), ``score`` (raw points, leftover sticks included), ``points`` (after return
    points, oka, uma, rounding and deductions, in thousands: ``+30.0``), ``uma`` (the uma and
    oka this player received, in thousands) and the ``steps`` that make ``points``."""

    seat: int
    place: int
    score: int
    points: float
    uma: float
    steps: tuple[Step, ...]

    def as_dict(self) -> dict[str, Any]:
        """``{"seat", "place", "score", "points", "uma", "steps"}``."""
        return {
            "seat": self.seat,
            "place": self.place,
            "score": self.score,
            "points": self.points,
            "uma": self.uma,
            "steps": [s.as_dict() for s in self.steps],
        }


def standings(rs: RuleSet, state: State) -> list[Standing]:
    """Each seat's final result under ``rs``, in place order (the first place first).

    ``state`` is usually a finished game's, but any state can be scored as if the game ended
    there (a tournament's time limit)."""
    return ranked(rs, state, seat_word)


def ranked(rs: RuleSet, state: State, who: Wording) -> list[Standing]:
    """:func:`standings`, each seat named in the steps by ``who`` (``seat N``, or a player's name)."""
    rules = rules_of(rs)
    if type(state) is not State:
        raise InputError(f"state must be a yakuset.riichi.State, got {shown(state)}")
    table = rules.table
    scores = list(state.scores)
    seats = len(scores)
    if seats != table.players:
        raise InputError(
            f"the state has {seats} seats and {rs.id!r} is a game of {table.players}; start from new_game(rs)"
        )
    order = sorted(range(seats), key=lambda s: (-scores[s], s))
    notes = _ties(table, state, order, who)
    top = [s for s in order if scores[s] == scores[order[0]]]
    _leftover_sticks(rules, state, top if table.ties_split else top[:1], scores, notes)
    places, bonus = _places(table, scores, order)
    base = _base_points(table, scores, order)
    totals = {seat: base[seat][0] + bonus[seat][0] for seat in order}
    balanced = table.rounding is not None and table.rounding.first_balances
    if balanced:
        # Rounded scores need not sum to the oka's complement; first place takes what balances them.
        totals[order[0]] = -sum((totals[s] for s in order[1:]), Fraction(0))
    results = []
    for seat in order:
        steps = notes[seat]
        steps.append(Step("score", "final score", scores[seat], "add"))
        if balanced and seat == order[0]:
            steps.append(
                Step("balance", "first place: minus the sum of the others' points", _shown(totals[seat]), "add")
            )
        else:
            steps.extend(base[seat][1])
            steps.append(_uma_step(table, places[seat], bonus[seat]))
        total = _after_penalty(totals[seat], state.penalties[seat], steps)
        results.append(Standing(seat, places[seat], scores[seat], float(total), float(bonus[seat][0]), tuple(steps)))
    return results


def _ties(table: TableRules, state: State, order: list[int], who: Wording) -> list[list[Step]]:
    """Each seat's first steps: under seat-order ties, whom it is tied with."""
    notes: list[list[Step]] = [[] for _ in order]
    if table.ties_split:
        return notes
    scores = state.scores
    for seat in order:
        tied = [s for s in order if s != seat and scores[s] == scores[seat]]
        if tied:
            others = " and ".join(map(who, tied))
            label = f"tied with {others} on {scores[seat]}: the earlier seat at East 1 places higher"
            notes[seat].append(Step("tie", label, 0, "add"))
    return notes


def _leftover_sticks(
    rules: RiichiRules, state: State, firsts: list[int], scores: list[int], notes: list[list[Step]]
) -> None:
    """The riichi sticks left on the table: to first place (split, rounded down) or to nobody."""
    table = rules.table
    if state.sticks and table.leftover_to_first:
        pot = state.sticks * rules.riichi_stick
        share = pot // len(firsts) // rules.round_to * rules.round_to
        for seat in firsts:
            scores[seat] += share
            split = f", split {len(firsts)} ways, rounded down to {rules.round_to}" if len(firsts) > 1 else ""
            notes[seat].append(
                Step("sticks", f"{state.sticks} leftover riichi stick(s) to first place{split}", share, "add")
            )
    elif state.sticks:
        for seat in range(len(scores)):
            notes[seat].append(Step("sticks", f"{state.sticks} leftover riichi stick(s) go to nobody", 0, "add"))


def _uma_step(table: TableRules, place: int, bonus: tuple[Fraction, int, str]) -> Step:
    points, shared, extra = bonus
    place_note = f"place {place}" + (" (tied)" if shared > 1 else "")
    what = "uma and oka" if table.oka else "uma"
    return Step("uma", f"{what} for {place_note}{extra}", _shown(points), "add")


def _after_penalty(total: Fraction, penalty: int, steps: list[Step]) -> Fraction:
    """The points after the chombo deductions, noted in ``steps``; then the points' step."""
    if penalty:
        deduction = Fraction(penalty, _THOUSAND)
        steps.append(Step("chombo", "chombo deductions after uma", _shown(-deduction), "add"))
        total -= deduction
    steps.append(Step("points", "points", _shown(total), "add"))
    return total


def _shown(value: Fraction) -> float | int:
    number = float(value)
    return int(number) if number == int(number) else number


def _places(
    table: TableRules, scores: list[int], order: list[int]
) -> tuple[dict[int, int], dict[int, tuple[Fraction, int, str]]]:
    """Each seat's place and its uma + oka (in thousands), with how many shared them and why."""
    line = table.return_points
    above = sum(1 for s in scores if s >= line)
    uma = table.uma[above]
    extra = f" ({above} at or above {line})" if table.floating_uma else ""
    seats = len(scores)
    prizes = [Fraction(uma[i], _THOUSAND) + (Fraction(table.oka, _THOUSAND) if i == 0 else 0) for i in range(seats)]
    places: dict[int, int] = {}
    bonus: dict[int, tuple[Fraction, int, str]] = {}
    index = 0
    while index < seats:
        group = [order[index]]
        if table.ties_split:
            while index + len(group) < seats and scores[order[index + len(group)]] == scores[order[index]]:
                group.append(order[index + len(group)])
        pooled = sum(prizes[index : index + len(group)], Fraction(0))
        for seat in group:
            places[seat] = index + 1
            bonus[seat] = (pooled / len(group), len(group), extra)
        index += len(group)
    return places, bonus


def _base_points(table: TableRules, scores: list[int], order: list[int]) -> dict[int, tuple[Fraction, list[Step]]]:
    """(score - return points) / 1000 for each seat, after the rule set's rounding."""
    line = table.return_points
    rounding = table.rounding
    out: dict[int, tuple[Fraction, list[Step]]] = {}
    for seat, value in enumerate(scores):
        steps = []
        if rounding is not None:
            value = _round(value, rounding)
            half = "up" if rounding.half_up else "down"
            steps.append(Step("rounding", f"rounded to {rounding.to} (a half goes {half})", value, "add"))
        points = Fraction(value - line, _THOUSAND)
        steps.append(Step("return", f"minus the return points {line}, in thousands", _shown(points), "add"))
        out[seat] = (points, steps)
    return out


def _round(value: int, rounding: Rounding) -> int:
    quotient, remainder = divmod(value, rounding.to)
    twice = 2 * remainder
    if twice > rounding.to or (twice == rounding.to and rounding.half_up):
        quotient += 1
    return quotient * rounding.to
