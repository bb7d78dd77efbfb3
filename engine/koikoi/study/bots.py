"""Koi-Koi bots: what a bot is asked, what it sees, and how one is found by name.

A bot answers three questions (:class:`Bot`): which hand card to play, which of two field
cards of the same month to capture, and whether to call Koi-Koi when its base rose. It sees
the round through a :class:`yakuset.koikoi.View` (``table.view(player)`` at any
:class:`yakuset.koikoi.Table`): its own hand, the field, both piles and bases, the calls, the
match points; never the opponent's hand or the stock's order.

Bots come from plugins: a plugin implements ``yakuset_koikoi_bots`` and returns factories by
name (``yakuset.koikoi.hookspecs``). The built-in plugin offers ``random``, ``greedy``,
``steady`` and ``human``; an installed package adds its own through the ``yakuset`` entry-point group.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..._core.bots import find_offered
from ..rules.hooks import offered_bots

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from ..match.view import View


@runtime_checkable
class Bot(Protocol):
    """A player of simulated matches. Each method gets the player's :class:`View`."""

    def play(self, view: View) -> str:
        """The id of the hand card to play (one of ``view.playable``: with ``match.must_capture``
        a player who can capture must)."""
        ...

    def capture(self, view: View, card: str, choices: tuple[str, ...]) -> str:
        """Which of ``choices`` (two field cards of ``card``'s month) ``card`` captures. ``card``
        is the card just played or the card just turned from the stock."""
        ...

    def koikoi(self, view: View) -> bool:
        """The base rose: ``True`` to call Koi-Koi and play on, ``False`` to stop and score."""
        ...


#: Makes a bot for one seat of one match: ``factory(ruleset, rng)``. ``rng`` is the seat's own
#: random stream, derived from the match's seed: a bot that draws only from it plays the same
#: match the same way every time.
BotFactory = Callable[["RuleSet", random.Random], Bot]


def find_bots(rs: RuleSet, names: Sequence[str]) -> list[BotFactory]:
    """The bot factories named ``names`` (built-in bots first, then installed packages'), or
    :class:`yakuset.InputError` naming an unknown bot."""
    return [bot.factory for bot in find_offered(rs, names, offered_bots, (2,), "Koi-Koi")]
