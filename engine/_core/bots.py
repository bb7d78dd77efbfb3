"""Bots found by name among the plugins' offers: what the games' ``find_bots`` share.

A game's bot hook (``yakuset_koikoi_bots``, ``yakuset_riichi_bots``) returns factories by name.
The built-in plugins are asked first; the installed packages' plugins only for a name no
built-in offers, and a built-in name is never taken (``Registry.offers``). A bot that fails at
the table (it raises, or answers a move the table refuses) is a :class:`BotError`: a
:class:`PluginError` naming the bot and the plugin that offers it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .arguments import a_ruleset, shown
from .errors import InputError, PluginError
from .hints import did_you_mean

if TYPE_CHECKING:
    from .ruleset import RuleSet

#: What a game's bot hook answers, per plugin: ``offers(registry, installed)`` -> ``[(plugin, {name: factory})]``.
Offers = Callable[[Any, bool], Sequence[tuple[str, Mapping[str, Callable[..., Any]]]]]


_WORDS = {2: "two", 3: "three", 4: "four"}


@dataclass(frozen=True, slots=True)
class OfferedBot:
    """A bot factory found by name: ``name`` and the ``plugin`` that offers it, for messages."""

    name: str
    plugin: str
    factory: Callable[..., Any]


class BotError(PluginError):
    """A bot failed at the table: it raised, or answered a move the table refused (the table is
    unchanged, the game stopped). ``plugin`` is the plugin that offers the bot, ``bot`` its name."""

    def __init__(self, bot: str, plugin: str, what: str, error: BaseException) -> None:
        self.plugin, self.hook, self.bot = plugin, "bot", bot
        reason = " ".join(str(error).split()) or "(no message)"
        RuntimeError.__init__(self, f"bot {bot!r} (plugin {plugin!r}) {what}: {type(error).__name__}: {reason}")


def find_offered(
    rs: RuleSet, names: Sequence[str], offers: Offers, seats: Sequence[int], game: str
) -> list[OfferedBot]:
    """The bots named ``names`` (one a seat; ``seats``: how many seats the game may have),
    built-in bots first, then installed packages'; :class:`InputError` names an unknown bot."""
    a_ruleset(rs)
    if isinstance(names, str) or not isinstance(names, Sequence) or not all(isinstance(n, str) and n for n in names):
        raise InputError(f"bots must be a list of bot names, got {shown(names)}")
    if len(names) not in seats:
        counts = " or ".join(_WORDS.get(n, str(n)) for n in seats)
        raise InputError(f"{game} is played by {counts} bots, got {len(names)}: {', '.join(names)}")
    registry = rs.registry
    if registry is None:
        raise InputError(f"{rs.id!r} was not loaded by yakuset.load_ruleset: it knows no bots")
    offered = _offered(offers(registry, False))
    if not set(names) <= set(offered):
        offered = {**_offered(offers(registry, True)), **offered}  # a built-in name is never taken
    found = []
    for name in names:
        bot = offered.get(name)
        if bot is None:
            hint = did_you_mean(name, offered) or ""
            raise InputError(
                f"no bot named {name!r}; bots: {', '.join(sorted(offered))}" + (f" ({hint})" if hint else "")
            )
        found.append(bot)
    return found


def _offered(answers: Sequence[tuple[str, Mapping[str, Callable[..., Any]]]]) -> dict[str, OfferedBot]:
    bots: dict[str, OfferedBot] = {}
    for plugin, answer in answers:
        for name, factory in answer.items():
            bots.setdefault(str(name), OfferedBot(str(name), plugin, factory))
    return bots
