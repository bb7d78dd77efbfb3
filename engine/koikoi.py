"""Koi-Koi: the round award, from a rule set's ``award:`` and ``calls:`` sections.

``award(rs, base=8, own_calls=0, opponent_calls=1)`` multiplies the base by
every multiplier of the rule set whose condition holds, and says why::

    >>> import engine
    >>> engine.koikoi.award(engine.load_ruleset("nintendo"), base=8, opponent_calls=1).explanation
    '8 × 2 (7+) × 2 (opponent Koi-Koi) × 1 = 32'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pluggy

from .errors import InputError, Location, Problem
from .expressions import Expression, Number
from .results import Award, Step, format_number
from .yamlsource import LocatedDict, LocatedList, id_items

if TYPE_CHECKING:
    from .ruleset import RuleSet

#: The names every Koi-Koi award expression may use.
AWARD_NAMES = {
    "base": "the round's base points (the sum of the winner's yaku)",
    "own_calls": "how many times the winner called Koi-Koi this round",
    "opponent_calls": "how many times the loser called Koi-Koi this round",
    "field_brights": "how many brights were dealt face up on the field this round",
}
#: The names a yaku's points may use.
YAKU_NAMES = {"own_calls": "how many times the player called Koi-Koi this round"}

#: No Koi-Koi hand comes near this; larger bases are refused rather than multiplied.
MAX_BASE = 10**6

#: The base points shown by ``yakuset table``: the rows of the rule document's award tables.
TABLE_BASES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20)


@dataclass(frozen=True, slots=True)
class Multiplier:
    """One compiled ``award.multipliers`` entry: multiplies by ``factor`` or adds ``add``."""

    id: str
    label: str
    when: Expression
    factor: Expression | None
    add: Expression | None
    max: Number | None


@dataclass(frozen=True, slots=True)
class CardFilter:
    """Which captured cards a yaku counts."""

    kind: str | None = None
    ribbon: str | None = None
    rain: bool | None = None
    month: int | str | None = None  # "round": the round's month
    ids: frozenset[str] | None = None

    def matches(self, card: Card, month: int | None, sake_as: frozenset[str]) -> bool:
        if self.kind is not None and card.kind != self.kind:
            if not (card.also == self.kind and self.kind in sake_as):
                return False
        if self.kind is not None and card.also is not None and card.kind == self.kind and card.kind not in sake_as:
            return False
        if self.ribbon is not None and card.ribbon != self.ribbon:
            return False
        if self.rain is not None and card.rain != self.rain:
            return False
        if self.month == "round":
            if month is None or card.month != month:
                return False
        elif self.month is not None and card.month != self.month:
            return False
        return self.ids is None or card.id in self.ids


@dataclass(frozen=True, slots=True)
class KoikoiYaku:
    """One compiled entry of a Koi-Koi yaku table."""

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
class Card:
    """One card of the deck (``cards:`` in the rule set)."""

    id: str
    month: int
    kind: str
    ribbon: str | None = None
    rain: bool = False
    also: str | None = None


@dataclass(frozen=True, slots=True)
class KoikoiRules:
    """The compiled Koi-Koi parts of a rule set."""

    cards: Mapping[str, Card]
    yaku: tuple[KoikoiYaku, ...]
    sake_cup: str
    viewing: str
    rounds: int
    after_draw: str
    hand_cards: int
    field_cards: int
    no_award_when: Expression
    no_award_label: str
    multipliers: tuple[Multiplier, ...]
    call_limit: int | None  # None: unlimited
    extra_names: frozenset[str]


def compile_rules(document: LocatedDict, manager: pluggy.PluginManager,
                  fallback: Location) -> tuple[KoikoiRules | None, list[Problem]]:
    """Compile the award expressions of a resolved Koi-Koi rule set.

    Tolerates a document that failed validation: whatever can be compiled is,
    so one run reports every bad expression along with the schema's problems.
    """
    from .ruleset import compile_at, expression_names

    names, problems = expression_names(manager, "koikoi", AWARD_NAMES, fallback)
    section = document.get("award")
    if not isinstance(section, LocatedDict):
        return None, problems
    no_award = compile_at(section, "no_award_when", names, "condition", "award.no_award_when", problems,
                          fallback) if "no_award_when" in section else None
    multipliers: list[Multiplier] = []
    items: Any = section.get("multipliers")
    for index, item in enumerate(items if isinstance(items, LocatedList) else []):
        if not isinstance(item, LocatedDict) or item.get("enabled", True) is False:
            continue
        ident = str(item.get("id", index))
        path = f"award.multipliers[{ident}]"
        if ("factor" in item) == ("add" in item):
            problems.append(Problem(items.item_locs[index], path,
                                    "a multiplier needs exactly one of `factor` and `add`",
                                    "`factor: 2` multiplies the award; `add: own_calls` adds to it"))
            continue
        when = compile_at(item, "when", names, "condition", f"{path}.when", problems,
                          fallback) if "when" in item else compile_always()
        factor = compile_at(item, "factor", names, "number", f"{path}.factor", problems,
                            fallback) if "factor" in item else None
        add = compile_at(item, "add", names, "number", f"{path}.add", problems,
                         fallback) if "add" in item else None
        cap = item.get("max")
        if when is not None and (factor is not None or add is not None):
            multipliers.append(Multiplier(ident, str(item.get("label", ident)), when, factor, add,
                                          cap if isinstance(cap, int | float) else None))
    calls = document.get("calls")
    limit = calls.get("limit_per_round") if isinstance(calls, dict) else None
    deck = _compile_cards(document.get("cards"), problems)
    yaku_rules: Any = document.get("yaku_rules") if isinstance(document.get("yaku_rules"), dict) else {}
    match: Any = document.get("match") if isinstance(document.get("match"), dict) else {}
    rules = KoikoiRules(
        cards=MappingProxyType(deck),
        yaku=_compile_yaku(document.get("yaku"), deck, problems, fallback),
        sake_cup=str(yaku_rules.get("sake_cup", "both")),
        viewing=str(yaku_rules.get("viewing", "always")),
        rounds=match.get("rounds", 12) if isinstance(match.get("rounds"), int) else 12,
        after_draw=str(match.get("after_draw", "same_dealer")),
        hand_cards=match.get("hand_cards", 8) if isinstance(match.get("hand_cards"), int) else 8,
        field_cards=match.get("field_cards", 8) if isinstance(match.get("field_cards"), int) else 8,
        no_award_when=no_award or compile_never(),
        no_award_label=str(section.get("no_award_label", "no award")),
        multipliers=tuple(multipliers),
        call_limit=limit if isinstance(limit, int) else None,
        extra_names=frozenset(names) - frozenset(AWARD_NAMES),
    )
    return rules, problems


def _compile_cards(items: Any, problems: list[Problem]) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for index, item in enumerate(items if isinstance(items, LocatedList) else []):
        if not isinstance(item, LocatedDict) or not isinstance(item.get("id"), str):
            continue
        ident, month, kind = item["id"], item.get("month"), item.get("kind")
        where = items.item_locs[index]
        if isinstance(month, int) and ident[:2] != f"{month:02d}":
            problems.append(Problem(item.value_locs.get("month", where), f"cards[{ident}].month",
                                    f"month {month} does not match the id {ident!r}",
                                    "a card id starts with its two-digit month"))
        if isinstance(kind, str) and ident.split("-")[1:2] != [kind]:
            problems.append(Problem(item.value_locs.get("kind", where), f"cards[{ident}].kind",
                                    f"kind {kind!r} does not match the id {ident!r}",
                                    "a card id's second part is its kind"))
        cards[ident] = Card(ident, month if isinstance(month, int) else 0, str(kind), item.get("ribbon"),
                            bool(item.get("rain", False)), item.get("also"))
    return cards


def _compile_yaku(items: Any, deck: Mapping[str, Card], problems: list[Problem],
                  fallback: Location) -> tuple[KoikoiYaku, ...]:
    from .ruleset import compile_at

    found: list[KoikoiYaku] = []
    entries = id_items(items)
    known = {item["id"] for _, item in entries}
    for index, item in entries:
        ident = item["id"]
        path = f"yaku[{ident}]"
        for key in ("needs",):
            refs: Any = item.get(key) or []
            for ref_index, ref in enumerate(refs):
                if isinstance(ref, str) and deck and ref not in deck:
                    problems.append(Problem(refs.item_locs[ref_index], f"{path}.{key}[{ref_index}]",
                                            f"{ref!r} is not a card of the deck", "card ids are listed under `cards:`"))
        for ref_index, ref in enumerate(item.get("replaces") or []):
            if ref not in known:
                problems.append(Problem(item["replaces"].item_locs[ref_index], f"{path}.replaces[{ref_index}]",
                                        f"unknown yaku {ref!r}", None))
        if item.get("enabled", True) is False or "points" not in item:
            continue
        points = compile_at(item, "points", YAKU_NAMES, "number", f"{path}.points", problems, fallback)
        needs = frozenset(item.get("needs") or ())
        spec = item.get("cards")
        if isinstance(spec, dict):
            ids = spec.get("ids")
            cards = CardFilter(spec.get("kind"), spec.get("ribbon"), spec.get("rain"), spec.get("month"),
                               frozenset(ids) if ids is not None else None)
        elif needs:
            cards = CardFilter(ids=needs)
        else:
            problems.append(Problem(items.item_locs[index], path, "a yaku needs `cards` or `needs`",
                                    "say which captured cards it counts, e.g. `cards: {kind: bright}`"))
            continue
        if points is None:
            continue
        found.append(KoikoiYaku(
            id=ident, label=str(item.get("label", ident)), cards=cards, needs=needs,
            count=item.get("count", max(len(needs), 1)), points=points, per_extra=item.get("per_extra", 0),
            group=item.get("group"), replaces=frozenset(item.get("replaces") or ()),
            viewing=bool(item.get("viewing", False))))
    return tuple(found)


def check_cards(rs: RuleSet, cards: Sequence[str], what: str = "cards") -> tuple[Card, ...]:
    """The cards named by ``cards``, or :class:`engine.InputError` naming the first unknown or repeated id."""
    deck = _rules(rs).cards
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise InputError(f"{what} must be a list of card ids, got {cards!r}")
    if len(cards) > len(deck):
        raise InputError(f"{what} holds {len(cards)} cards; the deck has {len(deck)}")
    found: dict[str, Card] = {}
    for card in cards:
        if not isinstance(card, str) or card not in deck:
            raise InputError(f"{card!r} is not a card of the {rs.id} deck (card ids look like '01-bright-crane')")
        if card in found:
            raise InputError(f"card {card!r} appears twice in {what}")
        found[card] = deck[card]
    return tuple(found.values())


def compile_always() -> Expression:
    return Expression("true", "condition", frozenset(), lambda _v: True, True)


def compile_never() -> Expression:
    return Expression("false", "condition", frozenset(), lambda _v: False, False)


def _whole_number(name: str, value: Any, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{name} must be a whole number, got {value!r}")
    if minimum is not None and value < minimum:
        raise InputError(f"{name} must be at least {minimum}, got {value}")
    return value


def _rules(rs: RuleSet) -> KoikoiRules:
    if rs.game != "koikoi" or not isinstance(rs.rules, KoikoiRules):
        raise InputError(f"{rs.id!r} is a {rs.game} rule set; Koi-Koi awards need a Koi-Koi rule set")
    return rs.rules


def award(rs: RuleSet, base: int, own_calls: int = 0, opponent_calls: int = 0, field_brights: int = 0) -> Award:
    """The award for a won round: base × every multiplier whose condition holds.

    ``base`` is the winner's base points (the sum of their yaku); ``own_calls``
    and ``opponent_calls`` count the Koi-Koi calls of the winner and of the
    loser this round; ``field_brights`` the brights dealt face up (for rule sets
    whose multipliers use it). Raises :class:`engine.InputError` (a ``ValueError``)
    for negative counts or values that are not whole numbers.
    """
    rules = _rules(rs)
    base = _whole_number("base", base)
    if abs(base) > MAX_BASE:
        raise InputError(f"base must be between -{MAX_BASE} and {MAX_BASE}, got {base}")
    own_calls = _whole_number("own_calls", own_calls, 0)
    opponent_calls = _whole_number("opponent_calls", opponent_calls, 0)
    field_brights = _whole_number("field_brights", field_brights, 0)
    variables: dict[str, Number] = {"base": base, "own_calls": own_calls, "opponent_calls": opponent_calls,
                                    "field_brights": field_brights}
    if rules.extra_names:
        for extra in rs.hook.yakuset_award_context(ruleset=rs, base=base, own_calls=own_calls,
                                                   opponent_calls=opponent_calls):
            variables.update(extra or {})
        missing = rules.extra_names - variables.keys()
        if missing:
            raise InputError(f"no plugin gave a value for {', '.join(sorted(missing))}")
    if rules.no_award_when(variables):
        return Award(rs.id, base, 0, (Step("no_award", rules.no_award_label, 0),))
    steps = []
    points: Number = base
    for multiplier in rules.multipliers:
        if not multiplier.when(variables):
            continue
        if multiplier.add is not None:
            added = multiplier.add(variables)
            if multiplier.max is not None:
                added = min(added, multiplier.max)
            steps.append(Step(multiplier.id, multiplier.label, _tidy(added), "add"))
            points += added
            continue
        assert multiplier.factor is not None
        factor = multiplier.factor(variables)
        if multiplier.max is not None:
            factor = min(factor, multiplier.max)
        steps.append(Step(multiplier.id, multiplier.label, _tidy(factor)))
        points *= factor
    return Award(rs.id, base, _tidy(points), tuple(steps))


def _tidy(value: Any) -> Number:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


@dataclass(frozen=True, slots=True)
class AwardTable:
    """One award table: awards by base (rows) and own calls (columns), for one opponent call count."""

    opponent_calls: int
    opponent_factor: Number
    own_calls: tuple[int, ...]
    own_factors: tuple[Number, ...]
    open_ended: bool  # the last column also holds for more calls
    rows: tuple[tuple[int, tuple[Number, ...]], ...]


def award_tables(rs: RuleSet, bases: Sequence[int] = TABLE_BASES, most_calls: int = 12) -> list[AwardTable]:
    """The rule document's award tables, computed from the rule set.

    Columns run over the winner's calls until more calls no longer change any
    award (that column reads "N+ calls"); two tables: the loser never called,
    and the loser called (once, which is what "1 or more" means when the count
    does not matter past one).
    """
    tables = []
    for opponent_calls in (0, 1):
        columns: list[list[Number]] = []
        open_ended = False
        for calls in range(most_calls + 1):
            column = [award(rs, b, calls, opponent_calls).points for b in bases]
            if columns and column == columns[-1]:
                open_ended = True  # the cap is reached: the last column holds for any more calls
                break
            columns.append(column)
        reference = award(rs, 1, 0, 0).points
        own_factors = tuple(_ratio(award(rs, 1, c, 0).points, reference) for c in range(len(columns)))
        opponent_factor = _ratio(award(rs, 1, 0, opponent_calls).points, reference)
        rows = tuple((b, tuple(col[i] for col in columns)) for i, b in enumerate(bases))
        tables.append(AwardTable(opponent_calls, opponent_factor, tuple(range(len(columns))), own_factors,
                                 open_ended, rows))
    return tables


def _ratio(value: Number, reference: Number) -> Number:
    if reference == 0:
        return 0
    ratio = value / reference
    return int(ratio) if math.isclose(ratio, round(ratio)) else round(ratio, 3)


# --- yaku from captured cards ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class YakuScore:
    """A yaku a pile of captured cards makes: its points and the cards it counted."""

    id: str
    label: str
    points: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Hand:
    """The yaku of one player's captured cards: ``base`` is the sum of ``yaku`` points."""

    ruleset: str
    base: int
    yaku: tuple[YakuScore, ...]
    steps: tuple[Step, ...]

    @property
    def explanation(self) -> str:
        """``Goko (five brights) 10 + Kasu (ten chaff) 1 = 11``, with dropped yaku after a semicolon."""
        counted = [f"{s.label} {format_number(s.factor)}" for s in self.steps if s.op == "add"]
        dropped = [s.label for s in self.steps if s.op == "drop"]
        text = (" + ".join(counted) or "no yaku") + f" = {self.base}"
        return text + ("; " + "; ".join(dropped) if dropped else "")

    def as_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "base": self.base,
                "yaku": [{"id": y.id, "label": y.label, "points": y.points, "cards": list(y.cards)} for y in self.yaku],
                "steps": [s.as_dict() for s in self.steps]}


