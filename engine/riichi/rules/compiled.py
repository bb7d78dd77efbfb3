"""Riichi rules compiled from a resolved rule set: the basic-points formula, payments, limit
tiers, yakuman stacking, the fu table and the yaku table."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import pluggy

from ..._core.arguments import a_ruleset
from ..._core.compiling import Domain, compile_at, compiled_part, expression_names
from ..._core.errors import InputError, Location, Problem
from ..._core.expressions import Expression, ExpressionContext
from ..._core.game import Checked
from ..._core.hints import did_you_mean
from ..._core.memo import memo
from ..._core.yamlsource import LocatedDict, LocatedList, id_items
from .hooks import RiichiHooks
from .memos import RiichiCaches
from .table import SECTIONS, TableRules, compile_table

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

#: Names the limit conditions may use; the basic-points formula may use all but ``basic``.
SCORE_NAMES = {"han": "the hand's han", "fu": "the hand's fu, rounded", "basic": "the basic points before limits"}
#: Names a yaku's ``requires`` condition may use (each true or false).
WIN_CONDITIONS = {
    "dealer": "the winner is the dealer",
    "tsumo": "the hand was won by tsumo",
    "open": "the hand has an open meld",
}

#: Where Riichi rule sets write expressions (``RiichiGame.expressions``); compiled with these.
BASIC = ExpressionContext(
    "The basic points",
    {"scoring.basic": "number"},
    {name: text for name, text in SCORE_NAMES.items() if name != "basic"},
    plugins=True,
)
LIMITS = ExpressionContext("A limit's condition", {"limits.tiers[].when": "condition"}, SCORE_NAMES, plugins=True)
YAKU_REQUIRES = ExpressionContext(
    "A yaku's requirement", {"yaku[].requires": "condition"}, WIN_CONDITIONS, frozenset(WIN_CONDITIONS)
)
EXPRESSIONS = (BASIC, LIMITS, YAKU_REQUIRES)


@dataclass(frozen=True, slots=True)
class Yaku:
    """One compiled entry of the yaku table.

    ``fixed_fu`` is the hand's fu whenever this yaku is present, by win (``(ron, tsumo)``;
    ``None`` where it does not fix it). ``automatic`` yaku come with every win that meets
    their conditions (menzen tsumo on a closed tsumo).
    """

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
    fixed_fu: tuple[int | None, int | None]
    automatic: bool

    def han_for(self, is_open: bool) -> int:
        """The yaku's han in an open or a closed hand."""
        if is_open and self.open_han is not None:
            return self.open_han
        return self.han or 0

    def fu_for(self, tsumo: bool) -> int | None:
        """The fu this yaku fixes on a tsumo or a ron, or ``None``."""
        return self.fixed_fu[tsumo]

    def allowed(self, dealer: bool, tsumo: bool, is_open: bool) -> bool:
        """Whether a win like this can have the yaku (closed-only, ``requires``)."""
        if is_open and self.closed_only:
            return False
        return self.requires is None or bool(self.requires({"dealer": dealer, "tsumo": tsumo, "open": is_open}))


Detector = Callable[..., bool]
Batch = Callable[..., Any]


@dataclass(frozen=True, eq=False)
class Detection:
    """The enabled yaku that have a detector, grouped by the batch that answers for them."""

    batches: tuple[tuple[Batch, frozenset[str]], ...]  # a batch answers for the ids whose detector it is
    singles: tuple[tuple[str, Detector], ...]
    #: By win (index ``dealer << 2 | tsumo << 1 | open``): the yaku allowed in it (closed-only and
    #: ``requires`` read once, at compile time), id -> (table position, yaku, its han in that win).
    allowed: tuple[Mapping[str, tuple[int, Yaku, int]], ...]
    #: The ids whose presence depends on others' (``needs_any``, ``excludes``).
    conditional: frozenset[str]


def _detection(yaku: Mapping[str, Yaku], detectors: Mapping[str, Detector]) -> Detection:
    table = [(ident, entry) for ident, entry in yaku.items() if ident in detectors]
    owned: dict[Batch, set[str]] = {}
    singles = []
    for ident, _ in table:
        detector = detectors[ident]
        batch = getattr(detector, "batch", None)
        if callable(batch):
            owned.setdefault(batch, set()).add(ident)
        else:
            singles.append((ident, detector))
    allowed = []
    for win in range(8):
        dealer, tsumo, is_open = bool(win & 4), bool(win & 2), bool(win & 1)
        allowed.append(
            MappingProxyType(
                {
                    ident: (position, entry, entry.han_for(is_open))
                    for position, (ident, entry) in enumerate(table)
                    if entry.allowed(dealer, tsumo, is_open)
                }
            )
        )
    return Detection(
        tuple((batch, frozenset(ids)) for batch, ids in owned.items()),
        tuple(singles),
        tuple(allowed),
        frozenset(ident for ident, entry in table if entry.needs_any or entry.excludes),
    )


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
    open_minimum: int
    round_to: int
    maximum: int


