"""The Koi-Koi round award: the base times every multiplier of the rule set whose condition
holds, capped at the rule set's ``award.max`` if it has one, explained step by step as the rule
document writes it::

    >>> import yakuset
    >>> yakuset.koikoi.award(yakuset.load_ruleset("nintendo"), base=8, opponent_calls=1).explanation
    '8 × 2 (7+) × 2 (opponent Koi-Koi) × 1 = 32'
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..._core.arguments import shown, whole_number
from ..._core.errors import InputError, Location, Problem
from ..._core.expressions import MAX_MAGNITUDE, Evaluator, Expression, ExpressionError, TooLarge
from ..._core.memo import Memo, memo
from ..._core.numbers import Number, tidy
from ..._core.results import Step
from ..kinds import LimitScope
from ..results import Award
from ..rules.compiled import KoikoiRules, rules_of
from ..rules.hooks import Hooks

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

#: No Koi-Koi hand comes near this; larger bases are refused rather than multiplied.
MAX_BASE = 10**6

#: The base points shown by ``yakuset table``: the rows of the rule document's award tables.
TABLE_BASES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20)


def award(rs: RuleSet, base: int, own_calls: int = 0, opponent_calls: int = 0, field_brights: int = 0) -> Award:
    """The award for a won round: base × every multiplier whose condition holds.

    ``base`` is the winner's base points (the sum of their yaku); ``own_calls`` and
    ``opponent_calls`` count the Koi-Koi calls of the winner and of the loser this round;
    ``field_brights`` the brights dealt face up (for rule sets whose multipliers use it).
    Raises :class:`yakuset.InputError` (a ``ValueError``) for negative counts or values that
    are not whole numbers; counts no game reaches are answered, with the award's ``warnings``
    saying so.
    """
    # Exact ints first: the memo's keys compare equal to True, 8.0 and the like, which the
    # checks below refuse, so only an int may be looked up.
    rules = getattr(rs, "rules", None)
    if (
        type(rules) is KoikoiRules
        and type(base) is int
        and type(own_calls) is int
        and type(opponent_calls) is int
        and type(field_brights) is int
    ):
        found = rules.caches.awards.get((base, own_calls, opponent_calls, field_brights))
        if found is not None:
            return found
    return _award(rs, base, own_calls, opponent_calls, field_brights)


def _award(rs: RuleSet, base: Any, own_calls: Any, opponent_calls: Any, field_brights: Any) -> Award:
    rules = rules_of(rs)
    base = whole_number("base", base, None, MAX_BASE)
    own_calls = whole_number("own_calls", own_calls)
    opponent_calls = whole_number("opponent_calls", opponent_calls)
    field_brights = whole_number("field_brights", field_brights)
    limit = rules.table.call_limit
    said: list[str] = []
    if limit is not None and max(own_calls, opponent_calls) > limit.calls:
        said.append(
            f"{max(own_calls, opponent_calls)} Koi-Koi calls, but {rs.id} allows {limit} "
            "(calls.limit_per_round): no game reaches this award"
        )
    most_brights = rules.caches.most_brights
    if most_brights is None:
        most_brights = rules.caches.most_brights = _most_field_brights(rules)
    if field_brights > most_brights:
        said.append(
            f"{field_brights} brights on the field, but {rs.id}'s deck has {most_brights} "
            "(match.field_brights): no deal reaches this award"
        )
    result = award_of(rs, rules, base, own_calls, opponent_calls, field_brights)
    if said:
        return replace(result, warnings=tuple(said))
    if not rules.extra_names:
        rules.caches.awards.put((base, own_calls, opponent_calls, field_brights), result)
    return result


def award_of(
    rs: RuleSet, rules: KoikoiRules, base: int, own_calls: int, opponent_calls: int, field_brights: int
) -> Award:
    """The award of checked counts (the rule document's tables go past a rule set's call limit)."""
    variables: dict[str, Number] = {
        "base": base,
        "own_calls": own_calls,
        "opponent_calls": opponent_calls,
        "field_brights": field_brights,
    }
    if not rules.extra_names:
        formula = rules.caches.formula
        if formula is None:
            formula = rules.caches.formula = _formula(rules)
        points, steps = _compute_fast(rules, formula, variables)
        return Award(rs.id, base, points, steps)
    # Names a plugin gives: its answers may change from call to call, so the formula is read
    # as written every time.
    variables.update(Hooks(rs).award_context(base, own_calls, opponent_calls, field_brights))
    missing = rules.extra_names - variables.keys()
    if missing:
        raise InputError(f"no plugin gave a value for {', '.join(sorted(missing))}")
    points, steps = compute(rules, variables)
    return Award(rs.id, base, points, steps)


@dataclass(frozen=True, slots=True)
class _Term:
    """One multiplier ready to apply: its expressions' evaluators (no per-call wrapper), and its
    step when its value never changes, else the steps it made so far by value."""

    when: Evaluator | None
    value: Evaluator
    adds: bool
    cap: Number | None
    id: str
    label: str
    step: Step | None
    steps: Memo[Number, Step]


@dataclass(frozen=True, slots=True)
class _Formula:
    no_award: Evaluator | None
    no_award_step: Step
    terms: tuple[_Term, ...]
    cap: int | None
    cap_step: Step | None


def cap_step(cap: int) -> Step:
    """The step of an award lowered to the rule set's ``award.max``: ``capped at 30``."""
    return Step("cap", f"capped at {cap}", cap, "cap")


