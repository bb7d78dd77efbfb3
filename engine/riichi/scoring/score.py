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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..._core.arguments import true_or_false, whole_number
from ..._core.errors import InputError
from ..._core.hints import did_you_mean
from ..._core.numbers import format_number
from ..._core.results import FrozenMap, Step, Steps
from ..rules.compiled import RiichiRules, Yaku, rules_of
from ..rules.memos import NO_WINS, UNSCORED, WINS_HAN, new_wins
from .fu import fixed_yaku, given_fu
from .limits import basic_points, common_points, yakuman_name
from .payments import bonus_steps, payment_steps, payments, with_bonuses
from .refusals import NoYaku

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

#: The ints 0 to 256, each the object CPython keeps for it: ``_EXACT[n] is n`` checks a count.
#: Typed Any because it is indexed by any argument (what is not such an int fails there).
_EXACT: Any = tuple(range(257))


class Payments(FrozenMap):
    """Each payer's payment: ``{"ron": N}``, ``{"dealer": N, "non_dealer": N}`` (non-dealer tsumo:
    each non-dealer pays ``non_dealer``) or ``{"each": N}`` (dealer tsumo). A read-only ``dict``
    that hashes by its items."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class BaseScore:
    """A hand's score before honba and riichi sticks: what every :class:`Score` of the hand shares.

    ``ruleset``, ``han``, ``fu``, ``limit`` and ``yakuman`` as in :class:`Score`; ``payments``
    and ``total`` without honba and sticks; ``steps`` explain them (the hand, its fu, the basic
    points and limit, each payment; built when first read). ``honba_each`` is what one honba adds to each payment,
    ``honba_total`` what it adds to the winner's total, ``riichi_stick`` what one riichi stick adds
    to it. A value: two are equal when every field is.
    """

    ruleset: str
    han: int | None
    fu: int | None
    limit: str | None
    yakuman: int
    payments: Payments
    total: int
    steps: Steps
    honba_each: int
    honba_total: int
    riichi_stick: int

    def noted(self, notes: Sequence[Step]) -> BaseScore:
        """The same score with ``notes`` before its steps."""
        return BaseScore(
            self.ruleset,
            self.han,
            self.fu,
            self.limit,
            self.yakuman,
            self.payments,
            self.total,
            Steps(_noted, tuple(notes), self.steps),
            self.honba_each,
            self.honba_total,
            self.riichi_stick,
        )


def base_score(
    ruleset: str,
    rules: RiichiRules,
    han: int | None,
    fu: int | None,
    limit: str | None,
    yakuman: int,
    basic: float,
    dealer: bool,
    tsumo: bool,
    head: list[Step],
) -> BaseScore:
    """The :class:`BaseScore` of a hand of ``basic`` points won this way; ``head`` are the steps
    before its payments' (the hand, its fu, the basic points and limit)."""
    paid = payments(rules, basic, dealer, tsumo)
    total = with_bonuses(rules, paid, 0, 0)[1]
    # Honba add linearly to the total: one honba says it all.
    honba_total = with_bonuses(rules, paid, 1, 0)[1] - total
    honba_each = rules.honba_ron if "ron" in paid else rules.honba_tsumo_each
    steps = Steps(_steps_and_payments, tuple(head), rules, basic, paid, dealer)
    return BaseScore(
        ruleset, han, fu, limit, yakuman, Payments(paid), total, steps, honba_each, honba_total, rules.riichi_stick
    )


def _steps_and_payments(
    head: tuple[Step, ...], rules: RiichiRules, basic: float, paid: dict[str, int], dealer: bool
) -> tuple[Step, ...]:
    return (*head, *payment_steps(rules, basic, paid, dealer, 0, 0))


def _noted(notes: tuple[Step, ...], steps: Steps) -> tuple[Step, ...]:
    return (*notes, *steps)


