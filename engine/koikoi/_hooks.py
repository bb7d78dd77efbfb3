"""Every call of a Koi-Koi hook, in one place: a typed facade over a rule set's plugin manager.

The referee, the table and the bots' look-up call the hooks of ``yakuset.koikoi.hookspecs``
only through :class:`Hooks` (and :func:`offered_bots`), so a hook's name is written once, here.
Each call goes through pluggy (``rs.plugin_manager.hook``), which orders the implementations
and turns a plugin's own error into a :class:`yakuset.PluginError` naming plugin and hook.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet
    from ._results import FixedAward, MatchAdjustment


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What a deal decides at once (a plugin's answer to ``yakuset_koikoi_deal``).

    ``kind`` is ``lucky_hand`` (``winner`` takes ``award``), ``draw`` or ``redeal``;
    ``label`` says why, as the referee reports it.
    """

    kind: str  # "lucky_hand", "draw" or "redeal"
    label: str
    winner: str | None = None
    award: FixedAward | None = None


class Hooks:
    """The Koi-Koi hooks of one rule set (``Hooks(rs).lucky_hand(hand)``, ...)."""

    __slots__ = ("_hook", "_rs")

    def __init__(self, rs: RuleSet) -> None:
        self._rs = rs
        self._hook = rs.plugin_manager.hook

    def award_context(self, base: int, own_calls: int, opponent_calls: int, field_brights: int) -> dict[str, Any]:
        """``yakuset_koikoi_award_context``: the values of the names plugins add to award
        expressions (every plugin's answers merged, in pluggy's order)."""
        values: dict[str, Any] = {}
        for extra in self._hook.yakuset_koikoi_award_context(
            ruleset=self._rs, base=base, own_calls=own_calls, opponent_calls=opponent_calls, field_brights=field_brights
        ):
            values.update(extra or {})
        return values

    def lucky_hand(self, hand: Sequence[str]) -> FixedAward | None:
        """``yakuset_koikoi_lucky_hand``: the fixed award a dealt hand earns at once, or ``None``."""
        found: FixedAward | None = self._hook.yakuset_koikoi_lucky_hand(ruleset=self._rs, hand=hand)
        return found

    def deal(
        self,
        hands: Mapping[str, Sequence[str]],
        field: Sequence[str],
        dealer: str,
        lucky: Mapping[str, FixedAward],
    ) -> DealOutcome | None:
        """``yakuset_koikoi_deal``: what the deal decides at once, or ``None`` to play it."""
        outcome: DealOutcome | None = self._hook.yakuset_koikoi_deal(
            ruleset=self._rs, hands=hands, field=field, dealer=dealer, lucky=lucky
        )
        return outcome

    def exhaustive_draw(self, dealer: str) -> FixedAward | None:
        """``yakuset_koikoi_exhaustive_draw``: what a round nobody won awards, or ``None``."""
        found: FixedAward | None = self._hook.yakuset_koikoi_exhaustive_draw(ruleset=self._rs, dealer=dealer)
        return found

    def match_end(self, totals: Mapping[str, int], extras: Mapping[str, Mapping[str, int]]) -> list[MatchAdjustment]:
        """``yakuset_koikoi_match_end``: every plugin's adjustments to the match totals, in pluggy's order."""
        adjustments: list[MatchAdjustment] = []
        for found in self._hook.yakuset_koikoi_match_end(ruleset=self._rs, totals=totals, extras=extras):
            adjustments.extend(found or ())
        return adjustments


def offered_bots(registry: Any, installed: bool) -> list[tuple[str, Mapping[str, Callable[..., Any]]]]:
    """``yakuset_koikoi_bots``: what each plugin offers, ``(plugin name, bot factories by name)``,
    the built-in plugins' alone or, with ``installed``, the installed packages'
    (``Registry.offers``; ``yakuset.koikoi.find_bots`` checks them)."""
    return [(plugin, dict(answer)) for plugin, answer in registry.offers("yakuset_koikoi_bots", installed=installed)]
