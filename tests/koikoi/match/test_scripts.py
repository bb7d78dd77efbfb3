"""The scripted examples in examples/ and their golden traces, through `yakuset play`.

``examples/<stem>.<ruleset>.trace.txt`` is the expected text output of
``yakuset play <ruleset> examples/<stem>.yaml``; every number in the goldens was checked by hand
against the rule sets and docs/rules/koikoi.md §8 when they were written. A broken script is exit code 2
and one ``file:line:col: path: message`` line on stderr, never a traceback.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from ...helpers import ROOT, run, trace_parts

EXAMPLES = ROOT / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.yaml"))
TRACES = sorted(EXAMPLES.glob("*.trace.txt"))
PROBLEM_LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<path>\S+): (?P<message>.+)$")


def header(script: Path) -> str:
    lines = script.read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines[: next(i for i, text in enumerate(lines) if not text.startswith("#"))])


def test_there_are_several_examples_with_goldens():
    assert 4 <= len(SCRIPTS) <= 8
    assert len(TRACES) >= len(SCRIPTS)


@pytest.mark.parametrize("trace", TRACES, ids=lambda p: p.name)
def test_golden_trace_equals_a_fresh_run_of_the_cli(capsys, trace):
    script, ruleset_id = trace_parts(trace)
    assert script.is_file(), f"{trace.name} has no script {script.name}"
    code, out, err = run(capsys, "play", ruleset_id, str(script.relative_to(ROOT)))
    assert (code, err) == (0, "")
    assert out == trace.read_text(encoding="utf-8")


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_every_example_has_a_trace_for_each_rule_set_it_names(script):
    traced = {trace_parts(t)[1] for t in TRACES if trace_parts(t)[0] == script}
    assert traced, f"{script.name} has no golden trace"
    # The opening comment says which rule set(s) the script is for: each traced one is named there.
    text = header(script)
    assert text.startswith("# For "), f"{script.name} should open with a comment naming its rule sets"
    for ruleset_id in traced:
        assert re.search(rf"\b{re.escape(ruleset_id)}\b", text), f"{script.name} does not name {ruleset_id}"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_example_captures_are_plausible(script):
    """Each turn captures pairs of one month, never a card twice a round, at most 8 turns a player."""
    data = yaml.safe_load(script.read_text(encoding="utf-8"))
    for number, rnd in enumerate(data["rounds"], start=1):
        taken: set[str] = set()
        turns = {p: 0 for p in data["players"]}
        for event in rnd["events"]:
            if "turn" not in event:
                continue
            turns[event["turn"]] += 1
            captured = event.get("captured") or []
            assert not taken & set(captured), f"round {number}: {taken & set(captured)} captured twice"
            taken |= set(captured)
            months = [card[:2] for card in captured]
            assert all(months.count(m) % 2 == 0 for m in months), f"round {number}: {captured} are not pairs"
        assert max(turns.values()) <= 8


@pytest.mark.parametrize("trace", TRACES, ids=lambda p: p.name)
def test_json_output_parses_and_has_the_rounds(capsys, trace):
    script, ruleset_id = trace_parts(trace)
    code, out, _ = run(capsys, "play", ruleset_id, str(script.relative_to(ROOT)), "--json")
    assert code == 0
    data = json.loads(out)
    scripted = yaml.safe_load(script.read_text(encoding="utf-8"))
    assert data["ruleset"] == ruleset_id
    assert data["players"] == scripted["players"]
    assert [r["round"] for r in data["rounds"]] == list(range(1, len(scripted["rounds"]) + 1))
    for played, written in zip(data["rounds"], scripted["rounds"], strict=True):
        assert len(played["events"]) == len(written["events"])
        assert all({"event", "player", "message", "reported"} <= set(e) for e in played["events"])
        last = played["events"][-1]
        assert {"points", "winner", "next_dealer"} <= set(last)
    # The JSON and the text agree on the totals and the result.
    text = trace.read_text(encoding="utf-8")
    totals = ", ".join(f"{p} {t}" for p, t in data["totals"].items())
    assert f"Totals: {totals}\n" in text
    if data["match"] is None:
        assert "Match not finished" in text
    else:
        winner = data["match"]["winner"]
        assert (f"Winner: {winner}" if winner else "The match is a draw") in text


def test_json_of_the_yakuza_match_has_the_final_result(capsys):
    code, out, _ = run(capsys, "play", "yakuza", "examples/yakuza-three-round-match.yaml", "--json")
    data = json.loads(out)
    assert code == 0
    # 64 (round 1) + 6 (Dealer's Privilege, round 2) = 70 for alice; 64 (round 3) for bob.
    assert [r["events"][-1]["points"] for r in data["rounds"]] == [64, 6, 64]
    assert [r["dealer"] for r in data["rounds"]] == ["alice", "alice", "alice"]
    assert data["match"] == {"totals": {"alice": 70, "bob": 64}, "adjustments": [], "winner": "alice"}
    assert data["rounds"][0]["events"][-1]["award"]["explanation"] == "16 × 2 (7+) × 2 (your streak) = 64"


def test_json_of_the_minipoints_match_shows_the_adjustment(capsys):
    code, out, _ = run(capsys, "play", "kk-add-10", "examples/minipoints-decide-the-match.yaml", "--json")
    data = json.loads(out)
    assert code == 0 and data["rounds_in_match"] == 12
    assert data["totals"] == {"alice": 24, "bob": 25}
    match = data["match"]
    assert match["totals"] == {"alice": 26, "bob": 25} and match["winner"] == "alice"
    assert [(a["player"], a["points"]) for a in match["adjustments"]] == [("alice", 2)]


# --- broken scripts -------------------------------------------------------------------------

GOOD = """\
players: [alice, bob]
dealer: alice
rounds:
  - events:
      - deal:
          alice: [01-bright-crane, 03-bright-curtain, 08-bright-moon, 12-bright-phoenix, 02-chaff-1, 04-chaff-1, 06-chaff-1, 10-chaff-1]
          bob: [02-animal-warbler, 04-animal-cuckoo, 05-animal-bridge, 06-animal-butterflies, 07-animal-boar, 09-chaff-1, 11-chaff-lightning, 12-chaff-yellow]
          field: [01-chaff-1, 03-chaff-1, 08-chaff-1, 02-chaff-2, 04-chaff-2, 05-chaff-1, 06-chaff-2, 07-chaff-1]
      - turn: alice
        captured: [01-bright-crane, 01-chaff-1]
      - turn: bob
        captured: [02-animal-warbler, 02-chaff-2]
      - turn: alice
        captured: [03-bright-curtain, 03-chaff-1]
      - turn: bob
        captured: [04-animal-cuckoo, 04-chaff-2]
      - turn: alice
        captured: [08-bright-moon, 08-chaff-1]
      - shobu: alice
