"""Riichi scoring from a rule set: yaku -> han -> fu -> payment, as the four-stage scoring guide
lays it out (``docs/rules/riichi.md``). Three ways in::

    score(rs, han=3, fu=40)                                      # han and fu known
    score(rs, yaku=["riichi", "pinfu", "ittsu"], dora=0, fu=30)  # declared yaku (+ dora, fu)
    score(rs, yakuman=["daisangen", "tsuuiisou"])                # declared yakuman

Every number (the basic-points formula, payment multiples, limit tiers, kiriage, kazoe, yakuman
stacking, fu, the yaku table) comes from the rule set. Bad input raises
:class:`yakuset.InputError` naming the problem. A result's ``steps`` are built only when read.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .._core.arguments import MAX_COUNT, true_or_false, whole_number
from .._core.errors import InputError
from .._core.hints import did_you_mean
from .._core.memo import Memo
from .._core.numbers import format_number
from .._core.results import Step
from ._fu import fixed_yaku, given_fu
from ._limits import basic_points, yakuman_name
from ._payments import payment_steps, payments, with_bonuses
from ._rules import RiichiRules, Yaku, riichi_rules

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet

_MEMO_SIZE = 1 << 16

#: Finished han/fu scores by (rule set, han, fu, dealer, tsumo, honba, sticks), shared: a Score
#: is read-only. A refusal is raised again each time, never remembered.
RESULTS: Memo[tuple[RuleSet, int, int, bool, bool, int, int], Score] = Memo(_MEMO_SIZE)
_result_of = RESULTS.get  # bound once: this lookup is the whole cost of a memoised score


class Score:
    """A scored Riichi hand.

    ``total`` is what the winner gains (payments, honba and riichi sticks); ``payments`` is
    ``{"ron": N}``, ``{"dealer": N, "non_dealer": N}`` (non-dealer tsumo: each non-dealer pays
    ``non_dealer``) or ``{"each": N}`` (dealer tsumo), honba included. ``limit`` names the limit
    tier (``"mangan"`` ... ``"yakuman"``) or is ``None``; ``yakuman`` is the yakuman multiple
    (0 if none). ``steps`` explains every number, in order. A Score is read-only (finished
    results are shared).
    """

    __slots__ = ("ruleset", "han", "fu", "limit", "yakuman", "payments", "total", "_explain", "_steps")

    ruleset: str
    han: int | None
    fu: int | None
    limit: str | None
    yakuman: int
    payments: Mapping[str, int]
    total: int
    _explain: Callable[[], list[Step]]
    _steps: tuple[Step, ...] | None

    def __init__(
        self,
        ruleset: str,
        han: int | None,
        fu: int | None,
        limit: str | None,
        yakuman: int,
        payments: Mapping[str, int],
        total: int,
        explain: Callable[[], list[Step]],
    ) -> None:
        setter = object.__setattr__
        setter(self, "ruleset", ruleset)
        setter(self, "han", han)
        setter(self, "fu", fu)
        setter(self, "limit", limit)
        setter(self, "yakuman", yakuman)
        setter(self, "payments", payments if isinstance(payments, MappingProxyType) else MappingProxyType(payments))
        setter(self, "total", total)
        setter(self, "_explain", explain)
        setter(self, "_steps", None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Score is read-only; {name!r} cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Score is read-only; {name!r} cannot be deleted")

    @property
    def steps(self) -> tuple[Step, ...]:
        """The calculation step by step (built on first access)."""
        if self._steps is None:
            object.__setattr__(self, "_steps", tuple(self._explain()))
        return self._steps  # type: ignore[return-value]

    @property
    def explanation(self) -> str:
        """One line per step: ``label: value``."""
        return "\n".join(f"{s.label}: {format_number(s.factor)}" for s in self.steps)

    def as_dict(self) -> dict[str, Any]:
        """``{"ruleset", "han", "fu", "limit", "yakuman", "payments", "total", "steps"}``."""
        return {
            "ruleset": self.ruleset,
            "han": self.han,
            "fu": self.fu,
            "limit": self.limit,
            "yakuman": self.yakuman,
            "payments": dict(self.payments),
            "total": self.total,
            "steps": [s.as_dict() for s in self.steps],
        }

    def __repr__(self) -> str:
        return (
            f"Score(ruleset={self.ruleset!r}, han={self.han}, fu={self.fu}, limit={self.limit!r}, "
            f"yakuman={self.yakuman}, payments={dict(self.payments)}, total={self.total})"
        )


def score(
    rs: RuleSet,
    *,
    han: int | None = None,
    fu: int | None = None,
    yaku: Sequence[str] | None = None,
    dora: int = 0,
    open: bool = False,
    yakuman: Sequence[str] | None = None,
    dealer: bool = False,
    tsumo: bool = False,
    honba: int = 0,
    riichi_sticks: int = 0,
) -> Score:
    """Score a winning hand under ``rs``; give exactly one of ``han``, ``yaku`` or ``yakuman``.

    ``fu`` is the raw fu (rounded up here, fixed-fu hands such as seven pairs excepted); it may
    be left out when the hand is a limit hand whatever its fu. ``dora`` counts every dora, red
    five and ura dora. Raises :class:`yakuset.InputError` (a ``ValueError``) for a hand no game
    can produce.
    """
    # han/fu scoring is a pure function of a small domain, so finished results are memoised;
    # exact type checks keep True from sharing the entry of 1.
    if (
        yaku is None
        and yakuman is None
        and type(han) is int
        and type(fu) is int
        and type(dealer) is bool
        and type(tsumo) is bool
        and type(honba) is int
        and type(riichi_sticks) is int
        and dora == 0
        and open is False
    ):
        key = (rs, han, fu, dealer, tsumo, honba, riichi_sticks)
        hit = _result_of(key)
        if hit is not None:
            return hit
        if (
            0 <= honba <= MAX_COUNT
            and 0 <= riichi_sticks <= MAX_COUNT
            and 1 <= han <= MAX_COUNT
            and 0 <= fu <= MAX_COUNT
        ):
            result = _score_han(rs, riichi_rules(rs), han, fu, dealer, tsumo, honba, riichi_sticks)
            return RESULTS.put(key, result)
    rules = riichi_rules(rs)
    true_or_false("dealer", dealer)
    true_or_false("tsumo", tsumo)
    true_or_false("open", open)
    whole_number("honba", honba)
    whole_number("riichi_sticks", riichi_sticks)
    given = [name for name, value in (("han", han), ("yaku", yaku), ("yakuman", yakuman)) if value is not None]
    if len(given) != 1:
        raise InputError(
            "give exactly one of han (with fu), yaku or yakuman" + (f"; got {', '.join(given)}" if given else "")
        )
    if han is not None:
        whole_number("han", han, 1)
        if dora or open:
            raise InputError("dora and open only apply to declared yaku; with han, count dora in han")
        return _score_han(rs, rules, han, fu, dealer, tsumo, honba, riichi_sticks)
    if yaku is not None:
        return _score_yaku(
            rs, rules, _ids("yaku", yaku), whole_number("dora", dora), fu, open, dealer, tsumo, honba, riichi_sticks
        )
    if dora or fu is not None:
        raise InputError("a yakuman hand counts no dora and no fu; leave them out")
    return _score_yakuman(rs, rules, _ids("yakuman", yakuman), open, dealer, tsumo, honba, riichi_sticks)


def han_fu_score(rs: RuleSet, rules: RiichiRules, han: int, fu: int, dealer: bool, tsumo: bool) -> Score:
    """The memoised score of a hand whose han (at least 1) and fu were counted by the engine itself,
    without honba or sticks: what :func:`score` gives for them, without checking its arguments."""
    key = (rs, han, fu, dealer, tsumo, 0, 0)
    hit = _result_of(key)
    if hit is not None:
        return hit
    return RESULTS.put(key, _score_han(rs, rules, han, fu, dealer, tsumo, 0, 0))


def _ids(name: str, values: Any) -> list[str]:
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise InputError(f"{name} must be a list of yaku ids, got {values!r}")
    for value in values:
        if not isinstance(value, str):
            raise InputError(f"{name} must hold yaku ids, got {value!r}")
    return list(values)


Core = tuple[int, float, str | None, int, dict[str, int], list[Step], list[Step]]


@functools.lru_cache(maxsize=_MEMO_SIZE)
def _han_fu_core(rules: RiichiRules, han: int, fu: int | None, dealer: bool, tsumo: bool) -> Core:
    """fu, basic points, limit, yakuman multiple and payments of a han/fu hand, and their steps."""
    if fu is None:
        fu_value, fu_steps = fu_not_needed(rules, han, dealer, tsumo)
    else:
        fu_value, fu_steps = given_fu(rules, fu, han=han, dealer=dealer, tsumo=tsumo)
    basic, limit, multiple, core_steps = basic_points(rules, han, fu_value)
    return fu_value, basic, limit, multiple, payments(rules, basic, dealer, tsumo), fu_steps, core_steps


def _score_han(
    rs: RuleSet, rules: RiichiRules, han: int, fu: Any, dealer: bool, tsumo: bool, honba: int, sticks: int
) -> Score:
    if fu is not None and type(fu) is not int:
        raise InputError(f"fu must be a whole number, got {fu!r}")
    fu_value, basic, limit, multiple, base_payments, fu_steps, core_steps = _han_fu_core(rules, han, fu, dealer, tsumo)
    paid, total = with_bonuses(rules, base_payments, honba, sticks)

    def explain() -> list[Step]:
        return [
            Step("han", "han", han),
            *fu_steps,
            *core_steps,
            *payment_steps(rules, basic, base_payments, dealer, honba, sticks),
        ]

    return Score(rs.id, han, fu_value, limit, multiple, paid, total, explain)


def fu_not_needed(rules: RiichiRules, han: int, dealer: bool, tsumo: bool) -> tuple[int, list[Step]]:
    """Fu may be left out when every possible fu gives the same payment (a limit hand)."""
    f = rules.fu
    low = f.base if tsumo else min(f.base + f.closed_ron, f.open_minimum)
    candidates = range(low, f.maximum + f.round_to, f.round_to)
    outcomes = {tuple(payments(rules, basic_points(rules, han, fu)[0], dealer, tsumo).values()) for fu in candidates}
    if len(outcomes) > 1:
        raise InputError(f"fu is needed: {han} han is not a limit hand whatever its fu")
    return low, [Step("fu", "fu (not needed: the hand is a limit hand whatever its fu)", low)]


def _lookup(rules: RiichiRules, ident: str) -> Yaku:
    found = rules.yaku.get(ident)
    if found is not None:
        return found
    if ident in rules.disabled:
        raise InputError(f"{ident!r} is not a yaku under this rule set")
    hint = did_you_mean(ident, rules.yaku)
    raise InputError(f"unknown yaku {ident!r}" + (f"; {hint}" if hint else ""))


def _check_together(declared: list[Yaku], is_open: bool, dealer: bool, tsumo: bool) -> None:
    ids = [y.id for y in declared]
    if len(set(ids)) != len(ids):
        twice = next(i for i in ids if ids.count(i) > 1)
        raise InputError(f"{twice!r} is declared twice")
    present = set(ids)
    for y in declared:
        if is_open and y.closed_only:
            raise InputError(f"{y.id!r} needs a closed hand, but the hand is open")
        for other in sorted(y.replaces & present):
            raise InputError(f"{y.id!r} replaces {other!r}; declare only {y.id!r}")
        for other in sorted(y.excludes & present):
            raise InputError(f"{y.id!r} and {other!r} can't be in the same hand")
        if y.needs_any and not y.needs_any & present:
            raise InputError(f"{y.id!r} needs one of {', '.join(sorted(y.needs_any))}")
        if y.requires is not None and not y.allowed(dealer, tsumo, is_open):
            raise InputError(
                f"{y.id!r} is impossible here: it needs `{y.requires.source}` "
                f"(dealer={str(dealer).lower()}, tsumo={str(tsumo).lower()})"
            )


def _score_yaku(
    rs: RuleSet,
    rules: RiichiRules,
    ids: list[str],
    dora: int,
    fu: Any,
    is_open: bool,
    dealer: bool,
    tsumo: bool,
    honba: int,
    sticks: int,
) -> Score:
    declared = [_lookup(rules, i) for i in ids]
    _check_together(declared, is_open, dealer, tsumo)
    if any(y.yakuman for y in declared):
        return _yakuman_result(rs, rules, declared, dora, dealer, tsumo, honba, sticks)
    if not declared and not rules.dora_without_yaku:
        raise InputError("no yaku: a hand needs at least one yaku, and dora alone is not a yaku")
    exclusive = next((y for y in declared if y.exclusive), None)
    if exclusive is not None and len(declared) > 1:
        # An exclusive yaku stands alone; the winner may instead score the hand without it.
        alone = _score_declared(rs, rules, declared, exclusive, dora, fu, is_open, dealer, tsumo, honba, sticks)
        try:
            rest = _score_yaku(
                rs,
                rules,
                [y.id for y in declared if y is not exclusive],
                dora,
                fu,
                is_open,
                dealer,
                tsumo,
                honba,
                sticks,
            )
        except InputError:
            return alone
        if rest.total <= alone.total:
            return alone
        note = Step(exclusive.id, f"{exclusive.label}: not claimed (the hand is worth more without it)", 0)
        return Score(
            rs.id, rest.han, rest.fu, rest.limit, rest.yakuman, rest.payments, rest.total, lambda: [note, *rest.steps]
        )
    return _score_declared(rs, rules, declared, exclusive, dora, fu, is_open, dealer, tsumo, honba, sticks)


def _score_declared(
    rs: RuleSet,
    rules: RiichiRules,
    declared: list[Yaku],
    exclusive: Yaku | None,
    dora: int,
    fu: Any,
    is_open: bool,
    dealer: bool,
    tsumo: bool,
    honba: int,
    sticks: int,
) -> Score:
    counted = [exclusive] if exclusive else declared
    han = sum(y.han_for(is_open) for y in counted) + (0 if exclusive else dora)
    if han < 1:
        raise InputError("the declared yaku are worth no han")
    fixed = fixed_yaku(declared, tsumo)
    if fu is None and fixed is not None:
        fu = fixed.fu_for(tsumo)
    if fu is None:
        fu_value, fu_steps = fu_not_needed(rules, han, dealer, tsumo)
    else:
        fu_value, fu_steps = given_fu(
            rules, fu, han=han, dealer=dealer, tsumo=tsumo, is_open=is_open, fixed=fixed, declared=True
        )
    basic, limit, multiple, core_steps = basic_points(rules, han, fu_value)
    base_payments = payments(rules, basic, dealer, tsumo)
    paid, total = with_bonuses(rules, base_payments, honba, sticks)

    def explain() -> list[Step]:
        steps = []
        for y in declared:
            if exclusive and y is not exclusive:
                steps.append(Step(y.id, f"{y.label}: not counted ({exclusive.label} stands alone)", 0))
            else:
                steps.append(Step(y.id, f"{y.label}{' (open)' if is_open else ''}", y.han_for(is_open)))
        if dora:
            steps.append(Step("dora", f"Dora{': not counted' if exclusive else ''}", 0 if exclusive else dora))
        steps.append(Step("han", "han in all", han))
        return [*steps, *fu_steps, *core_steps, *payment_steps(rules, basic, base_payments, dealer, honba, sticks)]

    return Score(rs.id, han, fu_value, limit, multiple, paid, total, explain)


def _score_yakuman(
    rs: RuleSet, rules: RiichiRules, ids: list[str], is_open: bool, dealer: bool, tsumo: bool, honba: int, sticks: int
) -> Score:
    if not ids:
        raise InputError("no yakuman given")
    declared = [_lookup(rules, i) for i in ids]
    for y in declared:
        if not y.yakuman:
            raise InputError(f"{y.id!r} is not a yakuman; declare it as a yaku")
    _check_together(declared, is_open, dealer, tsumo)
    return _yakuman_result(rs, rules, declared, 0, dealer, tsumo, honba, sticks)


def _yakuman_value(rules: RiichiRules, y: Yaku) -> int:
    doubled = rules.stacking == "add_with_doubles" and y.id in rules.double_patterns
    return y.yakuman * (2 if doubled else 1)


_STACKING = {
    "single": "one yakuman at most",
    "add": "different yakuman add up",
    "add_with_doubles": "different yakuman add up, double patterns count twice",
}


def _yakuman_result(
    rs: RuleSet, rules: RiichiRules, declared: list[Yaku], dora: int, dealer: bool, tsumo: bool, honba: int, sticks: int
) -> Score:
    yakuman = [y for y in declared if y.yakuman]
    others = [y for y in declared if not y.yakuman]
    values = [_yakuman_value(rules, y) for y in yakuman]
    multiple = min(1 if rules.stacking == "single" else sum(values), rules.max_multiple)
    basic = rules.yakuman_basic * multiple
    base_payments = payments(rules, basic, dealer, tsumo)
    paid, total = with_bonuses(rules, base_payments, honba, sticks)

    def explain() -> list[Step]:
        steps = [Step(y.id, f"{y.label}: {yakuman_name(v)}", v) for y, v in zip(yakuman, values)]
        steps += [Step(y.id, f"{y.label}: not counted in a yakuman hand", 0) for y in others]
        if dora:
            steps.append(Step("dora", "Dora: not counted in a yakuman hand", 0))
        over = sum(values) > rules.max_multiple and rules.stacking != "single"
        capped = f", capped at {rules.max_multiple}" if over else ""
        steps.append(Step("yakuman", f"{yakuman_name(multiple)} ({_STACKING[rules.stacking]}{capped})", multiple))
        steps.append(Step("basic", f"basic points ({rules.yakuman_basic} × {multiple})", basic))
        return [*steps, *payment_steps(rules, basic, base_payments, dealer, honba, sticks)]

    return Score(rs.id, None, None, "yakuman", multiple, paid, total, explain)