class Score(tuple[BaseScore, int, int]):
    """A scored Riichi hand: its :class:`BaseScore` (``base``), the ``honba`` and ``riichi_sticks``
    scored with it; ``total`` is what the winner gains (payments, honba and riichi sticks).

    ``payments`` is ``{"ron": N}``, ``{"dealer": N, "non_dealer": N}`` (non-dealer tsumo: each
    non-dealer pays ``non_dealer``) or ``{"each": N}`` (dealer tsumo), honba included. ``limit``
    names the limit tier (``"mangan"`` ... ``"yakuman"``) or is ``None``; ``yakuman`` is the
    yakuman multiple (0 if none). ``steps`` explains every number, in order: the base's steps,
    then the honba and the riichi sticks.

    A value: two scores are equal (and hash alike) when their fields are, which makes their
    payments and steps equal too. Made by :func:`score` and :func:`yakuset.riichi.evaluate`, as
    ``Score((base, honba, riichi_sticks))``: a tuple of its three fields (``_fields``), like a
    NamedTuple, but made by the tuple's own constructor, which costs a han/fu score about 300
    fewer instructions than a NamedTuple's ``__new__`` (bench/README.md).
    """

    __slots__ = ()

    _fields = ("base", "honba", "riichi_sticks")

    @property
    def base(self) -> BaseScore:
        """The hand's score before honba and riichi sticks."""
        return self[0]

    @property
    def honba(self) -> int:
        """The honba scored with the hand."""
        return self[1]

    @property
    def riichi_sticks(self) -> int:
        """The riichi sticks on the table, which the winner takes."""
        return self[2]

    @property
    def total(self) -> int:
        """What the winner gains in all: the payments, the honba and the riichi sticks."""
        base, honba, sticks = self
        return base.total + honba * base.honba_total + sticks * base.riichi_stick

    @property
    def ruleset(self) -> str:
        """The rule set's id."""
        return self[0].ruleset

    @property
    def han(self) -> int | None:
        """The han (None for a yakuman hand)."""
        return self[0].han

    @property
    def fu(self) -> int | None:
        """The fu, rounded (None for a yakuman hand)."""
        return self[0].fu

    @property
    def limit(self) -> str | None:
        """The limit tier's id, or None."""
        return self[0].limit

    @property
    def yakuman(self) -> int:
        """The yakuman multiple (0 if none)."""
        return self[0].yakuman

    @property
    def payments(self) -> Payments:
        """Each payer's payment, honba included (read-only)."""
        base, honba, _ = self
        if not honba:
            return base.payments
        extra = honba * base.honba_each
        return Payments({payer: paid + extra for payer, paid in base.payments.items()})

    @property
    def steps(self) -> tuple[Step, ...]:
        """The calculation step by step."""
        base, honba, sticks = self
        if not honba and not sticks:
            return base.steps.items()
        ron = "ron" in base.payments
        return (*base.steps, *bonus_steps(base.honba_each, base.riichi_stick, ron, honba, sticks))

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
            f"yakuman={self.yakuman}, payments={dict(self.payments)}, total={self.total}, "
            f"honba={self.honba}, riichi_sticks={self.riichi_sticks})"
        )


def scored(base: BaseScore, honba: int, sticks: int) -> Score:
    """The :class:`Score` of ``base`` with ``honba`` and ``sticks`` (checked counts)."""
    return Score((base, honba, sticks))


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
    # han and fu: the rule set keeps each hand's base score (``hand_base``), and a score is made
    # from it as a value of three fields. Every argument is checked as cheaply as CPython
    # allows: ``_EXACT[n] is n`` holds exactly for an int of 0 to 256 (not a bool, a float or
    # another integer type: False, IndexError or TypeError), ``is True``/``is False`` for a bool
    # (an index of 2 raises IndexError), and the table's row of 0 han and its rows' ends raise
    # IndexError. Whatever fails here, ``_score_checked`` says why or scores the hand (an
    # error hand_base raises here other than InputError is raised again there). Keywords in the order
    # of use: CPython matches them in order.
    if yaku is None and yakuman is None and open is False and dora == 0:
        exact = _EXACT
        try:
            if (
                exact[han] is han
                and exact[fu] is fu
                and exact[honba] is honba
                and exact[riichi_sticks] is riichi_sticks
            ):
                by_tsumo = rs.rules.caches.wins[1 if dealer is True else 0 if dealer is False else 2]
                base = by_tsumo[1 if tsumo is True else 0 if tsumo is False else 2][han][fu]
                if base is None:  # not scored yet
                    base = hand_base(rs, rs.rules, han, fu, dealer, tsumo)
                return Score((base, honba, riichi_sticks))
        except (AttributeError, IndexError, TypeError):
            pass  # not a Riichi rule set, an argument of another kind or size, a hand past the table
    return _score_checked(rs, han, fu, dealer, tsumo, honba, riichi_sticks, yaku, dora, open, yakuman)


