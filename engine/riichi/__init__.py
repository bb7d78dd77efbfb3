"""Riichi mahjong: scoring by han and fu, by declared yaku or yakuman, or from the tiles.

    >>> import yakuset
    >>> tenhou = yakuset.load_ruleset("tenhou")
    >>> dict(yakuset.riichi.score(tenhou, han=3, fu=40, tsumo=True).payments)
    {'dealer': 2600, 'non_dealer': 1300}

:func:`score` takes han and fu, declared yaku or yakuman; :func:`evaluate` takes the tiles
(mpsz notation) and finds the yaku with the rule set's detectors; :func:`payment_grids` is
the rule set's payment table; :func:`read_log` reads a played game's log, :func:`check_log`
checks it against our settlement. Every number comes from the rule set. Tiles are numbered 0-33:
``0-8`` are 1m-9m, ``9-17`` 1p-9p, ``18-26`` 1s-9s, ``27-33`` the honours 1z-7z.
"""

from typing import TYPE_CHECKING

from .._core.lazy import lazy_names

if TYPE_CHECKING:
    from . import hookspecs
    from ._bots import Bot, BotFactory, Efficiency, find_bots, tile_efficiency
    from ._game import GAME, RiichiGame
    from ._grid import GridCell, LimitRow, PaymentGrid, grid_fu, payment_grids
    from ._hand import HandScore, evaluate
    from ._log_checks import Finding, check_log
    from ._log_lobby import lobby_variant
    from ._log_read import MAX_LOG_BYTES, read_log
    from ._log_record import GameLog, Lobby, LogError, LogEvent, LogHand, LogResult, LogWin
    from ._log_replay import Divergence, Replay, ReplayedHand, ReplayedWin, replay, replay_hand
    from ._log_write import write_mjai, write_tenhou6
    from ._memos import clear_memos, memo_sizes
    from ._play import MOVE_KINDS, IllegalMove, Move, Table, TableHand, View
    from ._readings import Group, Reading
    from ._rules import RiichiRules, Yaku
    from ._rules import riichi_rules as rules_of
    from ._score import BaseScore, Payments, Score, score
    from ._settle import OUTCOMES, Settlement, settle
    from ._shanten import shanten, waits
    from ._simulation import GameRecord, HandRecord, game_seed, play_game, play_games
    from ._situation import EVALUATE_ARGUMENTS, FLAGS, Situation
    from ._standings import Standing, standings
    from ._state import END_REASONS, State, new_game
    from ._tally import Tally, compare, summary
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

