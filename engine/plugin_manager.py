"""Build the plugin manager of one rule set from the plugins it names.

Plugins, built-in or third-party, are found through the ``yakuset`` entry-point
group; nothing is registered globally or at import time.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import pluggy

from . import hookspecs, validate
from .errors import Location, Problem
from .yamlsource import LocatedDict

ENTRY_POINT_GROUP = "yakuset"


def available_plugins() -> dict[str, EntryPoint]:
    """Every installed plugin by name (read from entry points on each call)."""
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(point.name, point)
    return found


def new_manager() -> pluggy.PluginManager:
    """An empty plugin manager that knows yakuset's hookspecs."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    return manager


def _unknown(name: str, where: Location, installed: Mapping[str, EntryPoint]) -> Problem:
    close = difflib.get_close_matches(name, list(installed), n=1)
    hint = f"did you mean {close[0]!r}?" if close else (
        "install the package that provides it; installed plugins: " + ", ".join(sorted(installed)))
    return Problem(where, f"plugins.{name}", f"unknown plugin {name!r}", hint)


def check_removals(plugins: Any) -> list[Problem]:
    """``NAME: null`` in a file turns a plugin off; a name no package provides is a typo."""
    if not isinstance(plugins, LocatedDict):
        return []
    removed = [name for name, value in plugins.items() if value is None]
    if not removed:
        return []
    installed = available_plugins()
    return [_unknown(name, plugins.key_locs[name], installed) for name in removed if name not in installed]


def build(plugins: Mapping[str, Any], fallback: Location) -> tuple[pluggy.PluginManager, list[Problem]]:
    """Register the plugins a resolved rule set names and check their settings.

    ``plugins`` is the resolved ``plugins:`` mapping (name -> settings).
    """
    manager = new_manager()
    problems: list[Problem] = []
    installed = available_plugins()
    for name, settings in plugins.items():
        key_loc = plugins.key_locs.get(name, fallback) if isinstance(plugins, LocatedDict) else fallback
        value_loc = plugins.value_locs.get(name, fallback) if isinstance(plugins, LocatedDict) else fallback
        point = installed.get(name)
        if point is None:
            problems.append(_unknown(name, key_loc, installed))
            continue
        try:
            plugin = point.load()
            manager.register(plugin, name=name)
        except Exception as exc:  # a broken third-party package must not crash loading
            problems.append(Problem(key_loc, f"plugins.{name}",
                                    f"plugin {name!r} could not be loaded: {type(exc).__name__}: {exc}"))
            continue
        problems.extend(_check_settings(manager, name, settings, value_loc))
    return manager, problems


def _check_settings(manager: pluggy.PluginManager, name: str, settings: Any, where: Location) -> list[Problem]:
    for impl in manager.hook.yakuset_settings_schema.get_hookimpls():
        if impl.plugin_name != name:
            continue
        schema: Any = impl.function()
        if schema is None:
            return []
        return validate.check_against(dict(schema), settings if settings is not None else {},
                                      where, f"plugins.{name}")
    return []