def _score_checked(
    rs: RuleSet,
    han: Any,
    fu: Any,
    dealer: Any,
    tsumo: Any,
    honba: Any,
    riichi_sticks: Any,
    yaku: Any,
    dora: Any,
    open: Any,
    yakuman: Any,
) -> Score:
    """:func:`score` off its fast path: every argument checked, the hand scored by its form."""
    rules = rules_of(rs)
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
        if fu is None:
            return scored(_han_fu_base(rs, rules, han, fu, dealer, tsumo), honba, riichi_sticks)
        if type(fu) is not int:
            raise InputError(f"fu must be a whole number, got {fu!r}")
        return scored(hand_base(rs, rules, han, fu, dealer, tsumo), honba, riichi_sticks)
    if yaku is not None:
        return _score_yaku(
            rs, rules, _ids("yaku", yaku), whole_number("dora", dora), fu, open, dealer, tsumo, honba, riichi_sticks
        )
    if dora or fu is not None:
        raise InputError("a yakuman hand counts no dora and no fu; leave them out")
    return _score_yakuman(rs, rules, _ids("yakuman", yakuman), open, dealer, tsumo, honba, riichi_sticks)


def hand_base(rs: RuleSet, rules: RiichiRules, han: int, fu: int, dealer: bool, tsumo: bool) -> BaseScore:
    """The base score of han (at least 1) and raw fu won this way, kept by the rule set
    (``rules.caches.wins`` up to ``WINS_HAN`` han, ``hands`` past it); :class:`yakuset.InputError`
    for a fu no hand has (never kept)."""
    caches = rules.caches
    wins = caches.wins
    if wins is NO_WINS:
        wins = caches.wins = new_wins()
    by_han = wins[1 if dealer else 0][1 if tsumo else 0]
    in_table = han <= WINS_HAN and 0 <= fu <= rules.fu.maximum
    found: BaseScore | None
    if in_table:
        row: Sequence[BaseScore | None] = by_han[han]
        found = None if row is UNSCORED else row[fu]
    else:
        found = caches.hands.get((han, fu, dealer, tsumo))
    if found is not None:
        return found
    kind = (dealer, tsumo)
    common = caches.common.get(kind)
    if common is None:
        # The table is made once this kind of win has missed often enough to be in use: a
        # variant of a rule set that diff builds to find a cause scores a few situations, and
        # making ~180 hands for each of its wins would cost more than the situations.
        misses = caches.misses[kind] = caches.misses.get(kind, 0) + 1
        if misses >= COMMON_AFTER:
            common = caches.common[kind] = common_hands(rs, rules, dealer, tsumo)
    found = None if common is None else common.get((han, fu))
    if found is None:
        found = _han_fu_base(rs, rules, han, fu, dealer, tsumo)
    if not in_table:
        caches.hands.put((han, fu, dealer, tsumo), found)
        return found
    kept: list[BaseScore | None] = row if isinstance(row, list) else [None] * (rules.fu.maximum + 1)
    kept[fu] = found
    by_han[han] = kept
    return found


#: How many hands of one kind of win (dealer or not, tsumo or ron) a rule set scores past its
#: memos before it makes that kind's table of common hands (:func:`common_hands`).
COMMON_AFTER = 64


def common_hands(rs: RuleSet, rules: RiichiRules, dealer: bool, tsumo: bool) -> dict[tuple[int, int], BaseScore]:
    """The base score of every hand in the rule set's table of basic points (1-13 han, every fu a
    hand can score) won this way: made when the rule set has scored ``COMMON_AFTER`` such wins
    its memos did not hold (about 180 hands, a few milliseconds), kept by the rules, so that a
    common hand is worked out once whatever the memos forget. Hands the rule set refuses are
    left out (refused again when asked)."""
    table = {}
    for han, fu in common_points(rules):
        try:
            table[han, fu] = _han_fu_base(rs, rules, han, fu, dealer, tsumo)
        except InputError:
            continue
    return table


