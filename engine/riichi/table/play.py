"""A whole Riichi game played from moves: :class:`Table`.

The table deals each hand from its wall (``table.wall``), offers the seat that decides now its legal
moves, refuses an illegal move with the rule that forbids it (:class:`IllegalMove`, the table
unchanged), scores each win with :func:`yakuset.riichi.evaluate` (every flag found by the table)
and settles each hand with :func:`yakuset.riichi.settle`, then deals the next hand from the
settlement's state until the game ends (docs/python.md, "Playing a game"; the rules it enforces
are in docs/rules/riichi-table.md §6).

The API, for bots and simulations::

    table = Table(rs, seed=1)                # or wall=[...] (one wall) / wall=[[...], [...]] (one per hand)
    while table.to_move is not None:
        move = choose(table.legal_moves())   # Move(kind, tile, tiles), hashable
        events = table.play(move)            # the events the move caused (JSON-able dicts)
    table.standings()                        # the final standings

A decision is one of two kinds. *A turn*: the seat that drew discards, declares riichi with its
discard, wins by tsumo, declares a closed or added kan, or aborts with nine terminals; after a
chi or pon it discards (``wins.kuikae`` allowing). *A reaction*: after a discard (or an added
kan, or a closed kan the thirteen orphans may rob), each other seat that may do more than pass
is asked in turn order from the discarder's right; a seat asked after a declared call is offered
only what outranks it. When all have answered, a ron wins (several as ``wins.multiple_ron``
says), else a kan stands, the highest call takes the discard, or the next seat draws.
"""

from __future__ import annotations

import itertools
from bisect import bisect_left, insort
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..._core.arguments import a_seed, shown
from ..._core.errors import InputError
from ..._core.memo import remembered
from ..kinds import Ending, MoveKind
from ..rules.compiled import RiichiRules, rules_of
from ..rules.table import WIND_NAMES
from ..scoring.hand import HandScore, evaluate
from ..settlement.settle import Settlement, settle_scored
from ..settlement.standings import Standing, standings
from ..settlement.state import State, new_game
from ..tiles.notation import DRAGONS, NORTH, TERMINALS_AND_HONOURS, WINDS, tile_name
from ..tiles.shanten import shanten_and_waits, shanten_of, waits_of
from .wall import SplitMix64, Wall, is_red, shuffle, tile_label, tile_set

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from ..rules.table import TableRules

#: The kinds of :class:`Move`, in the order :meth:`Table.legal_moves` lists them.
MOVE_KINDS = tuple(kind.value for kind in MoveKind)
#: How a hand ended (``TableHand.ending``): a win, the exhaustive draw, or an abortive draw.
ENDINGS = tuple(ending.value for ending in Ending)
_ORDER = {kind: index for index, kind in enumerate(MOVE_KINDS)}
#: The kinds of move of the seat whose turn it is, in the order of :data:`MOVE_KINDS`.
_TURN_KINDS = ("tsumo", "nine_terminals", "closed_kan", "added_kan", "kita", "riichi", "discard")
#: Yaku a win has from its situation, whichever tile of its wait completes it (wins.atozuke).
_SITUATION_YAKU = frozenset(
    {"riichi", "double_riichi", "ippatsu", "menzen_tsumo", "rinshan", "chankan", "haitei", "houtei"}
)


class IllegalMove(InputError):
    """A move the decision does not allow, naming the rule that forbids it; the table is unchanged."""


class Move(NamedTuple):
    """One move of the seat that decides now (``Table.to_move``).

    ``kind`` is one of :data:`MOVE_KINDS`. Tiles are wall tiles 0-135 (``kind * 4 + copy``; a
    five's lowest copies are its red fives), so a red five and the drawn tile are moves of their
    own: ``Move("discard", 53)``, ``Move("riichi", 53)`` (declare riichi discarding 53),
    ``Move("tsumo")``, ``Move("ron")``, ``Move("nine_terminals")``, ``Move("pass")``; the calls
    (``chi``, ``pon``, ``open_kan``: ``tile`` the discard called, ``tiles`` the caller's own,
    ascending; ``closed_kan``: ``tiles`` the four; ``added_kan``, ``kita``: ``tile``)."""

    kind: str
    tile: int | None = None
    tiles: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.tiles:
            return (
                f"{self.kind} {self.tile} with {list(self.tiles)}"
                if self.tile is not None
                else f"{self.kind} {list(self.tiles)}"
            )
        return self.kind if self.tile is None else f"{self.kind} {self.tile}"


TSUMO = Move("tsumo")
RON = Move("ron")
PASS = Move("pass")
NINE_TERMINALS = Move("nine_terminals")
#: The discard and the riichi discard of each wall tile, made once (a move is a value).
_DISCARDS = tuple(Move("discard", tile) for tile in range(136))
_RIICHI_DISCARDS = tuple(Move("riichi", tile) for tile in range(136))
#: For each tile kind, the two kinds a chi on it takes with it, lowest first (none for honours).
_CHI_SHAPES = tuple(
    tuple(
        (first, second)
        for first, second in ((kind - 2, kind - 1), (kind - 1, kind + 1), (kind + 1, kind + 2))
        if kind < 27 and first >= kind - kind % 9 and second <= kind - kind % 9 + 8
    )
    for kind in range(34)
)


