"""riichienv 0.4.11's own mjai logs: whole games played by riichienv and written by it (its
``RiichiEnv.mjai_log``), for ``yakuset replay`` to read as any user's log (issue 43).

A helper module, not a test file. The games are driven as in :mod:`.riichienv_play` (a seeded
chooser picks among riichienv's legal actions, seen as our moves); nothing of ours touches the
log: it is riichienv's dialect, word for word (no ``names``, its draw reasons, ``kita``).
"""

from __future__ import annotations

import json
import random
from typing import Any

from .riichienv_play import PRESETS, Chooser, _answer, _turn_order, eager, env_for, moves_of


def riichienv_log(ruleset: str, seed: int, chooser: Chooser = eager) -> tuple[str, tuple[int, ...]]:
    """One whole game of ``ruleset``'s riichienv preset (walls from ``seed``, moves from
    ``chooser`` seeded with ``seed``): riichienv's mjai log as JSON lines, and its final scores."""
    env = env_for(ruleset, seed)
    rng = random.Random(seed)
    observations = env.reset()
    while not env.done():
        order = _turn_order(env, PRESETS[ruleset].players)
        answers: dict[int, Any] = {}
        for seat in sorted(observations, key=order):
            actions = observations[seat].legal_actions()
            answers[seat] = _answer(env, seat, chooser(rng, moves_of(env, seat, actions)), actions)
        observations = env.step(answers)
    lines = "".join(json.dumps(event, separators=(",", ":")) + "\n" for event in env.mjai_log)
    return lines, tuple(env.scores())
