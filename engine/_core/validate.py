"""Schema validation of rule-set documents, with errors placed at file:line:col.

The rule-set schema is composed from the core's and each registered game's
(:mod:`.schemas`): a file of game X may hold the core's keys and X's sections. Each file is checked as written (a
file that ``extends`` another may leave things out; its game is the one its chain names), then
the resolved rule set once more with what the core's and its game's ``$defs/resolved`` require.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import Location, Problem
from .hints import did_you_mean
from .memo import memo
from .scalars import number_in_text, quoted_number
from .yamlsource import LocatedDict, LocatedList, Shared, join_path

if TYPE_CHECKING:
    import jsonschema

    from .schemas import Schemas

# jsonschema is imported where a document is first checked, not with the package: importing it
# costs more than the rest of `import yakuset`, and a script that only scores never needs it.


def _without_nulls(node: Any) -> Any:
    """A file's data without its ``null`` values: in a file, ``null`` removes an inherited key."""
    if isinstance(node, LocatedDict):
        out = LocatedDict(node.loc)
        for key, value in node.items():
            if value is not None:
                out[key] = _without_nulls(value)
                out.key_locs[key] = node.key_locs[key]
                out.value_locs[key] = node.value_locs[key]
        return out
    if isinstance(node, LocatedList):
        items = LocatedList(node.loc)
        items.extend(_without_nulls(item) for item in node)
        items.item_locs = list(node.item_locs)
        return items
    return node


class _Sections(NamedTuple):
    """Which game each section belongs to, and the game being checked (for a section of another
    game, a message that says so instead of "unknown key")."""

    owners: Mapping[str, list[str]]
    game: str


def check_file(data: Any, fallback: Location, schemas: Schemas, game: str | None) -> list[Problem]:
    """Problems of one file as written, a file of ``game`` (the game its chain names; ``None``
    when none does): parents may supply what it leaves out, and ``null`` removes."""
    validator = schemas.written(game)
    sections = _Sections(schemas.owners, game) if game in schemas.games else None
    stripped = _without_nulls(data)
    problems = _problems(validator.iter_errors(stripped), stripped, fallback, "", sections)
    # A null under a misspelled key removes nothing: still report the unknown key.
    unknown = [error for error in validator.iter_errors(data) if error.validator == "additionalProperties"]
    known = {str(q) for q in problems}
    problems += [p for p in _problems(unknown, data, fallback, "", sections) if str(p) not in known]
    return sorted(problems, key=lambda p: (p.location.line, p.location.col))


def check_resolved(data: Any, fallback: Location, schemas: Schemas, valid_nodes: Shared = frozenset()) -> list[Problem]:
    """Problems of a resolved rule set, where everything required must be present.
    ``valid_nodes``: the mappings and lists ``data`` shares with a valid resolved document it was
    made from, where they stood there (:func:`.yamlsource.shared_nodes`), which are not checked
    again (:func:`.schemas.checking_like`)."""
    game = data.get("game") if isinstance(data, dict) else None
    known = game if isinstance(game, str) and game in schemas.games else None
    sections = _Sections(schemas.owners, known) if known is not None else None
    errors = schemas.resolved(known).iter_errors(data)
    if not valid_nodes:
        return _problems(errors, data, fallback, "", sections)
    from .schemas import checking_like

    with checking_like(valid_nodes):
        return _problems(errors, data, fallback, "", sections)


def check_against(subschema: dict[str, Any], data: Any, fallback: Location, base_path: str) -> list[Problem]:
    """Validate ``data`` (found at ``base_path``) against a plugin's settings schema."""
    key = json.dumps(subschema, sort_keys=True, default=repr)
    validator = _PLUGIN_VALIDATORS.get(key)
    if validator is None:
        validator = _PLUGIN_VALIDATORS.put(key, _plugin_validator(subschema))
    if isinstance(validator, str):
        return [Problem(fallback, base_path, f"the plugin's settings schema is broken: {validator}")]
    return _problems(validator.iter_errors(data), data, fallback, base_path, None)


#: Plugins' settings validators by their schema's text: a schema is checked once, not at every load.
_PLUGIN_VALIDATORS = memo("", "plugin settings validators", 256)


def _plugin_validator(subschema: dict[str, Any]) -> jsonschema.protocols.Validator | str:
    """A plugin's settings validator, or why its schema is broken."""
    import jsonschema

    from .schemas import strict_class

    cls = strict_class(subschema)
    try:
        cls.check_schema(subschema)
    except jsonschema.SchemaError as exc:
        return str(exc.message)
    validator: jsonschema.protocols.Validator = cls(subschema)
    return validator


