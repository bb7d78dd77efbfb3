"""Recorded matches counted as a study counts simulated ones: :func:`recorded_tally`.

A KoiKoi-AI record replayed at the table (:func:`yakuset.koikoi.replay_record`) gives, for each
round it finishes, the table's own account of the round (``ReplayedRound.table_round``): the
same :class:`yakuset.koikoi.TableRound` a simulated match gives. Counted into a
:class:`yakuset.koikoi.Tally` by the study's own counting (``simulation.count_match``), its
figures (:func:`yakuset.koikoi.summary`) are the study's figures, defined once, of people's play:
what the bots of a study are measured against (``bench/koikoi_human_rates.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..._core.arguments import shown
from ..._core.errors import InputError
from ..logs.replay import KoikoiReplay
from ..match.table_results import TableResult
from .simulation import count_match
from .tally import Tally

if TYPE_CHECKING:
    from ..match.table_results import TableRound


def recorded_tally(replays: Iterable[KoikoiReplay]) -> Tally:
    """The study's tally of replayed records (``replay_record``): every round a replay
    finishes, a record a match (its winner the player with more points at its end; a round the
    record leaves unfinished is not counted)."""
    t = Tally()
    for replay in replays:
        if not isinstance(replay, KoikoiReplay):
            raise InputError(f"replays must be yakuset.koikoi.replay_record's replays, got {shown(replay)}")
        rounds: list[TableRound] = [r.table_round for r in replay.rounds if r.table_round is not None]
        if not rounds:
            continue
        first, second = replay.totals
        winner = None if first == second else replay.players[int(second > first)]
        count_match(t, TableResult(replay.players, replay.totals, winner, tuple(rounds), rounds[0].dealer, ()))
    return t
