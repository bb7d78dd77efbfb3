"""Riichi scoring from a rule set: yaku -> han -> fu -> payment, as rule document 002 lays out.

Three ways in (DESIGN.md §7)::

    score(rs, han=3, fu=40)                                   # han and fu known
    score(rs, yaku=["riichi", "pinfu", "ittsu"], dora=0, fu=30)  # declared yaku (+ dora, fu)
    score(rs, yakuman=["daisangen", "tsuuiisou"])             # declared yakuman

Every number (the basic-points formula, payment multiples, limit tiers, kiriage, kazoe, yakuman
stacking, fu constants, the yaku table) comes from the rule set. Bad input raises
:class:`engine.InputError` naming the problem. A result's ``steps`` are built only when read.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import pluggy

from .errors import InputError, Location, Problem
from .expressions import Expression
from .results import Step, format_number
from .yamlsource import LocatedDict, LocatedList, id_items

if TYPE_CHECKING:
    from .ruleset import RuleSet

#: Names the basic-points formula and limit conditions may use.
SCORE_NAMES = {"han": "the hand's han", "fu": "the hand's fu, rounded", "basic": "the basic points before limits"}
#: Names a yaku's ``requires`` condition may use (each true or false).
WIN_CONDITIONS = {"dealer": "the winner is the dealer", "tsumo": "the hand was won by tsumo",
                  "open": "the hand has an open meld"}

_CACHE_LIMIT = 50_000


@dataclass(frozen=True, slots=True)
class Yaku:
    """One compiled entry of the yaku table."""

    id: str
    label: str
    han: int | None
    open_han: int | None
    closed_only: bool
    yakuman: int
    exclusive: bool
    replaces: frozenset[str]
    excludes: frozenset[str]
    requires: Expression | None
    needs_any: frozenset[str]

    def han_for(self, is_open: bool) -> int:
        if is_open and self.open_han is not None:
            return self.open_han
        return self.han or 0


@dataclass(frozen=True, slots=True)
class Tier:
    """A limit tier: when ``when`` holds, the basic points become ``basic``."""

    id: str
    label: str
    when: Expression
    basic: int


@dataclass(frozen=True, slots=True)
class Fu:
    """The fu constants of a rule set."""

    base: int
    closed_ron: int
    tsumo: int
    chiitoitsu: int
    pinfu_tsumo: int
    open_minimum: int
    round_to: int
    maximum: int


@dataclass(frozen=True)
class FuTable:
    """The fu a hand counts from its tiles: pairs, waits and sets (``fu:`` in the rule set)."""

    value_pair: int
    double_wind_pair: int
    waits: Mapping[str, int]
    sets: Mapping[str, int]


@dataclass(frozen=True)
class RiichiRules:
    """The compiled Riichi parts of a rule set."""

    basic: Expression
    round_to: int
    ron_dealer: float
    ron_non_dealer: float
    dealer_tsumo_each: float
    tsumo_dealer_pays: float
    tsumo_non_dealer_pays: float
    honba_ron: int
    honba_tsumo_each: int
    riichi_stick: int
    tiers: tuple[Tier, ...]
    kiriage: bool
    kiriage_basic: int
    kazoe: str
    kazoe_han: int
    yakuman_basic: int
    stacking: str
    double_patterns: frozenset[str]
    max_multiple: int
    fu: Fu
    fu_table: FuTable
    dora_without_yaku: bool
    yaku: Mapping[str, Yaku]
    disabled: frozenset[str]
    cache: dict[tuple[int, int, bool, bool], Any]  # han/fu hands by (han, fu, dealer, tsumo)
    results: dict[tuple[Any, ...], Score]           # finished han/fu results, shared (read-only)


# --- compiling -------------------------------------------------------------------------------


def compile_rules(document: LocatedDict, manager: pluggy.PluginManager,
                  fallback: Location) -> tuple[RiichiRules | None, list[Problem]]:
    """Compile a resolved Riichi rule set, reporting every problem at its location."""
    from .ruleset import compile_at, expression_names

    names, problems = expression_names(manager, "riichi", SCORE_NAMES, fallback)
    scoring, limits, yakuman, fu = (document.get(k) for k in ("scoring", "limits", "yakuman", "fu"))
    sections = (scoring, limits, yakuman, fu)
    if not all(isinstance(s, LocatedDict) for s in sections):
        return None, problems
    assert isinstance(scoring, LocatedDict) and isinstance(limits, LocatedDict)
    assert isinstance(yakuman, LocatedDict) and isinstance(fu, LocatedDict)
    basic = compile_at(scoring, "basic", names, "number", "scoring.basic", problems, fallback) \
        if "basic" in scoring else None
    tiers = []
    tier_items = limits.get("tiers")
    for item in tier_items if isinstance(tier_items, LocatedList) else []:
        if not isinstance(item, LocatedDict) or "when" not in item:
            continue
        path = f"limits.tiers[{item.get('id')}]"
        when = compile_at(item, "when", names, "condition", f"{path}.when", problems, fallback)
        if when is not None and isinstance(item.get("basic"), int):
            tiers.append(Tier(str(item["id"]), str(item.get("label", item["id"])), when, item["basic"]))
    yaku, disabled = _compile_yaku(document.get("yaku"), names, problems, fallback)
    known = set(yaku) | disabled
    doubles: Any = yakuman.get("double_patterns") or []
    for index, ident in enumerate(doubles):
        if ident not in known:
            problems.append(Problem(doubles.item_locs[index], f"yakuman.double_patterns[{index}]",
                                    f"unknown yaku {ident!r}", _did_you_mean(ident, known)))
    if problems or basic is None:
        return None, problems
    payments = scoring["payments"]
    honba = scoring["honba"]
    dora = document.get("dora") or {}
    rules = RiichiRules(
        basic=basic,
        round_to=scoring["round_to"],
        ron_dealer=payments["ron"]["dealer"],
        ron_non_dealer=payments["ron"]["non_dealer"],
        dealer_tsumo_each=payments["dealer_tsumo"]["each"],
        tsumo_dealer_pays=payments["non_dealer_tsumo"]["dealer"],
        tsumo_non_dealer_pays=payments["non_dealer_tsumo"]["non_dealer"],
        honba_ron=honba["ron"],
        honba_tsumo_each=honba["tsumo_each"],
        riichi_stick=scoring["riichi_stick"],
        tiers=tuple(tiers),
        kiriage=bool(limits["kiriage"]),
        kiriage_basic=limits.get("kiriage_basic", 1920),
        kazoe=limits["kazoe"],
        kazoe_han=limits["kazoe_han"],
        yakuman_basic=yakuman["basic"],
        stacking=yakuman["stacking"],
        double_patterns=frozenset(doubles),
        max_multiple=yakuman["max_multiple"],
        fu=Fu(**{k: fu[k] for k in ("base", "closed_ron", "tsumo", "chiitoitsu", "pinfu_tsumo",
                                    "open_minimum", "round_to", "maximum")}),
        fu_table=FuTable(fu["value_pair"], fu["double_wind_pair"], MappingProxyType(dict(fu["waits"])),
                         MappingProxyType(dict(fu["sets"]))),
        dora_without_yaku=bool(dora.get("counts_without_yaku", False)),
        yaku=yaku,
        disabled=frozenset(disabled),
        cache={},
        results={},
    )
    return rules, problems


def _did_you_mean(name: str, known: Iterable[str]) -> str | None:
    close = difflib.get_close_matches(name, list(known), n=1)
    return f"did you mean {close[0]!r}?" if close else None


def _compile_yaku(items: Any, names: Mapping[str, str], problems: list[Problem],
                  fallback: Location) -> tuple[dict[str, Yaku], set[str]]:
    from .ruleset import compile_at

    yaku: dict[str, Yaku] = {}
    disabled: set[str] = set()
    entries = id_items(items)
    all_ids = {item["id"] for _, item in entries}
    for index, item in entries:
        ident = item["id"]
        path = f"yaku[{ident}]"
        where = items.item_locs[index]
        if ("han" in item) == ("yakuman" in item):
            problems.append(Problem(where, path, "a yaku needs exactly one of `han` and `yakuman`",
                                    "give a regular yaku `han: N`, a yakuman `yakuman: 1`"))
            continue
        for key in ("replaces", "excludes", "needs_any"):
            refs: Any = item.get(key) or []
            for ref_index, ref in enumerate(refs):
                if ref not in all_ids:
                    problems.append(Problem(refs.item_locs[ref_index], f"{path}.{key}[{ref_index}]",
                                            f"unknown yaku {ref!r}", _did_you_mean(ref, all_ids)))
        if item.get("enabled", True) is False:
            disabled.add(ident)
            continue
        requires = compile_at(item, "requires", WIN_CONDITIONS, "condition", f"{path}.requires", problems,
                              fallback, frozenset(WIN_CONDITIONS)) if "requires" in item else None
        yaku[ident] = Yaku(
            id=ident,
            label=str(item.get("label", ident)),
            han=item.get("han"),
            open_han=None if item.get("closed_only") else item.get("open_han", item.get("han")),
            closed_only=bool(item.get("closed_only", False)),
            yakuman=int(item.get("yakuman", 0)),
            exclusive=bool(item.get("exclusive", False)),
            replaces=frozenset(item.get("replaces") or ()),
            excludes=frozenset(item.get("excludes") or ()),
            requires=requires,
            needs_any=frozenset(item.get("needs_any") or ()),
        )
    return yaku, disabled


# --- results ---------------------------------------------------------------------------------


class Score:
    """A scored Riichi hand.

    ``total`` is what the winner gains (payments, honba and riichi sticks); ``payments`` is
    ``{"ron": N}``, ``{"dealer": N, "non_dealer": N}`` (non-dealer tsumo: each non-dealer pays
    ``non_dealer``) or ``{"each": N}`` (dealer tsumo), honba included. ``limit`` names the limit
    tier (``"mangan"`` ... ``"yakuman"``) or is ``None``; ``yakuman`` is the yakuman multiple
    (0 if none). ``steps`` explains every number, in order.
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

    def __init__(self, ruleset: str, han: int | None, fu: int | None, limit: str | None, yakuman: int,
                 payments: dict[str, int], total: int, explain: Callable[[], list[Step]]) -> None:
        # Results are shared by the memo of han/fu scores, so they are read-only.
        setter = object.__setattr__
        setter(self, "ruleset", ruleset)
        setter(self, "han", han)
        setter(self, "fu", fu)
        setter(self, "limit", limit)
        setter(self, "yakuman", yakuman)
        setter(self, "payments", MappingProxyType(payments))
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
        """The JSON shape of DESIGN.md §7, plus the steps."""
        return {"ruleset": self.ruleset, "han": self.han, "fu": self.fu, "limit": self.limit,
                "yakuman": self.yakuman, "payments": dict(self.payments), "total": self.total,
                "steps": [s.as_dict() for s in self.steps]}

    def __repr__(self) -> str:
        return (f"Score(ruleset={self.ruleset!r}, han={self.han}, fu={self.fu}, limit={self.limit!r}, "
                f"yakuman={self.yakuman}, payments={self.payments}, total={self.total})")