@dataclass(frozen=True)
class FuTable:
    """The fu a hand counts from its tiles: pairs, waits and sets (``fu:`` in the rule set).
    ``by_set`` holds the sets' fu by ``terminal << 2 | open << 1 | kan`` (:data:`SET_KEYS`)."""

    value_pair: int
    double_wind_pair: int
    waits: Mapping[str, int]
    sets: Mapping[str, int]
    by_set: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_set", tuple(self.sets[key] for key in SET_KEYS))


#: The keys of ``fu.sets`` in the order of ``FuTable.by_set``: a set of simples, then of terminals
#: or honours; closed, then open; a triplet, then a kan.
SET_KEYS = tuple(
    f"{'terminal' if terminal else 'simple'}_{'open' if is_open else 'closed'}_{'kan' if kan else 'triplet'}"
    for terminal in (False, True)
    for is_open in (False, True)
    for kan in (False, True)
)


@dataclass(frozen=True, eq=False)
class RiichiRules:
    """The compiled Riichi parts of a rule set (compared and hashed by identity)."""

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
    players: int  # 4, or 3: a tsumo has two payers
    tsumo_loss: bool  # three players: the absent north's share is not paid (else split between the payers)
    split_once: bool  # without tsumo loss: each payment rounded once (else its parts rounded apart)
    tiers: tuple[Tier, ...]
    kiriage: bool
    kiriage_basic: int
    kazoe: str
    kazoe_han: int
    yakuman_basic: int
    stacking: str
    double_patterns: frozenset[str]
    max_multiple: int
    tenhou_any_wait: frozenset[str]  # wait-dependent shapes a tenhou counts whenever its tiles allow
    fu: Fu
    fu_table: FuTable
    dora_without_yaku: bool
    yaku: Mapping[str, Yaku]
    disabled: frozenset[str]
    detection: Detection  # the yaku table bound to the plugins' detectors
    table: TableRules  # the game around the hands: points, ending, draws, liability ...
    #: What is derived from these rules at first use and what they remember (``rules.memos``).
    caches: RiichiCaches = field(default_factory=RiichiCaches, repr=False)

    @functools.cached_property
    def fixed_fu(self) -> tuple[Yaku, ...]:
        """The yaku that fix a hand's fu, in table order."""
        return tuple(y for y in self.yaku.values() if y.fixed_fu != (None, None))


def compile_rules(
    document: LocatedDict, manager: pluggy.PluginManager, fallback: Location, checked: Checked
) -> tuple[RiichiRules | None, list[Problem]]:
    """Compile a resolved Riichi rule set, reporting every problem at its location.

    Each section is compiled only when the schema found it clean (its shapes can be relied on);
    the rules are built only from a valid document.
    """
    names, problems = expression_names(manager, "riichi", LIMITS.names, fallback)
    scoring, limits, yakuman = (
        document[key] if checked.clean(key) else LocatedDict(fallback) for key in ("scoring", "limits", "yakuman")
    )
    basic_names = {name: text for name, text in names.items() if name not in LIMITS.names or name in BASIC.names}
    domain = _score_domain(document["fu"] if checked.clean("fu") else None)
    basic = (
        compile_at(
            scoring,
            "basic",
            basic_names,
            BASIC.fields["scoring.basic"],
            "scoring.basic",
            problems,
            fallback,
            domain=domain,
        )
        if "basic" in scoring
        else None
    )
    tiers = _compile_tiers(limits.get("tiers"), names, problems, fallback, domain)
    yaku, disabled = _compile_yaku(document["yaku"], problems, fallback) if checked.clean("yaku") else ({}, set())
    doubles: Any = yakuman.get("double_patterns")
    if checked.clean("yaku"):
        _check_refs(doubles, set(yaku) | disabled, "yakuman.double_patterns", problems)
        _check_refs(yakuman.get("tenhou_any_wait"), set(yaku) | disabled, "yakuman.tenhou_any_wait", problems)
    detectors, detector_problems = RiichiHooks(manager).yaku_detectors(fallback)
    problems.extend(detector_problems)
    table = None
    if checked.clean(*SECTIONS, "yaku", "limits"):
        yakuman_ids = frozenset(i for i, y in yaku.items() if y.yakuman)
        table, found = compile_table(
            document,
            yakuman_ids,
            frozenset(yaku) | frozenset(disabled),
            frozenset(yaku),
            frozenset(t.id for t in tiers),
            fallback,
        )
        problems.extend(found)
    if problems or not checked.valid or basic is None or table is None:
        return None, problems
    return _assembled(document, basic, tiers, yaku, disabled, detectors, table), _doing_nothing(document, fallback)


