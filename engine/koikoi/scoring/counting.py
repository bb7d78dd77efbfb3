"""What a rule set's piles are counted with (:func:`tables`): the packed integers of
``scoring.weights_fast`` for a rule set that fast path handles, else the definition itself
(``scoring.definition``) behind the same methods (:class:`DefinitionTables`).

Both keep a pile as the sum of its cards' weights, which the referee adds up card by card; the
definition's weights are only the cards' own bits, one region of bits per round month, so that
a sum tells its cards and its month, and each look-up counts them as the definition does.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING

from ..results import Hand
from .definition import count, evaluate
from .weights_fast import Month, Plan, Tables, WeatherMask, compile_tables, handles

if TYPE_CHECKING:
    from ..rules.compiled import Card, KoikoiRules


def tables(rules: KoikoiRules) -> Tables:
    """The tables ``rules``' piles are counted with, made at their first use (kept by ``rules.caches``)."""
    found = rules.caches.tables
    if found is None:
        found = rules.caches.tables = compile_tables(rules) if handles(rules) is None else definition_tables(rules)
    return found  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True, eq=False)
class DefinitionTables(Tables):
    """:class:`~yakuset.koikoi.scoring.weights_fast.Tables`' methods answered by the definition
    (``scoring.definition``): a card's weight is its own bit in its round month's region."""

    months_in_order: tuple[int | None, ...] = ()  # the months of the regions, from the lowest

    def plan(self, way: int, total: int, own_calls: int, off: int = 0) -> Plan:
        """The yaku the pile of ``total`` makes counting dual cards the ``way``-th way, apart
        from the rows ``off`` cancels."""
        month, cards = self._pile(total)
        cancelled = {y.id for row, y in enumerate(self.rules.yaku) if off >> row & 1}
        found = count(self.rules, cards, month, own_calls, self.rules.roles[way], cancelled)
        rows = {y.id: row for row, y in enumerate(self.rules.yaku)}
        made = tuple((rows[m.yaku.id], m.yaku.id, m.yaku.label, m.points) for m in found.made)
        return Plan(found.base, found.steps, made)

    def hand_of(
        self,
        ruleset: str,
        month: Month,
        cards: Sequence[str],
        total: int,
        own_calls: int,
        field: Collection[str] | None,
        off: int,
        way: int,
        plan: Plan,
    ) -> Hand:
        """The :class:`~yakuset.koikoi.Hand` of the pile ``cards``, as the definition gives it."""
        round_month, _ = self._pile(total)
        deck = self.rules.cards
        return evaluate(self.rules, ruleset, [deck[card] for card in cards], round_month, own_calls, field)

    def _pile(self, total: int) -> tuple[int | None, list[Card]]:
        """The round month and the cards (in the deck's order) of a pile's ``total``."""
        if not total:
            return None, []
        region = (total.bit_length() - 1) // self.size
        bits = total >> (region * self.size)
        deck = list(self.rules.cards.values())
        return self.months_in_order[region], [card for index, card in enumerate(deck) if bits >> index & 1]


def definition_tables(rules: KoikoiRules) -> DefinitionTables:
    """The :class:`DefinitionTables` of ``rules``."""
    deck = list(rules.cards.values())
    size = len(deck)
    in_order = (None, *rules.months)
    every = [sum(1 << (region * size + index) for region in range(len(in_order))) for index in range(size)]
    months = {
        month: Month(
            {card.id: 1 << (region * size + index) for index, card in enumerate(deck)},
            (),
            frozenset(card.id for card in deck if rules.field_brights.matches(card, month, rules.roles[0])),
        )
        for region, month in enumerate(in_order)
    }
    weather = tuple(
        WeatherMask(
            rule.where,
            frozenset(card.id for card in deck if rule.cards.matches(card, None, rules.roles[0])),
            sum(bits for bits, card in zip(every, deck) if rule.cards.matches(card, None, rules.roles[0])),
            sum(1 << row for row, y in enumerate(rules.yaku) if y.id in rule.cancels),
            rule,
        )
        for rule in rules.table.weather
    )
    return DefinitionTables(
        rules=rules,
        width=0,
        region=0,
        region_mask=0,
        field_mask=0,
        own=0,
        size=size,
        offsets=0,
        tops=0,
        extra=0,
        dual=sum(bits for bits, card in zip(every, deck) if card.also),
        duals=frozenset(card.id for card in deck if card.also),
        calls_count=any("own_calls" in y.points.names for y in rules.yaku),
        points=(),
        may_drop=(),
        months=months,
        weather=weather,
        month_of=rules.month_of,
        months_of_cards=itemgetter(*[rules.months.index(month) for month in rules.month_of.values()]),
        nothing=Plan(0, (), ()),
        months_in_order=in_order,
    )