def _problems(
    errors: Iterable[jsonschema.ValidationError],
    root: Any,
    fallback: Location,
    base_path: str,
    sections: _Sections | None,
) -> list[Problem]:
    problems: list[Problem] = []
    place = None  # made for a document with errors only: most have none
    for error in errors:
        place = place or _Place(root, fallback, base_path, sections)
        problems.extend(_explained(error, place))
    unique = {(p.location.line, p.location.col, p.path, p.message): p for p in problems}
    return sorted(unique.values(), key=lambda p: (p.location.line, p.location.col, p.path, p.message))


def locate(root: Any, path: Sequence[str | int], fallback: Location, *, key: bool = False) -> Location:
    """Where the value (or, with ``key``, the key) at ``path`` stands in its file."""
    node, where = root, getattr(root, "loc", fallback)
    for index, step in enumerate(path):
        last = index == len(path) - 1
        if isinstance(node, LocatedDict) and isinstance(step, str) and step in node:
            where = (node.key_locs if key and last else node.value_locs).get(step, where)
            node = node[step]
        elif isinstance(node, LocatedList) and isinstance(step, int) and step < len(node):
            where = node.item_locs[step]
            node = node[step]
        else:
            break
    return where


def display_path(root: Any, path: Sequence[str | int], base_path: str = "") -> str:
    """``("award", "multipliers", 2, "max")`` -> ``award.multipliers[own_streak].max``."""
    text, node = base_path, root
    for step in path:
        if isinstance(step, int):
            label = str(step)
            if isinstance(node, list) and step < len(node):
                item = node[step]
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    label = item["id"]
                node = item
            else:
                node = None
            text += f"[{label}]"
        else:
            text = join_path(text, step)
            node = node.get(step) if isinstance(node, dict) else None
    return text


_TYPE_NAMES = {
    "object": "a mapping",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}


