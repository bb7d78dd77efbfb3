"""Koi-Koi rules compiled from a resolved rule set: the deck, the yaku table, the award
multipliers, the call limit and the match settings, and the table rules (``rules.table``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import pluggy

from ..._core.arguments import a_ruleset
from ..._core.compiling import compile_at, compiled_part, expression_names
from ..._core.errors import InputError, Location, Problem
from ..._core.expressions import Expression, ExpressionContext
from ..._core.game import Checked
from ..._core.memo import memo
from ..._core.numbers import Number
from ..._core.yamlsource import LocatedDict, LocatedList, id_items
from ..kinds import ROUND_MONTH, CardKind, Ribbon, SakeCup, Viewing
from .memos import KoikoiCaches
from .table import TableRules, compile_table

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

#: The names every Koi-Koi award expression may use.
AWARD_NAMES = {
    "base": "the round's base points (the sum of the winner's yaku)",
    "own_calls": "how many times the winner called Koi-Koi this round",
    "opponent_calls": "how many times the loser called Koi-Koi this round",
    "field_brights": "how many brights were dealt face up on the field this round",
}
#: The names a yaku's points may use.
YAKU_NAMES = {"own_calls": "how many times the player called Koi-Koi this round"}

#: Where Koi-Koi rule sets write expressions (``KoikoiGame.expressions``); compiled with these.
AWARD = ExpressionContext(
    "The round's award",
    {
        "award.no_award_when": "condition",
        "award.multipliers[].when": "condition",
        "award.multipliers[].factor": "number",
        "award.multipliers[].add": "number",
    },
    AWARD_NAMES,
    plugins=True,
)
YAKU_POINTS = ExpressionContext("A yaku's points", {"yaku[].points": "number"}, YAKU_NAMES)
EXPRESSIONS = (AWARD, YAKU_POINTS)

#: The situations every award expression is proven over at load (the award tables' and the
#: diff's grid): bases, both players' calls, the brights on the field.
AWARD_DOMAIN: dict[str, tuple[int, ...]] = {
    # Positive bases first: a formula that fails is reported at the first situation it fails in.
    "base": (*range(1, 31), 0, -1),
    "own_calls": tuple(range(13)),
    "opponent_calls": tuple(range(13)),
    "field_brights": tuple(range(6)),
}
YAKU_DOMAIN: dict[str, tuple[int, ...]] = {"own_calls": tuple(range(13))}


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the deck (``cards:`` in the rule set); ``also`` is a second kind it may count as;
    ``counts_as`` the kinds it counts as more than one card of, with how many (``(("chaff", 2),)``)."""

    id: str
    month: int
    kind: CardKind
    ribbon: Ribbon | None = None
    rain: bool = False
    also: CardKind | None = None
    counts_as: tuple[tuple[CardKind, int], ...] = ()

    def count_as(self, kind: str | None) -> int:
        """How many cards this card counts as where a yaku counts ``kind`` (1 unless ``counts_as`` says)."""
        for named, count in self.counts_as:
            if named == kind:
                return count
        return 1


@dataclass(frozen=True, slots=True)
class CardFilter:
    """Which cards a yaku (or a count such as the field's brights) counts."""

    kind: CardKind | None = None
    ribbon: Ribbon | None = None
    rain: bool | None = None
    month: int | str | None = None  # ``ROUND_MONTH``: the round's month
    ids: frozenset[str] | None = None

    def matches(self, card: Card, month: int | None, roles: frozenset[str]) -> bool:
        """Whether ``card`` counts, in ``month``, when a card with two kinds counts as ``roles``."""
        if self.kind is not None and card.kind != self.kind and not (card.also == self.kind and self.kind in roles):
            return False
        if self.kind is not None and card.also is not None and card.kind == self.kind and card.kind not in roles:
            return False
        if self.ribbon is not None and card.ribbon != self.ribbon:
            return False
        if self.rain is not None and card.rain != self.rain:
            return False
        if self.month == ROUND_MONTH:
            if month is None or card.month != month:
                return False
        elif self.month is not None and card.month != self.month:
            return False
        return self.ids is None or card.id in self.ids