_SAKE_ROLES = {"both": (frozenset({"animal", "chaff"}),), "animal": (frozenset({"animal"}),),
               "best": (frozenset({"animal"}), frozenset({"chaff"}))}


def yaku(rs: RuleSet, captured: Sequence[str], month: int | None = None, own_calls: int = 0) -> Hand:
    """The yaku and base points of a player's captured cards under ``rs``.

    ``month`` is the round's month (1-12), needed by month-set yaku; ``own_calls`` the
    player's Koi-Koi calls this round (some rule sets' yaku are worth more after a call).
    Raises :class:`engine.InputError` naming an unknown or repeated card.
    """
    rules = _rules(rs)
    cards = check_cards(rs, captured, "captured")
    if month is not None:
        month = _whole_number("month", month, 1)
        if month > 12:
            raise InputError(f"month must be 1-12, got {month}")
    own_calls = _whole_number("own_calls", own_calls, 0)
    best: tuple[int, list[YakuScore], list[Step]] | None = None
    for roles in _SAKE_ROLES[rules.sake_cup]:
        found = _evaluate(rules, cards, month, own_calls, roles)
        if best is None or found[0] > best[0]:
            best = found
            if rules.sake_cup == "best" and any(card.also for card in cards):
                role = "an animal" if "animal" in roles else "chaff"
                best = (found[0], found[1], [*found[2], Step("sake_cup", f"the sake cup counts as {role}", 0, "note")])
    assert best is not None
    base, counted, steps = best
    return Hand(rs.id, base, tuple(counted), tuple(steps))


