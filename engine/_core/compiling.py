"""Helpers a game's compiler shares: the names its expressions may use, and compiling one
expression of a located document with its problem placed at the exact column."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, TypeVar

import pluggy

from .errors import Location, Problem, ValueLocation
from .expressions import Expression, ExpressionError, Kind, compile_expression
from .memo import Memo, memo
from .numbers import Number
from .scalars import number_in_text, quoted_number
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
    domain: Domain | None = None,
    whole: bool = False,
) -> Expression | None:
    """Compile the expression at ``container[key]``, reporting a problem at its exact column.

    With a ``domain`` (each name's possible values) the expression is also proven: evaluated
    once for every combination of the values of the names it uses, and refused, at its place,
    when one of them divides by zero, passes the bound or (with ``whole``) is not a whole number.
    An expression using a name the domain does not give (one a plugin adds) is not proven.
    """
    value = container[key]
    if isinstance(container, LocatedDict) and isinstance(key, str):
        where = container.value_locs.get(key, fallback)
    elif isinstance(container, LocatedList) and isinstance(key, int):
        where = container.item_locs[key]
    else:
        where = fallback
    number = number_in_text(value)
    if number is not None:
        message, hint = quoted_number(key if isinstance(key, str) else None, number)
        problems.append(Problem(where, path, message, hint))
        return None
    outcome = _compiled(value, names, expect, conditions, domain, whole)
    if isinstance(outcome, tuple):  # it does not compile
        error, offset, error_hint = outcome
        if offset is not None and isinstance(value, str) and isinstance(where, ValueLocation) and where.one_line:
            where = Location(where.file, where.line, where.col + offset)
        problems.append(Problem(where, path, error, error_hint))
        return None
    if isinstance(outcome, str):
        problems.append(Problem(where, path, outcome, "the formula must give a value for every situation"))
        return None
    return dataclasses.replace(outcome, place=f"{where}: {path}")


#: What compiling (and proving) an expression gave, by everything it depends on: its value with
#: its type (``1``, ``1.0`` and ``true`` differ), the names it may use with their descriptions
#: (a hint lists them), what it must give, its conditions and its domain. A variant or a house
#: file shares most of its formulas with the rule set it changes (proving one over the award's
#: domain is thousands of evaluations); what is kept has no place, which each rule set adds.
_COMPILED = memo("", "compiled expressions", 2048)


#: What compiling an expression gives: the expression, why it does not compile (message,
#: offset, hint), or why it fails for some values of its domain.
_Outcome = Expression | tuple[str, int | None, str | None] | str


def _compiled(
    value: Any,
    names: Mapping[str, str],
    expect: Kind,
    conditions: frozenset[str],
    domain: Domain | None,
    whole: bool,
) -> _Outcome:
    """``value`` compiled and, with a ``domain``, proven; kept by all it depends on."""

    def outcome() -> _Outcome:
        try:
            expression = compile_expression(value, names, expect, conditions)
        except ExpressionError as exc:
            return exc.message, exc.offset, exc.hint
        return (prove(expression, domain, whole) if domain is not None else None) or expression

    if not isinstance(value, str | int | float):  # a list or a mapping is refused, not kept
        return outcome()
    key = (
        type(value),
        value,
        tuple(names.items()),
        expect,
        conditions,
        None if domain is None else repr(tuple(domain.items())),
        whole,
    )
    found: _Outcome | None = _COMPILED.get(key)
    if found is None:
        found = _COMPILED.put(key, outcome())
    return found


T = TypeVar("T")


def compiled_part(
    kept: Memo[Any, Any], node: Any, also: Hashable, make: Callable[[list[Problem]], T]
) -> tuple[T, tuple[Problem, ...]]:
    """What ``make`` (which appends its problems to the list it is given) compiles from a part of
    a resolved document (``node``, a mapping or list) and ``also`` (what else it reads), with
    its problems, kept in ``kept`` by the part itself: a document is never changed once made,
    and the loads of one bundled rule set (its chain is resolved once), or a variant ``diff``
    makes that leaves the part alone, hand over the same object. The entry keeps the part
    alive, so no other part can take its id while it is kept. What is returned is shared:
    immutable, or copied by the caller before a change."""
    key = (id(node), also)
    found = kept.get(key)
    if found is None or found[0] is not node:
        problems: list[Problem] = []
        found = kept.put(key, (node, make(problems), tuple(problems)))
    return found[1], found[2]


#: The values each name of an expression can take, for proving it at load.
Domain = Mapping[str, Sequence[Number]]


def prove(expression: Expression, domain: Domain, whole: bool = False) -> str | None:
    """Why ``expression`` fails for some values of ``domain``, or ``None`` when it never does."""
    used = sorted(expression.names)
    if any(name not in domain for name in used):
        return None
    for values in itertools.product(*(domain[name] for name in used)):
        variables = dict(zip(used, values))
        try:
            result = expression(variables)
        except ExpressionError as exc:
            return f"{exc.message} when {_values_text(variables)}"
        if whole and isinstance(result, float) and not result.is_integer():
            return f"`{expression.source}` is {result:g}, not a whole number, when {_values_text(variables)}"
    return None


def _values_text(variables: Mapping[str, Number]) -> str:
    return ", ".join(f"{name} = {value}" for name, value in variables.items()) or "evaluated"
