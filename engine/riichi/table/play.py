"""A whole Riichi game played from moves: :class:`Table`.

The table deals each hand from its wall (``table.wall``), offers the seat that decides now its legal
moves, refuses an illegal move with the rule that forbids it (:class:`yakuset.IllegalMove`, the
table unchanged), scores each win with :func:`yakuset.riichi.evaluate` (every flag found by the
table) and settles each hand with :func:`yakuset.riichi.settle`, then deals the next hand from the
settlement's state until the game ends (docs/python.md, "Playing a game"; the rules it enforces
are in docs/rules/riichi-table.md §6).

The API, for bots and simulations::

    table = Table(rs, seed=1)                # or wall=[...] (one wall) / wall=[[...], [...]] (one per hand)
    while table.to_move is not None:
        move = choose(table.legal_moves())   # Move(kind, tile, tiles), hashable
        events = table.play(move)            # the events the move caused (table.events)
    table.standings()                        # the final standings

A decision is one of two kinds. *A turn*: the seat that drew discards, declares riichi with its
discard, wins by tsumo, declares a closed or added kan, or aborts with nine terminals; after a
chi or pon it discards (``wins.kuikae`` allowing). *A reaction*: after a discard (or an added
kan, or a closed kan the thirteen orphans may rob), each other seat that may do more than pass
is asked in turn order from the discarder's right; a seat asked after a declared call is offered
only what outranks it. When all have answered, a ron wins (several as ``wins.multiple_ron``
says), else a kan stands, the highest call takes the discard, or the next seat draws.

A move is read once, by :func:`~yakuset.riichi.table.moves.parse_move`; each table rule is one
object (``table.turn``, ``table.reaction``) from which the legal moves, the acceptance of a move
and its refusal come (``table.rule``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..._core.arguments import a_seed, shown
from ..._core.errors import IllegalMove, InputError
from ..kinds import Ending
from ..rules.compiled import RiichiRules, rules_of
from ..settlement.settle import Settlement, settle_scored
from ..settlement.standings import Standing, standings
from ..settlement.state import State, new_game
from .decisions import DECISIONS, MALFORMED
from .events import GameEnded, HandEnded, TableEvent
from .flow import deal, play_reaction, play_turn, reactions_of
from .hand import CALLED, OVER, REACTION, STOPPED, TURN, Hand, HandEnding
from .moves import Move, parse_move
from .wall import SplitMix64, Wall, shuffle, tile_set

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from ..rules.table import TableRules
    from .rule import TableRule


class TableHand(NamedTuple):
    """One finished hand: the ``state`` it was played in, how it ended (an
    :class:`yakuset.riichi.kinds.Ending`) and its :class:`yakuset.riichi.Settlement`."""

    state: State
    ending: Ending
    settlement: Settlement


def hand_seed_state(seed: int, number: int) -> int:
    """The generator's first state for hand ``number`` (0 for the first hand of the game, counting
    every hand played, repeats included) of a table seeded with ``seed``: the 8-byte BLAKE2b digest
    of ``"{seed}:{number}"`` in ASCII, read big-endian (docs/rules/riichi-table.md §5)."""
    import hashlib

    return int.from_bytes(hashlib.blake2b(f"{seed}:{number}".encode("ascii"), digest_size=8).digest(), "big")


def _walls(rs: RuleSet, wall: Any) -> tuple[tuple[int, ...], ...] | None:
    """The given walls, checked: ``None``, one wall, or one wall per hand."""
    if wall is None:
        return None
    if isinstance(wall, (str, bytes)) or not isinstance(wall, Sequence) or not len(wall):
        raise InputError(
            f"wall must be one wall (a sequence of tiles 0-135 or mpsz names) or a sequence of walls, got {shown(wall)}"
        )
    if isinstance(wall[0], (int, str)):
        return (Wall.given(rs, wall).tiles,)
    walls = []
    for index, one in enumerate(wall):
        try:
            walls.append(Wall.given(rs, one).tiles)
        except InputError as error:
            raise InputError(f"wall[{index}]: {error}") from None
    return tuple(walls)


def _start_state(table: TableRules, state: Any) -> State:
    """The state a table starts from, checked: a game that goes on, with the table's seats."""
    if type(state) is not State or state.ended or len(state.scores) != table.players:
        raise InputError(
            f"state must be a yakuset.riichi.State of a game of {table.players} that goes on, got {shown(state)}"
        )
    return state


