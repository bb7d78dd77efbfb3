"""A table rule as one object (:class:`TableRule`), and the rules of one kind of move
(:class:`KindRules`) and of one kind of decision (:class:`Decision`), from which the legal moves,
the acceptance of a move and its refusal all come.

A rule says when it is in force (``when``), what it then allows (``allows``: a move, or nothing
of its kinds) and why it refuses (``says``). A kind of move lists its moves from what the hand's
tiles make (its ``source``), keeps those every rule in force allows, and refuses a move with the
first of its rules that does not allow it, in the order the rules are written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..._core.errors import IllegalMove
from ..kinds import MoveKind
from .moves import Move

if TYPE_CHECKING:
    from .hand import Hand

When = Callable[["Hand", int], bool]
Allows = Callable[["Hand", int, "Move"], bool]
Says = Callable[["Hand", int, "Move"], str]
Source = Callable[["Hand", int], list["Move"]]


@dataclass(frozen=True, slots=True, eq=False)
class TableRule:
    """One rule of the table.

    - ``id``: its stable name (the ``rule`` of its :class:`yakuset.IllegalMove`), ``key`` the
      rule-set key that sets it (``None`` for a rule of the game itself);
    - ``when``: whether it is in force for the seat deciding now (``None``: always);
    - ``allows``: the moves it allows while in force (``None``: none of its kinds);
    - ``says``: its refusal in words, after ``head:`` (the move's kind, or ``head``), and
      ``(key)`` when it ``cites`` its key;
    - ``by_source``: the kinds' sources list only moves it allows (their listing does not ask
      it again; a refusal does);
    - ``static``: whether it is in force is the rule set's alone (``when`` reads ``hand.rules``
      only): listing asks it once a hand.
    """

    id: str
    key: str | None
    says: Says
    when: When | None = None
    allows: Allows | None = None
    head: str | None = None
    cites: bool = False
    by_source: bool = False
    static: bool = False

    def refuses(self, hand: Hand, seat: int, move: Move) -> bool:
        """Whether the rule refuses ``move`` of ``seat`` now."""
        if self.when is not None and not self.when(hand, seat):
            return False
        return self.allows is None or not self.allows(hand, seat, move)

    def reason(self, hand: Hand, seat: int, move: Move) -> str:
        """The refusal of ``move`` in words."""
        cited = f" ({self.key})" if self.cites else ""
        return f"{self.head or move.kind}: {self.says(hand, seat, move)}{cited}"

    def refusal(self, hand: Hand, seat: int, move: Move) -> IllegalMove:
        """The refusal of ``move`` of ``seat`` (``-1`` once no seat is to move)."""
        return IllegalMove(
            self.id, self.reason(hand, seat, move), move=move, seat=seat if seat >= 0 else None, key=self.key
        )

    def named(self, move: Move) -> str:
        """The rule as a log's replay names it: its key where its refusal cites it, else the word
        its refusal starts with."""
        if self.cites and self.key is not None:
            return self.key
        return self.head or str(move.kind)


class KindRules:
    """The rules of one ``kind`` of move, in the order a refusal names them, and its ``source``:
    the moves of the kind the hand's tiles make for a seat, in the order they are listed.

    Listing asks first the rules that refuse every move of the kind while in force (in their
    order), then the source, then the rules that keep some of its moves. ``source_after`` names
    the only rules asked before the source when it costs less than the others (``()``: the
    source first); ``ready``, a cheap condition without which the source lists nothing, is asked
    before all. The moves listed are the same either way."""

    __slots__ = ("kind", "source", "rules", "_asked", "_before", "_ready", "_early", "_gates", "_narrowing")

    def __init__(
        self,
        kind: MoveKind,
        source: Source,
        rules: Sequence[TableRule],
        source_after: Sequence[TableRule] | None = None,
        ready: When | None = None,
    ) -> None:
        self.kind, self.source, self.rules = kind, source, tuple(rules)
        self._asked = tuple((rule, rule.when, rule.allows) for rule in self.rules)
        self._before = None if source_after is None else tuple(source_after)
        self._ready = ready
        self._listing(self.rules)

    def _listing(self, rules: Sequence[TableRule]) -> None:
        """What listing asks (of ``rules``): the rules before the source, those after it that
        refuse every move, then each rule that keeps some moves (not those the source lists
        only moves they allow)."""
        gates = [rule for rule in rules if rule.allows is None]
        before = gates if self._before is None else [rule for rule in gates if rule in self._before]
        self._early = tuple(rule.when or _always for rule in before)
        self._gates = tuple(rule.when or _always for rule in gates if rule not in before)
        self._narrowing = tuple(
            (rule.when or _always, rule.allows) for rule in rules if rule.allows is not None and not rule.by_source
        )

    def under(self, hand: Hand) -> KindRules | None:
        """The kind as the hand's rule set has it: ``None`` when a rule of the rule set alone
        refuses all its moves, else its rules less those the rule set leaves out of force."""
        static = [rule for rule in self.rules if rule.static]
        if not static:
            return self
        if any(rule.allows is None and rule.refuses(hand, -1, _NO_MOVE) for rule in static):
            return None
        planned = KindRules(self.kind, self.source, self.rules, self._before, self._ready)
        planned._listing([rule for rule in self.rules if not rule.static or rule.when is None or rule.when(hand, -1)])
        return planned

    def listed(self, hand: Hand, seat: int) -> list[Move]:
        """The legal moves of the kind for ``seat`` now."""
        if self._ready is not None and not self._ready(hand, seat):
            return []
        for when in self._early:
            if when(hand, seat):
                return []
        moves = self.source(hand, seat)
        if not moves:
            return moves
        for when in self._gates:
            if when(hand, seat):
                return []
        for when, allows in self._narrowing:
            if moves and when(hand, seat):
                moves = [move for move in moves if allows(hand, seat, move)]
        return moves

    def refusing(self, hand: Hand, seat: int, move: Move) -> TableRule | None:
        """The first rule that refuses ``move`` (of this kind) of ``seat`` now, or ``None``
        (:meth:`TableRule.refuses` of each, in order)."""
        for rule, when, allows in self._asked:
            if (when is None or when(hand, seat)) and (allows is None or not allows(hand, seat, move)):
                return rule
        return None


def _always(hand: Hand, seat: int) -> bool:
    return True


#: What a rule of the rule set alone is asked about: no move in particular.
_NO_MOVE = Move(MoveKind.PASS)


class Decision:
    """A kind of decision (a turn, an answer to an offer, none once the game is over): the rules
    of each kind of move, and the kinds whose moves it may list, in :class:`MoveKind` order."""

    __slots__ = ("name", "kinds", "listing")

    def __init__(self, name: str, kinds: dict[str, KindRules]) -> None:
        self.name, self.kinds = name, kinds
        self.listing = tuple(kinds[kind] for kind in MoveKind if kinds[kind].source is not _nothing)

    def listed(self, hand: Hand, seat: int) -> list[Move]:
        """Every legal move of ``seat`` now, ordered by kind, then as each kind lists them."""
        listing = hand.plans.get(self.name)
        if listing is None:
            planned = (kind.under(hand) for kind in self.listing)
            listing = hand.plans[self.name] = tuple(kind for kind in planned if kind is not None)
        moves: list[Move] = []
        for kind in listing:
            found = kind.listed(hand, seat)
            if found:
                moves += found
        return moves


def kind_of(move: Move) -> int:
    """The tile kind (0-33) of the tile a move names (a move of a kind that names one)."""
    assert move.tile is not None
    return move.tile >> 2


def refused_alone(kind: MoveKind, rule: TableRule) -> KindRules:
    """The rules of ``kind`` when ``rule`` alone refuses its every move (a kind of move the
    decision has not)."""
    return KindRules(kind, _nothing, (rule,))


def _nothing(hand: Hand, seat: int) -> list[Move]:
    return []
