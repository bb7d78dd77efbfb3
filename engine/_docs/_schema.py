"""The rule-set field reference, read from the schemas the engine validates with: every field of
the core's schema and of each registered game's, with its type, default, allowed values,
description, an example, and what each bundled rule set sets it to."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from .._core.schemas import CORE as CORE_SCHEMA
from .._core.yamlsource import LocatedDict, LocatedList
from .._house import REGISTRY, list_rulesets
from ..diff import plain
from . import _text

#: A mapping's key where the schema allows any name (``plugins.<name>``).
ANY_KEY = "<name>"


@dataclass(frozen=True)
class Field:
    """One field of a rule set: its path (``award.multipliers[].factor``: ``[]`` is any item of
    a list) and its schema, every ``$ref`` followed (the referring node's own keys win)."""

    path: str
    schema: Mapping[str, Any]
    #: The game whose schema holds it, or ``None`` for the keys every rule set has.
    game: str | None

    @property
    def anchor(self) -> str:
        return _text.anchor(self.path)


class _Schemas:
    """The schema files, read once, and ``$ref`` resolution between them."""

    def __init__(self) -> None:
        self._files: dict[Path, Any] = {}

    def file(self, path: Path) -> Any:
        path = path.resolve()
        if path not in self._files:
            self._files[path] = json.loads(path.read_text(encoding="utf-8"))
        return self._files[path]

    def follow(self, node: Mapping[str, Any], base: Path) -> tuple[dict[str, Any], Path]:
        """``node`` with its ``$ref`` (and the target's, in turn) merged in, and the file the
        merged node's own refs are relative to."""
        merged = dict(node)
        while "$ref" in merged:
            ref = merged.pop("$ref")
            where, _, pointer = ref.partition("#")
            target_file = (base.parent / where).resolve() if where else base
            target: Any = self.file(target_file)
            for part in pointer.strip("/").split("/") if pointer.strip("/") else ():
                target = target[part]
            merged = {**target, **merged}
            base = target_file
        return merged, base


def _children(schemas: _Schemas, node: Mapping[str, Any], base: Path) -> Iterator[tuple[str, dict[str, Any], Path]]:
    """The fields directly below ``node``: (what its path adds, the field's schema, its base)."""
    for key, sub in node.get("properties", {}).items():
        yield f".{key}", *schemas.follow(sub, base)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict):
        yield f".{ANY_KEY}", *schemas.follow(extra, base)
    items = node.get("items")
    if isinstance(items, dict):
        item, item_base = schemas.follow(items, base)
        for step, sub, sub_base in _children(schemas, item, item_base):
            yield f"[]{step}", sub, sub_base
    for branch in [*node.get("oneOf", ()), *node.get("anyOf", ())]:
        followed, branch_base = schemas.follow(branch, base)
        yield from _children(schemas, followed, branch_base)


def _walk(schemas: _Schemas, node: Mapping[str, Any], base: Path, path: str, game: str | None) -> Iterator[Field]:
    seen: set[str] = set()
    for step, sub, sub_base in _children(schemas, node, base):
        sub_path = f"{path}{step}".lstrip(".")
        if sub_path in seen:  # the same key in two branches of a oneOf: described once
            continue
        seen.add(sub_path)
        yield Field(sub_path, sub, game)
        yield from _walk(schemas, sub, sub_base, sub_path, game)


def fields() -> dict[str | None, list[Field]]:
    """Every field, by game (``None``: the core's keys), in the schemas' order."""
    schemas = _Schemas()
    found: dict[str | None, list[Field]] = {}
    for game, path in [(None, CORE_SCHEMA), *((name, g.schema) for name, g in REGISTRY.games.items())]:
        found[game] = list(_walk(schemas, schemas.file(path), path.resolve(), "", game))
    return found


# --- what a rule set sets each field to --------------------------------------------------------


def present(document: Any, field_paths: set[str]) -> set[str]:
    """Which of ``field_paths`` a resolved document has as a mapping or a list."""
    found = set()

    def walk(node: Any, pattern: str) -> None:
        if pattern in field_paths and isinstance(node, dict | list):
            found.add(pattern)
        if isinstance(node, LocatedDict | dict):
            for key, value in node.items():
                walk(value, _join(pattern, key if _join(pattern, key) in field_paths else ANY_KEY))
        elif isinstance(node, LocatedList | list):
            for item in node:
                walk(item, f"{pattern}[]")

    walk(document, "")
    return found


