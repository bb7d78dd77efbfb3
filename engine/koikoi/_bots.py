"""Koi-Koi bots: what a bot is asked, what it sees, and how one is found by name.

A bot answers three questions (:class:`Bot`): which hand card to play, which of two field
cards of the same month to capture, and whether to call Koi-Koi when its base rose. It sees
the round through a :class:`yakuset.koikoi.View` (``table.view(player)`` at any
:class:`yakuset.koikoi.Table`): its own hand, the field, both piles and bases, the calls, the
match points; never the opponent's hand or the stock's order.

Bots come from plugins: a plugin implements ``yakuset_koikoi_bots`` and returns factories by
name (``yakuset.koikoi.hookspecs``). The built-in plugin offers ``random``, ``greedy`` and
``steady``; an installed package adds its own through the ``yakuset`` entry-point group.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .._core.arguments import a_ruleset, shown
from .._core.errors import InputError
from .._core.hints import did_you_mean
from ._hooks import offered_bots

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet
    from ._table import View


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
    a_ruleset(rs)
    if isinstance(names, str) or not isinstance(names, Sequence) or not all(isinstance(n, str) and n for n in names):
        raise InputError(f"bots must be a list of bot names, got {shown(names)}")
    if len(names) != 2:
        raise InputError(f"Koi-Koi is played by two bots, got {len(names)}: {', '.join(names)}")
    registry = rs.registry
    if registry is None:
        raise InputError(f"{rs.id!r} was not loaded by yakuset.load_ruleset: it knows no bots")
    offered = _offered(registry, installed=False)
    if not set(names) <= set(offered):
        offered = {**_offered(registry, installed=True), **offered}  # a built-in name is never taken
    found = []
    for name in names:
        factory = offered.get(name)
        if factory is None:
            hint = did_you_mean(name, offered) or ""
            raise InputError(
                f"no bot named {name!r}; bots: {', '.join(sorted(offered))}" + (f" ({hint})" if hint else "")
            )
        found.append(factory)
    return found


def _offered(registry: Any, installed: bool) -> dict[str, BotFactory]:
    bots: dict[str, BotFactory] = {}
    for _plugin, answer in offered_bots(registry, installed):
        for name, factory in answer.items():
            bots.setdefault(str(name), factory)
    return bots
