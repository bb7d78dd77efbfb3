"""Hostile input to the log readers and checks: a refusal naming what is wrong, never another
error and never a hang (issue 42's escapes, each by its number there)."""

from __future__ import annotations

import gzip
import json
import math
import os
import re

import pytest
from yakuset import InputError, load_ruleset
from yakuset.riichi import LogError, check_log, lobby_variant, read_log

from ... import helpers
from ...helpers import LOGS


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


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("name", ["f.mjlog", "f.json"])  # .json: also asked whether it is a Koi-Koi record
def test_replay_refuses_a_named_pipe_in_one_line(tmp_path, capsys, name):  # 13
    pipe = tmp_path / name
    os.mkfifo(pipe)
    code, out, err = helpers.run(capsys, "replay", str(pipe))
    assert (code, out) == (2, "") and "not a regular file" in err and len(err.strip().splitlines()) == 1


def test_a_folder_is_not_a_log(tmp_path):
    with pytest.raises(LogError, match="not a regular file"):
        read_log(tmp_path)


@pytest.mark.parametrize("game", [None, "a log", 5])
def test_check_log_refuses_what_is_no_game(game):  # 12
    with pytest.raises(InputError, match=r"game must be a yakuset\.riichi\.GameLog"):
        check_log(game, load_ruleset("tenhou"))


def test_check_log_refuses_a_rule_set_of_another_game():
    game = read_log(LOGS / "tenhou-mjlog" / "double-ron.mjlog")
    with pytest.raises(InputError):
        check_log(game, load_ruleset("nintendo"))


@pytest.mark.parametrize("lobby", ["x", 0, ("tenhou",)])
def test_lobby_variant_refuses_what_is_no_lobby(lobby):  # 12
    with pytest.raises(InputError, match=r"lobby must be a yakuset\.riichi\.Lobby"):
        lobby_variant(lobby)


def _tenhou_xml() -> str:
    data = (LOGS / "tenhou-mjlog" / "double-ron.mjlog").read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode()


def _tenhou6(change) -> str:
    document = json.loads((LOGS / "tenhou6" / "chankan.json").read_text())
    change(document)
    return json.dumps(document)


def _cut_deltas(document) -> None:
    document["log"][0][-1][1] = document["log"][0][-1][1][:2]


def _owari_nan(text: str) -> str:
    found = re.search(r'owari="([^"]*)"', text)
    parts = found.group(1).split(",")
    parts[1] = "nan"
    return text.replace(found.group(0), f'owari="{",".join(parts)}"')


@pytest.mark.parametrize(
    ("make", "words"),
    [
        # 5: a tile number of 5,000 digits (int() refuses over 4,300)
        (lambda: re.sub(r"<T\d+/>", "<T" + "9" * 5000 + "/>", _tenhou_xml(), count=1), "names no tile"),
        # 6: an odd-length yaku= in an AGARI
        (lambda: re.sub(r'yaku="([^"]*)"', r'yaku="\1,1"', _tenhou_xml(), count=1), "yaku= must be pairs"),
        (lambda: b'<?xml version="1.0" encoding="ebcdic"?><mjloggm/>', "an XML encoding"),  # 7
        (lambda: b'<?xml version="1.0" encoding="utf-7"?><mjloggm/>', "an XML encoding"),  # 7
        (lambda: _owari_nan(_tenhou_xml()), "gives points that are no number"),  # 19
        (lambda: _tenhou6(lambda d: d.__setitem__("sc", [math.nan, 0, 25000, 0, 25000, 0, 25000, 0])), "'sc'"),  # 8
        (lambda: _tenhou6(lambda d: d.__setitem__("sc", [math.inf, 0, 25000, 0, 25000, 0, 25000, 0])), "'sc'"),  # 8
        (lambda: _tenhou6(lambda d: d["log"][0].__setitem__(5, 5)), "taken and given are not lists"),  # 9
        (lambda: _tenhou6(lambda d: d["log"][0].__setitem__(-1, ["和了"])), "a win is [deltas]"),  # 10
        (lambda: _tenhou6(lambda d: d["log"][0].__setitem__(-1, ["流局", 5])), "deltas are 4 whole numbers"),  # 10
        (lambda: _tenhou6(lambda d: d["log"][0].__setitem__(-1, ["流局", ["a", "b", "c", "d"]])), "deltas are 4"),  # 10
        (lambda: _tenhou6(_cut_deltas), "deltas are 4 whole numbers"),  # 10
        (lambda: '{"log": ' + "[" * 100_000 + "]" * 100_000 + "}", "nests deeper"),  # 11
        (lambda: '{"type": "start_game", "x": ' + "[" * 100_000 + "]" * 100_000 + "}\n", "nests its JSON deeper"),  # 11
        (lambda: '<mjloggm ver="2.3"><GO type="169"/></mjloggm>', "holds no hand"),  # 14
        # the fuzzing campaign (tests/fuzz): an infinity among the tiles given was an OverflowError,
        # JSON of a number past 4,300 digits a ValueError, a result named by a list a TypeError
        (lambda: _tenhou6(lambda d: d["log"][0][6].__setitem__(0, math.inf)), "numbers and call texts, not inf"),
        (lambda: _tenhou6(lambda d: d["log"][0][-1].__setitem__(0, ["和了"])), "unknown result ['和了']"),  # unhashable
        (lambda: '{"log": [' + "9" * 5000 + "]}", "a number of more digits than a log has"),
        (lambda: '{"type": "start_game", "x": ' + "9" * 5000 + "}\n", "line 1 holds a number of more digits"),
        (lambda: '{"log": [], "sc": [25000, 0, 25000, 0, 25000, 0, 25000, 0]}', "holds no hand"),  # 15
    ],
)
def test_a_malformed_log_is_a_log_error_saying_what_is_wrong(make, words):
    with pytest.raises(LogError) as info:
        read_log(make())
    assert words in str(info.value)