def values(document: Any, field_paths: set[str]) -> Iterator[tuple[str, str, Any]]:
    """Every value of a resolved document at a field's path: (the field's path, the concrete
    path with each list item named by its id or index, the value). A value is taken whole where
    no field lies below its path (a list of tiles, a plugin's settings)."""

    def walk(node: Any, pattern: str, concrete: str) -> Iterator[tuple[str, str, Any]]:
        if isinstance(node, LocatedDict | dict):
            below = [key for key in node if _join(pattern, key) in field_paths]
            if pattern and not below and f"{pattern}.{ANY_KEY}" not in field_paths and pattern in field_paths:
                yield pattern, concrete, node
                return
            for key, value in node.items():
                step = key if _join(pattern, key) in field_paths else ANY_KEY
                yield from walk(value, _join(pattern, step), _join(concrete, key))
            return
        if isinstance(node, LocatedList | list) and any(p.startswith(f"{pattern}[]") for p in field_paths):
            for index, item in enumerate(node):
                name = item.get("id", index) if isinstance(item, dict) else index
                yield from walk(item, f"{pattern}[]", f"{concrete}[{name}]")
            return
        if pattern in field_paths:
            yield pattern, concrete, node

    yield from walk(document, "", "")


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


# --- the pages -------------------------------------------------------------------------------------


def _type(node: Mapping[str, Any]) -> str:
    if "const" in node:
        return f"the value `{_text.inline(node['const'])}`"
    if "enum" in node:
        return "one of the allowed values"
    if "oneOf" in node or "anyOf" in node:
        return " or ".join(_type(branch) for branch in [*node.get("oneOf", ()), *node.get("anyOf", ())])
    kind = node.get("type")
    if kind is None and "properties" in node:
        kind = "object"
    names = kind if isinstance(kind, list) else [kind] if kind else []
    words = {
        "object": "mapping",
        "array": "list",
        "string": "text",
        "integer": "whole number",
        "number": "number",
        "boolean": "true or false",
        "null": "null",
    }
    text = " or ".join(words.get(str(n), str(n)) for n in names) or "any value"
    if "array" in names and isinstance(node.get("items"), dict):
        item = node["items"]
        if "$ref" in item:
            text += f" of {item['$ref'].rsplit('/', 1)[-1].replace('_', ' ')}"
        else:
            text += f" of {_type(item)}"
    return text


def _allowed(node: Mapping[str, Any]) -> list[str]:
    said = []
    if "enum" in node:
        said.append(", ".join(_text.code(_text.inline(v)) for v in node["enum"]))
    bounds = [
        ("minimum", "at least {}"),
        ("exclusiveMinimum", "more than {}"),
        ("maximum", "at most {}"),
        ("exclusiveMaximum", "less than {}"),
        ("minLength", "at least {} character(s)"),
        ("minItems", "at least {} item(s)"),
        ("maxItems", "at most {} items"),
    ]
    said += [words.format(node[key]) for key, words in bounds if key in node]
    if node.get("uniqueItems"):
        said.append("no item twice")
    if "pattern" in node:
        said.append(f"matching {_text.code(node['pattern'])}")
    for branch in node.get("oneOf", []):
        if "const" in branch:
            said.append(f"{_text.code(_text.inline(branch['const']))}")
    return said


def example(item: Field) -> Any:
    """The field's first example in the schema, else its default, else its first allowed value;
    ``None`` when the schema gives none of them."""
    node = item.schema
    for branch in [node, *node.get("oneOf", [])]:
        if branch.get("examples"):
            return branch["examples"][0]
        if "default" in branch:
            return branch["default"]
        if branch.get("enum"):
            return branch["enum"][0]
        if "const" in branch:
            return branch["const"]
    return None


def _example_yaml(path: str, value: Any) -> str:
    """``value`` placed at ``path`` in a rule-set file, as YAML."""
    document: Any = plain(value)
    steps = path.replace("[]", ".[]").split(".")
    for step in reversed(steps):
        document = [document] if step == "[]" else {("example" if step == ANY_KEY else step): document}
    return str(yaml.safe_dump(document, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100))


def _used(item: Field, bundled: Bundled) -> str:
    """What each bundled rule set sets the field to, grouped by value (and, in a list of items,
    by the items that have it); for a field with fields below it, which rule sets have it."""
    everyone = bundled.ids
    having = ""
    if item.path in bundled.having:
        ids = bundled.having[item.path]
        which = "every bundled rule set" if ids == everyone else ", ".join(ids)
        having = f"In {which}; its fields are below.\n"
    rows = bundled.seen.get(item.path)
    if not rows:
        return having or "No bundled rule set sets it.\n"
    by_value: dict[str, dict[str, list[str]]] = {}
    for rs_id, concrete, value in rows:
        name = _item_name(item.path, concrete)
        by_value.setdefault(_text.inline(value), {}).setdefault(name, []).append(rs_id)
    lines = []
    for value, items in list(by_value.items())[:_MOST_VALUES]:
        together: dict[tuple[str, ...], list[str]] = {}
        for name, ids in items.items():
            together.setdefault(tuple(ids), []).append(name)
        said = []
        for holders, names in together.items():
            where = "every bundled rule set" if list(holders) == list(everyone) else ", ".join(holders)
            said.append(f"{', '.join(names)} in {where}" if names != [""] else where)
        lines.append(f"- {_text.code(value)}: " + "; ".join(said))
    if len(by_value) > _MOST_VALUES:
        lines.append(
            f"- … and {len(by_value) - _MOST_VALUES} more values (the comparison of the rule sets has them all)"
        )
    return having + ("\n" if having else "") + "\n".join(lines) + "\n"


