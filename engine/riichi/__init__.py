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
    from .game import GAME, RiichiGame
    from .logs.checks import Finding, check_log
    from .logs.lobby import lobby_variant
    from .logs.read import MAX_LOG_BYTES, read_log
    from .logs.record import GameLog, Lobby, LogError, LogEvent, LogHand, LogResult, LogWin
    from .logs.replay import Divergence, Replay, ReplayedHand, ReplayedWin, replay, replay_hand
    from .logs.write import write_mjai, write_tenhou6
    from .rules.compiled import RiichiRules, Yaku
    from .rules.compiled import riichi_rules as rules_of
    from .rules.memos import clear_memos, memo_sizes
    from .scoring.grid import GridCell, LimitRow, PaymentGrid, grid_fu, payment_grids
    from .scoring.hand import HandScore, evaluate
    from .scoring.score import BaseScore, Payments, Score, score
    from .scoring.situation import EVALUATE_ARGUMENTS, FLAGS, Situation
    from .scoring.tenpai import shanten, waits
    from .settlement.settle import OUTCOMES, Settlement, settle
    from .settlement.standings import Standing, standings
    from .settlement.state import END_REASONS, State, new_game
    from .study.bots import Bot, BotFactory, Efficiency, find_bots, tile_efficiency
    from .study.simulation import GameRecord, HandRecord, game_seed, play_game, play_games
    from .study.tally import Tally, compare, summary
    from .table.play import MOVE_KINDS, IllegalMove, Move, Table, TableHand, View
    from .tiles.notation import (
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
    from .tiles.readings import Group, Reading

# Each name is imported when first used (PEP 562): loading a rule set or scoring a hand imports
# only the modules it needs. The table says where each name lives.
_WHERE: dict[str, tuple[str, str | None]] = {
    "hookspecs": ("yakuset.riichi.hookspecs", None),
    "Bot": ("yakuset.riichi.study.bots", "Bot"),
    "BotFactory": ("yakuset.riichi.study.bots", "BotFactory"),
    "Efficiency": ("yakuset.riichi.study.bots", "Efficiency"),
    "find_bots": ("yakuset.riichi.study.bots", "find_bots"),
    "tile_efficiency": ("yakuset.riichi.study.bots", "tile_efficiency"),
    "GameRecord": ("yakuset.riichi.study.simulation", "GameRecord"),
    "HandRecord": ("yakuset.riichi.study.simulation", "HandRecord"),
    "game_seed": ("yakuset.riichi.study.simulation", "game_seed"),
    "play_game": ("yakuset.riichi.study.simulation", "play_game"),
    "play_games": ("yakuset.riichi.study.simulation", "play_games"),
    "Tally": ("yakuset.riichi.study.tally", "Tally"),
    "compare": ("yakuset.riichi.study.tally", "compare"),
    "summary": ("yakuset.riichi.study.tally", "summary"),
    "GAME": ("yakuset.riichi.game", "GAME"),
    "RiichiGame": ("yakuset.riichi.game", "RiichiGame"),
    "GridCell": ("yakuset.riichi.scoring.grid", "GridCell"),
    "LimitRow": ("yakuset.riichi.scoring.grid", "LimitRow"),
    "PaymentGrid": ("yakuset.riichi.scoring.grid", "PaymentGrid"),
    "grid_fu": ("yakuset.riichi.scoring.grid", "grid_fu"),
    "payment_grids": ("yakuset.riichi.scoring.grid", "payment_grids"),
    "HandScore": ("yakuset.riichi.scoring.hand", "HandScore"),
    "evaluate": ("yakuset.riichi.scoring.hand", "evaluate"),
    "Finding": ("yakuset.riichi.logs.checks", "Finding"),
    "check_log": ("yakuset.riichi.logs.checks", "check_log"),
    "lobby_variant": ("yakuset.riichi.logs.lobby", "lobby_variant"),
    "MAX_LOG_BYTES": ("yakuset.riichi.logs.read", "MAX_LOG_BYTES"),
    "read_log": ("yakuset.riichi.logs.read", "read_log"),
    "Divergence": ("yakuset.riichi.logs.replay", "Divergence"),
    "Replay": ("yakuset.riichi.logs.replay", "Replay"),
    "ReplayedHand": ("yakuset.riichi.logs.replay", "ReplayedHand"),
    "ReplayedWin": ("yakuset.riichi.logs.replay", "ReplayedWin"),
    "replay": ("yakuset.riichi.logs.replay", "replay"),
    "replay_hand": ("yakuset.riichi.logs.replay", "replay_hand"),
    "LogEvent": ("yakuset.riichi.logs.record", "LogEvent"),
    "GameLog": ("yakuset.riichi.logs.record", "GameLog"),
    "LogHand": ("yakuset.riichi.logs.record", "LogHand"),
    "Lobby": ("yakuset.riichi.logs.record", "Lobby"),
    "LogError": ("yakuset.riichi.logs.record", "LogError"),
    "LogResult": ("yakuset.riichi.logs.record", "LogResult"),
    "LogWin": ("yakuset.riichi.logs.record", "LogWin"),
    "write_mjai": ("yakuset.riichi.logs.write", "write_mjai"),
    "write_tenhou6": ("yakuset.riichi.logs.write", "write_tenhou6"),
    "clear_memos": ("yakuset.riichi.rules.memos", "clear_memos"),
    "memo_sizes": ("yakuset.riichi.rules.memos", "memo_sizes"),
    "MOVE_KINDS": ("yakuset.riichi.table.play", "MOVE_KINDS"),
    "IllegalMove": ("yakuset.riichi.table.play", "IllegalMove"),
    "Move": ("yakuset.riichi.table.play", "Move"),
    "Table": ("yakuset.riichi.table.play", "Table"),
    "TableHand": ("yakuset.riichi.table.play", "TableHand"),
    "View": ("yakuset.riichi.table.play", "View"),
    "Group": ("yakuset.riichi.tiles.readings", "Group"),
    "Reading": ("yakuset.riichi.tiles.readings", "Reading"),
    "RiichiRules": ("yakuset.riichi.rules.compiled", "RiichiRules"),
    "Yaku": ("yakuset.riichi.rules.compiled", "Yaku"),
    "rules_of": ("yakuset.riichi.rules.compiled", "riichi_rules"),
    "Score": ("yakuset.riichi.scoring.score", "Score"),
    "BaseScore": ("yakuset.riichi.scoring.score", "BaseScore"),
    "Payments": ("yakuset.riichi.scoring.score", "Payments"),
    "score": ("yakuset.riichi.scoring.score", "score"),
    "OUTCOMES": ("yakuset.riichi.settlement.settle", "OUTCOMES"),
    "Settlement": ("yakuset.riichi.settlement.settle", "Settlement"),
    "settle": ("yakuset.riichi.settlement.settle", "settle"),
    "shanten": ("yakuset.riichi.scoring.tenpai", "shanten"),
    "waits": ("yakuset.riichi.scoring.tenpai", "waits"),
    "FLAGS": ("yakuset.riichi.scoring.situation", "FLAGS"),
    "EVALUATE_ARGUMENTS": ("yakuset.riichi.scoring.situation", "EVALUATE_ARGUMENTS"),
    "Situation": ("yakuset.riichi.scoring.situation", "Situation"),
    "Standing": ("yakuset.riichi.settlement.standings", "Standing"),
    "standings": ("yakuset.riichi.settlement.standings", "standings"),
    "END_REASONS": ("yakuset.riichi.settlement.state", "END_REASONS"),
    "State": ("yakuset.riichi.settlement.state", "State"),
    "new_game": ("yakuset.riichi.settlement.state", "new_game"),
    "DRAGONS": ("yakuset.riichi.tiles.notation", "DRAGONS"),
    "EAST": ("yakuset.riichi.tiles.notation", "EAST"),
    "FIVES": ("yakuset.riichi.tiles.notation", "FIVES"),
    "GREEN": ("yakuset.riichi.tiles.notation", "GREEN"),
    "GREENS": ("yakuset.riichi.tiles.notation", "GREENS"),
    "HONOURS": ("yakuset.riichi.tiles.notation", "HONOURS"),
    "NORTH": ("yakuset.riichi.tiles.notation", "NORTH"),
    "RED": ("yakuset.riichi.tiles.notation", "RED"),
    "SOUTH": ("yakuset.riichi.tiles.notation", "SOUTH"),
    "TERMINALS": ("yakuset.riichi.tiles.notation", "TERMINALS"),
    "TERMINALS_AND_HONOURS": ("yakuset.riichi.tiles.notation", "TERMINALS_AND_HONOURS"),
    "TILE_OF": ("yakuset.riichi.tiles.notation", "TILE_OF"),
    "WEST": ("yakuset.riichi.tiles.notation", "WEST"),
    "WHITE": ("yakuset.riichi.tiles.notation", "WHITE"),
    "WINDS": ("yakuset.riichi.tiles.notation", "WINDS"),
    "Meld": ("yakuset.riichi.tiles.notation", "Meld"),
    "parse_meld": ("yakuset.riichi.tiles.notation", "parse_meld"),
    "parse_tiles": ("yakuset.riichi.tiles.notation", "parse_tiles"),
    "parse_tiles_red": ("yakuset.riichi.tiles.notation", "parse_tiles_red"),
    "tile_name": ("yakuset.riichi.tiles.notation", "tile_name"),
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
