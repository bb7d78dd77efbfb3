"""A whole Riichi game played from moves: :class:`Table`.

The table deals each hand from its wall (``_wall``), offers the seat that decides now its legal
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

A decision is one of two kinds. *A turn*: the seat that drew (or called) discards, declares
riichi with its discard, wins by tsumo, or aborts with nine terminals. *A reaction*: after a
discard, each other seat that may do more than pass is asked in turn order from the
discarder's right; when all have answered, a ron wins (several as ``wins.multiple_ron`` says),
else the next seat draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .._core.arguments import a_seed, shown
from .._core.errors import InputError
from ._hand import HandScore, evaluate
from ._rules import RiichiRules, riichi_rules
from ._settle import Settlement, settle
from ._shanten import shanten_of, waits_of
from ._standings import Standing, standings
from ._state import State, new_game
from ._tiles import TERMINALS_AND_HONOURS, WINDS, tile_name
from ._wall import SplitMix64, Wall, is_red, shuffle, tile_label, tile_set

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet
    from ._table import TableRules

#: The kinds of :class:`Move`, in the order :meth:`Table.legal_moves` lists them.
MOVE_KINDS = (
    "tsumo",
    "ron",
    "nine_terminals",
    "closed_kan",
    "added_kan",
    "kita",
    "open_kan",
    "pon",
    "chi",
    "riichi",
    "discard",
    "pass",
)
#: How a hand ended (``TableHand.ending``): a win, the exhaustive draw, or an abortive draw.
ENDINGS = ("ron", "tsumo", "exhaustive_draw", "nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron")
_SEAT_WINDS = ("east", "south", "west", "north")
_ORDER = {kind: index for index, kind in enumerate(MOVE_KINDS)}


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


class Table:
    """A table at which one whole Riichi game is played under a rule set (four or three players).

    ``seed`` decides each hand's wall: hand ``k`` (0 first, every hand played counted) is the
    rule set's tile set shuffled as docs/rules/riichi-table.md §5 says, from the state
    :func:`hand_seed_state` of (``seed``, ``k``). ``wall`` gives the walls instead: one wall (the
    first hand's; later hands shuffled from the seed), or a sequence of walls, one per hand in
    order (a hand past its end raises :class:`yakuset.InputError`). Each wall is as
    ``Wall.given`` takes it (tiles 0-135 or mpsz names), checked to be the rule set's tile set.
    """

    __slots__ = (
        "rs",
        "rules",
        "seed",
        "_table",
        "_players",
        "_given",
        "_one_wall",
        "_state",
        "_hands",
        "_events",
        "_number",
        "_wall",
        "_concealed",
        "_melds",
        "_discards",
        "_riichi",
        "_double",
        "_ippatsu",
        "_sticks",
        "_furiten",
        "_waits",
        "_interrupted",
        "_turn",
        "_drawn",
        "_phase",
        "_discarder",
        "_asking",
        "_asked",
        "_ron",
        "_pending_riichi",
        "_legal",
        "_scores",
        "_limits",
        "_missing",
    )

    def __init__(self, rs: RuleSet, *, seed: int = 0, wall: Any = None) -> None:
        self.rs = rs
        self.rules: RiichiRules = riichi_rules(rs)
        self.seed = a_seed("seed", seed)
        self._table: TableRules = self.rules.table
        self._players = self._table.players
        self._given = _walls(rs, wall)
        self._one_wall = wall is not None and isinstance(wall[0], (int, str))
        self._state = new_game(rs)
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
        from ._play_trace import trace_lines

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
                self._legal = self._reaction_moves(self._asking[0])
        return list(self._legal)

    def play(self, move: Move) -> tuple[dict[str, Any], ...]:
        """Play ``move`` for :attr:`to_move`: returns the events it caused (the move, draws, a
        hand's end and the next deal), or raises :class:`IllegalMove` naming the rule that
        forbids it, the table unchanged."""
        legal = self._legal if self._legal is not None else self.legal_moves()
        if move not in legal:
            move = _as_move(move)
            if move not in legal:
                raise IllegalMove(self._refusal(move))
        if type(move) is not Move:
            move = Move(*move)
        events: list[dict[str, Any]] = []
        if self._phase == "turn":
            self._play_turn(move, events)
        else:
            self._play_reaction(move, events)
        self._legal = None
        self._events.extend(events)
        if self._missing is not None:
            raise self._missing  # the hand is settled and recorded; the table stops
        return tuple(events)

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
        self._melds: list[list[tuple[str, tuple[int, ...]]]] = [[] for _ in range(n)]
        self._discards: list[list[int]] = [[] for _ in range(n)]
        self._riichi: list[bool] = [False] * n
        self._double: list[bool] = [False] * n
        self._ippatsu: list[bool] = [False] * n
        self._sticks: list[int] = []
        self._furiten: list[str | None] = [None] * n  # "temporary", "riichi"
        self._waits: list[tuple[int, ...]] = [self._waits_of(seat) for seat in range(n)]
        self._interrupted = False
        self._pending_riichi = False
        self._asking: list[int] = []
        self._asked: list[int] = []
        self._ron: list[int] = []
        self._discarder = -1
        self._scores = {}
        self._drawn: int | None = None
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

    def _draw(self, seat: int, events: list[dict[str, Any]]) -> None:
        tile = self._wall.draw()
        self._concealed[seat].append(tile)
        self._concealed[seat].sort()
        self._turn, self._drawn, self._phase = seat, tile, "turn"
        events.append({"type": "draw", "seat": seat, "tile": tile})

    def _counts(self, tiles: Sequence[int]) -> bytes:
        counts = bytearray(34)
        for tile in tiles:
            counts[tile >> 2] += 1
        return bytes(counts)

    def _seat_limits(self, seat: int) -> bytes:
        melds = self._melds[seat]
        if not melds:
            return self._limits
        limits = bytearray(self._limits)
        for _, tiles in melds:
            for tile in tiles:
                limits[tile >> 2] -= 1
        return bytes(limits)

    def _waits_of(self, seat: int) -> tuple[int, ...]:
        """The tile kinds that complete ``seat``'s hand of 13 (less 3 a meld)."""
        return waits_of(self._counts(self._concealed[seat]), self._seat_limits(seat), len(self._melds[seat]))

    def _is_open(self, seat: int) -> bool:
        return any(kind != "ankan" for kind, _ in self._melds[seat])

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
            "melds": [(kind, _mpsz(table, tiles)) for kind, tiles in self._melds[seat]],
            "dora_indicators": [tile_label(table, t) for t in wall.dora_indicators],
            "tsumo": tsumo,
        }
        if riichi:
            win["ura_indicators"] = [tile_label(table, t) for t in wall.ura_indicators]
            win["double_riichi" if self._double[seat] else "riichi"] = True
            if self._ippatsu[seat]:
                win["ippatsu"] = True
        if tsumo:
            if first:
                win["tenhou" if dealer else "chihou"] = True
            elif last:
                win["haitei"] = True
        else:
            if first and not dealer:
                win["renhou"] = True
            elif last:
                win["houtei"] = True
        return win

    def _score(self, seat: int, tile: int, tsumo: bool) -> HandScore | None:
        """The win's score, or ``None`` when the hand has no yaku (remembered for the decision)."""
        key = (seat, -1 if tsumo else tile)
        found = self._scores.get(key)
        if found is None and key not in self._scores:
            win = self._win(seat, tile, tsumo)
            flags = {k: v for k, v in win.items() if k not in ("seat", "hand", "win", "melds")}
            state = self._state
            try:
                found = evaluate(
                    self.rs,
                    win["hand"],
                    win=win["win"],
                    melds=win["melds"],
                    seat_wind=_SEAT_WINDS[(seat - state.dealer) % self._players],
                    round_wind=state.round_wind,
                    **flags,
                )
            except InputError as error:
                if not str(error).startswith("no yaku"):
                    raise
                found = None
            self._scores[key] = found  # type: ignore[assignment]
        return found

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
        seat, table = self._turn, self._table
        hand = self._concealed[seat]
        moves: list[Move] = []
        drawn = self._drawn
        if drawn is not None and self._can_tsumo(seat, drawn):
            moves.append(TSUMO)
        if drawn is not None and "nine_terminals" in table.abortive and self._nine_terminals(seat):
            moves.append(NINE_TERMINALS)
        if self._riichi[seat]:
            assert drawn is not None  # a riichi hand makes no calls
            moves.append(Move("discard", drawn))
            return moves
        riichi = self._riichi_tiles(seat)
        moves.extend(Move("riichi", tile) for tile in riichi)
        moves.extend(Move("discard", tile) for tile in hand)
        return moves

    def _can_tsumo(self, seat: int, drawn: int) -> bool:
        waits = self._waits[seat]  # of the hand before the draw
        return drawn >> 2 in waits and self._score(seat, drawn, True) is not None

    def _nine_terminals(self, seat: int) -> bool:
        if not self._first_turn(seat):
            return False
        kinds = {tile >> 2 for tile in self._concealed[seat]}
        return len(kinds & TERMINALS_AND_HONOURS) >= 9

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
        if self._riichi_refusal(seat) is not None:
            return []
        hand = self._concealed[seat]
        counts = bytearray(self._counts(hand))
        limits, melds = self._seat_limits(seat), len(self._melds[seat])
        if shanten_of(bytes(counts), limits, melds) > 0:
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

    def _play_turn(self, move: Move, events: list[dict[str, Any]]) -> None:
        seat = self._turn
        kind = move.kind
        if kind == "tsumo":
            assert self._drawn is not None
            self._end_win(seat, self._drawn, None, events)
        elif kind == "nine_terminals":
            events.append({"type": "nine_terminals", "seat": seat})
            self._end_hand("nine_terminals", {"abort": "nine_terminals"}, events)
        else:
            assert move.tile is not None
            self._discard(seat, move.tile, kind == "riichi", events)

    def _discard(self, seat: int, tile: int, riichi: bool, events: list[dict[str, Any]]) -> None:
        hand = self._concealed[seat]
        hand.remove(tile)
        double = riichi and self._first_turn(seat)
        self._discards[seat].append(tile)
        self._ippatsu[seat] = False
        if self._furiten[seat] == "temporary":
            self._furiten[seat] = None
        if riichi:
            self._riichi[seat] = True
            self._double[seat] = double
            self._pending_riichi = True
        self._waits[seat] = self._waits_of(seat)
        self._scores = {}
        events.append(
            {"type": "discard", "seat": seat, "tile": tile, "tsumogiri": tile == self._drawn, "riichi": riichi}
        )
        self._discarder = seat
        n = self._players
        self._asking = [
            other for other in ((seat + k) % n for k in range(1, n)) if self._reaction_moves(other) != [PASS]
        ]
        self._asked = []
        self._ron = []
        self._phase = "reaction"
        self._drawn = None
        if not self._asking:
            self._resolve(events)

    # --- the other seats' reactions to a discard -----------------------------------------------

    def _reaction_moves(self, seat: int) -> list[Move]:
        moves = []
        tile = self._discards[self._discarder][-1]
        waits = self._waits[seat]
        if waits and tile >> 2 in waits and self._furiten_reason(seat) is None and self._score(seat, tile, False):
            moves.append(RON)
        moves.append(PASS)
        return moves

    def _play_reaction(self, move: Move, events: list[dict[str, Any]]) -> None:
        seat = self._asking.pop(0)
        self._asked.append(seat)
        if move.kind == "ron":
            self._ron.append(seat)
            events.append({"type": "ron", "seat": seat, "tile": self._discards[self._discarder][-1]})
            if self._table.head_bump:
                self._asking = []
        else:
            events.append({"type": "pass", "seat": seat})
        if not self._asking:
            self._resolve(events)

    def _resolve(self, events: list[dict[str, Any]]) -> None:
        """Every seat asked has answered: the rons win, or the discard stays and play goes on."""
        discarder = self._discarder
        tile = self._discards[discarder][-1]
        if self._ron:
            self._end_win(self._ron[0], tile, discarder, events)
            return
        n = self._players
        for seat in range(n):  # a winning tile passed: furiten until the seat's next discard
            waits = self._waits[seat]
            if seat != discarder and waits and tile >> 2 in waits:
                self._furiten[seat] = "riichi" if self._riichi[seat] else (self._furiten[seat] or "temporary")
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
        if self._wall.live_left == 0:
            self._exhaustive_draw(events)
            return
        self._draw((discarder + 1) % n, events)

    def _four_winds(self) -> bool:
        if "four_winds" not in self._table.abortive or self._interrupted or self._players != 4:
            return False
        firsts = [discards[0] >> 2 if len(discards) == 1 else -1 for discards in self._discards]
        return firsts[0] in WINDS and firsts.count(firsts[0]) == 4

    def _exhaustive_draw(self, events: list[dict[str, Any]]) -> None:
        n = self._players
        tenpai = [seat for seat in range(n) if self._waits[seat]]
        nagashi: list[int] = []
        if self._table.nagashi_mangan:
            nagashi = [
                seat
                for seat in range(n)
                if self._discards[seat] and all(t >> 2 in TERMINALS_AND_HONOURS for t in self._discards[seat])
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
        for winner in winners:
            found = self._score(winner, tile, tsumo)
            assert found is not None
            win = self._win(winner, tile, tsumo)
            wins.append(win)
            details.append(
                {
                    "seat": winner,
                    "yaku": list(found.yaku),
                    "han": found.han,
                    "fu": found.fu,
                    "yakuman": found.yakuman,
                    "ura_indicators": list(self._wall.ura_indicators) if self._riichi[winner] else [],
                }
            )
        if tsumo:
            events.append({"type": "tsumo", "seat": seat, "tile": tile})
            self._end_hand("tsumo", {"tsumo": wins[0]}, events, {"wins": details})
        else:
            ending = "triple_ron" if len(wins) == 3 and "triple_ron" in self._table.abortive else "ron"
            outcome = {"ron": {"discarder": discarder, "winners": wins}}
            self._end_hand(ending, outcome, events, {"discarder": discarder, "wins": details})

    def _end_hand(
        self, ending: str, outcome: dict[str, Any], events: list[dict[str, Any]], detail: dict[str, Any] | None = None
    ) -> None:
        before = self._state
        settled = settle(self.rs, before, outcome, riichi=self._sticks)
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
            seat = self._turn
            hand = self._concealed[seat]
            if kind in ("ron", "pass", "chi", "pon", "open_kan"):
                return f"{kind}: seat {seat} is to discard (there is no discard to answer)"
            if kind in ("discard", "riichi") and tile not in hand:
                return f"{kind}: {_label(table, tile)} is not in seat {seat}'s hand"
            if kind == "discard" and self._riichi[seat]:
                return f"riichi: after riichi only the drawn tile ({_label(table, self._drawn)}) may be discarded"
            if kind == "riichi":
                return self._riichi_refusal(seat) or f"riichi: discarding {_label(table, tile)} leaves no tenpai hand"
            if kind == "tsumo":
                if self._drawn is None:
                    return "tsumo: you drew no tile this turn"
                counts = self._counts(hand)
                if shanten_of(counts, self._seat_limits(seat), len(self._melds[seat])) != -1:
                    return "tsumo: the hand is not complete"
                return "tsumo: no yaku (dora alone is not a yaku)"
            if kind == "nine_terminals":
                if "nine_terminals" not in table.abortive:
                    return "nine_terminals: the rule set has no such abortive draw (draws.abortive)"
                if not self._first_turn(seat):
                    return "nine_terminals: only on your first draw, before any call"
                return "nine_terminals: the hand holds fewer than nine different terminals and honours"
        else:
            seat = self._asking[0]
            if kind in ("discard", "riichi", "tsumo", "nine_terminals", "closed_kan", "added_kan", "kita"):
                return f"{kind}: seat {seat} is answering seat {self._discarder}'s discard (ron or pass)"
            if kind == "ron":
                tile_kind = self._discards[self._discarder][-1] >> 2
                if tile_kind not in self._waits[seat]:
                    return f"ron: {tile_name(tile_kind)} does not complete the hand"
                return self._furiten_reason(seat) or "ron: no yaku (dora alone is not a yaku)"
        return f"{kind}: not a legal move now; legal: {', '.join(map(str, self.legal_moves()))}"


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
    """What one seat may see at a :class:`Table`, read-only and live: its own hand, every discard
    and meld, riichi, the dora indicators, the scores and how many tiles the live wall holds;
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
        """Every seat's discards, in order."""
        return tuple(tuple(d) for d in self._table._discards)

    @property
    def melds(self) -> tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]:
        """Every seat's melds: ``(kind, tiles)``."""
        return tuple(tuple(m) for m in self._table._melds)

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
