"""The bundled rule sets: findable, documented, and set as docs/rules/koikoi.md §4 and §8 and docs/rules/riichi.md §8 say."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yakuset
from yakuset._core import bundled, schemas
from yakuset._house import REGISTRY

from ..helpers import ROOT

KOIKOI = ["nintendo", "tournament", "yakuza", "fudawiki", "kk-add-10"]
MODELINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")


def bundled_yaml_files() -> list[Path]:
    return sorted((ROOT / "rulesets").glob("*/*.yaml"))


def test_the_five_koikoi_rulesets_are_bundled_and_abstract_bases_are_not_listed():
    listed = {rs.id: rs for rs in yakuset.list_rulesets()}
    assert set(KOIKOI) <= listed.keys()
    assert all(not i.startswith("_") for i in listed)
    assert all(listed[i].game == "koikoi" for i in KOIKOI)


def test_bundled_ids_are_unique_across_games():
    stems = [p.stem for p in bundled_yaml_files()]
    assert len(stems) == len(set(stems))


@pytest.mark.parametrize("path", bundled_yaml_files(), ids=lambda p: p.name)
def test_every_bundled_file_points_editors_at_the_schema(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = MODELINE.match(first)
    assert match, f"{path.name} must start with the yaml-language-server modeline"
    assert (path.parent / match.group(1)).resolve() == (ROOT / "schema" / "ruleset.schema.json").resolve()


@pytest.mark.parametrize("ruleset_id", KOIKOI)
def test_every_ruleset_names_its_source(ruleset_id):
    rs = yakuset.load_ruleset(ruleset_id)
    assert len(rs.metadata["source"]) > 20
    assert rs.metadata.get("description")


@pytest.mark.parametrize(
    ("ruleset_id", "limit"),
    [
        ("nintendo", 1),
        ("tournament", 1),
        ("yakuza", 1),
        ("fudawiki", None),
        ("kk-add-10", None),
    ],
)
def test_koikoi_call_limits_follow_the_rule_document(ruleset_id, limit):
    # Rule document 000 (docs/rules/koikoi.md §8): "On Nintendo, Tournament, and Yakuza, you can only call Koi-Koi once per
    # round ... On FudaWiki and KK-ADD-10 you can keep calling."
    call_limit = yakuset.load_ruleset(ruleset_id).rules.table.call_limit
    assert (call_limit and (call_limit.calls, call_limit.per)) == (limit and (limit, "player"))


@pytest.mark.parametrize(
    ("ruleset_id", "plugins"),
    [
        ("nintendo", {"lucky_hands"}),
        ("tournament", {"lucky_hands"}),
        ("yakuza", {"lucky_hands", "dealers_privilege"}),
        ("fudawiki", {"lucky_hands"}),
        ("kk-add-10", {"lucky_hands", "minipoints"}),
    ],
)
def test_plugins_each_ruleset_turns_on(ruleset_id, plugins):
    rs = yakuset.load_ruleset(ruleset_id)
    assert set(rs.plugins) == plugins
    registered = {name for name, _ in rs.plugin_manager.list_name_plugin()}
    assert registered == plugins


def test_data_is_found_from_this_checkout_or_the_wheel():
    assert bundled.schema_path().is_file()
    assert (bundled.rulesets_dir() / "koikoi" / "nintendo.yaml").is_file()


def _properties(node, path=""):
    """Every documented key of a schema: (path, subschema); ``$defs/resolved`` only says what a
    resolved rule set requires, so it documents nothing."""
    if not isinstance(node, dict):
        return
    for name, sub in node.get("properties", {}).items():
        yield f"{path}.{name}" if path else name, sub
        yield from _properties(sub, f"{path}.{name}" if path else name)
    for name, sub in node.get("$defs", {}).items():
        if name != "resolved":
            yield from _properties(sub, f"$defs.{name}")


SCHEMAS = {"core": schemas.CORE, **{name: game.schema for name, game in REGISTRY.games.items()}}


def _schema(name):
    return json.loads(SCHEMAS[name].read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", SCHEMAS)
def test_schema_documents_every_key_with_a_description(name):
    keys = list(_properties(_schema(name)))
    assert len(keys) > 4
    undocumented = [path for path, sub in keys if not sub.get("description")]
    assert undocumented == []


@pytest.mark.parametrize("name", SCHEMAS)
def test_schema_gives_examples_or_a_default_for_every_leaf_key(name):
    schema = _schema(name)
    defs = {**_schema("core")["$defs"], **schema.get("$defs", {})}
    missing = []
    for path, sub in _properties(schema):
        if "properties" in sub or sub.get("type") in ("object", "array"):
            continue
        ref = defs.get(sub.get("$ref", "#/$defs/").rsplit("/", 1)[-1], {})
        if not any(k in sub or k in ref for k in ("examples", "default")):
            missing.append(path)
    assert missing == []
