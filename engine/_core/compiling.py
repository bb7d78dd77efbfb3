"""Helpers a game's compiler shares: the names its expressions may use, and compiling one
expression of a located document with its problem placed at the exact column."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pluggy

from .errors import Location, Problem
from .expressions import Expression, ExpressionError, Kind, compile_expression
from .yamlsource import LocatedDict, LocatedList


def expression_names(
    manager: pluggy.PluginManager, game: str, builtin: Mapping[str, str], where: Location
) -> tuple[dict[str, str], list[Problem]]:
    """The names a game's expressions may use: the game's own and those its plugins add."""
    names = dict(builtin)
    problems: list[Problem] = []
    for added in manager.hook.yakuset_expression_names(game=game):
        if added is not None and not isinstance(added, Mapping):
            problems.append(
                Problem(
                    where,
                    "plugins",
                    "a plugin's yakuset_expression_names returned "
                    f"{type(added).__name__}, not a mapping of names to descriptions",
                )
            )
            continue
        for name, description in (added or {}).items():
            if not str(name).isidentifier() or name in builtin:
                problems.append(
                    Problem(
                        where,
                        "plugins",
                        f"a plugin adds the expression name {name!r}, "
                        "which is not an identifier or shadows one of the engine's",
                    )
                )
                continue
            names[name] = str(description)
    return names, problems


def compile_at(
    container: Any,
    key: str | int,
    names: Mapping[str, str],
    expect: Kind,
    path: str,
    problems: list[Problem],
    fallback: Location,
    conditions: frozenset[str] = frozenset(),
) -> Expression | None:
    """Compile the expression at ``container[key]``, reporting a problem at its exact column."""
    value = container[key]
    if isinstance(container, LocatedDict) and isinstance(key, str):
        where = container.value_locs.get(key, fallback)
    elif isinstance(container, LocatedList) and isinstance(key, int):
        where = container.item_locs[key]
    else:
        where = fallback
    try:
        return compile_expression(value, names, expect, conditions)
    except ExpressionError as exc:
        if exc.offset is not None and isinstance(value, str) and "\n" not in value.strip():
            where = Location(where.file, where.line, where.col + exc.offset)
        problems.append(Problem(where, path, exc.message, exc.hint))
        return None
