"""``replay(rs, record)``: a logged game played again at the :class:`yakuset.riichi.Table`, move
by move, and checked against the log, or settled by another rule set (docs/rules/tenhou-logs.md §9).

Each hand is played at a table started in the hand's state, from the wall the log reveals
(``logs.wall``). Every move of the log must be legal at the table (``Table.is_legal``: the rules
of the move's kind alone, not every move listed); a seat the table asks to react where the log
shows nothing passes. When the hand ends, the table's ending and
deltas are compared with the log's; the state the table deals the next hand in with the log's
next hand; at the game's end the final scores and points with uma with the log's.

Under the rule set the log implies (``checked``) the first difference is the answer: a
:class:`Divergence`. Under another rule set differences are the answer: the same tiles and the
same decisions, each hand settled by the other rules. A hand whose logged win is no win there
(no yaku, furiten...) or whose moves the other rules refuse (kuikae, an abortive draw it does not
have...) says why; such a hand is void: nobody wins or pays, and its riichi sticks go back.
Each hand is played by the log's seats in the log's round and honba, with the scores and riichi
sticks the other rules gave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ..._core.arguments import shown
from ..._core.errors import IllegalMove, InputError
from ..kinds import Ending, ResultKind
from ..rules.compiled import rules_of
from ..settlement.standings import Standing, standings
from ..settlement.state import State
from ..table.decisions import rule_named
from ..table.events import DoraRevealed, HandEnded, MoveEvent, RonDeclared, TileCalled, TileDrawn
from ..table.moves import PASS
from ..table.play import Table
from ..table.wall import tile_label
from .record import GameLog, LogHand
from .wall import rebuilt_wall

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from ..rules.table import TableRules

#: The events that answer a discard or a kan (a call's subtypes are each a ``TileCalled``).
_REACTIONS = (RonDeclared, TileCalled)
#: The table's ending for each of the log's result kinds.
_ENDING: dict[str, str] = {ResultKind.DRAW: Ending.EXHAUSTIVE_DRAW, ResultKind.NAGASHI: Ending.EXHAUSTIVE_DRAW}


class Divergence(NamedTuple):
    """Where a replay first parts from the log: the ``hand`` (from 1), the ``turn`` (the draws
    of the hand so far), the ``event`` (its index in the hand's events, ``None`` for the hand
    as a whole), the ``action`` in question, what the log did (``logged``), what the table
    allowed or computed (``ours``) and the ``rule`` involved (a rule-set key or a rule's name)."""

    hand: int
    turn: int
    event: int | None
    action: str
    logged: str
    ours: str
    rule: str

    def __str__(self) -> str:
        where = f"hand {self.hand}, turn {self.turn}" + ("" if self.event is None else f", event {self.event}")
        return f"{where}: {self.action}: the log {self.logged}; we {self.ours} ({self.rule})"


class ReplayedWin(NamedTuple):
    """One win as the table scored it: the winner's ``seat``, the ``yaku`` ids, ``han`` and
    ``fu`` (``None`` for a yakuman hand), and ``yakuman`` (how many; 0 for a hand of han)."""

    seat: int
    yaku: tuple[str, ...]
    han: int | None
    fu: int | None
    yakuman: int


class ReplayedHand(NamedTuple):
    """One hand as replayed: its ``number`` (from 1), ``name`` (``East 1, 0 honba``), the
    ``state`` it was played in, how it ended at the table (``ending``, ``None`` for a void hand
    or a hand the log stops in), each seat's change (``deltas``) beside the log's
    (``logged``), the ``wins`` as the table scored them (:class:`ReplayedWin`) and,
    under another rule set, why a logged move was refused there (``refused``)."""

    number: int
    name: str
    state: State
    ending: str | None
    deltas: tuple[int, ...]
    logged: tuple[int, ...] | None
    wins: tuple[ReplayedWin, ...]
    refused: tuple[str, ...]

    @property
    def changed(self) -> bool:
        """Whether the hand moved points otherwise than the log says."""
        return self.logged is not None and self.deltas != self.logged

    def as_dict(self) -> dict[str, Any]:
        """The hand's JSON shape."""
        return {
            "number": self.number,
            "name": self.name,
            "state": self.state.as_dict(),
            "ending": self.ending,
            "deltas": list(self.deltas),
            "logged": None if self.logged is None else list(self.logged),
            "wins": [{**win._asdict(), "yaku": list(win.yaku)} for win in self.wins],
            "refused": list(self.refused),
        }


class Replay(NamedTuple):
    """A logged game replayed under ``ruleset``: ``checked`` (the rule set the log implies, or
    the one given for a log that names none: the log must agree), each ``hands``' replay, the
    first ``divergence`` (``None``: every action legal and every number equal), the table's
    ``standings`` (as if the game ended at the last hand replayed), the log's final scores and
    points (``logged_final``, ``logged_points``), and ``notes``: what was not compared and why
    (a log cut mid-hand, a game the other rules end sooner)."""

    ruleset: str
    checked: bool
    hands: tuple[ReplayedHand, ...]
    divergence: Divergence | None
    standings: tuple[Standing, ...]
    logged_final: tuple[int, ...] | None
    logged_points: tuple[float, ...] | None
    notes: tuple[str, ...]

    @property
    def agrees(self) -> bool:
        """Whether the game replayed with no divergence."""
        return self.divergence is None

    def as_dict(self) -> dict[str, Any]:
        """The replay's JSON shape."""
        divergence = self.divergence
        return {
            "ruleset": self.ruleset,
            "checked": self.checked,
            "agrees": self.agrees,
            "divergence": None if divergence is None else {**divergence._asdict(), "text": str(divergence)},
            "hands": [hand.as_dict() for hand in self.hands],
            "standings": [
                {"seat": s.seat, "place": s.place, "score": s.score, "points": s.points} for s in self.standings
            ],
            "logged_final": None if self.logged_final is None else list(self.logged_final),
            "logged_points": None if self.logged_points is None else list(self.logged_points),
            "notes": list(self.notes),
        }


class _Differs(Exception):
    """The first divergence, raised out of the hand being replayed."""

    def __init__(self, divergence: Divergence) -> None:
        super().__init__(str(divergence))
        self.divergence = divergence


def _table_rules_for(rs: RuleSet, record: GameLog) -> TableRules:
    """``rs``'s table rules, once ``record`` is a log of a game they can replay."""
    if not isinstance(record, GameLog):
        raise InputError(f"record must be a yakuset.riichi.GameLog (from read_log), got {shown(record)}")
    table_rules = rules_of(rs).table
    if record.hands and len(record.hands[0].scores) != table_rules.players:
        raise InputError(
            f"the log is a game of {len(record.hands[0].scores)} players and {rs.id!r} one of {table_rules.players}"
        )
    return table_rules


def replay(rs: RuleSet, record: GameLog, *, checked: bool | None = None, file: str = "<record>") -> Replay:
    """``record`` (from :func:`yakuset.riichi.read_log`) played again at the table under ``rs``.

    ``checked`` (default: ``rs`` is the rule set the log implies, or the log names none) asks
    for the log's agreement: the replay stops at the first :class:`Divergence`. Otherwise each
    hand is settled by ``rs`` and the differences are the answer. A log whose walls cannot be
    rebuilt (a tile seen twice, one ``rs``'s tiles lack) raises :class:`yakuset.riichi.LogError`
    naming ``file``, the hand and the event."""
    table_rules = _table_rules_for(rs, record)
    if checked is None:
        checked = record.ruleset is None or record.ruleset == rs.id
    walls = [rebuilt_wall(table_rules, hand, file, number) for number, hand in enumerate(record.hands, 1)]
    replayed: list[ReplayedHand] = []
    notes: list[str] = []
    divergence = None
    state = _first_state(rs, record, checked)
    for number, (hand, wall) in enumerate(zip(record.hands, walls, strict=True), 1):
        try:
            if checked and number > 1:
                _compare_start(number, state, hand)
            elif not checked and number > 1:
                state = _logged_flow(state, hand)
            done, state = _HandReplay(rs, table_rules, hand, number, state, wall, checked).run()
        except _Differs as differs:
            divergence = differs.divergence
            break
        replayed.append(done)
        if done.ending is None and hand.result is None:
            notes.append(f"the log stops in hand {number} ({done.name}): the hand is not compared")
            break
        if state.ended and number < len(record.hands):
            if checked:
                divergence = Divergence(
                    number + 1, 0, None, "the game's end", "goes on", f"end the game ({state.end_reason})", "ending"
                )
            else:
                notes.append(
                    f"the game ends after hand {number} under {rs.id} ({state.end_reason}); "
                    f"the log plays {len(record.hands) - number} more"
                )
            break
    else:
        if checked and divergence is None and record.final is not None and replayed:
            divergence = _compare_final(rs, record, state, len(record.hands))
        elif record.final is None and not state.ended:
            notes.append(
                f"the log stops after hand {len(record.hands)}, where the game goes on under {rs.id}: "
                "it gives no final scores to compare"
            )
    return Replay(
        ruleset=rs.id,
        checked=checked,
        hands=tuple(replayed),
        divergence=divergence,
        standings=tuple(standings(rs, state)),
        logged_final=record.final,
        logged_points=record.final_points,
        notes=tuple(notes),
    )


def replay_hand(rs: RuleSet, record: GameLog, number: int, *, file: str = "<record>") -> ReplayedHand:
    """Hand ``number`` (from 1) of ``record`` played again at a table under ``rs`` in the state
    the log gives it (its round, honba, sticks and scores), its logged moves settled by ``rs``
    (as :func:`replay` settles a hand under another rule set; a move ``rs`` refuses makes a void
    hand). What one hand of a played game comes to under a rule set, alone (``yakuset diff
    --logs``)."""
    if not isinstance(record, GameLog):
        raise InputError(f"record must be a yakuset.riichi.GameLog (from read_log), got {shown(record)}")
    if type(number) is not int or not 1 <= number <= len(record.hands):
        raise InputError(f"number must be a hand of the record, 1 to {len(record.hands)}, got {shown(number)}")
    table_rules = rules_of(rs).table
    hand = record.hands[number - 1]
    if len(hand.scores) != table_rules.players:
        raise InputError(f"the log is a game of {len(hand.scores)} players and {rs.id!r} one of {table_rules.players}")
    wall = rebuilt_wall(table_rules, hand, file, number)
    state = _logged_state(hand, hand.scores, hand.sticks)
    done, _ = _HandReplay(rs, table_rules, hand, number, state, wall, checked=False).run()
    return done


def _logged_state(hand: LogHand, scores: tuple[int, ...], sticks: int) -> State:
    """The state of the log's ``hand`` with ``scores`` and ``sticks``."""
    return State(
        scores=scores,
        dealer=hand.dealer,
        round_wind=hand.round_wind,
        hand=hand.round % 4 + 1,
        honba=hand.honba,
        sticks=sticks,
    )


def _first_state(rs: RuleSet, record: GameLog, checked: bool) -> State:
    """The state the first hand is played in: the log's; under another rule set, its starting
    points when the log starts at the game's start."""
    if not record.hands:
        return State(
            scores=(rules_of(rs).table.start,) * len(record.players or (0, 0, 0, 0)),
            dealer=0,
            round_wind="east",
            hand=1,
        )
    first = record.hands[0]
    at_start = first.round == 0 and first.honba == 0 and first.sticks == 0 and len(set(first.scores)) == 1
    if at_start and not checked:
        start = rules_of(rs).table.start
        return _logged_state(first, (start,) * len(first.scores), 0)
    return _logged_state(first, first.scores, first.sticks)


def _logged_flow(state: State, hand: LogHand) -> State:
    """Another rule set's state for the log's next hand: its scores and sticks, the log's round,
    dealer and honba (the tiles were dealt to the log's seats)."""
    return _logged_state(hand, state.scores, state.sticks)


def _compare_start(number: int, ours: State, hand: LogHand) -> None:
    """The state the table deals hand ``number`` in against the log's."""
    logged = _logged_state(hand, hand.scores, hand.sticks)
    for field, rule in (
        ("round_wind", "dealer.renchan"),
        ("hand", "dealer.renchan"),
        ("honba", "dealer.honba"),
        ("sticks", "riichi sticks"),
        ("scores", "settlement"),
    ):
        mine, theirs = getattr(ours, field), getattr(logged, field)
        if mine != theirs:
            raise _Differs(
                Divergence(
                    number,
                    0,
                    None,
                    f"the hand's start ({field})",
                    f"has {_plain(theirs)}",
                    f"have {_plain(mine)}",
                    rule,
                )
            )


def _compare_final(rs: RuleSet, record: GameLog, state: State, number: int) -> Divergence | None:
    """The game's end, final scores and points with uma against the log's ``owari``."""
    if not state.ended:
        return Divergence(number, 0, None, "the game's end", "ends", "go on", "ending")
    ours = sorted(standings(rs, state), key=lambda s: s.seat)
    scores = tuple(s.score for s in ours)
    if scores != record.final:
        return Divergence(
            number,
            0,
            None,
            "the final scores",
            f"has {_plain(record.final)}",
            f"have {list(scores)}",
            "points.leftover_sticks",
        )
    points = tuple(s.points for s in ours)
    if record.final_points is not None and points != record.final_points:
        return Divergence(
            number,
            0,
            None,
            "the final points",
            f"has {_plain(record.final_points)}",
            f"have {list(points)}",
            "points.uma",
        )
    return None


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


class _HandReplay:
    """One logged hand played at a table."""

    def __init__(
        self,
        rs: RuleSet,
        rules: TableRules,
        hand: LogHand,
        number: int,
        state: State,
        wall: tuple[int, ...],
        checked: bool,
    ) -> None:
        self.rs, self.rules, self.hand, self.number, self.checked = rs, rules, hand, number, checked
        self.state = state
        self.table = Table(rs, wall=[wall], state=state)
        self.turn = 0
        self.ended = False
        self.drawn = False  # the last event replayed was a draw: no seat is asked to react
        self.refused: list[str] = []
        self.dora: list[int] = []

    # --- the moves -----------------------------------------------------------------------------

    def run(self) -> tuple[ReplayedHand, State]:
        events = self.hand.events
        index = 0
        void = False
        while index < len(events) and not void:
            event = events[index]
            if isinstance(event, DoraRevealed):
                index += 1
            elif isinstance(event, TileDrawn):
                void = not self._draw(index, event)
                index += 1
            elif isinstance(event, _REACTIONS) and self._reacting():
                end = index
                while end < len(events) and isinstance(events[end], _REACTIONS):
                    end += 1
                void = not self._react(index, end)
                index = end
            else:
                void = not self._turn(index, event)
                index += 1
        if not void and self.hand.result is not None:
            self._pass_all()
            if not self.ended:
                seat = self.table.to_move
                result = self.hand.result.kind.replace("_", " ")
                void = not self._differ(
                    len(events) - 1,
                    "the hand's end",
                    f"ends in a {result}",
                    f"go on: seat {seat} is to move",
                    "draws.abortive",
                )
        return self._finish(void)

    def _reacting(self) -> bool:
        return not self.ended and not self.drawn and self.table.is_legal(PASS)  # a seat answers a discard or a kan

    def _play(self, move: Any) -> None:
        self.drawn = False
        try:
            events = self.table.play(move)
        except IllegalMove:
            raise
        except InputError:  # the hand ended and the table has no wall for the next: as asked
            if not self.table.hands:
                raise
            self.ended = True
            return
        for event in events:
            if type(event) is DoraRevealed:
                self.dora.append(event.indicator)
            elif type(event) is HandEnded:
                self.ended = True

    def _pass_all(self) -> None:
        """Every seat the table asks passes, until a seat's turn or the hand's end."""
        while not self.ended and self._reacting():
            self._play(PASS)

    def _draw(self, index: int, event: TileDrawn) -> bool:
        self._pass_all()
        self.turn += 1
        if self.ended:
            return self._differ(
                index, f"seat {event.seat} draws", "goes on", f"end the hand ({self._ending()})", "draws.abortive"
            )
        view = self.table.view(event.seat)
        if self.table.to_move != event.seat or view.drawn != event.tile:
            drawn = self.table.to_move
            return self._differ(
                index,
                f"seat {event.seat} draws",
                f"draws {self._label(event.tile)}",
                f"have seat {drawn} to move",
                "the turn order",
            )
        self.drawn = True
        return True

    def _turn(self, index: int, event: MoveEvent) -> bool:
        self._pass_all()
        if self.ended:
            return self._differ(
                index, self._said(event), "goes on", f"end the hand ({self._ending()})", "draws.abortive"
            )
        if self.table.to_move != event.seat:
            return self._differ(
                index,
                self._said(event),
                f"has seat {event.seat} move",
                f"have seat {self.table.to_move} to move",
                "the turn order",
            )
        return self._move(index, event)

    def _react(self, start: int, end: int) -> bool:
        """The log's reactions ``events[start:end]`` to one discard (or kan): each seat asked
        plays its own, the others pass. ``False``: the hand cannot go on as logged."""
        events = cast("tuple[MoveEvent, ...]", self.hand.events)  # those from start to end are
        waiting = {events[i].seat: i for i in range(start, end)}
        rons = any(type(events[i]) is RonDeclared for i in range(start, end))
        while waiting and not self.ended and self._reacting():
            seat = self.table.to_move
            index = waiting.pop(seat, None) if seat is not None else None
            if index is None:
                self._play(PASS)
            elif not self._move(index, events[index]):
                if type(events[index]) is not RonDeclared:
                    return False
                self._play(PASS)  # another rule set: this ron is no win there; the others stand
        if self.ended and rons:
            return True  # a ron took the hand (under a head bump, the first winner alone)
        for index in sorted(waiting.values()):
            event = events[index]
            kind = event.move_kind.value
            why = ": no yaku or furiten there" if type(event) is RonDeclared else ""
            self._differ(
                index,
                self._said(event),
                f"has seat {event.seat} {kind}",
                f"are not offered it under {self.rs.id}{why}",
                kind,
            )
        return not waiting and not (rons and not self.ended)

    def _move(self, index: int, event: MoveEvent) -> bool:
        move = event.move()
        try:
            self._play(move)
        except IllegalMove as error:
            return self._differ(
                index,
                self._said(event),
                f"has seat {event.seat} {move.kind}",
                f"refuse it: {error}",
                rule_named(error),
            )
        return True

    def _differ(self, index: int | None, action: str, logged: str, ours: str, rule: str) -> bool:
        """A difference: under the log's rule set the divergence; else recorded (``False``)."""
        divergence = Divergence(self.number, self.turn, index, action, logged, ours, rule)
        if self.checked:
            raise _Differs(divergence)
        why = ours.removeprefix("refuse it: ")
        self.refused.append(f"{action}: {why}" + ("" if rule in why else f" ({rule})"))
        return False

    # --- the hand's end ------------------------------------------------------------------------

    def _ending(self) -> str:
        return self.table.hands[-1].ending if self.table.hands else "?"

    def _finish(self, void: bool) -> tuple[ReplayedHand, State]:
        hand, state = self.hand, self.state
        result = hand.result
        name = f"{state.round_wind.capitalize()} {state.hand}, {state.honba} honba"
        logged = None if result is None else result.deltas
        if void or not self.table.hands:
            zero = (0,) * len(state.scores)
            done = ReplayedHand(self.number, name, state, None, zero, logged, (), tuple(self.refused))
            return done, state
        played = self.table.hands[-1]
        settlement = played.settlement
        end = next(e for e in reversed(self.table.events) if type(e) is HandEnded)
        wins = tuple(ReplayedWin(w.seat, w.yaku, w.han, w.fu, w.yakuman) for w in end.wins or ())
        done = ReplayedHand(
            self.number, name, state, played.ending, settlement.transfers, logged, wins, tuple(self.refused)
        )
        if self.checked and result is not None:
            self._compare_result(done, end)
        return done, settlement.state

    def _compare_result(self, done: ReplayedHand, end: HandEnded) -> None:
        result = self.hand.result
        assert result is not None
        last = len(self.hand.events) - 1
        ending = _ENDING.get(result.kind, result.kind)
        if done.ending != ending:
            self._differ(last, "the hand's end", f"ends in {result.kind}", f"end it in {done.ending}", "draws")
        shown_log = list(self.hand.dora_indicators)
        shown_ours = [*self.table.view(0).dora_indicators]
        if shown_ours != shown_log:
            self._differ(
                last,
                "the dora indicators",
                f"shows {self._labels(shown_log)}",
                f"show {self._labels(shown_ours)}",
                "tiles.kan_dora",
            )
        if result.deltas is not None and done.deltas != result.deltas:
            ours = (
                "; ".join(f"seat {w.seat} {w.han} han {w.fu} fu {'+'.join(w.yaku)}" for w in done.wins)
                or f"tenpai {list(end.tenpai or ())}"
            )
            theirs = (
                "; ".join(
                    f"seat {w.seat} {w.han} han {w.fu} fu {'+'.join(y for y, _ in w.yaku) or '+'.join(w.yakuman)}"
                    for w in result.wins
                )
                or f"tenpai {list(result.tenpai)}"
            )
            self._differ(
                last,
                "the hand's deltas",
                f"has {list(result.deltas)} ({theirs})",
                f"settle {list(done.deltas)} ({ours})",
                "settlement",
            )

    # --- words ---------------------------------------------------------------------------------

    def _label(self, tile: int | None) -> str:
        return "-" if tile is None else tile_label(self.rules, tile)

    def _labels(self, tiles: list[int]) -> str:
        return " ".join(self._label(t) for t in tiles) or "none"

    def _said(self, event: MoveEvent) -> str:
        """``seat 2 pon 5m with 5m 5m`` (the event's move, as the log makes it)."""
        move = event.move()
        words = [f"seat {event.seat}", move.kind.replace("_", " ")]
        if move.tile is not None:
            words.append(self._label(move.tile))
        if move.tiles:
            words.append(("with " if move.tile is not None else "") + self._labels(list(move.tiles)))
        return " ".join(words)
