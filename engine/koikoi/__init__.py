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
matches of bots at a table (``yakuset simulate``). Every number
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
    from . import hookspecs
    from .game import GAME, KoikoiGame
    from .match.referee import Event, Match, MatchResult, RefereeError, Round
    from .match.scripts import RoundTrace, Trace, load_script, replay, trace_text
    from .match.table import IllegalMove, Move, Table, TableResult, TableRound, TableState, View
    from .results import Award, FixedAward, Hand, MatchAdjustment, YakuScore
    from .rules.compiled import Card, CardFilter, KoikoiRules, KoikoiYaku
    from .rules.compiled import koikoi_rules as rules_of
    from .rules.hooks import DealOutcome
    from .rules.memos import clear_memos, memo_sizes
    from .rules.table import TableRules, Weather
    from .scoring.award import MAX_BASE, TABLE_BASES, AwardTable, award, award_tables
    from .scoring.yaku import Pile, check_cards, pile, yaku
    from .study.bots import Bot, BotFactory, find_bots
    from .study.simulation import MatchRecord, RoundRecord, match_seed, play_match, play_matches
    from .study.tally import Tally, compare, summary

# Each name is imported when first used (PEP 562): loading a rule set or scoring a hand imports
# only the modules it needs. The table says where each name lives.
_WHERE: dict[str, tuple[str, str | None]] = {
    "hookspecs": ("yakuset.koikoi.hookspecs", None),
    "MAX_BASE": ("yakuset.koikoi.scoring.award", "MAX_BASE"),
    "TABLE_BASES": ("yakuset.koikoi.scoring.award", "TABLE_BASES"),
    "AwardTable": ("yakuset.koikoi.scoring.award", "AwardTable"),
    "award": ("yakuset.koikoi.scoring.award", "award"),
    "award_tables": ("yakuset.koikoi.scoring.award", "award_tables"),
    "Bot": ("yakuset.koikoi.study.bots", "Bot"),
    "BotFactory": ("yakuset.koikoi.study.bots", "BotFactory"),
    "View": ("yakuset.koikoi.match.table", "View"),
    "find_bots": ("yakuset.koikoi.study.bots", "find_bots"),
    "MatchRecord": ("yakuset.koikoi.study.simulation", "MatchRecord"),
    "RoundRecord": ("yakuset.koikoi.study.simulation", "RoundRecord"),
    "match_seed": ("yakuset.koikoi.study.simulation", "match_seed"),
    "play_match": ("yakuset.koikoi.study.simulation", "play_match"),
    "play_matches": ("yakuset.koikoi.study.simulation", "play_matches"),
    "IllegalMove": ("yakuset.koikoi.match.table", "IllegalMove"),
    "Move": ("yakuset.koikoi.match.table", "Move"),
    "Table": ("yakuset.koikoi.match.table", "Table"),
    "TableResult": ("yakuset.koikoi.match.table", "TableResult"),
    "TableRound": ("yakuset.koikoi.match.table", "TableRound"),
    "TableState": ("yakuset.koikoi.match.table", "TableState"),
    "TableRules": ("yakuset.koikoi.rules.table", "TableRules"),
    "Weather": ("yakuset.koikoi.rules.table", "Weather"),
    "Tally": ("yakuset.koikoi.study.tally", "Tally"),
    "compare": ("yakuset.koikoi.study.tally", "compare"),
    "summary": ("yakuset.koikoi.study.tally", "summary"),
    "GAME": ("yakuset.koikoi.game", "GAME"),
    "KoikoiGame": ("yakuset.koikoi.game", "KoikoiGame"),
    "clear_memos": ("yakuset.koikoi.rules.memos", "clear_memos"),
    "memo_sizes": ("yakuset.koikoi.rules.memos", "memo_sizes"),
    "DealOutcome": ("yakuset.koikoi.rules.hooks", "DealOutcome"),
    "Event": ("yakuset.koikoi.match.referee", "Event"),
    "Match": ("yakuset.koikoi.match.referee", "Match"),
    "MatchResult": ("yakuset.koikoi.match.referee", "MatchResult"),
    "RefereeError": ("yakuset.koikoi.match.referee", "RefereeError"),
    "Round": ("yakuset.koikoi.match.referee", "Round"),
    "RoundTrace": ("yakuset.koikoi.match.scripts", "RoundTrace"),
    "Trace": ("yakuset.koikoi.match.scripts", "Trace"),
    "load_script": ("yakuset.koikoi.match.scripts", "load_script"),
    "replay": ("yakuset.koikoi.match.scripts", "replay"),
    "trace_text": ("yakuset.koikoi.match.scripts", "trace_text"),
    "Award": ("yakuset.koikoi.results", "Award"),
    "FixedAward": ("yakuset.koikoi.results", "FixedAward"),
    "Hand": ("yakuset.koikoi.results", "Hand"),
    "MatchAdjustment": ("yakuset.koikoi.results", "MatchAdjustment"),
    "YakuScore": ("yakuset.koikoi.results", "YakuScore"),
    "Card": ("yakuset.koikoi.rules.compiled", "Card"),
    "CardFilter": ("yakuset.koikoi.rules.compiled", "CardFilter"),
    "KoikoiRules": ("yakuset.koikoi.rules.compiled", "KoikoiRules"),
    "KoikoiYaku": ("yakuset.koikoi.rules.compiled", "KoikoiYaku"),
    "rules_of": ("yakuset.koikoi.rules.compiled", "koikoi_rules"),
    "Pile": ("yakuset.koikoi.scoring.yaku", "Pile"),
    "check_cards": ("yakuset.koikoi.scoring.yaku", "check_cards"),
    "pile": ("yakuset.koikoi.scoring.yaku", "pile"),
    "yaku": ("yakuset.koikoi.scoring.yaku", "yaku"),
}


__getattr__, __dir__ = lazy_names(__name__, globals(), _WHERE)


__all__ = [
    "GAME",
    "MAX_BASE",
    "TABLE_BASES",
    "Award",
    "AwardTable",
    "Bot",
    "BotFactory",
    "Card",
    "CardFilter",
    "DealOutcome",
    "Event",
    "FixedAward",
    "Hand",
    "IllegalMove",
    "KoikoiGame",
    "KoikoiRules",
    "KoikoiYaku",
    "Match",
    "MatchAdjustment",
    "MatchRecord",
    "MatchResult",
    "Move",
    "Pile",
    "RefereeError",
    "Round",
    "RoundRecord",
    "RoundTrace",
    "Table",
    "TableResult",
    "TableRound",
    "TableRules",
    "TableState",
    "Tally",
    "Trace",
    "View",
    "Weather",
    "YakuScore",
    "award",
    "award_tables",
    "check_cards",
    "clear_memos",
    "compare",
    "find_bots",
    "hookspecs",
    "load_script",
    "match_seed",
    "memo_sizes",
    "pile",
    "play_match",
    "play_matches",
    "replay",
    "rules_of",
    "summary",
    "trace_text",
    "yaku",
]
