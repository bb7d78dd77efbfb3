"""A KoiKoi-AI record (``logs.record``) played move by move at a :class:`yakuset.koikoi.Table`:
:func:`replay_record`.

Each round is dealt as recorded (the dealer, both hands, the field, the stock) at a table of its
own under the rule set, and the recorded turns are played there: the card played, the field card
it takes when it may take either of two, the same for the card turned, and the answer to a
Koi-Koi offer. Checked (``checked=True``, the record's own rule set, koikoi-japan), every move
must be legal and take what the record says it took, every offer must be the record's, and each
round's points, the next dealer and the final points must be the record's: the first place they
part is the replay's ``divergence``. Rescored under another rule set, the same decisions are
played where they remain legal; where the rule set refuses one (a second Koi-Koi call where one
is allowed, a stop it offers no longer), or the round ends sooner, the replay says so move by
move (:class:`RefusedMove`) and plays on as far as the record allows.

The match's frame is the record's: each player starts at its ``start`` points, a round's points
move from the loser to the winner (zero-sum), and the totals are the rounds' sum.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from ..kinds import Decision, EventKind
from ..match.moves import IllegalMove, Move
from ..match.table import Table
from ..rules.compiled import rules_of
from .record import RANKS, KoikoiRecord, RecordRound, RecordTurn, cards_of

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from ..match.events import Event
    from ..match.table_results import TableRound

_DEAL_NOTES = (EventKind.REDEAL, EventKind.LUCKY_HAND, EventKind.FIELD_FOUR)


class RefusedMove(NamedTuple):
    """A recorded decision the rule set does not allow: ``round`` and ``turn`` (from 1), the
    ``player``, the ``move`` in words and the ``reason``."""

    round: int
    turn: int
    player: str
    move: str
    reason: str

    def __str__(self) -> str:
        return f"round {self.round}, turn {self.turn}: {self.player}'s {self.move}: {self.reason}"


class ReplayedRound(NamedTuple):
    """One round played at the table: its ``number``, ``dealer``, how it ``ended`` (an
    :class:`~yakuset.koikoi.kinds.Ending`'s word, ``None`` when the recorded turns run out first),
    the ``turns`` played, the ``winner``, each player's ``deltas`` (zero-sum), the winner's ``yaku``
    and the ``award`` as the rule set works it out, each player's Koi-Koi ``calls``, who deals next
    (``next_dealer``), the record's own deltas (``logged``), the moves the rule set refused, what
    else the replay has to say of the round (``notes``), and the table's own account of the round
    (``table_round``, as a study counts it: its Koi-Koi offers too; ``None`` when unfinished)."""

    number: int
    dealer: str
    ended: str | None
    turns: int
    winner: str | None
    deltas: tuple[int, int]
    yaku: tuple[str, ...]
    award: str
    calls: tuple[int, int]
    next_dealer: str | None
    logged: tuple[int, int] | None
    refused: tuple[RefusedMove, ...]
    notes: tuple[str, ...]
    table_round: TableRound | None = None

    def as_dict(self) -> dict[str, Any]:
        """The round's JSON shape (each player's Koi-Koi ``offers`` from the table's round)."""
        out = self._asdict()
        table_round = out.pop("table_round")
        out["offers"] = [0, 0] if table_round is None else list(table_round.offers)
        out["refused"] = [move._asdict() for move in self.refused]
        out["deltas"], out["calls"] = list(self.deltas), list(self.calls)
        out["logged"] = None if self.logged is None else list(self.logged)
        out["yaku"], out["notes"] = list(self.yaku), list(self.notes)
        return out


@dataclass(frozen=True, slots=True)
class KoikoiReplay:
    """A record replayed under ``ruleset``: its ``rounds``, each player's ``totals`` (the start
    plus the rounds' deltas), the record's ``logged_final`` points, the first place a checked
    replay parts from the record (``divergence``, ``None`` when it agrees) and ``notes``."""

    ruleset: str
    file: str
    players: tuple[str, str]
    rounds: tuple[ReplayedRound, ...]
    totals: tuple[int, int]
    logged_final: tuple[int, int] | None
    divergence: str | None
    notes: tuple[str, ...] = field(default=())

    @property
    def agrees(self) -> bool:
        """Whether the replay found nothing that parts from the record."""
        return self.divergence is None

    @property
    def refused(self) -> tuple[RefusedMove, ...]:
        """Every refused move, round by round."""
        return tuple(move for played in self.rounds for move in played.refused)

    def as_dict(self) -> dict[str, Any]:
        """The replay's JSON shape."""
        return {
            "ruleset": self.ruleset,
            "agrees": self.agrees,
            "divergence": self.divergence,
            "rounds": [played.as_dict() for played in self.rounds],
            "totals": list(self.totals),
            "logged_final": None if self.logged_final is None else list(self.logged_final),
            "notes": list(self.notes),
        }


def seat_names(record: KoikoiRecord) -> tuple[str, str]:
    """The players' names at the table: the record's, or ``player 1`` and ``player 2`` when
    they are empty or the same."""
    first, second = record.players
    return (first, second) if first and second and first != second else ("player 1", "player 2")


def replay_record(rs: RuleSet, record: KoikoiRecord, *, checked: bool = True) -> KoikoiReplay:
    """``record`` played at the table under ``rs`` (see the module's docstring): checked against
    the record, or (``checked=False``) rescored, its refused moves said."""
    names = seat_names(record)
    deck = _deck(rs)
    played = tuple(_Round(rs, names, deck, record, number, checked).play() for number in range(len(record.played)))
    totals = (
        record.start[0] + sum(r.deltas[0] for r in played),
        record.start[1] + sum(r.deltas[1] for r in played),
    )
    problems = [note for r in played for note in r.notes if checked and note.startswith("!")]
    notes: list[str] = []
    if record.final is None:
        notes.append("the record's match is unfinished: no final points to compare")
    elif checked and totals != record.final:
        problems.append(f"!the final points are {list(totals)}, the record's {list(record.final)}")
    if checked:
        problems += _match_end(record, played)
    divergence = problems[0][1:] if problems else None
    return KoikoiReplay(rs.id, record.file, names, played, totals, record.final, divergence, tuple(notes))


def replay_round(rs: RuleSet, record: KoikoiRecord, number: int) -> ReplayedRound:
    """Round ``number`` (from 1) of ``record`` alone, rescored under ``rs`` (a situation of
    ``yakuset diff --logs``): the same as that round of ``replay_record(rs, record, checked=False)``."""
    from ..._core.errors import InputError

    if not 1 <= number <= len(record.played):
        raise InputError(f"{record.file} has rounds 1-{len(record.played)}, not {number}")
    return _Round(rs, seat_names(record), _deck(rs), record, number - 1, False).play()


def _deck(rs: RuleSet) -> tuple[str, ...]:
    """The rule set's cards in the record's order, month by month, or an error if its deck has
    not four cards a month."""
    from ..._core.errors import InputError

    cards = rules_of(rs).cards
    deck = tuple(cards)
    if len(deck) != 12 * RANKS or any(cards[c].month != i // RANKS + 1 for i, c in enumerate(deck)):
        raise InputError(f"{rs.id!r}'s deck is not four cards a month: a KoiKoi-AI record cannot be dealt from it")
    return deck


def _match_end(record: KoikoiRecord, played: Sequence[ReplayedRound]) -> list[str]:
    """Whether the record's match ends where its frame says: after its last round, or once a
    player's points reach 0 (and not before)."""
    points = list(record.start)
    for number, each in enumerate(played, 1):
        points = [points[0] + each.deltas[0], points[1] + each.deltas[1]]
        out = min(points) <= 0
        if out and number < len(played):
            return [f"!after round {number} a player has {min(points)} points, but the record plays on"]
    if record.final is not None and len(played) < record.rounds and min(points) > 0:
        return [f"!the record ends after round {len(played)} of {record.rounds} with both players above 0"]
    return []


class _Round:
    """One recorded round at a table of its own: ``play`` it."""

    def __init__(
        self, rs: RuleSet, names: tuple[str, str], deck: Sequence[str], record: KoikoiRecord, index: int, checked: bool
    ) -> None:
        self.rs, self.names, self.checked = rs, names, checked
        self.recorded: RecordRound = record.played[index]
        self.following = record.played[index + 1] if index + 1 < len(record.played) else None
        rec = self.recorded
        dealer = rec.dealer
        order = [*rec.hands[dealer - 1], *rec.hands[2 - dealer], *rec.field, *reversed(rec.stock)]
        self.table = Table(rs, names, first_dealer=names[dealer - 1], decks=[cards_of(order, deck)])
        self.deck = deck
        self.refused: list[RefusedMove] = []
        self.notes: list[str] = []
        self.ending: Event | None = None
        self.turns = 0

    def problem(self, message: str) -> None:
        """A place the record and the table part: a divergence when checked, a note otherwise."""
        self.notes.append(("!" if self.checked else "") + message)

    def refuse(self, turn: RecordTurn, move: str, reason: str) -> None:
        player = self.names[turn.player - 1]
        if self.checked:
            self.problem(f"round {self.recorded.number}, turn {turn.number}: {player}'s {move}: {reason}")
        else:
            self.refused.append(RefusedMove(self.recorded.number, turn.number, player, move, reason))

    def play(self) -> ReplayedRound:
        table, rec = self.table, self.recorded
        self._watch(table.opening)
        for event in table.opening:
            if event.kind in _DEAL_NOTES:
                self.notes.append(f"at the deal: {event.message}")
        if any(e.kind is EventKind.REDEAL for e in table.opening):
            self.problem(f"round {rec.number}: {self.rs.id} deals this round again; its turns are not played")
            return self._result()
        for turn in rec.turns:
            if table.rounds:
                self.notes.append(f"the round ends before turn {turn.number} under {self.rs.id}")
                break
            if not self._turn(turn):
                break
            self.turns = turn.number
        return self._result()

    def _watch(self, events: Sequence[Event]) -> None:
        for event in events:
            if event.ends_round and self.ending is None:
                self.ending = event

    def _move(self, turn: RecordTurn, move: Move, words: str) -> bool:
        try:
            self._watch(self.table.play(move))
        except IllegalMove as refusal:
            self.refuse(turn, words, str(refusal))
            return False
        return True

    def _turn(self, turn: RecordTurn) -> bool:
        """One recorded turn at the table; whether the round may go on with the next."""
        table, rec = self.table, self.recorded
        player = self.names[turn.player - 1]
        referee = table.round
        before = len(referee.captured(player))
        played, turned = cards_of((turn.played, turn.turned), self.deck)
        if not self._move(turn, Move("play", played), f"play {played}"):
            return False
        for card, taken in ((played, turn.captured), (turned, turn.captured_turned)):
            if table.pending is Decision.CHOOSE and table.choosing == card:
                target = next((c for c in cards_of(taken, self.deck) if c != card), None)
                if target is None:
                    self.refuse(turn, f"{card}", "the table lets it take one of two field cards; the record takes none")
                    return False
                if not self._move(turn, Move("choose", card, target), f"{card} takes {target}"):
                    return False
        answered = self._answer(turn, player)
        took = sorted(referee.captured(player)[before:])
        recorded = sorted(cards_of((*turn.captured, *turn.captured_turned), self.deck))
        if took != recorded:
            self.problem(f"round {rec.number}, turn {turn.number}: {player} takes {took}, the record {recorded}")
        return answered

    def _answer(self, turn: RecordTurn, player: str) -> bool:
        table, rs = self.table, self.rs.id
        offered = table.pending is Decision.KOIKOI_OR_SHOBU and not table.rounds
        if offered and turn.koikoi is None:
            self.refuse(
                turn, "unanswered offer", f"{rs} offers a Koi-Koi the record has no answer to: played on (Koi-Koi)"
            )
            return self._move(turn, Move("koikoi"), "Koi-Koi")
        if offered:
            word = "koikoi" if turn.koikoi else "shobu"
            return self._move(turn, Move(word), "Koi-Koi" if turn.koikoi else "stop")
        if turn.koikoi is None:
            return True
        ended = self.ending is not None and self.ending.kind is EventKind.AUTOMATIC_SHOBU
        if turn.koikoi is False and ended and self.ending is not None and self.ending.winner == player:
            return True  # the round ends in the player's favour as the record's stop does
        what = "Koi-Koi call" if turn.koikoi else "stop"
        reason = f"{rs} offers no Koi-Koi here"
        if ended:
            reason += " (its calls are used up): the round ends in an automatic shobu"
        elif turn.koikoi is False:
            reason += ": played on"
        self.refuse(turn, what, reason)
        return True

    def _result(self) -> ReplayedRound:
        table, rec, names = self.table, self.recorded, self.names
        result = table.rounds[0] if table.rounds else None
        deltas, award = (0, 0), ""
        yaku: tuple[str, ...] = ()
        if result is None and rec.points is None:
            self.notes.append(f"round {rec.number} is unfinished in the record")
        elif result is None:
            self.problem(f"round {rec.number}: the recorded turns end before the round does under {self.rs.id}")
        else:
            points = result.points if result.winner is not None else 0
            deltas = (points, -points) if result.winner == names[0] else (-points, points)
            yaku = result.yaku
            if self.ending is not None and self.ending.award is not None:
                award = self.ending.award.explanation
        if self.checked and result is not None:
            self._check(result.next_dealer, deltas)
        return ReplayedRound(
            rec.number,
            names[rec.dealer - 1],
            None if result is None else str(result.ended),
            self.turns,
            None if result is None else result.winner,
            deltas,
            yaku,
            award,
            (0, 0) if result is None else result.calls,
            None if result is None else result.next_dealer,
            rec.points,
            tuple(self.refused),
            tuple(self.notes),
            result,
        )

    def _check(self, next_dealer: str, deltas: tuple[int, int]) -> None:
        rec = self.recorded
        if rec.points is not None and deltas != rec.points:
            self.problem(f"round {rec.number}: the points are {list(deltas)}, the record's {list(rec.points)}")
        if self.following is not None and next_dealer != self.names[self.following.dealer - 1]:
            recorded = self.names[self.following.dealer - 1]
            self.problem(f"round {rec.number}: {next_dealer} deals next, the record's {recorded}")
