"""One source of defaults: the schema. What a resolved rule set leaves out is filled from the
schema's ``default`` (in every mapping it has, never a whole section), says where it came from
(``<schema default>``), and changes no file; the Koi-Koi call limit is compiled once, saying
what it counts."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import referencing
import yakuset
from referencing.jsonschema import DRAFT202012
from yakuset._core import schemas
from yakuset._core.resolved import resolved_sources, resolved_text
from yakuset._house import REGISTRY

from ..helpers import write


def test_a_table_rule_no_file_states_is_the_schemas_default_and_says_so(tmp_path):
    rs = yakuset.load_ruleset("nintendo")
    assert rs.document["match"]["first_dealer"] == "draw_card"
    assert resolved_sources(rs)["match.first_dealer"] == "<schema default>"
    line = next(x for x in resolved_text(rs).splitlines() if x.startswith("  first_dealer:"))
    assert line.split("#")[1].strip() == "<schema default>"
    assert koikoi_table(rs).first_dealer == "draw_card"


def koikoi_table(rs):
    return yakuset.koikoi.rules_of(rs).table


def test_a_value_a_file_writes_wins_over_the_default_and_keeps_its_place(tmp_path):
    path = write(tmp_path, "house.yaml", "extends: nintendo\nname: House\nmatch:\n  first_dealer: random\n")
    rs = yakuset.load_ruleset(path)
    assert koikoi_table(rs).first_dealer == "random"
    assert resolved_sources(rs)["match.first_dealer"].endswith("house.yaml:4")


def test_the_files_of_a_rule_set_are_not_changed_by_the_defaults(tmp_path):
    path = write(tmp_path, "house.yaml", "extends: nintendo\nname: House\nmatch:\n  zero_sum: true\n")
    rs = yakuset.load_ruleset(path)
    assert rs.document["match"]["until_out"] is False  # filled
    assert set(rs.files[0].data["match"]) == {"zero_sum"}
    assert all("until_out" not in source.data.get("match", {}) for source in rs.files)


def test_a_mapping_partly_written_keeps_the_defaults_of_what_it_leaves_out(tmp_path):
    path = write(tmp_path, "house.yaml", "extends: nintendo\nname: House\nmatch:\n  card_values: {bright: 30}\n")
    values = dict(koikoi_table(yakuset.load_ruleset(path)).card_values)
    # The traditional values (Fuda Wiki's card types, docs/rules/koikoi.md §1): bright 20, animal
    # 10, ribbon 5, chaff 1; this house changes the bright's.
    assert values == {"bright": 30, "animal": 10, "ribbon": 5, "chaff": 1}


def test_list_items_get_their_defaults_too():
    rs = yakuset.load_ruleset("tenhou")
    riichi = next(item for item in rs.document["yaku"] if item["id"] == "riichi")
    assert (riichi["closed_only"], riichi["exclusive"], riichi["automatic"], riichi["enabled"]) == (
        True,  # written in _riichi.yaml
        False,
        False,
        True,
    )
    assert riichi.value_locs["exclusive"].at_line() == "<schema default>"


def test_a_section_a_rule_set_leaves_out_is_not_made_up():
    assert "kita" not in yakuset.load_ruleset("tenhou").document  # four players: no kita
    assert yakuset.load_ruleset("tenhou-sanma").document["kita"]["dora_each"] == 1


def test_a_riichi_rule_set_that_does_not_say_how_many_players_has_four():
    rs = yakuset.load_ruleset("tenhou")
    assert rs.document["players"] == 4 and resolved_sources(rs)["players"] == "<schema default>"
    assert yakuset.riichi.rules_of(rs).table.players == 4


def _defaults(node, path, found):
    if isinstance(node, dict):
        if "default" in node:
            found.append((path, node))
        for key, value in node.items():
            _defaults(value, f"{path}/{key}", found)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            _defaults(value, f"{path}/{index}", found)


@pytest.mark.parametrize("name", ["core", *REGISTRY.games])
def test_every_default_is_a_valid_value_of_its_own_key(name):
    """Filling a default never makes a rule set invalid."""
    path = schemas.CORE if name == "core" else Path(REGISTRY.games[name].schema)
    document = json.loads(path.read_text(encoding="utf-8"))
    registry = referencing.Registry().with_resources(
        [
            (path.resolve().as_uri(), DRAFT202012.create_resource(document)),
            (schemas.CORE.resolve().as_uri(), DRAFT202012.create_resource(json.loads(schemas.CORE.read_text("utf-8")))),
        ]
    )
    found: list = []
    _defaults(document, "", found)
    for where, node in found:
        keyword = {key: value for key, value in node.items() if key != "default"}
        validator = jsonschema.Draft202012Validator({**keyword, "$id": path.resolve().as_uri()}, registry=registry)
        assert list(validator.iter_errors(node["default"])) == [], where


def test_a_key_a_resolved_rule_set_must_have_has_no_default_to_hide_it():
    """A default is filled; a required key has none (it would never be missing)."""

    def walk(node, required, path):
        if not isinstance(node, dict):
            return
        for option in node.get("oneOf", []) + node.get("anyOf", []):
            walk(option, required, path)
        for key, sub in node.get("properties", {}).items():
            assert not (key in (required or {}).get("required", ()) and isinstance(sub, dict) and "default" in sub), (
                f"{path}.{key}"
            )
            walk(sub, ((required or {}).get("properties") or {}).get(key), f"{path}.{key}")

    for game in REGISTRY.games.values():
        document = json.loads(Path(game.schema).read_text(encoding="utf-8"))
        walk(document, document["$defs"]["resolved"], game.name)


def test_the_call_limit_is_compiled_once_and_says_what_it_counts(tmp_path):
    nintendo = koikoi_table(yakuset.load_ruleset("nintendo")).call_limit
    assert (nintendo.calls, nintendo.per, str(nintendo)) == (1, "player", "1 a player in a round")
    assert koikoi_table(yakuset.load_ruleset("fudawiki")).call_limit is None
    assert not hasattr(yakuset.koikoi.rules_of(yakuset.load_ruleset("nintendo")), "call_limit")
    path = write(tmp_path, "house.yaml", "extends: nintendo\nname: House\ncalls:\n  limit_scope: round\n")
    rs = yakuset.load_ruleset(path)
    limit = koikoi_table(rs).call_limit
    assert (limit.calls, limit.per) == (1, "round")
    (warning,) = yakuset.koikoi.award(rs, base=8, own_calls=2).warnings
    assert warning.startswith("2 Koi-Koi calls, but house allows 1 in a round (calls.limit_per_round)")
