"""Every row of the table-rules reference (docs/rules/riichi-table.md §2) for every bundled rule
set: the value the rule set states, and the mark on the values that were chosen between sources.

The expected values are the reference's, not read from the YAML: where a value is marked ⚠ the
YAML must say so in a comment on that line (a designer sees the choice where they would change it).
"""

from __future__ import annotations

import functools

import pytest
import yakuset

from ...helpers import ROOT, real

RULESETS = ("ema-2025", "wrc-2022", "m-league", "jpml-a", "tenhou", "mahjong-soul")
UMA_15 = [15000, 5000, -5000, -15000]
FLOATING = {
    "one_above": [12000, -1000, -3000, -8000],
    "two_above": [8000, 4000, -4000, -8000],
    "three_above": [8000, 3000, 1000, -12000],
}
NO_RED, RED = {"m": 0, "p": 0, "s": 0}, {"m": 1, "p": 1, "s": 1}
ALL_ABORTIVE = ["nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron"]
TENHOU_ROUNDING = {"to": 1000, "half": "up", "first_balances": True}
WEST_TO_30000 = {"target": 30000, "last_wind": "west"}

# (row, path in the rule set, values for RULESETS in order). "⚠" before a value: the sources
# disagree and the value was chosen (the YAML line carries a ⚠ comment).
ROWS: list[tuple[str, tuple[str, ...], tuple[object, ...]]] = [
    ("starting points", ("points", "start"), (30000, 30000, 25000, 30000, 25000, 25000)),
    ("return points", ("points", "return"), (30000, 30000, 30000, 30000, 30000, "⚠", 25000)),
    ("oka", ("points", "oka"), (0, 0, 20000, 0, 20000, 0)),
    (
        "uma",
        ("points", "uma"),
        (UMA_15, UMA_15, [30000, 10000, -10000, -30000], FLOATING, "⚠", [20000, 10000, -10000, -20000], UMA_15),
    ),
    ("rounding", ("points", "rounding"), ("none", "none", "none", "none", "⚠", TENHOU_ROUNDING, "none")),
    ("ties", ("points", "ties"), ("split", "split", "split", "split", "seat_order", "seat_order")),
    ("leftover sticks", ("points", "leftover_sticks"), ("first", "first", "first", "nobody", "first", "first")),
    ("riichi needs points", ("points", "riichi_needs"), (0, 0, 0, 0, 1000, 1000)),
    ("length", ("ending", "length"), ("east_south",) * 6),
    ("extension", ("ending", "extension"), ("none", "none", "none", "none", WEST_TO_30000, WEST_TO_30000)),
    ("agari-yame", ("ending", "agari_yame"), (False, False, False, False, True, True)),
    ("tenpai-yame", ("ending", "tenpai_yame"), (False, False, False, False, True, True)),
    ("bankruptcy", ("ending", "bankruptcy"), (False, "⚠", False, False, False, True, True)),
    ("red fives", ("tiles", "red_fives"), (NO_RED, "⚠", NO_RED, RED, NO_RED, RED, RED)),
    ("open tanyao", ("wins", "open_tanyao"), (True,) * 6),
    ("atozuke", ("wins", "atozuke"), (True,) * 6),
    (
        "kuikae",
        ("wins", "kuikae"),
        ("forbidden", "forbidden", "forbidden", "⚠", "same_tile_forbidden", "forbidden", "forbidden"),
    ),
    ("multiple ron", ("wins", "multiple_ron"), ("all", "head_bump", "head_bump", "head_bump", "all", "all")),
    ("abortive draws", ("draws", "abortive"), ([], [], [], ALL_ABORTIVE[:4], ALL_ABORTIVE, ALL_ABORTIVE[:4])),
    ("nagashi mangan", ("draws", "nagashi_mangan"), (False, False, "⚠", True, "⚠", False, True, True)),
    ("noten payments", ("draws", "noten_payments"), (3000,) * 6),
    ("renchan on tenpai", ("dealer", "renchan", "tenpai"), (True,) * 6),
    ("honba on ron", ("scoring", "honba", "ron"), (300,) * 6),
    (
        "pao yakuman",
        ("liability", "yakuman"),
        (
            ["daisangen", "daisuushii"],
            ["daisangen", "daisuushii"],
            ["daisangen", "daisuushii", "suukantsu"],
            ["daisangen", "daisuushii", "suukantsu"],
            "⚠",
            ["daisangen", "daisuushii"],
            ["daisangen", "daisuushii"],
        ),
    ),
    ("pao with several yakuman", ("liability", "several_yakuman"), ("whole_hand",) * 5 + ("pao_only",)),
    ("ura dora", ("tiles", "ura_dora"), (True, True, True, "⚠", False, True, True)),
    ("kan dora", ("tiles", "kan_dora"), (True, True, True, "⚠", False, True, True)),
    ("kokushi robs a closed kan", ("tiles", "kokushi_robs_closed_kan"), (True, "⚠", False, False, True, False, True)),
    ("double-wind pair fu", ("fu", "double_wind_pair"), (2, 2, 2, 2, 4, 4)),
    (
        "chombo",
        ("penalties", "chombo"),
        (
            {"payment": "none", "deduction": 20000, "replay": True},
            {"payment": "none", "deduction": 20000, "replay": True},
            "⚠",
            {"payment": "none", "deduction": 20000, "replay": True},
            {"payment": "none", "deduction": 20000, "replay": True},
            "none",
            "none",
        ),
    ),
]


def _cases():
    for row, path, values in ROWS:
        chosen = False
        column = 0
        for value in values:
            if value == "⚠":
                chosen = True
                continue
            yield pytest.param(RULESETS[column], path, value, chosen, id=f"{row}-{RULESETS[column]}")
            chosen = False
            column += 1
        assert column == len(RULESETS), row


def _plain(value):
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


@functools.cache
def _loaded(ruleset_id: str) -> yakuset.RuleSet:
    """The rule set, loaded once for the module's rows (about twenty a rule set)."""
    return yakuset.load_ruleset(ruleset_id)


@pytest.mark.parametrize("ruleset_id, path, expected, chosen", list(_cases()))
def test_each_rule_set_states_the_reference_value_of_every_table_row(ruleset_id, path, expected, chosen):
    rs = _loaded(ruleset_id)
    node = rs.document
    for key in path:
        node = node[key]
    assert _plain(node) == expected
    if chosen:
        where = rs.location(path)
        line = real(where.file).read_text(encoding="utf-8").splitlines()[where.line - 1]
        assert "⚠" in line, f"{where.file}:{where.line} chooses between sources without a ⚠ comment"


def _marked_choices(ruleset_id: str) -> list[str]:
    """The dotted keys of the table lines in a rule set's file that carry a ⚠ comment."""
    path = ROOT / "rulesets" / "riichi" / f"{ruleset_id}.yaml"
    section, found = "", []
    for line in path.read_text(encoding="utf-8").split("# --- Table rules", 1)[1].splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key = line.split(":", 1)[0].strip()
        if not line.startswith(" "):
            section = key
        if "⚠" in line:
            found.append(f"{section}.{key}" if key != section else key)
    return found


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_reference_lists_every_choice_marked_in_a_rule_set(ruleset_id):
    reference = (ROOT / "docs" / "rules" / "riichi-table.md").read_text(encoding="utf-8")
    for key in _marked_choices(ruleset_id):
        assert f"| `{ruleset_id}` | `{key}` |" in reference, (ruleset_id, key)