def describe_value(value: Any) -> str:
    """``'abc'`` -> ``text 'abc'``; used in messages about wrong types."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"text {value[:40]!r}" + ("..." if len(value) > 40 else "")
    if isinstance(value, dict):
        return "a mapping"
    return "a list"


def _describe_schema(sub: Any) -> str:
    if sub is True:
        return "anything"
    if not isinstance(sub, dict):
        return "nothing"
    if "const" in sub:
        return repr(sub["const"])
    if "enum" in sub:
        return " or ".join(repr(v) for v in sub["enum"])
    types = sub.get("type")
    if types is None:
        return "a value"
    names = [_TYPE_NAMES.get(t, t) for t in ([types] if isinstance(types, str) else types)]
    return " or ".join(names) + _bounds(sub)


#: A number's bounds in the schema, as a message words them (``a whole number of at least 1``).
_BOUNDS = {
    "minimum": " of at least {}",
    "exclusiveMinimum": " above {}",
    "maximum": " of at most {}",
    "exclusiveMaximum": " below {}",
}


def _bounds(sub: dict[str, Any]) -> str:
    """`` from 0 to 20``, `` of at least 1``, `` above 0``: what bounds a number of ``sub``."""
    if "minimum" in sub and "maximum" in sub:
        return f" from {sub['minimum']} to {sub['maximum']}"
    return ",".join(words.format(sub[key]) for key, words in _BOUNDS.items() if key in sub)


def _what_it_is(sub: dict[str, Any], path: Sequence[str | int] = ()) -> str | None:
    """A valid value to copy (the schema's first example, or its default) written as the key
    would be, else the first sentence of the key's description."""
    examples = sub.get("examples")
    example = examples[0] if isinstance(examples, list) and examples else sub.get("default")
    key = _last_key(path)
    if example is not None and key is not None:
        import yaml

        text = yaml.safe_dump({key: example}, default_flow_style=True, allow_unicode=True, width=10_000)
        return f"for example `{text.strip()[1:-1]}`"
    description = sub.get("description")
    if not isinstance(description, str):
        return None
    return description.split(". ")[0].rstrip(".")


def _takes_a_number(sub: Any) -> bool:
    """Whether a schema (or one of its alternatives) takes a number."""
    if not isinstance(sub, dict):
        return False
    types = sub.get("type")
    if {"number", "integer"} & set([types] if isinstance(types, str) else types or ()):
        return True
    return any(_takes_a_number(option) for option in sub.get("oneOf", []) + sub.get("anyOf", []))


def _last_key(path: Sequence[str | int]) -> str | None:
    return next((step for step in reversed(path) if isinstance(step, str)), None)


def _kind_of(option: Any) -> str | None:
    """The JSON kind a schema alternative takes: object, array, string ... (None if it does not say)."""
    if not isinstance(option, dict):
        return None
    kind = option.get("type")
    if isinstance(kind, str):
        return "number" if kind == "integer" else kind
    if "const" in option:
        return _kind_of_value(option["const"])
    return None


def _kind_of_value(value: Any) -> str:
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return "string" if isinstance(value, str) else "null"


class _Place(NamedTuple):
    """Where a schema error's problems are placed: the document checked (``root``), the location
    of what has none, ``root``'s path in the whole rule set, and the sections of its game."""

    root: Any
    fallback: Location
    base_path: str
    sections: _Sections | None

    def at(self, path: Sequence[str | int], *, key: bool = False) -> Location:
        return locate(self.root, path, self.fallback, key=key)

    def shown(self, path: Sequence[str | int]) -> str:
        return display_path(self.root, path, self.base_path)


#: What a name of the rule file may be (a jsonschema ``pattern`` or ``propertyNames``), as a hint.
_NAME_HINT = "use lower case letters, digits and _, starting with a letter"


def _explained(error: jsonschema.ValidationError, place: _Place) -> list[Problem]:
    """The problems a schema error stands for, each located and worded for the rule file."""
    path = list(error.absolute_path)
    shown, where = place.shown(path), place.at(path)
    kind, instance = error.validator, error.instance
    sub = error.schema if isinstance(error.schema, dict) else {}
    if kind in ("additionalProperties", "unevaluatedProperties") and isinstance(instance, dict):
        return _unknown_keys(instance, sub, path, place)
    if kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return [Problem(where, shown, f"missing {missing!r}", "set it here or in the rule set this file extends")]
    if kind in ("type", "oneOf", "anyOf") and _takes_a_number(sub) and (number := number_in_text(instance)) is not None:
        message, hint = quoted_number(path[-1] if path and isinstance(path[-1], str) else None, number)
        return [Problem(where, shown, message, hint)]
    if kind in ("type", "enum", "const", *_BOUNDS):
        choices = sub.get("enum")
        close = (
            did_you_mean(instance, [c for c in choices if isinstance(c, str)])
            if isinstance(instance, str) and isinstance(choices, list)
            else None
        )
        message = f"expected {_describe_schema(sub)}, got {describe_value(instance)}"
        return [Problem(where, shown, message, close or _what_it_is(sub, path))]
    if kind in ("oneOf", "anyOf"):
        return _no_alternative(error, sub, path, place)
    if kind == "pattern":
        return [Problem(where, shown, f"{instance!r} is not a valid name", _NAME_HINT)]
    if kind == "propertyNames":
        return [Problem(where, shown, f"{error.message}", _NAME_HINT)]
    return [Problem(where, shown, error.message)]


def _unknown_keys(instance: dict[str, Any], sub: dict[str, Any], path: list[str | int], place: _Place) -> list[Problem]:
    """Each key the schema does not know here: another game's section, a setting that moved, or
    a misspelling (with the keys it may be)."""
    known = list(sub.get("properties", {}))
    sections = place.sections
    problems = []
    for extra in instance:
        if extra in known:
            continue
        owners = sections.owners.get(extra) if sections is not None and not path else None
        if sections is not None and owners:
            message = f"{extra!r} is a {' or '.join(owners)} section, and this is a {sections.game} rule set"
            problems.append(Problem(place.at([extra], key=True), extra, message, "remove it, or check `game:`"))
            continue
        moved = sub.get("x-moved", {}).get(extra)  # a key that now lives elsewhere
        hint = (
            f"this setting moved to `{moved}`"
            if moved
            else did_you_mean(extra, known) or ("known keys here: " + ", ".join(known) if known else None)
        )
        where = place.at([*path, extra], key=True)
        problems.append(Problem(where, place.shown([*path, extra]), f"unknown key {extra!r}", hint))
    return problems


def _no_alternative(
    error: jsonschema.ValidationError, sub: dict[str, Any], path: list[str | int], place: _Place
) -> list[Problem]:
    """A value that matches none of a ``oneOf`` or ``anyOf``: what is wrong inside the one
    alternative of its own kind, or inside the closest of several schemas, else the
    alternatives it may be."""
    alternatives: Any = error.validator_value
    instance = error.instance
    # One alternative of the value's own kind (a mapping where `none` or a mapping may stand):
    # what is wrong inside it says more than "expected 'none', or a mapping".
    same = [index for index, option in enumerate(alternatives) if _kind_of(option) == _kind_of_value(instance)]
    if len(same) == 1 and isinstance(instance, dict | list):
        inner = [e for e in error.context or () if e.relative_schema_path and e.relative_schema_path[0] == same[0]]
        if inner:
            return [problem for e in inner for problem in _explained(e, place)]
    if error.context and all(isinstance(option, dict) and set(option) == {"$ref"} for option in alternatives):
        # Alternatives that are other schemas (a section several games have, in a file whose
        # game is not known): what is wrong in the one that comes closest.
        by_option: dict[int, list[jsonschema.ValidationError]] = {}
        for e in error.context:
            by_option.setdefault(int(e.relative_schema_path[0]), []).append(e)
        closest = min(by_option.values(), key=len)
        return [problem for e in closest for problem in _explained(e, place)]
    options = ", or ".join(_describe_schema(option) for option in alternatives)
    message = f"expected {options}, got {describe_value(instance)}"
    return [Problem(place.at(path), place.shown(path), message, _what_it_is(sub, path))]
