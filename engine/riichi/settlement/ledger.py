"""A settled hand (:class:`Settlement`) and the ledger that makes it: each transfer and each note,
kept as a label and its arguments, worded only when the steps are read, with the seats as
``seat N`` or as the players' names (:meth:`SettlementSteps.named`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from ..._core.results import Step, Steps
from ..._core.values_fast import from_fields
from ..scoring.score import Score
from .state import State

#: How a seat is worded in a step: ``seat 2``, or a player's name.
Wording = Callable[[int], str]


def seat_word(seat: int) -> str:
    """``seat N``: how a step names a seat when the players have no names."""
    return f"seat {seat}"


class Label:
    """A step's words: a ``str.format`` template of its arguments, some of which are seats: a
    seat at each of the positions ``seats``, a tuple of seats (worded ``A and B``) at each of
    ``groups``."""

    __slots__ = ("groups", "plain", "seats", "text")

    def __init__(self, text: str, seats: tuple[int, ...] = (), groups: tuple[int, ...] = ()) -> None:
        self.text = text
        self.seats = seats
        self.groups = groups
        # The template with each seat worded "seat N": what the steps say unless named.
        slots = [("seat {}" if i in seats else "{}") for i in range(text.count("{}"))]
        self.plain = None if groups else text.format(*slots)

    def words(self, args: Sequence[Any], who: Wording | None) -> str:
        """The label of ``args``, each seat worded by ``who`` (``None``: ``seat N``)."""
        plain = self.plain
        if who is None and plain is not None:
            return plain.format(*args)
        word = who or seat_word
        worded = list(args)
        for i in self.seats:
            worded[i] = word(worded[i])
        for i in self.groups:
            worded[i] = " and ".join(map(word, worded[i]))
        return self.text.format(*worded)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Label, (self.text, self.seats, self.groups))


# A note: (step id, amount, label, its arguments, payer, payee); payer and payee are -1 for a
# note that is no payment.
Note = tuple[str, int, Label, tuple[Any, ...], int, int]


def _describe(result: Score) -> str:
    if result.han is None:
        return f"{result.yakuman}x yakuman"
    level = f", {result.yakuman}x yakuman" if result.yakuman else (f", {result.limit}" if result.limit else "")
    return f"{result.han} han {result.fu} fu{level}"


def ledger_steps(notes: list[Note], who: Wording | None) -> Iterator[Step]:
    """The steps of a hand's notes, its seats worded by ``who``."""
    for ident, amount, label, args, payer, payee in notes:
        shown = [_describe(a) if isinstance(a, Score) else a for a in args]
        plain = label.plain
        words = plain.format(*shown) if who is None and plain is not None else label.words(shown, who)
        if payer < 0:
            pass
        elif who is None:
            words = f"seat {payer} pays seat {payee} {amount} ({words})"
        else:
            words = f"{who(payer)} pays {who(payee)} {amount} ({words})"
        yield Step(ident, words, amount, "add")


class SettlementSteps(Steps):
    """A settlement's steps (built when first read), which can also be worded with the players'
    names (:meth:`named`)."""

    __slots__ = ()

    def named(self, names: Sequence[str]) -> tuple[Step, ...]:
        """The same steps with each seat worded as its player's name (``names`` by seat)."""
        return tuple(ledger_steps(self._args[0], names.__getitem__))

    def paid(self, seat: int, idents: Sequence[str]) -> int:
        """What ``seat`` was paid by the steps whose id is one of ``idents`` (``("ron",
        "tsumo", "pao")``: a winner's hand value, with neither honba nor sticks)."""
        return sum(amount for ident, amount, _, _, _, payee in self._args[0] if payee == seat and ident in idents)

    def __reduce__(self) -> tuple[Any, ...]:
        return (SettlementSteps, (ledger_steps, *self._args))


class Settlement(NamedTuple):
    """One settled hand: ``transfers`` (each seat's net change, riichi deposits and sticks
    taken included), the next ``state``, the seats paid as ``winners``, and ``steps`` explaining
    every transfer and each change of the state, in order (:class:`yakuset.Steps`, built on first
    read). ``sum(transfers)`` is minus the sticks put on the table this hand plus the sticks
    taken from it, times the stick's value. A value: two are equal (and hash alike) when their
    fields are, steps included."""

    kind: str
    transfers: tuple[int, ...]
    state: State
    winners: tuple[int, ...]
    steps: SettlementSteps

    def as_dict(self) -> dict[str, Any]:
        """``{"kind", "transfers", "winners", "state", "steps"}``."""
        return {
            "kind": self.kind,
            "transfers": list(self.transfers),
            "winners": list(self.winners),
            "state": self.state.as_dict(),
            "steps": [s.as_dict() for s in self.steps],
        }

    def __repr__(self) -> str:
        return f"Settlement(kind={self.kind!r}, transfers={list(self.transfers)}, state={self.state!r})"


_new_settlement = from_fields(Settlement)


class Ledger:
    """The transfers of one hand and the notes that explain them (worded only if read)."""

    __slots__ = ("delta", "notes")

    def __init__(self, seats: int) -> None:
        self.delta = [0] * seats
        self.notes: list[Note] = []

    def pay(self, ident: str, payer: int, payee: int, amount: int, why: Label, *args: Any) -> None:
        """``payer`` pays ``payee``; ``why`` words ``args`` (a Score among them reads as its han
        and fu)."""
        if amount:
            self.delta[payer] -= amount
            self.delta[payee] += amount
            self.notes.append((ident, amount, why, args, payer, payee))

    def note(self, ident: str, amount: int, label: Label, *args: Any) -> None:
        """A step that is no payment: ``label`` words ``args``."""
        self.notes.append((ident, amount, label, args, -1, -1))

    def settled(self, kind: str, state: State, winners: tuple[int, ...]) -> Settlement:
        """The hand settled: its transfers, the next ``state``, its ``winners`` and its steps."""
        return _new_settlement(
            (kind, tuple(self.delta), state, winners, SettlementSteps(ledger_steps, self.notes, None))
        )
