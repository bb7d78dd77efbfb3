"""The rule-set JSON Schema, composed from the core's schema and each registered game's.

The core's (``_core/ruleset.schema.json``) knows no game: the keys every rule set has
(``extends``, ``game``, ``name``, ``metadata``, ``plugins``) and the definitions games share.
Each game brings its own file (``Game.schema``): its sections. Both have two entry points that
share their definitions: ``properties`` (a file as written: everything optional, a parent may
supply it) and ``$defs/resolved`` (what a resolved rule set must have besides). :func:`compose`
joins them in standard JSON Schema, so that an editor reading the composed file
(``schema/ruleset.schema.json``) sees the rules the engine enforces.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import json
import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import bundled, prebuilt
from .game import Game

if TYPE_CHECKING:
    import jsonschema

    from .yamlsource import Shared

#: The core's schema: the keys every rule set has and the definitions games share.
CORE = bundled.core_schema_path()
#: Another name of the core's schema, for a game's schema that lives outside this package
#: (``"$ref": "urn:yakuset:core#/$defs/condition"``); the bundled games refer to it by a path
#: relative to themselves, which editors follow too.
CORE_URI = "urn:yakuset:core"
DRAFT = "https://json-schema.org/draft/2020-12/schema"
#: The engine's name of the composed schema.
COMPOSED_URI = "urn:yakuset:ruleset"
#: The composed schema's ``$defs`` entry for a file whose game is none of the registered ones.
ANY_GAME = "_any_game"


def _pointer(name: str) -> str:
    return name.replace("~", "~0").replace("/", "~1")


def compose(
    core: Mapping[str, Any], games: Mapping[str, Mapping[str, Any]], refer: Callable[[str, str], str]
) -> dict[str, Any]:
    """The rule-set schema for ``games`` (name -> the game's schema), in standard JSON Schema.

    ``refer(owner, pointer)`` is how the composed document refers to a part of a schema (owner
    ``""`` for the core's, a game's name for the game's): a path relative to the composed file
    for editors, an absolute URI for the engine, a place inside the document for a schema that
    stands alone. A file whose ``game`` is X holds the core's keys and X's sections, nothing
    else (``if game is X then`` X's branch, each branch with ``additionalProperties: false``);
    a file that names no registered game may hold any game's sections.
    """
    names = list(games)
    core_keys = list(core.get("properties", {}))

    def branch(owners: Mapping[str, list[str]]) -> dict[str, Any]:
        properties: dict[str, Any] = {key: {"$ref": refer("", f"/properties/{_pointer(key)}")} for key in core_keys}
        for key, games_of_key in owners.items():
            refs = [{"$ref": refer(game, f"/properties/{_pointer(key)}")} for game in games_of_key]
            properties[key] = refs[0] if len(refs) == 1 else {"anyOf": refs}
        return {"type": "object", "additionalProperties": False, "properties": properties}

    every: dict[str, list[str]] = {}
    for name, schema in games.items():
        for key in schema.get("properties", {}):
            if key not in core_keys:
                every.setdefault(key, []).append(name)
    defs = {
        name: branch({key: [name] for key in schema.get("properties", {}) if key not in core_keys})
        for name, schema in games.items()
    }
    defs[ANY_GAME] = branch(every)
    is_game = {"properties": {"game": {"enum": names}}, "required": ["game"]}
    return {
        "$schema": DRAFT,
        "$id": "ruleset.schema.json",
        "title": "yakuset rule set",
        "description": (
            "A rule set for "
            + " or ".join(f"`game: {name}`" for name in names)
            + ". A file may state only what differs from the rule set it `extends`: keys described as"
            " 'required once resolved' may come from a parent. Composed from the core's schema (the keys"
            " every rule set has) and each game's (its sections): a file holds the sections of its"
            " `game:`; one that leaves `game:` to the rule set it extends may hold any game's."
        ),
        "type": "object",
        "properties": {"game": {"$ref": refer("", "/properties/game"), "enum": names}},
        "allOf": [
            *(
                {
                    "if": {"properties": {"game": {"const": name}}, "required": ["game"]},
                    "then": {"$ref": f"#/$defs/{_pointer(name)}"},
                }
                for name in names
            ),
            {"if": is_game, "else": {"$ref": f"#/$defs/{ANY_GAME}"}},
        ],
        "$defs": defs,
    }


#: The ``$defs`` of a standalone schema that hold the core's and each game's schema start so.
STANDALONE = "_schema_"


def _placed(node: Any, path: Path, files: Mapping[Path, str], place: Mapping[str, str]) -> Any:
    """``node`` (part of the schema file ``path``) with each ``$ref`` made a place in the
    standalone schema where ``place`` puts each file's schema (``files``: file -> owner)."""
    if isinstance(node, dict):
        out = {key: _placed(value, path, files, place) for key, value in node.items()}
        ref = node.get("$ref")
        if isinstance(ref, str):
            file, _, pointer = ref.partition("#")
            owner = "" if file == CORE_URI else files[(path.parent / file).resolve() if file else path]
            out["$ref"] = f"#{place[owner]}{pointer}"
        return out
    if isinstance(node, list):
        return [_placed(item, path, files, place) for item in node]
    return node


def _load(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as handle:
        loaded: dict[str, Any] = json.load(handle)
    return loaded


class Schemas:
    """The rule-set schema of a set of games: the core's and each game's schema file, composed
    (:func:`compose`), and the validators of a file as written and of a resolved rule set."""

    def __init__(self, games: tuple[tuple[str, Path], ...], core: Path = CORE) -> None:
        self.games = dict(games)
        self.core = core

    @functools.cached_property
    def digest(self) -> str:
        """The digest of every schema file (``prebuilt.schemas_digest``): a record of files
        checked against these schemas is trusted only while it is the same."""
        return prebuilt.schemas_digest(tuple(self.games.items()), self.core)

    @functools.cached_property
    def documents(self) -> dict[str, dict[str, Any]]:
        """Each schema by the URI the composed schema refers to it by; the composed one is ``""``."""
        uri = {"": self.core.resolve().as_uri(), **{name: path.resolve().as_uri() for name, path in self.games.items()}}
        core, games = self._sources()
        composed = compose(core, games, lambda owner, pointer: f"{uri[owner]}#{pointer}")
        composed["$id"] = COMPOSED_URI
        found = {"": composed, uri[""]: core}
        found.update((uri[name], games[name]) for name in games)
        return found

    def _sources(self) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        return _load(self.core), {name: _load(path) for name, path in self.games.items()}

    def for_folder(self, folder: Path) -> dict[str, Any]:
        """The composed schema as a file in ``folder`` holds it, referring to the core's and the
        games' schema files by paths relative to ``folder`` (``schema/ruleset.schema.json``, which
        editors read, is this for the bundled games; a wheel's is written by its build step)."""

        def relative(path: Path) -> str:
            return Path(os.path.relpath(path.resolve(), folder.resolve())).as_posix()

        uri = {"": relative(self.core), **{name: relative(path) for name, path in self.games.items()}}
        core, games = self._sources()
        return compose(core, games, lambda owner, pointer: f"{uri[owner]}#{pointer}")

    def standalone(self) -> dict[str, Any]:
        """The composed schema with the core's and every game's inside it (``yakuset schema
        --json``): one document, every ``$ref`` a place in it."""
        core, games = self._sources()
        place = {"": f"/$defs/{STANDALONE}core", **{name: f"/$defs/{STANDALONE}{_pointer(name)}" for name in games}}
        files = {self.core.resolve(): "", **{path.resolve(): name for name, path in self.games.items()}}
        composed = compose(core, games, lambda owner, pointer: f"#{place[owner]}{pointer}")
        for owner, (path, document) in {"": (self.core, core), **{n: (self.games[n], games[n]) for n in games}}.items():
            inside = {key: value for key, value in document.items() if key not in ("$schema", "$id")}
            composed["$defs"][place[owner].rsplit("/", 1)[1]] = _placed(inside, path.resolve(), files, place)
        return composed

    @functools.cached_property
    def owners(self) -> dict[str, list[str]]:
        """Each game's section (a top-level key that is no core key) -> the games that have it."""
        core = self.documents[self.core.resolve().as_uri()].get("properties", {})
        found: dict[str, list[str]] = {}
        for name, path in self.games.items():
            for key in self.documents[path.resolve().as_uri()].get("properties", {}):
                if key not in core:
                    found.setdefault(key, []).append(name)
        return found

    def _validator(self, schema: dict[str, Any]) -> jsonschema.protocols.Validator:
        from referencing import Registry
        from referencing.jsonschema import DRAFT202012

        documents = self.documents
        named = {uri or COMPOSED_URI: document for uri, document in documents.items()}
        named[CORE_URI] = documents[self.core.resolve().as_uri()]
        registry: Registry[Any] = Registry().with_resources(
            (uri, DRAFT202012.create_resource(document)) for uri, document in named.items()
        )
        validator: jsonschema.protocols.Validator = strict_class(documents[""])(schema, registry=registry)
        return validator

    def _file_of(self, game: str | None) -> dict[str, str]:
        """A file as written of ``game``: its game's branch, or the whole schema (``None``)."""
        if game is None or game not in self.games:
            return {"$ref": COMPOSED_URI}
        return {"$ref": f"{COMPOSED_URI}#/$defs/{_pointer(game)}"}

    @functools.cache  # noqa: B019 - one Schemas per set of games, kept for the process
    def written(self, game: str | None) -> jsonschema.protocols.Validator:
        """The validator of a file as written, of ``game`` (``None``: its game is not known)."""
        return self._validator(self._file_of(game))

    @functools.cache  # noqa: B019
    def resolved(self, game: str | None) -> jsonschema.protocols.Validator:
        """The validator of a resolved rule set of ``game``: as written, and what is required."""
        parts = [self._file_of(game), {"$ref": f"{self.core.resolve().as_uri()}#/$defs/resolved"}]
        if game is not None and game in self.games:
            parts.append({"$ref": f"{self.games[game].resolve().as_uri()}#/$defs/resolved"})
        return self._validator({"allOf": parts})


@functools.cache
def _schemas(games: tuple[tuple[str, Path], ...]) -> Schemas:
    return Schemas(games)


def schemas(games: Mapping[str, Game]) -> Schemas:
    """The schemas of ``games`` (a registry's, by name), made once per set of games."""
    return _schemas(tuple((name, Path(game.schema)) for name, game in games.items()))


#: While a document made from a valid one is checked (:func:`checking_like`): the ids of the
#: mappings and lists it shares with the valid one where they stood there.
_VALID_NODES: contextvars.ContextVar[Shared] = contextvars.ContextVar("yakuset_valid_nodes", default=frozenset())


@contextlib.contextmanager
def checking_like(valid_nodes: Shared) -> Iterator[None]:
    """Check a document made from a valid one (``diff`` applies one rule change at a time to a
    valid resolved document) without descending again into ``valid_nodes``, the mappings, lists
    and scalars it shares with the valid one where they stood there
    (:func:`.yamlsource.shared_nodes`): only what changed is validated. Sound for these schemas:
    no condition on one key constrains another (no ``if``/``dependent*`` below the top, and a
    ``oneOf`` tells its options apart by the value's type), and a shared node stands where it
    stood in the valid document."""
    token = _VALID_NODES.set(valid_nodes)
    try:
        yield
    finally:
        _VALID_NODES.reset(token)


def strict_class(document: dict[str, Any]) -> Any:
    """The validator class for ``document``, where an integer must be written as one (not 1.0),
    which does not descend into a node known valid (:func:`checking_like`), and which looks each
    ``$ref`` up once.

    A class serves one schema (and the registry it is made with): jsonschema looks a reference
    up again each time it meets one (joining URIs, walking the pointer), which was a third of
    checking a document. What a reference from a base URI names does not change, so the class
    keeps it, bounded by the references the schema holds. (The dynamic scope a lookup records
    is read only by ``$dynamicRef``, which these schemas do not use.)"""
    import jsonschema.validators
    import referencing.exceptions

    cls = jsonschema.validators.validator_for(document)
    checker = cls.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    )
    every_property, every_item = cls.VALIDATORS["properties"], cls.VALIDATORS["items"]
    every_ref = cls.VALIDATORS["$ref"]
    looked_up: dict[tuple[str, str], Any] = {}

    def ref(validator: Any, ref: str, instance: Any, schema: Any) -> Any:
        resolver = validator._resolver
        if resolver is None or validator._ref_resolver is not None:
            yield from every_ref(validator, ref, instance, schema)
            return
        key = (resolver._base_uri, ref)
        resolved = looked_up.get(key)
        if resolved is None:
            try:
                resolved = looked_up[key] = resolver.lookup(ref)
            except referencing.exceptions.Unresolvable:
                yield from every_ref(validator, ref, instance, schema)  # which reports it
                return
        yield from validator.descend(instance, resolved.contents, resolver=resolved.resolver)

    def properties(validator: Any, properties: Any, instance: Any, schema: Any) -> Any:
        valid = _VALID_NODES.get()
        if not valid or not validator.is_type(instance, "object"):
            yield from every_property(validator, properties, instance, schema)
            return
        for name, subschema in properties.items():
            if name in instance and id(instance[name]) not in valid and (id(instance), name) not in valid:
                yield from validator.descend(instance[name], subschema, path=name, schema_path=name)

    def items(validator: Any, items: Any, instance: Any, schema: Any) -> Any:
        valid = _VALID_NODES.get()
        if not valid or not validator.is_type(instance, "array") or "prefixItems" in schema or items is False:
            yield from every_item(validator, items, instance, schema)
            return
        for index, item in enumerate(instance):
            if id(item) not in valid:
                yield from validator.descend(item, items, path=index)

    return jsonschema.validators.extend(  # type: ignore[no-untyped-call]
        cls, {"properties": properties, "items": items, "$ref": ref}, type_checker=checker
    )
