"""Settling one hand of a game of four (or, under ``players: 3``, three): who pays whom for a ron
(one or several winners), a tsumo, an exhaustive draw (noten payments, nagashi mangan), an abortive
draw or a chombo; then the next state (dealer, honba, sticks, wind and hand, and whether the game
ends).

The outcome is read once, at the door (:mod:`.reading`): the rules below see only typed values
(:mod:`.outcomes`). Every amount comes from the rule set: the hand's score from its scoring
sections, the rest from the table sections (docs/rules/riichi-table.md). ``steps`` are built only
when read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..._core.arguments import shown
from ..._core.errors import InputError
from ..rules.compiled import RiichiRules, rules_of
from ..scoring.hand import HandScore
from .draws import abort, chombo, draw
from .ledger import Label, Ledger, Settlement as Settlement
from .outcomes import Abort, Draw, HandOutcome, Ron, Tsumo
from .reading import OUTCOMES as OUTCOMES, outcome_of, some_seats
from .state import State
from .wins import ron, tsumo

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

_RIICHI = Label("{} declares riichi: one stick on the table", seats=(0,))


def settle(
    rs: RuleSet, state: State, outcome: HandOutcome | Mapping[str, Any], riichi: Sequence[int] = ()
) -> Settlement:
    """Settle one hand under ``rs``: ``outcome`` is a :class:`Ron`, :class:`Tsumo`, :class:`Draw`,
    :class:`Abort` or :class:`Chombo`, or its mapping form: ``{"ron": {"discarder": d,
    "winners": [WIN, ...]}}``, ``{"tsumo": WIN}``, ``{"draw": {"tenpai": [seats], "nagashi":
    [seats]}}``, ``{"abort": kind}`` or ``{"chombo": seat}`` (read by :func:`read_outcome`);
    ``riichi`` lists the seats that declared riichi this hand (each puts one stick on the table).

    A ``WIN`` is ``{"seat": s, ...}`` with the hand as ``han`` + ``fu``, ``yakuman: [ids]``,
    ``yaku: [ids]`` + ``fu`` + ``dora`` + ``open``, or tiles as :func:`evaluate` takes them
    (``hand``, ``win``, ``melds``, ``dora_indicators``, ``ura_indicators``, flags; the winds come
    from the state). ``"pao": seat`` names the player liable for a yakuman. Raises
    :class:`yakuset.InputError` for an outcome the rule set or the state does not allow.
    """
    return settle_scored(rs, state, outcome, riichi, {})


def settle_scored(
    rs: RuleSet,
    state: State,
    outcome: HandOutcome | Mapping[str, Any],
    riichi: Sequence[int],
    scored: Mapping[int, HandScore],
) -> Settlement:
    """:func:`settle`, with the wins given as tiles that were evaluated already: ``scored`` maps a
    winner's seat to what :func:`evaluate` made of its WIN (the table's, which evaluated each win
    to offer it), so the hand is not evaluated twice."""
    rules = getattr(rs, "rules", None)
    if type(rules) is not RiichiRules:
        rules = rules_of(rs)
    table = rules.table
    if type(state) is not State:
        raise InputError(f"state must be a yakuset.riichi.State (from new_game), got {shown(state)}")
    if len(state.scores) != table.players:
        raise InputError(
            f"the state has {len(state.scores)} seats and {rs.id!r} is a game of {table.players}; "
            "start from new_game(rs)"
        )
    if state.ended:
        raise InputError(f"the game has ended ({state.end_reason}); settle no more hands")
    declared = _riichi_seats(rules, state, riichi) if riichi != () else ()
    read = outcome_of(outcome, table.players)
    ledger = Ledger(table.players)
    for seat in declared:
        ledger.delta[seat] -= rules.riichi_stick
        ledger.notes.append(("riichi", -rules.riichi_stick, _RIICHI, (seat,), -1, -1))
    sticks = state.sticks + len(declared)
    kind = type(read)
    if kind is Ron:
        return ron(rs, rules, state, read, declared, sticks, ledger, scored)  # type: ignore[arg-type]
    if kind is Tsumo:
        return tsumo(rs, rules, state, read, declared, sticks, ledger, scored)  # type: ignore[arg-type]
    if kind is Draw:
        return draw(rs, rules, state, read, declared, sticks, ledger)  # type: ignore[arg-type]
    if kind is Abort:
        return abort(table, state, read.kind, declared, sticks, ledger)  # type: ignore[union-attr]
    return chombo(rules, state, read, declared, ledger)  # type: ignore[arg-type]


def _riichi_seats(rules: RiichiRules, state: State, riichi: Any) -> tuple[int, ...]:
    if not riichi:
        if isinstance(riichi, (str, bytes, Mapping)) or riichi is None:
            raise InputError(f"riichi must be a list of seats 0-{len(state.scores) - 1}, got {shown(riichi)}")
        return ()
    seats = some_seats(riichi, "riichi", len(state.scores))
    needs = rules.table.riichi_needs
    for seat in seats:
        if state.scores[seat] < needs:
            raise InputError(
                f"seat {seat} has {state.scores[seat]} points and riichi needs {needs} here (points.riichi_needs)"
            )
    return seats
