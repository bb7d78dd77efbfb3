"""Whole Riichi games between bots, for balance studies (``yakuset simulate``).

A simulated game is played at a :class:`yakuset.riichi.Table`, the same code as any game played
from moves: each decision is asked of the bot of the seat to move through that seat's
:class:`yakuset.riichi.View`, and its answer is played as a move. A bot that raises, or answers
a move the table refuses, stops the game: a :class:`yakuset.PluginError` naming the bot, the
table unchanged. What the table records is summed up by seat (:class:`GameRecord`) and counted
into a :class:`yakuset.riichi.Tally`.

Game ``i`` of a study is played from :func:`game_seed` (seed, ``i``): the table's walls come from
that seed alone, and each seat's bot draws from its own stream (``"{game seed}:bot:{seat}"``), so
every rule set of a study and bots of any kind are dealt the same walls.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ..._core.arguments import a_seed, an_index, shown
from ..._core.bots import BotError, OfferedBot
from ..._core.errors import IllegalMove, InputError
from ..._core.seeds import derived_seed
from ..kinds import Ending
from ..settlement.standings import standings
from ..table.events import HandEnded, RiichiAccepted, TileCalled
from ..table.play import Table
from .tally import Tally

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from .bots import Bot

_WINS = (Ending.RON, Ending.TSUMO)
#: The events of a call made.
_CALLS = frozenset(TileCalled.__subclasses__())
#: The settlement steps that pay a winner its hand's own value (not honba, not sticks).
_HAND_PAID = ("ron", "tsumo", "pao")


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a study seeded ``seed``."""
    return derived_seed(a_seed("seed", seed), an_index("index", index))


class HandRecord(NamedTuple):
    """One finished hand, by seat: the ``dealer``, how it ended (``TableHand.ending``), the
    ``winners`` and what each gained (``values``: its transfer, honba and sticks included;
    ``hand_values``: its hand's own value, without honba or sticks), the seat that dealt in
    (``None`` unless a ron), the seats whose riichi stood, the seats that called, and whether
    the dealer deals the next hand (``renchan``; ``False`` when the game ended)."""

    dealer: int
    ending: str
    winners: tuple[int, ...]
    values: tuple[int, ...]
    hand_values: tuple[int, ...]
    discarder: int | None
    riichi: tuple[int, ...]
    called: tuple[int, ...]
    renchan: bool


class GameRecord(NamedTuple):
    """A finished game: each hand, the final ``scores`` and each seat's ``places`` (1 first) and
    ``points`` (the standings' points, in thousands) by starting seat (seat 0 deals first)."""

    hands: tuple[HandRecord, ...]
    scores: tuple[int, ...]
    places: tuple[int, ...]
    points: tuple[float, ...]


def _named(bots: Any, players: int) -> list[OfferedBot]:
    """``bots`` as one found bot a seat (``find_bots``; a plain factory is named by itself)."""
    if (
        isinstance(bots, str)
        or not isinstance(bots, Sequence)
        or len(bots) != players
        or not all(map(callable, (getattr(bot, "factory", bot) for bot in bots)))
    ):
        raise InputError(
            f"bots must be {players} bots (yakuset.riichi.find_bots(rs, ['efficiency'] * {players})), got {shown(bots)}"
        )
    return [
        bot if isinstance(bot, OfferedBot) else OfferedBot(getattr(bot, "__name__", type(bot).__name__), "given", bot)
        for bot in bots
    ]


def play_game(rs: RuleSet, seed: int, bots: Sequence[Any]) -> GameRecord:
    """Play one whole game of ``rs`` from ``seed`` at a :class:`yakuset.riichi.Table` between
    ``bots`` (one a seat, seat 0 the first dealer; :func:`yakuset.riichi.find_bots`), and return
    its record. The same seed deals the same walls whatever the bots."""
    seed = a_seed("seed", seed)
    table = Table(rs, seed=seed)
    named = _named(bots, table.rules.table.players)
    made = [bot.factory(rs, random.Random(f"{seed}:bot:{seat}")) for seat, bot in enumerate(named)]
    marks = play_out(table, list(zip(named, made, strict=True)))
    return _record(rs, table, marks)


