"""The registry of games and plugins, and the plugin manager of one rule set, built as tox 4
builds its own: the built-in plugins are registered directly, then the ``yakuset`` entry-point
group supplies plugins from installed packages, then every hook implementation is checked
against the hookspecs, so a misspelt hook is a load error naming the plugin and the hook.

A rule set turns plugins on by name; only those are registered in its manager. Nothing is
registered globally or at import time.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import FunctionType, MappingProxyType, MethodType, ModuleType
from typing import Any

import pluggy

from . import hookspecs, validate
from .errors import InputError, Location, PluginError, Problem, RulesetError
from .game import Game, missing_parts
from .hints import did_you_mean
from .yamlsource import LocatedDict

ENTRY_POINT_GROUP = "yakuset"

Settings = Mapping[str, Any]


@dataclass(frozen=True)
class Registry:
    """The games rule sets may be written for, and the plugins built into the engine.

    ``builtins`` maps a plugin name to the plugin (a module or object with hook functions) or to
    the name of the module to import when a rule set first names it.
    Plugins of installed packages are found through the ``yakuset`` entry-point group each
    time a manager is built, so a package installed while the process runs is seen; a
    built-in name cannot be taken by an installed package. ``given`` holds plugin objects
    handed over in the process (:meth:`with_plugins`), found by name before the installed ones.
    """

    games: Mapping[str, Game]
    builtins: Mapping[str, object] = field(default_factory=dict)
    given: Mapping[str, object] = field(default_factory=dict)

    @classmethod
    def of(cls, games: Iterable[Game], builtins: Mapping[str, object]) -> Registry:
        """A registry of ``games`` (by their names) and the built-in plugins ``builtins``. A game
        must name each of its parts, ``None`` for one it does not have (``TypeError``)."""
        games = tuple(games)
        for game in games:
            missing = missing_parts(game)
            if missing:
                raise TypeError(
                    f"the game {game.name!r} names no {', '.join(missing)}: "
                    "a game names each of its parts, None for one it does not have (yakuset.Game)"
                )
        return cls(MappingProxyType({game.name: game for game in games}), MappingProxyType(dict(builtins)))

    def with_plugins(self, plugins: Mapping[str, object] | Iterable[object]) -> Registry:
        """This registry with plugin objects a rule set may name without installing a package:
        ``{"house_yaku": module_or_object}``, or a list of plugins named by their ``NAME``
        attribute or, for a module, the last part of its name. Raises :class:`InputError` for a
        plugin without a name, a name a rule set cannot write, or a built-in plugin's name."""
        if isinstance(plugins, str | bytes) or not isinstance(plugins, Mapping | Iterable):
            raise InputError(
                f"plugins must be a list of plugin objects or a mapping of names to them, got {plugins!r:.60}"
            )
        named = dict(plugins) if isinstance(plugins, Mapping) else {_plugin_name(plugin): plugin for plugin in plugins}
        for name, plugin in named.items():
            if not isinstance(name, str) or not _PLUGIN_NAME.fullmatch(name):
                raise InputError(
                    f"plugins: {name!r:.60} is not a plugin name "
                    "(lower case letters, digits and _, starting with a letter)"
                )
            if name in self.builtins:
                raise InputError(f"plugins: {name!r} is the name of a built-in plugin; give yours another name")
            if plugin is None or isinstance(plugin, str | bytes | int | float):
                raise InputError(
                    f"plugins: {name!r} must be a module or object with hook functions, got {plugin!r:.60}"
                )
        return dataclasses.replace(self, given=MappingProxyType({**self.given, **named}))

    def installed(self) -> dict[str, Callable[[], object]]:
        """Every plugin a rule set may name, as a loader: built-ins first, then the plugins given
        in the process, then entry points."""
        found: dict[str, Callable[[], object]] = {name: _given(plugin) for name, plugin in self.builtins.items()}
        found.update((name, _given_object(plugin)) for name, plugin in self.given.items())
        for point in entry_points(group=ENTRY_POINT_GROUP):
            found.setdefault(point.name, point.load)
        return found

    def offers(self, hook: str, *, installed: bool = False) -> list[tuple[str, Any]]:
        """What each plugin that implements ``hook`` (a hook without arguments, such as
        ``yakuset_koikoi_bots``) offers: ``(plugin name, answer)``, the built-ins first, then,
        with ``installed``, the installed packages' plugins (imported to be asked). A package
        that fails to load is left out: it must not stop a built-in from being found."""
        loaders = self.installed() if installed else {name: _given(p) for name, p in self.builtins.items()}
        offered: list[tuple[str, Any]] = []
        for name, load in loaders.items():
            try:
                plugin = load()
                if name in self.builtins and not hasattr(plugin, hook):
                    # A built-in plugin names each hook function after its hook (none sets
                    # ``specname``): one without it implements nothing to ask, and registering
                    # it (pluggy inspects every attribute) costs more than the bots it offers.
                    continue
                manager = self.new_manager()
                manager.register(plugin, name=name)
            except Exception:  # a broken third-party package
                continue
            caller = getattr(manager.hook, hook, None)
            if caller is None or not caller.get_hookimpls():
                continue
            offered.extend((name, answer) for answer in caller() if answer is not None)
        return offered

    def new_manager(self, game: Game | None = None) -> pluggy.PluginManager:
        """An empty plugin manager that knows the core's hookspecs and ``game``'s (every game's
        when no game is given), and turns a plugin's own error in any hook into a
        :class:`PluginError` naming the plugin and the hook."""
        manager = _Manager(hookspecs.PROJECT)
        manager.add_hookspecs(hookspecs)
        for known in self.games.values() if game is None else (game,):
            manager.add_hookspecs(known.hookspecs)
        manager.add_hookcall_monitoring(_before, _naming_the_plugin)
        return manager

    def check_removals(self, plugins: Any) -> list[Problem]:
        """``NAME: null`` in a file turns a plugin off; a name no package provides is a typo."""
        if not isinstance(plugins, LocatedDict):
            return []
        removed = [name for name, value in plugins.items() if value is None]
        if not removed:
            return []
        unknown = [name for name in removed if name not in self.builtins]
        if not unknown:
            return []
        installed = self.installed()
        return [_unknown(name, plugins.key_locs[name], installed) for name in unknown if name not in installed]

    def build(
        self, plugins: Mapping[str, Any], fallback: Location, game: Game | None = None
    ) -> tuple[pluggy.PluginManager, dict[str, Settings], list[Problem]]:
        """Register the plugins a resolved rule set of ``game`` names, check their hooks and settings.

        ``plugins`` is the resolved ``plugins:`` mapping (name -> settings). The manager knows
        the core's hooks and ``game``'s only, so a plugin of another game is refused by name.
        Returns the manager, each plugin's settings with its schema's defaults filled in, and
        the problems. Raises :class:`PluginError` when a plugin's settings schema hook fails.
        """
        manager = self.new_manager(game)
        settings: dict[str, Settings] = {}
        problems: list[Problem] = []
        installed: dict[str, Callable[[], object]] | None = None  # entry points: scanned only when needed
        for name, given in plugins.items():
            key_loc, value_loc = _locations(plugins, name, fallback)
            builtin = self.builtins.get(name)
            if builtin is not None:
                loader: Callable[[], object] | None = _given(builtin)
            elif name in self.given:
                loader = _given_object(self.given[name])
            else:
                installed = installed if installed is not None else self.installed()
                loader = installed.get(name)
            if loader is None:
                problems.append(_unknown(name, key_loc, installed if installed is not None else self.installed()))
                continue
            try:
                plugin = loader()
                manager.register(plugin, name=name)
            except Exception as exc:  # a broken third-party package must not crash loading
                reason = " ".join(str(exc).split())
                problems.append(
                    Problem(
                        key_loc,
                        f"plugins.{name}",
                        f"plugin {name!r} could not be loaded: {type(exc).__name__}: {reason}",
                    )
                )
                continue
            problems.extend(_unmarked(plugin, name, key_loc))
            found, settings_problems = _settings(manager, name, given, value_loc)
            settings[name] = found
            problems.extend(settings_problems)
        problems.extend(_pending(manager, plugins, fallback, self.games, game))
        return manager, settings, problems


