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
    from .._core.errors import IllegalMove as IllegalMove
    from . import hookspecs as hookspecs
    from .game import GAME as GAME, RiichiGame as RiichiGame
    from .logs.checks import Finding as Finding, check_log as check_log
    from .logs.formats import LOG_FORMATS as LOG_FORMATS
    from .logs.lobby import lobby_variant as lobby_variant
    from .logs.mjai import write_mjai as write_mjai
    from .logs.read import MAX_LOG_BYTES as MAX_LOG_BYTES, read_log as read_log
    from .logs.record import (
        GameLog as GameLog,
        HandEvent as HandEvent,
        Lobby as Lobby,
        LogError as LogError,
        LogHand as LogHand,
        LogResult as LogResult,
        LogWin as LogWin,
    )
    from .logs.replay import (
        Divergence as Divergence,
        Replay as Replay,
        ReplayedHand as ReplayedHand,
        ReplayedWin as ReplayedWin,
        replay as replay,
        replay_hand as replay_hand,
    )
    from .logs.tenhou6_write import write_tenhou6 as write_tenhou6
    from .rules.compiled import RiichiRules as RiichiRules, Yaku as Yaku, rules_of as rules_of
    from .rules.memos import clear_memos as clear_memos, memo_sizes as memo_sizes
    from .scoring.grid import (
        GridCell as GridCell,
        LimitRow as LimitRow,
        PaymentGrid as PaymentGrid,
        grid_fu as grid_fu,
        payment_grids as payment_grids,
    )
    from .scoring.hand import HandScore as HandScore, evaluate as evaluate
    from .scoring.refusals import NoYaku as NoYaku
    from .scoring.score import BaseScore as BaseScore, Payments as Payments, Score as Score, score as score
    from .scoring.situation import EVALUATE_ARGUMENTS as EVALUATE_ARGUMENTS, FLAGS as FLAGS, Situation as Situation
    from .scoring.tenpai import shanten as shanten, waits as waits
    from .settlement.ledger import Settlement as Settlement
    from .settlement.outcomes import (
        Abort as Abort,
        Chombo as Chombo,
        DeclaredYaku as DeclaredYaku,
        DeclaredYakuman as DeclaredYakuman,
        Draw as Draw,
        HanFu as HanFu,
        Ron as Ron,
        Tiles as Tiles,
        Tsumo as Tsumo,
        Win as Win,
    )
    from .settlement.reading import OUTCOMES as OUTCOMES, read_outcome as read_outcome
    from .settlement.settle import settle as settle
    from .settlement.standings import Standing as Standing, standings as standings
    from .settlement.state import END_REASONS as END_REASONS, State as State, new_game as new_game
    from .study.bots import (
        Bot as Bot,
        BotFactory as BotFactory,
        Efficiency as Efficiency,
        discard_choices as discard_choices,
        find_bots as find_bots,
        tile_efficiency as tile_efficiency,
    )
    from .study.simulation import (
        GameRecord as GameRecord,
        HandRecord as HandRecord,
        game_seed as game_seed,
        play_game as play_game,
        play_games as play_games,
    )
    from .study.tally import Tally as Tally, compare as compare, summary as summary
    from .table.events import (
        AddedKanDeclared as AddedKanDeclared,
        CallDeclared as CallDeclared,
        ChiCalled as ChiCalled,
        ClosedKanDeclared as ClosedKanDeclared,
        DoraRevealed as DoraRevealed,
        GameEnded as GameEnded,
        HandDealt as HandDealt,
        HandEnded as HandEnded,
        KitaDeclared as KitaDeclared,
        MoveEvent as MoveEvent,
        NineTerminalsDeclared as NineTerminalsDeclared,
        OpenKanCalled as OpenKanCalled,
        Passed as Passed,
        PonCalled as PonCalled,
        RiichiAccepted as RiichiAccepted,
        RonDeclared as RonDeclared,
        TableEvent as TableEvent,
        TileCalled as TileCalled,
        TileDiscarded as TileDiscarded,
        TileDrawn as TileDrawn,
        TsumoDeclared as TsumoDeclared,
        WinScored as WinScored,
        Won as Won,
    )
    from .table.moves import MOVE_KINDS as MOVE_KINDS, Move as Move
    from .table.play import Table as Table, TableHand as TableHand, View as View
    from .tiles.notation import (
        DRAGONS as DRAGONS,
        EAST as EAST,
        FIVES as FIVES,
        GREEN as GREEN,
        GREENS as GREENS,
        HONOURS as HONOURS,
        NORTH as NORTH,
        RED as RED,
        SOUTH as SOUTH,
        TERMINALS as TERMINALS,
        TERMINALS_AND_HONOURS as TERMINALS_AND_HONOURS,
        TILE_OF as TILE_OF,
        WEST as WEST,
        WHITE as WHITE,
        WINDS as WINDS,
        Meld as Meld,
        parse_meld as parse_meld,
        parse_tiles as parse_tiles,
        parse_tiles_red as parse_tiles_red,
        tile_name as tile_name,
    )
    from .tiles.readings import Group as Group, Reading as Reading


# Each name is imported when it is first read (PEP 562): the block above is the table of the
# package's names, from which its __all__ is derived too (yakuset._core.lazy).
__getattr__, __dir__, __all__ = lazy_names(globals())