# --- scoring ---------------------------------------------------------------------------------


def _rules(rs: RuleSet) -> RiichiRules:
    if rs.game != "riichi" or not isinstance(rs.rules, RiichiRules):
        raise InputError(f"{rs.id!r} is a {rs.game} rule set; Riichi scoring needs a Riichi rule set")
    return rs.rules


def check_count(name: str, value: Any) -> int:
    """``value`` if it is a whole number of at least 0, else :class:`engine.InputError` naming ``name``."""
    if type(value) is not int or value < 0:
        raise InputError(f"{name} must be a whole number of at least 0, got {value!r}")
    return value


def _flag(name: str, value: Any) -> bool:
    if type(value) is not bool:
        raise InputError(f"{name} must be true or false, got {value!r}")
    return value


def score(rs: RuleSet, *, han: int | None = None, fu: int | None = None,
          yaku: Sequence[str] | None = None, dora: int = 0, open: bool = False,
          yakuman: Sequence[str] | None = None, dealer: bool = False, tsumo: bool = False,
          honba: int = 0, riichi_sticks: int = 0) -> Score:
    """Score a winning hand under ``rs``; give exactly one of ``han``, ``yaku`` or ``yakuman``.

    ``fu`` is the raw fu (rounded up here, seven pairs excepted); it may be left out when the
    hand is a limit hand whatever its fu. ``dora`` counts every dora, red five and ura dora.
    Raises :class:`engine.InputError` (a ``ValueError``) for a hand no game can produce.
    """
    rules = rs.rules
    # Fast path: han/fu scoring is a pure function of a small domain, so finished results are
    # memoised per rule set; exact type checks keep True from hitting the entry for 1.
    if (yaku is None and yakuman is None and type(han) is int and type(fu) is int and type(dealer) is bool
            and type(tsumo) is bool and type(honba) is int and type(riichi_sticks) is int
            and type(rules) is RiichiRules and dora == 0 and open is False):
        hit = rules.results.get((han, fu, dealer, tsumo, honba, riichi_sticks))
        if hit is not None:
            return hit
    rules = _rules(rs)
    _flag("dealer", dealer)
    _flag("tsumo", tsumo)
    _flag("open", open)
    check_count("honba", honba)
    check_count("riichi_sticks", riichi_sticks)
    given = [name for name, value in (("han", han), ("yaku", yaku), ("yakuman", yakuman)) if value is not None]
    if len(given) != 1:
        raise InputError("give exactly one of han (with fu), yaku or yakuman"
                         + (f"; got {', '.join(given)}" if given else ""))
    if han is not None:
        if type(han) is not int or han < 1:
            raise InputError(f"han must be a whole number of at least 1, got {han!r}")
        if dora or open:
            raise InputError("dora and open only apply to declared yaku; with han, count dora in han")
        result = _score_han(rs, rules, han, fu, dealer, tsumo, honba, riichi_sticks)
        if type(fu) is int and type(dora) is int:
            if len(rules.results) >= _CACHE_LIMIT:
                rules.results.clear()
            rules.results[(han, fu, dealer, tsumo, honba, riichi_sticks)] = result
        return result
    if yaku is not None:
        return _score_yaku(rs, rules, _ids("yaku", yaku), check_count("dora", dora), fu, open, dealer, tsumo,
                           honba, riichi_sticks)
    if dora or fu is not None:
        raise InputError("a yakuman hand counts no dora and no fu; leave them out")
    return _score_yakuman(rs, rules, _ids("yakuman", yakuman), open, dealer, tsumo, honba, riichi_sticks)