class _Manager(pluggy.PluginManager):
    """pluggy's manager, which asks each name a plugin (or a module of hookspecs) has whether it
    is a hook implementation (or specification) through :func:`inspect.getattr_static` (about
    40 µs a name: a module plugin of a hundred names cost a millisecond of every load, and the
    hookspecs half a millisecond of every manager). A module's names are its namespace's, as
    ``getattr_static`` reads them: a name there that holds no function, method, classmethod or
    staticmethod is passed over, and a plain function's options are its marker attribute, as
    pluggy reads them; anything else is asked as pluggy asks it."""

    def parse_hookimpl_opts(self, plugin: Any, name: str) -> Any:
        found = _in_module(plugin, name, f"{self.project_name}_impl")
        return super().parse_hookimpl_opts(plugin, name) if found is _ASK else found

    def parse_hookspec_opts(self, module_or_class: Any, name: str) -> Any:
        found = _in_module(module_or_class, name, f"{self.project_name}_spec")
        return super().parse_hookspec_opts(module_or_class, name) if found is _ASK else found


_HOOKABLE = (FunctionType, MethodType, staticmethod, classmethod)
#: What :func:`_in_module` answers where pluggy must be asked.
_ASK = object()


def _in_module(namespace: object, name: str, marker: str) -> Any:
    """The hook options (``marker``: the implementation's or the specification's) of ``name`` in
    a module, as pluggy reads them: ``None`` for a name that holds nothing hookable, a plain
    function's marker attribute; :data:`_ASK` for anything else, or anything but a module."""
    if type(namespace) is not ModuleType:
        return _ASK
    value = vars(namespace).get(name)
    if type(value) is FunctionType:
        opts = getattr(value, marker, None)
        return opts if isinstance(opts, dict) else None
    return _ASK if isinstance(value, _HOOKABLE) else None