class TableHand(NamedTuple):
    """One finished hand: the ``state`` it was played in, how it ended (one of :data:`ENDINGS`)
    and its :class:`yakuset.riichi.Settlement`."""

    state: State
    ending: str
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
        "_players",
        "_others",
        "_given",
        "_one_wall",
        "_state",
        "_hands",
        "_events",
        "_number",
        "_wall",
        "_concealed",
        "_kinds",
        "_melds",
        "_discards",
        "_called_away",
        "_pao",
        "_kans",
        "_kita",
        "_calls",
        "_offer",
        "_offer_kind",
        "_rinshan",
        "_kuikae",
        "_riichi",
        "_double",
        "_ippatsu",
        "_sticks",
        "_furiten",
        "_waits",
        "_floor",
        "_counted",
        "_interrupted",
        "_turn",
        "_drawn",
        "_phase",
        "_discarder",
        "_asking",
        "_reactions",
        "_ron",
        "_pending_riichi",
        "_legal",
        "_scores",
        "_limits",
        "_missing",
    )

    def __init__(self, rs: RuleSet, *, seed: int = 0, wall: Any = None, state: State | None = None) -> None:
        self.rs = rs
        self.rules: RiichiRules = rules_of(rs)
        self.seed = a_seed("seed", seed)
        self._table: TableRules = self.rules.table
        self._players = n = self._table.players
        self._others = tuple(tuple((seat + k) % n for k in range(1, n)) for seat in range(n))
        self._given = _walls(rs, wall)
        self._one_wall = wall is not None and isinstance(wall[0], (int, str))
        self._state = new_game(rs) if state is None else _start_state(self._table, state)
        self._hands: list[TableHand] = []
        self._events: list[dict[str, Any]] = []
        self._number = -1
        limits = bytearray(b"\x04" * 34)
        for kind in self._table.removed:
            limits[kind] = 0
        self._limits = bytes(limits)
        self._legal: list[Move] | None = None
        self._missing: InputError | None = None
        self._scores: dict[tuple[int, int], HandScore] = {}
        self._events.extend(self._start_hand(self._wall_for(0)))

    # --- what the table shows ------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat that decides now, or ``None`` once the game is over."""
        if self._phase == "over" or self._phase == "stopped":
            return None
        return self._turn if self._phase == "turn" else self._asking[0]

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
    def events(self) -> list[dict[str, Any]]:
        """Every event so far, in order (JSON-able dicts; ``type`` says which)."""
        return [dict(event) for event in self._events]

    def standings(self) -> list[Standing]:
        """The standings of the game (:func:`yakuset.riichi.standings` of :attr:`state`): final
        once the game is over, else as if it ended now."""
        return standings(self.rs, self._state)

    def view(self, seat: int) -> View:
        """What ``seat`` may see, read-only and live (:class:`View`)."""
        if type(seat) is not int or not 0 <= seat < self._players:
            raise InputError(f"seat must be 0-{self._players - 1}, got {shown(seat)}")
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
            if self._phase == "over" or self._phase == "stopped":
                self._legal = []
            elif self._phase == "turn":
                self._legal = self._turn_moves()
            else:
                self._legal = self._reactions_of(self._asking[0])
        return list(self._legal)

    def is_legal(self, move: object) -> bool:
        """Whether :meth:`play` would take ``move`` for :attr:`to_move` now: a move of
        :meth:`legal_moves` (or a chi or pon of other copies of the same tiles). Only the rules of
        the move's kind are worked out, so checking one move costs less than listing them all."""
        return self._accepted(move) is not None

    def play(self, move: Move) -> tuple[dict[str, Any], ...]:
        """Play ``move`` for :attr:`to_move`: returns the events it caused (the move, draws, a
        hand's end and the next deal), or raises :class:`IllegalMove` naming the rule that
        forbids it, the table unchanged."""
        accepted = self._accepted(move)
        if accepted is None:
            raise IllegalMove(self._refusal(_as_move(move)))
        events: list[dict[str, Any]] = []
        if self._phase == "turn":
            self._play_turn(accepted, events)
        else:
            self._play_reaction(accepted, events)
        self._legal = None
        self._events.extend(events)
        if self._missing is not None:
            raise self._missing  # the hand is settled and recorded; the table stops
        return tuple(events)

    def _accepted(self, move: Any) -> Move | None:
        """``move`` as :meth:`play` takes it (a legal :class:`Move`, from a tuple of its fields
        too, or the same call of other copies), or ``None`` when it is not legal now."""
        if self._listed(move):
            return move if type(move) is Move else Move(*move)
        if type(move) is Move and type(move.tiles) is tuple:  # shaped already: only another copy's call
            return self._same_call(move)
        shaped = _as_move(move)
        if shaped is move or not self._listed(shaped):
            return self._same_call(shaped)
        return shaped  # type: ignore[no-any-return]

    def _listed(self, move: Any) -> bool:
        """Whether ``move`` is one of :meth:`legal_moves`. On a turn only the moves of its kind
        are listed (:meth:`_turn_moves_of`): a discard is checked without the riichi discards."""
        if not isinstance(move, tuple) or len(move) != 3:
            return False  # a move is a 3-tuple: nothing else equals one
        phase = self._phase
        if phase == "reaction":
            return move in self._reactions_of(self._asking[0])
        if phase != "turn":
            return False  # the game is over or the table stopped: no move is legal
        if self._legal is not None:
            return move in self._legal
        kind = move[0]
        if kind == "discard":  # the moves of _turn_moves_of("discard"), not made
            return move[2] == () and move[1] in self._discard_tiles()
        return type(kind) is str and kind in _TURN_KINDS and move in self._turn_moves_of(kind)

    def _same_call(self, move: Any) -> Move | None:
        """A chi or pon of other copies than a legal one takes (the same tiles, red or plain),
        held by the seat: the same call, as a game log names it (``None`` if there is none).
        :meth:`legal_moves` lists the lowest copies only."""
        if type(move) is not Move or move.kind not in ("chi", "pon") or self._phase != "reaction":
            return None
        hand, table = self._concealed[self._asking[0]], self._table
        tiles = tuple(sorted(move.tiles)) if isinstance(move.tiles, tuple) else ()
        if not tiles or len(set(tiles)) != len(tiles) or not all(type(t) is int and t in hand for t in tiles):
            return None
        labels = [tile_label(table, t) for t in tiles]
        for choice in self.legal_moves():
            same_kind = choice.kind == move.kind and choice.tile == move.tile and len(choice.tiles) == len(tiles)
            if same_kind and [tile_label(table, t) for t in choice.tiles] == labels:
                return Move(move.kind, move.tile, tiles)
        return None

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

    def _start_hand(self, wall: Wall) -> list[dict[str, Any]]:
        n = self._players
        state = self._state
        self._number += 1
        self._wall = wall
        dealt = wall.deal(state.dealer)
        self._concealed = [sorted(hand) for hand in dealt]
        self._kinds = [bytearray(self._counts(hand)) for hand in dealt]
        self._melds: list[list[Meld]] = [[] for _ in range(n)]
        self._discards: list[list[int]] = [[] for _ in range(n)]
        self._called_away: list[bool] = [False] * n
        self._riichi: list[bool] = [False] * n
        self._double: list[bool] = [False] * n
        self._ippatsu: list[bool] = [False] * n
        self._sticks: list[int] = []
        self._furiten: list[str | None] = [None] * n  # "temporary", "riichi"
        self._kita: list[list[int]] = [[] for _ in range(n)]  # the norths each seat set aside
        self._waits: list[tuple[int, ...]] = [()] * n
        self._floor: list[int] = [0] * n
        self._counted: list[tuple[tuple[bytes, bytes, int], tuple[int, tuple[int, ...]]]] = [
            ((b"", b"", 0), (0, ()))
        ] * n
        for seat in range(n):
            self._count_waits(seat)
        self._pao: list[dict[str, int]] = [{} for _ in range(n)]
        self._kans: list[int] = []
        self._interrupted = False
        self._pending_riichi = False
        self._asking: list[int] = []
        self._reactions: dict[int, list[Move]] = {}
        self._ron: list[int] = []
        self._calls: list[tuple[int, Move]] = []
        self._discarder = -1
        self._offer = -1
        self._offer_kind = "discard"
        self._scores = {}
        self._drawn: int | None = None
        self._rinshan = False
        self._kuikae: tuple[str, int, tuple[int, ...]] | None = None
        events: list[dict[str, Any]] = [
            {
                "type": "hand",
                "number": self._number,
                "round_wind": state.round_wind,
                "hand": state.hand,
                "dealer": state.dealer,
                "honba": state.honba,
                "sticks": state.sticks,
                "scores": list(state.scores),
                "dora_indicators": list(wall.dora_indicators),
                "hands": [list(hand) for hand in self._concealed],
            }
        ]
        self._draw(state.dealer, events)
        return events

    def _draw(self, seat: int, events: list[dict[str, Any]], replacement: bool = False) -> None:
        shown_before = self._wall.revealed
        tile = self._wall.replacement() if replacement else self._wall.draw()
        insort(self._concealed[seat], tile)
        self._kinds[seat][tile >> 2] += 1
        self._turn, self._drawn, self._phase, self._rinshan = seat, tile, "turn", replacement
        self._kuikae = None
        self._scores = {}
        event: dict[str, Any] = {"type": "draw", "seat": seat, "tile": tile}
        if replacement:
            event["replacement"] = True
        events.append(event)
        self._dora_shown(shown_before, events)

    def _dora_shown(self, before: int, events: list[dict[str, Any]]) -> None:
        """An event for each dora indicator revealed since ``before`` were shown."""
        if self._wall.revealed == before:
            return
        shown_now = self._wall.dora_indicators
        for tile in shown_now[before:]:
            events.append({"type": "dora", "indicator": tile})

    def _counts(self, tiles: Sequence[int]) -> bytes:
        counts = bytearray(34)
        for tile in tiles:
            counts[tile >> 2] += 1
        return bytes(counts)

    def _take(self, seat: int, tiles: Sequence[int]) -> None:
        """Take ``tiles`` out of ``seat``'s concealed hand (and its counts by kind, ``_kinds``)."""
        hand, kinds = self._concealed[seat], self._kinds[seat]
        for tile in tiles:
            hand.remove(tile)
            kinds[tile >> 2] -= 1

    def _seat_limits(self, seat: int, extra: Sequence[int] = ()) -> bytes:
        """The copies of each tile left for ``seat``'s hand: four, less its melds' (and ``extra``)."""
        melds, kita = self._melds[seat], self._kita[seat]
        if not melds and not extra and not kita:
            return self._limits
        limits = bytearray(self._limits)
        for meld in melds:
            for tile in meld.tiles:
                limits[tile >> 2] -= 1
        limits[NORTH] -= len(kita)
        for tile in extra:
            limits[tile >> 2] -= 1
        return bytes(limits)

    def _count_waits(self, seat: int) -> None:
        """Count the waits of ``seat``'s hand of 13 (less 3 a meld), and its floor from them.

        ``_floor[seat]`` is one less than a lower bound of the shanten of the seat's hand of 13
        as it was before its turn (here: the hand counted), so a lower bound of the shanten of
        its hand when it next discards, both before (a tile drawn or called) and after the
        discard: a tile added lowers the shanten by at most one, a meld fixed or a tile
        discarded never lowers it. So while the floor is 1 or more the hand cannot be tenpai nor
        declare riichi, and nothing needs counting (:meth:`_discard`, :meth:`_riichi_tiles`);
        the floor then goes down by one, but not when the drawn tile is discarded: the hand is
        again the one before the draw, its shanten one more than the floor, so not tenpai from
        a floor of 0 either.

        The hand counted last is remembered (``_counted[seat]``: its counts, limits and melds,
        and what they gave): the same hand again (the drawn tile discarded, as every turn after
        riichi) is not counted again."""
        kinds, limits, melds = bytes(self._kinds[seat]), self._seat_limits(seat), len(self._melds[seat])
        hand, counted = self._counted[seat]
        if hand != (kinds, limits, melds):
            counted = shanten_and_waits(kinds, limits, melds)
            self._counted[seat] = ((kinds, limits, melds), counted)
        shanten, self._waits[seat] = counted
        self._floor[seat] = shanten - 1

    def _is_open(self, seat: int) -> bool:
        return any(meld.kind != "ankan" for meld in self._melds[seat])

    def _first_turn(self, seat: int) -> bool:
        """No call yet this hand and ``seat`` has not discarded: its first go-around."""
        return not self._interrupted and not self._discards[seat]

    # --- wins ----------------------------------------------------------------------------------

    def _win(self, seat: int, tile: int, tsumo: bool) -> dict[str, Any]:
        """The win as :func:`yakuset.riichi.settle` takes it (tiles, melds, indicators, every flag)."""
        table, wall = self._table, self._wall
        concealed = list(self._concealed[seat])
        if not tsumo:
            concealed.append(tile)
        last = wall.live_left == 0
        first = self._first_turn(seat)
        dealer = seat == self._state.dealer
        riichi = self._riichi[seat]
        win: dict[str, Any] = {
            "seat": seat,
            "hand": _mpsz(table, concealed),
            "win": tile_label(table, tile),
            "melds": [(meld.kind, _mpsz(table, meld.tiles)) for meld in self._melds[seat]],
            "dora_indicators": [tile_label(table, t) for t in wall.dora_indicators],
            "tsumo": tsumo,
        }
        if self._kita[seat]:
            win["kita"] = len(self._kita[seat])
        if riichi:
            win["ura_indicators"] = [tile_label(table, t) for t in wall.ura_indicators]
            win["double_riichi" if self._double[seat] else "riichi"] = True
            if self._ippatsu[seat]:
                win["ippatsu"] = True
        if tsumo:
            if first:
                win["tenhou" if dealer else "chihou"] = True
            elif self._rinshan:
                win["rinshan"] = True
            elif last:
                win["haitei"] = True
        elif self._offer_kind == "kita":
            if table.kita is not None and table.kita.ron == "chankan":
                win["chankan"] = True
        elif self._offer_kind != "discard":
            win["chankan"] = True
            if self._offer_kind == "closed_kan":
                win["chankan_closed_kan"] = True
        elif first and not dealer:
            win["renhou"] = True
        elif last:
            win["houtei"] = True
        return win

    def _score(self, seat: int, tile: int, tsumo: bool) -> HandScore | None:
        """The win's score, or ``None`` when the hand has no yaku, or under ``wins.atozuke:
        false`` not on every tile of its wait (remembered for the decision)."""
        key = (seat, -1 if tsumo else tile)
        found = self._scores.get(key)
        if found is None and key not in self._scores:
            found = self._evaluate(seat, tile, tsumo)
            if found is not None and not self._table.atozuke and self._atozuke_gap(seat, tile, tsumo, found):
                found = None
            self._scores[key] = found  # type: ignore[assignment]
        return found

    def _evaluate(self, seat: int, tile: int, tsumo: bool) -> HandScore | None:
        """The win scored by :func:`evaluate` with every flag the table finds, or ``None`` for no yaku."""
        win = self._win(seat, tile, tsumo)
        flags = {k: v for k, v in win.items() if k not in ("seat", "hand", "win", "melds")}
        state = self._state
        try:
            return evaluate(
                self.rs,
                win["hand"],
                win=win["win"],
                melds=win["melds"],
                seat_wind=WIND_NAMES[(seat - state.dealer) % self._players],
                round_wind=state.round_wind,
                **flags,
            )
        except InputError as error:
            if not str(error).startswith("no yaku"):
                raise
            return None

    def _atozuke_gap(self, seat: int, tile: int, tsumo: bool, found: HandScore) -> str | None:
        """Under ``wins.atozuke: false``, a tile ``seat`` waits on that would complete its hand,
        in the same situation, without a yaku (the win needs a yaku on every tile of its wait),
        or ``None``. A yaku of the situation (riichi, tsumo, rinshan, chankan ...) is one on every tile."""
        if not set(found.yaku).isdisjoint(_SITUATION_YAKU):
            return None
        win = self._win(seat, tile, tsumo)
        flags = {k: v for k, v in win.items() if k not in ("seat", "hand", "win", "melds")}
        concealed = list(self._concealed[seat])
        if tsumo:
            concealed.remove(tile)
        state = self._state
        for kind in self._waits[seat]:
            if kind == tile >> 2:
                continue
            other = kind * 4 + 3  # a plain copy: a five's red copies are its lowest
            try:
                evaluate(
                    self.rs,
                    _mpsz(self._table, [*concealed, other]),
                    win=tile_label(self._table, other),
                    melds=win["melds"],
                    seat_wind=WIND_NAMES[(seat - state.dealer) % self._players],
                    round_wind=state.round_wind,
                    **flags,
                )
            except InputError as error:
                if str(error).startswith("no yaku"):
                    return tile_name(kind)
                raise
        return None

    def _atozuke_refusal(self, seat: int, tile: int, tsumo: bool) -> str | None:
        """Why a win with a yaku is refused under ``wins.atozuke: false``, or ``None``."""
        if self._table.atozuke:
            return None
        found = self._evaluate(seat, tile, tsumo)
        gap = None if found is None else self._atozuke_gap(seat, tile, tsumo, found)
        return None if gap is None else f"atozuke: {gap} would complete the hand without a yaku (wins.atozuke: false)"

    def _furiten_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not ron now, or ``None``."""
        waits = self._waits[seat]
        own = {tile >> 2 for tile in self._discards[seat]}
        for kind in waits:
            if kind in own:
                return f"furiten: {tile_name(kind)} is in your discards"
        if self._furiten[seat] == "riichi":
            return "furiten: a winning tile passed after your riichi (furiten until the hand ends)"
        if self._furiten[seat] == "temporary":
            return "furiten: a winning tile passed since your last discard"
        return None

    # --- the seat whose turn it is -------------------------------------------------------------

    def _turn_moves(self) -> list[Move]:
        moves: list[Move] = []
        for kind in _TURN_KINDS:
            moves.extend(self._turn_moves_of(kind))
        return moves

    def _turn_moves_of(self, kind: str) -> list[Move]:
        """The legal moves of ``kind`` (one of :data:`_TURN_KINDS`) of the seat whose turn it is."""
        seat = self._turn
        drawn = self._drawn
        if kind == "discard":
            return [_DISCARDS[tile] for tile in self._discard_tiles()]
        if drawn is None:  # after a chi or pon: a discard only
            return []
        if kind == "riichi":
            return [] if self._riichi[seat] else [_RIICHI_DISCARDS[tile] for tile in self._riichi_tiles(seat)]
        if kind == "tsumo":
            return [TSUMO] if self._can_tsumo(seat, drawn) else []
        if kind == "nine_terminals":
            return [NINE_TERMINALS] if "nine_terminals" in self._table.abortive and self._nine_terminals(seat) else []
        if kind == "closed_kan":
            return self._closed_kans(seat)
        if kind == "added_kan":
            return [] if self._riichi[seat] else self._added_kans(seat)
        return self._kita_moves(seat, drawn) if self._table.kita is not None else []  # kita

    def _discard_tiles(self) -> Sequence[int]:
        """The tiles the seat whose turn it is may discard (:meth:`_turn_moves_of`): any after a
        draw, the drawn tile after riichi, after a chi or pon those kuikae allows."""
        seat = self._turn
        drawn = self._drawn
        if drawn is None:
            return [tile for tile in self._concealed[seat] if self._kuikae_refusal(tile) is None]
        return (drawn,) if self._riichi[seat] else self._concealed[seat]

    def _can_tsumo(self, seat: int, drawn: int) -> bool:
        waits = self._waits[seat]  # of the hand before the draw
        return drawn >> 2 in waits and self._score(seat, drawn, True) is not None

    def _nine_terminals(self, seat: int) -> bool:
        if not self._first_turn(seat):
            return False
        kinds = {tile >> 2 for tile in self._concealed[seat]}
        return len(kinds & TERMINALS_AND_HONOURS) >= 9

    def _may_kan(self) -> bool:
        """A kan needs a replacement tile and leaves the dead wall its size: the live wall must
        hold a tile, and there are at most four kans a hand."""
        return self._wall.live_left > 0 and len(self._kans) < MAX_KANS

    def _closed_kans(self, seat: int) -> list[Move]:
        if not self._may_kan():
            return []
        counts = self._kinds[seat]
        if 4 not in counts:
            return []
        hand = self._concealed[seat]
        out = []
        for kind in range(34):
            if counts[kind] == 4:
                tiles = tuple(tile for tile in hand if tile >> 2 == kind)
                if not self._riichi[seat] or self._kan_keeps_wait(seat, tiles):
                    out.append(Move("closed_kan", None, tiles))
        return out

    def _kan_keeps_wait(self, seat: int, tiles: tuple[int, ...]) -> bool:
        """After riichi a closed kan is allowed of the tile just drawn when the waits stay the same."""
        assert self._drawn is not None
        if self._drawn >> 2 != tiles[0] >> 2:
            return False
        rest = [tile for tile in self._concealed[seat] if tile not in tiles]
        after = waits_of(self._counts(rest), self._seat_limits(seat, tiles), len(self._melds[seat]) + 1)
        return after == self._waits[seat]

    def _added_kans(self, seat: int) -> list[Move]:
        if not self._melds[seat] or not self._may_kan():
            return []
        pons = {meld.tiles[0] >> 2 for meld in self._melds[seat] if meld.kind == "pon"}
        return [Move("added_kan", tile) for tile in self._concealed[seat] if tile >> 2 in pons]

    def _kita_moves(self, seat: int, drawn: int) -> list[Move]:
        """Each north ``seat`` may set aside (``kita:``): one a replacement tile can follow (the
        live wall holds a tile); after riichi only the north just drawn."""
        if self._wall.live_left == 0:
            return []
        if self._riichi[seat]:
            return [Move("kita", drawn)] if drawn >> 2 == NORTH else []
        return [Move("kita", tile) for tile in self._concealed[seat] if tile >> 2 == NORTH]

    def _riichi_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not declare riichi whatever it discards, or ``None``."""
        table = self._table
        if self._riichi[seat]:
            return "riichi: you declared riichi already"
        if self._is_open(seat):
            return "riichi: only a closed hand may declare riichi (you called)"
        score = self._state.scores[seat]
        if score < table.riichi_needs:
            return f"riichi: you have {score} points and riichi needs {table.riichi_needs} (points.riichi_needs)"
        need = table.riichi_draws_left * self._players
        if self._wall.live_left < need:
            return (
                f"riichi: {self._wall.live_left} tile(s) left in the live wall, and riichi needs {need} "
                f"(wins.riichi_draws_left: {table.riichi_draws_left} draw(s) of your own)"
            )
        return None

    def _riichi_tiles(self, seat: int) -> list[int]:
        """The tiles ``seat`` may discard declaring riichi: those that leave the hand tenpai."""
        if self._floor[seat] > 0 or self._riichi_refusal(seat) is not None:  # floor: see _count_waits
            return []
        hand = self._concealed[seat]
        counts = bytearray(self._kinds[seat])
        limits, melds = self._seat_limits(seat), len(self._melds[seat])
        found = shanten_of(bytes(counts), limits, melds)
        if found > 0:  # the hand before the draw is as far from tenpai at least
            self._floor[seat] = found - 1
            return []
        tenpai: dict[int, bool] = {}
        out = []
        for tile in hand:
            kind = tile >> 2
            if kind not in tenpai:
                counts[kind] -= 1
                tenpai[kind] = bool(waits_of(bytes(counts), limits, melds))
                counts[kind] += 1
            if tenpai[kind]:
                out.append(tile)
        return out

    def _kuikae_refusal(self, tile: int) -> str | None:
        """Why the seat that just called may not discard ``tile`` (``wins.kuikae``), or ``None``."""
        if self._kuikae is None:
            return None
        kind, called, own = self._kuikae
        forbidden = _swap_kinds(self._table.kuikae, kind, called, own)
        if tile >> 2 not in forbidden:
            return None
        table = self._table
        mine = "".join(tile_label(table, t) for t in own)
        return f"kuikae: {table.kuikae}: {tile_label(table, called)} was just called with {mine}"

    def _play_turn(self, move: Move, events: list[dict[str, Any]]) -> None:
        seat = self._turn
        kind = move.kind
        if kind == "tsumo":
            assert self._drawn is not None
            self._end_win(seat, self._drawn, None, events)
        elif kind == "nine_terminals":
            events.append({"type": "nine_terminals", "seat": seat})
            self._end_hand("nine_terminals", {"abort": "nine_terminals"}, events)
        elif kind == "closed_kan":
            self._take(seat, move.tiles)
            self._melds[seat].append(Meld("ankan", move.tiles, None, None))
            events.append({"type": "closed_kan", "seat": seat, "tiles": list(move.tiles)})
            self._offer_kan(seat, move.tiles[0], "closed_kan", events)
        elif kind == "added_kan":
            assert move.tile is not None
            self._take(seat, (move.tile,))
            melds = self._melds[seat]
            at = next(i for i, m in enumerate(melds) if m.kind == "pon" and m.tiles[0] >> 2 == move.tile >> 2)
            pon = melds[at]
            melds[at] = Meld("kan", tuple(sorted((*pon.tiles, move.tile))), pon.called, pon.source)
            events.append({"type": "added_kan", "seat": seat, "tile": move.tile})
            self._offer_kan(seat, move.tile, "added_kan", events)
        elif kind == "kita":
            assert move.tile is not None
            self._take(seat, (move.tile,))
            self._kita[seat].append(move.tile)
            self._interrupted = True  # a kita counts as a call: the first go-around is over
            self._count_waits(seat)
            events.append({"type": "kita", "seat": seat, "tile": move.tile})
            self._drawn = None
            self._offer_to_others(seat, move.tile, "kita", events)
        else:
            assert move.tile is not None
            self._discard(seat, move.tile, kind == "riichi", events)

    def _discard(self, seat: int, tile: int, riichi: bool, events: list[dict[str, Any]]) -> None:
        self._take(seat, (tile,))
        double = riichi and self._first_turn(seat)
        self._discards[seat].append(tile)
        self._ippatsu[seat] = False
        if self._furiten[seat] == "temporary":
            self._furiten[seat] = None
        if riichi:
            self._riichi[seat] = True
            self._double[seat] = double
            self._pending_riichi = True
        floor = self._floor[seat]
        if floor > 0 or (floor == 0 and tile == self._drawn):  # not tenpai: see _count_waits
            self._waits[seat] = ()
            if tile != self._drawn:  # the drawn tile discarded: the hand before the draw, its floor kept
                self._floor[seat] = floor - 1
        else:
            self._count_waits(seat)
        events.append(
            {"type": "discard", "seat": seat, "tile": tile, "tsumogiri": tile == self._drawn, "riichi": riichi}
        )
        shown_before = self._wall.revealed
        self._wall.discarded()  # a kan's dora due after its discard
        self._dora_shown(shown_before, events)
        self._kuikae = None
        self._rinshan = False
        self._drawn = None
        self._offer_to_others(seat, tile, "discard", events)

    def _offer_kan(self, seat: int, tile: int, kind: str, events: list[dict[str, Any]]) -> None:
        """A closed or added kan: the others may rob it (chankan), else it stands."""
        self._drawn = None
        self._offer_to_others(seat, tile, kind, events)

    def _offer_to_others(self, seat: int, tile: int, kind: str, events: list[dict[str, Any]]) -> None:
        """Ask each other seat that may do more than pass, in turn order from ``seat``'s right."""
        self._discarder, self._offer, self._offer_kind = seat, tile, kind
        self._scores = {}
        self._ron, self._calls = [], []
        self._reactions = {}
        n = self._players
        offered, waits, kinds = tile >> 2, self._waits, self._kinds
        right = (seat + 1) % n  # the one seat that may chi (_may_chi)
        asking = []
        for other in self._others[seat]:
            if (
                offered not in waits[other]
                and kinds[other][offered] < 2
                and (other != right or not self._may_chi(other, offered))
            ):
                continue  # no ron, no pon or kan, no chi: only a pass (see _reaction_moves)
            if len(self._reactions_of(other)) > 1:
                asking.append(other)
        self._asking = asking
        self._phase = "reaction"
        if not self._asking:
            self._resolve(events)

    # --- the other seats' reactions to a discard or a kan ---------------------------------------

    def _reactions_of(self, seat: int) -> list[Move]:
        """``seat``'s moves answering the offer now (:meth:`_reaction_moves`), remembered until a
        ron or a call is declared."""
        found = self._reactions.get(seat)
        if found is None:
            found = self._reactions[seat] = self._reaction_moves(seat)
        return found

    def _reaction_moves(self, seat: int) -> list[Move]:
        moves = []
        tile = self._offer
        kind = tile >> 2
        offer = self._offer_kind
        if (
            kind in self._waits[seat]
            and self._furiten_reason(seat) is None
            and (offer != "closed_kan" or self._table.kokushi_robs_closed_kan)
            and (offer != "kita" or self._kita_ron())
            and self._robs_closed_kan_as_kokushi(seat, offer)
            and self._score(seat, tile, False)
        ):
            moves.append(RON)
        declared = self._calls[0][1].kind if self._calls else None
        if (
            offer == "discard"
            and not self._ron
            and declared in (None, "chi")
            and not self._riichi[seat]
            and self._wall.live_left > 0  # the last discard (houtei) is not called
            and not self._four_kans()  # the hand aborts unless this discard is ronned
        ):
            moves.extend(self._calls_on(seat, tile))
        moves.append(PASS)
        return moves

    def _kita_ron(self) -> bool:
        kita = self._table.kita
        return kita is not None and kita.ron != "forbidden"

    def _robs_closed_kan_as_kokushi(self, seat: int, offer: str) -> bool:
        """Only the thirteen orphans rob a closed kan: a closed hand of thirteen different
        terminals and honours, tenpai (the kan's tile among its waits)."""
        if offer != "closed_kan":
            return True
        hand = self._concealed[seat]
        return not self._melds[seat] and all(t >> 2 in TERMINALS_AND_HONOURS for t in hand)

    def _calls_on(self, seat: int, tile: int) -> list[Move]:
        """``seat``'s open kan, pon and chi moves on ``tile`` (one move per choice of red or plain
        tiles, the lowest copies), each only if a discard would be allowed after it (kuikae)."""
        kind = tile >> 2
        kinds = self._kinds[seat]
        chi = self._may_chi(seat, kind)
        if kinds[kind] < 2 and not chi:
            return []
        hand = self._concealed[seat]
        same = _of_kind(hand, kind)
        out = []
        if len(same) == 3 and self._may_kan():
            out.append(Move("open_kan", tile, tuple(same)))
        if len(same) >= 2:
            out.extend(Move("pon", tile, pair) for pair in _choices([same, same], self._table))
        if chi:
            for first, second in _CHI_SHAPES[kind]:
                if not kinds[first] or not kinds[second]:
                    continue
                a, b = _of_kind(hand, first), _of_kind(hand, second)
                if a and b:
                    out.extend(Move("chi", tile, pair) for pair in _choices([a, b], self._table))
        return [move for move in out if move.kind == "open_kan" or self._may_discard_after(seat, move)]

    def _may_chi(self, seat: int, kind: int) -> bool:
        """Whether ``seat`` sits on the discarder's right, the rule set has chi, and the seat holds
        both other tiles of a run with ``kind``."""
        if not self._table.chi or seat != (self._discarder + 1) % self._players:
            return False
        kinds = self._kinds[seat]
        return any(kinds[a] and kinds[b] for a, b in _CHI_SHAPES[kind])

    def _may_discard_after(self, seat: int, move: Move) -> bool:
        assert move.tile is not None
        forbidden = _swap_kinds(self._table.kuikae, move.kind, move.tile, move.tiles)
        kinds = self._kinds[seat]
        kept = sum(kinds[kind] for kind in forbidden) - sum(tile >> 2 in forbidden for tile in move.tiles)
        return len(self._concealed[seat]) - len(move.tiles) > kept  # a tile left that is not forbidden

    def _play_reaction(self, move: Move, events: list[dict[str, Any]]) -> None:
        seat = self._asking.pop(0)
        if move.kind == "ron":
            self._ron.append(seat)
            events.append({"type": "ron", "seat": seat, "tile": self._offer})
            if self._table.head_bump:
                self._asking = []
        elif move.kind == "pass":
            events.append({"type": "pass", "seat": seat})
        else:
            self._calls.insert(0, (seat, move))  # a later call outranks a chi: it is asked only if it may
            events.append(
                {"type": "declare", "seat": seat, "kind": move.kind, "tile": move.tile, "tiles": list(move.tiles)}
            )
        if self._ron or self._calls:  # the seats still to answer may only do what outranks it
            self._reactions = {}
            self._asking = [other for other in self._asking if len(self._reactions_of(other)) > 1]
        if not self._asking:
            self._resolve(events)

    def _resolve(self, events: list[dict[str, Any]]) -> None:
        """Every seat asked has answered: the rons win; else a kan stands, or the discard is
        called or stays and play goes on."""
        discarder, tile = self._discarder, self._offer
        if self._ron:
            self._end_win(self._ron[0], tile, discarder, events)
            return
        n = self._players
        offer = self._offer_kind
        for seat in range(n):  # a winning tile passed: furiten until the seat's next discard
            if seat == discarder or tile >> 2 not in self._waits[seat]:
                continue
            if offer == "closed_kan" and not (
                self._table.kokushi_robs_closed_kan and self._robs_closed_kan_as_kokushi(seat, "closed_kan")
            ):
                continue  # a closed kan's tile is no winning tile but to the thirteen orphans that may rob it
            if offer == "kita" and not self._kita_ron():
                continue  # nor is a north nobody may ron
            self._furiten[seat] = "riichi" if self._riichi[seat] else (self._furiten[seat] or "temporary")
        if offer == "kita":
            kita = self._table.kita
            if kita is not None and kita.breaks_ippatsu:
                self._ippatsu = [False] * n
            self._draw(discarder, events, replacement=True)
            return
        if self._offer_kind != "discard":
            self._complete_kan(discarder, self._offer_kind == "closed_kan", None, events)
            return
        if self._pending_riichi:
            self._pending_riichi = False
            self._sticks.append(discarder)
            self._ippatsu[discarder] = True
            events.append({"type": "riichi", "seat": discarder})
            if "four_riichi" in self._table.abortive and len(self._sticks) == n == 4:
                self._end_hand("four_riichi", {"abort": "four_riichi"}, events)
                return
        if self._four_winds():
            self._end_hand("four_winds", {"abort": "four_winds"}, events)
            return
        if self._four_kans():
            self._end_hand("four_kans", {"abort": "four_kans"}, events)
            return
        if self._calls:
            seat, move = self._calls[0]
            self._call(seat, move, events)
            return
        if self._wall.live_left == 0:
            self._exhaustive_draw(events)
            return
        self._draw((discarder + 1) % n, events)

    def _call(self, seat: int, move: Move, events: list[dict[str, Any]]) -> None:
        """``seat`` takes the discard for a chi, a pon or an open kan."""
        assert move.tile is not None
        discarder = self._discarder
        self._called_away[discarder] = True
        self._take(seat, move.tiles)
        kind = "kan" if move.kind == "open_kan" else move.kind
        meld = Meld(kind, tuple(sorted((move.tile, *move.tiles))), move.tile, discarder)
        self._melds[seat].append(meld)
        self._interrupted = True
        self._ippatsu = [False] * self._players
        self._liability(seat, meld)
        events.append(
            {"type": move.kind, "seat": seat, "tile": move.tile, "tiles": list(move.tiles), "from": discarder}
        )
        if move.kind == "open_kan":
            self._complete_kan(seat, False, discarder, events)
            return
        self._turn, self._drawn, self._phase, self._rinshan = seat, None, "turn", False
        self._kuikae = (move.kind, move.tile, move.tiles)
        self._scores = {}

    def _complete_kan(self, seat: int, closed: bool, fed_by: int | None, events: list[dict[str, Any]]) -> None:
        """A kan stands: its dora when the rule set says, then the replacement draw."""
        self._kans.append(seat)
        self._interrupted = True
        self._ippatsu = [False] * self._players
        own_kans = self._kans.count(seat)
        if fed_by is not None and own_kans == MAX_KANS and "suukantsu" in self._table.pao_yakuman:
            self._pao[seat]["suukantsu"] = fed_by
        self._count_waits(seat)
        shown_before = self._wall.revealed
        self._wall.kan(closed)
        self._dora_shown(shown_before, events)
        self._draw(seat, events, replacement=True)

    def _liability(self, seat: int, meld: Meld) -> None:
        """A call that completes the third dragon set or the fourth wind set makes the discarder
        liable (pao) for daisangen or daisuushii, where ``liability.yakuman`` names it."""
        kind = meld.tiles[0] >> 2
        if meld.source is None or meld.kind == "chi":
            return
        sets = [m.tiles[0] >> 2 for m in self._melds[seat] if m.kind != "chi"]
        if kind in DRAGONS and sum(k in DRAGONS for k in sets) == len(DRAGONS):
            yakuman = "daisangen"
        elif kind in WINDS and sum(k in WINDS for k in sets) == len(WINDS):
            yakuman = "daisuushii"
        else:
            return
        if yakuman in self._table.pao_yakuman:
            self._pao[seat][yakuman] = meld.source

    def _four_winds(self) -> bool:
        if len(self._discards[self._discarder]) != 1:  # not every seat's first discard
            return False
        if "four_winds" not in self._table.abortive or self._interrupted or self._players != 4:
            return False
        firsts = [discards[0] >> 2 if len(discards) == 1 else -1 for discards in self._discards]
        return firsts[0] in WINDS and firsts.count(firsts[0]) == 4

    def _four_kans(self) -> bool:
        """Four kans by more than one seat, where ``draws.abortive`` has ``four_kans``: the discard
        after the fourth may only be ronned, else the hand aborts."""
        kans = self._kans
        return len(kans) == MAX_KANS and "four_kans" in self._table.abortive and len(set(kans)) > 1

    def _exhaustive_draw(self, events: list[dict[str, Any]]) -> None:
        n = self._players
        tenpai = [seat for seat in range(n) if self._waits[seat]]
        nagashi: list[int] = []
        if self._table.nagashi_mangan:
            nagashi = [
                seat
                for seat in range(n)
                if self._discards[seat]
                and not self._called_away[seat]
                and all(t >> 2 in TERMINALS_AND_HONOURS for t in self._discards[seat])
            ]
        outcome: dict[str, Any] = {"tenpai": tenpai}
        if nagashi:
            outcome["nagashi"] = nagashi
        self._end_hand("exhaustive_draw", {"draw": outcome}, events, {"tenpai": tenpai, "nagashi": nagashi})

    def _end_win(self, seat: int, tile: int, discarder: int | None, events: list[dict[str, Any]]) -> None:
        tsumo = discarder is None
        winners = [seat] if tsumo else self._ron
        wins = []
        details = []
        scored: dict[int, HandScore] = {}
        for winner in winners:
            found = self._score(winner, tile, tsumo)
            assert found is not None
            scored[winner] = found
            win = self._win(winner, tile, tsumo)
            liable = [self._pao[winner][y] for y in found.yaku if y in self._pao[winner]]
            if liable:
                win["pao"] = liable[0]
            wins.append(win)
            details.append(
                {
                    "seat": winner,
                    "yaku": list(found.yaku),
                    "han": found.han,
                    "fu": found.fu,
                    "yakuman": found.yakuman,
                    "ura_indicators": list(self._wall.ura_indicators) if self._riichi[winner] else [],
                    "pao": win.get("pao"),
                }
            )
        if tsumo:
            events.append({"type": "tsumo", "seat": seat, "tile": tile})
            self._end_hand("tsumo", {"tsumo": wins[0]}, events, {"wins": details}, scored)
        else:
            ending = "triple_ron" if len(wins) == 3 and "triple_ron" in self._table.abortive else "ron"
            outcome = {"ron": {"discarder": discarder, "winners": wins}}
            self._end_hand(ending, outcome, events, {"discarder": discarder, "wins": details}, scored)

    def _end_hand(
        self,
        ending: str,
        outcome: dict[str, Any],
        events: list[dict[str, Any]],
        detail: dict[str, Any] | None = None,
        scored: dict[int, HandScore] | None = None,
    ) -> None:
        """Settle the hand (``scored``: the wins evaluated already, by seat), record it, and deal
        the next hand or end the game."""
        before = self._state
        settled = settle_scored(self.rs, before, outcome, self._sticks, scored or {})
        wall = missing = None
        if not settled.state.ended:
            try:
                wall = self._wall_for(self._number + 1)
            except InputError as error:
                missing = error
        self._hands.append(TableHand(before, ending, settled))
        self._state = settled.state
        end = {
            "type": "end",
            "ending": ending,
            "transfers": list(settled.transfers),
            "winners": list(settled.winners),
            "scores": list(settled.state.scores),
            **(detail or {}),
        }
        events.append(end)
        if missing is not None:
            self._phase = "stopped"
            self._missing = missing
            return
        if wall is None:
            events.append(
                {"type": "game_end", "reason": settled.state.end_reason, "scores": list(settled.state.scores)}
            )
            self._phase = "over"
            return
        events.extend(self._start_hand(wall))

    # --- refusals ------------------------------------------------------------------------------

    def _refusal(self, move: object) -> str:
        """Why ``move`` is not legal now (it is not in :meth:`legal_moves`)."""
        if not isinstance(move, tuple) or not 1 <= len(move) <= 3 or move[0] not in MOVE_KINDS:
            return f"a move is Move(kind, tile, tiles) with kind one of {', '.join(MOVE_KINDS)}; got {shown(move)}"
        kind, tile = move[0], move[1] if len(move) > 1 else None
        if self._phase == "stopped":
            return f"{kind}: the table stopped: {self._missing}"
        if self._state.ended:
            return f"{kind}: the game is over ({self._state.end_reason})"
        if tile is not None and (type(tile) is not int or not 0 <= tile < 136):
            return f"{kind}: a tile is a wall tile 0-135 (kind * 4 + copy), got {shown(tile)}"
        table = self._table
        if self._phase == "turn":
            return self._turn_refusal(kind, tile)
        seat = self._asking[0]
        if kind in ("discard", "riichi", "tsumo", "nine_terminals", "closed_kan", "added_kan", "kita"):
            return f"{kind}: seat {seat} is answering seat {self._discarder}'s {self._offer_kind.replace('_', ' ')}"
        offered = self._offer >> 2
        if kind == "ron":
            if self._offer_kind == "kita" and not self._kita_ron():
                return "ron: an extracted north may not be ronned (kita.ron: forbidden)"
            if offered not in self._waits[seat]:
                return f"ron: {tile_name(offered)} does not complete the hand"
            return (
                self._furiten_reason(seat)
                or self._atozuke_refusal(seat, self._offer, False)
                or "ron: no yaku (dora alone is not a yaku)"
            )
        if kind in ("chi", "pon", "open_kan"):
            if self._offer_kind == "kita":
                return f"{kind}: an extracted north is not a discard: only a ron may take it"
            if self._offer_kind != "discard":
                return f"{kind}: a kan's tile may only be robbed by ron (chankan)"
            if self._riichi[seat]:
                return f"{kind}: a riichi hand makes no calls"
            if self._wall.live_left == 0:
                return f"{kind}: the last discard of the hand (houtei) may not be called"
            if self._four_kans():
                return f"{kind}: four kans by more than one seat: this discard may only be ronned (draws.abortive)"
            if kind == "chi" and not table.chi:
                return "chi: the rule set has no chi (wins.chi)"
            if kind == "chi" and seat != (self._discarder + 1) % self._players:
                return f"chi: only the discard of the seat on your left (seat {(seat - 1) % self._players})"
            if tile != self._offer:
                return f"{kind}: the tile called is the discard, {_label(table, self._offer)}"
            if self._calls:
                return f"{kind}: seat {self._calls[0][0]}'s {self._calls[0][1].kind} outranks it"
            move_ = _as_move(move)
            hand = self._concealed[seat]
            if (
                move_.kind != "open_kan"
                and all(t in hand for t in move_.tiles)
                and not self._may_discard_after(seat, move_)
            ):
                return f"kuikae: {table.kuikae}: the call would leave no tile you may discard"
        return f"{kind}: not a legal move now; legal: {', '.join(map(str, self.legal_moves()))}"

    def _turn_refusal(self, kind: str, tile: Any) -> str:
        table = self._table
        seat = self._turn
        hand = self._concealed[seat]
        if kind in ("ron", "pass", "chi", "pon", "open_kan"):
            return f"{kind}: seat {seat} is to discard (there is no discard to answer)"
        if kind in ("discard", "riichi", "added_kan") and tile not in hand:
            return f"{kind}: {_label(table, tile)} is not in seat {seat}'s hand"
        if self._drawn is None and kind != "discard":
            return f"{kind}: after a call, a discard"
        if kind == "discard":
            refusal = self._kuikae_refusal(tile)
            if refusal is not None:
                return refusal
            if self._riichi[seat]:
                return f"riichi: after riichi only the drawn tile ({_label(table, self._drawn)}) may be discarded"
        if kind == "riichi":
            return self._riichi_refusal(seat) or f"riichi: discarding {_label(table, tile)} leaves no tenpai hand"
        if kind == "tsumo":
            counts = self._counts(hand)
            if shanten_of(counts, self._seat_limits(seat), len(self._melds[seat])) != -1:
                return "tsumo: the hand is not complete"
            assert self._drawn is not None
            return self._atozuke_refusal(seat, self._drawn, True) or "tsumo: no yaku (dora alone is not a yaku)"
        if kind == "nine_terminals":
            if "nine_terminals" not in table.abortive:
                return "nine_terminals: the rule set has no such abortive draw (draws.abortive)"
            if not self._first_turn(seat):
                return "nine_terminals: only on your first draw, before any call"
            return "nine_terminals: the hand holds fewer than nine different terminals and honours"
        if kind in ("closed_kan", "added_kan"):
            if not self._may_kan():
                return f"{kind}: no kan with the live wall empty or after four kans"
            if kind == "closed_kan" and self._riichi[seat]:
                return "riichi: after riichi a closed kan must be of the tile just drawn and keep the waits"
        if kind == "kita":
            if table.kita is None:
                return "kita: the rule set has no kita (north is an ordinary tile; `kita:`)"
            if tile is None or tile >> 2 != NORTH:
                return f"kita: only a north (4z) is set aside, not {_label(table, tile)}"
            if tile not in hand:
                return f"kita: {_label(table, tile)} is not in seat {seat}'s hand"
            if self._wall.live_left == 0:
                return "kita: no replacement draw with the live wall empty"
            if self._riichi[seat]:
                return f"kita: after riichi only the north just drawn ({_label(table, self._drawn)})"
        return f"{kind}: not a legal move now; legal: {', '.join(map(str, self.legal_moves()))}"


