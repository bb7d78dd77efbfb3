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

import weakref
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .._core.arguments import MAX_COUNT, true_or_false, whole_number
from .._core.errors import InputError
from .._core.hints import did_you_mean
from .._core.memo import Memo
from .._core.numbers import format_number
from .._core.results import Step
from ._fu import fixed_yaku, given_fu
from ._limits import basic_points, common_points, yakuman_name
from ._payments import payment_steps, payments, with_bonuses
from ._rules import RiichiRules, Yaku, riichi_rules

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet

_PARTS_SIZE = 1 << 14
#: Scores kept per hand: honba 0-7 × riichi sticks 0-3 (a table rarely goes past them; larger
#: counts are scored as well, only not kept). Index: ``honba << 2 | sticks``.
_KEPT_HONBA, _KEPT_STICKS = 8, 4

_new = tuple.__new__


class Facts:
    """What every score of one hand shares whatever its honba and riichi sticks: the numbers
    before honba and sticks, and what the steps are made of.
    Internal: :class:`Score` reads it."""

    __slots__ = (
        "ruleset",
        "han",
        "fu",
        "limit",
        "yakuman",
        "payments",
        "total",
        "rules",
        "basic",
        "dealer",
        "head",
        "honba_unit",
        "stick_unit",
        "kept_steps",
    )

    def __init__(
        self,
        ruleset: str,
        han: int | None,
        fu: int | None,
        limit: str | None,
        yakuman: int,
        rules: RiichiRules,
        basic: float,
        dealer: bool,
        tsumo: bool,
        head: Callable[[], list[Step]],
    ) -> None:
        base_payments = payments(rules, basic, dealer, tsumo)
        self.ruleset, self.han, self.fu, self.limit, self.yakuman = ruleset, han, fu, limit, yakuman
        self.payments = MappingProxyType(base_payments)
        self.rules, self.basic, self.dealer, self.head = rules, basic, dealer, head
        # Honba and sticks add linearly to the winner's total, so one honba and one stick say it all.
        self.total = total = with_bonuses(rules, base_payments, 0, 0)[1]
        self.honba_unit = with_bonuses(rules, base_payments, 1, 1)[1] - total - rules.riichi_stick
        self.stick_unit = rules.riichi_stick
        self.kept_steps: dict[tuple[int, int], tuple[Step, ...]] = {}

    def unshared(self) -> Facts:
        """The same facts with nothing of their steps built yet: a memo's entry holds its own, so
        that forgetting the memo forgets the steps built for it."""
        facts = object.__new__(Facts)
        facts.ruleset, facts.han, facts.fu, facts.limit, facts.yakuman = (
            self.ruleset,
            self.han,
            self.fu,
            self.limit,
            self.yakuman,
        )
        facts.payments, facts.total, facts.rules, facts.basic, facts.dealer = (
            self.payments,
            self.total,
            self.rules,
            self.basic,
            self.dealer,
        )
        facts.head, facts.honba_unit, facts.stick_unit = self.head, self.honba_unit, self.stick_unit
        facts.kept_steps = {}
        return facts

    def steps(self, honba: int, sticks: int) -> tuple[Step, ...]:
        """The steps of the score with ``honba`` and ``sticks`` (kept for the common counts)."""
        steps = self.kept_steps.get((honba, sticks))
        if steps is None:
            steps = (
                *self.head(),
                *payment_steps(self.rules, self.basic, self.payments, self.dealer, honba, sticks),
            )
            if honba < _KEPT_HONBA and sticks < _KEPT_STICKS:
                self.kept_steps[honba, sticks] = steps
        return steps

    def scored(self, honba: int, sticks: int, before: Callable[[], list[Step]] | None = None) -> Score:
        """The score with ``honba`` and ``sticks`` added, its steps preceded by ``before``'s."""
        total = self.total + honba * self.honba_unit + sticks * self.stick_unit
        return _new(Score, (total, honba, sticks, self, before))


