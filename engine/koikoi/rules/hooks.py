"""Every call of a Koi-Koi hook, in one place: a typed facade over a rule set's plugin manager.

The referee, the table and the bots' look-up call the hooks of ``yakuset.koikoi.hookspecs``
only through :class:`Hooks` (and :func:`offered_bots`), so a hook's name is written once, here.

A call asks the implementations pluggy would call, in pluggy's order (``tryfirst``, the rest,
``trylast``; a ``firstresult`` hook stops at the first answer that is not ``None``), and a
plugin's own error becomes a :class:`yakuset.PluginError` naming plugin and hook, as the
monitor every rule set's manager has makes it (``Registry.new_manager``). The facade calls them
itself: a deal asks three hooks, and pluggy's dispatch cost more than the plugins' own work.
Each hook's implementations are read from pluggy at its first call for a rule set and kept
with its compiled rules (``rules.caches.hooks``: a rule set's plugins are fixed when it loads);
a hook with a wrapper, or an implementation that takes keyword defaults, is called through
pluggy itself (``rs.plugin_manager.hook``), which knows how to run them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..._core.errors import InputError, PluginError, RulesetError
from ..kinds import DealOutcomeKind

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from ..results import FixedAward, MatchAdjustment

#: What a plugin may raise as it is: the engine's own errors (a plugin checking its input).
_ENGINES_OWN = (InputError, RulesetError, PluginError)


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What a deal decides at once (a plugin's answer to ``yakuset_koikoi_deal``).

    ``kind`` (a :class:`~yakuset.koikoi.kinds.DealOutcomeKind`, or its word) is ``lucky_hand``
    (``winner`` takes ``award``), ``draw`` or ``redeal``; ``label`` says why, as the referee
    reports it.
    """

    kind: DealOutcomeKind | str
    label: str
    winner: str | None = None
    award: FixedAward | None = None


#: One implementation as the facade calls it: its plugin's name and a function of the hook's
#: arguments, in the spec's order.
Implementation = tuple[str, Callable[..., Any]]


def implementations(caller: Any) -> tuple[Implementation, ...] | None:
    """The implementations of pluggy's hook caller ``caller`` in the order pluggy calls them
    (the reverse of its list), or ``None`` when pluggy must call them (a wrapper, keyword
    defaults)."""
    found = caller.get_hookimpls()
    names = tuple(caller.spec.argnames)
    if any(impl.hookwrapper or impl.wrapper or impl.kwargnames or not set(impl.argnames) <= {*names} for impl in found):
        return None
    return tuple(
        (impl.plugin_name, impl.function if tuple(impl.argnames) == names else _taking(impl, names))
        for impl in reversed(found)
    )


def _taking(impl: Any, names: tuple[str, ...]) -> Callable[..., Any]:
    """``impl``'s function called with the hook's arguments it names (pluggy lets an
    implementation take fewer arguments than the hook gives)."""
    function, positions = impl.function, [names.index(name) for name in impl.argnames]
    return lambda *args: function(*[args[i] for i in positions])


class Hooks:
    """The Koi-Koi hooks of one rule set (``Hooks(rs).lucky_hand(hand)``, ...)."""

    __slots__ = ("_hook", "_prepared", "_rs")

    def __init__(self, rs: RuleSet) -> None:
        self._rs = rs
        self._hook = rs.plugin_manager.hook
        # By hook, at its first call for the rule set (its compiled rules keep them).
        self._prepared: dict[str, tuple[Implementation, ...] | None] = rs.rules.caches.hooks

    def _ask(self, hook: str, first: bool, args: tuple[Any, ...]) -> Any:
        """Call ``hook`` with ``args`` (the spec's arguments, in order): the first answer that
        is not ``None`` (``first``), else every such answer."""
        try:
            plain = self._prepared[hook]
        except KeyError:  # its first call
            plain = self._prepared[hook] = implementations(getattr(self._hook, hook))
        if plain is None:
            caller = getattr(self._hook, hook)
            return caller(**dict(zip(caller.spec.argnames, args, strict=True)))
        answers = []
        for plugin, function in plain:
            try:
                answer = function(*args)
            except _ENGINES_OWN:
                raise
            except BaseException as error:  # as the manager's monitor: anything else the plugin raised
                raise PluginError(plugin, hook, error) from error
            if answer is not None:
                if first:
                    return answer
                answers.append(answer)
        return None if first else answers

    def award_context(self, base: int, own_calls: int, opponent_calls: int, field_brights: int) -> dict[str, Any]:
        """``yakuset_koikoi_award_context``: the values of the names plugins add to award
        expressions (every plugin's answers merged, in pluggy's order)."""
        values: dict[str, Any] = {}
        for extra in self._ask(
            "yakuset_koikoi_award_context", False, (self._rs, base, own_calls, opponent_calls, field_brights)
        ):
            values.update(extra or {})
        return values

    def lucky_hand(self, hand: Sequence[str]) -> FixedAward | None:
        """``yakuset_koikoi_lucky_hand``: the fixed award a dealt hand earns at once, or ``None``."""
        found: FixedAward | None = self._ask("yakuset_koikoi_lucky_hand", True, (self._rs, hand))
        return found

    def deal(
        self,
        hands: Mapping[str, Sequence[str]],
        field: Sequence[str],
        dealer: str,
        lucky: Mapping[str, FixedAward],
    ) -> DealOutcome | None:
        """``yakuset_koikoi_deal``: what the deal decides at once, or ``None`` to play it."""
        outcome: DealOutcome | None = self._ask("yakuset_koikoi_deal", True, (self._rs, hands, field, dealer, lucky))
        return outcome

    def exhaustive_draw(self, dealer: str) -> FixedAward | None:
        """``yakuset_koikoi_exhaustive_draw``: what a round nobody won awards, or ``None``."""
        found: FixedAward | None = self._ask("yakuset_koikoi_exhaustive_draw", True, (self._rs, dealer))
        return found

    def match_end(self, totals: Mapping[str, int], extras: Mapping[str, Mapping[str, int]]) -> list[MatchAdjustment]:
        """``yakuset_koikoi_match_end``: every plugin's adjustments to the match totals, in pluggy's order."""
        adjustments: list[MatchAdjustment] = []
        for found in self._ask("yakuset_koikoi_match_end", False, (self._rs, totals, extras)):
            adjustments.extend(found or ())
        return adjustments


def offered_bots(registry: Any, installed: bool) -> list[tuple[str, Mapping[str, Callable[..., Any]]]]:
    """``yakuset_koikoi_bots``: what each plugin offers, ``(plugin name, bot factories by name)``,
    the built-in plugins' alone or, with ``installed``, the installed packages'
    (``Registry.offers``; ``yakuset.koikoi.find_bots`` checks them)."""
    return [(plugin, dict(answer)) for plugin, answer in registry.offers("yakuset_koikoi_bots", installed=installed)]