@dataclass(frozen=True, slots=True)
class KoikoiYaku:
    """One compiled entry of a Koi-Koi yaku table.

    A part added for a new rule of the yaku definition is falsy where a yaku does not use it
    (``None``, ``False``, empty): the fast path (``scoring.weights_fast.handles``) declines a rule
    set whose yaku set a part it does not count, and the definition counts that rule set."""

    id: str
    label: str
    cards: CardFilter
    needs: frozenset[str]
    count: int
    points: Expression
    per_extra: int
    group: str | None
    replaces: frozenset[str]
    viewing: bool


@dataclass(frozen=True, slots=True)
class Multiplier:
    """One compiled ``award.multipliers`` entry: multiplies by ``factor`` or adds ``add``."""

    id: str
    label: str
    when: Expression | None  # None: always
    factor: Expression | None
    add: Expression | None
    max: Number | None


@dataclass(frozen=True, eq=False)
class KoikoiRules:
    """The compiled Koi-Koi parts of a rule set."""

    cards: Mapping[str, Card]
    #: Each card id's month (read-only; a plain dict, as a deal asks it of every card dealt).
    month_of: Mapping[str, int]
    #: Each card id's points, its kind's ``match.card_values`` (0 for a kind not listed; read-only).
    card_points: Mapping[str, int]
    months: tuple[int, ...]  # the deck's months, in order
    yaku: tuple[KoikoiYaku, ...]
    sake_cup: SakeCup
    # How a card with a second kind counts: one set of kinds per way of counting it
    # (``best`` tries each and keeps the higher base).
    roles: tuple[frozenset[str], ...]
    viewing: Viewing
    hand_cards: int
    field_cards: int
    field_brights: CardFilter
    no_award_when: Expression | None
    no_award_label: str
    multipliers: tuple[Multiplier, ...]
    #: The most points a won round awards (``award.max``), applied after every multiplier.
    cap: int | None
    extra_names: frozenset[str]
    table: TableRules  # who deals, points, match end, misdeals, calls, weather, capture
    #: What is derived from these rules at first use and what they remember (``rules.memos``).
    caches: KoikoiCaches = field(default_factory=KoikoiCaches, repr=False)


def compile_rules(
    document: LocatedDict, manager: pluggy.PluginManager, fallback: Location, checked: Checked
) -> tuple[KoikoiRules | None, list[Problem]]:
    """Compile a resolved Koi-Koi rule set.

    Each section is compiled only when the schema found it clean (its shapes can be relied on),
    so one run reports every bad expression of the clean sections along with the schema's
    problems; the rules are built only from a valid document.
    """
    names, problems = expression_names(manager, "koikoi", AWARD.names, fallback)
    award: Any = document["award"] if checked.clean("award") else LocatedDict(fallback)
    no_award = (
        compile_at(
            award,
            "no_award_when",
            names,
            AWARD.fields["award.no_award_when"],
            "award.no_award_when",
            problems,
            fallback,
            domain=AWARD_DOMAIN,
        )
        if "no_award_when" in award
        else None
    )
    multipliers = _compile_multipliers(award.get("multipliers"), names, problems, fallback)
    deck, yaku = _deck_and_yaku(document, checked, problems, fallback)
    if problems or not checked.valid:
        return None, problems
    known = frozenset(item["id"] for _, item in id_items(document["yaku"]))
    table = compile_table(document, _card_filter, known, len(deck), problems, fallback)
    if problems:
        return None, problems
    no_award_label = str(award.get("no_award_label", no_award.source if no_award else ""))
    cap = int(award["max"]) if "max" in award else None  # the schema took a whole number (30 or 30.0)
    award_parts = (no_award, no_award_label, multipliers, cap, frozenset(names) - frozenset(AWARD_NAMES))
    return _rules(document, deck, yaku, table, *award_parts), problems


def _deck_and_yaku(
    document: LocatedDict, checked: Checked, problems: list[Problem], fallback: Location
) -> tuple[Mapping[str, Card], tuple[KoikoiYaku, ...]]:
    """The deck and the yaku table, each compiled when the schema found its section clean
    (remembered by the document's list: :func:`.compiling.compiled_part`)."""
    deck: Mapping[str, Card] = {}
    if checked.clean("cards"):
        cards: Any = document["cards"]
        deck, found = compiled_part(_DECKS, cards, None, lambda out: _compile_cards(cards, out))
        problems.extend(found)
    yaku: tuple[KoikoiYaku, ...] = ()
    if checked.clean("yaku"):
        items: Any = document["yaku"]
        yaku, found = compiled_part(
            _YAKU_TABLES,
            items,
            (frozenset(deck), fallback),
            lambda out: _compile_yaku(items, deck, out, fallback),
        )
        problems.extend(found)
    return deck, yaku