class Score(tuple[Any, ...]):
    """A scored Riichi hand.

    ``total`` is what the winner gains (payments, honba and riichi sticks); ``payments`` is
    ``{"ron": N}``, ``{"dealer": N, "non_dealer": N}`` (non-dealer tsumo: each non-dealer pays
    ``non_dealer``) or ``{"each": N}`` (dealer tsumo), honba included. ``limit`` names the limit
    tier (``"mangan"`` ... ``"yakuman"``) or is ``None``; ``yakuman`` is the yakuman multiple
    (0 if none). ``steps`` explains every number, in order, and is built when read. A Score
    is read-only (finished results are shared); two Scores are equal only when they are the same
    object. Made by :func:`score` and :func:`yakuset.riichi.evaluate`, never directly.
    """

    # One tuple (total, honba, sticks, facts, steps before the facts' or None): the cheapest
    # read-only object CPython builds, which a stream of distinct inputs makes often.
    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Score:
        raise TypeError("a Score is made by yakuset.riichi.score or evaluate, not directly")

    total: int = property(itemgetter(0), doc="What the winner gains in all.")  # type: ignore[assignment]

    @property
    def ruleset(self) -> str:
        """The rule set's id."""
        return self[3].ruleset  # type: ignore[no-any-return]

    @property
    def han(self) -> int | None:
        """The han (None for a yakuman hand)."""
        return self[3].han  # type: ignore[no-any-return]

    @property
    def fu(self) -> int | None:
        """The fu, rounded (None for a yakuman hand)."""
        return self[3].fu  # type: ignore[no-any-return]

    @property
    def limit(self) -> str | None:
        """The limit tier's id, or None."""
        return self[3].limit  # type: ignore[no-any-return]

    @property
    def yakuman(self) -> int:
        """The yakuman multiple (0 if none)."""
        return self[3].yakuman  # type: ignore[no-any-return]

    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __hash__ = object.__hash__

    @property
    def payments(self) -> Mapping[str, int]:
        """Each payer's payment, honba included (read-only)."""
        facts: Facts = self[3]
        if not self[1]:
            return facts.payments
        return MappingProxyType(with_bonuses(facts.rules, facts.payments, self[1], 0)[0])

    @property
    def steps(self) -> tuple[Step, ...]:
        """The calculation step by step."""
        facts: Facts = self[3]
        before = self[4]
        if before is None:
            return facts.steps(self[1], self[2])
        return (*before(), *facts.steps(self[1], self[2]))

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

    def __reduce__(self) -> Any:
        raise TypeError("a Score is not pickled; keep its as_dict()")


def with_steps_before(
    result: Score, before: Callable[[], list[Step]], honba: int | None = None, sticks: int | None = None
) -> Score:
    """``result`` with ``before``'s steps in front of its own, and with other honba or sticks if given."""
    earlier = result[4]
    if earlier is not None:
        first = before

        def before() -> list[Step]:
            return [*first(), *earlier()]

    facts: Facts = result[3]
    return facts.scored(result[1] if honba is None else honba, result[2] if sticks is None else sticks, before)


#: What scores of one (rule set, han, raw fu, dealer, tsumo) share, whatever the honba and sticks,
#: with its finished scores for the common honba and sticks (shared: a Score is read-only). A few
#: thousand keys hold every hand a game makes, so a stream of distinct inputs does not thrash it.
#: A refusal is raised again each time, never remembered.
PARTS: Memo[tuple[RuleSet, int, int, bool, bool], list[Score | None]] = Memo(_PARTS_SIZE)
_parts_of = PARTS.get


