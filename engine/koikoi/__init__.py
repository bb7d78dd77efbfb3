"""Hanafuda Koi-Koi: the round award, the yaku of captured cards, and the referee.

    >>> import yakuset
    >>> rs = yakuset.load_ruleset("nintendo")
    >>> yakuset.koikoi.award(rs, base=8, opponent_calls=1).points
    32

:func:`award` multiplies a base by the rule set's multipliers; :func:`yaku` finds the yaku of a
pile of captured cards; :class:`Round` and :class:`Match` referee a game reported event by
event; :func:`replay` plays a script (``yakuset play``); :class:`Table` plays a whole match
from moves, dealing from a seed and refusing an illegal move with the reason; a bot plays
there through ``table.view(player)`` (:class:`View`), and :func:`play_match` plays whole
matches of bots at a table (``yakuset simulate``); :func:`read_record` reads a KoiKoi-AI game
record and :func:`replay_record` plays it at a table (``yakuset replay``). Every number
comes from the rule set, the table rules (who deals, points, misdeals, calls, weather) from
``rules_of(rs).table`` (:class:`TableRules`)::

    >>> table = yakuset.koikoi.Table(rs, players=("a", "b"), seed=1)
    >>> table.pending, len(table.legal_moves())
    ('play', 8)

For simulations, :func:`pile` gives a read-only :class:`Pile` that takes one card at a time:
``add(card)`` returns a new pile whose ``base`` (and ``hand``, the :class:`Hand` :func:`yaku`
gives for the same cards in the same order) comes from the cards' running sum, not from going
over the cards again::

    >>> pile = yakuset.koikoi.pile(rs, month=1).add("01-bright-crane").add("03-bright-curtain")
    >>> pile.add("08-bright-moon").base, pile.base
    (5, 0)

Finished awards and the yaku found for a count of cards are remembered (bounded);
:func:`clear_memos` forgets them and :func:`memo_sizes` tells their sizes.
"""

from typing import TYPE_CHECKING

from .._core.lazy import lazy_names

if TYPE_CHECKING:
    from . import hookspecs as hookspecs
    from .game import GAME as GAME, KoikoiGame as KoikoiGame
    from .logs.record import (
        KoikoiRecord as KoikoiRecord,
        LogError as LogError,
        RecordRound as RecordRound,
        RecordTurn as RecordTurn,
        is_record as is_record,
        read_record as read_record,
    )
    from .logs.replay import (
        KoikoiReplay as KoikoiReplay,
        RefusedMove as RefusedMove,
        ReplayedRound as ReplayedRound,
        replay_record as replay_record,
        replay_round as replay_round,
    )
    from .match.events import Event as Event, RefereeError as RefereeError
    from .match.matches import Match as Match, MatchResult as MatchResult
    from .match.moves import IllegalMove as IllegalMove, Move as Move
    from .match.referee import Round as Round
    from .match.scripts import (
        RoundTrace as RoundTrace,
        Trace as Trace,
        load_script as load_script,
        replay as replay,
        trace_text as trace_text,
    )
    from .match.table import Table as Table
    from .match.table_results import (
        TableResult as TableResult,
        TableRound as TableRound,
        TableState as TableState,
    )
    from .match.view import View as View
    from .results import (
        Award as Award,
        FixedAward as FixedAward,
        Hand as Hand,
        MatchAdjustment as MatchAdjustment,
        YakuScore as YakuScore,
    )
    from .rules.compiled import (
        Card as Card,
        CardFilter as CardFilter,
        KoikoiRules as KoikoiRules,
        KoikoiYaku as KoikoiYaku,
        rules_of as rules_of,
    )
    from .rules.hooks import DealOutcome as DealOutcome
    from .rules.memos import clear_memos as clear_memos, memo_sizes as memo_sizes
    from .rules.table import TableRules as TableRules, Weather as Weather
    from .scoring.award import (
        MAX_BASE as MAX_BASE,
        TABLE_BASES as TABLE_BASES,
        AwardTable as AwardTable,
        award as award,
        award_tables as award_tables,
    )
    from .scoring.yaku import Pile as Pile, check_cards as check_cards, pile as pile, yaku as yaku
    from .study.bots import Bot as Bot, BotFactory as BotFactory, find_bots as find_bots
    from .study.recorded import recorded_tally as recorded_tally
    from .study.simulation import (
        MatchRecord as MatchRecord,
        RoundRecord as RoundRecord,
        match_seed as match_seed,
        play_match as play_match,
        play_matches as play_matches,
    )
    from .study.tally import Tally as Tally, compare as compare, summary as summary


# Each name is imported when it is first read (PEP 562): the block above is the table of the
# package's names, from which its __all__ is derived too (yakuset._core.lazy).
__getattr__, __dir__, __all__ = lazy_names(globals())