"""

# (what is broken, replace this, with that, line, column, path, words of the message)
BROKEN = [
    (
        "wrong turn order",
        "      - turn: bob\n        captured: [02-animal-warbler, 02-chaff-2]\n",
        "      - turn: alice\n        captured: [02-animal-warbler, 02-chaff-2]\n",
        11,
        9,
        "rounds[0].events[2]",
        "it is bob's turn, not alice's",
    ),
    (
        "unknown card",
        "[04-animal-cuckoo, 04-chaff-2]",
        "[04-animal-cukoo, 04-chaff-2]",
        15,
        9,
        "rounds[0].events[4]",
        "'04-animal-cukoo' is not a card",
    ),
    ("missing dealer", "dealer: alice\n", "", 1, 1, "dealer", "missing 'dealer'"),
    (
        "missing field",
        "          field: [01-chaff-1, 03-chaff-1, 08-chaff-1, 02-chaff-2, 04-chaff-2, 05-chaff-1, "
        "06-chaff-2, 07-chaff-1]\n",
        "",
        5,
        9,
        "rounds[0].events[0]",
        "`deal` maps each player and `field`",
    ),
    (
        "a card captured twice",
        "[03-bright-curtain, 03-chaff-1]",
        "[03-bright-curtain, 01-chaff-1]",
        13,
        9,
        "rounds[0].events[3]",
        "'01-chaff-1' was already captured",
    ),
    (
        "answer with no offer",
        "      - shobu: alice\n",
        "      - shobu: alice\n      - koikoi: bob\n",
        20,
        9,
        "rounds[0].events[7]",
        "the round is over",
    ),
    (
        "a shobu by the wrong player",
        "      - shobu: alice\n",
        "      - shobu: bob\n",
        19,
        9,
        "rounds[0].events[6]",
        "the offer is alice's to answer, not bob's",
    ),
    ("round left unfinished", "      - shobu: alice\n", "", 4, 5, "rounds[0]", "round 1 ends before it is over"),
    (
        "a second deal",
        "      - turn: alice\n        captured: [01-bright-crane, 01-chaff-1]\n",
        "      - deal: {alice: [], bob: [], field: []}\n      - turn: alice\n        captured: [01-bright-crane, 01-chaff-1]\n",
        9,
        9,
        "rounds[0].events[1]",
        "already dealt",
    ),
    (
        "unknown top-level key",
        "dealer: alice\n",
        "dealer: alice\nrules: nintendo\n",
        3,
        1,
        "rules",
        "unknown key 'rules'",
    ),
    (
        "too many rounds",
        "rounds:\n",
        "rounds:\n" + "  - events: []\n" * 3,
        4,
        3,
        "rounds",
        "4 rounds scripted; a yakuza match has 3",
    ),
]

# Found while writing these tests: the referee/script reader raise a raw TypeError (a traceback,
# exit code 1) for these; they must be reported like every other broken script.
BROKEN_SHAPES = [
    (
        "a turn by a list of players",
        "      - turn: alice\n        captured: [01-bright-crane, 01-chaff-1]\n",
        "      - turn: [alice]\n        captured: [01-bright-crane, 01-chaff-1]\n",
        9,
        9,
        "rounds[0].events[1]",
    ),
    ("card ids that are numbers", "[01-bright-crane, 01-chaff-1]", "[1, 2]", 9, 9, "rounds[0].events[1]"),
    (
        "a hand that is not a list",
        "          alice: [01-bright-crane, 03-bright-curtain, 08-bright-moon, "
        "12-bright-phoenix, 02-chaff-1, 04-chaff-1, 06-chaff-1, 10-chaff-1]\n",
        "          alice: 5\n",
        5,
        9,
        "rounds[0].events[0]",
    ),
]


def broken_script(tmp_path: Path, old: str, new: str) -> Path:
    assert old in GOOD
    path = tmp_path / "broken.yaml"
    path.write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    return path


def test_the_unbroken_script_plays(capsys, tmp_path):
    path = tmp_path / "good.yaml"
    path.write_text(GOOD, encoding="utf-8")
    code, out, err = run(capsys, "play", "yakuza", str(path))
    # Sanko 6 (yakuza) on alice's third turn, Shobu at once: 6 × 1 = 6
    assert (code, err) == (0, "")
    assert "alice scores 6; next dealer alice" in out


@pytest.mark.parametrize(("what", "old", "new", "line", "col", "path", "words"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_script_is_exit_2_and_one_located_line(capsys, tmp_path, what, old, new, line, col, path, words):
    script = broken_script(tmp_path, old, new)
    code, out, err = run(capsys, "play", "yakuza", str(script))
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    found = PROBLEM_LINE.match(lines[0])
    assert found, lines[0]
    assert found["file"].endswith("broken.yaml")
    assert (int(found["line"]), int(found["col"]), found["path"]) == (line, col, path)
    assert words in found["message"]


@pytest.mark.parametrize(
    ("what", "old", "new", "line", "col", "path"), BROKEN_SHAPES, ids=[b[0] for b in BROKEN_SHAPES]
)
def test_a_script_with_values_of_the_wrong_type_is_exit_2_not_a_traceback(
    capsys, tmp_path, what, old, new, line, col, path
):
    script = broken_script(tmp_path, old, new)
    code, out, err = run(capsys, "play", "yakuza", str(script))
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    found = PROBLEM_LINE.match(lines[0])
    assert found and (int(found["line"]), int(found["col"]), found["path"]) == (line, col, path)


@pytest.mark.parametrize("extras", ["[1]", "5", "{alice: 5}"])
def test_malformed_extras_at_match_end_are_exit_2_not_a_traceback(capsys, tmp_path, extras):
    text = (EXAMPLES / "lucky-hands-at-the-deal.yaml").read_text(encoding="utf-8") + f"extras: {extras}\n"
    script = tmp_path / "extras.yaml"
    script.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "play", "yakuza", str(script))  # a whole 3-round match: extras are read
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and PROBLEM_LINE.match(lines[0]), err
    assert ": extras: " in lines[0]


def test_a_missing_script_file_is_a_usage_error(capsys):
    code, out, err = run(capsys, "play", "nintendo", "examples/no-such-script.yaml")
    assert code == 2 and out == ""
    assert err.strip() == "yakuset: error: examples/no-such-script.yaml: no such file"


def test_a_koikoi_script_under_a_riichi_rule_set_is_refused_at_its_rounds(capsys):
    code, _, err = run(capsys, "play", "tenhou", "examples/one-call-then-automatic-shobu.yaml")
    assert code == 2
    assert len(err.splitlines()) == 1
    assert "unknown key 'rounds'" in err and "Koi-Koi" in err