def _evaluate(rules: KoikoiRules, cards: tuple[Card, ...], month: int | None, own_calls: int,
              roles: frozenset[str]) -> tuple[int, list[YakuScore], list[Step]]:
    ids = {c.id for c in cards}
    candidates: list[tuple[KoikoiYaku, int, tuple[str, ...]]] = []
    for y in rules.yaku:
        if not y.needs <= ids:
            continue
        matching = tuple(c.id for c in cards if y.cards.matches(c, month, roles))
        if len(matching) < y.count:
            continue
        points = int(y.points({"own_calls": own_calls})) + y.per_extra * (len(matching) - y.count)
        if points > 0:
            candidates.append((y, points, matching))
    dropped: dict[str, str] = {}
    for y, _, _ in candidates:
        for other in y.replaces:
            dropped.setdefault(other, f"replaced by {y.label}")
    if rules.viewing == "never":
        for y, _, _ in candidates:
            if y.viewing:
                dropped.setdefault(y.id, "viewing yaku are off")
    elif rules.viewing == "with_other_yaku":
        if not any(not y.viewing and y.id not in dropped for y, _, _ in candidates):
            for y, _, _ in candidates:
                if y.viewing:
                    dropped.setdefault(y.id, "viewing yaku score only with another yaku")
    best_of_group: dict[str, tuple[KoikoiYaku, int]] = {}
    for y, points, _ in candidates:
        if y.group and y.id not in dropped:
            holder = best_of_group.get(y.group)
            if holder is None or points > holder[1]:
                best_of_group[y.group] = (y, points)
    for y, _, _ in candidates:
        if y.group and y.id not in dropped and best_of_group[y.group][0] is not y:
            dropped[y.id] = f"only the best of group {y.group!r} counts ({best_of_group[y.group][0].label})"
    counted = [YakuScore(y.id, y.label, points, matching) for y, points, matching in candidates if y.id not in dropped]
    steps = []
    for y, points, matching in candidates:
        if y.id in dropped:
            steps.append(Step(y.id, f"{y.label} {points}: not counted, {dropped[y.id]}", 0, "drop"))
        else:
            extra = len(matching) - y.count
            detail = f" ({len(matching)} cards: {y.count} make it, +{y.per_extra} × {extra})" if extra and y.per_extra else ""
            steps.append(Step(y.id, f"{y.label}{detail}", points, "add"))
    return sum(s.points for s in counted), counted, steps
