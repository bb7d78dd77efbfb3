"""Load a rule set: parse, resolve ``extends``, validate, build its plugins, compile.

:func:`load` returns an immutable :class:`RuleSet`, or raises :class:`RulesetError` listing
every problem found, each at ``file:line:col``. Which games and plugins exist is the
:class:`~yakuset._core.plugins.Registry` the caller passes; ``yakuset.load_ruleset`` passes
the engine's own.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import pluggy

from . import bundled, defaults, prebuild, prebuilt, validate
from .arguments import shown
from .errors import InputError, Location, Problem, RulesetError, RulesetNotFound
from .game import Checked, Game
from .memo import memo
from .plugins import Registry, Settings
from .resolve import (
    SourceFile,
    chain,
    display_name,
    game_of,
    locate_ref,
    new_id_hints,
    new_id_hints_over,
    read_file,
    read_source,
    resolve,
    resolve_over,
)
from .yamlsource import LocatedDict, LocatedList, Shared, shared_nodes

if TYPE_CHECKING:
    from .schemas import Schemas

_NO_SETTINGS: Settings = MappingProxyType({})


@dataclass(frozen=True, eq=False)
class RuleSet:
    """A loaded, validated and compiled rule set. Read-only; two rule sets are equal only
    when they are the same object."""

    id: str
    game: str
    name: str
    metadata: Mapping[str, str]
    document: LocatedDict = field(repr=False)
    files: tuple[SourceFile, ...] = field(repr=False)
    plugin_manager: pluggy.PluginManager = field(repr=False)
    settings: Mapping[str, Settings] = field(repr=False)
    part: Game = field(repr=False)
    rules: Any = field(repr=False)
    registry: Registry | None = field(default=None, repr=False)  # the games and plugins it was built with
    #: What loads but looks like a slip or does nothing (``Problem.warning``), in file order.
    warnings: tuple[Problem, ...] = field(default=(), repr=False)

    @property
    def path(self) -> Path:
        """The file this rule set was loaded from."""
        return self.files[0].path

    @property
    def hook(self) -> Any:
        """The hooks of this rule set's plugins (``rs.hook.yakuset_koikoi_lucky_hand(...)``)."""
        return self.plugin_manager.hook

    @property
    def plugins(self) -> Mapping[str, Settings]:
        """Plugin name -> settings (defaults filled in), for the plugins this rule set turns on."""
        return self.settings

    def plugin_settings(self, name: str) -> Settings:
        """The settings of plugin ``name``, its schema's defaults filled in (empty when it is off)."""
        return self.settings.get(name, _NO_SETTINGS)

    def location(self, path: tuple[str | int, ...]) -> Location:
        """Where the resolved value at ``path`` was written (``("award", "multipliers", 2)``)."""
        return validate.locate(self.document, path, self.document.loc)

    def leaves(self) -> Iterator[tuple[tuple[str | int, ...], Any, Location]]:
        """Every resolved scalar with its path and the location it came from, in document order."""
        yield from _leaves(self.document, (), self.document.loc)


def _leaves(
    node: Any, path: tuple[str | int, ...], where: Location
) -> Iterator[tuple[tuple[str | int, ...], Any, Location]]:
    if isinstance(node, LocatedDict):
        for key, value in node.items():
            yield from _leaves(value, (*path, key), node.value_locs[key])
    elif isinstance(node, LocatedList):
        for index, item in enumerate(node):
            yield from _leaves(item, (*path, index), node.item_locs[index])
    else:
        yield path, node, where


def _a_path(value: Any, message: str) -> str:
    """``value`` as text if it can name a file (a str or path, not empty, no NUL, nothing the file
    system cannot encode such as a lone surrogate), else :class:`InputError` with ``message``."""
    if not isinstance(value, str | os.PathLike) or (isinstance(value, str) and ("\x00" in value or not value)):
        raise InputError(f"{message}, got {shown(value)}")
    text = os.fspath(value)
    if not isinstance(text, str):
        raise InputError(f"{message}, got {shown(value)}")
    try:
        os.fsencode(text)
    except UnicodeError:
        raise InputError(f"{message} the file system can encode, got {shown(text)}") from None
    return text


def _source_for(source: str | os.PathLike[str]) -> Path:
    text = _a_path(source, "a rule set is named by a bundled id or a path")
    path = Path(text).resolve() if isinstance(source, os.PathLike) else locate_ref(text, None)
    if path is None or not path.exists():
        raise RulesetNotFound(text, *bundled.not_found(text if path is None else str(source)))
    return path


