"""Fill what a resolved rule set leaves out from the schema's defaults.

A default is written once: as the ``default`` of a property in the core's or a game's schema.
The loader fills each value a resolved document leaves out where the schema gives one, in every
mapping the document has (a section, a list item, a nested mapping), before the document is
checked and compiled, so the compiled code reads values and never supplies a default of its
own. A section the document leaves out is not made up (its absence is a rule: no ``kita``);
a value filled in remembers where it came from: :data:`SCHEMA_DEFAULT`.

The files a rule set is made of are never changed: a mapping that gains a value is a copy.
"""

from __future__ import annotations

import copy
import functools
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .errors import Location
from .yamlsource import LocatedDict, LocatedList, Shared

#: Where a value filled from the schema "stands" (``show --resolved`` prints it as its origin).
SCHEMA_DEFAULT = Location("<schema default>", 0, 0)


class Tree:
    """The defaults a schema gives below one of its nodes: for each key, its default (if any)
    and the tree of its value; for a list, the tree of its items."""

    __slots__ = ("keys", "items")

    def __init__(self) -> None:
        self.keys: dict[str, tuple[bool, Any, Tree | None]] = {}
        self.items: Tree | None = None

    def __bool__(self) -> bool:
        return bool(self.keys) or self.items is not None


@functools.cache
def _load(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as handle:
        loaded: dict[str, Any] = json.load(handle)
    return loaded


@functools.cache
def tree_of(path: Path) -> Tree | None:
    """The defaults of the schema file ``path`` (its ``properties``: a file as written)."""
    found = _tree(_load(path), path, set())
    return found if found else None


@functools.cache
def _resolve(ref: str, path: Path) -> tuple[Any, Path] | None:
    """The part of a schema ``ref`` names, and the file it is in (``None`` for none)."""
    file, _, pointer = ref.partition("#")
    target = Path(os.path.normpath(path.parent / file)) if file else path
    try:
        node: Any = _load(target)
    except (OSError, ValueError):  # not a file beside this one (a URN): no defaults there
        return None
    for part in pointer.lstrip("/").split("/") if pointer else ():
        node = node.get(part.replace("~1", "/").replace("~0", "~")) if isinstance(node, dict) else None
    return node, target


def _tree(node: Any, path: Path, seen: set[tuple[str, Path]]) -> Tree:
    """The defaults below ``node`` (part of the schema file ``path``)."""
    found = Tree()
    for part, where in _parts(node, path, seen):
        for key, sub in part.get("properties", {}).items():
            if not isinstance(sub, dict):
                continue
            below = _tree(sub, where, seen)
            has, value, inner = found.keys.get(key, (False, None, None))
            default = next(((True, d) for d in _defaults(sub, where, seen)), (has, value))
            found.keys[key] = (*default, _merged(inner, below))
        items = part.get("items")
        if isinstance(items, dict):
            below = _tree(items, where, seen)
            if below:
                found.items = _merged(found.items, below)
    return found


def _parts(node: Any, path: Path, seen: set[tuple[str, Path]]) -> Iterable[tuple[dict[str, Any], Path]]:
    """``node`` and what it refers to or combines (``$ref``, ``allOf``, ``anyOf``, ``oneOf``)."""
    if not isinstance(node, dict):
        return
    yield node, path
    ref = node.get("$ref")
    if isinstance(ref, str) and (ref, path) not in seen:
        resolved = _resolve(ref, path)
        if resolved is not None:
            yield from _parts(resolved[0], resolved[1], seen | {(ref, path)})
    for key in ("allOf", "anyOf", "oneOf"):
        for option in node.get(key, ()):
            yield from _parts(option, path, seen)


def _defaults(node: dict[str, Any], path: Path, seen: set[tuple[str, Path]]) -> Iterable[Any]:
    for part, _ in _parts(node, path, seen):
        if "default" in part:
            yield part["default"]


def _merged(a: Tree | None, b: Tree | None) -> Tree | None:
    if not a:
        return b if b else None
    if not b:
        return a
    out = Tree()
    out.keys = {**a.keys}
    for key, (has, value, inner) in b.keys.items():
        if key in out.keys:
            old_has, old_value, old_inner = out.keys[key]
            has, value = (old_has, old_value) if old_has else (has, value)
            inner = _merged(old_inner, inner)
        out.keys[key] = (has, value, inner)
    out.items = _merged(a.items, b.items)
    return out


def fill(
    document: LocatedDict, schemas: Iterable[Path], known: Filled | None = None, done: Shared = frozenset()
) -> LocatedDict:
    """``document`` with every value it leaves out that ``schemas`` (the core's, the game's)
    give a default for; the document itself is not changed (what gains a value is a copy).

    ``known``: what an earlier fill with the same schemas made of each mapping and list, kept
    there and read back, so that a document sharing parts with an earlier one (a house file's
    with the rule set it extends) shares their filled forms too. ``done``: the ids of the
    mappings and lists that are filled already where they stand (what a variant shares with the
    filled document it was made from, :func:`.yamlsource.shared_nodes`), not walked again."""
    tree = _joined(tuple(schemas))
    if tree is None:
        return document
    filled = _fill(document, tree, known, done)
    assert isinstance(filled, LocatedDict)
    return filled


#: What :func:`fill` made of each mapping and list it was given: by ``id``, the node itself (which
#: keeps the id its own), the tree of defaults it was filled from, and its filled form.
Filled = dict[int, tuple[Any, "Tree", Any]]


@functools.cache
def _joined(schemas: tuple[Path, ...]) -> Tree | None:
    """The defaults of ``schemas`` together, the first schema's default winning."""
    tree: Tree | None = None
    for path in schemas:
        tree = _merged(tree, tree_of(path))
    return tree


def _fill(node: Any, tree: Tree, known: Filled | None, done: Shared) -> Any:
    if id(node) in done:
        return node
    if known is not None and isinstance(node, LocatedDict | LocatedList):
        seen = known.get(id(node))
        if seen is not None and seen[0] is node and seen[1] is tree:
            return seen[2]
        out = _filled(node, tree, known, done)
        known[id(node)] = (node, tree, out)
        return out
    return _filled(node, tree, known, done)


def _filled(node: Any, tree: Tree, known: Filled | None, done: Shared) -> Any:
    if isinstance(node, LocatedDict) and tree.keys:
        out: LocatedDict | None = None
        for key, (has, value, inner) in tree.keys.items():
            if key in node:
                if inner is not None:
                    changed = _fill(node[key], inner, known, done)
                    if changed is not node[key]:
                        out = out if out is not None else _copy(node)
                        out[key] = changed
            elif has:
                made = _located(copy.deepcopy(value))
                out = out if out is not None else _copy(node)
                out[key] = _fill(made, inner, None, done) if inner is not None else made
                out.key_locs[key] = out.value_locs[key] = SCHEMA_DEFAULT
        return out if out is not None else node
    if isinstance(node, LocatedList) and tree.items is not None:
        items = [_fill(item, tree.items, known, done) for item in node]
        if all(new is old for new, old in zip(items, node)):
            return node
        out_list = LocatedList(node.loc)
        out_list.extend(items)
        out_list.item_locs = list(node.item_locs)
        return out_list
    return node


def _copy(node: LocatedDict) -> LocatedDict:
    out = LocatedDict(node.loc)
    out.update(node)
    out.key_locs.update(node.key_locs)
    out.value_locs.update(node.value_locs)
    return out


def _located(value: Any) -> Any:
    """A default's JSON value as located data, every part of it at :data:`SCHEMA_DEFAULT`."""
    if isinstance(value, dict):
        out = LocatedDict(SCHEMA_DEFAULT)
        for key, item in value.items():
            out[key] = _located(item)
            out.key_locs[key] = out.value_locs[key] = SCHEMA_DEFAULT
        return out
    if isinstance(value, list):
        items = LocatedList(SCHEMA_DEFAULT)
        items.extend(_located(item) for item in value)
        items.item_locs = [SCHEMA_DEFAULT] * len(value)
        return items
    return value
