"""The rules of a Koi-Koi table, each written once: what a decision allows and why a move is refused.

A rule is one :class:`TableRule`: its id (stable: an :class:`~yakuset.koikoi.IllegalMove`'s
``rule``), the rule-set key that turns it on (``match.must_capture``) or ``None`` for a rule of
the game itself, the decision it governs (:class:`~yakuset.koikoi.kinds.Decision`; ``None``:
once the match is over), what it allows and its refusal in words. What it allows is said one of
two ways: the values each of a move's fields may take (``kind``, ``card``, ``target``), or, for a
rule about the moves together (a player who can capture must), which of the moves the others
allow it keeps.

From these alone come a decision's legal moves (:meth:`RuleBook.legal`: every combination of
the values the field rules allow, then each narrowing rule in turn) and the refusal of any other
move (:meth:`RuleBook.refusal`: the first rule, in :data:`RULES`' order, whose values or
narrowing leave the move out). A rule set's table follows the rules it turns on
(:func:`rule_book`). The table keeps each decision's legal moves as it goes, made the quick way
(``match.table_fast``), and asks these rules only to explain a refusal; a test holds the two to
the same moves at every decision of random matches.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import TYPE_CHECKING

from ..._core.arguments import shown
from ..kinds import ANSWERS, Decision, MoveKind
from .moves import IllegalMove, Move

if TYPE_CHECKING:
    from ..rules.table import TableRules

#: A move's fields, in the order a legal move's values combine.
FIELDS = ("kind", "card", "target")


@dataclass(frozen=True, slots=True)
class Situation:
    """What the table rules read of a table at one decision."""

    decision: Decision | None  # ``None`` once the match is over
    player: str | None  # who decides
    hand: tuple[str, ...] = ()  # their hand, in the order dealt (``play``)
    capturing: tuple[str, ...] = ()  # those of its cards that capture a field card
    choosing: str | None = None  # ``choose``: the card (played or turned) that captures
    options: tuple[str, ...] = ()  # the field cards it may capture, in the order they came


def _player(situation: Situation) -> str:
    """The player who decides, as a refusal names them: a name the game chose ("you", "cpu"),
    quoted, so that no name makes a sentence ungrammatical ("you's hand")."""
    return f"player {shown(situation.player)}"


def _nothing(situation: Situation) -> Mapping[str, Sequence[object]]:
    return {}


@dataclass(frozen=True, slots=True, eq=False)
class TableRule:
    """One rule of the table (see the module's docstring)."""

    id: str
    decision: Decision | None
    #: What the rule allows, in words (the rules' page lists them).
    summary: str
    #: Why a move it does not allow is refused, in words.
    refusal: Callable[[Situation, Move], str]
    #: The values each field of a move may take.
    allowed: Callable[[Situation], Mapping[str, Sequence[object]]] = _nothing
    #: Which of the moves the rules before it allow this rule keeps (a rule about the moves together).
    narrowed: Callable[[Situation, list[Move]], list[Move]] | None = None
    #: The rule-set key that turns the rule on, and whether a rule set's table rules turn it on.
    key: str | None = None
    setting: Callable[[TableRules], bool] | None = field(default=None, repr=False)

    def refuses(self, situation: Situation, move: Move, moves: list[Move]) -> bool:
        """Whether the rule leaves ``move`` out, ``moves`` being what the field rules allow."""
        allowed = self.allowed(situation)
        if any(getattr(move, name) not in values for name, values in allowed.items()):
            return True
        return self.narrowed is not None and move not in self.narrowed(situation, moves)


def _capturing_first(situation: Situation, moves: list[Move]) -> list[Move]:
    capturing = [move for move in moves if move.card in situation.capturing]
    return capturing or moves


RULES: tuple[TableRule, ...] = (
    TableRule(
        "match_over",
        None,
        "no move once the match is over",
        lambda s, move: "the match is over",
        lambda s: {"kind": ()},
    ),
    TableRule(
        "must_play",
        Decision.PLAY,
        "the player to move plays a card",
        lambda s, move: f"{_player(s)} must play a card from their hand, not {shown(move.kind)}",
        lambda s: {"kind": (MoveKind.PLAY,)},
    ),
    TableRule(
        "not_in_hand",
        Decision.PLAY,
        "a card of their own hand",
        lambda s, move: f"{shown(move.card)} is not in the hand of {_player(s)}",
        lambda s: {"card": s.hand},
    ),
    TableRule(
        "target_after_play",
        Decision.PLAY,
        "naming no target: when two field cards match the card, the player chooses next",
        lambda s, move: "a played card's capture is chosen after it is played, when two field cards match",
        lambda s: {"target": (None,)},
    ),
    TableRule(
        "must_capture",
        Decision.PLAY,
        "a card that captures, when the hand holds one",
        lambda s, move: (
            f"{_player(s)} must capture (this rule set's match.must_capture): play one of {list(s.capturing)}"
        ),
        narrowed=_capturing_first,
        key="match.must_capture",
        setting=lambda table: table.must_capture,
    ),
    TableRule(
        "must_choose",
        Decision.CHOOSE,
        "the card waiting for a choice captures",
        lambda s, move: f"{_player(s)} must choose which field card {s.choosing} captures: one of {list(s.options)}",
        lambda s: {"kind": (MoveKind.CHOOSE,), "card": (s.choosing,)},
    ),
    TableRule(
        "not_a_match",
        Decision.CHOOSE,
        "one of the two field cards of its month",
        lambda s, move: (
            f"{shown(move.target)} is not one of the field cards {s.choosing} may capture: {list(s.options)}"
        ),
        lambda s: {"target": s.options},
    ),
    TableRule(
        "must_answer",
        Decision.KOIKOI_OR_SHOBU,
        "Koi-Koi (play on) or Shobu (stop and score), naming no card",
        lambda s, move: f"the base of {_player(s)} rose: answer Move('koikoi') or Move('shobu'), not {shown(move)}",
        lambda s: {"kind": ANSWERS, "card": (None,), "target": (None,)},
    ),
)


@dataclass(frozen=True, slots=True, eq=False)
class RuleBook:
    """The table rules a rule set turns on (:func:`rule_book`), in :data:`RULES`' order."""

    rules: tuple[TableRule, ...]

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(rule.id for rule in self.rules)

    def governing(self, decision: Decision | None) -> tuple[TableRule, ...]:
        """The rules of ``decision``."""
        return tuple(rule for rule in self.rules if rule.decision is decision)

    def legal(self, situation: Situation) -> list[Move]:
        """The legal moves of ``situation``, in the order of the values the rules allow."""
        governing = self.governing(situation.decision)
        moves = _combined(situation, governing)
        for rule in governing:
            if rule.narrowed is not None:
                moves = rule.narrowed(situation, moves)
        return moves

    def refusal(self, situation: Situation, move: Move) -> IllegalMove | None:
        """The refusal of the typed ``move`` by the first rule that leaves it out, or ``None``
        when it is legal."""
        governing = self.governing(situation.decision)
        moves = _combined(situation, governing)
        for rule in governing:
            if rule.refuses(situation, move, moves):
                reason = rule.refusal(situation, move)
                return IllegalMove(rule.id, reason, move=move, seat=situation.player, key=rule.key)
            if rule.narrowed is not None:
                moves = rule.narrowed(situation, moves)
        return None


def _combined(situation: Situation, rules: Sequence[TableRule]) -> list[Move]:
    """Every move whose fields take values all of ``rules`` allow (each field's values in the
    order the first rule naming it gives them)."""
    values: dict[str, list[object]] = {}
    for rule in rules:
        for name, allowed in rule.allowed(situation).items():
            kept = values.get(name)
            values[name] = list(allowed) if kept is None else [value for value in kept if value in allowed]
    if not values or not all(values.values()):
        return []
    missing = [name for name in FIELDS if name not in values]
    if missing:  # a decision whose rules leave a field open: every value would be legal
        raise AssertionError(f"the rules of {situation.decision} allow any {', '.join(missing)}")
    return [Move(*fields) for fields in product(*(values[name] for name in FIELDS))]  # type: ignore[arg-type]


def rule_book(table: TableRules) -> RuleBook:
    """The rules a rule set's table follows: those of the game, and those its table rules turn on."""
    return RuleBook(tuple(rule for rule in RULES if rule.setting is None or rule.setting(table)))