def _rules(
    document: LocatedDict,
    deck: Mapping[str, Card],
    yaku: tuple[KoikoiYaku, ...],
    table: TableRules,
    no_award: Expression | None,
    no_award_label: str,
    multipliers: tuple[Multiplier, ...],
    cap: int | None,
    extra_names: frozenset[str],
) -> KoikoiRules:
    """The compiled rules of a valid document, from its compiled parts."""
    yaku_rules, match = document["yaku_rules"], document["match"]
    kinds = frozenset(card.kind for card in deck.values() if card.also)
    alsos = frozenset(card.also for card in deck.values() if card.also)
    sake_cup = SakeCup(yaku_rules["sake_cup"])
    roles = {SakeCup.BOTH: (kinds | alsos,), SakeCup.KIND_ONLY: (kinds,), SakeCup.BEST: (kinds, alsos)}[sake_cup]
    return KoikoiRules(
        cards=MappingProxyType(deck),
        month_of={card.id: card.month for card in deck.values()},
        card_points={card.id: table.card_values.get(card.kind, 0) for card in deck.values()},
        months=tuple(sorted({card.month for card in deck.values()})),
        yaku=yaku,
        sake_cup=sake_cup,
        roles=roles,
        viewing=Viewing(yaku_rules["viewing"]),
        hand_cards=match["hand_cards"],
        field_cards=match["field_cards"],
        field_brights=_card_filter(match["field_brights"]),
        no_award_when=no_award,
        no_award_label=no_award_label,
        multipliers=multipliers,
        cap=cap,
        extra_names=extra_names,
        table=table,
    )


#: Decks and yaku tables compiled, by the document's list (:func:`.compiling.compiled_part`); a
#: yaku table by the ids of the deck too, which its cards must name.
_DECKS = memo("koikoi", "compiled decks", 64)
_YAKU_TABLES = memo("koikoi", "compiled yaku tables", 64)


def _compile_multipliers(
    items: Any, names: Mapping[str, str], problems: list[Problem], fallback: Location
) -> tuple[Multiplier, ...]:
    multipliers: list[Multiplier] = []
    for index, item in enumerate(items if isinstance(items, LocatedList) else []):
        if not isinstance(item, LocatedDict) or not item["enabled"]:
            continue
        ident = str(item.get("id", index))
        path = f"award.multipliers[{ident}]"
        if ("factor" in item) == ("add" in item):
            problems.append(
                Problem(
                    items.item_locs[index],
                    path,
                    "a multiplier needs exactly one of `factor` and `add`",
                    "`factor: 2` multiplies the award; `add: own_calls` adds to it",
                )
            )
            continue
        compiled = {
            key: compile_at(
                item,
                key,
                names,
                AWARD.fields[f"award.multipliers[].{key}"],
                f"{path}.{key}",
                problems,
                fallback,
                domain=AWARD_DOMAIN,
            )
            for key in ("when", "factor", "add")
            if key in item
        }
        if None in compiled.values():
            continue
        cap = item.get("max")
        multipliers.append(
            Multiplier(
                ident,
                str(item.get("label", ident)),
                compiled.get("when"),
                compiled.get("factor"),
                compiled.get("add"),
                cap if isinstance(cap, int | float) and not isinstance(cap, bool) else None,
            )
        )
    return tuple(multipliers)