class Meld(NamedTuple):
    """A meld at the table: ``kind`` (``chi``, ``pon``, ``kan`` for an open or added kan,
    ``ankan``), its wall tiles (ascending), the tile ``called`` and the seat it came from
    (``source``; both ``None`` for a closed kan)."""

    kind: str
    tiles: tuple[int, ...]
    called: int | None
    source: int | None


#: The most kans a hand can have (five dora indicators: the first and one per kan).
MAX_KANS = 4


def _of_kind(hand: list[int], kind: int) -> list[int]:
    """The tiles of ``kind`` in a hand of wall tiles, ascending (the hand is)."""
    return hand[bisect_left(hand, kind << 2) : bisect_left(hand, (kind + 1) << 2)]


@remembered("riichi", "kuikae kinds", 4096)
def _swap_kinds(rule: str, kind: str, called: int, own: tuple[int, ...]) -> frozenset[int]:
    """The tile kinds the caller may not discard after ``kind`` (chi or pon) of ``called`` with
    ``own`` (``wins.kuikae``): none when allowed; the called tile's kind; when forbidden, also
    the tile at the run's other end that would make the same run (the suji swap: 4m called
    with 5m6m forbids 7m)."""
    if rule == "allowed" or kind not in ("chi", "pon"):
        return frozenset()
    x = called >> 2
    out = {x}
    if rule == "forbidden" and kind == "chi":
        low = x - x % 9
        kinds = sorted(t >> 2 for t in own)
        if x < kinds[0] and x + 3 <= low + 8:
            out.add(x + 3)
        elif x > kinds[1] and x - 3 >= low:
            out.add(x - 3)
    return frozenset(out)