def test_a_round_no_game_has_is_refused():  # 19: a Tenhou INIT round of 400000 was read
    text = re.sub(r'<INIT seed="\d+,', '<INIT seed="400000,', _tenhou_xml(), count=1)
    with pytest.raises(LogError, match="round 400000"):
        read_log(text)


# --- 18: a path is a path and a text is a text --------------------------------------------------

_NAMED_LIKE_A_TEXT = [
    ("{game}.json", LOGS / "tenhou6" / "chankan.json"),
    ("<game>.mjlog", LOGS / "tenhou-mjlog" / "double-ron.mjlog"),
]


@pytest.mark.parametrize(("name", "log"), _NAMED_LIKE_A_TEXT)
def test_a_file_named_like_a_logs_text_is_read_as_a_file_when_said_and_refused_when_not(
    name, log, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_bytes(log.read_bytes())
    expected = read_log(log)
    assert read_log(path=name) == expected
    assert read_log(tmp_path / name) == expected  # a Path is always a file
    with pytest.raises(InputError, match=r"both a file's name and the start of a log's text: give read_log\(path="):
        read_log(name)  # read as a text before


def test_a_path_with_a_newline_is_a_file(tmp_path):
    log = LOGS / "tenhou-mjlog" / "double-ron.mjlog"
    odd = tmp_path / "two\nlines.mjlog"
    odd.write_bytes(log.read_bytes())
    assert read_log(str(odd)) == read_log(path=str(odd)) == read_log(log)  # read as a text before


def test_a_text_given_as_text_is_never_opened(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.mjlog").write_bytes((LOGS / "tenhou-mjlog" / "double-ron.mjlog").read_bytes())
    with pytest.raises(LogError, match=r"^<text>: not a game log"):
        read_log(text="game.mjlog")
    assert read_log(text=(LOGS / "tenhou-mjlog" / "double-ron.mjlog").read_text(encoding="utf-8")) == read_log(
        path="game.mjlog"
    )


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: read_log(), InputError, "read_log takes one of a source, path= or text=, got none"),
        (lambda: read_log("x.mjlog", path="x.mjlog"), InputError, "got a source and path="),
        (lambda: read_log(path="x", text="y"), InputError, "got path= and text="),
        (lambda: read_log(path=b"x.mjlog"), InputError, "path must be a path (str or os.PathLike), got b'x.mjlog'"),
        (lambda: read_log(text=5), InputError, "text must be a log's text (str or bytes), got 5"),
        (lambda: read_log(path=""), LogError, "'': an empty path names no file"),
        (lambda: read_log(""), LogError, "'': an empty path names no file"),  # the working folder before
    ],
)
def test_read_log_refuses_a_form_it_cannot_tell(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value)