def _assembled(
    document: LocatedDict,
    basic: Expression,
    tiers: tuple[Tier, ...],
    yaku: dict[str, Yaku],
    disabled: set[str],
    detectors: Mapping[str, Detector],
    table: TableRules,
) -> RiichiRules:
    """The rules of a valid document, from its compiled parts."""
    if not table.open_tanyao and "tanyao" in yaku:
        # No kuitan: tanyao counts only in a closed hand (wins.open_tanyao).
        yaku["tanyao"] = dataclasses.replace(yaku["tanyao"], closed_only=True, open_han=None)
    scoring, limits, yakuman = document["scoring"], document["limits"], document["yakuman"]
    payments, honba, fu = scoring["payments"], scoring["honba"], document["fu"]
    return RiichiRules(
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
        players=table.players,
        tsumo_loss=scoring["tsumo_loss"],
        split_once=scoring["split_rounding"] == "once",
        tiers=tiers,
        kiriage=bool(limits["kiriage"]),
        kiriage_basic=limits["kiriage_basic"],
        kazoe=limits["kazoe"],
        kazoe_han=limits["kazoe_han"],
        yakuman_basic=yakuman["basic"],
        stacking=yakuman["stacking"],
        double_patterns=frozenset(yakuman["double_patterns"]),
        max_multiple=yakuman["max_multiple"],
        tenhou_any_wait=frozenset(yakuman["tenhou_any_wait"]),
        fu=Fu(**{k: fu[k] for k in ("base", "closed_ron", "tsumo", "open_minimum", "round_to", "maximum")}),
        fu_table=FuTable(
            fu["value_pair"],
            fu["double_wind_pair"],
            MappingProxyType(dict(fu["waits"])),
            MappingProxyType(dict(fu["sets"])),
        ),
        dora_without_yaku=bool(document["dora"]["counts_without_yaku"]),
        yaku=MappingProxyType(yaku),
        disabled=frozenset(disabled),
        detection=_detection(yaku, detectors),
        table=table,
    )


def _doing_nothing(document: LocatedDict, where: Location) -> list[Problem]:
    """Warnings for settings this file writes that the rest of the rule set makes do nothing."""
    found: list[Problem] = []

    def warn(section: str, key: str, message: str, hint: str, at_key: str | None = None) -> None:
        node = document[section]
        place = at_key if at_key is not None else key
        found.append(Problem(node.value_locs.get(place, node.loc), f"{section}.{place}", message, hint, warning=True))

    def written(section: str, *keys: str) -> bool:
        node = document[section]
        return any(key in node and node.value_locs[key].file == where.file for key in keys)

    yakuman, limits = document["yakuman"], document["limits"]
    if yakuman["stacking"] != "add_with_doubles":
        for key in ("double_patterns", "tenhou_any_wait"):
            if yakuman[key] and written("yakuman", key, "stacking"):
                warn(
                    "yakuman",
                    key,
                    f"{key} counts only under `stacking: add_with_doubles`; with `stacking: {yakuman['stacking']}` "
                    "it does nothing",
                    "set `stacking: add_with_doubles`, or leave the list empty",
                    None if written("yakuman", key) else "stacking",
                )
    if document["players"] == 4:
        for key in ("tsumo_loss", "split_rounding"):
            if written("scoring", key):
                warn(
                    "scoring", key, f"{key} counts only with three players; at four every seat pays", "set `players: 3`"
                )
    elif document["scoring"]["tsumo_loss"] and written("scoring", "split_rounding"):
        warn(
            "scoring",
            "split_rounding",
            "split_rounding does nothing under tsumo loss (the north's share is not paid)",
            "set `tsumo_loss: false`",
        )
    if not limits["kiriage"] and written("limits", "kiriage_basic"):
        warn("limits", "kiriage_basic", "kiriage_basic does nothing while `kiriage: false`", "set `kiriage: true`")
    if limits["kazoe"] == "none" and written("limits", "kazoe_han"):
        warn("limits", "kazoe_han", "kazoe_han does nothing while `kazoe: none`", "set `kazoe: yakuman` or `multiple`")
    return found


def _score_domain(fu: Any) -> dict[str, tuple[int, ...]]:
    """The hands every scoring expression is proven over at load: han 1-13 (more is capped by the
    limits), each fu a hand can count, and basic points around every limit."""
    base, step, most = (fu["base"], fu["round_to"], fu["maximum"]) if fu else (20, 10, 140)
    fus = tuple(sorted({base, 25, *range(step, most + 1, step)}))
    return {"han": tuple(range(1, 14)), "fu": fus, "basic": (0, 1, 1920, 2000, 2001, 3000, 4000, 6000, 8000, 10**9)}


