"""The command line's words (issue 42 item 32): each through the output or the help it is in.
Counts read one way, a mark is explained where it shows, the help says what a flag means, and
the commands name their arguments in one style."""

from __future__ import annotations

import re

import pytest
from yakuset._cli._parser import command_names

from ..helpers import run


def _help(capsys: pytest.CaptureFixture[str], *command: str) -> str:
    code, out, _ = run(capsys, *command, "--help")
    assert code == 0
    return out


def _positionals(text: str) -> list[str]:
    """The names a command's help lists under "positional arguments"."""
    section = text.split("positional arguments:\n", 1)[1].split("\n\n", 1)[0] if "positional" in text else ""
    return [line.split()[0] for line in section.splitlines() if re.match(r"  \S", line)]


def test_a_diffs_counts_read_alike_and_its_groups_add_up_to_its_total(capsys):
    code, out, _ = run(capsys, "diff", "tenhou", "ema-2025", "--behaviour-only", "--top", "1", "--steps", "0")
    assert code == 1
    heading = next(line for line in out.splitlines() if line.startswith("Behaviour: "))
    total = int(re.match(r"Behaviour: [\d,]+ of ([\d,]+) situations", heading).group(1).replace(",", ""))
    groups = re.findall(r"^  [a-z ]+: ([\d,]+) of ([\d,]+) change$", out, re.M)
    assert len(groups) > 3
    assert sum(int(count.replace(",", "")) for _, count in groups) == total
    for number in [n for pair in groups for n in pair]:
        # 1604 and 4,435 side by side read as two styles: every count of 1,000 or more has its comma.
        assert number == f"{int(number.replace(',', '')):,}"
    assert any(len(count) > 4 for _, count in groups)


def test_the_mark_of_a_value_of_another_kind_is_explained_where_it_shows(capsys):
    # tenhou rounds points with a mapping, EMA 2025 says 'none': a mapping became a word.
    _, out, _ = run(capsys, "diff", "tenhou", "ema-2025", "--structural-only")
    lines = out.splitlines()
    assert any(line.startswith("    ! points.rounding: ") for line in lines)
    assert (
        "  (! marks a value of another kind: a mapping, a list, a word, a number, true or false became another)"
        in lines
    )
    _, out, _ = run(capsys, "diff", "nintendo", "tournament", "--structural-only")
    assert "~ " in out
    assert not any(line.lstrip().startswith("!") for line in out.splitlines())
    assert "! marks" not in out


def test_an_honours_set_is_called_an_honours_in_the_fu_steps(capsys):
    # An open triplet of terminals or honours counts 4 fu, a closed one 8 (EMA rulebook 2025 §4.1.1).
    code, out, _ = run(capsys, "hand", "tenhou", "123m456p789s11z", "--win", "1z", "--pon", "777z", "--explain")
    assert code == 0
    assert "  honour open triplet of 7z: 4" in out.splitlines()
    assert "terminal open triplet of 7z" not in out
    # A terminal's set stays a terminal's.
    _, out, _ = run(capsys, "hand", "tenhou", "123m456p777z11z", "--win", "1z", "--pon", "999m", "--explain")
    assert {"  terminal open triplet of 9m: 4", "  honour closed triplet of 7z: 8"} <= set(out.splitlines())


def test_each_win_flag_says_what_it_means(capsys):
    text = _help(capsys, "hand")
    assert "the win is" not in text
    flags = re.findall(r"^  --([a-z-]+)\s+(.+)$", text, re.M)
    meanings = dict(flags)
    for flag in ("riichi", "tsumo", "chankan", "chankan-closed-kan", "haitei", "renhou"):
        # a sentence of its own, not the flag's name repeated
        assert meanings[flag].split()[0] in ("the", "a"), meanings[flag]
        assert meanings[flag].replace("-", " ") != flag.replace("-", " ")


def test_text_and_human_are_said_alike_by_diff_and_table(capsys):
    said = "text or human (two names of the readable text)"
    for command in ("diff", "table"):
        text = " ".join(_help(capsys, command).split())
        assert said in text, command
        assert "{text,human," in text, command


def test_play_is_not_described_as_a_replay(capsys):
    _, out, _ = run(capsys, "--help")
    play = out.split("    play ", 1)[1].split("\n    score", 1)[0]
    assert "replay" not in play
    assert "replay" not in _help(capsys, "play").split("positional arguments")[0].split("\n\n", 1)[1]


@pytest.mark.parametrize("command", sorted(command_names()))
def test_every_command_names_its_arguments_in_one_style(capsys, command):
    names = _positionals(_help(capsys, command))
    assert all(name.isupper() for name in names), names
    usage = _help(capsys, command).split("\n\n", 1)[0]
    assert not re.search(r"(?<!--)\bruleset\b|\bID\b", usage), usage


def test_a_rule_set_argument_is_named_ruleset_everywhere(capsys):
    for command in ("show", "award", "cards", "play", "score", "hand", "table", "simulate"):
        assert _positionals(_help(capsys, command))[0] == "RULESET", command
    assert "--ruleset RULESET" in _help(capsys, "replay")
    assert "--extends RULESET" in _help(capsys, "new")


def test_a_table_of_one_bot_names_it_once(capsys):
    code, out, _ = run(capsys, "simulate", "tenhou", "--matches", "1", "--no-progress")
    assert code == 0
    first = out.splitlines()[0]
    assert " between human at every seat (seed 0)" in first
    assert "human, human" not in out
