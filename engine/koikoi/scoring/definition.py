"""The yaku a pile of captured Koi-Koi cards makes, as the rule documents say it: the engine's
definition of Koi-Koi scoring.

Every card of the pile is matched against every yaku's filter (``yaku[].cards``, the round's
month for a month-set yaku) and counted, as many times as ``counts_as`` says; a yaku is made when
its count reaches ``count`` and the pile holds every card it ``needs``; its points are its
``points`` (with the player's Koi-Koi calls) and ``per_extra`` for each card past ``count``, and
it counts only when they are more than 0. Of the yaku made, a yaku that ``replaces`` another
drops it, viewing yaku follow ``yaku_rules.viewing``, and of a ``group`` only the best counts
(:func:`dropped`). The weather (``yaku_rules.weather``) cancels the yaku it names when its cards
are on the field or in the pile. A card of two kinds (``yaku_rules.sake_cup``) is counted each
way the rules allow, and the way that scores most (the first on a tie) is the pile's.

:func:`evaluate` is the definition; the packed-integer fast path (``scoring.weights_fast``) gives
the same :class:`~yakuset.koikoi.Hand` for every pile, as a property test over every bundled rule
set holds it, and uses :func:`dropped` and :func:`step_label` itself. :func:`pile_for` is the
pile that shows a yaku made.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..._core.results import Step
from ..kinds import Viewing, WeatherWhere
from ..results import Hand, YakuScore

if TYPE_CHECKING:
    from ..rules.compiled import Card, KoikoiRules, KoikoiYaku
    from ..rules.table import Weather


@dataclass(frozen=True, slots=True)
class Made:
    """A yaku the pile makes: its points and the cards it counted (and how many they count as)."""

    yaku: KoikoiYaku
    points: int
    counted: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Counted:
    """The yaku of a pile counted one way: the base, the yaku that count and every step."""

    base: int
    made: tuple[Made, ...]  # those that count, in the table's order
    steps: tuple[Step, ...]


def evaluate(
    rules: KoikoiRules,
    ruleset: str,
    cards: Sequence[Card],
    month: int | None,
    own_calls: int,
    field: Collection[str] | None = None,
) -> Hand:
    """The :class:`~yakuset.koikoi.Hand` of the pile ``cards`` (in the order captured) in the
    round of ``month``, after ``own_calls`` Koi-Koi calls, with ``field`` face up (``None``: only
    the weather of the pile itself is known)."""
    weather = brought(rules, cards, field)
    cancelled = frozenset().union(*(rule.cancels for rule in weather))
    way, found = best_way(rules, cards, month, own_calls, cancelled)
    steps = found.steps
    if len(rules.roles) > 1 and any(card.also for card in cards):
        steps = (*steps, roles_note(rules.roles[way], cards))
    if cancelled:
        steps = (*steps, *_weathered(count(rules, cards, month, own_calls, rules.roles[way]), weather))
    scored = tuple(YakuScore(made.yaku.id, made.yaku.label, made.points, made.cards) for made in found.made)
    return Hand(ruleset, found.base, scored, steps)


def best_way(
    rules: KoikoiRules, cards: Sequence[Card], month: int | None, own_calls: int, cancelled: Collection[str] = ()
) -> tuple[int, Counted]:
    """The way of counting the cards of two kinds that scores most (the first on a tie), and its count."""
    chosen: tuple[int, Counted] | None = None
    for way, roles in enumerate(rules.roles):
        found = count(rules, cards, month, own_calls, roles, cancelled)
        if chosen is None or found.base > chosen[1].base:
            chosen = way, found
    assert chosen is not None  # every rule set counts one way at least
    return chosen


def count(
    rules: KoikoiRules,
    cards: Sequence[Card],
    month: int | None,
    own_calls: int,
    roles: frozenset[str],
    cancelled: Collection[str] = (),
) -> Counted:
    """The yaku the pile makes with the cards of two kinds counting as ``roles``, leaving out
    those the weather ``cancelled``: those that count and every step."""
    made = [found for y in rules.yaku if y.id not in cancelled and (found := _made(y, cards, month, own_calls, roles))]
    dropped_ones = dropped(rules, [(found.yaku, found.points) for found in made])
    steps = tuple(
        Step(found.yaku.id, f"{found.yaku.label} {found.points}: not counted, {dropped_ones[found.yaku.id]}", 0, "drop")
        if found.yaku.id in dropped_ones
        else Step(found.yaku.id, step_label(found.yaku, found.counted), found.points, "add")
        for found in made
    )
    kept = tuple(found for found in made if found.yaku.id not in dropped_ones)
    return Counted(sum(found.points for found in kept), kept, steps)


def _made(
    y: KoikoiYaku, cards: Sequence[Card], month: int | None, own_calls: int, roles: frozenset[str]
) -> Made | None:
    """``y`` if the pile makes it and it is worth something."""
    matching = [card for card in cards if y.cards.matches(card, month, roles)]
    counted = sum(card.count_as(y.cards.kind) for card in matching)
    if counted < y.count or not y.needs <= {card.id for card in cards}:
        return None
    points = int(y.points({"own_calls": own_calls})) + y.per_extra * (counted - y.count)
    return Made(y, points, counted, tuple(card.id for card in matching)) if points > 0 else None


def step_label(y: KoikoiYaku, counted: int) -> str:
    """The label of the step of ``y`` made with ``counted`` cards: the cards past its count shown
    where they add points."""
    extra = counted - y.count
    if extra and y.per_extra:
        return f"{y.label} ({counted} cards: {y.count} make it, +{y.per_extra} × {extra})"
    return y.label


def dropped(rules: KoikoiRules, candidates: Sequence[tuple[KoikoiYaku, int]]) -> dict[str, str]:
    """Of the yaku made (each with its points), those that do not count, and why: replaced,
    the viewing rules, not the best of their group."""
    out: dict[str, str] = {}
    for y, _ in candidates:
        for other in y.replaces:
            out.setdefault(other, f"replaced by {y.label}")
    if rules.viewing is Viewing.NEVER:
        for y, _ in candidates:
            if y.viewing:
                out.setdefault(y.id, "viewing yaku are off")
    elif rules.viewing is Viewing.WITH_OTHER_YAKU and not any(not y.viewing and y.id not in out for y, _ in candidates):
        for y, _ in candidates:
            if y.viewing:
                out.setdefault(y.id, "viewing yaku score only with another yaku")
    best: dict[str, tuple[KoikoiYaku, int]] = {}
    for y, points in candidates:
        if y.group and y.id not in out:
            holder = best.get(y.group)
            if holder is None or points > holder[1]:
                best[y.group] = (y, points)
    for y, _ in candidates:
        if y.group and y.id not in out and best[y.group][0] is not y:
            out[y.id] = f"only the best of group {y.group!r} counts ({best[y.group][0].label})"
    return out


def brought(rules: KoikoiRules, cards: Sequence[Card], field: Collection[str] | None) -> tuple[Weather, ...]:
    """The weather rules whose cards are there: in the pile (``where: captured``), or face up
    (``where: field``, when the field is known)."""
    roles = rules.roles[0]
    deck = rules.cards
    found = []
    for rule in rules.table.weather:
        if rule.where is WeatherWhere.CAPTURED:
            there = any(rule.cards.matches(card, None, roles) for card in cards)
        else:
            there = field is not None and any(rule.cards.matches(deck[card], None, roles) for card in field)
        if there:
            found.append(rule)
    return tuple(found)


def _weathered(uncancelled: Counted, weather: Sequence[Weather]) -> tuple[Step, ...]:
    """A step for each yaku the pile would count but the weather cancels."""
    steps = []
    for made in uncancelled.made:
        why = " and ".join(rule.label for rule in weather if made.yaku.id in rule.cancels)
        if why:
            steps.append(
                Step(made.yaku.id, f"{made.yaku.label} {made.points}: not counted, cancelled by {why}", 0, "drop")
            )
    return tuple(steps)


def roles_note(roles: frozenset[str], cards: Sequence[Card]) -> Step:
    """The note of how each card of two kinds in the pile counted."""
    shown = ", ".join(
        f"{card.id} counts as {card.kind if card.kind in roles else card.also}" for card in cards if card.also
    )
    return Step("roles", shown, 0, "note")


def pile_for(rules: KoikoiRules, y: KoikoiYaku, month: int | None) -> list[str]:
    """The fewest cards that make ``y`` in the round of ``month``: the cards it needs, then the
    deck's first cards it counts, up to its count, those another yaku needs and those with a
    second kind last, so that the pile makes no other yaku that would replace this one."""
    cards = sorted(y.needs)
    counted = [
        card.id
        for card in rules.cards.values()
        if card.id not in y.needs and any(y.cards.matches(card, month, roles) for roles in rules.roles)
    ]
    needed = frozenset().union(*(other.needs for other in rules.yaku))
    counted.sort(key=lambda ident: (ident in needed, rules.cards[ident].also is not None))
    cards += counted[: max(y.count - len(cards), 0)]
    return cards