def _compile_cards(items: Any, problems: list[Problem]) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for index, item in enumerate(items if isinstance(items, LocatedList) else []):
        if not isinstance(item, LocatedDict) or not isinstance(item.get("id"), str):
            continue
        ident, month, kind = item["id"], item.get("month"), item.get("kind")
        where = items.item_locs[index]
        if isinstance(month, int) and ident[:2] != f"{month:02d}":
            problems.append(
                Problem(
                    item.value_locs.get("month", where),
                    f"cards[{ident}].month",
                    f"month {month} does not match the id {ident!r}",
                    "a card id starts with its two-digit month",
                )
            )
        if isinstance(kind, str) and ident.split("-")[1:2] != [kind]:
            problems.append(
                Problem(
                    item.value_locs.get("kind", where),
                    f"cards[{ident}].kind",
                    f"kind {kind!r} does not match the id {ident!r}",
                    "a card id's second part is its kind",
                )
            )
        ribbon, also = item.get("ribbon"), item.get("also")
        cards[ident] = Card(
            ident,
            month if isinstance(month, int) else 0,
            CardKind(item["kind"]),
            None if ribbon is None else Ribbon(ribbon),
            item["rain"],
            None if also is None else CardKind(also),
            tuple((CardKind(named), count) for named, count in sorted(item.get("counts_as", {}).items())),
        )
    return cards


def _card_filter(spec: Mapping[str, Any]) -> CardFilter:
    ids, kind, ribbon = spec.get("ids"), spec.get("kind"), spec.get("ribbon")
    return CardFilter(
        None if kind is None else CardKind(kind),
        None if ribbon is None else Ribbon(ribbon),
        spec.get("rain"),
        spec.get("month"),
        frozenset(ids) if ids is not None else None,
    )


def _compile_yaku(
    items: Any, deck: Mapping[str, Card], problems: list[Problem], fallback: Location
) -> tuple[KoikoiYaku, ...]:
    found: list[KoikoiYaku] = []
    entries = id_items(items)
    known = {item["id"] for _, item in entries}
    for index, item in entries:
        ident = item["id"]
        path = f"yaku[{ident}]"
        refs: Any = item.get("needs") or []
        replaces: Any = item.get("replaces") or []
        _check_references(path, refs, replaces, deck, known, problems)
        if not item["enabled"] or "points" not in item:
            continue
        points = compile_at(
            item,
            "points",
            YAKU_POINTS.names,
            YAKU_POINTS.fields["yaku[].points"],
            f"{path}.points",
            problems,
            fallback,
            domain=YAKU_DOMAIN,
            whole=True,
        )
        needs = frozenset(r for r in refs if isinstance(r, str)) if isinstance(refs, list) else frozenset()
        spec = item.get("cards")
        cards = _card_filter(spec) if isinstance(spec, dict) else CardFilter(ids=needs) if needs else None
        if cards is None:
            problems.append(
                Problem(
                    items.item_locs[index],
                    path,
                    "a yaku needs `cards` or `needs`",
                    "say which captured cards it counts, e.g. `cards: {kind: bright}`",
                )
            )
            continue
        if points is None:
            continue
        found.append(
            KoikoiYaku(
                id=ident,
                label=str(item.get("label", ident)),
                cards=cards,
                needs=needs,
                count=item.get("count", max(len(needs), 1)),
                points=points,
                per_extra=item["per_extra"],
                group=item.get("group"),
                replaces=frozenset(r for r in replaces if isinstance(r, str)),
                viewing=item["viewing"],
            )
        )
    return tuple(found)


def _check_references(
    path: str, refs: Any, replaces: Any, deck: Mapping[str, Card], known: set[str], problems: list[Problem]
) -> None:
    """A problem for each card a yaku ``needs`` that the deck does not hold, and each yaku it
    ``replaces`` that the table does not have."""
    for ref_index, ref in enumerate(refs if isinstance(refs, LocatedList) else []):
        if isinstance(ref, str) and deck and ref not in deck:
            problems.append(
                Problem(
                    refs.item_locs[ref_index],
                    f"{path}.needs[{ref_index}]",
                    f"{ref!r} is not a card of the deck",
                    "card ids are listed under `cards:`",
                )
            )
    for ref_index, ref in enumerate(replaces if isinstance(replaces, LocatedList) else []):
        if isinstance(ref, str) and ref not in known:
            problems.append(
                Problem(replaces.item_locs[ref_index], f"{path}.replaces[{ref_index}]", f"unknown yaku {ref!r}", None)
            )


def rules_of(rs: RuleSet) -> KoikoiRules:
    """The compiled Koi-Koi rules of ``rs``, or :class:`yakuset.InputError` for anything else."""
    rules = a_ruleset(rs).rules
    if not isinstance(rules, KoikoiRules):
        raise InputError(f"{rs.id!r} is a {rs.game} rule set; this needs a Koi-Koi rule set")
    return rules