def score(
    rs: RuleSet,
    *,
    han: int | None = None,
    fu: int | None = None,
    dealer: bool = False,
    tsumo: bool = False,
    honba: int = 0,
    riichi_sticks: int = 0,
    yaku: Sequence[str] | None = None,
    dora: int = 0,
    open: bool = False,
    yakuman: Sequence[str] | None = None,
) -> Score:
    """Score a winning hand under ``rs``; give exactly one of ``han``, ``yaku`` or ``yakuman``.

    ``fu`` is the raw fu (rounded up here, fixed-fu hands such as seven pairs excepted); it may
    be left out when the hand is a limit hand whatever its fu. ``dora`` counts every dora, red
    five and ura dora. Raises :class:`yakuset.InputError` (a ``ValueError``) for a hand no game
    can produce.
    """
    # han/fu scoring is a pure function of a small domain, so finished results are memoised;
    # exact type checks keep True from sharing the entry of 1 (``__class__``: no call, unlike
    # type()). The detailed checks below run only when these fail. Keywords in the order of
    # use: CPython matches them in order.
    if (
        han.__class__ is int
        and fu.__class__ is int
        and dealer.__class__ is bool
        and tsumo.__class__ is bool
        and honba.__class__ is int
        and riichi_sticks.__class__ is int
        and yaku is None
        and yakuman is None
        and dora == 0
        and open is False
    ):
        kept = _parts_of((rs, han, fu, dealer, tsumo))
        if kept is None and 0 < han <= MAX_COUNT and 0 <= fu <= MAX_COUNT:
            kept = _kept_scores(rs, riichi_rules(rs), han, fu, dealer, tsumo)
        if kept is None:
            pass  # out of range: the checks below say which argument
        elif 0 <= honba < _KEPT_HONBA and 0 <= riichi_sticks < _KEPT_STICKS:
            index = honba << 2 | riichi_sticks
            found = kept[index]
            if found is None:
                facts: Facts = kept[0][3]  # type: ignore[index]
                total = facts.total + honba * facts.honba_unit + riichi_sticks * facts.stick_unit
                found = kept[index] = _new(Score, (total, honba, riichi_sticks, facts, None))
            return found
        elif 0 <= honba <= MAX_COUNT >= riichi_sticks >= 0:
            return kept[0][3].scored(honba, riichi_sticks)  # type: ignore[index,no-any-return]
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
        if fu is not None and type(fu) is not int:
            raise InputError(f"fu must be a whole number, got {fu!r}")
        return _han_fu_facts(rs, rules, han, fu, dealer, tsumo).scored(honba, riichi_sticks)
    if yaku is not None:
        return _score_yaku(
            rs, rules, _ids("yaku", yaku), whole_number("dora", dora), fu, open, dealer, tsumo, honba, riichi_sticks
        )
    if dora or fu is not None:
        raise InputError("a yakuman hand counts no dora and no fu; leave them out")
    return _score_yakuman(rs, rules, _ids("yakuman", yakuman), open, dealer, tsumo, honba, riichi_sticks)


def han_fu_facts(rs: RuleSet, rules: RiichiRules, han: int, fu: int, dealer: bool, tsumo: bool) -> Facts:
    """The memoised facts of a hand whose han (at least 1) and fu were counted by the engine itself:
    what :func:`score` works out for them, without checking its arguments; ``.scored(honba,
    sticks, before)`` makes the score."""
    kept = _parts_of((rs, han, fu, dealer, tsumo)) or _kept_scores(rs, rules, han, fu, dealer, tsumo)
    return kept[0][3]  # type: ignore[index,no-any-return]


def memoised(rs: RuleSet, han: int, fu: int, dealer: bool, tsumo: bool) -> Score | None:
    """The score of han and raw fu without honba or sticks if it is memoised, else ``None``."""
    kept = _parts_of((rs, han, fu, dealer, tsumo))
    return None if kept is None else kept[0]


def _ids(name: str, values: Any) -> list[str]:
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise InputError(f"{name} must be a list of yaku ids, got {values!r}")
    for value in values:
        if not isinstance(value, str):
            raise InputError(f"{name} must hold yaku ids, got {value!r}")
    return list(values)


def _han_fu_facts(rs: RuleSet, rules: RiichiRules, han: int, fu: int | None, dealer: bool, tsumo: bool) -> Facts:
    """The shared part of every score of han and raw fu (``None``: a limit hand whatever its fu).
    Raises :class:`yakuset.InputError` for a fu no hand has."""
    if fu is None:
        fu_value, fu_steps = fu_not_needed(rules, han, dealer, tsumo)
    else:
        fu_value, fu_steps = given_fu(rules, fu, han=han, dealer=dealer, tsumo=tsumo)
    basic, limit, multiple, core_steps = basic_points(rules, han, fu_value)

    def head() -> list[Step]:
        return [Step("han", "han", han), *fu_steps, *core_steps]

    return Facts(rs.id, han, fu_value, limit, multiple, rules, basic, dealer, tsumo, head)


