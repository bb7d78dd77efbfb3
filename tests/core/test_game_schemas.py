"""The rule-set schema is composed from the games a registry holds: a game brings its schema file
(``Game.schema``) and its rule sets are checked against it, as written and resolved, with the
same messages as the bundled games', and nothing in the core changes."""

from __future__ import annotations

import json
import types
from pathlib import Path

import pytest
import yakuset
from yakuset._core import ruleset, schemas
from yakuset._core.game import Checked
from yakuset._core.hookspecs import hookspec
from yakuset._core.plugins import Registry
from yakuset._house import REGISTRY

from ..helpers import write

TOY_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "a toy game's sections",
    "properties": {
        "board": {
            "description": "The board.",
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "size": {"description": "Squares a side.", "type": "integer", "minimum": 1, "examples": [8]},
                "wrap": {"description": "Whether the edges meet.", "type": "boolean", "default": False},
            },
        }
    },
    "$defs": {"resolved": {"required": ["board"], "properties": {"board": {"required": ["size"]}}}},
}


def _toy_hookspecs() -> types.ModuleType:
    module = types.ModuleType("toy_hookspecs")

    @hookspec
    def yakuset_toy_bonus(size: int) -> int:  # pragma: no cover - never called
        """A bonus for a board of ``size``."""

    module.yakuset_toy_bonus = yakuset_toy_bonus  # type: ignore[attr-defined]
    return module


class Toy:
    """A third game, a few lines long: its rules are its board."""

    name = "toy"
    hookspecs = _toy_hookspecs()
    compare = study = command_line = web = examples = None

    def __init__(self, schema: Path) -> None:
        self.schema = schema

    def compile(self, document, manager, where, checked: Checked):
        return (dict(document["board"]) if checked.valid else None), []


@pytest.fixture
def toy_registry(tmp_path) -> Registry:
    schema = tmp_path / "toy" / "ruleset.schema.json"
    schema.parent.mkdir()
    schema.write_text(json.dumps(TOY_SCHEMA), encoding="utf-8")
    return Registry.of(games=(REGISTRY.games["koikoi"], Toy(schema)), builtins=REGISTRY.builtins)


def _problems(path: Path, registry: Registry) -> list[str]:
    with pytest.raises(yakuset.RulesetError) as caught:
        ruleset.load(path, registry)
    return [str(p).replace(f"{path.parent}/", "") for p in caught.value.problems]


def test_a_toy_games_rule_set_loads_with_its_own_schema(tmp_path, toy_registry):
    path = write(tmp_path, "toy.yaml", "game: toy\nname: Toy\nmetadata: {source: a test}\nboard: {size: 3}\n")
    rs = ruleset.load(path, toy_registry)
    assert (rs.game, rs.rules) == ("toy", {"size": 3, "wrap": False})  # `wrap` from the toy schema's default
    assert rs.location(("board", "wrap")).at_line() == "<schema default>"


def test_a_toy_file_is_checked_with_the_toy_games_keys_and_rules(tmp_path, toy_registry):
    path = write(tmp_path, "toy.yaml", "game: toy\nname: Toy\nmetadata: {source: a test}\nbord: {size: 3}\n")
    assert [p.rsplit("/", 1)[-1] for p in _problems(path, toy_registry)] == [
        "toy.yaml:4:1: bord: unknown key 'bord' (hint: did you mean 'board'?)"
    ]
    path.write_text("game: toy\nname: Toy\nmetadata: {source: a test}\nboard: {size: 0}\n", encoding="utf-8")
    (problem,) = _problems(path, toy_registry)
    # A bound reads as a type does, with the schema's example as the hint (issue 42 item 24).
    assert problem.endswith(
        "toy.yaml:4:15: board.size: expected a whole number of at least 1, got the number 0 (hint: for example `size: 8`)"
    )


def test_a_koikoi_section_in_a_toy_file_is_named_as_such_once(tmp_path, toy_registry):
    path = write(
        tmp_path, "toy.yaml", "game: toy\nname: Toy\nmetadata: {source: a test}\nboard: {size: 3}\naward: {}\n"
    )
    (problem,) = _problems(path, toy_registry)
    assert problem.endswith(
        "toy.yaml:5:1: award: 'award' is a koikoi section, and this is a toy rule set "
        "(hint: remove it, or check `game:`)"
    )


def test_what_a_resolved_toy_rule_set_needs_comes_from_the_toy_games_schema(tmp_path, toy_registry):
    path = write(tmp_path, "toy.yaml", "game: toy\nname: Toy\nmetadata: {source: a test}\nboard: {wrap: true}\n")
    (problem,) = _problems(path, toy_registry)
    assert problem.endswith(
        "toy.yaml:4:8: board: missing 'size' (hint: set it here or in the rule set this file extends)"
    )
    path.write_text("game: toy\nname: Toy\nmetadata: {source: a test}\n", encoding="utf-8")
    (problem,) = _problems(path, toy_registry)
    assert "<document>: missing 'board'" in problem


def test_a_file_that_extends_a_toy_rule_set_is_checked_as_a_toy_file(tmp_path, toy_registry):
    write(tmp_path, "base.yaml", "game: toy\nname: Toy\nmetadata: {source: a test}\nboard: {size: 3}\n")
    path = write(tmp_path, "house.yaml", "extends: ./base.yaml\nboard: {sise: 4}\n")
    (problem,) = _problems(path, toy_registry)
    assert problem.endswith("house.yaml:2:9: board.sise: unknown key 'sise' (hint: did you mean 'size'?)")


def test_the_schema_an_editor_reads_for_a_registry_has_a_branch_for_each_of_its_games(tmp_path, toy_registry):
    composed = schemas.schemas(toy_registry.games).for_folder(tmp_path)
    assert composed["properties"]["game"]["enum"] == ["koikoi", "toy"]
    assert composed["$defs"]["toy"]["properties"]["board"] == {"$ref": "toy/ruleset.schema.json#/properties/board"}
    assert "board" not in composed["$defs"]["koikoi"]["properties"]


def test_a_bundled_koikoi_rule_set_loads_with_a_registry_of_other_games(toy_registry):
    assert ruleset.load("nintendo", toy_registry).game == "koikoi"


def test_a_section_several_games_have_in_a_file_of_no_known_game_is_explained_by_the_closest(tmp_path):
    # No `game:` anywhere: `yaku` may be Koi-Koi's or Riichi's; the group name breaks Koi-Koi's rule.
    path = write(tmp_path, "loose.yaml", "name: X\nyaku:\n  - {id: aotan, group: RIBBONS}\n")
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(path)
    (problem,) = caught.value.problems
    assert (problem.path, problem.message) == ("yaku[aotan].group", "'RIBBONS' is not a valid name")
