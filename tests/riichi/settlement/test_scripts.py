"""The Riichi game scripts in examples/riichi/ and their golden traces, through `yakuset play`.

``examples/riichi/<stem>.<ruleset>.trace.txt`` is the expected output of
``yakuset play <ruleset> examples/riichi/<stem>.yaml``. Each final result below was worked out by
hand from the rule sets' table rules (docs/rules/riichi-table.md) when the scripts were written;
the arithmetic is in the comments. A script a rule set refuses is exit code 2 and one
``file:line:col: path: message`` line.
"""

from __future__ import annotations

import json
import re

import pytest

from ...helpers import ROOT, run, trace_parts

EXAMPLES = ROOT / "examples" / "riichi"
SCRIPTS = sorted(EXAMPLES.glob("*.yaml"))
TRACES = sorted(EXAMPLES.glob("*.trace.txt"))

# (script, rule set) -> (how the game ends, final points by player)
FINALS = {
    # Tenhou: alice 34200 (1st), dave 31200 -> 31000: 1 + 10 = 11; carol 17900 -> 18000: -12 - 10
    # = -22; bob 16700 -> 17000: -13 - 20 = -33; alice = -(11 - 22 - 33) = 44.
    ("double-ron-hanchan", "tenhou"): ("last_hand", {"alice": 44, "dave": 11, "carol": -22, "bob": -33}),
    # M-League (head bump: alice lost her stick, dave alone was paid): dave 31200: 1.2 + 30 + 20;
    # alice 26500: -3.5 + 10; carol 25600: -4.4 - 10; bob 16700: -13.3 - 30.
    ("double-ron-hanchan", "m-league"): (
        "last_hand",
        {"dave": 51.2, "alice": 6.5, "carol": -14.4, "bob": -43.3},
    ),
    # Tenhou: dave 11700 - 12000 = -300 < 0 ends the game. -300 -> 0: -30 - 20 = -50; bob 30200
    # -> 30000: 0 + 10; alice 22400 -> 22000: -8 - 10; carol = -(10 - 18 - 50) = 58.
    ("bankruptcy", "tenhou"): ("bankruptcy", {"carol": 58, "bob": 10, "alice": -18, "dave": -50}),
    # EMA 2025 plays on (dave 4700); standings as if it ended: carol 52700: 22.7 + 15; bob 35200:
    # 5.2 + 5; alice 27400: -2.6 - 5; dave 4700: -25.3 - 15.
    ("bankruptcy", "ema-2025"): (None, {"carol": 37.7, "bob": 10.2, "alice": -7.6, "dave": -40.3}),
    # Nobody at 30000 after South 4 -> West 1; bob reaches 31800 there. Tenhou: carol 24300 ->
    # 24000: -6 + 10 = 4; alice 23700 -> 24000: -6 - 10 = -16; dave 20200 -> 20000: -10 - 20 =
    # -30; bob = -(4 - 16 - 30) = 42.
    ("west-extension", "tenhou"): ("target_reached", {"bob": 42, "carol": 4, "alice": -16, "dave": -30}),
    # Mahjong Soul settles from 25000 with 15/5 uma: bob 6.8 + 15; carol -0.7 + 5; alice -1.3 - 5;
    # dave -4.8 - 15.
    ("west-extension", "mahjong-soul"): (
        "target_reached",
        {"bob": 21.8, "carol": 4.3, "alice": -6.3, "dave": -19.8},
    ),
    # Tenhou: carol 29000 (1st), alice 28500 -> 29000 (half up): -1 + 10 = 9; dave 24500 -> 25000:
    # -5 - 10 = -15; bob 18000: -12 - 20 = -32; carol = -(9 - 15 - 32) = 38.
    ("nagashi-mangan", "tenhou"): (None, {"carol": 38, "alice": 9, "dave": -15, "bob": -32}),
    # M-League: carol 29000: -1 + 30 + 20; alice 28500: -1.5 + 10; dave 24500: -5.5 - 10; bob
    # 18000: -12 - 30.
    ("nagashi-mangan", "m-league"): (None, {"carol": 49, "alice": 8.5, "dave": -15.5, "bob": -42}),
    # EMA 2025: bob 64300: 34.3 + 15; carol 48300: 18.3 + 5; alice 11700: -18.3 - 5 (she paid the
    # honba as the discarder); dave -4300: -34.3 - 15.
    ("pao-tsumo-and-ron", "ema-2025"): (None, {"bob": 49.3, "carol": 23.3, "alice": -23.3, "dave": -49.3}),
    # M-League: bob 59300: 29.3 + 30 + 20; carol 43000 (paid the honba as the liable player): 13 +
    # 10; alice 7000: -23 - 10; dave -9300: -39.3 - 30.
    ("pao-tsumo-and-ron", "m-league"): (None, {"bob": 79.3, "carol": 23, "alice": -33, "dave": -69.3}),
    # JPML A: carol 32400 and alice 30600 are at or above 30000 -> +8/+4/-4/-8; the leftover stick
    # goes to nobody: carol 2.4 + 8; alice 0.6 + 4; bob 29700: -0.3 - 4; dave 26300: -3.7 - 8.
    ("floating-uma", "jpml-a"): ("last_hand", {"carol": 10.4, "alice": 4.6, "bob": -4.3, "dave": -11.7}),
    # WRC 2022: the stick goes to carol (33400): 3.4 + 15; alice 0.6 + 5; bob -0.3 - 5; dave -3.7 - 15.
    ("floating-uma", "wrc-2022"): ("last_hand", {"carol": 18.4, "alice": 5.6, "bob": -5.3, "dave": -18.7}),
    # EMA 2025: alice and bob tie on 32900; the stick is split (500 each): 3.4 + (15 + 5) / 2 each;
    # dave 28100: -1.9 - 5; carol 25100: -4.9 - 15.
    ("tie-for-first", "ema-2025"): (None, {"alice": 13.4, "bob": 13.4, "dave": -6.9, "carol": -19.9}),
    # Tenhou: the tie on 27900 goes to alice (seat 0) with the stick: bob 27900 -> 28000: -2 + 10 =
    # 8; dave 23100 -> 23000: -7 - 10 = -17; carol 20100 -> 20000: -10 - 20 = -30; alice = 39.
    ("tie-for-first", "tenhou"): (None, {"alice": 39, "bob": 8, "dave": -17, "carol": -30}),
    # Three players (docs/rules/sanma.md), the same transfers under both: bob's mangan tsumo with tsumo
    # loss (-4000 / +6000 / -2000), carol's 2000 noten payments (1000 from each), alice's 5200 + 200
    # ron, alice's dealer tsumo 3900 x 2: alice 43200, carol 31100, bob 30700. Tenhou (return 40000,
    # oka 15, uma 20/0/-20, to 1000): carol 31000: -9 + 0; bob 31000: -9 - 20 = -29; alice = 38
    # (43 - 40 + 15 + 20). Mahjong Soul (origin 35000, uma 15/0/-15): 8.2 + 15; -3.9; -4.3 - 15.
    ("sanma-east", "tenhou-sanma"): (None, {"alice": 38, "carol": -9, "bob": -29}),
    ("sanma-east", "mahjong-soul-sanma"): (None, {"alice": 23.2, "carol": -3.9, "bob": -19.3}),
}


