"""The payment table of a rule set: a han × fu grid for each kind of win, and the limit rows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..._core.arguments import whole_number
from ..._core.errors import InputError
from ..._core.numbers import round_up
from ..._core.results import FrozenMap
from ..rules.compiled import RiichiRules, rules_of
from .score import Payments, Score, fu_not_needed, score

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet


def grid_fu(rules: RiichiRules) -> tuple[int, ...]:
    """The fu rows of the payment grid: the base fu, the fixed fu no count rounds to (25 for
    seven pairs), then every multiple of the rounding step up to the most fu a hand counts."""
    f = rules.fu
    fixed = {fu for y in rules.fixed_fu for fu in y.fixed_fu if fu is not None and fu % f.round_to}
    counted = range(int(round_up(f.base, f.round_to)), f.maximum + 1, f.round_to)
    return tuple(sorted({f.base, *fixed, *counted}))


@dataclass(frozen=True, slots=True)
class GridCell:
    """One cell of the payment grid: ``None`` payments where no hand has that han and fu."""

    han: int
    fu: int
    payments: Payments | None
    limit: str | None


@dataclass(frozen=True, slots=True)
class PaymentGrid:
    """Payments by fu (rows) and han (columns) for one kind of win."""

    dealer: bool
    tsumo: bool
    han: tuple[int, ...]
    rows: tuple[tuple[int, tuple[GridCell, ...]], ...]


@dataclass(frozen=True, slots=True)
class LimitRow:
    """The payments of a limit hand, the same for every fu."""

    han: int
    limit: str | None
    yakuman: int
    payments: FrozenMap  # (dealer, tsumo) -> Payments


def _try(rs: RuleSet, **kwargs: Any) -> Score | None:
    try:
        return score(rs, **kwargs)
    except InputError:
        return None


def payment_grids(rs: RuleSet, most_han: int = 15) -> tuple[list[PaymentGrid], list[LimitRow]]:
    """The rule set's payment table: a grid for the han where fu still matters, then limit rows.

    The grid runs until the first han whose payment no longer depends on fu; from there each
    han is one row of the limits table (mangan, haneman, ... and kazoe when the rule set has it).
    """
    rules = rules_of(rs)
    most_han = whole_number("most_han", most_han, 1)
    if most_han > 100:
        raise InputError(f"most_han must be at most 100, got {most_han}")
    wins = [(False, False), (False, True), (True, False), (True, True)]
    grid_han = []
    han = 1
    while han <= most_han:
        try:
            for dealer, tsumo in wins:
                fu_not_needed(rules, han, dealer, tsumo)
            break
        except InputError:
            grid_han.append(han)
            han += 1
    grids = []
    for dealer, tsumo in wins:
        rows = []
        for fu in grid_fu(rules):
            cells = []
            for h in grid_han:
                result = _try(rs, han=h, fu=fu, dealer=dealer, tsumo=tsumo)
                cells.append(GridCell(h, fu, result.payments if result else None, result.limit if result else None))
            rows.append((fu, tuple(cells)))
        grids.append(PaymentGrid(dealer, tsumo, tuple(grid_han), tuple(rows)))
    limits = []
    for h in range(han, most_han + 1):
        by_win = {}
        first: Score | None = None
        for dealer, tsumo in wins:
            result = score(rs, han=h, dealer=dealer, tsumo=tsumo)
            first = first or result
            by_win[(dealer, tsumo)] = result.payments
        assert first is not None
        limits.append(LimitRow(h, first.limit, first.yakuman, FrozenMap(by_win)))
    return grids, limits