def _choices(groups: list[list[int]], table: TableRules) -> list[tuple[int, ...]]:
    """One tile from each group (a tile not taken twice), ascending, one choice per set of tile
    labels (red or plain), the lowest copies. The groups are the same tiles (a pon's two) or of
    different kinds (a chi's)."""
    if not any(is_red(table, tile) for group in groups for tile in group):
        # One set of labels: the lowest copies, each group's first tile not taken yet.
        taken: list[int] = []
        for group in groups:
            taken.append(next(tile for tile in group if tile not in taken))
        return [tuple(sorted(taken))]
    seen: dict[tuple[tuple[int, bool], ...], tuple[int, ...]] = {}
    for combo in itertools.product(*groups):
        if len(set(combo)) < len(combo):
            continue
        tiles = tuple(sorted(combo))
        labels = tuple((t >> 2, is_red(table, t)) for t in tiles)
        if labels not in seen or tiles < seen[labels]:
            seen[labels] = tiles
    return sorted(seen.values())


def _as_move(move: Any) -> Any:
    """``move`` as a :class:`Move` when it is a tuple of one to three fields (``tiles`` a list
    allowed), else unchanged."""
    if type(move) is not Move and isinstance(move, (tuple, list)) and 1 <= len(move) <= 3:
        fields = list(move)
        if len(fields) == 3 and isinstance(fields[2], list):
            fields[2] = tuple(fields[2])
        try:
            return Move(*fields)
        except TypeError:
            return move
    if type(move) is Move and isinstance(move.tiles, list):
        return move._replace(tiles=tuple(move.tiles))
    return move


