"""The yaku a pile of captured Koi-Koi cards makes under a rule set, with why each counts or not."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .._core.arguments import whole_number
from .._core.errors import InputError
from .._core.results import Step
from ._results import Hand, YakuScore
from ._rules import Card, KoikoiRules, KoikoiYaku, koikoi_rules

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet


def check_cards(rs: RuleSet, cards: Sequence[str], what: str = "cards") -> tuple[Card, ...]:
    """The cards named by ``cards``, or :class:`yakuset.InputError` naming the first unknown or repeated id."""
    deck = koikoi_rules(rs).cards
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


def check_month(rules: KoikoiRules, month: object) -> int:
    """``month`` if the deck has cards of it, else :class:`yakuset.InputError`."""
    value = whole_number("month", month, None)
    if value not in rules.months:
        raise InputError(f"month must be {rules.months[0]}-{rules.months[-1]}, got {value}")
    return value


def yaku(rs: RuleSet, captured: Sequence[str], month: int | None = None, own_calls: int = 0) -> Hand:
    """The yaku and base points of a player's captured cards under ``rs``.

    ``month`` is the round's month (one of the deck's months, 1-12), needed by month-set yaku;
    ``own_calls`` the player's Koi-Koi calls this round (some rule sets' yaku are worth more
    after a call). Raises :class:`yakuset.InputError` naming an unknown or repeated card.
    """
    rules = koikoi_rules(rs)
    cards = check_cards(rs, captured, "captured")
    if month is not None:
        month = check_month(rules, month)
    own_calls = whole_number("own_calls", own_calls)
    best: tuple[int, list[YakuScore], list[Step]] | None = None
    dual = [card for card in cards if card.also]
    for roles in rules.roles:
        found = _evaluate(rules, cards, month, own_calls, roles)
        if best is None or found[0] > best[0]:
            best = found
            if len(rules.roles) > 1 and dual:
                role = ", ".join(
                    f"{card.id} counts as {card.kind if card.kind in roles else card.also}" for card in dual
                )
                best = (found[0], found[1], [*found[2], Step("roles", role, 0, "note")])
    assert best is not None
    base, counted, steps = best
    return Hand(rs.id, base, tuple(counted), tuple(steps))


def _evaluate(
    rules: KoikoiRules, cards: tuple[Card, ...], month: int | None, own_calls: int, roles: frozenset[str]
) -> tuple[int, list[YakuScore], list[Step]]:
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
    dropped = _dropped(rules, candidates)
    counted = [YakuScore(y.id, y.label, points, matching) for y, points, matching in candidates if y.id not in dropped]
    steps = []
    for y, points, matching in candidates:
        if y.id in dropped:
            steps.append(Step(y.id, f"{y.label} {points}: not counted, {dropped[y.id]}", 0, "drop"))
        else:
            extra = len(matching) - y.count
            detail = (
                f" ({len(matching)} cards: {y.count} make it, +{y.per_extra} × {extra})"
                if extra and y.per_extra
                else ""
            )
            steps.append(Step(y.id, f"{y.label}{detail}", points, "add"))
    return sum(s.points for s in counted), counted, steps


def _dropped(rules: KoikoiRules, candidates: list[tuple[KoikoiYaku, int, tuple[str, ...]]]) -> dict[str, str]:
    """The yaku found that do not count, and why: replaced, viewing rules, not the best of a group."""
    dropped: dict[str, str] = {}
    for y, _, _ in candidates:
        for other in y.replaces:
            dropped.setdefault(other, f"replaced by {y.label}")
    if rules.viewing == "never":
        for y, _, _ in candidates:
            if y.viewing:
                dropped.setdefault(y.id, "viewing yaku are off")
    elif rules.viewing == "with_other_yaku" and not any(
        not y.viewing and y.id not in dropped for y, _, _ in candidates
    ):
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
    return dropped