def test_the_required_scenarios_each_have_a_script_and_two_traces():
    assert {path.stem for path in SCRIPTS} == {stem for stem, _ in FINALS}
    assert {(trace_parts(t)[0].stem, trace_parts(t)[1]) for t in TRACES} == set(FINALS)


@pytest.mark.parametrize("trace", TRACES, ids=lambda p: p.name)
def test_golden_trace_equals_a_fresh_run_of_the_cli(capsys, trace):
    script, ruleset_id = trace_parts(trace)
    code, out, err = run(capsys, "play", ruleset_id, str(script.relative_to(ROOT)))
    assert (code, err) == (0, "")
    assert out == trace.read_text(encoding="utf-8")


@pytest.mark.parametrize(("stem", "ruleset_id"), sorted(FINALS))
def test_the_game_ends_with_the_hand_checked_standings(capsys, stem, ruleset_id):
    end_reason, points = FINALS[stem, ruleset_id]
    code, out, _ = run(capsys, "play", ruleset_id, f"examples/riichi/{stem}.yaml", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["end_reason"] == end_reason and data["ended"] is (end_reason is not None)
    assert {row["player"]: row["points"] for row in data["standings"]} == pytest.approx(points)
    assert [row["player"] for row in data["standings"]] == list(points)
    for hand in data["hands"]:
        assert sum(hand["transfers"].values()) % 1000 == 0  # only sticks leave or reach the table


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_every_script_opens_by_naming_the_rule_sets_it_is_for(script):
    first = script.read_text(encoding="utf-8").splitlines()[0]
    for ruleset_id in {r for s, r in FINALS if s == script.stem}:
        assert first.startswith("# For ") and re.search(rf"\b{re.escape(ruleset_id)}\b", first)


def test_a_rule_set_without_nagashi_refuses_the_hand_at_its_place(capsys):
    code, out, err = run(capsys, "play", "ema-2025", "examples/riichi/nagashi-mangan.yaml")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert err.startswith("examples/riichi/nagashi-mangan.yaml:9:5:")
    assert "hands[0]: the rule set has no nagashi mangan (draws.nagashi_mangan: false)" in err


def test_hands_after_a_bankruptcy_are_refused(tmp_path, capsys):
    script = tmp_path / "more.yaml"
    text = (EXAMPLES / "bankruptcy.yaml").read_text(encoding="utf-8")
    script.write_text(text + "  - draw: {tenpai: []}\n", encoding="utf-8")
    code, _, err = run(capsys, "play", "tenhou", str(script))
    assert code == 2
    assert "hands[3]: the game already ended (bankruptcy)" in err
