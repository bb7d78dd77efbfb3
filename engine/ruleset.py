"""Load a rule set: parse, resolve ``extends``, validate, build its plugins, compile.

``load_ruleset("nintendo")`` or ``load_ruleset("house.yaml")`` returns an
immutable :class:`RuleSet`, or raises :class:`RulesetError` listing every
problem found, each at ``file:line:col``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pluggy

from . import bundled, plugin_manager, validate
from .errors import Location, Problem, RulesetError
from .expressions import Expression, ExpressionError, compile_expression
from .resolve import SourceFile, chain, display_name, locate_ref, read_file, read_source, resolve
from .yamlsource import LocatedDict, LocatedList


@dataclass(frozen=True)
class RuleSet:
    """A loaded, validated and compiled rule set. Treat it as read-only."""

    id: str
    game: str
    name: str
    metadata: Mapping[str, str]
    document: LocatedDict = field(repr=False)
    files: tuple[SourceFile, ...] = field(repr=False)
    plugin_manager: pluggy.PluginManager = field(repr=False, compare=False)
    rules: Any = field(repr=False, compare=False)

    @property
    def path(self) -> Path:
        """The file this rule set was loaded from."""
        return self.files[0].path

    @property
    def hook(self) -> Any:
        """The hooks of this rule set's plugins (``rs.hook.yakuset_lucky_hand(...)``)."""
        return self.plugin_manager.hook

    @property
    def plugins(self) -> Mapping[str, Mapping[str, Any]]:
        """Plugin name -> settings, for the plugins this rule set turns on."""
        found = self.document.get("plugins") or {}
        return MappingProxyType({name: MappingProxyType(dict(s or {})) for name, s in found.items()})

    def plugin_settings(self, name: str) -> Mapping[str, Any]:
        """The settings this rule set gives plugin ``name`` (empty when it gives none)."""
        return self.plugins.get(name, MappingProxyType({}))

    def location(self, path: tuple[str | int, ...]) -> Location:
        """Where the resolved value at ``path`` was written (``("award", "multipliers", 2)``)."""
        return validate.locate(self.document, path, self.document.loc)

    def leaves(self) -> Iterator[tuple[tuple[str | int, ...], Any, Location]]:
        """Every resolved scalar with its path and the location it came from, in document order."""
        yield from _leaves(self.document, (), self.document.loc)


def _leaves(node: Any, path: tuple[str | int, ...], where: Location) -> Iterator[tuple[tuple[str | int, ...], Any, Location]]:
    if isinstance(node, LocatedDict):
        for key, value in node.items():
            yield from _leaves(value, (*path, key), node.value_locs[key])
    elif isinstance(node, LocatedList):
        for index, item in enumerate(node):
            yield from _leaves(item, (*path, index), node.item_locs[index])
    else:
        yield path, node, where


def _source_for(source: str | os.PathLike[str]) -> Path:
    text = os.fspath(source)
    if isinstance(source, os.PathLike):
        return Path(text).resolve()
    path = locate_ref(text, None)
    if path is None:
        known = ", ".join(sorted(i for i in bundled.bundled_files() if not bundled.is_abstract(i)))
        raise RulesetError([Problem(Location(text, 1, 1), "", f"no bundled rule set or file named {text!r}",
                                    f"bundled rule sets: {known}; a file path needs a / or a .yaml ending")])
    return path


def load_ruleset(source: str | os.PathLike[str]) -> RuleSet:
    """Load a rule set by bundled id (``"nintendo"``) or file path (``"house.yaml"``).

    Raises :class:`RulesetError` with every problem found, each at file:line:col.
    """
    path = _source_for(source)
    if bundled.is_abstract(path.stem) and path.parent.parent == bundled.rulesets_dir():
        raise RulesetError([Problem(Location(display_name(path), 1, 1), "",
                                    f"{path.stem!r} is an abstract base, not a rule set",
                                    f"load a rule set that extends it, or write one with `extends: {path.stem}`")])
    first, problems = read_file(path)
    if first is None:
        raise RulesetError(problems)
    return _build(first, problems)