def _label(table: TableRules, tile: int | None) -> str:
    return "no tile" if tile is None else f"{tile_label(table, tile)} (tile {tile})"


def _mpsz(table: TableRules, tiles: Sequence[int]) -> str:
    """Wall tiles in mpsz notation, each suit once (``0`` a red five)."""
    out = []
    for suit, letter in enumerate("mpsz"):
        digits = "".join(
            "0" if is_red(table, tile) else str((tile >> 2) - suit * 9 + 1)
            for tile in sorted(tiles)
            if (tile >> 2) // 9 == suit or (suit == 3 and tile >> 2 >= 27)
        )
        if digits:
            out.append(digits + letter)
    return "".join(out)


class View:
    """What one seat may see at a :class:`Table`, read-only and live: its own hand, every discard,
    meld and kita, riichi, the dora indicators, the scores and how many tiles the live wall holds;
    never another seat's hand or the wall's order."""

    __slots__ = ("_table", "seat")

    def __init__(self, table: Table, seat: int) -> None:
        self._table = table
        self.seat = seat

    @property
    def hand(self) -> tuple[int, ...]:
        """This seat's concealed tiles (wall tiles, ascending)."""
        return tuple(self._table._concealed[self.seat])

    @property
    def drawn(self) -> int | None:
        """The tile this seat just drew, while it is to discard it (else ``None``)."""
        table = self._table
        return table._drawn if table._phase == "turn" and table._turn == self.seat else None

    @property
    def discards(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's discards, in order (a discard called into a meld included)."""
        return tuple(tuple(d) for d in self._table._discards)

    @property
    def melds(self) -> tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]:
        """Every seat's melds as ``(kind, tiles)``: ``chi``, ``pon``, ``kan`` (open or added) or
        ``ankan`` (closed), the wall tiles ascending."""
        return tuple(tuple((m.kind, m.tiles) for m in melds) for melds in self._table._melds)

    @property
    def kita(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's norths set aside (kita), in order."""
        return tuple(tuple(k) for k in self._table._kita)

    @property
    def riichi(self) -> tuple[bool, ...]:
        """Which seats declared riichi."""
        return tuple(self._table._riichi)

    @property
    def dora_indicators(self) -> tuple[int, ...]:
        """The dora indicators shown."""
        return self._table._wall.dora_indicators

    @property
    def live_left(self) -> int:
        """Tiles left to draw in the live wall."""
        return self._table._wall.live_left

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