def _ids(name: str, values: Any) -> list[str]:
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise InputError(f"{name} must be a list of yaku ids, got {values!r}")
    for value in values:
        if not isinstance(value, str):
            raise InputError(f"{name} must hold yaku ids, got {value!r}")
    return list(values)


def _han_fu_base(rs: RuleSet, rules: RiichiRules, han: int, fu: int | None, dealer: bool, tsumo: bool) -> BaseScore:
    """The base score of han and raw fu (``None``: a limit hand whatever its fu). Raises
    :class:`yakuset.InputError` for a fu no hand has."""
    if fu is None:
        fu_value, fu_steps = fu_not_needed(rules, han, dealer, tsumo)
    else:
        fu_value, fu_steps = given_fu(rules, fu, han=han, dealer=dealer, tsumo=tsumo)
    basic, limit, multiple, core_steps = basic_points(rules, han, fu_value)
    head = [Step("han", "han", han), *fu_steps, *core_steps]
    return base_score(rs.id, rules, han, fu_value, limit, multiple, basic, dealer, tsumo, head)


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
        return scored(yakuman_base(rs, rules, declared, dora, dealer, tsumo), honba, sticks)
    if not declared and not rules.dora_without_yaku:
        raise NoYaku("no yaku: a hand needs at least one yaku, and dora alone is not a yaku")
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
        return scored(rest.base.noted([note]), honba, sticks)
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
    steps = []
    for y in declared:
        if exclusive and y is not exclusive:
            steps.append(Step(y.id, f"{y.label}: not counted ({exclusive.label} stands alone)", 0))
        else:
            steps.append(Step(y.id, f"{y.label}{' (open)' if is_open else ''}", y.han_for(is_open)))
    if dora:
        steps.append(Step("dora", f"Dora{': not counted' if exclusive else ''}", 0 if exclusive else dora))
    steps.append(Step("han", "han in all", han))
    head = [*steps, *fu_steps, *core_steps]
    base = base_score(rs.id, rules, han, fu_value, limit, multiple, basic, dealer, tsumo, head)
    return scored(base, honba, sticks)


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
    return scored(yakuman_base(rs, rules, declared, 0, dealer, tsumo), honba, sticks)


def _yakuman_value(rules: RiichiRules, y: Yaku) -> int:
    doubled = rules.stacking == "add_with_doubles" and y.id in rules.double_patterns
    return y.yakuman * (2 if doubled else 1)


_STACKING = {
    "single": "one yakuman at most",
    "add": "different yakuman add up",
    "add_with_doubles": "different yakuman add up, double patterns count twice",
}


def yakuman_base(
    rs: RuleSet, rules: RiichiRules, declared: list[Yaku], dora: int, dealer: bool, tsumo: bool
) -> BaseScore:
    """The base score of a hand with the yakuman (and yaku, not counted) ``declared``."""
    yakuman = [y for y in declared if y.yakuman]
    others = [y for y in declared if not y.yakuman]
    values = [_yakuman_value(rules, y) for y in yakuman]
    multiple = min(1 if rules.stacking == "single" else sum(values), rules.max_multiple)
    basic = rules.yakuman_basic * multiple
    steps = [Step(y.id, f"{y.label}: {yakuman_name(v)}", v) for y, v in zip(yakuman, values)]
    steps += [Step(y.id, f"{y.label}: not counted in a yakuman hand", 0) for y in others]
    if dora:
        steps.append(Step("dora", "Dora: not counted in a yakuman hand", 0))
    over = sum(values) > rules.max_multiple and rules.stacking != "single"
    capped = f", capped at {rules.max_multiple}" if over else ""
    steps.append(Step("yakuman", f"{yakuman_name(multiple)} ({_STACKING[rules.stacking]}{capped})", multiple))
    steps.append(Step("basic", f"basic points ({rules.yakuman_basic} × {multiple})", basic))
    return base_score(rs.id, rules, None, None, "yakuman", multiple, basic, dealer, tsumo, steps)
