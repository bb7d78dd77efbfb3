"""What one player sees at a Koi-Koi table: :class:`View`, what a bot is given."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING

from ..kinds import Decision
from ..scoring.counting import tables
from . import table_fast

if TYPE_CHECKING:
    from ..rules.compiled import KoikoiRules
    from .referee import Round, _PlayerState
    from .table_core import TableCore

_PLAY = Decision.PLAY  # read at every play of a bot: a module's name, not the enum's member (``match.referee``)
_CARD = attrgetter("card")


class View:
    """What one player sees at a :class:`Table` (``table.view(player)``): what a bot is given.

    A view is read-only and live: it reads its table each time it is asked, so one view serves
    a whole match. It shows the player's own hand, the field, both players' captured cards,
    bases and calls, the match points and how many cards the stock holds; never the
    opponent's hand or the stock's order.
    """

    __slots__ = ("_other", "_table", "player", "seat")

    def __init__(self, table: TableCore, player: str) -> None:
        self._table = table
        self.player = player
        self.seat = table.players.index(player)  # 0 or 1: the player's place in ``table.players``
        self._other = table.players[1 - self.seat]

    def _pile(self, player: str) -> _PlayerState:
        return self._round._state[player]

    @property
    def _round(self) -> Round:
        return self._table._round

    @property
    def rules(self) -> KoikoiRules:
        """The rule set's compiled rules (``yakuset.koikoi.rules_of``)."""
        return self._table.rules

    @property
    def month(self) -> int:
        """The round's month."""
        return self._round.month

    @property
    def round_number(self) -> int:
        """The round's number in the match, from 0."""
        return len(self._table._match.rounds) - 1

    @property
    def is_dealer(self) -> bool:
        return self._round.dealer == self.player

    @property
    def hand(self) -> tuple[str, ...]:
        """This player's hand, in the order dealt."""
        return tuple(self._table._hands[self.player][0])

    @property
    def playable(self) -> tuple[str, ...]:
        """The hand cards this player may play (now, or when it is their turn to play): the
        whole hand, or with ``match.must_capture`` only the cards that capture when one does."""
        table = self._table
        if table._pending is not _PLAY or table._to_move != self.player:  # what the rules would allow
            return tuple(map(_CARD, table._book.legal(table._situation(self.player))))
        if table._plain_play:  # every card of the hand (read at every play of a bot)
            return tuple(table._hand_to_play[0])
        return tuple(map(_CARD, table_fast.legal_now(table)))

    @property
    def field(self) -> tuple[str, ...]:
        """The face-up cards, in the order they came (as ``Table.field``)."""
        return tuple(self._table._field)

    @property
    def stock_left(self) -> int:
        """How many cards the stock holds."""
        return len(self._table._stock)

    @property
    def captured(self) -> tuple[str, ...]:
        """This player's captured cards, those of a turn in progress included."""
        return self._table.captured(self.player)

    @property
    def opponent_captured(self) -> tuple[str, ...]:
        return self._table.captured(self._other)

    @property
    def base(self) -> int:
        """This player's base points after their last turn (their calls counted); before their
        first turn, the base of what they hold (a dealer who captured a misdealt month)."""
        return self._base(self.player)

    @property
    def opponent_base(self) -> int:
        return self._base(self._other)

    def _base(self, player: str) -> int:
        rnd = self._table._round
        pile = rnd._state[player]
        if pile.turns or not pile.captured:
            return pile.base
        tables = rnd._tables
        off = tables.cancelled(pile.total, self._table._field) if tables.weather else 0
        return tables.best(pile.total, pile.calls, off)[1].base

    @property
    def calls(self) -> int:
        """This player's Koi-Koi calls this round."""
        return self._pile(self.player).calls

    @property
    def opponent_calls(self) -> int:
        return self._pile(self._other).calls

    @property
    def turns_left(self) -> int:
        """This player's turns left in the round, the current one included."""
        return self._table.rules.hand_cards - self._pile(self.player).turns

    @property
    def match_points(self) -> int:
        """This player's match points before this round (before the match-end plugins)."""
        return self._table._match.totals[self.player]

    @property
    def opponent_match_points(self) -> int:
        return self._table._match.totals[self._other]

    def month_of(self, card: str) -> int:
        """The month of a card of the deck."""
        return tables(self.rules).month_of[card]

    def matches(self, card: str) -> tuple[str, ...]:
        """The field cards of ``card``'s month (those it would capture, or choose between)."""
        table = self._table
        return tuple(table._matching[card])

    def base_with(self, cards: Sequence[str], opponent: bool = False) -> int:
        """The base this player (or, with ``opponent``, the other) would have after capturing
        ``cards`` too (cards not yet captured by either), with their calls so far; the weather
        is not counted."""
        rnd = self._table._round
        pile = rnd._state[self._other if opponent else self.player]
        weights = rnd._weights
        total = pile.total
        for card in cards:
            total += weights[card]
        if rnd._one_way:
            return rnd._tables.plan(0, total, pile.calls).base
        return rnd._tables.best(total, pile.calls)[1].base
