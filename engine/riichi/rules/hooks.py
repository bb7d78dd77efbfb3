"""The Riichi hooks as the engine calls them: a typed facade over a rule set's plugin manager
(every call goes through pluggy, so a plugin's failure is a :class:`yakuset.PluginError`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pluggy

from ..._core.errors import Location, Problem
from ..._core.plugins import asked_alone, rank

Detector = Callable[..., bool]


class RiichiHooks:
    """The hooks of one Riichi rule set's plugins."""

    __slots__ = ("_manager",)

    def __init__(self, manager: pluggy.PluginManager) -> None:
        self._manager = manager

    def yaku_detectors(self, where: Location) -> tuple[dict[str, Detector], list[Problem]]:
        """Every plugin's yaku detectors by id, and the problems with them.

        Where several plugins detect one id, the one pluggy asks first wins: ``tryfirst``
        plugins, then the others, ``trylast`` ones last (the built-in ``riichi_yaku`` is
        ``trylast``, so any plugin may replace a standard detector). Two plugins of the same
        rank detecting one id is a problem: which wins would hang on the order they are named in.
        """
        found: dict[str, Detector] = {}
        owner: dict[str, tuple[int, str]] = {}
        problems: list[Problem] = []
        for impl in reversed(self._manager.hook.yakuset_riichi_yaku_detectors.get_hookimpls()):
            plugin, level = impl.plugin_name, rank(impl)
            for provided in asked_alone(self._manager, plugin, "yakuset_riichi_yaku_detectors")():
                if not _is_detectors(provided):
                    problems.append(
                        Problem(
                            where,
                            f"plugins.{plugin}",
                            f"plugin {plugin!r}'s yakuset_riichi_yaku_detectors returned something other "
                            "than a mapping of yaku ids to detectors",
                        )
                    )
                    continue
                for ident, detector in provided.items():
                    earlier = owner.get(ident)
                    if earlier is None:
                        found[ident], owner[ident] = detector, (level, plugin)
                    elif earlier[0] == level and earlier[1] != plugin:
                        problems.append(
                            Problem(
                                where,
                                f"plugins.{plugin}",
                                f"plugins {earlier[1]!r} and {plugin!r} both detect {ident!r}",
                                "mark the one that should win @hookimpl(tryfirst=True)",
                            )
                        )
        return found, problems


def _is_detectors(provided: Any) -> bool:
    return isinstance(provided, Mapping) and all(isinstance(k, str) and callable(v) for k, v in provided.items())


def offered_bots(registry: Any, installed: bool) -> list[tuple[str, Mapping[str, Callable[..., Any]]]]:
    """``yakuset_riichi_bots``: what each plugin offers, ``(plugin name, bot factories by name)``,
    the built-in plugins' alone or, with ``installed``, the installed packages'
    (``Registry.offers``; :func:`yakuset.riichi.find_bots` checks them)."""
    return [(plugin, dict(answer)) for plugin, answer in registry.offers("yakuset_riichi_bots", installed=installed)]
