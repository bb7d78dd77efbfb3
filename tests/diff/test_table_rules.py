"""Every table rule a designer can change moves at least one of the situations `diff` scores by
itself, where the rule matters: a rule change listed with "no behaviour change" must mean the
rule changes nothing, never that no built-in situation looks at it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import yakuset
import yaml
from yakuset import diff
from yakuset.riichi.rules import table as _table

from ..helpers import ROOT, behaviour_of_group

SCHEMA = json.loads((ROOT / "engine" / "riichi" / "ruleset.schema.json").read_text(encoding="utf-8"))

#: Values to change a rule to where flipping it is not enough (a list, a mapping, a number), and
#: the bundled rule set where the change matters (the first of BASES by default).
CHANGES: dict[str, Any] = {
    "points.start": 30000,
    "points.return": 25000,
    "points.oka": 0,
    "points.leftover_sticks": "nobody",
    "points.uma": [15000, 5000, -5000, -15000],
    "points.rounding": "none",
    "points.riichi_needs": 0,
    "ending.extension": "none",
    "tiles.removed": ["1m"],
    "draws.noten_payments": 1000,
    "draws.abortive": ["nine_terminals"],
    "liability.yakuman": [],
    "penalties.chombo": {"payment": "reverse_mangan", "deduction": 0, "replay": True},
    "kita.dora_each": 2,
}
#: Rules the engine records but scores nothing by (each settles how a hand is played, which a
#: score, a settlement or standings never see), with why.
NOT_SCORED = {
    "tiles.kan_dora_timing.closed_kan": "when the wall shows a kan's dora: a scored hand's dora are given",
    "tiles.kan_dora_timing.open_kan": "when the wall shows a kan's dora: a scored hand's dora are given",
    "tiles.dead_wall": "the dead wall's size: which tiles are drawn, not what a hand scores",
    "wins.atozuke": "whether a wait without a yaku on every tile may win: a play rule",
    "wins.kuikae": "which discards follow a call: a play rule",
    "wins.riichi_draws_left": "how many draws riichi needs left in the wall: a play rule",
    "kita.ron": "whether a set-aside north may be ronned (and as chankan): a play rule",
    "kita.breaks_ippatsu": "whether a kita ends ippatsu: a play rule",
    "draws.karaten": "which hands count tenpai at the draw and may declare riichi: a play rule",
}
#: The bundled rule set where a rule matters: Tenhou, except for a rule of a table of three, and
#: for what Tenhou's rounding hides (its first place takes minus the others' sum, whatever the
#: oka or the sticks left over).
BASES = {
    **dict.fromkeys(("kita.dora_each", "kita.indicated", "players"), "tenhou-sanma"),
    **dict.fromkeys(("points.oka", "points.leftover_sticks"), "m-league"),
}


def table_rule_keys() -> Iterator[str]:
    """The leaf keys of the Riichi schema's table sections, as a designer writes them."""

    def leaves(schema: dict[str, Any], path: str) -> Iterator[str]:
        if "properties" in schema and "oneOf" not in schema and schema.get("type", "object") == "object":
            for key, sub in schema["properties"].items():
                yield from leaves(sub, f"{path}.{key}")
        else:
            yield path

    for section in _table.SECTIONS:
        yield from leaves(SCHEMA["properties"][section], section)


def _nested(path: str, value: Any) -> Any:
    for key in reversed(path.split(".")):
        value = {key: value}
    return value


def changed_value(rs: yakuset.RuleSet, path: str) -> Any:
    if path in CHANGES:
        return CHANGES[path]
    node: Any = rs.document
    for key in path.split("."):
        node = node[key]
    schema: Any = SCHEMA["properties"]
    for key in path.split("."):
        schema = schema[key] if key in schema and "properties" not in schema else schema["properties"][key]
    if isinstance(node, bool):
        return not node
    if "enum" in schema:
        return next(option for option in schema["enum"] if option != node)
    if path.startswith("tiles.red_fives."):
        return 0 if node else 1
    raise AssertionError(f"say in CHANGES what {path} changes to")


@pytest.mark.slow
@pytest.mark.parametrize("path", [key for key in table_rule_keys() if key not in NOT_SCORED])
def test_every_table_rule_moves_a_built_in_situation(tmp_path, path):
    base = yakuset.load_ruleset(BASES.get(path, "tenhou"))
    value = changed_value(base, path)
    if path == "players":  # four players at a table of three need north back, four places, no kita
        changed = {"players": 4, "kita": None, "tiles": {"removed": []}, "points": {"uma": CHANGES["points.uma"]}}
    else:
        changed = _nested(path, value)
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: {base.id}\nname: House\n" + yaml.safe_dump(changed), encoding="utf-8")
    report = diff.behaviour(base, yakuset.load_ruleset(house))
    assert report.changes or report.one_sided, f"{path}: {value!r} moves no built-in situation"


def test_the_rules_scored_by_nothing_are_still_rules_of_the_schema():
    assert set(NOT_SCORED) <= set(table_rule_keys())


@pytest.mark.parametrize(("suit", "situation"), [("m", "(a red 5m)"), ("s", "(a red 5s)")])
def test_a_red_five_of_each_suit_moves_a_hand_of_the_table(tmp_path, suit, situation):
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: ema-2025\nname: House\ntiles:\n  red_fives:\n    {suit}: 1\n", encoding="utf-8")
    report = behaviour_of_group(yakuset.load_ruleset("ema-2025"), yakuset.load_ruleset(house), "tiles")
    moved = [c for c in report.changes if c.group == "tiles" and situation in c.situation]
    assert len(moved) == 1
    # The red five is one dora: riichi 1 han 40 fu (1300 off a non-dealer) becomes 2 han 40 fu
    # (2600): 40 x 2 ** (han + 2) x 4, rounded up to 100 (docs/rules/riichi.md, payments).
    assert (moved[0].old.value, moved[0].new.value) == (1300, 2600)
    # Each step is shown with its value, as `yakuset hand --explain` shows it: the red five's
    # dora is one han, and the discarder pays 640 x 4 rounded up to 100.
    assert "Red fives: 1" in moved[0].new.explain and "Red fives: 1" not in moved[0].old.explain
    assert moved[0].new.explain[-1].endswith("rounded up to 100: 2600")


def test_a_settled_situations_steps_show_their_values(tmp_path):
    """A riichi stick is worth 2000 instead of 1000: the settlement's steps say how much each pays."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: tenhou\nname: House\nscoring:\n  riichi_stick: 2000\n", encoding="utf-8")
    report = behaviour_of_group(yakuset.load_ruleset("tenhou"), yakuset.load_ruleset(house), "settle")
    moved = [c for c in report.changes if c.group == "settle"]
    assert moved
    for change in moved:
        for line in [*change.old.explain, *change.new.explain]:
            label, _, value = line.rpartition(": ")
            assert label and value.lstrip("-").replace(".", "", 1).isdigit(), line
