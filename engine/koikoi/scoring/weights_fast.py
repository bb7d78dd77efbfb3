"""The fast path of Koi-Koi scoring: yaku as integer arithmetic, a pile of captured cards one
sum, its yaku one look-up. The definition is ``scoring.definition`` (every card against every
yaku's filter); this module gives the same :class:`~yakuset.koikoi.Hand` for every pile of a
rule set it handles (:func:`handles`), which tests/koikoi/scoring/test_weights.py holds to the
definition over random piles of every bundled rule set. A rule set it does not handle is
counted by the definition (``scoring.counting``).

Each card of a rule set's deck gets a weight for each round month: one integer holding, for
each yaku and each way of counting a card with two kinds (``rules.roles``), a field that counts
the captured cards the yaku counts and a field that counts the cards it needs, and, above them
all, the card's own bit. A pile's total is the sum of its cards' weights, so adding a card is
one addition; the cards are distinct exactly when the own bits do not carry (as many bits as
cards). Each field starts at ``top - wanted`` (its offset), so its top bit says "enough cards",
and a handful of operations on the total finds every yaku made. The yaku made, with their card
counts where points depend on them, key the finished yaku and steps (:class:`Plan`), which are
worked out once by the definition's own rules (:func:`~yakuset.koikoi.scoring.definition.dropped`
and :func:`~yakuset.koikoi.scoring.definition.step_label`) and remembered.

A card that counts as more than one card (``counts_as``: the sake cup as two chaff) adds that
many to a count field, so fields are wide enough for the deck's largest count. Weather that
cancels yaku (``yaku_rules.weather``) is a mask of the rows it cancels, cleared from the rows
made before the look-up: :meth:`Tables.cancelled` finds it from the pile and the field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from ..._core.memo import Memo
from ..._core.results import Step
from ..kinds import ROUND_MONTH, Viewing, WeatherWhere
from ..results import Hand, YakuScore
from ..rules.compiled import KoikoiYaku
from ..rules.memos import PLANS_SIZE, STEPS_SIZE
from .definition import dropped, step_label

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping, Sequence

    from ..rules.compiled import KoikoiRules
    from ..rules.table import Weather


_new = tuple.__new__  # a NamedTuple made without its Python-level __new__ (every field given)


class WeatherMask(NamedTuple):
    """A weather rule as the tables use it: which cards bring it (their ids and own bits), where,
    and the rows it cancels (a mask of their fields' top bits within one way of counting)."""

    where: WeatherWhere
    ids: frozenset[str]
    own_bits: int
    off: int
    rule: Weather


class Plan:
    """The yaku a count of cards makes (for one way of counting dual cards and one call count)."""

    __slots__ = ("base", "counted", "empty", "ids", "steps")

    def __init__(self, base: int, steps: tuple[Step, ...], counted: tuple[tuple[int, str, str, int], ...]) -> None:
        self.base = base
        self.steps = steps
        self.counted = counted  # (row, yaku id, label, points) of the yaku counted, in table order
        self.ids = frozenset(ident for _, ident, _, _ in counted)  # the ids of the yaku counted
        # The finished Hand when no yaku counts (it holds no card), with its rule set's id.
        self.empty: tuple[str, Hand] | None = None


@dataclass(frozen=True, slots=True, eq=False)
class Month:
    """The weights and card masks of one round month (or none)."""

    weights: dict[str, int]  # card id -> weight
    matches: tuple[tuple[frozenset[str], ...], ...]  # per way of counting, per yaku: the cards it counts
    field_brights: frozenset[str]  # the cards the award's ``field_brights`` counts when dealt face up


@dataclass(frozen=True, slots=True, eq=False)
class Tables:
    """A rule set's yaku compiled to weights (see the module's docstring)."""

    rules: KoikoiRules
    width: int  # bits of one field
    region: int  # bits of one way of counting: two fields per yaku
    region_mask: int  # the bits of one way of counting
    field_mask: int  # the bits of one field
    own: int  # where the cards' own bits start
    size: int  # cards in the deck
    offsets: int  # every field's starting value
    tops: int  # the top bit of every count field
    extra: int  # the count fields of yaku whose points grow with the count
    dual: int  # the own bits of the cards with two kinds
    duals: frozenset[str]  # their ids
    calls_count: bool  # whether some yaku's points depend on the player's calls
    points: tuple[int | None, ...]  # each yaku's points when they are a constant
    may_drop: tuple[bool, ...]  # whether a yaku may replace or be dropped (``definition.dropped``)
    months: dict[int | None, Month]
    weather: tuple[WeatherMask, ...]
    month_of: Mapping[str, int]  # card id -> its month (``rules.month_of``)
    #: Given one list per month of ``rules.months`` (in that order), each card's month's list,
    #: in the order of ``month_of``: a table's look-up from a card to the face-up cards of its
    #: month, made at each match in one call.
    months_of_cards: Callable[[list[Any]], tuple[Any, ...]]
    nothing: Plan  # the plan of a pile that makes no yaku (most piles, early in a round)
    #: The yaku and steps found for a count of cards, by (way of counting, key, own calls).
    plans: Memo[tuple[int, int, int], Plan] = field(default_factory=lambda: Memo(PLANS_SIZE))
    #: The step of a yaku that counts, by (row, points, cards counted where its points grow with them).
    steps: Memo[tuple[int, int, int], Step] = field(default_factory=lambda: Memo(STEPS_SIZE))

    def cancelled(self, total: int, field: Collection[str] | None) -> int:
        """The rows the weather cancels for a pile of ``total`` with ``field`` face up (no field:
        only the weather of the pile itself)."""
        off = 0
        for found in self.weather:
            if _brings(found, total, field):
                off |= found.off
        return off

    def plan(self, way: int, total: int, own_calls: int, off: int = 0) -> Plan:
        """The yaku the pile of ``total`` makes counting dual cards the ``way``-th way, apart
        from the rows ``off`` cancels (:meth:`cancelled`)."""
        width = self.width
        value = ((total >> (way * self.region) if way else total) & self.region_mask) + self.offsets
        made = value & (value >> width) & self.tops
        if off:
            made &= ~off
        if not made:
            return self.nothing
        # The rows made, and the count fields of those whose points grow with their cards.
        key = (value & ((made >> (width - 1)) * self.field_mask) & self.extra) | made
        # Most tables' points do not depend on the calls: one entry serves every call count.
        memo_key = (way, key, own_calls if self.calls_count else 0)
        found = self.plans.get(memo_key)
        if found is None:
            found = self.plans.put(memo_key, self._work_out(value, made, own_calls))
        return found

    def _work_out(self, value: int, made: int, own_calls: int) -> Plan:
        """The yaku made, worked out as the rule documents say: points, replaced, viewing, groups."""
        width = self.width
        top, full, stride = 1 << (width - 1), (1 << width) - 1, 2 * width
        table = self.rules.yaku
        candidates: list[tuple[KoikoiYaku, int, int, int]] = []  # yaku, points, cards counted, row
        while made:  # the rows made, lowest (first in the table) first
            low = made & -made
            made ^= low
            row = low.bit_length() // stride
            y = table[row]
            counted = ((value >> (stride * row)) & full) - top + y.count
            fixed = self.points[row]
            points = (int(y.points({"own_calls": own_calls})) if fixed is None else fixed) + y.per_extra * (
                counted - y.count
            )
            if points > 0:
                candidates.append((y, points, counted, row))
        gone = (
            dropped(self.rules, [(y, points) for y, points, _, _ in candidates])
            if any(self.may_drop[row] for _, _, _, row in candidates)
            else {}
        )
        steps = []
        for y, points, counted, row in candidates:
            if y.id in gone:
                steps.append(Step(y.id, f"{y.label} {points}: not counted, {gone[y.id]}", 0, "drop"))
                continue
            step_key = (row, points, counted if y.per_extra else 0)
            step = self.steps.get(step_key)
            if step is None:
                step = self.steps.put(step_key, Step(y.id, step_label(y, counted), points, "add"))
            steps.append(step)
        kept = tuple((row, y.id, y.label, points) for y, points, _, row in candidates if y.id not in gone)
        return Plan(sum(points for _, _, _, points in kept), tuple(steps), kept)

    def best(self, total: int, own_calls: int, off: int = 0) -> tuple[int, Plan]:
        """The way of counting dual cards that scores most (the first on a tie), and its yaku."""
        chosen = self.plan(0, total, own_calls, off)
        way = 0
        if len(self.rules.roles) == 1 or not total & self.dual:
            # Without a card of two kinds in the pile every way counts it alike: the first wins the tie.
            return way, chosen
        for other in range(1, len(self.rules.roles)):
            found = self.plan(other, total, own_calls, off)
            if found.base > chosen.base:
                way, chosen = other, found
        return way, chosen

    def hand(
        self,
        ruleset: str,
        month: Month,
        cards: Sequence[str],
        total: int,
        own_calls: int,
        field: Collection[str] | None = None,
    ) -> Hand:
        """The :class:`Hand` of the pile ``cards`` (in the order captured) whose weights add up to
        ``total``, less what the weather cancels with ``field`` face up (each yaku cancelled is a
        step saying why)."""
        off = self.cancelled(total, field) if self.weather else 0
        way, plan = self.best(total, own_calls, off)
        return self.hand_of(ruleset, month, cards, total, own_calls, field, off, way, plan)

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
        """:meth:`hand` of what it finds first: the rows the weather cancels (``off``,
        :meth:`cancelled`), and the way of counting and its plan (:meth:`best`)."""
        noted = len(self.rules.roles) > 1 and total & self.dual
        weathered = self._weathered(way, total, own_calls, off, field) if off else ()
        if not plan.counted and not noted and not weathered:
            # Half of all piles count no yaku: their Hand holds no card, so one serves them all.
            empty = plan.empty
            if empty is None or empty[0] != ruleset:
                empty = plan.empty = (ruleset, Hand(ruleset, plan.base, (), plan.steps))
            return empty[1]
        matches = month.matches[way]
        counted = tuple(
            [
                _new(YakuScore, (ident, label, points, tuple(filter(matches[row].__contains__, cards))))
                for row, ident, label, points in plan.counted
            ]
        )
        steps = plan.steps
        if noted:
            roles = self.rules.roles[way]
            deck = self.rules.cards
            duals = [deck[c] for c in filter(self.duals.__contains__, cards)]
            role = ", ".join(f"{card.id} counts as {card.kind if card.kind in roles else card.also}" for card in duals)
            steps = (*steps, Step("roles", role, 0, "note"))
        if weathered:
            steps = (*steps, *weathered)
        return _new(Hand, (ruleset, plan.base, counted, steps))

    def _weathered(
        self, way: int, total: int, own_calls: int, off: int, field: Collection[str] | None
    ) -> tuple[Step, ...]:
        """A step for each yaku the pile would count but the weather ``off`` cancels."""
        width, stride = self.width, 2 * self.width
        active = [found for found in self.weather if _brings(found, total, field)]
        steps = []
        for row, ident, label, points in self.plan(way, total, own_calls).counted:
            bit = 1 << (stride * row + width - 1)
            if off & bit:
                why = " and ".join(found.rule.label for found in active if found.off & bit)
                steps.append(Step(ident, f"{label} {points}: not counted, cancelled by {why}", 0, "drop"))
        return tuple(steps)


#: The most bits a card's weight may take (its fields and the deck's own bits): the yaku found
#: are remembered by the count fields of a pile's total, and each turn adds and masks integers of
#: this size. Bundled rule sets take 200-412 bits; a rule set past this is counted by the definition.
MAX_BITS = 4096


#: The parts of a compiled yaku (:class:`~yakuset.koikoi.rules.compiled.KoikoiYaku`) this module
#: counts. A yaku that sets any other part, a rule the definition learnt since, makes
#: :func:`handles` decline its rule set: the definition counts it, where the weights would
#: silently count the yaku without its rule.
COUNTED = frozenset({"id", "label", "cards", "needs", "count", "points", "per_extra", "group", "replaces", "viewing"})


def handles(rules: KoikoiRules) -> str | None:
    """``None`` when this module counts ``rules``' yaku, else why not: a yaku sets a part this
    module does not count (:data:`COUNTED`), or the packed weights would take more than
    :data:`MAX_BITS` bits."""
    for y in rules.yaku:
        for part in fields(y):
            if part.name not in COUNTED and getattr(y, part.name):
                return f"yaku {y.id} sets {part.name}, which the packed weights do not count"
    layout = _Layout.of(rules)
    bits = layout.own + len(rules.cards)
    return None if bits <= MAX_BITS else f"its cards' weights would take {bits} bits (at most {MAX_BITS})"


def compile_tables(rules: KoikoiRules) -> Tables:
    """``rules``' yaku compiled to weights (the rules are ones this module :func:`handles`)."""
    layout = _Layout.of(rules)
    deck = list(rules.cards.values())
    own = layout.own
    weather = _weather_masks(rules, layout)
    return Tables(
        rules=rules,
        width=layout.width,
        region=layout.region,
        region_mask=(1 << layout.region) - 1,
        field_mask=(1 << layout.width) - 1,
        own=own,
        size=len(deck),
        offsets=layout.offsets,
        tops=layout.tops,
        extra=layout.extra,
        dual=sum(1 << (own + i) for i, card in enumerate(deck) if card.also),
        duals=frozenset(card.id for card in deck if card.also),
        calls_count=any("own_calls" in y.points.names for y in rules.yaku),
        points=tuple(None if y.points.constant is None else int(y.points.constant) for y in rules.yaku),
        may_drop=tuple(
            bool(y.replaces or y.group or (y.viewing and rules.viewing is not Viewing.ALWAYS)) for y in rules.yaku
        ),
        months=_months(rules, layout),
        weather=weather,
        month_of=rules.month_of,
        months_of_cards=itemgetter(*[rules.months.index(month) for month in rules.month_of.values()]),
        nothing=Plan(0, (), ()),
    )


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where each yaku's fields lie in a weight: ``width`` bits a field, two fields a yaku, a
    ``region`` of every yaku's fields a way of counting, the cards' own bits from ``own``; each
    field's starting value (``offsets``), the top bit of every count field (``tops``) and the
    count fields of yaku whose points grow with the count (``extra``)."""

    width: int
    region: int
    own: int
    offsets: int
    tops: int
    extra: int

    @classmethod
    def of(cls, rules: KoikoiRules) -> _Layout:
        # The most a count can reach: every card, each counting as many cards as it may.
        most = sum(max([1, *(n for _, n in card.counts_as)]) for card in rules.cards.values())
        width = most.bit_length() + 1  # the top bit of a field is past any count of cards
        top = 1 << (width - 1)
        region = 2 * width * len(rules.yaku)
        offsets = tops = extra = 0
        for row, y in enumerate(rules.yaku):
            at = 2 * width * row
            offsets |= (top - y.count if y.count <= most else 0) << at | (top - len(y.needs)) << (at + width)
            tops |= 1 << (at + width - 1)
            if y.per_extra:
                extra |= ((1 << width) - 1) << at
        return cls(width, region, region * len(rules.roles), offsets, tops, extra)


def _months(rules: KoikoiRules, layout: _Layout) -> dict[int | None, Month]:
    """Each round month's (and no month's) weights and card sets."""
    deck = list(rules.cards.values())
    own = layout.own
    fixed, in_month, always, monthly = _card_weights(rules, layout)
    months: dict[int | None, Month] = {}
    for month in (None, *rules.months):
        cards_of_month = sum(1 << (own + i) for i, card in enumerate(deck) if card.month == month)
        weights = {card.id: fixed[card.id] + (in_month[card.id] if card.month == month else 0) for card in deck}
        matches = tuple(
            tuple(
                frozenset(
                    card.id
                    for i, card in enumerate(deck)
                    if (always[way][row] | (monthly[way][row] & cards_of_month)) >> (own + i) & 1
                )
                for row in range(len(rules.yaku))
            )
            for way in range(len(rules.roles))
        )
        brights = frozenset(card.id for card in deck if rules.field_brights.matches(card, month, rules.roles[0]))
        months[month] = Month(weights, matches, brights)
    return months


def _card_weights(
    rules: KoikoiRules, layout: _Layout
) -> tuple[dict[str, int], dict[str, int], list[list[int]], list[list[int]]]:
    """Each card's weight apart from yaku of the round's month (its own bit, its needs and
    counts), and its weight for those as if it were the round's month; and per way of counting
    and yaku, the own bits of the cards it counts always and in their month."""
    width, region, own = layout.width, layout.region, layout.own
    fixed: dict[str, int] = {}
    in_month: dict[str, int] = {}
    always: list[list[int]] = [[0] * len(rules.yaku) for _ in rules.roles]
    monthly: list[list[int]] = [[0] * len(rules.yaku) for _ in rules.roles]
    for index, card in enumerate(rules.cards.values()):
        bit = 1 << (own + index)
        weight, round_weight = bit, 0
        for way, roles in enumerate(rules.roles):
            for row, y in enumerate(rules.yaku):
                at = way * region + 2 * width * row
                if card.id in y.needs:
                    weight += 1 << (at + width)
                counts = card.count_as(y.cards.kind)
                if y.cards.month == ROUND_MONTH:
                    if y.cards.matches(card, card.month, roles):
                        round_weight += counts << at
                        monthly[way][row] |= bit
                elif y.cards.matches(card, None, roles):
                    weight += counts << at
                    always[way][row] |= bit
        fixed[card.id], in_month[card.id] = weight, round_weight
    return fixed, in_month, always, monthly


def _weather_masks(rules: KoikoiRules, layout: _Layout) -> tuple[WeatherMask, ...]:
    """Each weather rule: its cards (ids and own bits), and the top bits of the rows it cancels."""
    deck = list(rules.cards.values())
    width, own = layout.width, layout.own
    rows = {y.id: row for row, y in enumerate(rules.yaku)}
    return tuple(
        WeatherMask(
            rule.where,
            frozenset(card.id for card in deck if rule.cards.matches(card, None, rules.roles[0])),
            sum(1 << (own + i) for i, card in enumerate(deck) if rule.cards.matches(card, None, rules.roles[0])),
            sum(1 << (2 * width * rows[ident] + width - 1) for ident in rule.cancels if ident in rows),
            rule,
        )
        for rule in rules.table.weather
    )


def _brings(found: WeatherMask, total: int, field: Collection[str] | None) -> bool:
    """Whether the weather ``found`` is there for a pile of ``total`` with ``field`` face up."""
    if found.where is WeatherWhere.CAPTURED:
        return bool(total & found.own_bits)
    return field is not None and not found.ids.isdisjoint(field)