def _compile_tiers(
    items: Any, names: Mapping[str, str], problems: list[Problem], fallback: Location, domain: Domain
) -> tuple[Tier, ...]:
    tiers = []
    for item in items if isinstance(items, LocatedList) else []:
        if not isinstance(item, LocatedDict) or "when" not in item:
            continue
        path = f"limits.tiers[{item.get('id')}]"
        when = compile_at(
            item, "when", names, LIMITS.fields["limits.tiers[].when"], f"{path}.when", problems, fallback, domain=domain
        )
        if when is not None and isinstance(item.get("basic"), int):
            tiers.append(Tier(str(item["id"]), str(item.get("label", item["id"])), when, item["basic"]))
    return tuple(tiers)


#: Yaku tables compiled, by the document's list (:func:`.compiling.compiled_part`).
_YAKU_TABLES = memo("riichi", "compiled yaku tables", 64)


def _compile_yaku(items: Any, problems: list[Problem], fallback: Location) -> tuple[dict[str, Yaku], set[str]]:
    """The enabled yaku by id (a dict of its own, which the caller may change) and the disabled ids."""
    (yaku, disabled), found = compiled_part(
        _YAKU_TABLES, items, fallback, lambda out: _yaku_table(items, out, fallback)
    )
    problems.extend(found)
    return dict(yaku), set(disabled)


def _yaku_table(items: Any, problems: list[Problem], fallback: Location) -> tuple[dict[str, Yaku], frozenset[str]]:
    yaku: dict[str, Yaku] = {}
    disabled: set[str] = set()
    entries = id_items(items)
    all_ids = {item["id"] for _, item in entries}
    for index, item in entries:
        ident = item["id"]
        path = f"yaku[{ident}]"
        where = items.item_locs[index]
        if ("han" in item) == ("yakuman" in item):
            problems.append(
                Problem(
                    where,
                    path,
                    "a yaku needs exactly one of `han` and `yakuman`",
                    "give a regular yaku `han: N`, a yakuman `yakuman: 1`",
                )
            )
            continue
        for key in ("replaces", "excludes", "needs_any"):
            _check_refs(item.get(key), all_ids, f"{path}.{key}", problems)
        if not item["enabled"]:
            disabled.add(ident)
            continue
        requires = (
            compile_at(
                item,
                "requires",
                YAKU_REQUIRES.names,
                YAKU_REQUIRES.fields["yaku[].requires"],
                f"{path}.requires",
                problems,
                fallback,
                YAKU_REQUIRES.conditions,
            )
            if "requires" in item
            else None
        )
        fixed = item.get("fu")
        yaku[ident] = Yaku(
            id=ident,
            label=str(item.get("label", ident)),
            han=item.get("han"),
            open_han=None if item["closed_only"] else item.get("open_han", item.get("han")),
            closed_only=item["closed_only"],
            yakuman=_whole(item.get("yakuman", 0)),
            exclusive=item["exclusive"],
            replaces=_ids(item.get("replaces")),
            excludes=_ids(item.get("excludes")),
            requires=requires,
            needs_any=_ids(item.get("needs_any")),
            fixed_fu=(fixed, fixed)
            if isinstance(fixed, int)
            else (fixed.get("ron"), fixed.get("tsumo"))
            if isinstance(fixed, dict)
            else (None, None),
            automatic=item["automatic"],
        )
    return yaku, frozenset(disabled)


def _check_refs(refs: Any, known: set[str], path: str, problems: list[Problem]) -> None:
    """Each id in the located list ``refs`` must name a yaku of the table."""
    for index, ref in enumerate(refs if isinstance(refs, LocatedList) else []):
        if isinstance(ref, str) and ref not in known:
            problems.append(
                Problem(refs.item_locs[index], f"{path}[{index}]", f"unknown yaku {ref!r}", did_you_mean(ref, known))
            )


def _ids(value: Any) -> frozenset[str]:
    return frozenset(v for v in value if isinstance(v, str)) if isinstance(value, list) else frozenset()


def _whole(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def rules_of(rs: RuleSet) -> RiichiRules:
    """The compiled Riichi rules of ``rs``, or :class:`yakuset.InputError` for anything else."""
    rules = a_ruleset(rs).rules
    if not isinstance(rules, RiichiRules):
        raise InputError(f"{rs.id!r} is a {rs.game} rule set; Riichi scoring needs a Riichi rule set")
    return rules