def load(source: str | os.PathLike[str], registry: Registry) -> RuleSet:
    """Load a rule set by bundled id (``"nintendo"``) or file path (``"house.yaml"``).

    Raises :class:`RulesetError` with every problem found, each at file:line:col.
    """
    path = _source_for(source)
    if bundled.is_abstract(path.stem) and path.parent.parent == bundled.rulesets_dir():
        raise RulesetError(
            [
                Problem(
                    Location(display_name(path), 1, 1),
                    "",
                    f"{path.stem!r} is an abstract base, not a rule set",
                    f"load a rule set that extends it, or write one with `extends: {path.stem}`",
                )
            ]
        )
    record = prebuild.ensure(registry.games)
    first, problems = read_file(path, record)
    if first is None:
        raise RulesetError(problems)
    return _build(first, problems, registry, record)


def load_text(
    text: str, path: str | os.PathLike[str], registry: Registry, bundled_parents_only: bool = False
) -> RuleSet:
    """Load a rule set from text, as if it were the file at ``path`` (for ``extends``).

    ``bundled_parents_only``: the text came from outside (a request to ``yakuset serve``); its
    ``extends`` may name bundled rule sets only, and no file is read for it but theirs."""
    if not isinstance(text, str):
        raise InputError(f"the rule set's text must be a str, got {type(text).__name__}")
    real = Path(_a_path(path, "the path the text stands for must be a file path")).resolve()
    record = prebuild.ensure(registry.games)
    first, problems = read_source(text, real, display_name(real), record)
    if first is None:
        raise RulesetError(problems)
    return _build(first, problems, registry, record, bundled_parents_only)


def _build(
    first: SourceFile,
    problems: list[Problem],
    registry: Registry,
    record: prebuilt.Record | None,
    bundled_only: bool = False,
) -> RuleSet:
    files, chain_problems = chain(first, bundled_only, record)
    problems = [*problems, *chain_problems]
    mismatch = _game_mismatch(files)
    if mismatch is None:
        problems.extend(_written_problems(files, registry))
    for source in files:
        problems.extend(registry.check_removals(source.data.get("plugins")))
    if chain_problems and files[-1].data.get("extends") is not None:
        raise RulesetError(problems)  # the chain is broken: nothing to resolve
    if mismatch is not None:
        raise RulesetError([mismatch])  # one problem, not every section of the parent again
    trusted = all(source.checked for source in files)
    name = game_of(files)  # the resolved document's `game`
    game = registry.games.get(name) if isinstance(name, str) else None
    valid: LocatedDict | None = None
    if trusted:
        whole = _checked_chain(files, game)
        document, hints = whole.filled, list(whole.hints)
    elif (parent := _checked_parent(files, game)) is not None:
        # Filled with what filling the parent made of the parts they share: one form of each.
        document = with_defaults(resolve_over(parent.resolved, first), game, dict(parent.known))
        hints = [*parent.hints, *new_id_hints_over(parent.resolved, first)]
        valid = parent.filled
    else:
        document, hints = with_defaults(resolve(files), game), new_id_hints(files)
    problems.extend(hint for hint in hints if not hint.warning)
    warnings = [hint for hint in hints if hint.warning]
    return _from_document(
        first.id, first.display, tuple(files), document, problems, registry, warnings, trusted, valid=valid
    )


@dataclass(frozen=True, slots=True)
class _Chain:
    """A chain of bundled files read from the record (each checked when it was made), resolved
    (:func:`.resolve.resolve`) and its defaults filled in for one game's schema; what filling
    made of each mapping and list (:func:`.defaults.fill`'s ``known``), and the new-id hints of
    its files."""

    files: tuple[SourceFile, ...]
    resolved: LocatedDict
    filled: LocatedDict
    known: defaults.Filled
    hints: tuple[Problem, ...]


#: Chains of bundled files resolved and filled (:class:`_Chain`), by the parsed files (which the
#: memo of parsed files shares while their texts stay the same, and each entry keeps alive) and
#: the game's schema: every load of a bundled rule set, and of a file extending one, resolved
#: and filled the same files again. Documents are never changed once made (a variant copies
#: what it changes), so the rule sets loaded from one chain share its document.
_CHAINS = memo("", "resolved bundled chains", 64)