def play_out(
    table: Table, bots: Sequence[tuple[OfferedBot, Bot]]
) -> list[tuple[tuple[int, ...], tuple[int, ...], int | None]]:
    """Play ``table``'s game to its end, each decision asked of the bot of the seat to move
    through that seat's view. Returns, per finished hand, the seats whose riichi stood, the seats
    that called and the seat that dealt in. A bot that raises or answers an illegal move is a
    :class:`yakuset.PluginError` naming it; the table is left as it was before the bot was asked."""
    asked = [(named, bot, table.view(seat)) for seat, (named, bot) in enumerate(bots)]
    marks: list[tuple[tuple[int, ...], tuple[int, ...], int | None]] = []
    riichi: list[int] = []
    called: list[int] = []
    while (seat := table.to_move) is not None:
        named, bot, view = asked[seat]
        moves = table.legal_moves()
        try:
            move = bot.choose(view, moves)
        except Exception as error:
            raise BotError(named.name, named.plugin, f"raised at seat {seat}", error) from error
        try:
            events = table.play(move)
        except IllegalMove as error:
            raise BotError(named.name, named.plugin, f"answered {shown(move)} at seat {seat}", error) from None
        for event in events:
            if type(event) is RiichiAccepted:
                riichi.append(event.seat)
            elif type(event) in _CALLS:  # a seat that made a call this hand has called (its hand is open)
                caller = cast(TileCalled, event).seat
                if caller not in called:
                    called.append(caller)
            elif type(event) is HandEnded:
                marks.append((tuple(riichi), tuple(sorted(called)), event.discarder))
                riichi, called = [], []
    return marks


def _record(
    rs: RuleSet, table: Table, marks: Sequence[tuple[tuple[int, ...], tuple[int, ...], int | None]]
) -> GameRecord:
    hands = []
    for played, (riichi, called, discarder) in zip(table.hands, marks, strict=True):
        settled = played.settlement
        after = settled.state
        hands.append(
            HandRecord(
                played.state.dealer,
                played.ending,
                settled.winners,
                tuple(settled.transfers[winner] for winner in settled.winners),
                tuple(settled.steps.paid(winner, _HAND_PAID) for winner in settled.winners),
                discarder if played.ending == Ending.RON else None,
                riichi,
                called,
                not after.ended and after.dealer == played.state.dealer,
            )
        )
    final = standings(rs, table.state)
    by_seat = sorted(final, key=lambda standing: standing.seat)
    return GameRecord(
        tuple(hands),
        tuple(table.state.scores),
        tuple(standing.place for standing in by_seat),
        tuple(standing.points for standing in by_seat),
    )


def count(t: Tally, game: GameRecord) -> None:
    """Count a finished game into ``t``."""
    seats = len(game.scores)
    t.matches += 1
    t.lengths[len(game.hands)] += 1
    for hand in game.hands:
        t.hands += 1
        t.seat_hands += seats
        t.riichi += len(hand.riichi)
        t.calls += len(hand.called)
        t.renchan += hand.renchan
        if hand.ending in _WINS:
            t.wins += len(hand.winners)
            t.tsumo += hand.ending == Ending.TSUMO
            t.deal_ins += hand.ending == Ending.RON
            t.dealer_wins += hand.dealer in hand.winners
            t.values.update(hand.values)
            t.hand_values.update(hand.hand_values)
        elif hand.ending == Ending.EXHAUSTIVE_DRAW:
            t.exhaustive_draws += 1
        else:
            t.abortive_draws += 1
    for seat in range(seats):
        t.places[f"{seat}:{game.places[seat]}"] += 1
        score = game.scores[seat]
        t.score_sums[seat] += score
        t.score_squares[seat] += score * score
        tenths = round(game.points[seat] * 10)
        t.points_sums[seat] += tenths
        t.points_squares[seat] += tenths * tenths


def play_games(rs: RuleSet, seed: int, start: int, stop: int, bots: Sequence[Any]) -> Tally:
    """The tally of games ``start .. stop-1`` of a study seeded ``seed``."""
    t = Tally()
    for game in _records(rs, seed, start, stop, bots):
        count(t, game)
    return t


def game_tallies(rs: RuleSet, seed: int, start: int, stop: int, bots: Sequence[Any]) -> Iterator[Tally]:
    """Games ``start .. stop-1`` of a study seeded ``seed``, each counted into a tally of its own
    (``yakuset diff --play`` pairs them game by game)."""
    for game in _records(rs, seed, start, stop, bots):
        t = Tally()
        count(t, game)
        yield t


def _records(rs: RuleSet, seed: int, start: int, stop: int, bots: Sequence[Any]) -> Iterator[GameRecord]:
    """The records of games ``start .. stop-1`` of a study seeded ``seed``, in order."""
    a_seed("seed", seed)
    if an_index("stop", stop) < an_index("start", start):
        raise InputError(f"stop must be at least start ({start}), got {stop}")
    for index in range(start, stop):
        yield play_game(rs, game_seed(seed, index), bots)