# Each name is imported when first used (PEP 562): loading a rule set or scoring a hand imports
# only the modules it needs. The table says where each name lives.
_WHERE: dict[str, tuple[str, str | None]] = {
    "hookspecs": ("yakuset.riichi.hookspecs", None),
    "Bot": ("yakuset.riichi._bots", "Bot"),
    "BotFactory": ("yakuset.riichi._bots", "BotFactory"),
    "Efficiency": ("yakuset.riichi._bots", "Efficiency"),
    "find_bots": ("yakuset.riichi._bots", "find_bots"),
    "tile_efficiency": ("yakuset.riichi._bots", "tile_efficiency"),
    "GameRecord": ("yakuset.riichi._simulation", "GameRecord"),
    "HandRecord": ("yakuset.riichi._simulation", "HandRecord"),
    "game_seed": ("yakuset.riichi._simulation", "game_seed"),
    "play_game": ("yakuset.riichi._simulation", "play_game"),
    "play_games": ("yakuset.riichi._simulation", "play_games"),
    "Tally": ("yakuset.riichi._tally", "Tally"),
    "compare": ("yakuset.riichi._tally", "compare"),
    "summary": ("yakuset.riichi._tally", "summary"),
    "GAME": ("yakuset.riichi._game", "GAME"),
    "RiichiGame": ("yakuset.riichi._game", "RiichiGame"),
    "GridCell": ("yakuset.riichi._grid", "GridCell"),
    "LimitRow": ("yakuset.riichi._grid", "LimitRow"),
    "PaymentGrid": ("yakuset.riichi._grid", "PaymentGrid"),
    "grid_fu": ("yakuset.riichi._grid", "grid_fu"),
    "payment_grids": ("yakuset.riichi._grid", "payment_grids"),
    "HandScore": ("yakuset.riichi._hand", "HandScore"),
    "evaluate": ("yakuset.riichi._hand", "evaluate"),
    "Finding": ("yakuset.riichi._log_checks", "Finding"),
    "check_log": ("yakuset.riichi._log_checks", "check_log"),
    "lobby_variant": ("yakuset.riichi._log_lobby", "lobby_variant"),
    "MAX_LOG_BYTES": ("yakuset.riichi._log_read", "MAX_LOG_BYTES"),
    "read_log": ("yakuset.riichi._log_read", "read_log"),
    "Divergence": ("yakuset.riichi._log_replay", "Divergence"),
    "Replay": ("yakuset.riichi._log_replay", "Replay"),
    "ReplayedHand": ("yakuset.riichi._log_replay", "ReplayedHand"),
    "ReplayedWin": ("yakuset.riichi._log_replay", "ReplayedWin"),
    "replay": ("yakuset.riichi._log_replay", "replay"),
    "replay_hand": ("yakuset.riichi._log_replay", "replay_hand"),
    "LogEvent": ("yakuset.riichi._log_record", "LogEvent"),
    "GameLog": ("yakuset.riichi._log_record", "GameLog"),
    "LogHand": ("yakuset.riichi._log_record", "LogHand"),
    "Lobby": ("yakuset.riichi._log_record", "Lobby"),
    "LogError": ("yakuset.riichi._log_record", "LogError"),
    "LogResult": ("yakuset.riichi._log_record", "LogResult"),
    "LogWin": ("yakuset.riichi._log_record", "LogWin"),
    "write_mjai": ("yakuset.riichi._log_write", "write_mjai"),
    "write_tenhou6": ("yakuset.riichi._log_write", "write_tenhou6"),
    "clear_memos": ("yakuset.riichi._memos", "clear_memos"),
    "memo_sizes": ("yakuset.riichi._memos", "memo_sizes"),
    "MOVE_KINDS": ("yakuset.riichi._play", "MOVE_KINDS"),
    "IllegalMove": ("yakuset.riichi._play", "IllegalMove"),
    "Move": ("yakuset.riichi._play", "Move"),
    "Table": ("yakuset.riichi._play", "Table"),
    "TableHand": ("yakuset.riichi._play", "TableHand"),
    "View": ("yakuset.riichi._play", "View"),
    "Group": ("yakuset.riichi._readings", "Group"),
    "Reading": ("yakuset.riichi._readings", "Reading"),
    "RiichiRules": ("yakuset.riichi._rules", "RiichiRules"),
    "Yaku": ("yakuset.riichi._rules", "Yaku"),
    "rules_of": ("yakuset.riichi._rules", "riichi_rules"),
    "Score": ("yakuset.riichi._score", "Score"),
    "BaseScore": ("yakuset.riichi._score", "BaseScore"),
    "Payments": ("yakuset.riichi._score", "Payments"),
    "score": ("yakuset.riichi._score", "score"),
    "OUTCOMES": ("yakuset.riichi._settle", "OUTCOMES"),
    "Settlement": ("yakuset.riichi._settle", "Settlement"),
    "settle": ("yakuset.riichi._settle", "settle"),
    "shanten": ("yakuset.riichi._shanten", "shanten"),
    "waits": ("yakuset.riichi._shanten", "waits"),
    "FLAGS": ("yakuset.riichi._situation", "FLAGS"),
    "EVALUATE_ARGUMENTS": ("yakuset.riichi._situation", "EVALUATE_ARGUMENTS"),
    "Situation": ("yakuset.riichi._situation", "Situation"),
    "Standing": ("yakuset.riichi._standings", "Standing"),
    "standings": ("yakuset.riichi._standings", "standings"),
    "END_REASONS": ("yakuset.riichi._state", "END_REASONS"),
    "State": ("yakuset.riichi._state", "State"),
    "new_game": ("yakuset.riichi._state", "new_game"),
    "DRAGONS": ("yakuset.riichi._tiles", "DRAGONS"),
    "EAST": ("yakuset.riichi._tiles", "EAST"),
    "FIVES": ("yakuset.riichi._tiles", "FIVES"),
    "GREEN": ("yakuset.riichi._tiles", "GREEN"),
    "GREENS": ("yakuset.riichi._tiles", "GREENS"),
    "HONOURS": ("yakuset.riichi._tiles", "HONOURS"),
    "NORTH": ("yakuset.riichi._tiles", "NORTH"),
    "RED": ("yakuset.riichi._tiles", "RED"),
    "SOUTH": ("yakuset.riichi._tiles", "SOUTH"),
    "TERMINALS": ("yakuset.riichi._tiles", "TERMINALS"),
    "TERMINALS_AND_HONOURS": ("yakuset.riichi._tiles", "TERMINALS_AND_HONOURS"),
    "TILE_OF": ("yakuset.riichi._tiles", "TILE_OF"),
    "WEST": ("yakuset.riichi._tiles", "WEST"),
    "WHITE": ("yakuset.riichi._tiles", "WHITE"),
    "WINDS": ("yakuset.riichi._tiles", "WINDS"),
    "Meld": ("yakuset.riichi._tiles", "Meld"),
    "parse_meld": ("yakuset.riichi._tiles", "parse_meld"),
    "parse_tiles": ("yakuset.riichi._tiles", "parse_tiles"),
    "parse_tiles_red": ("yakuset.riichi._tiles", "parse_tiles_red"),
    "tile_name": ("yakuset.riichi._tiles", "tile_name"),
}


