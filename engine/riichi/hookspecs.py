"""The hooks of Riichi: the detectors that find yaku in a hand's tiles. Implement them with
``yakuset.hookimpl`` (see ``yakuset._core.hookspecs`` for how plugins are found)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from .._core.hookspecs import hookspec

if TYPE_CHECKING:
    from ._readings import Reading
    from ._situation import Situation

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
