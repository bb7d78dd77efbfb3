"""The decisions of a table (a turn, an answer to an offer, none once the game is over or the table
stopped), each the rules of every kind of move; every table rule by its id; and the rule a log's
replay names for a refusal (:func:`rule_named`)."""

from __future__ import annotations

from ..._core.errors import IllegalMove
from ..kinds import MoveKind
from .hand import CALLED, OVER, REACTION, STOPPED, TURN
from .moves import Move
from .reaction import REACTION_KINDS
from .rule import Decision, KindRules, TableRule, refused_alone
from .turn import AFTER_CALL, CALLED_KINDS, TURN_KINDS

NO_OFFER = TableRule("no_offer", None, lambda h, s, m: f"seat {s} is to discard (there is no discard to answer)")
ANSWERING = TableRule(
    "answering",
    None,
    lambda h, s, m: f"seat {s} is answering seat {h.discarder}'s {h.offer_kind.replace('_', ' ')}",
)
GAME_OVER = TableRule("game_over", None, lambda h, s, m: f"the game is over ({h.closing})")
TABLE_STOPPED = TableRule("table_stopped", None, lambda h, s, m: f"the table stopped: {h.closing}")
#: A move :func:`yakuset.riichi.table.moves.parse_move` cannot read (its words are the parse's).
MALFORMED = "malformed"


#: The kinds of move of an answer.
_ANSWER = frozenset(rules.kind for rules in REACTION_KINDS)


def _decision(
    phase: str, kinds: tuple[KindRules, ...], others: TableRule, answers: TableRule | None = None
) -> Decision:
    """The decision of ``phase``: ``kinds``, the other kinds of move refused by ``others`` (the
    kinds of an answer by ``answers``, if given)."""
    own: dict[str, KindRules] = {rules.kind: rules for rules in kinds}
    for kind in MoveKind:
        if kind not in own:
            own[kind] = refused_alone(kind, answers if answers is not None and kind in _ANSWER else others)
    return Decision(phase, own)


#: Each phase of a hand's decision (``Hand.phase``), and its rules.
DECISIONS = {
    TURN: _decision(TURN, TURN_KINDS, NO_OFFER),
    CALLED: _decision(CALLED, CALLED_KINDS, AFTER_CALL, NO_OFFER),
    REACTION: _decision(REACTION, REACTION_KINDS, ANSWERING),
    OVER: _decision(OVER, (), GAME_OVER),
    STOPPED: _decision(STOPPED, (), TABLE_STOPPED),
}

#: Every table rule, by its id.
RULES = {rule.id: rule for decision in DECISIONS.values() for kind in decision.kinds.values() for rule in kind.rules}


def rule_named(error: IllegalMove) -> str:
    """The rule a log's replay names for a table's refusal: the rule-set key its words cite, or
    the word its words start with (``kuikae``, ``furiten``, the move's kind)."""
    rule = RULES.get(error.rule)
    move = error.move
    if rule is None or type(move) is not Move:  # a move the table could not read
        return error.rule
    return rule.named(move)