__getattr__, __dir__ = lazy_names(__name__, globals(), _WHERE)


__all__ = [
    "DRAGONS",
    "EAST",
    "END_REASONS",
    "EVALUATE_ARGUMENTS",
    "FIVES",
    "FLAGS",
    "GAME",
    "GREEN",
    "GREENS",
    "HONOURS",
    "MAX_LOG_BYTES",
    "MOVE_KINDS",
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
    "BaseScore",
    "Bot",
    "BotFactory",
    "Divergence",
    "Efficiency",
    "Finding",
    "GameLog",
    "GameRecord",
    "GridCell",
    "Group",
    "HandRecord",
    "HandScore",
    "IllegalMove",
    "LimitRow",
    "Lobby",
    "LogError",
    "LogEvent",
    "LogHand",
    "LogResult",
    "LogWin",
    "Meld",
    "Move",
    "PaymentGrid",
    "Payments",
    "Reading",
    "Replay",
    "ReplayedHand",
    "ReplayedWin",
    "RiichiGame",
    "RiichiRules",
    "Score",
    "Settlement",
    "Situation",
    "Standing",
    "State",
    "Table",
    "TableHand",
    "Tally",
    "View",
    "Yaku",
    "check_log",
    "clear_memos",
    "compare",
    "evaluate",
    "find_bots",
    "game_seed",
    "grid_fu",
    "hookspecs",
    "lobby_variant",
    "memo_sizes",
    "new_game",
    "parse_meld",
    "parse_tiles",
    "parse_tiles_red",
    "payment_grids",
    "play_game",
    "play_games",
    "read_log",
    "replay",
    "replay_hand",
    "rules_of",
    "score",
    "settle",
    "shanten",
    "standings",
    "summary",
    "tile_efficiency",
    "tile_name",
    "waits",
    "write_mjai",
    "write_tenhou6",
]