def evaluate(rs: RuleSet, hand: str, **kwargs: Any) -> Score:
    """Score a hand from its tiles: see :func:`engine.hand.evaluate` (same arguments)."""
    from .hand import evaluate as evaluate_tiles

    return evaluate_tiles(rs, hand, **kwargs)


def _ids(name: str, values: Any) -> list[str]:
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise InputError(f"{name} must be a list of yaku ids, got {values!r}")
    for value in values:
        if not isinstance(value, str):
            raise InputError(f"{name} must hold yaku ids, got {value!r}")
    return list(values)


def _fu_rounded(rules: RiichiRules, fu: Any, *, chiitoitsu: bool, tsumo: bool, is_open: bool,
                han: int, pinfu: bool = False, declared: bool = False) -> tuple[int, list[Step]]:
    """Validate raw fu and round it as the rule set says; the steps say how."""
    f = rules.fu
    if type(fu) is not int:
        raise InputError(f"fu must be a whole number, got {fu!r}")
    if chiitoitsu or (not declared and fu == f.chiitoitsu):
        if fu != f.chiitoitsu:
            raise InputError(f"chiitoitsu is always {f.chiitoitsu} fu, got {fu}")
        least = _least_han(rules, ["chiitoitsu", "menzen_tsumo"] if tsumo else ["chiitoitsu"])
        if not declared and han < least:
            raise InputError(f"{fu} fu is chiitoitsu, which {'won by tsumo ' if tsumo else ''}is at least "
                             f"{least} han; got {han} han")
        return fu, [Step("fu", "fu (chiitoitsu, not rounded)", fu)]
    if declared and fu == f.chiitoitsu and fu % f.round_to:
        raise InputError(f"{fu} fu is only possible with chiitoitsu")
    if fu < f.base:
        raise InputError(f"fu must be at least {f.base} (every hand starts there), got {fu}")
    if fu > f.maximum:
        raise InputError(f"no hand counts more than {f.maximum} fu, got {fu}")
    steps = []
    rounded = -(-fu // f.round_to) * f.round_to
    steps.append(Step("fu", f"fu ({fu} rounded up to {f.round_to})" if rounded != fu else "fu", rounded))
    if is_open and rounded < f.open_minimum:
        rounded = f.open_minimum
        steps.append(Step("open_minimum", f"fu (an open hand of {fu} fu counts {rounded})", rounded))
    if not declared and tsumo and rounded == f.base:
        # Only pinfu tsumo counts the bare base fu on a tsumo.
        least = _least_han(rules, ["pinfu", "menzen_tsumo"])
        if f.pinfu_tsumo != f.base or han < least:
            raise InputError(f"{fu} fu on a tsumo is only pinfu tsumo, which is at least {least} han; got {han} han"
                             if f.pinfu_tsumo == f.base else f"{fu} fu is impossible on a tsumo under this rule set")
    ron_minimum = min(f.base + f.closed_ron, f.open_minimum)
    if not tsumo and rounded < ron_minimum:
        raise InputError(f"{fu} fu is impossible on a ron: a closed ron adds {f.closed_ron} and an open "
                         f"hand counts at least {f.open_minimum}")
    if declared and tsumo and not is_open and not pinfu and fu <= f.base and f.tsumo:
        raise InputError(f"{fu} fu on a closed tsumo is only pinfu; tsumo adds {f.tsumo} fu")
    return rounded, steps


def _least_han(rules: RiichiRules, ids: list[str]) -> int:
    """The han of a closed hand holding these yaku (those the rule set lacks count 0)."""
    return sum(rules.yaku[i].han_for(False) for i in ids if i in rules.yaku)


def _limit(rules: RiichiRules, han: int, fu: int, basic: float) -> Tier | None:
    variables = {"han": han, "fu": fu, "basic": basic}
    best: Tier | None = None
    for tier in rules.tiers:
        if (best is None or tier.basic > best.basic) and tier.when(variables):
            best = tier
    if best is None and rules.kiriage and basic >= rules.kiriage_basic:
        best = next((t for t in sorted(rules.tiers, key=lambda t: t.basic)), None)
    return best


def _payments(rules: RiichiRules, basic: float, dealer: bool, tsumo: bool) -> dict[str, int]:
    step = rules.round_to

    def up(value: float) -> int:
        return int(-(-value // step) * step)

    if not tsumo:
        return {"ron": up(basic * (rules.ron_dealer if dealer else rules.ron_non_dealer))}
    if dealer:
        return {"each": up(basic * rules.dealer_tsumo_each)}
    return {"dealer": up(basic * rules.tsumo_dealer_pays), "non_dealer": up(basic * rules.tsumo_non_dealer_pays)}


def with_bonuses(rules: RiichiRules, base_payments: dict[str, int], honba: int,
                 sticks: int) -> tuple[dict[str, int], int]:
    """Payments with honba added, and the winner's total with the riichi sticks."""
    if "ron" in base_payments:
        payments = {"ron": base_payments["ron"] + honba * rules.honba_ron}
        total = payments["ron"]
    elif "each" in base_payments:
        payments = {"each": base_payments["each"] + honba * rules.honba_tsumo_each}
        total = 3 * payments["each"]
    else:
        extra = honba * rules.honba_tsumo_each
        payments = {"dealer": base_payments["dealer"] + extra, "non_dealer": base_payments["non_dealer"] + extra}
        total = payments["dealer"] + 2 * payments["non_dealer"]
    return payments, total + sticks * rules.riichi_stick


def _payment_steps(rules: RiichiRules, basic: float, base_payments: Mapping[str, int], dealer: bool,
                   honba: int, sticks: int) -> list[Step]:
    steps = []
    shown = format_number(basic)
    if "ron" in base_payments:
        factor = rules.ron_dealer if dealer else rules.ron_non_dealer
        steps.append(Step("ron", f"the discarder pays {shown} × {format_number(factor)}, rounded up to "
                                 f"{rules.round_to}", base_payments["ron"]))
    elif "each" in base_payments:
        steps.append(Step("each", f"each player pays {shown} × {format_number(rules.dealer_tsumo_each)}, "
                                  f"rounded up to {rules.round_to}", base_payments["each"]))
    else:
        steps.append(Step("dealer", f"the dealer pays {shown} × {format_number(rules.tsumo_dealer_pays)}, "
                                    f"rounded up to {rules.round_to}", base_payments["dealer"]))
        steps.append(Step("non_dealer", f"each non-dealer pays {shown} × "
                                        f"{format_number(rules.tsumo_non_dealer_pays)}, rounded up to "
                                        f"{rules.round_to}", base_payments["non_dealer"]))
    return [*steps, *bonus_steps(rules, "ron" in base_payments, honba, sticks)]


def bonus_steps(rules: RiichiRules, ron: bool, honba: int, sticks: int) -> list[Step]:
    """The steps that add honba (per payer on a tsumo) and riichi sticks (to the winner)."""
    steps = []
    if honba and ron:
        steps.append(Step("honba", f"{honba} honba × {rules.honba_ron}", honba * rules.honba_ron))
    elif honba:
        steps.append(Step("honba", f"{honba} honba × {rules.honba_tsumo_each} from each player",
                          honba * rules.honba_tsumo_each))
    if sticks:
        steps.append(Step("riichi_sticks", f"{sticks} riichi stick(s) × {rules.riichi_stick} to the winner",
                          sticks * rules.riichi_stick))
    return steps


def _kazoe_multiple(rules: RiichiRules, han: int) -> int:
    if han < rules.kazoe_han or rules.kazoe == "none":
        return 0
    if rules.kazoe == "yakuman":
        return 1
    return min(han // rules.kazoe_han, rules.max_multiple)


def _core(rules: RiichiRules, han: int, fu: int) -> tuple[float, str | None, int, list[Step]]:
    """Basic points, limit name and yakuman multiple of a regular (non-yakuman) hand."""
    kazoe = _kazoe_multiple(rules, han)
    if kazoe:
        basic = rules.yakuman_basic * kazoe
        label = f"kazoe: {han} han counts as {_yakuman_name(kazoe)}"
        return basic, "yakuman", kazoe, [Step("kazoe", label, kazoe),
                                         Step("basic", f"basic points ({rules.yakuman_basic} × {kazoe})", basic)]
    raw = rules.basic({"han": han, "fu": fu})
    steps = [Step("basic", f"basic points ({rules.basic.source})", raw)]
    tier = _limit(rules, han, fu, raw)
    if tier is None:
        return raw, None, 0, steps
    how = "kiriage" if rules.kiriage and not tier.when({"han": han, "fu": fu, "basic": raw}) else "limit"
    steps.append(Step("limit", f"{tier.label} ({how}): basic points become", tier.basic))
    return tier.basic, tier.id, 0, steps


def _yakuman_name(count: int) -> str:
    return "a yakuman" if count == 1 else f"{count} yakuman"


def _score_han(rs: RuleSet, rules: RiichiRules, han: int, fu: Any, dealer: bool, tsumo: bool,
               honba: int, sticks: int) -> Score:
    key = (han, fu, dealer, tsumo)
    cached = rules.cache.get(key)  # type: ignore[arg-type]
    if cached is None:
        if fu is None:
            fu_value, fu_steps = _fu_not_needed(rules, han, dealer, tsumo)
        else:
            fu_value, fu_steps = _fu_rounded(rules, fu, chiitoitsu=False, tsumo=tsumo, is_open=False, han=han)
        basic, limit, multiple, core_steps = _core(rules, han, fu_value)
        base_payments = _payments(rules, basic, dealer, tsumo)
        cached = (fu_value, basic, limit, multiple, base_payments, fu_steps, core_steps)
        if len(rules.cache) >= _CACHE_LIMIT:
            rules.cache.clear()
        rules.cache[key] = cached  # type: ignore[index]
    fu_value, basic, limit, multiple, base_payments, fu_steps, core_steps = cached
    payments, total = with_bonuses(rules, base_payments, honba, sticks)

    def explain() -> list[Step]:
        return [Step("han", "han", han), *fu_steps, *core_steps,
                *_payment_steps(rules, basic, base_payments, dealer, honba, sticks)]

    return Score(rs.id, han, fu_value, limit, multiple, payments, total, explain)


def _fu_not_needed(rules: RiichiRules, han: int, dealer: bool, tsumo: bool) -> tuple[int, list[Step]]:
    """Fu may be left out when every possible fu gives the same payment (a limit hand)."""
    low = rules.fu.base if tsumo else min(rules.fu.base + rules.fu.closed_ron, rules.fu.open_minimum)
    candidates = range(low, rules.fu.maximum + rules.fu.round_to, rules.fu.round_to)
    outcomes = {tuple(_payments(rules, _core(rules, han, f)[0], dealer, tsumo).values()) for f in candidates}
    if len(outcomes) > 1:
        raise InputError(f"fu is needed: {han} han is not a limit hand whatever its fu")
    return low, [Step("fu", "fu (not needed: the hand is a limit hand whatever its fu)", low)]


def _lookup(rules: RiichiRules, ident: str) -> Yaku:
    found = rules.yaku.get(ident)
    if found is not None:
        return found
    if ident in rules.disabled:
        raise InputError(f"{ident!r} is not a yaku under this rule set")
    hint = _did_you_mean(ident, rules.yaku)
    raise InputError(f"unknown yaku {ident!r}" + (f"; {hint}" if hint else ""))


def _check_together(rules: RiichiRules, declared: list[Yaku], is_open: bool, dealer: bool, tsumo: bool) -> None:
    ids = [y.id for y in declared]
    if len(set(ids)) != len(ids):
        twice = next(i for i in ids if ids.count(i) > 1)
        raise InputError(f"{twice!r} is declared twice")
    present = set(ids)
    conditions = {"dealer": dealer, "tsumo": tsumo, "open": is_open}
    for y in declared:
        if is_open and y.closed_only:
            raise InputError(f"{y.id!r} needs a closed hand, but the hand is open")
        for other in sorted(y.replaces & present):
            raise InputError(f"{y.id!r} replaces {other!r}; declare only {y.id!r}")
        for other in sorted(y.excludes & present):
            raise InputError(f"{y.id!r} and {other!r} can't be in the same hand")
        if y.needs_any and not y.needs_any & present:
            raise InputError(f"{y.id!r} needs one of {', '.join(sorted(y.needs_any))}")
        if y.requires is not None and not y.requires(conditions):  # type: ignore[arg-type]
            raise InputError(f"{y.id!r} is impossible here: it needs `{y.requires.source}` "
                             f"(dealer={str(dealer).lower()}, tsumo={str(tsumo).lower()})")


def _score_yaku(rs: RuleSet, rules: RiichiRules, ids: list[str], dora: int, fu: Any, is_open: bool,
                dealer: bool, tsumo: bool, honba: int, sticks: int) -> Score:
    declared = [_lookup(rules, i) for i in ids]
    _check_together(rules, declared, is_open, dealer, tsumo)
    if any(y.yakuman for y in declared):
        return _yakuman_result(rs, rules, declared, dora, dealer, tsumo, honba, sticks)
    if not declared and not rules.dora_without_yaku:
        raise InputError("no yaku: a hand needs at least one yaku, and dora alone is not a yaku")
    exclusive = next((y for y in declared if y.exclusive), None)
    if exclusive is not None and len(declared) > 1:
        # An exclusive yaku stands alone; the winner may instead score the hand without it.
        alone = _score_declared(rs, rules, declared, exclusive, dora, fu, is_open, dealer, tsumo, honba, sticks)
        try:
            rest = _score_yaku(rs, rules, [y.id for y in declared if y is not exclusive], dora, fu, is_open,
                               dealer, tsumo, honba, sticks)
        except InputError:
            return alone
        if rest.total <= alone.total:
            return alone
        note = Step(exclusive.id, f"{exclusive.label}: not claimed (the hand is worth more without it)", 0)
        return Score(rs.id, rest.han, rest.fu, rest.limit, rest.yakuman, dict(rest.payments), rest.total,
                     lambda: [note, *rest.steps])
    return _score_declared(rs, rules, declared, exclusive, dora, fu, is_open, dealer, tsumo, honba, sticks)


def _score_declared(rs: RuleSet, rules: RiichiRules, declared: list[Yaku], exclusive: Yaku | None, dora: int,
                    fu: Any, is_open: bool, dealer: bool, tsumo: bool, honba: int, sticks: int) -> Score:
    counted = [exclusive] if exclusive else declared
    han = sum(y.han_for(is_open) for y in counted) + (0 if exclusive else dora)
    if han < 1:
        raise InputError("the declared yaku are worth no han")
    present = {y.id for y in declared}
    pinfu = "pinfu" in present
    if fu is None:
        if "chiitoitsu" in present:
            fu = rules.fu.chiitoitsu
        elif pinfu:
            fu = rules.fu.pinfu_tsumo if tsumo else rules.fu.base + rules.fu.closed_ron
    if pinfu and fu is not None:
        expected = rules.fu.pinfu_tsumo if tsumo else rules.fu.base + rules.fu.closed_ron
        if fu != expected:
            raise InputError(f"pinfu {'tsumo' if tsumo else 'ron'} is always {expected} fu, got {fu}")
    if fu is None:
        fu_value, fu_steps = _fu_not_needed(rules, han, dealer, tsumo)
    else:
        fu_value, fu_steps = _fu_rounded(rules, fu, chiitoitsu="chiitoitsu" in present, tsumo=tsumo,
                                         is_open=is_open, han=han, pinfu=pinfu, declared=True)
    basic, limit, multiple, core_steps = _core(rules, han, fu_value)
    base_payments = _payments(rules, basic, dealer, tsumo)
    payments, total = with_bonuses(rules, base_payments, honba, sticks)

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
        return [*steps, *fu_steps, *core_steps, *_payment_steps(rules, basic, base_payments, dealer, honba, sticks)]

    return Score(rs.id, han, fu_value, limit, multiple, payments, total, explain)


def _score_yakuman(rs: RuleSet, rules: RiichiRules, ids: list[str], is_open: bool, dealer: bool,
                   tsumo: bool, honba: int, sticks: int) -> Score:
    if not ids:
        raise InputError("no yakuman given")
    declared = [_lookup(rules, i) for i in ids]
    for y in declared:
        if not y.yakuman:
            raise InputError(f"{y.id!r} is not a yakuman; declare it as a yaku")
    _check_together(rules, declared, is_open, dealer, tsumo)
    return _yakuman_result(rs, rules, declared, 0, dealer, tsumo, honba, sticks)


def _yakuman_value(rules: RiichiRules, y: Yaku) -> int:
    doubled = rules.stacking == "add_with_doubles" and y.id in rules.double_patterns
    return y.yakuman * (2 if doubled else 1)


def _yakuman_result(rs: RuleSet, rules: RiichiRules, declared: list[Yaku], dora: int, dealer: bool,
                    tsumo: bool, honba: int, sticks: int) -> Score:
    yakuman = [y for y in declared if y.yakuman]
    others = [y for y in declared if not y.yakuman]
    values = [_yakuman_value(rules, y) for y in yakuman]
    multiple = min(1 if rules.stacking == "single" else sum(values), rules.max_multiple)
    basic = rules.yakuman_basic * multiple
    base_payments = _payments(rules, basic, dealer, tsumo)
    payments, total = with_bonuses(rules, base_payments, honba, sticks)

    def explain() -> list[Step]:
        steps = [Step(y.id, f"{y.label}: {_yakuman_name(v)}", v) for y, v in zip(yakuman, values)]
        steps += [Step(y.id, f"{y.label}: not counted in a yakuman hand", 0) for y in others]
        if dora:
            steps.append(Step("dora", "Dora: not counted in a yakuman hand", 0))
        rule = {"single": "one yakuman at most", "add": "different yakuman add up",
                "add_with_doubles": "different yakuman add up, double patterns count twice"}[rules.stacking]
        over = sum(values) > rules.max_multiple and rules.stacking != "single"
        capped = f", capped at {rules.max_multiple}" if over else ""
        steps.append(Step("yakuman", f"{_yakuman_name(multiple)} ({rule}{capped})", multiple))
        steps.append(Step("basic", f"basic points ({rules.yakuman_basic} × {multiple})", basic))
        return [*steps, *_payment_steps(rules, basic, base_payments, dealer, honba, sticks)]

    return Score(rs.id, None, None, "yakuman", multiple, payments, total, explain)


# --- the han × fu grid -----------------------------------------------------------------------

#: The fu rows of ``yakuset table``: every fu a hand can score below the limits.
GRID_FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


@dataclass(frozen=True, slots=True)
class GridCell:
    """One cell of the payment grid: ``None`` payments where no hand has that han and fu."""

    han: int
    fu: int
    payments: dict[str, int] | None
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
    payments: dict[tuple[bool, bool], dict[str, int]]


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
    rules = _rules(rs)
    wins = [(False, False), (False, True), (True, False), (True, True)]
    grid_han = []
    han = 1
    while han <= most_han:
        try:
            for dealer, tsumo in wins:
                _fu_not_needed(rules, han, dealer, tsumo)
            break
        except InputError:
            grid_han.append(han)
            han += 1
    grids = []
    for dealer, tsumo in wins:
        rows = []
        for fu in GRID_FU:
            cells = []
            for h in grid_han:
                result = _try(rs, han=h, fu=fu, dealer=dealer, tsumo=tsumo)
                cells.append(GridCell(h, fu, dict(result.payments) if result else None,
                                      result.limit if result else None))
            rows.append((fu, tuple(cells)))
        grids.append(PaymentGrid(dealer, tsumo, tuple(grid_han), tuple(rows)))
    limits = []
    for h in range(han, most_han + 1):
        by_win = {}
        first: Score | None = None
        for dealer, tsumo in wins:
            result = score(rs, han=h, dealer=dealer, tsumo=tsumo)
            first = first or result
            by_win[(dealer, tsumo)] = dict(result.payments)
        assert first is not None
        limits.append(LimitRow(h, first.limit, first.yakuman, by_win))
    return grids, limits
