"""Riichi mahjong: scoring by han and fu, by declared yaku or yakuman, or from the tiles.

    >>> import yakuset
    >>> tenhou = yakuset.load_ruleset("tenhou")
    >>> dict(yakuset.riichi.score(tenhou, han=3, fu=40, tsumo=True).payments)
    {'dealer': 2600, 'non_dealer': 1300}

:func:`score` takes han and fu, declared yaku or yakuman; :func:`evaluate` takes the tiles
(mpsz notation) and finds the yaku with the rule set's detectors; :func:`payment_grids` is
the rule set's payment table. Every number comes from the rule set. Tiles are numbered 0-33:
``0-8`` are 1m-9m, ``9-17`` 1p-9p, ``18-26`` 1s-9s, ``27-33`` the honours 1z-7z.
"""

from . import hookspecs
from ._game import GAME, RiichiGame
from ._grid import GridCell, LimitRow, PaymentGrid, grid_fu, payment_grids
from ._hand import HandScore, evaluate
from ._memos import clear_memos, memo_sizes
from ._readings import Group, Reading
from ._rules import RiichiRules, Yaku
from ._rules import riichi_rules as rules_of
from ._score import Score, score
from ._settle import OUTCOMES, Settlement, settle
from ._situation import FLAGS, Situation
from ._standings import Standing, standings
from ._state import END_REASONS, State, new_game
from ._tiles import (
    DRAGONS,
    EAST,
    FIVES,
    GREEN,
    GREENS,
    HONOURS,
    NORTH,
    RED,
    SOUTH,
    TERMINALS,
    TERMINALS_AND_HONOURS,
    TILE_OF,
    WEST,
    WHITE,
    WINDS,
    Meld,
    parse_meld,
    parse_tiles,
    parse_tiles_red,
    tile_name,
)

__all__ = [
    "DRAGONS",
    "EAST",
    "END_REASONS",
    "FIVES",
    "FLAGS",
    "GAME",
    "GREEN",
    "GREENS",
    "HONOURS",
    "NORTH",
    "OUTCOMES",
    "RED",
    "SOUTH",
    "TERMINALS",
    "TERMINALS_AND_HONOURS",
    "TILE_OF",
    "WEST",
    "WHITE",
    "WINDS",
    "GridCell",
    "Group",
    "HandScore",
    "LimitRow",
    "Meld",
    "PaymentGrid",
    "Reading",
    "RiichiGame",
    "RiichiRules",
    "Score",
    "Settlement",
    "Situation",
    "Standing",
    "State",
    "Yaku",
    "clear_memos",
    "evaluate",
    "grid_fu",
    "hookspecs",
    "memo_sizes",
    "new_game",
    "parse_meld",
    "parse_tiles",
    "parse_tiles_red",
    "payment_grids",
    "rules_of",
    "score",
    "settle",
    "standings",
    "tile_name",
]