def entry_points(group: str) -> Any:
    """The installed packages' entry points of ``group``. importlib.metadata is imported only
    here: it and the scan of what is installed cost more than loading a bundled rule set."""
    from importlib import metadata

    return metadata.entry_points(group=group)


def _before(hook_name: str, hook_impls: Sequence[Any], kwargs: Mapping[str, Any]) -> None:
    return None


def _naming_the_plugin(outcome: Any, hook_name: str, hook_impls: Sequence[Any], kwargs: Mapping[str, Any]) -> None:
    """A hook that raised anything but the engine's own errors: say which plugin, which hook."""
    error = outcome.exception
    if error is None or isinstance(error, InputError | RulesetError | PluginError):
        return
    owners = {impl.function.__code__: impl.plugin_name for impl in hook_impls}
    plugin = "?"
    frame = error.__traceback__
    while frame is not None:
        if frame.tb_frame.f_code in owners:
            plugin = owners[frame.tb_frame.f_code]
            break
        frame = frame.tb_next
    failure = PluginError(plugin, hook_name, error)
    failure.__cause__ = error
    outcome.force_exception(failure)


def _given(plugin: object) -> Callable[[], object]:
    if isinstance(plugin, str):
        return lambda: importlib.import_module(plugin)
    return lambda: plugin


def _given_object(plugin: object) -> Callable[[], object]:
    """A plugin handed over in the process is the object itself, never a module name to import."""
    return lambda: plugin


_PLUGIN_NAME = re.compile(r"[a-z][a-z0-9_]*")


def _plugin_name(plugin: object) -> str:
    """The name a plugin object goes by: its ``NAME``, or the last part of a module's name."""
    name = getattr(plugin, "NAME", None)
    if isinstance(name, str):
        return name
    if isinstance(plugin, ModuleType):
        return plugin.__name__.rpartition(".")[2]
    raise InputError(
        f"plugins: {plugin!r:.60} has no name: give it a NAME attribute, or pass a mapping such as "
        "plugins={'house_yaku': plugin}"
    )


def _locations(plugins: Mapping[str, Any], name: str, fallback: Location) -> tuple[Location, Location]:
    if isinstance(plugins, LocatedDict):
        return plugins.key_locs.get(name, fallback), plugins.value_locs.get(name, fallback)
    return fallback, fallback


def _unknown(name: str, where: Location, installed: Mapping[str, object]) -> Problem:
    hint = did_you_mean(name, installed) or (
        "install the package that provides it; installed plugins: " + ", ".join(sorted(installed))
    )
    return Problem(where, f"plugins.{name}", f"unknown plugin {name!r}", hint)


def _spec_names(manager: pluggy.PluginManager) -> list[str]:
    return sorted(name for name, caller in vars(manager.hook).items() if not name.startswith("_") and caller.has_spec())


