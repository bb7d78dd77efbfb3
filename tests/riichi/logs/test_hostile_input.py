"""Hostile input to the log readers and checks: a refusal naming what is wrong, never another
error and never a hang (issue 42's escapes, each by its number there)."""

from __future__ import annotations

import os

import pytest
from yakuset import InputError, load_ruleset
from yakuset.riichi import LogError, check_log, lobby_variant, read_log


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ("<\ud800", "<text>: not text UTF-8 can hold"),  # 3: a lone surrogate in a log's text
        ("\ud800.mjlog", r"\ud800.mjlog: not a file name"),  # 3: ... in a path
        ("a\x00b", r"a\x00b: not a file name: embedded null byte"),  # 4
    ],
)
def test_a_text_or_a_path_no_file_can_have_is_a_log_error_naming_it(given, words):
    with pytest.raises(LogError) as info:
        read_log(given)
    assert str(info.value).startswith(words)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_refused_without_opening_it(tmp_path):  # 13: open() would block
    pipe = tmp_path / "f.mjlog"
    os.mkfifo(pipe)
    with pytest.raises(LogError, match="not a regular file"):
        read_log(pipe)


def test_a_folder_is_not_a_log(tmp_path):
    with pytest.raises(LogError, match="not a regular file"):
        read_log(tmp_path)


@pytest.mark.parametrize("game", [None, "a log", 5])
def test_check_log_refuses_what_is_no_game(game):  # 12
    with pytest.raises(InputError, match=r"game must be a yakuset\.riichi\.GameLog"):
        check_log(game, load_ruleset("tenhou"))


def test_check_log_refuses_a_rule_set_of_another_game():
    game = read_log(
        os.path.join(os.path.dirname(__file__), "..", "..", "data", "logs", "tenhou-mjlog", "double-ron.mjlog")
    )
    with pytest.raises(InputError):
        check_log(game, load_ruleset("nintendo"))


@pytest.mark.parametrize("lobby", ["x", 0, ("tenhou",)])
def test_lobby_variant_refuses_what_is_no_lobby(lobby):  # 12
    with pytest.raises(InputError, match=r"lobby must be a yakuset\.riichi\.Lobby"):
        lobby_variant(lobby)
