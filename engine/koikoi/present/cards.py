"""``yakuset cards RULESET``: the deck's card ids by month and kind, the names every other
command and the API take."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..._core.commands import Output
from ..kinds import CardKind
from ..rules.compiled import Card, rules_of

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

#: The order kinds are listed in within a month (a kind a rule set adds comes after them).
_KINDS = tuple(CardKind)


def _described(card: Card) -> str:
    """``09-animal-sake (also chaff)``, ``11-bright-rainman (rain)``: the id, and what else it counts as."""
    notes = [note for note in ("rain" if card.rain else None, f"also {card.also}" if card.also else None) if note]
    notes += [f"counts as {count} {kind}" for kind, count in card.counts_as]
    return card.id + (f" ({', '.join(notes)})" if notes else "")


def cards_output(rs: RuleSet) -> Output:
    """The deck of ``rs`` by month, each month's cards by kind, as text and JSON."""
    rules = rules_of(rs)
    deck = list(rules.cards.values())
    kinds = [*_KINDS, *sorted({card.kind for card in deck} - set(_KINDS))]
    lines = [f"{rs.name} ({rs.id}): {len(deck)} cards by month and kind"]
    for month in rules.months:
        held = [card for card in deck if card.month == month]
        parts = []
        for kind in kinds:
            named = [_described(card) for card in held if card.kind == kind]
            if named:
                parts.append(f"{kind} {', '.join(named)}")
        lines.append(f"{month:02d}  " + "; ".join(parts))
    data: dict[str, Any] = {
        "ruleset": rs.id,
        "cards": [
            {
                "id": card.id,
                "month": card.month,
                "kind": card.kind,
                "ribbon": card.ribbon,
                "rain": card.rain,
                "also": card.also,
                "counts_as": dict(card.counts_as),
            }
            for card in deck
        ],
    }
    return Output("\n".join(lines) + "\n", data)
