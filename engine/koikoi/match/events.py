"""What the Koi-Koi referee answers (:class:`Event`), what it refuses (:class:`RefereeError`),
and the check of a match's two players that the referee and the table share."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..._core.arguments import shown
from ..._core.errors import InputError
from ..kinds import EventKind
from ..results import Award, FixedAward, Hand


class RefereeError(InputError):
    """An event that cannot happen in the round's current state."""


class Event(NamedTuple):
    """The referee's answer to one reported event.

    ``kind`` (an :class:`~yakuset.koikoi.kinds.EventKind`) says what happened and which fields
    the event carries: ``dealt``, ``redeal``, ``lucky_hand``, ``field_four`` (the dealer wins a
    misdealt field, ``match.field_four: dealer_wins``), ``draw``, ``continue``, ``offer`` (the
    player must answer Koi-Koi or Shobu), ``koikoi``, ``shobu``, ``automatic_shobu``,
    ``exhaustive_draw`` (with a winner when a plugin or ``calls.on_exhaustive_draw: score``
    pays someone). ``hand`` is the player's yaku after a turn (``None`` in a
    :class:`yakuset.koikoi.Table`'s ``continue``); ``award`` and ``points`` are set when the
    round is scored; ``next_dealer`` when it is over (a kind whose ``ends_round`` is true).
    ``message`` is the referee's sentence about it. :meth:`as_dict` is its JSON.
    """

    # One shape for every kind, its kind an enum: the kinds share their fields (a player, a
    # hand, the scoring of a round's end), every reader asks the same ones of any event, and a
    # NamedTuple is what a match makes some forty of cheaply.
    kind: EventKind
    player: str | None = None
    message: str = ""
    hand: Hand | None = None
    award: Award | FixedAward | None = None
    points: int = 0
    winner: str | None = None
    next_dealer: str | None = None

    @property
    def ends_round(self) -> bool:
        return self.next_dealer is not None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.kind, "player": self.player, "message": self.message}
        if self.hand is not None:
            out["base"] = self.hand.base
            out["yaku"] = [{"id": y.id, "points": y.points} for y in self.hand.yaku]
        if self.award is not None:
            out["award"] = self.award.as_dict()
        if self.ends_round:
            out.update(points=self.points, winner=self.winner, next_dealer=self.next_dealer)
        return out


def shared_events(players: tuple[str, str]) -> dict[object, Event]:
    """The events every round of a match may share (events are immutable): each player's quiet
    ``continue`` by the player's name, made here, and each plain deal's ``dealt`` by (dealer,
    month), made by its first round."""
    first, second = players
    return {first: Event(EventKind.CONTINUE, first), second: Event(EventKind.CONTINUE, second)}


def check_players(players: object, dealer: object) -> tuple[str, str]:
    """The two players (as a tuple) if they and the dealer are right, else :class:`yakuset.InputError`."""
    if not isinstance(players, list | tuple) or isinstance(players, str):
        raise InputError(f"Koi-Koi needs a list of two players, got {shown(players)}")
    names = tuple(players)
    # Both names checked in one expression, not by a generator: a table checks them twice a match.
    if len(names) != 2 or not (
        type(names[0]) is type(names[1]) is str and names[0] and names[1] and names[0] != names[1]
    ):
        raise InputError(f"Koi-Koi needs two players with different names, got {shown(list(names))}")
    if type(dealer) is not str or dealer not in names:
        raise InputError(f"the dealer {shown(dealer)} is not one of the players {list(names)!r}")
    return names[0], names[1]