def load_ruleset_text(text: str, path: str | os.PathLike[str]) -> RuleSet:
    """Load a rule set from text, as if it were the file at ``path`` (for ``extends``)."""
    real = Path(os.fspath(path)).resolve()
    first, problems = read_source(text, real, display_name(real))
    if first is None:
        raise RulesetError(problems)
    return _build(first, problems)


def _build(first: SourceFile, problems: list[Problem]) -> RuleSet:
    files, chain_problems = chain(first)
    problems = [*problems, *chain_problems]
    for source in files:
        problems.extend(plugin_manager.check_removals(source.data.get("plugins")))
    if chain_problems and files[-1].data.get("extends") is not None:
        raise RulesetError(problems)  # the chain is broken: nothing to resolve
    document = resolve(files)
    start = Location(first.display, 1, 1)
    if not problems:
        problems.extend(validate.check_resolved(document, start))
    plugins: Any = document.get("plugins") if isinstance(document.get("plugins"), dict) else LocatedDict(start)
    manager, plugin_problems = plugin_manager.build(plugins, start)
    problems.extend(plugin_problems)
    game = document.get("game")
    rules: Any = None
    if game == "koikoi":
        from . import koikoi

        rules, compile_problems = koikoi.compile_rules(document, manager, start)
        problems.extend(compile_problems)
    elif game == "riichi":
        from . import riichi

        rules, compile_problems = riichi.compile_rules(document, manager, start)
        problems.extend(compile_problems)
    if problems:
        raise RulesetError(_dedupe(problems))
    metadata = document.get("metadata") or {}
    return RuleSet(
        id=first.id,
        game=str(game),
        name=str(document.get("name")),
        metadata=MappingProxyType({k: str(v) for k, v in metadata.items()}),
        document=document,
        files=tuple(files),
        plugin_manager=manager,
        rules=rules,
    )


def _dedupe(problems: list[Problem]) -> list[Problem]:
    seen: dict[str, Problem] = {}
    for problem in problems:
        seen.setdefault(str(problem), problem)
    files = list(dict.fromkeys(p.location.file for p in problems))
    return sorted(seen.values(), key=lambda p: (files.index(p.location.file), p.location.line, p.location.col))


def expression_names(manager: pluggy.PluginManager, game: str, builtin: Mapping[str, str],
                     where: Location) -> tuple[dict[str, str], list[Problem]]:
    """The names expressions may use: the engine's own plus those plugins add."""
    names = dict(builtin)
    problems: list[Problem] = []
    for added in manager.hook.yakuset_expression_names(game=game):
        for name, description in (added or {}).items():
            if not str(name).isidentifier() or name in builtin:
                problems.append(Problem(where, "plugins", f"a plugin adds the expression name {name!r}, "
                                        "which is not an identifier or shadows one of the engine's"))
                continue
            names[name] = str(description)
    return names, problems


def compile_at(container: Any, key: str | int, names: Mapping[str, str], expect: str, path: str,
               problems: list[Problem], fallback: Location,
               conditions: frozenset[str] = frozenset()) -> Expression | None:
    """Compile the expression at ``container[key]``, reporting a problem at its exact column."""
    value = container[key]
    if isinstance(container, LocatedDict):
        where = container.value_locs.get(key, fallback)  # type: ignore[arg-type]
    elif isinstance(container, LocatedList):
        where = container.item_locs[key]  # type: ignore[index]
    else:
        where = fallback
    try:
        return compile_expression(value, names, expect, conditions)  # type: ignore[arg-type]
    except ExpressionError as exc:
        if exc.offset is not None and isinstance(value, str) and "\n" not in value.strip():
            where = Location(where.file, where.line, where.col + exc.offset)
        problems.append(Problem(where, path, exc.message, exc.hint))
        return None


def list_rulesets() -> list[RuleSet]:
    """Every bundled rule set (abstract bases left out), loaded, in id order."""
    return [load_ruleset(i) for i in sorted(bundled.bundled_files()) if not bundled.is_abstract(i)]
