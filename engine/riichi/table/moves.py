"""A move at the Riichi table as a value (:class:`Move`), and the one place a move given to the
table is read: :func:`parse_move`, before any table rule sees it."""

from __future__ import annotations

import operator
from typing import NamedTuple

from ..._core.arguments import shown
from ..kinds import MoveKind

#: The kinds of :class:`Move`, in the order :meth:`Table.legal_moves` lists them.
MOVE_KINDS = tuple(kind.value for kind in MoveKind)
#: A tile of the wall: ``kind * 4 + copy``.
WALL_TILES = 136


class Move(NamedTuple):
    """One move of the seat that decides now (``Table.to_move``).

    ``kind`` is one of :data:`MOVE_KINDS` (a :class:`yakuset.riichi.kinds.MoveKind` in the moves the
    table lists; the plain word is the same value). Tiles are wall tiles 0-135 (``kind * 4 +
    copy``; a five's lowest copies are its red fives), so a red five and the drawn tile are moves of
    their own: ``Move("discard", 53)``, ``Move("riichi", 53)`` (declare riichi discarding 53),
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

    def __repr__(self) -> str:
        kind = self.kind.value if isinstance(self.kind, MoveKind) else self.kind
        return f"Move(kind={kind!r}, tile={self.tile!r}, tiles={self.tiles!r})"


TSUMO = Move(MoveKind.TSUMO)
RON = Move(MoveKind.RON)
PASS = Move(MoveKind.PASS)
NINE_TERMINALS = Move(MoveKind.NINE_TERMINALS)
#: The discard and the riichi discard of each wall tile, made once (a move is a value).
DISCARDS = tuple(Move(MoveKind.DISCARD, tile) for tile in range(WALL_TILES))
RIICHI_DISCARDS = tuple(Move(MoveKind.RIICHI, tile) for tile in range(WALL_TILES))

#: What each kind of move names: whether a tile, and how many tiles of the mover's own.
SHAPES: dict[MoveKind, tuple[bool, int]] = {
    MoveKind.TSUMO: (False, 0),
    MoveKind.RON: (False, 0),
    MoveKind.NINE_TERMINALS: (False, 0),
    MoveKind.CLOSED_KAN: (False, 4),
    MoveKind.ADDED_KAN: (True, 0),
    MoveKind.KITA: (True, 0),
    MoveKind.OPEN_KAN: (True, 3),
    MoveKind.PON: (True, 2),
    MoveKind.CHI: (True, 2),
    MoveKind.RIICHI: (True, 0),
    MoveKind.DISCARD: (True, 0),
    MoveKind.PASS: (False, 0),
}
_BY_WORD = {kind.value: kind for kind in MoveKind}
#: The moves of a kind that names no tile, and those of each tile of a discard.
_BARE = {move.kind: move for move in (TSUMO, RON, PASS, NINE_TERMINALS)}
_ONE_TILE = {MoveKind.DISCARD: DISCARDS, MoveKind.RIICHI: RIICHI_DISCARDS}
_DEFAULTS = (None, ())


def _form(kind: MoveKind) -> str:
    """How a move of ``kind`` is written: ``Move('chi', tile, (2 own tiles))``."""
    tile, own = SHAPES[kind]
    parts = [repr(kind.value)]
    if tile or own:
        parts.append("tile" if tile else "None")
    if own:
        parts.append(f"({own} own tiles)")
    return f"Move({', '.join(parts)})"


def parse_move(move: object) -> Move | str:
    """``move`` as the value the table's rules read, or in words what is wrong with it.

    A move is a :class:`Move` or a tuple or list of its one to three fields: ``kind`` one of
    :data:`MOVE_KINDS`, ``tile`` a wall tile (an ``int`` 0-135, never a bool, a float or a
    string) or ``None``, ``tiles`` a tuple or list of distinct wall tiles, each as its kind names
    them (:data:`SHAPES`). The value has ``kind`` a :class:`MoveKind` and ``tiles`` an ascending
    tuple of ``int``; a move that is such a value already is returned as it is."""
    kind: object
    tile: object
    tiles: object
    if type(move) is Move:
        tile = move[1]
        if tile is None:  # the moves without a tile, as the table lists them
            if move is PASS or move is RON or move is TSUMO or move is NINE_TERMINALS:
                return move
        elif type(tile) is int and 0 <= tile < WALL_TILES and (move is DISCARDS[tile] or move is RIICHI_DISCARDS[tile]):
            return move  # a discard as the table lists it
        kind, tile, tiles = move
    elif isinstance(move, (tuple, list)) and 1 <= len(move) <= 3:
        kind, tile, tiles = list(move) + list(_DEFAULTS[len(move) - 1 :])
    else:
        return _not_a_move(move)
    found = kind if type(kind) is MoveKind else _BY_WORD.get(kind) if isinstance(kind, str) else None
    if found is None:
        return _not_a_move(move)
    read = tile if tile is None or (type(tile) is int and 0 <= tile < WALL_TILES) else _tile(tile)
    if read is False:
        return f"{found}: a tile is a wall tile 0-135 (kind * 4 + copy), got {shown(tile)}"
    own = tiles if tiles == () and type(tiles) is tuple else _tiles(found, tiles)
    if isinstance(own, str):
        return own
    needs_tile, count = SHAPES[found]
    if (read is not None) != needs_tile or len(own) != count:
        return f"{found}: a {found} is {_form(found)}, got {shown(move)}"
    if type(move) is Move and found is kind and own is tiles:
        return move
    if not own and (read is None or found in _ONE_TILE):  # the move as the table lists it
        return _BARE[found] if read is None else _ONE_TILE[found][read]
    return Move(found, read, own)


def _not_a_move(move: object) -> str:
    return f"a move is Move(kind, tile, tiles) with kind one of {', '.join(MOVE_KINDS)}; got {shown(move)}"


def _tile(value: object) -> int | bool:
    """A tile given as another integer type (``numpy.int64``) as an ``int``, else ``False``."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return False
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except Exception:
        return False
    return number if 0 <= number < WALL_TILES else False


def _tiles(kind: MoveKind, tiles: object) -> tuple[int, ...] | str:
    """A move's own tiles as an ascending tuple of distinct wall tiles, or what is wrong."""
    if type(tiles) is tuple and not tiles:
        return tiles
    if not isinstance(tiles, (tuple, list)):
        return f"{kind}: tiles are a tuple of wall tiles 0-135, got {shown(tiles)}"
    read = []
    for tile in tiles:
        one = tile if type(tile) is int and 0 <= tile < WALL_TILES else _tile(tile)
        if one is False:
            return f"{kind}: a tile is a wall tile 0-135 (kind * 4 + copy), got {shown(tile)}"
        read.append(one)
    if len(set(read)) != len(read):
        return f"{kind}: a tile is given twice in {shown(tiles)}"
    ordered = tuple(sorted(read))
    return tiles if type(tiles) is tuple and ordered == tiles and all(type(t) is int for t in tiles) else ordered
