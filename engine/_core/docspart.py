"""What a game gives the documentation site's rule-set pages beyond its tables: one example hand
for each yaku a rule set has, drawn, with what the engine scores for it (``yakuset._docs``).

This is the contract a game's ``examples`` part implements (:class:`ExamplesPart`); a game
without one sets ``examples = None`` and its rule sets' pages show no example."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from .ruleset import RuleSet


class YakuExample(NamedTuple):
    """One yaku's example under one rule set.

    ``figure`` is the hand drawn as inline SVG (empty when there is no example), ``setting`` says
    in words what is not drawn (the winning tile, the flags, the round's month), and
    ``explanation`` is the engine's own account of the hand's score, one step a line — or, with
    no figure, why the yaku has no example under this rule set.
    """

    yaku: str
    label: str
    figure: str
    setting: str
    explanation: str


class ExamplesPart(Protocol):
    """A game's part of the documentation's rule-set pages: an example hand for each yaku."""

    def yaku_examples(self, rs: RuleSet) -> Sequence[YakuExample]:
        """Called for each bundled rule set's page (``yakuset._docs``): an example for each yaku
        the rule set has switched on, in the rule set's order, each
        scored by the engine under ``rs`` (an example whose hand does not score its yaku there is
        not shown: its explanation says so)."""
        ...
