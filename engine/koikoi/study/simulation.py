"""Whole Koi-Koi matches between bots, for balance studies (``yakuset simulate``).

A simulated match is played at a :class:`yakuset.koikoi.Table`, the same code as any match
played from moves: each decision is asked of the bot of the player to move through that
player's :class:`yakuset.koikoi.View`, and the bot's answer is played as a move (an illegal
answer is refused with the reason). What the table records is summed up by seat
(:class:`MatchRecord`) and counted into a :class:`yakuset.koikoi.Tally`.

A match is played from one seed: match ``i`` of a study uses :func:`match_seed` (seed, i). The
deck's shuffles come from one random stream and each bot's choices from its own, so the same
seed deals the same cards to bots of any kind.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..._core.arguments import a_seed, an_index, shown
from ..._core.errors import InputError
from ..._core.seeds import derived_seed
from ..match.moves import KOIKOI, SHOBU, IllegalMove, Move, play_move
from ..match.table import Table
from ..match.table_results import TableResult
from .tally import Tally

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from ..match.trace import Entry
    from .bots import Bot, BotFactory

#: The players' names in simulated matches, by seat.
SEATS = ("a", "b")


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a study seeded ``seed``: independent of how the matches are
    split among processes, and far apart for neighbouring indices."""
    return derived_seed(a_seed("seed", seed), an_index("index", index))


class RoundRecord(NamedTuple):
    """How one round ended. Seats are 0 and 1 (``SEATS``); ``kind`` is what ended it, as the
    referee's event says: ``shobu``, ``automatic_shobu``, ``lucky_hand``, ``field_four`` (the
    dealer wins a misdealt field), ``draw`` (decided at the deal) or ``exhaustive_draw`` (which
    may still pay: Dealer's Privilege, or the last caller's hand); ``yaku`` are the ids in the
    winner's hand when the round was won by yaku; ``next_dealer`` who deals the next round."""

    month: int
    dealer: int
    kind: str
    winner: int | None
    points: int
    yaku: tuple[str, ...]
    offers: tuple[int, int]
    calls: tuple[int, int]
    redeals: int
    next_dealer: int


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A finished match: the first dealer's seat, each round, the totals and the winner's seat
    (``None`` for a tie)."""

    first_dealer: int
    rounds: tuple[RoundRecord, ...]
    totals: tuple[int, int]
    winner: int | None


def play_match(rs: RuleSet, seed: int, bots: Sequence[BotFactory], log: list[Entry] | None = None) -> MatchRecord:
    """Play one whole match of ``rs`` from ``seed`` at a :class:`yakuset.koikoi.Table` between two
    bot factories (seat 0, seat 1: players ``a`` and ``b``); with ``log``, append the table's
    log to it (``Table.log``). The same seed deals the same cards whatever the bots."""
    table = _played(rs, a_seed("seed", seed), _two_bots(bots))
    if log is not None:
        log.extend(table.log)
    result = table.result
    assert result is not None
    return _match_record(result)


def _two_bots(bots: Any) -> Sequence[BotFactory]:
    """``bots`` if it holds two bot factories (``find_bots``), else :class:`InputError`."""
    if isinstance(bots, str) or not isinstance(bots, Sequence) or len(bots) != 2 or not all(map(callable, bots)):
        raise InputError(
            f"bots must be two bot factories (yakuset.koikoi.find_bots(rs, ['greedy', 'greedy'])), got {shown(bots)}"
        )
    return bots


def _played(rs: RuleSet, seed: int, bots: Sequence[BotFactory]) -> Table:
    """The table of match ``seed`` played to its end by ``bots`` (seat 0, seat 1)."""
    table = Table(rs, SEATS, seed)
    made = [factory(rs, random.Random(f"{seed}:bot:{seat}")) for seat, factory in enumerate(bots)]
    play_out(table, dict(zip(SEATS, made, strict=True)))
    return table


def play_out(table: Table, bots: Mapping[str, Bot]) -> None:
    """Play ``table``'s match to its end, each decision asked of the bot of the player to move
    through that player's :class:`yakuset.koikoi.View`. A bot's illegal answer raises
    :class:`yakuset.InputError` naming the bot and why."""
    asked = {player: (bots[player], table.view(player)) for player in table.players}
    # The table's own attributes, not its properties: read at every decision of every match.
    while table.result is None:
        player = table._to_move
        assert player is not None
        bot, view = asked[player]
        pending = table._pending
        if pending == "play":
            move = play_move(bot.play(view))
        elif pending == "choose":
            card = table._choosing
            assert card is not None
            move = Move("choose", card, bot.capture(view, card, view.matches(card)))
        else:
            move = KOIKOI if bot.koikoi(view) else SHOBU
        try:
            table.play(move)
        except IllegalMove as error:
            raise InputError(f"bot {type(bot).__name__} answered {move}: {error}") from None


def _match_record(result: TableResult) -> MatchRecord:
    """A table's result by seat."""
    seat = {player: index for index, player in enumerate(result.players)}
    rounds = tuple(
        RoundRecord(
            played.month,
            seat[played.dealer],
            played.ended,
            None if played.winner is None else seat[played.winner],
            played.points,
            played.yaku,
            played.offers,
            played.calls,
            played.redeals,
            seat[played.next_dealer],
        )
        for played in result.rounds
    )
    winner = None if result.winner is None else seat[result.winner]
    return MatchRecord(seat[result.first_dealer], rounds, result.totals, winner)


