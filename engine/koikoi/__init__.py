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
    from ._award import MAX_BASE, TABLE_BASES, AwardTable, award, award_tables
    from ._bots import Bot, BotFactory, find_bots
    from ._game import GAME, KoikoiGame
    from ._hooks import DealOutcome
    from ._memos import clear_memos, memo_sizes
    from ._referee import Event, Match, MatchResult, RefereeError, Round
    from ._replay import RoundTrace, Trace, load_script, replay, trace_text
    from ._results import Award, FixedAward, Hand, MatchAdjustment, YakuScore
    from ._rules import Card, CardFilter, KoikoiRules, KoikoiYaku
    from ._rules import koikoi_rules as rules_of
    from ._simulation import MatchRecord, RoundRecord, match_seed, play_match, play_matches
    from ._table import IllegalMove, Move, Table, TableResult, TableRound, TableState, View
    from ._table_rules import TableRules, Weather
    from ._tally import Tally, compare, summary
    from ._yaku import Pile, check_cards, pile, yaku

# Each name is imported when first used (PEP 562): loading a rule set or scoring a hand imports
# only the modules it needs. The table says where each name lives.
_WHERE: dict[str, tuple[str, str | None]] = {
    "hookspecs": ("yakuset.koikoi.hookspecs", None),
    "MAX_BASE": ("yakuset.koikoi._award", "MAX_BASE"),
    "TABLE_BASES": ("yakuset.koikoi._award", "TABLE_BASES"),
    "AwardTable": ("yakuset.koikoi._award", "AwardTable"),
    "award": ("yakuset.koikoi._award", "award"),
    "award_tables": ("yakuset.koikoi._award", "award_tables"),
    "Bot": ("yakuset.koikoi._bots", "Bot"),
    "BotFactory": ("yakuset.koikoi._bots", "BotFactory"),
    "View": ("yakuset.koikoi._table", "View"),
    "find_bots": ("yakuset.koikoi._bots", "find_bots"),
    "MatchRecord": ("yakuset.koikoi._simulation", "MatchRecord"),
    "RoundRecord": ("yakuset.koikoi._simulation", "RoundRecord"),
    "match_seed": ("yakuset.koikoi._simulation", "match_seed"),
    "play_match": ("yakuset.koikoi._simulation", "play_match"),
    "play_matches": ("yakuset.koikoi._simulation", "play_matches"),
    "IllegalMove": ("yakuset.koikoi._table", "IllegalMove"),
    "Move": ("yakuset.koikoi._table", "Move"),
    "Table": ("yakuset.koikoi._table", "Table"),
    "TableResult": ("yakuset.koikoi._table", "TableResult"),
    "TableRound": ("yakuset.koikoi._table", "TableRound"),
    "TableState": ("yakuset.koikoi._table", "TableState"),
    "TableRules": ("yakuset.koikoi._table_rules", "TableRules"),
    "Weather": ("yakuset.koikoi._table_rules", "Weather"),
    "Tally": ("yakuset.koikoi._tally", "Tally"),
    "compare": ("yakuset.koikoi._tally", "compare"),
    "summary": ("yakuset.koikoi._tally", "summary"),
    "GAME": ("yakuset.koikoi._game", "GAME"),
    "KoikoiGame": ("yakuset.koikoi._game", "KoikoiGame"),
    "clear_memos": ("yakuset.koikoi._memos", "clear_memos"),
    "memo_sizes": ("yakuset.koikoi._memos", "memo_sizes"),
    "DealOutcome": ("yakuset.koikoi._hooks", "DealOutcome"),
    "Event": ("yakuset.koikoi._referee", "Event"),
    "Match": ("yakuset.koikoi._referee", "Match"),
    "MatchResult": ("yakuset.koikoi._referee", "MatchResult"),
    "RefereeError": ("yakuset.koikoi._referee", "RefereeError"),
    "Round": ("yakuset.koikoi._referee", "Round"),
    "RoundTrace": ("yakuset.koikoi._replay", "RoundTrace"),
    "Trace": ("yakuset.koikoi._replay", "Trace"),
    "load_script": ("yakuset.koikoi._replay", "load_script"),
    "replay": ("yakuset.koikoi._replay", "replay"),
    "trace_text": ("yakuset.koikoi._replay", "trace_text"),
    "Award": ("yakuset.koikoi._results", "Award"),
    "FixedAward": ("yakuset.koikoi._results", "FixedAward"),
    "Hand": ("yakuset.koikoi._results", "Hand"),
    "MatchAdjustment": ("yakuset.koikoi._results", "MatchAdjustment"),
    "YakuScore": ("yakuset.koikoi._results", "YakuScore"),
    "Card": ("yakuset.koikoi._rules", "Card"),
    "CardFilter": ("yakuset.koikoi._rules", "CardFilter"),
    "KoikoiRules": ("yakuset.koikoi._rules", "KoikoiRules"),
    "KoikoiYaku": ("yakuset.koikoi._rules", "KoikoiYaku"),
    "rules_of": ("yakuset.koikoi._rules", "koikoi_rules"),
    "Pile": ("yakuset.koikoi._yaku", "Pile"),
    "check_cards": ("yakuset.koikoi._yaku", "check_cards"),
    "pile": ("yakuset.koikoi._yaku", "pile"),
    "yaku": ("yakuset.koikoi._yaku", "yaku"),
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
