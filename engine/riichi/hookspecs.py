"""The hooks of Riichi: the detectors that find yaku in a hand's tiles, and the bots a plugin
offers for simulated games. Implement them with ``yakuset.hookimpl`` (see
``yakuset._core.hookspecs`` for how plugins are found)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from .._core.hookspecs import hookspec

if TYPE_CHECKING:
    from .scoring.situation import Situation
    from .study.bots import BotFactory
    from .tiles.readings import Reading

    Detector = Callable[[Reading, Situation], bool]


@hookspec
def yakuset_riichi_yaku_detectors() -> Mapping[str, Detector] | None:
    """Return detectors for Riichi yaku ids: ``{"riichi": detect, ...}``.

    Called once when a Riichi rule set is loaded; :func:`yakuset.riichi.evaluate` then asks
    the detectors of the yaku the rule set's ``yaku:`` table enables. A detector is called as
    ``detect(reading, situation)`` with a :class:`yakuset.Reading` (one way to read the
    winning hand: its groups, its wait) and a :class:`yakuset.Situation` (flags, winds, all
    tiles) and returns whether the yaku is present. The table decides the yaku's han, what it
    replaces and whether it needs a closed hand, so a detector answers only "is the shape
    there". A studio adds a house yaku with a YAML entry and a plugin returning its detector.
    Where several plugins detect one id, the one pluggy asks first wins: ``tryfirst``
    implementations, then the others, ``trylast`` ones last. The built-in ``riichi_yaku``
    plugin is ``trylast``, so any plugin's detector replaces a standard one; two plugins of
    the same rank detecting one id is a load error (mark the winner ``tryfirst``).
    ``Reading`` and ``Situation`` are NamedTuples: read their fields, never change them.

    For speed a detector may carry a ``batch`` attribute: a function ``(reading, situation) ->
    iterable of ids`` that answers for several ids at once (the built-in ``riichi_yaku`` plugin
    analyses a reading once for all its detectors). The batch answers only for the ids whose
    detector carries it; an id another plugin replaced is asked of that plugin's detector.
    """


@hookspec
def yakuset_riichi_bots() -> Mapping[str, BotFactory] | None:
    """Return the Riichi bots this plugin offers: a mapping from bot name to factory.

    Called when simulated games name their bots (``yakuset simulate --bots a,b,c,d``,
    :func:`yakuset.riichi.find_bots`): on the built-in plugins first, then, for a name they do
    not offer, on the installed packages' plugins (entry-point group ``yakuset``). The first
    plugin to offer a name keeps it: an installed package cannot take a built-in bot's name.
    A factory is called as ``factory(ruleset, rng)`` for each seat of each game and returns a
    :class:`yakuset.riichi.Bot`; ``rng`` is the seat's own :class:`random.Random`, seeded from
    the game and the seat, so a bot that draws only from it plays a game the same way every
    time. A bot sees only its seat's :class:`yakuset.riichi.View`. One that raises, or answers
    a move the table refuses, stops the game with a :class:`yakuset.PluginError` naming it (the
    table unchanged). The built-in ``riichi_bots`` plugin offers ``random``, ``tsumogiri``,
    ``efficiency`` and ``human``.
    """