def count_match(t: Tally, result: TableResult) -> None:
    """Count a match's result into ``t`` (seat 0 is ``result.players[0]``): a simulated match,
    or a recorded one replayed (:mod:`yakuset.koikoi.study.recorded`)."""
    first = result.players[0]
    t.matches += 1
    t.lengths[len(result.rounds)] += 1
    if result.winner is None:
        t.ties += 1
    else:
        if result.winner == result.first_dealer:
            t.first_wins += 1
        else:
            t.second_wins += 1
        t.seat_a_wins += result.winner == first
    for r in result.rounds:
        t.rounds += 1
        t.points[r.points] += 1
        t.redeals += r.redeals
        t.offers += r.offers[0] + r.offers[1]
        t.calls += r.calls[0] + r.calls[1]
        t.round_calls[r.calls[0] + r.calls[1]] += 1
        if r.ended in ("draw", "exhaustive_draw"):
            t.draws += 1  # Dealer's Privilege may pay on a draw: its points are counted above
            continue
        t.wins += 1
        t.dealer_wins += r.winner == r.dealer
        t.seat_a_round_wins += r.winner == first
        if r.ended == "lucky_hand":
            t.lucky_hands += 1
        elif r.ended == "field_four":
            t.field_fours += 1
        elif r.winner is not None:
            t.calls_won += r.calls[result.players.index(r.winner)]
            t.yaku_wins += 1
            t.deciding.update(r.yaku)


def play_matches(rs: RuleSet, seed: int, start: int, stop: int, bots: Sequence[BotFactory]) -> Tally:
    """The tally of matches ``start .. stop-1`` of a study seeded ``seed``."""
    t = Tally()
    for result in _results(rs, seed, start, stop, bots):
        count_match(t, result)
    return t


def match_tallies(rs: RuleSet, seed: int, start: int, stop: int, bots: Sequence[BotFactory]) -> Iterator[Tally]:
    """Matches ``start .. stop-1`` of a study seeded ``seed``, each counted into a tally of its
    own (``yakuset diff --play`` pairs them match by match)."""
    for result in _results(rs, seed, start, stop, bots):
        t = Tally()
        count_match(t, result)
        yield t


def _results(rs: RuleSet, seed: int, start: int, stop: int, bots: Sequence[BotFactory]) -> Iterator[TableResult]:
    """The results of matches ``start .. stop-1`` of a study seeded ``seed``, in order."""
    a_seed("seed", seed)
    if an_index("stop", stop) < an_index("start", start):
        raise InputError(f"stop must be at least start ({start}), got {stop}")
    bots = _two_bots(bots)
    for index in range(start, stop):
        result = _played(rs, match_seed(seed, index), bots).result
        assert result is not None
        yield result
