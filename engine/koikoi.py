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
from .results import Award, Step
from .yamlsource import LocatedDict, LocatedList

if TYPE_CHECKING:
    from .ruleset import RuleSet

#: The names every Koi-Koi award expression may use.
AWARD_NAMES = {
    "base": "the round's base points (the sum of the winner's yaku)",
    "own_calls": "how many times the winner called Koi-Koi this round",
    "opponent_calls": "how many times the loser called Koi-Koi this round",
}

#: No Koi-Koi hand comes near this; larger bases are refused rather than multiplied.
MAX_BASE = 10**6

#: The base points shown by ``yakuset table``: the rows of the rule document's award tables.
TABLE_BASES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20)


@dataclass(frozen=True, slots=True)
class Multiplier:
    """One compiled ``award.multipliers`` entry."""

    id: str
    label: str
    when: Expression
    factor: Expression
    max: Number | None


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
    items = section.get("multipliers")
    for index, item in enumerate(items if isinstance(items, LocatedList) else []):
        if not isinstance(item, LocatedDict):
            continue
        ident = str(item.get("id", index))
        path = f"award.multipliers[{ident}]"
        when = compile_at(item, "when", names, "condition", f"{path}.when", problems,
                          fallback) if "when" in item else compile_always()
        factor = compile_at(item, "factor", names, "number", f"{path}.factor", problems,
                            fallback) if "factor" in item else None
        cap = item.get("max")
        if when is not None and factor is not None:
            multipliers.append(Multiplier(ident, str(item.get("label", ident)), when, factor,
                                          cap if isinstance(cap, int | float) else None))
    calls = document.get("calls")
    limit = calls.get("limit_per_round") if isinstance(calls, dict) else None
    rules = KoikoiRules(
        cards=MappingProxyType(_compile_cards(document.get("cards"), problems)),
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


def award(rs: RuleSet, base: int, own_calls: int = 0, opponent_calls: int = 0) -> Award:
    """The award for a won round: base × every multiplier whose condition holds.

    ``base`` is the winner's base points (the sum of their yaku); ``own_calls``
    and ``opponent_calls`` count the Koi-Koi calls of the winner and of the
    loser this round. Raises :class:`engine.InputError` (a ``ValueError``) for
    negative call counts or values that are not whole numbers.
    """
    rules = _rules(rs)
    base = _whole_number("base", base)
    if abs(base) > MAX_BASE:
        raise InputError(f"base must be between -{MAX_BASE} and {MAX_BASE}, got {base}")
    own_calls = _whole_number("own_calls", own_calls, 0)
    opponent_calls = _whole_number("opponent_calls", opponent_calls, 0)
    variables: dict[str, Number] = {"base": base, "own_calls": own_calls, "opponent_calls": opponent_calls}
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
