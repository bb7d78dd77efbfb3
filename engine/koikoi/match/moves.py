"""A move at a Koi-Koi table (:class:`Move`) and its refusal (:class:`IllegalMove`).

A move names its kind (a :class:`~yakuset.koikoi.kinds.MoveKind`), the card and the target.
One made by hand may give the kind as its word (``Move("play", card)``): the table reads a move
once, where it is played, into the typed move of its legal moves (:func:`parse_move` says why a
value is no move at all), and ``legal_moves`` lists typed moves only, each made once per card
(:func:`play_move`, :func:`choice_move`).
"""

from __future__ import annotations

from typing import NamedTuple

from ..._core.arguments import shown
from ..._core.errors import IllegalMove as _CoreIllegalMove
from ..kinds import MoveKind
from .events import RefereeError


class IllegalMove(RefereeError, _CoreIllegalMove):
    """A move the pending decision does not allow; the table is unchanged.

    ``rule`` names the table rule that refuses it (``yakuset.koikoi.match.table_rules``: its
    ids are stable), ``key`` the rule-set key that sets that rule (``match.must_capture``) or
    ``None``, ``move`` the move (typed when it could be read as one), ``seat`` the player to
    move (``None`` once the match is over) and ``reason`` the refusal in words (``str()``).
    Both a :class:`yakuset.koikoi.RefereeError` and a :class:`yakuset.IllegalMove`.
    """


class Move(NamedTuple):
    """One move: ``Move("play", card)``, ``Move("choose", card, target)``, ``Move("koikoi")`` or
    ``Move("shobu")``. ``card`` in ``choose`` is the card played or turned from the stock;
    ``target`` the field card it captures."""

    # A move made by hand may give its kind as the word; the table reads it as the MoveKind.
    kind: MoveKind | str
    card: str | None = None
    target: str | None = None

    def __str__(self) -> str:
        if self.kind == MoveKind.PLAY:
            return f"play {self.card}"
        if self.kind == MoveKind.CHOOSE:
            return f"{self.card} takes {self.target}"
        return str(self.kind)


KOIKOI = Move(MoveKind.KOIKOI)
SHOBU = Move(MoveKind.SHOBU)


class _Plays(dict[str, Move]):
    """``Move("play", card)`` made once per card."""

    def __missing__(self, card: str) -> Move:
        move = self[card] = Move(MoveKind.PLAY, card)
        return move


class _Choices(dict[tuple[str, str], Move]):
    """``Move("choose", card, target)`` made once per pair."""

    def __missing__(self, key: tuple[str, str]) -> Move:
        move = self[key] = Move(MoveKind.CHOOSE, *key)
        return move


_PLAYS = _Plays()
_CHOICES = _Choices()
#: The typed move of each card: a hand's moves are read from it at each deal.
plays = _PLAYS.__getitem__


def play_move(card: str) -> Move:
    """``Move("play", card)``, made once per card of a deck (a value that is no card id: a
    move of its own, which the table refuses)."""
    try:
        found = _PLAYS.get(card)
    except TypeError:  # not a card id at all: the table refuses it
        found = None
    return Move(MoveKind.PLAY, card) if found is None else found


def choice_move(card: str, target: str) -> Move:
    """``Move("choose", card, target)``, made once per pair of cards."""
    return _CHOICES[card, target]


def parse_move(value: object, seat: str | None = None) -> Move:
    """``value`` as a typed move (its kind a :class:`~yakuset.koikoi.kinds.MoveKind`, its card
    and target card ids or ``None``), or :class:`IllegalMove` (rule ``malformed``, ``seat`` the
    player to move) saying why it is none. Whether the move is legal now is the table rules' to
    say."""
    if not isinstance(value, Move):
        reason = f"a move is a yakuset.koikoi.Move (kind, card, target), got {shown(value)}"
        raise IllegalMove(MALFORMED, reason, move=value, seat=seat)
    kind, card, target = value
    try:
        typed = MoveKind(kind)
    except (ValueError, TypeError):
        reason = f"a move's kind is one of {', '.join(MoveKind)}, got {shown(kind)}"
        raise IllegalMove(MALFORMED, reason, move=value, seat=seat) from None
    for part in (card, target):
        if part is not None and not isinstance(part, str):
            reason = f"a move's card and target are card ids or None, got {shown(part)}"
            raise IllegalMove(MALFORMED, reason, move=value, seat=seat)
    return Move(typed, card, target)


#: The rule of a value that is no move at all (:func:`parse_move`).
MALFORMED = "malformed"