def _copies(table: TableRules) -> bytes:
    """The copies of each tile kind in the rule set's tiles: four, none of a kind it removes."""
    copies = bytearray(b"\x04" * 34)
    for kind in table.removed:
        copies[kind] = 0
    return bytes(copies)


def _settled(rs: RuleSet, state: State, ending: HandEnding, riichi: Sequence[int]) -> Settlement:
    """The hand settled: the table's one call into settlement, with the wins it scored already."""
    return settle_scored(rs, state, ending.outcome, riichi, ending.scored)


class Table:
    """A table at which one whole Riichi game is played under a rule set (four or three players).

    ``seed`` decides each hand's wall: hand ``k`` (0 first, every hand played counted) is the
    rule set's tile set shuffled as docs/rules/riichi-table.md §5 says, from the state
    :func:`hand_seed_state` of (``seed``, ``k``). ``wall`` gives the walls instead: one wall (the
    first hand's; later hands shuffled from the seed), or a sequence of walls, one per hand in
    order (a hand past its end raises :class:`yakuset.InputError`). Each wall is as
    ``Wall.given`` takes it (tiles 0-135 or mpsz names), checked to be the rule set's tile set.
    ``state`` is the :class:`yakuset.riichi.State` the first hand is played in (a logged game's
    hand replayed where it was played); by default the rule set's :func:`new_game`.
    """

    __slots__ = (
        "rs",
        "rules",
        "seed",
        "_table",
        "_copies",
        "_given",
        "_one_wall",
        "_state",
        "_hands",
        "_events",
        "_number",
        "_hand",
        "_legal",
        "_missing",
        "_plans",
    )

    def __init__(self, rs: RuleSet, *, seed: int = 0, wall: Any = None, state: State | None = None) -> None:
        self.rs = rs
        self.rules: RiichiRules = rules_of(rs)
        self.seed = a_seed("seed", seed)
        self._table: TableRules = self.rules.table
        self._copies = _copies(self._table)
        self._given = _walls(rs, wall)
        self._one_wall = wall is not None and isinstance(wall[0], (int, str))
        self._state = new_game(rs) if state is None else _start_state(self._table, state)
        self._hands: list[TableHand] = []
        self._events: list[TableEvent] = []
        self._number = 0
        self._legal: list[Move] | None = None
        self._missing: InputError | None = None
        self._plans: dict[str, tuple[Any, ...]] = {}  # what each decision lists under the rule set (Hand.plans)
        self._hand = deal(rs, self._table, self._copies, self._state, self._wall_for(0), 0, self._events, self._plans)

    # --- what the table shows ------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that decides now, or ``None`` once the game is over."""
        return self._hand.to_move

    @property
    def state(self) -> State:
        """The game's :class:`yakuset.riichi.State` (scores, dealer, honba, sticks, wind) before
        the hand in play; the final state once the game is over."""
        return self._state

    @property
    def hands(self) -> tuple[TableHand, ...]:
        """The hands finished so far, in order."""
        return tuple(self._hands)

    @property
    def ended(self) -> bool:
        """Whether the game is over."""
        return self._state.ended

    @property
    def events(self) -> list[TableEvent]:
        """Every event so far, in order (:class:`yakuset.riichi.TableEvent` values; each one's
        ``as_dict()`` is its JSON shape)."""
        return list(self._events)

    def standings(self) -> list[Standing]:
        """The standings of the game (:func:`yakuset.riichi.standings` of :attr:`state`): final
        once the game is over, else as if it ended now."""
        return standings(self.rs, self._state)

    def view(self, seat: int) -> View:
        """What ``seat`` may see, read-only and live (:class:`View`)."""
        if type(seat) is not int or not 0 <= seat < self._table.players:
            raise InputError(f"seat must be 0-{self._table.players - 1}, got {shown(seat)}")
        return View(self, seat)

    def trace(self) -> str:
        """The game so far as text, one line per event: the same seed and moves give the same text."""
        from .trace import trace_lines

        return "\n".join(trace_lines(self._table, self._events))

    # --- the moves -----------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The legal moves of :attr:`to_move`, ordered by kind as :data:`MOVE_KINDS` lists them,
        then by tile, then by tiles; empty once the game is over."""
        if self._legal is None:
            hand = self._hand
            if hand.phase in (TURN, CALLED):
                self._legal = DECISIONS[hand.phase].listed(hand, hand.turn)
            elif hand.phase == REACTION:
                self._legal = reactions_of(hand, hand.asking[0])
            else:
                self._legal = []
        return list(self._legal)

    def is_legal(self, move: object) -> bool:
        """Whether :meth:`play` would take ``move`` for :attr:`to_move` now: a move of
        :meth:`legal_moves` (or a chi or pon of other copies of the same tiles). Only the rules of
        the move's kind are worked out, so checking one move costs less than listing them all."""
        parsed = parse_move(move)
        return not isinstance(parsed, str) and self._refusing(parsed) is None

    def play(self, move: object) -> tuple[TableEvent, ...]:
        """Play ``move`` for :attr:`to_move`: returns the events it caused (the move, draws, a
        hand's end and the next deal), or raises :class:`yakuset.IllegalMove` naming the rule that
        forbids it, the table unchanged."""
        hand = self._hand
        parsed = parse_move(move)
        if isinstance(parsed, str):
            raise IllegalMove(MALFORMED, parsed, move=move, seat=hand.to_move)
        listed = self._legal
        if listed is None or parsed not in listed:  # a move listed is taken as it is
            rule = self._refusing(parsed)
            if rule is not None:
                seat = hand.to_move
                raise rule.refusal(hand, -1 if seat is None else seat, parsed)
        events: list[TableEvent] = []
        if hand.phase == REACTION:
            play_reaction(hand, parsed, events)
        else:
            play_turn(hand, parsed, events)
        self._legal = None
        if hand.ending is not None:
            self._end_hand(hand, hand.ending, events)
        self._events.extend(events)
        if self._missing is not None:
            raise self._missing  # the hand is settled and recorded; the table stops
        return tuple(events)

    def _refusing(self, move: Move) -> TableRule | None:
        """The rule that refuses ``move`` now, or ``None`` when :meth:`play` takes it."""
        hand = self._hand
        phase, listed = hand.phase, self._legal
        if phase == REACTION:
            seat = hand.asking[0]
            if listed is None:
                listed = hand.reactions.get(seat)
        else:
            seat = hand.turn if phase in (TURN, CALLED) else -1
        if listed is not None and move in listed:
            return None
        return DECISIONS[phase].kinds[move.kind].refusing(hand, seat, move)

    # --- a hand --------------------------------------------------------------------------------

    def _wall_for(self, number: int) -> Wall:
        given = self._given
        if given is not None and number < len(given):
            return Wall(self._table, given[number])
        if given is not None and not self._one_wall:
            raise InputError(
                f"hand {number + 1} needs a wall, and `wall` gave {len(given)} (one per hand); "
                "give one more, or give one wall to shuffle the later hands from the seed"
            )
        tiles = list(tile_set(self._table))
        return Wall(self._table, tuple(shuffle(tiles, SplitMix64(hand_seed_state(self.seed, number)))))

    def _end_hand(self, hand: Hand, ending: HandEnding, events: list[TableEvent]) -> None:
        """Settle the hand, record it, and deal the next hand or end the game (or stop the table,
        with no wall for the next hand)."""
        before = self._state
        settled = _settled(self.rs, before, ending, hand.sticks)
        after = settled.state
        wall = missing = None
        if not after.ended:
            try:
                wall = self._wall_for(self._number + 1)
            except InputError as error:
                missing = error
        self._hands.append(TableHand(before, ending.ending, settled))
        self._state = after
        events.append(
            HandEnded(
                ending.ending,
                tuple(settled.transfers),
                tuple(settled.winners),
                tuple(after.scores),
                ending.discarder,
                ending.wins,
                ending.tenpai,
                ending.nagashi,
            )
        )
        if missing is not None:
            hand.phase, hand.closing, self._missing = STOPPED, str(missing), missing
        elif wall is None:
            assert after.end_reason is not None
            events.append(GameEnded(after.end_reason, tuple(after.scores)))
            hand.phase, hand.closing = OVER, after.end_reason
        else:
            self._number += 1
            self._hand = deal(self.rs, self._table, self._copies, after, wall, self._number, events, self._plans)


