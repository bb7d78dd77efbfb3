"""The schema as an editor uses it: a standard JSON Schema validator, on the files as written (no
engine), accepts every bundled file and the `null` that removes an inherited plugin, offers a
Koi-Koi file no Riichi section (and the reverse), and every reference resolves inside the file."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from .conftest import BUNDLED, ROOT

SCHEMA = json.loads((ROOT / "schema" / "ruleset.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
FILES = sorted(BUNDLED.glob("*/*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_standard_validator_accepts_every_bundled_file_as_written(path: Path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [e.message for e in VALIDATOR.iter_errors(data)] == []


def test_null_that_removes_an_inherited_plugin_is_valid_as_the_readme_shows():
    data = yaml.safe_load("extends: yakuza\nname: No privilege\nplugins:\n  dealers_privilege: null\n")
    assert list(VALIDATOR.iter_errors(data)) == []


@pytest.mark.parametrize(
    ("text", "section"),
    [("game: koikoi\nname: X\nscoring: {}\n", "scoring"), ("game: riichi\nname: X\naward: {}\n", "award")],
)
def test_a_file_that_names_its_game_is_offered_no_section_of_the_other(text, section):
    data = yaml.safe_load(text)
    assert list(VALIDATOR.iter_errors(data))
    del data[section]
    assert list(VALIDATOR.iter_errors(data)) == []


def test_every_reference_resolves_inside_the_schema_file():
    assert not SCHEMA["$id"].startswith(("http://", "https://")), "an $id nobody can fetch breaks editors' $refs"

    def refs(node):
        if isinstance(node, dict):
            if "$ref" in node:
                yield node["$ref"]
            for value in node.values():
                yield from refs(value)
        elif isinstance(node, list):
            for value in node:
                yield from refs(value)

    for ref in refs(SCHEMA):
        assert ref.startswith("#/"), ref
        node = SCHEMA
        for part in ref[2:].split("/"):
            node = node[part]
        assert isinstance(node, dict)


def test_the_schema_and_its_resolved_form_are_valid_json_schemas():
    """The engine does not check its own schema when it loads (it costs more than the load): this
    test does, for the schema as shipped and as the engine uses it (editor-only parts left out,
    ``x-required-resolved`` made required)."""
    from yakuset._core import validate

    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    jsonschema.Draft202012Validator.check_schema(validate.schema())
    jsonschema.Draft202012Validator.check_schema(validate._with_resolved_requirements(validate.schema()))
