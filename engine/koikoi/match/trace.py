"""What a :class:`yakuset.koikoi.Table` records of a match (``Table.log``): one small typed
record per deal, move and referee answer, written out as text only when the trace is read
(``Table.trace``).

A record's :meth:`lines` are its lines of the trace; a match replayed from its seed with the
same moves records the same entries and so has the same text. A move's record says what the
move did to the field: the card played (or chosen for), what it captured (``()``: laid on the
field; ``None``: the player chooses next), then the stock's card turned and what it captured.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, TypeAlias

from ..kinds import MoveKind

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .events import Event


class Started(NamedTuple):
    """The match's start: the rule set, the players, the seed, the cards drawn for the first
    deal (``((player, card), (player, card))``, or ``()`` when the dealer is chosen at random or
    named) and the first dealer."""

    ruleset: str
    players: tuple[str, str]
    seed: int
    drawn: tuple[tuple[str, str], ...]
    first_dealer: str

    def lines(self) -> list[str]:
        head = f"{self.ruleset}: {' and '.join(self.players)}, seed {self.seed}"
        if self.drawn:
            head += "; draw for the deal: " + ", ".join(f"{p} {c}" for p, c in self.drawn)
        return [f"{head}; {self.first_dealer} deals first"]


class RoundStarted(NamedTuple):
    """A round begins: its number (from 1), its month and its dealer."""

    number: int
    month: int
    dealer: str

    def lines(self) -> list[str]:
        return [f"round {self.number}, month {self.month}: {self.dealer} deals"]


class Dealt(NamedTuple):
    """A deal: the dealer's hand, the other player's hand, the face-up field."""

    dealer: str
    dealer_hand: tuple[str, ...]
    other: str
    other_hand: tuple[str, ...]
    field: tuple[str, ...]

    def lines(self) -> list[str]:
        hands = f"{self.dealer} {' '.join(self.dealer_hand)} | {self.other} {' '.join(self.other_hand)}"
        return [f"  deal: {hands} | field {' '.join(self.field)}"]


class FieldFour(NamedTuple):
    """``match.field_four: dealer_captures``: the dealer took the four cards of a month from the
    field and ``fresh`` were dealt to the field in their place."""

    dealer: str
    captured: tuple[str, ...]
    fresh: tuple[str, ...]

    def lines(self) -> list[str]:
        return [f"  {self.dealer} captures {' '.join(self.captured)}; the field gets {' '.join(self.fresh)}"]


class Played(NamedTuple):
    """``player`` played ``card`` from their hand; it captured ``took`` (``()``: laid on the
    field; ``None``: two field cards match and :class:`Chose` follows); then the stock turned
    ``turned`` (``None``: not yet), which captured ``turned_took`` (likewise)."""

    player: str
    card: str
    took: tuple[str, ...] | None
    turned: str | None
    turned_took: tuple[str, ...] | None

    def lines(self) -> list[str]:
        return [f"{self.player} plays {self.card}", *_met(self.card, self.took, self.turned, self.turned_took)]


class Chose(NamedTuple):
    """``player`` chose the field card ``target`` for ``card`` (played or turned) to capture;
    then, if ``card`` was the played one, the stock turned ``turned``, which captured
    ``turned_took`` (as in :class:`Played`)."""

    player: str
    card: str
    target: str
    turned: str | None
    turned_took: tuple[str, ...] | None

    def lines(self) -> list[str]:
        chose = f"  {self.player} chooses: {self.card} takes {self.target}"
        return [chose, *_met(None, None, self.turned, self.turned_took)]


class Answered(NamedTuple):
    """``player`` answered an offer: ``koikoi`` or ``shobu``."""

    player: str
    choice: MoveKind

    def lines(self) -> list[str]:
        return [f"{self.player}: {self.choice}"]


class Refereed(NamedTuple):
    """The referee's answer to a deal, a turn or an answer."""

    event: Event

    def lines(self) -> list[str]:
        event = self.event
        text = str(event.kind)
        if event.player:
            text += f" {event.player}"
        if event.hand is not None and event.hand.base:
            text += f" base {event.hand.base} ({', '.join(f'{y.id} {y.points}' for y in event.hand.yaku)})"
        if event.ends_round:
            text += f"; {event.winner or 'nobody'} scores {event.points}; {event.next_dealer} deals next"
        return [f"  -> {text}"]


class Finished(NamedTuple):
    """The match is over: each player's total after the match-end plugins, and the winner
    (``None`` for a tie)."""

    totals: tuple[tuple[str, int], ...]
    winner: str | None

    def lines(self) -> list[str]:
        shown = ", ".join(f"{p} {n}" for p, n in self.totals)
        return [f"match over: {shown}; {'a tie' if self.winner is None else f'{self.winner} wins'}"]


#: One entry of a table's log.
Entry: TypeAlias = Started | RoundStarted | Dealt | FieldFour | Played | Chose | Answered | Refereed | Finished


def _met(
    card: str | None, took: tuple[str, ...] | None, turned: str | None, turned_took: tuple[str, ...] | None
) -> list[str]:
    """The lines of a card that met the field (``took`` as in :class:`Played`), then of the stock's turned card."""
    lines = []
    if card is not None and took is not None:
        lines.append(_took(card, took))
    if turned is not None:
        lines.append(f"  the stock turns {turned}")
        if turned_took is not None:
            lines.append(_took(turned, turned_took))
    return lines


def _took(card: str, took: tuple[str, ...]) -> str:
    return f"  {card} takes {' '.join(took)}" if took else f"  {card} is laid on the field"


def text(entries: Iterable[Entry]) -> str:
    """The trace of ``entries``: their lines, each ending with a newline."""
    return "".join(line + "\n" for entry in entries for line in entry.lines())