def _pending(
    manager: pluggy.PluginManager,
    plugins: Mapping[str, Any],
    fallback: Location,
    games: Mapping[str, Game],
    game: Game | None,
) -> list[Problem]:
    """Hook implementations whose name no hookspec of the rule set's game has: a misspelt hook,
    or another game's, would never be called. ``optionalhook`` excuses a hook no game has, never
    another game's (one of its specs, or a name with its prefix, ``yakuset_koikoi_…``): a
    plugin of the other game is a mistake whatever its marks say."""
    problems = []
    specs = _spec_names(manager)
    others = [other for other in games.values() if game is not None and other.name != game.name]
    elsewhere = {name: other.name for other in others for name in _hook_names(other.hookspecs)}
    prefixes = {f"{hookspecs.PROJECT}_{other.name}_": other.name for other in others}
    for hook_name, caller in sorted(vars(manager.hook).items()):
        if hook_name.startswith("_") or caller.has_spec():
            continue
        other = elsewhere.get(hook_name) or next(
            (name for prefix, name in prefixes.items() if hook_name.startswith(prefix)), None
        )
        for impl in caller.get_hookimpls():
            if impl.optionalhook and other is None:
                continue
            where, _ = _locations(plugins, impl.plugin_name, fallback)
            if other is not None and game is not None:
                message = f"{hook_name!r}, a hook of {other} rule sets; this is a {game.name} rule set"
                hint = f"turn plugin {impl.plugin_name!r} on in a {other} rule set, or remove it here"
            else:
                message = f"{hook_name!r}, which is no yakuset hook"
                hint = did_you_mean(hook_name, specs) or "hooks: " + ", ".join(specs)
            problems.append(
                Problem(where, f"plugins.{impl.plugin_name}", f"plugin {impl.plugin_name!r} implements {message}", hint)
            )
    return problems


def _hook_names(specs: object) -> list[str]:
    """The names of the hookspecs a module (or class) holds."""
    marker = f"{hookspecs.PROJECT}_spec"
    return [name for name, value in _members(specs) if hasattr(value, marker)]


def _unmarked(plugin: object, name: str, where: Location) -> list[Problem]:
    """A ``yakuset_...`` function without ``@hookimpl`` is never called: say so."""
    problems = []
    for attribute, value in _members(plugin):
        if (
            attribute.startswith(f"{hookspecs.PROJECT}_")
            and callable(value)
            and not hasattr(value, f"{hookspecs.PROJECT}_impl")
        ):
            problems.append(
                Problem(
                    where,
                    f"plugins.{name}",
                    f"plugin {name!r} defines {attribute!r} without @hookimpl, so it is never called",
                    "decorate it with `@yakuset.hookimpl`",
                )
            )
    return problems


def _members(plugin: object) -> list[tuple[str, Any]]:
    """``inspect.getmembers(plugin)``; for a module with no ``__getattr__`` or ``__dir__`` of its
    own, read from its namespace (what ``getmembers`` reads there, without a call a name)."""
    if type(plugin) is ModuleType:
        namespace = vars(plugin)
        if "__getattr__" not in namespace and "__dir__" not in namespace:
            return sorted(namespace.items())
    return inspect.getmembers(plugin)


def asked_alone(manager: pluggy.PluginManager, name: str, hook: str) -> Any:
    """The hook caller of ``hook`` that asks plugin ``name`` alone (through pluggy, so a failure
    is a :class:`PluginError` naming the plugin and the hook, as for any hook call)."""
    others = [plugin for other, plugin in manager.list_name_plugin() if other != name]
    return manager.subset_hook_caller(hook, remove_plugins=others)


def rank(impl: Any) -> int:
    """Where pluggy asks a hook implementation: 1 ``tryfirst``, -1 ``trylast``, else 0."""
    return 1 if impl.tryfirst else -1 if impl.trylast else 0


def _settings(manager: pluggy.PluginManager, name: str, given: Any, where: Location) -> tuple[Settings, list[Problem]]:
    """The plugin's settings checked against its own schema, with the schema's defaults filled in."""
    data = given if given is not None else {}
    schema: Any = asked_alone(manager, name, "yakuset_settings_schema")()
    if schema is None:
        return MappingProxyType(dict(data) if isinstance(data, Mapping) else {}), []
    if not isinstance(schema, Mapping):
        return MappingProxyType({}), [
            Problem(
                where,
                f"plugins.{name}",
                f"plugin {name!r}'s yakuset_settings_schema returned {type(schema).__name__}, not a JSON Schema",
                "a settings schema is a mapping such as {'type': 'object', 'properties': {...}}",
            )
        ]
    problems = validate.check_against(dict(schema), data, where, f"plugins.{name}")
    if problems or not isinstance(data, Mapping):
        return MappingProxyType({}), problems
    return MappingProxyType(_with_defaults(schema, data)), []


def _with_defaults(schema: Mapping[str, Any], data: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(data)
    properties = schema.get("properties")
    for key, sub in properties.items() if isinstance(properties, Mapping) else ():
        if key not in out and isinstance(sub, Mapping) and "default" in sub:
            out[key] = sub["default"]
    return out
