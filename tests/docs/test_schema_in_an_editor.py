"""The schema as an editor uses it: ``schema/ruleset.schema.json`` (where the bundled files'
modelines point) refers to the core's schema and each game's by paths relative to itself, and a
standard JSON Schema validator that follows those paths, on the files as written (no engine),
accepts every bundled file and the `null` that removes an inherited plugin, offers a Koi-Koi file
no Riichi section (and the reverse), and sees the rules the engine enforces: the file is what the
engine composes from its registry's games. (`.ci/editor-schema` runs the YAML language server
itself on the same files.)"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

import jsonschema
import pytest
import referencing
import yaml
from referencing.jsonschema import DRAFT202012
from yakuset._core import bundled, schemas
from yakuset._house import REGISTRY

from ..helpers import BUNDLED, ROOT

ENTRY = ROOT / "schema" / "ruleset.schema.json"
FILES = sorted(BUNDLED.glob("*/*.yaml"))


def _retrieve(uri: str) -> referencing.Resource:
    """What an editor does with a `$ref` to another file: read it from the disk."""
    path = Path(url2pathname(urlsplit(uri).path))
    return referencing.Resource(json.loads(path.read_text(encoding="utf-8")), DRAFT202012)


def editor_validator(entry: Path) -> jsonschema.Draft202012Validator:
    schema = json.loads(entry.read_text(encoding="utf-8"))
    schema["$id"] = entry.resolve().as_uri()  # an editor reads the file from where it is
    return jsonschema.Draft202012Validator(schema, registry=referencing.Registry(retrieve=_retrieve))


VALIDATOR = editor_validator(ENTRY)


def errors(text: str) -> list[str]:
    return [e.message for e in VALIDATOR.iter_errors(yaml.safe_load(text))]


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_standard_validator_accepts_every_bundled_file_as_written(path: Path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [e.message for e in VALIDATOR.iter_errors(data)] == []


def test_null_that_removes_an_inherited_plugin_is_valid_as_the_readme_shows():
    assert errors("extends: yakuza\nname: No privilege\nplugins:\n  dealers_privilege: null\n") == []


@pytest.mark.parametrize(
    ("text", "section"),
    [("game: koikoi\nname: X\nscoring: {}\n", "scoring"), ("game: riichi\nname: X\naward: {}\n", "award")],
)
def test_a_file_that_names_its_game_is_offered_no_section_of_the_other(text, section):
    data = yaml.safe_load(text)
    assert list(VALIDATOR.iter_errors(data))
    del data[section]
    assert list(VALIDATOR.iter_errors(data)) == []


def test_a_file_that_leaves_its_game_to_its_parent_may_hold_any_games_sections_but_no_unknown_key():
    assert errors("extends: nintendo\naward: {multipliers: []}\nscoring: {round_to: 100}\n") == []
    assert errors("extends: nintendo\nawrd: {}\n") != []
    assert errors("extends: tenhou\nfu: {base: twenty}\n") != []  # a section's own rules still hold


def test_a_game_section_is_checked_by_its_games_schema_through_the_entry():
    assert errors("game: koikoi\ncalls: {limit_per_round: -1}\n") != []
    assert errors("game: riichi\nyaku: [{id: x, han_closed: many}]\n") != []
    assert errors("game: koikoi\nyaku: [{id: x, points: 5}]\n") == []


PACKAGE = Path(schemas.__file__).resolve().parent.parent


def in_repository(path: Path) -> Path:
    """Where a file of the package is in the repository (the package is engine/: the same file
    in a checkout, its source when the tests run against a wheel)."""
    return ROOT / "engine" / Path(path).resolve().relative_to(PACKAGE)


#: The registry's schemas as the repository holds them.
REPOSITORY = schemas.Schemas(
    tuple((name, in_repository(game.schema)) for name, game in REGISTRY.games.items()), in_repository(schemas.CORE)
)


def test_the_entry_is_what_the_engine_composes_from_its_games():
    composed = REPOSITORY.for_folder(ENTRY.parent)
    assert json.loads(ENTRY.read_text(encoding="utf-8")) == composed


def test_the_installed_entry_is_what_the_engine_composes_where_it_is_installed():
    """In a wheel the entry is written by the build step with paths into the package; in a
    checkout it is the repository's file."""
    installed = bundled.schema_path()
    composed = schemas.schemas(REGISTRY.games).for_folder(installed.parent)
    assert json.loads(installed.read_text(encoding="utf-8")) == composed
    assert list(editor_validator(installed).iter_errors(yaml.safe_load("game: koikoi\nmatch: {rounds: 0}\n")))


def _refs(node):
    if isinstance(node, dict):
        if "$ref" in node:
            yield node["$ref"]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


@pytest.mark.parametrize(
    ("entry", "schemas"),
    [(ENTRY, REPOSITORY), (bundled.schema_path(), schemas.schemas(REGISTRY.games))],
    ids=["repository", "installed"],
)
def test_every_reference_resolves_to_a_schema_file_beside_the_entry(entry, schemas):
    assert not json.loads(entry.read_text(encoding="utf-8"))["$id"].startswith(("http://", "https://")), (
        "an $id nobody can fetch breaks editors' $refs"
    )
    todo, seen = [entry.resolve()], set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        document = json.loads(path.read_text(encoding="utf-8"))
        for ref in _refs(document):
            file, _, pointer = ref.partition("#")
            target = (path.parent / file).resolve() if file else path
            assert target.is_file(), f"{path.name}: {ref}"
            node = json.loads(target.read_text(encoding="utf-8"))
            for part in pointer.lstrip("/").split("/") if pointer else ():
                node = node[part.replace("~1", "/").replace("~0", "~")]
            assert isinstance(node, dict), f"{path.name}: {ref}"
            todo.append(target)
    assert {path.resolve() for path in schemas.games.values()} | {schemas.core.resolve()} <= seen


def test_the_schemas_are_valid_json_schemas():
    """The engine does not check its own schemas when it loads (it costs more than the load):
    this test does, for the entry, the core's and each game's."""
    for path in [ENTRY, REPOSITORY.core, *REPOSITORY.games.values()]:
        jsonschema.Draft202012Validator.check_schema(json.loads(Path(path).read_text(encoding="utf-8")))


def test_no_schema_uses_a_keyword_of_its_own_where_standard_json_schema_says_it():
    """`x-required-resolved`, `x-game` and the like are gone: what a resolved rule set needs is
    `$defs/resolved`, which sections a game has is its own schema file."""

    def keys(node):
        if isinstance(node, dict):
            for key, value in node.items():
                yield key
                if key not in ("properties", "$defs"):
                    yield from keys(value)
                else:
                    for sub in value.values():
                        yield from keys(sub)
        elif isinstance(node, list):
            for value in node:
                yield from keys(value)

    for path in [ENTRY, REPOSITORY.core, *REPOSITORY.games.values()]:
        own = {key for key in keys(json.loads(Path(path).read_text(encoding="utf-8"))) if key.startswith("x-")}
        assert own == set(), path