_STEP = re.compile(r"\[[^\]]*\]|[^.\[]+")


def _item_name(pattern: str, concrete: str) -> str:
    """The items and keys a concrete path names where its field's path says any
    (``award.multipliers[].max``, ``award.multipliers[own_streak].max`` -> ``own_streak``)."""
    pairs = zip(_STEP.findall(pattern), _STEP.findall(concrete))
    return "/".join(step.strip("[]") for general, step in pairs if general in ("[]", ANY_KEY))


#: The most values a field's entry lists; the comparison matrix has every one.
_MOST_VALUES = 12


def entry(item: Field, bundled: Bundled) -> str:
    """A field's reference entry."""
    node = item.schema
    rows = [("type", _type(node))]
    if "default" in node:
        rows.append(("default", _text.code(_text.inline(node["default"]))))
    allowed = _allowed(node)
    if allowed:
        rows.append(("allowed", "; ".join(allowed)))
    text = f"### `{item.path}` {{#{item.anchor}}}\n\n"
    text += _text.docstring(node.get("description", "")) + "\n\n"
    text += "".join(f"- **{name}**: {value}\n" for name, value in rows) + "\n"
    sample = example(item)
    if sample is not None:
        text += f"Example:\n\n```yaml\n{_example_yaml(item.path, sample)}```\n\n"
    text += "In the bundled rule sets:\n\n" + _used(item, bundled) + "\n"
    return text


class Bundled(NamedTuple):
    """What the bundled rule sets of a game (or all, for the core's fields) give each field."""

    #: For each field path, every rule set's value: (rule set, concrete path, value).
    seen: dict[str, list[tuple[str, str, Any]]]
    #: For each field with fields below it, the rule sets that have it.
    having: dict[str, list[str]]
    #: The ids of the rule sets read.
    ids: list[str]


def bundled_values(game: str | None, items: Sequence[Field]) -> Bundled:
    """What each bundled rule set of ``game`` (every one for ``None``) sets each field to."""
    paths = {item.path for item in items}
    parents = {path for path in paths if any(other.startswith((path + ".", path + "[")) for other in paths)}
    found = Bundled({}, {}, [])
    for rs in list_rulesets():
        if game is not None and rs.game != game:
            continue
        found.ids.append(rs.id)
        resolved = list(values(rs.document, paths))
        # What resolving leaves out (`extends`) is read from the rule set's own file.
        written = [row for row in values(rs.files[0].data, paths) if row[0] not in {r[0] for r in resolved}]
        for pattern, concrete, value in resolved + written:
            if pattern not in parents or not isinstance(value, dict | list):  # `none` or a mapping
                found.seen.setdefault(pattern, []).append((rs.id, concrete, value))
        for pattern in present(rs.document, paths) & parents:
            found.having.setdefault(pattern, []).append(rs.id)
    return found


def page(game: str | None, items: Sequence[Field], title: str) -> str:
    """The reference page of one game's fields (or of the core's, ``game=None``)."""
    bundled = bundled_values(game, items)
    sections: dict[str, list[Field]] = {}
    for item in items:
        sections.setdefault(item.path.split(".")[0].split("[")[0], []).append(item)
    text = f"# {title}\n\n"
    text += (
        "Generated from the schema the engine checks rule sets with "
        f"(`{_schema_file(game)}`): every field, with what each bundled rule set sets it to "
        "(after `extends`, the schema's defaults filled in). `[]` in a path is any item of the "
        f"list; `{ANY_KEY}` any key.\n\n"
    )
    text += "| section | fields |\n|---|---|\n"
    text += "".join(f"| [`{name}`](#{members[0].anchor}) | {len(members)} |\n" for name, members in sections.items())
    text += "\n"
    for name, members in sections.items():
        text += f"## `{name}`\n\n"
        text += "".join(entry(item, bundled) for item in members)
    return text


def _schema_file(game: str | None) -> str:
    """The schema file of ``game`` (the core's for ``None``), as a path inside the package."""
    path = CORE_SCHEMA if game is None else REGISTRY.games[game].schema
    return "yakuset/" + path.resolve().relative_to(Path(__file__).resolve().parent.parent).as_posix()
