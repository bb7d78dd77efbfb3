"""The yaku a pile of captured Koi-Koi cards makes under a rule set, with why each counts or not:
:func:`yaku` for a list of cards, :func:`pile` for a pile that grows one card at a time. Both
sum the cards' weights and look up what that count of cards makes (``scoring.counting``: the
packed integers of ``scoring.weights_fast``, or the definition, ``scoring.definition``, for a
rule set they do not handle)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..._core.arguments import MAX_COUNT, shown, whole_number
from ..._core.errors import InputError
from ..._core.hints import did_you_mean
from ..results import Hand
from ..rules.compiled import Card, KoikoiRules, rules_of
from .counting import tables
from .weights_fast import Month, Tables

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet


def check_cards(rs: RuleSet, cards: Sequence[str], what: str = "cards") -> tuple[Card, ...]:
    """The cards named by ``cards``, or :class:`yakuset.InputError` naming the first unknown or repeated id."""
    deck = rules_of(rs).cards
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise InputError(f"{what} must be a list of card ids, got {cards!r}")
    if len(cards) > len(deck):
        raise InputError(f"{what} holds {len(cards)} cards; the deck has {len(deck)}")
    found: dict[str, Card] = {}
    for card in cards:
        if not isinstance(card, str) or card not in deck:
            close = did_you_mean(card, deck) if isinstance(card, str) else None
            hint = close or "card ids look like '01-bright-crane'"
            raise InputError(
                f"{shown(card)} is not a card of the {rs.id} deck: {hint} (`yakuset cards {rs.id}` lists them)"
            )
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


def _compiled(rs: RuleSet) -> tuple[str, Tables]:
    rules = getattr(rs, "rules", None)
    if type(rules) is not KoikoiRules:
        rules = rules_of(rs)  # it names what is not a Koi-Koi rule set
    found = rules.caches.tables
    return rs.id, found if found is not None else tables(rules)


def _weights(
    rs: RuleSet, tables: Tables, captured: Any, month: Any, own_calls: Any
) -> tuple[Month, Sequence[str], int, int]:
    """The round month's table, the cards, the sum of their weights and the calls, or
    :class:`yakuset.InputError` naming the first wrong argument, as :func:`check_cards` would."""
    if (
        (type(captured) is list or type(captured) is tuple)
        and len(captured) <= tables.size
        and (month is None or type(month) is int)
        and type(own_calls) is int
        and 0 <= own_calls <= MAX_COUNT
    ):
        table = tables.months.get(month)
        if table is not None:
            try:
                total = sum(map(table.weights.__getitem__, captured))
            except (KeyError, TypeError):
                pass
            else:
                if (total >> tables.own).bit_count() == len(captured):  # no card twice: no own bit carried
                    return table, captured, total, own_calls
    # Something is off, or of a type the quick test does not know (a Sequence other than a list):
    # the checks say what, in the order yaku() has always checked.
    cards = [card.id for card in check_cards(rs, captured, "captured")]
    if month is not None:
        month = check_month(tables.rules, month)
    own_calls = whole_number("own_calls", own_calls)
    table = tables.months[month]
    return table, cards, sum(map(table.weights.__getitem__, cards)), own_calls


def yaku(
    rs: RuleSet,
    captured: Sequence[str],
    month: int | None = None,
    own_calls: int = 0,
    *,
    field: Sequence[str] | None = None,
) -> Hand:
    """The yaku and base points of a player's captured cards under ``rs``.

    ``month`` is the round's month (one of the deck's months, 1-12), needed by month-set yaku;
    ``own_calls`` the player's Koi-Koi calls this round (some rule sets' yaku are worth more
    after a call); ``field`` the face-up cards, for a rule set whose weather looks at the field
    (``yaku_rules.weather``: rain, fog; without it only the weather of the pile itself counts).
    Raises :class:`yakuset.InputError` naming an unknown or repeated card.
    """
    ruleset, tables = _compiled(rs)
    table, cards, total, own_calls = _weights(rs, tables, captured, month, own_calls)
    if field is not None:
        field = [card.id for card in check_cards(rs, field, "the field")]
    return tables.hand(ruleset, table, cards, total, own_calls, field)


def pile(rs: RuleSet, captured: Sequence[str] = (), month: int | None = None, own_calls: int = 0) -> Pile:
    """A player's captured cards as a :class:`Pile` that takes one card at a time.

    ``pile(rs, captured, month, own_calls).hand`` is ``yaku(rs, captured, month, own_calls)``;
    ``.add(card)`` returns the pile with one more card without going over the others again;
    ``.hand_on(field)`` is ``yaku(..., field=field)``.
    Raises :class:`yakuset.InputError` as :func:`yaku` does.
    """
    ruleset, tables = _compiled(rs)
    table, cards, total, own_calls = _weights(rs, tables, captured, month, own_calls)
    return Pile._of(tables, ruleset, month, own_calls, table, tuple(cards), total)


class Pile:
    """A player's captured cards, read-only: ``add`` returns a new pile with one more card.

    ``base`` is the pile's base points and ``hand`` its :class:`Hand`, both as :func:`yaku`
    gives them; ``cards`` are the card ids in the order captured. Made by :func:`pile`.
    """

    __slots__ = ("_base", "_cards", "_month", "_own_calls", "_ruleset", "_table", "_tables", "_total")

    _tables: Tables
    _ruleset: str
    _month: int | None
    _own_calls: int
    _table: Month
    _cards: tuple[str, ...]
    _total: int
    _base: int | None

    def __init__(self) -> None:
        raise TypeError("a Pile is made by yakuset.koikoi.pile, not directly")

    @classmethod
    def _of(
        cls,
        tables: Tables,
        ruleset: str,
        month: int | None,
        own_calls: int,
        table: Month,
        cards: tuple[str, ...],
        total: int,
    ) -> Pile:
        made = object.__new__(cls)
        made._tables, made._ruleset, made._month, made._own_calls = tables, ruleset, month, own_calls
        made._table, made._cards, made._total, made._base = table, cards, total, None
        return made

    def add(self, card: str) -> Pile:
        """This pile with ``card`` captured too; :class:`yakuset.InputError` for an unknown card
        or one the pile holds already."""
        try:
            weight = self._table.weights[card]
        except (KeyError, TypeError):
            raise InputError(
                f"{card!r} is not a card of the {self._ruleset} deck (card ids look like '01-bright-crane')"
            ) from None
        if (self._total & weight) >> self._tables.own:
            raise InputError(f"card {card!r} appears twice in captured")
        made = object.__new__(Pile)
        made._tables, made._ruleset, made._month, made._own_calls = (
            self._tables,
            self._ruleset,
            self._month,
            self._own_calls,
        )
        made._table, made._cards, made._total, made._base = (
            self._table,
            (*self._cards, card),
            self._total + weight,
            None,
        )
        return made

    @property
    def base(self) -> int:
        """The base points: the sum of the counted yaku's points."""
        base = self._base
        if base is None:
            tables = self._tables
            off = tables.cancelled(self._total, None) if tables.weather else 0
            base = self._base = tables.best(self._total, self._own_calls, off)[1].base
        return base

    @property
    def hand(self) -> Hand:
        """The yaku, base points and steps, equal to what :func:`yaku` gives for these cards."""
        return self._tables.hand(self._ruleset, self._table, self._cards, self._total, self._own_calls)

    def base_on(self, field: Sequence[str]) -> int:
        """The base points with ``field`` face up (the same as :attr:`base` unless the rule set's
        weather looks at the field). The field's cards are not checked."""
        tables = self._tables
        if not tables.weather:
            return self.base
        return tables.best(self._total, self._own_calls, tables.cancelled(self._total, field))[1].base

    def hand_on(self, field: Sequence[str]) -> Hand:
        """The :class:`Hand` with ``field`` face up, as :func:`yaku` with ``field`` gives it."""
        return self._tables.hand(self._ruleset, self._table, self._cards, self._total, self._own_calls, field)

    @property
    def cards(self) -> tuple[str, ...]:
        """The card ids, in the order captured."""
        return self._cards

    @property
    def month(self) -> int | None:
        """The round's month, or None."""
        return self._month

    @property
    def own_calls(self) -> int:
        """The player's Koi-Koi calls this round."""
        return self._own_calls

    @property
    def ruleset(self) -> str:
        """The rule set's id."""
        return self._ruleset

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"<Pile {self._ruleset} month={self._month} own_calls={self._own_calls} cards={list(self._cards)}>"