class View:
    """What one seat may see at a :class:`Table`, read-only and live: its own hand (its tiles,
    their counts by kind and its waits, as the table keeps them), every discard, meld and kita,
    riichi, the dora indicators, the scores and how many tiles the live wall holds; never another
    seat's hand or the wall's order."""

    __slots__ = ("_table", "seat")

    def __init__(self, table: Table, seat: int) -> None:
        self._table = table
        self.seat = seat

    @property
    def hand(self) -> tuple[int, ...]:
        """This seat's concealed tiles (wall tiles, ascending)."""
        return tuple(self._table._hand.seats[self.seat].concealed)

    @property
    def counts(self) -> bytes:
        """This seat's concealed tiles counted by kind: 34 counts, ``counts[kind]`` (kept by the
        table on each draw, discard and call)."""
        return bytes(self._table._hand.seats[self.seat].kinds)

    @property
    def copies(self) -> bytes:
        """The copies of each tile kind in the rule set's tiles: 34 counts, four, none of a kind
        the rule set removes (three players: 2m-8m)."""
        return self._table._copies

    @property
    def waits(self) -> tuple[int, ...]:
        """The tile kinds that complete this seat's hand of 13 (less 3 a meld) as it stood after
        its last discard, call or the deal, ascending; empty when it is not tenpai. The table
        keeps them for its furiten, riichi and tenpai checks; a kind the hand already holds
        every copy of (four less those in its melds and kita) is no wait."""
        return self._table._hand.seats[self.seat].waits

    @property
    def shanten(self) -> int:
        """How many tiles this seat's hand is from tenpai: the shanten of its concealed tiles as
        they are now (13, or 14 while it is to discard, less 3 a meld) read as sets and a pair,
        or closed as seven pairs or the thirteen orphans where the rule set has them; 0 tenpai
        (with 13), -1 complete (with 14). No tile is counted past the copies left of it (as
        :attr:`waits`). The table counts it again only when the hand changed since the last
        count (it keeps it with the waits it counts on each discard and call)."""
        table = self._table
        return table._hand.seats[self.seat].shanten(table._copies)

    @property
    def drawn(self) -> int | None:
        """The tile this seat just drew, while it is to discard it (else ``None``)."""
        hand = self._table._hand
        return hand.drawn if hand.phase == TURN and hand.turn == self.seat else None

    @property
    def discards(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's discards, in order (a discard called into a meld included)."""
        return tuple(tuple(seat.discards) for seat in self._table._hand.seats)

    @property
    def melds(self) -> tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]:
        """Every seat's melds as ``(kind, tiles)``: ``chi``, ``pon``, ``kan`` (open or added) or
        ``ankan`` (closed), the wall tiles ascending."""
        return tuple(tuple((m.kind, m.tiles) for m in seat.melds) for seat in self._table._hand.seats)

    @property
    def kita(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's norths set aside (kita), in order."""
        return tuple(tuple(seat.kita) for seat in self._table._hand.seats)

    @property
    def riichi(self) -> tuple[bool, ...]:
        """Which seats declared riichi."""
        return tuple(seat.riichi for seat in self._table._hand.seats)

    @property
    def dora_indicators(self) -> tuple[int, ...]:
        """The dora indicators shown."""
        return self._table._hand.wall.dora_indicators

    @property
    def live_left(self) -> int:
        """Tiles left to draw in the live wall."""
        return self._table._hand.wall.live_left

    @property
    def state(self) -> State:
        """Scores, dealer, wind, honba and sticks (:class:`yakuset.riichi.State`)."""
        return self._table._state

    @property
    def to_move(self) -> int | None:
        """The seat that decides now."""
        return self._table.to_move

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves: empty unless it decides now."""
        return self._table.legal_moves() if self._table.to_move == self.seat else []
