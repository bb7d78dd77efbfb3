"""What every command does when it cannot answer: one readable line on stderr, or with `--json`
an `{"error": ...}` object on stdout, exit code 2 either way; a rule set found nowhere is named
with the same message and a did-you-mean among the same game's ids by validate, the game's
commands, `extends:` and the HTTP API."""

from __future__ import annotations

import json

import pytest

from ..helpers import run, write

NOT_FOUND = "no bundled rule set or file named 'nintendoo'"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["award", "nintendoo", "--base", "8"], NOT_FOUND),
        (["award", "nintendo", "--base", "x"], "argument --base: expected a whole number, got 'x'"),
        (["award", "nintendo", "--base", "8", "--own-calls", "-1"], "expected a whole number of at least 0"),
        # issue 42 item 31: a negative base printed 0 and exited 0 (a base is a sum of yaku points)
        (["award", "nintendo", "--base", "-3"], "argument --base: expected a whole number of at least 0, got '-3'"),
        (["score", "tenhou", "--han", "1", "--fu", "7"], "fu"),
        (["table", "nintendoo", "--format", "json"], NOT_FOUND),
        (["diff", "nintendo", "tenhou"], "can't be compared"),
        (["validate", "nintendoo"], NOT_FOUND),
    ],
)
def test_json_errors_are_an_error_object_on_stdout_with_exit_2(capsys, argv, message):
    as_json = argv if "--format" in argv else [*argv, "--json"]
    code, out, err = run(capsys, *as_json)
    assert (code, err) == (2, "")
    error = json.loads(out)["error"]
    assert message in error["message"]
    assert set(error) == {"message", "hint", "problems"}
    plain = [word for word in argv if word not in ("--format", "json")]
    code, out, err = run(capsys, *plain)
    assert (code, out) == (2, "") and message in err and len(err.splitlines()) == 1


def test_json_errors_of_a_broken_file_list_each_problem_located(capsys, tmp_path):
    house = write(tmp_path, "house.yaml", "extends: nintendo\nnmae: House\n")
    code, out, err = run(capsys, "award", str(house), "--base", "8", "--json")
    assert (code, err) == (2, "")
    [problem] = json.loads(out)["error"]["problems"]
    assert (problem["line"], problem["col"], problem["path"]) == (2, 1, "nmae")


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["validate", "nintendoo"], "did you mean 'nintendo'?"),
        (["award", "nintendoo", "--base", "8"], "did you mean 'nintendo'?"),
        (["score", "tenhoo", "--han", "1", "--fu", "30"], "did you mean 'tenhou'?"),
        (["simulate", "nintendoo"], "did you mean 'nintendo'?"),
        (["show", "yakusa"], "did you mean 'yakuza'?"),
    ],
)
def test_a_rule_set_found_nowhere_is_one_line_with_a_did_you_mean(capsys, argv, hint):
    code, out, err = run(capsys, *argv)
    name = argv[1]
    assert (code, out) == (2, "")
    assert err == f"yakuset: error: no bundled rule set or file named {name!r} (hint: {hint})\n"


def test_a_game_command_offers_only_its_games_ids(capsys):
    # 'tenhoo' is close to a Riichi id, but `award` takes Koi-Koi rule sets only.
    code, _, err = run(capsys, "award", "tenhoo", "--base", "8")
    assert code == 2
    assert "did you mean" not in err and "bundled koikoi rule sets: bga, fudawiki," in err
    assert "tenhou" not in err


def test_a_missing_file_says_the_path_is_read_from_the_working_folder(capsys):
    code, _, err = run(capsys, "validate", "no/such/house.yaml")
    assert code == 2
    assert (
        err == "yakuset: error: no file named 'no/such/house.yaml' (hint: the path is relative to the working folder)\n"
    )


def test_extends_a_rule_set_found_nowhere_is_the_same_message_among_the_files_game(capsys, tmp_path):
    house = write(tmp_path, "house.yaml", "game: koikoi\nextends: nintendoo\n")
    code, out, _ = run(capsys, "validate", str(house))
    assert code == 1
    assert out.splitlines()[0].endswith(f"2:10: extends: {NOT_FOUND} (hint: did you mean 'nintendo'?)")
    far = write(tmp_path, "far.yaml", "game: riichi\nextends: zzz\n")
    _, out, _ = run(capsys, "validate", str(far))
    assert "bundled riichi rule sets: _riichi, ema-2016, ema-2025," in out and "nintendo" not in out


def test_extends_a_misspelt_base_suggests_the_base(capsys, tmp_path):
    """``extends:`` may name a game's base (``_koikoi``), which is no rule set to play: a typo of
    it is offered the base, as a typo of a rule set is offered the rule set."""
    house = write(tmp_path, "house.yaml", "game: koikoi\nextends: _koikoy\n")
    code, out, _ = run(capsys, "validate", str(house))
    assert code == 1
    assert out.splitlines()[0].endswith("(hint: did you mean '_koikoi'?)")


def test_the_http_api_names_an_unknown_rule_set_as_the_command_line_does(capsys):
    pytest.importorskip("starlette")
    from ..web.support import call

    answer = call("POST", "/api/v1/award", {"ruleset": "nintendoo", "base": 8})
    assert answer.status_code == 404
    error = answer.json()["error"]
    assert (error["message"], error["hint"]) == ("no bundled rule set named 'nintendoo'", "did you mean 'nintendo'?")
    # Among the endpoint's game's ids: a Riichi id is not offered for an award.
    error = call("POST", "/api/v1/award", {"ruleset": "tenhoo", "base": 8}).json()["error"]
    assert "tenhou" not in error["hint"] and "nintendo" in error["hint"]


@pytest.mark.parametrize("option", ["--honba", "--riichi-sticks"])
def test_hand_bounds_honba_and_riichi_sticks_as_score_does(capsys, option):
    huge = str(10**30)
    hand = ["hand", "tenhou", "234m456p23456788s", "--win", "4s", option, huge]
    score = ["score", "tenhou", "--han", "1", "--fu", "30", option, huge]
    (hand_code, _, hand_err), (score_code, _, score_err) = run(capsys, *hand), run(capsys, *score)
    assert hand_code == score_code == 2
    assert "must be a whole number of at most 10000 in size" in hand_err
    assert hand_err == score_err


@pytest.mark.parametrize("field", ["honba", "riichi_sticks"])
def test_the_http_api_answers_422_for_honba_past_the_bound(field):
    pytest.importorskip("starlette")
    from ..web.support import call

    body = f'{{"ruleset": "tenhou", "hand": "234m456p23456788s", "win": "4s", "{field}": 1{"0" * 4200}}}'
    answer = call("POST", "/api/v1/evaluate", content=body.encode())
    assert answer.status_code == 422
    assert "at most 10000 in size" in answer.json()["error"]["message"]