def _kept_scores(rs: RuleSet, rules: RiichiRules, han: int, fu: int, dealer: bool, tsumo: bool) -> list[Score | None]:
    """The memo's entry for han and raw fu: its scores by ``honba << 2 | sticks``, the one without
    either made now, from the rule set's table of common hands if it holds them. (The scores
    point at their facts, the facts not at them: no reference cycle is left for the garbage
    collector when the memo forgets an entry.)"""
    tables = _COMMON.get(rs)
    if tables is None:
        tables = _COMMON[rs] = {}
    common = tables.get((dealer, tsumo))
    if common is None:
        common = tables[dealer, tsumo] = _common_hands(rs, rules, dealer, tsumo)
    facts = common.get((han, fu))
    kept: list[Score | None] = [None] * (_KEPT_HONBA * _KEPT_STICKS)
    if facts is None:
        kept[0] = _han_fu_facts(rs, rules, han, fu, dealer, tsumo).scored(0, 0)
    else:
        kept[0] = facts.unshared().scored(0, 0)
    return PARTS.put((rs, han, fu, dealer, tsumo), kept)


#: Each rule set's tables of common hands by (dealer, tsumo) (:func:`_common_hands`), as long as
#: the rule set lives.
_COMMON: weakref.WeakKeyDictionary[RuleSet, dict[tuple[bool, bool], dict[tuple[int, int], Facts]]] = (
    weakref.WeakKeyDictionary()
)


def _common_hands(rs: RuleSet, rules: RiichiRules, dealer: bool, tsumo: bool) -> dict[tuple[int, int], Facts]:
    """The facts of every hand in the rule set's table of basic points (1-13 han, every fu a hand
    can score) won this way (dealer or not, ron or tsumo): made when the rule set first scores
    such a win (about 180 hands in under a millisecond), so that a common hand is never worked
    out again. Hands the rule set refuses are left out (refused again when asked)."""
    table = {}
    for han, fu in common_points(rules):
        try:
            table[han, fu] = _han_fu_facts(rs, rules, han, fu, dealer, tsumo)
        except InputError:
            continue
    return table


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
        return yakuman_result(rs, rules, declared, dora, dealer, tsumo, honba, sticks)
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
        return with_steps_before(rest, lambda: [note])
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

    def head() -> list[Step]:
        steps = []
        for y in declared:
            if exclusive and y is not exclusive:
                steps.append(Step(y.id, f"{y.label}: not counted ({exclusive.label} stands alone)", 0))
            else:
                steps.append(Step(y.id, f"{y.label}{' (open)' if is_open else ''}", y.han_for(is_open)))
        if dora:
            steps.append(Step("dora", f"Dora{': not counted' if exclusive else ''}", 0 if exclusive else dora))
        steps.append(Step("han", "han in all", han))
        return [*steps, *fu_steps, *core_steps]

    return Facts(rs.id, han, fu_value, limit, multiple, rules, basic, dealer, tsumo, head).scored(honba, sticks)


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
    return yakuman_result(rs, rules, declared, 0, dealer, tsumo, honba, sticks)


def _yakuman_value(rules: RiichiRules, y: Yaku) -> int:
    doubled = rules.stacking == "add_with_doubles" and y.id in rules.double_patterns
    return y.yakuman * (2 if doubled else 1)


_STACKING = {
    "single": "one yakuman at most",
    "add": "different yakuman add up",
    "add_with_doubles": "different yakuman add up, double patterns count twice",
}


def yakuman_result(
    rs: RuleSet, rules: RiichiRules, declared: list[Yaku], dora: int, dealer: bool, tsumo: bool, honba: int, sticks: int
) -> Score:
    yakuman = [y for y in declared if y.yakuman]
    others = [y for y in declared if not y.yakuman]
    values = [_yakuman_value(rules, y) for y in yakuman]
    multiple = min(1 if rules.stacking == "single" else sum(values), rules.max_multiple)
    basic = rules.yakuman_basic * multiple

    def head() -> list[Step]:
        steps = [Step(y.id, f"{y.label}: {yakuman_name(v)}", v) for y, v in zip(yakuman, values)]
        steps += [Step(y.id, f"{y.label}: not counted in a yakuman hand", 0) for y in others]
        if dora:
            steps.append(Step("dora", "Dora: not counted in a yakuman hand", 0))
        over = sum(values) > rules.max_multiple and rules.stacking != "single"
        capped = f", capped at {rules.max_multiple}" if over else ""
        steps.append(Step("yakuman", f"{yakuman_name(multiple)} ({_STACKING[rules.stacking]}{capped})", multiple))
        steps.append(Step("basic", f"basic points ({rules.yakuman_basic} × {multiple})", basic))
        return steps

    facts = Facts(rs.id, None, None, "yakuman", multiple, rules, basic, dealer, tsumo, head)
    return facts.scored(honba, sticks)