def _formula(rules: KoikoiRules) -> _Formula:
    """The rule set's multipliers as evaluators and ready-made steps, for :func:`_compute_fast`."""
    terms = []
    for m in rules.multipliers:
        expression = m.add if m.add is not None else m.factor
        assert expression is not None
        op = "add" if m.add is not None else "multiply"
        step = None
        if expression.constant is not None:
            value = expression.constant if m.max is None else min(expression.constant, m.max)
            step = Step(m.id, m.label, tidy(value), op)
        when = None if m.when is None else m.when.evaluate
        terms.append(_Term(when, expression.evaluate, m.add is not None, m.max, m.id, m.label, step, Memo(256)))
    no_award = None if rules.no_award_when is None else rules.no_award_when.evaluate
    capped = None if rules.cap is None else cap_step(rules.cap)
    return _Formula(no_award, Step("no_award", rules.no_award_label, 0), tuple(terms), rules.cap, capped)


def _compute_fast(
    rules: KoikoiRules, formula: _Formula, variables: Mapping[str, Number]
) -> tuple[Number, tuple[Step, ...]]:
    """What :func:`compute` answers, with the evaluators called directly and the steps reused."""
    try:
        if formula.no_award is not None and formula.no_award(variables):
            return 0, (formula.no_award_step,)
        steps = []
        points: Number = variables["base"]
        for term in formula.terms:
            if term.when is not None and not term.when(variables):
                continue
            value = term.value(variables)
            if term.cap is not None:
                value = min(value, term.cap)
            step = term.step
            if step is None:
                # Equal values (2 and 2.0) tidy to the same factor, so they share a step.
                step = term.steps.get(value) or term.steps.put(
                    value, Step(term.id, term.label, tidy(value), "add" if term.adds else "multiply")
                )
            steps.append(step)
            if term.adds:
                points += value
            else:
                points *= value
            if abs(points) > MAX_MAGNITUDE:
                raise TooLarge(f"the award goes past {MAX_MAGNITUDE:.0e} at `{term.id}`")
    except ZeroDivisionError:
        return compute(rules, variables)  # which names the formula and the values that broke it
    if formula.cap_step is not None and points > formula.cap_step.factor:
        return formula.cap_step.factor, (*steps, formula.cap_step)
    return tidy(points), tuple(steps)


def _most_field_brights(rules: KoikoiRules) -> int:
    """How many cards of the deck ``match.field_brights`` counts: no field holds more."""
    return sum(1 for card in rules.cards.values() if rules.field_brights.matches(card, card.month, rules.roles[0]))


def compute(rules: KoikoiRules, variables: Mapping[str, Number]) -> tuple[Number, tuple[Step, ...]]:
    """The award's points and steps for ``variables`` (``base``, the calls, the field's brights)."""
    if rules.no_award_when is not None and rules.no_award_when(variables):
        return 0, (Step("no_award", rules.no_award_label, 0),)
    steps = []
    points: Number = variables["base"]
    for multiplier in rules.multipliers:
        if multiplier.when is not None and not multiplier.when(variables):
            continue
        if multiplier.add is not None:
            added = multiplier.add(variables)
            if multiplier.max is not None:
                added = min(added, multiplier.max)
            steps.append(Step(multiplier.id, multiplier.label, tidy(added), "add"))
            points += added
        else:
            assert multiplier.factor is not None
            factor = multiplier.factor(variables)
            if multiplier.max is not None:
                factor = min(factor, multiplier.max)
            steps.append(Step(multiplier.id, multiplier.label, tidy(factor)))
            points *= factor
        if abs(points) > MAX_MAGNITUDE:
            raise TooLarge(f"the award goes past {MAX_MAGNITUDE:.0e} at `{multiplier.id}`")
    # The cap comes last, after every multiplier, and shows as a step only where it lowers the award.
    if rules.cap is not None and points > rules.cap:
        return rules.cap, (*steps, cap_step(rules.cap))
    return tidy(points), tuple(steps)


def prove_award(rules: KoikoiRules, where: Location) -> list[Problem]:
    """Refuse, at load, an award that is not a whole number of points or goes past the bound for
    some situation of the award tables (bases 1, 7 and 30, up to 12 calls on each side, the
    field's brights). Rule sets whose multipliers use a plugin's names are not proven."""
    if rules.extra_names:
        return []
    key = _formula_key(rules)
    if key in _PROVEN:
        return []
    failure = _award_failure(rules)
    if failure is None:
        _PROVEN.put(key, True)
        return []
    return [Problem(where, "award.multipliers", *failure)]