def _checked_chain(files: list[SourceFile], game: Game | None) -> _Chain:
    key = (tuple(id(source.data) for source in files), None if game is None else str(game.schema))
    found: _Chain | None = _CHAINS.get(key)
    if found is None or any(a is not b for a, b in zip(found.files, files, strict=True)):
        resolved = resolve(files)
        known: defaults.Filled = {}
        filled = with_defaults(resolved, game, known)
        found = _CHAINS.put(key, _Chain(tuple(files), resolved, filled, known, tuple(new_id_hints(files))))
    return found


def _checked_parent(files: list[SourceFile], game: Game | None) -> _Chain | None:
    """The rule set the first file extends, resolved and filled, when that rule set is bundled
    and was checked whole when its record was made (each of its files recorded, itself no
    abstract base); ``None`` otherwise. The file's own document is resolved over it and shares
    what the file does not change, which is not checked again."""
    parents = files[1:]
    if not parents or not all(source.checked for source in parents) or bundled.is_abstract(parents[0].path.stem):
        return None
    return _checked_chain(parents, game)


def _written_problems(files: list[SourceFile], registry: Registry) -> list[Problem]:
    """Each file of a chain checked as written, as a file of the game the chain names; a bundled
    file read from the record of checked texts is not checked again."""
    unchecked = [source for source in files if not source.checked]
    if not unchecked:
        return []
    schemas = _schemas(registry)
    game = _registered_game(files, registry)
    return [
        problem
        for source in unchecked
        for problem in validate.check_file(source.data, Location(source.display, 1, 1), schemas, game)
    ]


def _schemas(registry: Registry) -> Schemas:
    """The rule-set schema of the registry's games (imported only when a file is checked)."""
    from .schemas import schemas

    return schemas(registry.games)


def _registered_game(files: list[SourceFile], registry: Registry) -> str | None:
    """The game the chain names, when the registry has it."""
    game = game_of(files)
    return game if isinstance(game, str) and game in registry.games else None


def problems_as_written(path: Path, registry: Registry) -> list[Problem]:
    """The problems of one file as written (``yakuset validate`` of an abstract base): parsed,
    and checked as a file of the game its chain names."""
    first, problems = read_file(path)
    if first is None:
        return problems
    files, _ = chain(first)
    game = _registered_game(files, registry)
    return problems + validate.check_file(first.data, Location(first.display, 1, 1), _schemas(registry), game)


def _game_mismatch(files: list[SourceFile]) -> Problem | None:
    """A file that says `game: X` but extends a rule set of another game."""
    stated = [(source, source.data.get("game")) for source in files if isinstance(source.data.get("game"), str)]
    if len(stated) < 2 or len({game for _, game in stated}) == 1:
        return None
    (child, game), other = stated[0], next(g for _, g in stated[1:] if g != stated[0][1])
    parent = files[1]  # the rule set the file names in `extends`
    return Problem(
        child.data.value_locs.get("game", child.data.loc),
        "game",
        f"this file says `game: {game}`, but {parent.id!r}, which it extends, is a {other} rule set",
        f"remove `game:` to keep {other}, or extend a {game} rule set (`yakuset list --game {game}`)",
    )


def variant(rs: RuleSet, document: LocatedDict, suffix: str) -> RuleSet:
    """``rs`` rebuilt from a changed resolved ``document`` (``diff`` applies one rule change at a
    time to find which causes a score change); its id is ``rs.id`` + ``suffix``. Raises
    :class:`RulesetError` when the changed document is not a valid rule set."""
    if rs.registry is None:
        raise InputError(f"{rs.id!r} was not built by a registry; it has no variants")
    return _from_document(rs.id + suffix, rs.files[0].display, rs.files, document, [], rs.registry, like=rs)


