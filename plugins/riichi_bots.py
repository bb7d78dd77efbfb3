"""The built-in Riichi bots for simulated games: ``random``, ``tsumogiri``, ``efficiency`` and
``human``.

- ``random`` plays a legal move chosen uniformly, from the seat's own random stream: a baseline
  that knows nothing (it rarely wins, and declares riichi or calls whenever chance says).
- ``tsumogiri`` discards the tile it drew, passes every call and wins whenever it can.
- ``efficiency`` wins whenever it can; declares riichi whenever it is tenpai and may; discards to
  the lowest shanten with the most tiles accepted, counted over the tiles its seat cannot see
  (:func:`yakuset.riichi.tile_efficiency`); pons value honours (the dragons, its seat wind and
  the round wind) and passes every other call. Of two copies of a kind it discards the higher
  (a red five is a five's lowest copy, so it keeps a red five).
- ``human`` plays with the habits people show at the table: it folds, calls and stays dama as
  Tenhou's houou players do (:mod:`yakuset._plugins.riichi_human`, its habits calibrated by
  bench/realism.py).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from yakuset import RuleSet, hookimpl
from yakuset.riichi import DRAGONS, Bot, BotFactory, Move, View, discard_choices, tile_efficiency

from .riichi_human import HumanBot

#: The tiles of the winds, east to north (``State.round_wind`` and a seat's wind name them).
_WIND_TILE = {"east": 27, "south": 28, "west": 29, "north": 30}
_SEAT_WINDS = ("east", "south", "west", "north")
_WINS = ("tsumo", "ron")


class RandomBot:
    """A legal move chosen uniformly from the seat's own random stream."""

    def __init__(self, rs: RuleSet, rng: random.Random) -> None:
        self.draw = rng.random

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        return moves[int(self.draw() * len(moves))]


class TsumogiriBot:
    """Wins when it can, else discards the tile it drew; passes every call."""

    def __init__(self, rs: RuleSet, rng: random.Random) -> None:
        pass

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        for move in moves:
            if move.kind in _WINS:
                return move
        drawn = view.drawn
        for move in moves:
            if move.kind == "pass" or (move.kind == "discard" and move.tile == drawn):
                return move
        return next(move for move in reversed(moves) if move.kind == "discard")  # no tile drawn: after a call


class EfficiencyBot:
    """Wins when it can; riichi when tenpai; the most efficient discard; pons value honours."""

    def __init__(self, rs: RuleSet, rng: random.Random) -> None:
        pass

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        last = moves[-1]
        for move in moves:
            if move.kind in _WINS:
                return move
        if last.kind == "pass":  # answering a discard
            valued = _value_honours(view)
            for move in moves:
                if move.kind == "pon" and move.tile is not None and move.tile >> 2 in valued:
                    return move
            return last
        discards, riichi = discard_choices(moves)
        if len(discards) == 1 and not riichi:  # after riichi: the drawn tile
            return next(iter(discards.values()))
        ranked = tile_efficiency(view)
        for choices in (riichi, discards):
            for found in ranked:
                chosen = choices.get(found.kind)
                if chosen is not None:
                    return chosen
        return last


def _value_honours(view: View) -> set[int]:
    """The honour tiles whose triplet is a yaku for ``view``'s seat: dragons, seat and round wind."""
    state = view.state
    seat_wind = _SEAT_WINDS[(view.seat - state.dealer) % len(state.scores)]
    return {*DRAGONS, _WIND_TILE[seat_wind], _WIND_TILE[state.round_wind]}


BOTS: Mapping[str, BotFactory] = {
    "random": RandomBot,
    "tsumogiri": TsumogiriBot,
    "efficiency": EfficiencyBot,
    "human": HumanBot,
}


@hookimpl
def yakuset_riichi_bots() -> Mapping[str, BotFactory]:
    """``random``, ``tsumogiri``, ``efficiency`` and ``human``."""
    return BOTS


__all__ = ["BOTS", "Bot", "EfficiencyBot", "HumanBot", "RandomBot", "TsumogiriBot", "yakuset_riichi_bots"]