#: The award formulas proven (:func:`_formula_key`): most rule sets loaded (each bundled Koi-Koi
#: rule set, a house file over one, a variant ``diff`` makes) share one of a few formulas, whose
#: proof is 234 awards. A failure is not kept: its message may name the formula's place.
_PROVEN = memo("koikoi", "proven award formulas", 256)


def _formula_key(rules: KoikoiRules) -> tuple[Any, ...]:
    """What :func:`compute` gives for some variables depends on: each expression's text (which
    is what it computes, the award's names being numbers) and each cap with its type."""

    def text(expression: Expression | None) -> str | None:
        return None if expression is None else expression.source

    return (
        text(rules.no_award_when),
        tuple((text(m.when), text(m.factor), text(m.add), type(m.max), m.max) for m in rules.multipliers),
        rules.cap,
    )


def _award_failure(rules: KoikoiRules) -> tuple[str, str | None] | None:
    for base, own, opponent, brights in itertools.product((1, 7, 30), range(13), range(3), (0, 5)):
        variables = {"base": base, "own_calls": own, "opponent_calls": opponent, "field_brights": brights}
        situation = f"base {base}, own calls {own}, opponent calls {opponent}, field brights {brights}"
        try:
            points, _ = compute(rules, variables)
        except ExpressionError as exc:
            return f"{exc.message} for {situation}", None
        if isinstance(points, float):
            return (
                f"the award is {points:g} points for {situation}, not a whole number",
                "Koi-Koi awards are whole points: use floor, ceil or round_up",
            )
    return None


@dataclass(frozen=True, slots=True)
class AwardTable:
    """One award table: awards by base (rows) and own calls (columns), for one opponent call count."""

    opponent_calls: int
    opponent_factor: Number
    opponent_or_more: bool  # the table also holds when the loser called more than opponent_calls
    own_calls: tuple[int, ...]
    own_factors: tuple[Number, ...]
    open_ended: bool  # the last column also holds for more calls
    rows: tuple[tuple[int, tuple[Number, ...]], ...]


def award_tables(rs: RuleSet, bases: Sequence[int] = TABLE_BASES, most_calls: int = 12) -> list[AwardTable]:
    """The rule document's award tables, computed from the rule set.

    Columns run over the winner's calls until more calls no longer change any award (that
    column reads "N+ calls") or the rule set's call limit (``calls.limit_per_round``) is
    reached; two tables: the loser never called, and the loser called (once, which is what
    "1 or more" means when the count does not matter past one), the second only where the
    limit lets the loser call.
    """
    if not isinstance(bases, list | tuple) or not bases or len(bases) > 100:
        raise InputError(f"bases must be a list of 1 to 100 base points, got {shown(bases)}")
    for base in bases:
        whole_number("a base", base, None)
    most_calls = whole_number("most_calls", most_calls)
    if most_calls > 100:
        raise InputError(f"most_calls must be at most 100, got {most_calls}")
    rules = rules_of(rs)
    limit = rules.table.call_limit
    tables = []
    for opponent_calls in (0, 1):
        most = most_calls
        if limit is not None:  # a column no game reaches is left out (as `diff` stops at the limit)
            most = min(most, limit.calls - (opponent_calls if limit.per is LimitScope.ROUND else 0))
            if opponent_calls > limit.calls:
                break
        columns: list[list[Number]] = []
        open_ended = False
        for calls in range(most + 1):
            column = [award_of(rs, rules, b, calls, opponent_calls, 0).points for b in bases]
            if columns and column == columns[-1]:
                open_ended = True  # the cap is reached: the last column holds for any more calls
                break
            columns.append(column)
        reference = award_of(rs, rules, 1, 0, 0, 0).points
        own_factors = tuple(_ratio(award_of(rs, rules, 1, c, 0, 0).points, reference) for c in range(len(columns)))
        opponent_factor = _ratio(award_of(rs, rules, 1, 0, opponent_calls, 0).points, reference)
        rows = tuple((b, tuple(col[i] for col in columns)) for i, b in enumerate(bases))
        # Only the loser's first call counts, so the second table holds for any more calls the
        # call limit lets the loser make.
        or_more = opponent_calls > 0 and (limit is None or limit.calls > opponent_calls)
        tables.append(
            AwardTable(
                opponent_calls, opponent_factor, or_more, tuple(range(len(columns))), own_factors, open_ended, rows
            )
        )
    return tables


def _ratio(value: Number, reference: Number) -> Number:
    if reference == 0:
        return 0
    ratio = value / reference
    return int(ratio) if math.isclose(ratio, round(ratio)) else round(ratio, 3)