def _from_document(
    ident: str,
    display: str,
    files: tuple[SourceFile, ...],
    document: LocatedDict,
    problems: list[Problem],
    registry: Registry,
    warnings: list[Problem] | None = None,
    trusted: bool = False,
    like: RuleSet | None = None,
    valid: LocatedDict | None = None,
) -> RuleSet:
    """The rule set of a resolved ``document``, its defaults filled in unless it is a variant's;
    ``trusted``: every file of it is a bundled file as it was checked (a bundled chain resolves
    as it did then), so the schema is not run again; ``like``: the valid rule set ``document``
    (a variant, its defaults not filled in yet) was made from, whose unchanged parts it shares
    (only the rest is filled and checked again; the same ``plugins`` section keeps its plugin
    manager); ``valid``: the resolved document, defaults filled in, of a rule set that passed
    the schema and whose unchanged mappings and lists ``document`` shares (they are not checked
    again)."""
    start = Location(display, 1, 1)
    warnings = list(warnings or [])
    name = document.get("game")
    game = registry.games.get(name) if isinstance(name, str) else None
    document, shared = _shared_and_filled(document, game, like, valid)
    # The resolved document is checked even when a file has problems, to know which sections the
    # compiler may trust; its findings are reported only when the files themselves are sound
    # (otherwise they repeat them: a misspelt key is also a missing one).
    resolved_problems = [] if trusted else validate.check_resolved(document, start, _schemas(registry), shared)
    checked = Checked.of(p.path for p in (*problems, *resolved_problems))
    if not problems:
        problems.extend(resolved_problems)
    manager, settings, plugin_problems = _plugins(document, start, game, registry, like)
    problems.extend(plugin_problems)
    rules: Any = None
    if game is not None:
        rules, compile_problems = game.compile(document, manager, start, checked)
        problems.extend(compile_problems)
        warnings.extend(p for p in problems if p.warning)
        problems = [p for p in problems if not p.warning]
    if problems or game is None:
        raise RulesetError(_dedupe(problems + warnings) if problems else [_no_game(start, name, registry)])
    metadata = document.get("metadata") or {}
    return RuleSet(
        id=ident,
        game=game.name,
        name=str(document.get("name")),
        metadata=MappingProxyType({k: str(v) for k, v in metadata.items()}),
        document=document,
        files=files,
        plugin_manager=manager,
        settings=MappingProxyType(settings),
        part=game,
        rules=rules,
        registry=registry,
        warnings=tuple(_dedupe(warnings)) if warnings else (),
    )


def _shared_and_filled(
    document: LocatedDict, game: Game | None, like: RuleSet | None, valid: LocatedDict | None
) -> tuple[LocatedDict, Shared]:
    """What ``document`` shares with the valid document ``valid`` or the rule set ``like`` it
    was made from (not checked or filled again), and a variant's document (``like``) with its
    defaults filled."""
    if valid is not None:
        return document, shared_nodes(document, valid)
    if like is None:
        return document, frozenset()
    # What a variant shares with the rule set it was made from is filled and valid already.
    shared = shared_nodes(document, like.document) if game is like.part else frozenset()
    return with_defaults(document, game, None, shared), shared


def _plugins(
    document: LocatedDict, start: Location, game: Game | None, registry: Registry, like: RuleSet | None
) -> tuple[pluggy.PluginManager, dict[str, Settings], list[Problem]]:
    """The plugin manager and settings of the document's ``plugins`` section, and its problems."""
    found: Any = document.get("plugins")
    plugins: Any = found if isinstance(found, dict) else LocatedDict(start)
    if like is not None and found is like.document.get("plugins") and game is like.part:
        # The plugins are the same mapping as those of a rule set that loaded: so is what they build.
        return like.plugin_manager, dict(like.settings), []
    manager, settings, problems = registry.build(plugins, start, game)
    return manager, settings, problems


def _no_game(start: Location, name: Any, registry: Registry) -> Problem:
    return Problem(
        start, "game", f"no game named {name!r} is registered", "games: " + ", ".join(sorted(registry.games))
    )


def with_defaults(
    document: LocatedDict, game: Game | None, filled: defaults.Filled | None = None, done: Shared = frozenset()
) -> LocatedDict:
    """``document`` with what it leaves out filled from the core's and ``game``'s schema defaults
    (``filled`` and ``done``: as :func:`.defaults.fill`'s ``known`` and ``done``)."""
    schemas = (bundled.core_schema_path(), *((Path(game.schema),) if game is not None else ()))
    return defaults.fill(document, schemas, filled, done)


def _dedupe(problems: list[Problem]) -> list[Problem]:
    seen: dict[str, Problem] = {}
    for problem in problems:
        seen.setdefault(str(problem), problem)
    files = list(dict.fromkeys(p.location.file for p in problems))
    return sorted(seen.values(), key=lambda p: (files.index(p.location.file), p.location.line, p.location.col))


def bundled_ids() -> list[str]:
    """The ids of the bundled rule sets (abstract bases left out), in order."""
    return [i for i in sorted(bundled.bundled_files()) if not bundled.is_abstract(i)]
