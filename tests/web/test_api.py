"""`yakuset serve`'s JSON API through httpx's ASGI transport: every endpoint with good and bad
input. Answers have the command line's JSON shapes; errors are JSON with its messages and a 4xx
status, never a 500."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'yakuset[web]'")
httpx = pytest.importorskip("httpx", reason="the API tests need httpx (the test extra)")

import yakuset
from yakuset._web import Limits, create_app

from ..helpers import ROOT, run
from .support import call, running_server

STREAK_CAP_3 = "extends: nintendo\nname: House\naward:\n  multipliers:\n    - {id: own_streak, max: 3}\n"


def post(url: str, body: Any, **kwargs: Any) -> httpx.Response:
    return call("POST", f"/api/v1/{url}", body, **kwargs)


def error(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    found: dict[str, Any] = response.json()["error"]
    assert found["status"] == status
    return found


def numbers(answer: dict[str, Any]) -> dict[str, Any]:
    """A calculator's answer without the lines it adds to the command line's JSON (``summary``,
    ``explained``: what the command prints as text)."""
    return {key: value for key, value in answer.items() if key not in ("summary", "explained")}


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code, out, err = run(capsys, *argv, "--json")
    assert code in (0, 1), err
    return json.loads(out)


# --- rule sets ----------------------------------------------------------------------------------


def test_list_matches_the_bundled_rule_sets_with_sources_and_parents():
    answer = call("GET", "/api/v1/rulesets").json()
    assert [r["id"] for r in answer] == [rs.id for rs in yakuset.list_rulesets()]
    nintendo = next(r for r in answer if r["id"] == "nintendo")
    assert nintendo["game"] == "koikoi" and nintendo["name"] == "Nintendo"
    assert nintendo["extends"] == "_koikoi" and "Nintendo" in nintendo["source"]
    riichi = call("GET", "/api/v1/rulesets?game=riichi").json()
    assert riichi and {r["game"] for r in riichi} == {"riichi"}


def test_show_is_show_resolved_with_plugins_and_the_extends_chain(capsys):
    answer = call("GET", "/api/v1/rulesets/yakuza").json()
    expected = cli_json(capsys, "show", "yakuza", "--resolved")
    assert answer["files"] == expected["files"] == ["<bundled>/koikoi/yakuza.yaml", "<bundled>/koikoi/_koikoi.yaml"]
    assert answer["sources"] == expected["sources"]
    assert answer["document"] == expected["document"]
    assert answer["plugins"]["dealers_privilege"] == {"points": 6}


def test_the_text_is_the_bundled_file():
    answer = call("GET", "/api/v1/rulesets/nintendo/text").json()
    assert answer["file"] == "<bundled>/koikoi/nintendo.yaml"
    assert answer["text"] == yakuset.load_ruleset("nintendo").path.read_text(encoding="utf-8")


@pytest.mark.parametrize("ident", ["nope", "..%2F..%2Fetc%2Fpasswd", "_koikoi", "nintendo.yaml"])
def test_an_id_that_is_no_bundled_rule_set_is_404_and_opens_nothing(ident):
    found = error(call("GET", f"/api/v1/rulesets/{ident}"), 404)
    # A slash matches no route at all; any other id is looked up among the bundled ids only.
    assert found["message"].startswith("no bundled rule set named") or "%2F" in ident


def test_an_unknown_route_is_json_404():
    assert error(call("GET", "/api/v1/nothing"), 404)["message"] == "Not Found"
    assert error(call("GET", "/api/v1/award"), 405)


# --- tables ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("ident", ["nintendo", "tenhou"])
def test_table_is_the_command_lines(capsys, ident):
    assert call("GET", f"/api/v1/rulesets/{ident}/table").json() == cli_json(capsys, "table", ident)
    text = call("GET", f"/api/v1/rulesets/{ident}/table?format=text").json()["text"]
    assert text == run(capsys, "table", ident)[1]
    assert post("table", {"ruleset": ident, "format": "markdown"}).json()["text"].startswith("#")


def test_table_of_a_posted_text_shows_its_change():
    text = STREAK_CAP_3.replace("extends: nintendo", "extends: fudawiki")  # no call limit cuts the columns
    table = post("table", {"ruleset": {"text": text, "name": "house.yaml"}}).json()
    assert table["ruleset"] == "house"
    assert [c["factor"] for c in table["tables"][0]["columns"]] == [1, 2, 3]


def test_a_table_in_an_unknown_format_is_refused():
    assert (
        "format must be json, text or markdown"
        in error(call("GET", "/api/v1/rulesets/tenhou/table?format=x"), 422)["message"]
    )


# --- validate ---------------------------------------------------------------------------------------


def test_validate_a_good_text():
    assert post("validate", {"text": STREAK_CAP_3, "name": "house.yaml"}).json() == {
        "file": "house.yaml",
        "valid": True,
        "problems": [],
    }


def test_validate_gives_the_command_lines_problems_at_their_line(capsys, tmp_path):
    text = STREAK_CAP_3.replace("max: 3", "maxx: 3")
    answer = post("validate", {"text": text, "name": "house.yaml"}).json()
    (tmp_path / "house.yaml").write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(tmp_path / "house.yaml"), "--json")
    expected = json.loads(out)[0]["problems"]
    assert code == 1 and answer["valid"] is False
    assert [{**p, "file": "house.yaml"} for p in expected] == answer["problems"]
    assert (answer["problems"][0]["line"], answer["problems"][0]["message"]) == (5, "unknown key 'maxx'")
    assert answer["problems"][0]["hint"] == "did you mean 'max'?"


@pytest.mark.parametrize("ref", ["../../etc/passwd", "../../etc/passwd.yaml", "/etc/hosts.yaml", "nintendo.yaml"])
def test_extends_from_a_posted_text_reaches_bundled_ids_only(ref, tmp_path, monkeypatch):
    (tmp_path / "nintendo.yaml").write_text("game: koikoi\n", encoding="utf-8")  # never read
    monkeypatch.chdir(tmp_path)
    [problem] = post("validate", {"text": f"extends: {ref}\nname: x\n"}).json()["problems"]
    assert problem["message"] == f"{ref!r} is a path: a rule set sent as text may extend a bundled rule set only"
    assert (problem["file"], problem["line"], problem["col"], problem["path"]) == ("posted.yaml", 1, 10, "extends")


def test_an_alias_bomb_fails_fast_with_a_located_problem():
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    answer = post("validate", {"text": "\n".join(lines) + "\n"}).json()
    assert answer["valid"] is False
    assert any("alias" in p["message"] or "values" in p["message"] for p in answer["problems"]), answer


def test_validate_needs_a_text_and_a_plain_file_name():
    assert (
        error(post("validate", {"text": 3}), 422)["message"]
        == "text must be the rule set's YAML text, got the number 3"
    )
    assert error(post("validate", {}), 422)["message"] == "missing field 'text'"
    found = error(post("validate", {"text": "game: koikoi\n", "name": "../secret.yaml"}), 422)
    assert found["message"].startswith("name must be a file name such as 'house.yaml'")


# --- bodies --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("content", [b"{bad", b"", b"\xff\xfe", b'{"base": NaN}', b"[" * 100_000])
def test_a_body_that_is_not_json_is_400(content):
    assert error(post("award", None, content=content), 400)["message"].startswith("the request body is not valid JSON")


@pytest.mark.parametrize("content", [b"[1, 2]", b'"nintendo"', b"8", b"null"])
def test_a_body_that_is_no_object_is_400(content):
    assert error(post("award", None, content=content), 400)["message"].startswith(
        "the request body must be a JSON object, got"
    )


def test_a_body_over_1_mib_is_413():
    body = json.dumps({"text": "# " + "x" * (2 << 20)}).encode()
    found = error(post("validate", None, content=body), 413)
    assert found["message"] == "the request body is over 1048576 bytes"


def test_the_1_mib_limit_holds_without_a_content_length():
    async def chunks():
        for _ in range(3):
            yield b" " * (1 << 19)

    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://yakuset.test") as client:
            return await client.post("/api/v1/award", content=chunks())

    error(asyncio.run(go()), 413)


# --- Koi-Koi ----------------------------------------------------------------------------------------


def test_award_is_the_command_lines(capsys):
    answer = post("award", {"ruleset": "nintendo", "base": 8, "opponent_calls": 1}).json()
    assert numbers(answer) == cli_json(capsys, "award", "nintendo", "--base", "8", "--opponent-calls", "1")
    assert answer["points"] == 32


def test_award_under_a_posted_rule_set_with_the_command_lines_warnings():
    answer = post("award", {"ruleset": {"text": STREAK_CAP_3}, "base": 5, "own_calls": 4}).json()
    assert (answer["ruleset"], answer["points"]) == ("posted", 15)
    assert answer["warnings"] == [
        "4 Koi-Koi calls, but posted allows 1 a player in a round (calls.limit_per_round): no game reaches this award"
    ]
    assert "warnings" not in post("award", {"ruleset": "nintendo", "base": 5, "own_calls": 1}).json()


#: Issue 42 item 24: FudaWiki (the award formula of docs/rules/koikoi.md, no call limit) with its award capped.
AWARD_MAX_30 = "extends: fudawiki\nname: Capped\naward:\n  max: 30\n"


def test_the_studio_shows_a_capped_award_with_its_step():
    ruleset = {"text": AWARD_MAX_30, "name": "capped.yaml"}
    # Document 000's worked example 3, 12 × 2 (7+) × 2 (your streak) = 48, is capped at 30.
    answer = post("award", {"ruleset": ruleset, "base": 12, "own_calls": 1}).json()
    assert (answer["points"], answer["explanation"]) == (30, "12 × 2 (7+) × 2 (your streak), capped at 30 = 30")
    assert answer["explained"][-1] == "cap: ≤ 30 (capped at 30)"
    assert post("table", {"ruleset": ruleset}).json()["max"] == 30
    # The editor's diff (one situation worked through under each rule change): the cap's step.
    text = post("diff", {"a": "fudawiki", "b": ruleset, "steps": 1}).json()["text"]
    assert "Caused by award.max: 30 (- -> capped.yaml:4)" in text
    assert "capped: 30 × 2 (7+) × 2 (opponent Koi-Koi) × 6 (your streak), capped at 30 = 30" in text


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"ruleset": "nintendo", "base": "8"}, 422, "base must be a whole number, got '8'"),
        (
            {"ruleset": "nintendo", "base": 8, "own_calls": -1},
            422,
            "own_calls must be a whole number of at least 0, got -1",
        ),
        ({"ruleset": "nintendo", "bsae": 8}, 422, "unknown field 'bsae'"),
        ({"ruleset": "nintendo"}, 422, "missing field 'base'"),
        ({"ruleset": "tenhou", "base": 8}, 422, "'tenhou' is a riichi rule set; `award` needs a koikoi rule set"),
        ({"ruleset": "nope", "base": 8}, 404, "no bundled rule set named 'nope'"),
        (
            {"ruleset": 3, "base": 8},
            422,
            'ruleset must be a bundled id or {"text": YAML, "name": "house.yaml"}, got the number 3',
        ),
        ({"ruleset": {"text": "game: koikoi\n", "path": "/etc"}, "base": 8}, 422, "unknown key 'path' in ruleset"),
    ],
)
def test_award_refuses_bad_input_with_the_engines_message(body, status, message):
    assert error(post("award", body), status)["message"] == message


def test_a_posted_rule_set_with_problems_is_422_with_each_problem_located():
    found = error(
        post("award", {"ruleset": {"text": "extends: nintendo\nnmae: x\n", "name": "h.yaml"}, "base": 8}), 422
    )
    [problem] = found["problems"]
    assert (problem["file"], problem["line"], problem["col"]) == ("h.yaml", 2, 1)
    assert found["message"] == "h.yaml:2:1: nmae: unknown key 'nmae' (hint: did you mean 'name'?)"


def test_yaku_of_captured_cards(capsys):
    cards = ["01-bright-crane", "03-bright-curtain", "08-bright-moon"]
    answer = post("yaku", {"ruleset": "nintendo", "captured": cards}).json()
    assert answer == cli_json(capsys, "koikoi-yaku", "nintendo", *cards)
    assert answer["base"] == 5
    assert (
        "is not a card of the nintendo deck"
        in error(post("yaku", {"ruleset": "nintendo", "captured": [3]}), 422)["message"]
    )


# --- Riichi -------------------------------------------------------------------------------------------


def test_score_from_han_and_fu_yaku_and_yakuman(capsys):
    assert numbers(post("score", {"ruleset": "ema-2025", "han": 3, "fu": 40}).json()) == cli_json(
        capsys, "score", "ema-2025", "--han", "3", "--fu", "40"
    )
    answer = post("score", {"ruleset": "tenhou", "yaku": ["riichi", "pinfu", "ittsu"], "dora": 1, "tsumo": True}).json()
    assert (answer["limit"], answer["total"]) == ("mangan", 8000)
    assert (
        post("score", {"ruleset": "full-scoring", "yakuman": ["daisangen", "suuankou_tanki"]}).json()["total"] == 96000
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            {"ruleset": "tenhou", "han": 3, "yakuman": ["daisangen"]},
            "give exactly one of han (with fu), yaku or yakuman",
        ),
        (
            {"ruleset": "ema-2025", "yaku": ["riichi"], "open": True, "fu": 30},
            "'riichi' needs a closed hand, but the hand is open",
        ),
        ({"ruleset": "tenhou", "han": 3, "fu": 41.5}, None),
        (
            {"ruleset": "nintendo", "han": 3, "fu": 40},
            "'nintendo' is a koikoi rule set; `score` needs a riichi rule set",
        ),
    ],
)
def test_score_refuses_bad_input(body, message):
    found = error(post("score", body), 422)
    if message is not None:
        assert found["message"] == message


def test_evaluate_a_hand_from_its_tiles(capsys):
    body = {
        "ruleset": "tenhou",
        "hand": "234m456p23456788s",
        "win": "4s",
        "riichi": True,
        "tsumo": True,
        "dora_indicators": ["7s"],
    }
    answer = post("evaluate", body).json()
    code, out, err = run(
        capsys,
        "hand",
        "tenhou",
        "234m456p23456788s",
        "--win",
        "4s",
        "--riichi",
        "--tsumo",
        "--dora-indicator",
        "7s",
        "--json",
    )
    assert code == 0, err
    assert numbers(answer) == json.loads(out)
    # A non-dealer by default, as `score`: haneman tsumo, the dealer 6000 and each non-dealer 3000.
    assert (answer["han"], answer["limit"], answer["total"]) == (6, "haneman", 12000)


def test_the_calculators_explanation_is_the_command_lines_word_for_word(capsys):
    # One renderer for both: the web once wrote every step as a multiplier ("Riichi: × 1",
    # "Dora: × 2") and the yaku by id.
    hand = {"ruleset": "tenhou", "hand": "234m456p23456788s", "win": "4s", "dora_indicators": ["7s"]}
    answer = post("evaluate", {**hand, "riichi": True, "tsumo": True}).json()
    argv = ["hand", "tenhou", "234m456p23456788s", "--win", "4s", "--dora-indicator", "7s", "--riichi", "--tsumo"]
    assert answer["explained"] == [line.strip() for line in run(capsys, *argv, "--explain")[1].splitlines()]
    assert answer["summary"] == run(capsys, *argv)[1].splitlines()[1:]
    # Riichi, menzen tsumo, pinfu and tanyao (1 han each) and two dora (indicator 7s): 6 han, haneman.
    assert answer["summary"][0] == "yaku: Riichi 1 han, Menzen tsumo 1 han, Pinfu 1 han, Tanyao 1 han"
    assert {"Riichi: 1", "Dora: 2"} <= set(answer["explained"])
    assert answer["explained"][0] == (
        "non-dealer tsumo: 6 han 20 fu (haneman): the dealer pays 6000, each non-dealer 3000; total 12000"
    )
    dealer = post("evaluate", {**hand, "riichi": True, "tsumo": True, "seat_wind": "east"}).json()
    assert dealer["explained"][0] == "dealer tsumo: 6 han 20 fu (haneman): each player pays 6000; total 18000"
    assert not any("×" in line.split(":")[-1] for line in answer["explained"])

    scored = post("score", {"ruleset": "tenhou", "han": 3, "fu": 40}).json()
    lines = run(capsys, "score", "tenhou", "--han", "3", "--fu", "40", "--explain")[1].splitlines()
    assert scored["explained"] == [line.strip() for line in lines]
    assert (
        scored["explained"][0] == "non-dealer ron: 3 han 40 fu: the discarder pays 5200; total 5200"
    )  # the usual table

    awarded = post("award", {"ruleset": "nintendo", "base": 8, "opponent_calls": 1}).json()
    lines = run(capsys, "award", "nintendo", "--base", "8", "--opponent-calls", "1", "--explain")[1].splitlines()
    assert awarded["explained"] == [line.strip() for line in lines[1:]]
    assert awarded["explained"][0] == "seven_plus: × 2 (7+)"


def test_evaluate_passes_kita_through(capsys):
    body = {"ruleset": "tenhou-sanma", "hand": "123p456p789s234s99p", "win": "4s", "seat_wind": "south"}
    body |= {"riichi": True, "tsumo": True, "kita": 2}
    answer = post("evaluate", body).json()
    code, out, err = run(
        capsys,
        "hand",
        "tenhou-sanma",
        "123p456p789s234s99p",
        "--win",
        "4s",
        "--seat",
        "south",
        "--riichi",
        "--tsumo",
        "--kita",
        "2",
        "--json",
    )
    assert code == 0, err
    assert numbers(answer) == json.loads(out)
    # riichi, menzen tsumo, pinfu and two kita: a non-dealer mangan tsumo, 4000 + 2000 under tsumo loss.
    assert (answer["han"], answer["dora"]["kita"], answer["total"]) == (5, 2, 6000)
    found = error(post("evaluate", {**body, "ruleset": "tenhou"}), 422)
    assert "has no kita" in found["message"]


def test_evaluate_with_melds_as_json_pairs():
    body = {"ruleset": "tenhou", "hand": "234m456p22s789s", "win": "4m", "melds": [["pon", "555z"]]}
    assert post("evaluate", body).json()["yaku"] == ["yakuhai_haku"]


@pytest.mark.parametrize(
    "body",
    [
        {"ruleset": "tenhou", "hand": "234m456p23456788s", "win": "4z"},
        {"ruleset": "tenhou", "hand": "234m456p23456788x", "win": "4s"},
        {"ruleset": "tenhou", "hand": "234m456p23456788s", "win": "4s", "melds": [["pon"]]},
        {"ruleset": "tenhou", "hand": "234m456p23456788s", "win": "4s", "riichi": "yes"},
        {"ruleset": "tenhou", "hand": "234m456p23456788s", "win": "4s", "rinchan": True},
        {"ruleset": "tenhou", "hand": 12345, "win": "4s"},
    ],
)
def test_evaluate_refuses_bad_hands(body):
    assert error(post("evaluate", body), 422)["message"]


# --- diff and replay ---------------------------------------------------------------------------------


def test_diff_of_bundled_ids_is_the_command_lines(capsys):
    answer = post("diff", {"a": "nintendo", "b": "tournament"}).json()
    assert answer.pop("text").startswith("nintendo -> tournament\n")  # the command line's text (below)
    assert answer == cli_json(capsys, "diff", "nintendo", "tournament", "--format", "json")


def test_diff_answers_the_command_lines_text_with_its_counts_and_causes(capsys):
    # The studio once said "3 rule change(s)" where the command line said 5 (it hid the name and
    # metadata) and had no "Caused by" grouping: it now shows the command line's text.
    answer = post("diff", {"a": "nintendo", "b": "tournament", "steps": 0}).json()
    code, out, _ = run(capsys, "diff", "nintendo", "tournament", "--steps", "0", "--colour", "never")
    assert code == 1
    assert answer["text"] == out
    count = answer["structural"]["count"]
    assert f"Rules: {count} changes" in answer["text"] and count > len(
        [c for c in answer["structural"]["changes"] if c["section"] not in ("metadata", "name")]
    )
    # tournament.yaml turns the viewing yaku off (yaku_rules.viewing: never): that causes the score changes.
    assert "Caused by yaku_rules.viewing: 'always' -> 'never'" in answer["text"]


def test_diff_against_a_posted_text_names_its_lines():
    answer = post("diff", {"a": "nintendo", "b": {"text": STREAK_CAP_3, "name": "house.yaml"}}).json()
    [change] = [c for c in answer["structural"]["changes"] if c["path"] == "award.multipliers[own_streak].max"]
    assert (change["old"], change["new"], change["new_at"]) == (6, 3, "house.yaml:5")
    assert answer["behaviour"]["changed"] == 0  # one call a round never reaches the cap
    unlimited = {"text": STREAK_CAP_3.replace("nintendo", "fudawiki"), "name": "house.yaml"}
    assert post("diff", {"a": "fudawiki", "b": unlimited}).json()["behaviour"]["changed"] > 0


def test_diff_refuses_two_games_and_contradictory_options():
    assert error(post("diff", {"a": "nintendo", "b": "tenhou"}), 422)["message"] == (
        "'nintendo' is a koikoi rule set and 'tenhou' a riichi one: they can't be compared"
    )
    body = {"a": "nintendo", "b": "tournament", "structural_only": True, "behaviour_only": True}
    assert error(post("diff", body), 422)["message"] == "structural_only and behaviour_only exclude each other"
    assert error(post("diff", {"a": "nintendo", "b": "tournament", "steps": "3"}), 422)


@pytest.mark.parametrize(
    ("ident", "script"),
    [
        ("nintendo", "examples/one-call-then-automatic-shobu.yaml"),
        ("tenhou", "examples/riichi/double-ron-hanchan.yaml"),
    ],
)
def test_replay_is_play(capsys, ident, script):
    answer = post("replay", {"ruleset": ident, "script": (ROOT / script).read_text(encoding="utf-8")}).json()
    code, out, err = run(capsys, "play", ident, script)
    assert code == 0, err
    assert answer["text"] == out
    expected = cli_json(capsys, "play", ident, script)
    assert {k: v for k, v in answer.items() if k != "text"} == expected


def test_a_bad_script_is_located_under_its_own_name():
    found = error(
        post("replay", {"ruleset": "nintendo", "script": "players: [a, b]\ndealer: a\nround: []\n", "name": "s.yaml"}),
        422,
    )
    [problem] = found["problems"]
    assert (problem["file"], problem["line"], problem["message"]) == ("s.yaml", 3, "unknown key 'round'")
    assert "yakuset-serve-" not in json.dumps(found)


def test_a_script_no_text_file_can_hold_is_refused_not_a_500():
    # issue 42 item 16: a lone surrogate, which JSON can carry, failed writing the temporary file.
    found = error(post("replay", None, content=b'{"ruleset": "nintendo", "script": "\\ud800"}'), 422)
    assert found["message"].startswith("script is not text UTF-8 can hold")


# --- never a 500 ----------------------------------------------------------------------------------------

_WRONG = [None, "x", -1, 1.5, 10**40, True, [], {}, ["x"], {"a": 1}]
_GOOD = {
    "award": {"ruleset": "nintendo", "base": 8, "own_calls": 1, "opponent_calls": 1, "field_brights": 0},
    "yaku": {"ruleset": "nintendo", "captured": ["01-bright-crane"], "month": 1, "own_calls": 0},
    "score": {"ruleset": "tenhou", "han": 3, "fu": 40, "dealer": False, "tsumo": True, "honba": 1, "riichi_sticks": 1},
    "evaluate": {
        "ruleset": "tenhou",
        "hand": "234m456p23456788s",
        "win": "4s",
        "seat_wind": "east",
        "ura_indicators": [],
    },
    "table": {"ruleset": "nintendo", "format": "json"},
    "validate": {"text": "extends: nintendo\n", "name": "h.yaml"},
    "diff": {"a": "nintendo", "b": "tournament", "structural_only": True, "steps": 0},
    "replay": {"ruleset": "nintendo", "script": "players: [a, b]\ndealer: a\nrounds: []\n"},
}


@pytest.mark.parametrize("endpoint", sorted(_GOOD))
def test_a_wrong_value_in_any_field_is_a_4xx_never_a_500(endpoint):
    good = _GOOD[endpoint]
    assert post(endpoint, good).status_code < 300 or endpoint == "replay"
    for key in good:
        for wrong in _WRONG:
            response = post(endpoint, {**good, key: wrong})
            assert 200 <= response.status_code < 500, (endpoint, key, wrong, response.text)
            if response.status_code >= 400:
                assert response.json()["error"]["message"]


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(
    ("endpoint", "body", "message"),
    [
        ("diff", '{"a": "nintendo", "b": "yakuza", "steps": %s}', "steps must be a whole number"),
        ("diff", '{"a": "nintendo", "b": {"text": %s}}', "b.text must be the rule set's YAML text"),
        ("diff", '{"a": "nintendo", "b": "yakuza", "declared": %s}', "declared must be true or false"),
        ("replay", '{"ruleset": "nintendo", "script": %s}', "script must be the script's YAML text"),
        ("replay", '{"ruleset": %s, "script": ""}', "ruleset must be a bundled id"),
    ],
)
def test_a_deeply_nested_field_of_a_heavy_request_is_refused_before_it_reaches_a_worker(endpoint, body, message):
    # Pickling 600 nested lists for the worker process once raised RecursionError: a 500.
    response = post(endpoint, None, content=(body % _nested(600)).encode())
    assert message in error(response, 422)["message"]


def test_the_schema_a_new_rule_set_names_is_served_and_a_validator_reads_it_alone(capsys, tmp_path, monkeypatch):
    # Issue 42 item 28: `yakuset new` named the schema by a path into this machine's site-packages.
    from urllib.parse import urlsplit

    import jsonschema
    import yaml

    monkeypatch.chdir(tmp_path)
    assert run(capsys, "new", "house", "--extends", "fudawiki")[0] == 0
    text = (tmp_path / "house.yaml").read_text(encoding="utf-8")
    named = text.splitlines()[0].removeprefix("# yaml-language-server: $schema=")
    answer = call("GET", urlsplit(named).path)
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/schema+json"
    served = answer.json()
    assert served == json.loads(run(capsys, "schema", "--json")[1])
    # A standard validator given that document alone (no file, no other fetch) reads the file.
    validator = jsonschema.Draft202012Validator(served)
    assert list(validator.iter_errors(yaml.safe_load(text))) == []
    misspelt = [e.message for e in validator.iter_errors(yaml.safe_load(text + "awrd: {}\n"))]
    assert misspelt and "awrd" in misspelt[0]


def test_every_route_is_in_the_openapi_document():
    from starlette.routing import Route

    document = call("GET", "/api/v1/openapi.json").json()
    assert document["openapi"].startswith("3.1")
    documented = {(path, method.upper()) for path, item in document["paths"].items() for method in item}
    served = {
        (route.path, method)
        for route in create_app().routes
        if isinstance(route, Route) and route.path.startswith("/api/v1/") and route.path != "/api/v1/openapi.json"
        for method in route.methods or ()
        if method != "HEAD"
    }
    assert documented == served


# --- limits --------------------------------------------------------------------------------------------


class _WatchedSlots(threading.BoundedSemaphore):
    """The heavy requests' slots, telling when a request asks for one."""

    def __init__(self, value: int) -> None:
        super().__init__(value)
        self.asked = threading.Event()

    def acquire(self, blocking: bool = True, timeout: float | None = None) -> bool:
        self.asked.set()
        return super().acquire(blocking, timeout)


def test_a_heavy_request_waits_for_a_slot_then_is_answered():
    limits = Limits(seconds=60, heavy=1)
    limits._slots = slots = _WatchedSlots(1)
    slots.acquire()  # another heavy request holds the only slot
    slots.asked.clear()

    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=create_app(limits))
        async with httpx.AsyncClient(transport=transport, base_url="http://yakuset.test") as client:
            waiting = asyncio.ensure_future(client.post("/api/v1/diff", json={"a": "nintendo", "b": "tournament"}))
            await asyncio.to_thread(slots.asked.wait)  # the request asks for the slot ...
            slots.release()  # ... and gets it once the other request is done
            return await waiting

    assert asyncio.run(go()).status_code == 200
    limits.close()


def test_a_heavy_request_that_finds_no_slot_within_the_time_limit_is_503():
    limits = Limits(seconds=0.2, heavy=1)  # nothing has to finish within it: the slot is never free
    limits._slots.acquire()
    found = error(post("diff", {"a": "nintendo", "b": "tournament"}, limits=limits), 503)
    assert found["message"] == "the server is busy with other heavy requests for over 0.2 s"


@pytest.mark.slow  # a worker started for it; the quick run sees the same 503 in the test below
def test_a_request_over_the_time_limit_is_503():
    # A Riichi diff takes seconds, hundreds of times the limit.
    limits = Limits(seconds=0.01, heavy=1)
    found = error(post("diff", {"a": "tenhou", "b": "ema-2025"}, limits=limits), 503)
    assert found["message"] == "the request took longer than the server's limit of 0.01 s"
    limits.close()


def _raw_request(base: str, head: str, body: bytes) -> bytes:
    """What a server at ``base`` sends back to ``head`` and ``body``, written on a raw socket
    that then sends nothing more, read until the server closes the connection."""
    import socket
    from urllib.parse import urlsplit

    where = urlsplit(base)
    # Far more than the server's limit: the answer comes when its limit is reached, not this.
    with socket.create_connection((where.hostname, where.port), timeout=120) as sock:
        sock.sendall(head.encode("ascii") + body)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def test_a_body_shorter_than_its_content_length_is_408_within_the_time_limit_and_closes():
    # Item 17 of issue 42: the server waited for the missing bytes for ever (over 30 s seen).
    body = b'{"text": "extends: nintendo\\n'
    head = (
        "POST /api/v1/validate HTTP/1.1\r\nHost: yakuset.test\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body) + 100}\r\n\r\n"
    )
    with running_server(Limits(seconds=0.5, heavy=1)) as base:
        answer = _raw_request(base, head, body)  # returns once the server has closed the connection
    status_line, _, rest = answer.partition(b"\r\n")
    headers, _, content = rest.partition(b"\r\n\r\n")
    assert status_line.split()[1] == b"408", answer
    assert b"connection: close" in headers.lower()
    found = json.loads(content)["error"]
    assert found == {
        "status": 408,
        "message": f"the request body did not arrive within the server's limit of 0.5 s ({len(body)} bytes came)",
        "hint": "send the whole body at once, as many bytes as Content-Length says",
        "problems": [],
    }


def test_a_heavy_request_over_the_time_limit_is_stopped_and_its_worker_replaced():
    limits = Limits(seconds=60, heavy=1)
    assert post("diff", {"a": "nintendo", "b": "tournament"}, limits=limits).status_code == 200
    [worker] = limits._pool._idle
    limits.seconds = 0.01
    found = error(post("diff", {"a": "tenhou", "b": "ema-2025"}, limits=limits), 503)
    assert found["message"] == "the request took longer than the server's limit of 0.01 s"
    with pytest.raises(ValueError):  # killed, and closed: the work stopped with it
        worker.process.is_alive()
    [fresh] = limits._pool._idle
    assert fresh is not worker
    limits.seconds = 60
    assert post("diff", {"a": "nintendo", "b": "tournament"}, limits=limits).status_code == 200
    limits.close()


def test_a_heavy_worker_that_dies_is_a_500_and_is_replaced():
    limits = Limits(seconds=60, heavy=1)
    assert post("replay", _GOOD["replay"], limits=limits).status_code == 200  # started and warm
    [worker] = limits._pool._idle
    worker.process.kill()
    worker.process.join()
    found = error(post("replay", _GOOD["replay"], limits=limits), 500)
    assert found["message"] == (
        "unexpected error (from a plugin, or a bug to report): RuntimeError: "
        "the worker process for this request stopped unexpectedly"
    )
    assert post("replay", _GOOD["replay"], limits=limits).status_code == 200
    limits.close()


def test_light_requests_are_answered_in_the_event_loop(monkeypatch):
    import anyio.to_thread

    post("award", {"ruleset": "nintendo", "base": 1})  # loads nintendo (in a thread) if no test has

    async def no_thread(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a light request with its rule set loaded went to a thread")

    monkeypatch.setattr(anyio.to_thread, "run_sync", no_thread)
    assert post("award", {"ruleset": "nintendo", "base": 8, "opponent_calls": 1}).json()["points"] == 32
    assert call("GET", "/api/v1/rulesets/nintendo/table").status_code == 200


def test_each_request_gets_its_own_warnings_and_the_process_keeps_its_warnings_machinery():
    import warnings

    before = warnings.warn

    async def go() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://yakuset.test") as client:
            bodies = [{"ruleset": "nintendo", "base": 5, "own_calls": 2 + i % 3} for i in range(60)]
            return await asyncio.gather(*(client.post("/api/v1/award", json=body) for body in bodies))

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing is raised through warnings.warn
        answers = asyncio.run(go())
    for i, answer in enumerate(answers):
        assert answer.json()["warnings"] == [
            f"{2 + i % 3} Koi-Koi calls, but nintendo allows 1 a player in a round (calls.limit_per_round): "
            "no game reaches this award"
        ]
    assert warnings.warn is before


# --- the command -----------------------------------------------------------------------------------------


def test_serve_without_the_web_extra_says_how_to_install_it(capsys, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "uvicorn" else real(name, *a))
    code, out, err = run(capsys, "serve")
    assert (code, out) == (2, "")
    assert err == "yakuset: error: `yakuset serve` needs the web extra: pip install 'yakuset[web]'\n"


@pytest.mark.parametrize(("host", "warned"), [("127.0.0.1", False), ("localhost", False), ("0.0.0.0", True)])
def test_serve_prints_its_url_and_warns_off_loopback(capsys, monkeypatch, tmp_path, host, warned):
    from yakuset import _web

    monkeypatch.chdir(tmp_path)  # no build/site here: no documentation site to serve

    served: list[Any] = []

    def serve(sock, limits, ready, docs=None):
        served.append((sock.getsockname(), limits))
        ready()  # the URL is printed once the server is ready for requests
        sock.close()

    monkeypatch.setattr(_web, "serve", serve)
    code, out, err = run(capsys, "serve", "--host", host, "--port", "0", "--time-limit", "5", "--heavy", "3")
    assert code == 0, err
    [(address, limits)] = served
    assert out == f"yakuset serve: http://{address[0]}:{address[1]}/ (the API: /api/v1; Ctrl-C stops)\n"
    assert (limits.seconds, limits.heavy) == (5.0, 3)
    assert ("anyone who can reach this machine can use the server" in err) is warned


def test_serve_json_prints_one_object_with_its_url(capsys, monkeypatch, tmp_path):
    # issue 42 item 26: serve --json printed text, while every command takes --json.
    from yakuset import _web

    monkeypatch.chdir(tmp_path)
    addresses: list[Any] = []

    def serve(sock, limits, ready, docs=None):
        addresses.append(sock.getsockname())
        ready()
        sock.close()

    monkeypatch.setattr(_web, "serve", serve)
    code, out, err = run(capsys, "serve", "--port", "0", "--json")
    assert code == 0, err
    [(host, port)] = addresses
    assert json.loads(out) == {"url": f"http://{host}:{port}/", "api": "/api/v1", "docs": None}


def test_serve_on_a_port_in_use_is_a_clear_error(capsys):
    from yakuset import _web

    sock = _web.listen("127.0.0.1", 0)
    try:
        code, _, err = run(capsys, "serve", "--port", str(sock.getsockname()[1]))
    finally:
        sock.close()
    assert code == 2 and err.startswith("yakuset: error: cannot listen on 127.0.0.1:")


def test_serve_checks_its_arguments(capsys):
    assert run(capsys, "serve", "--port", "70000")[0] == 2
    assert run(capsys, "serve", "--time-limit", "0")[0] == 2


def test_serve_serves_a_built_documentation_site_under_docs(capsys, monkeypatch, tmp_path):
    from yakuset import _web

    site = tmp_path / "site"
    (site / "reference").mkdir(parents=True)
    (site / "index.html").write_text("<h1>yakuset</h1>", encoding="utf-8")
    (site / "reference" / "cli.html").write_text("<h1>Command line</h1>", encoding="utf-8")
    served: list[Any] = []

    def serve(sock, limits, ready, docs=None):
        served.append(docs)
        ready()
        sock.close()

    monkeypatch.setattr(_web, "serve", serve)
    code, out, err = run(capsys, "serve", "--port", "0", "--docs", str(site))
    assert code == 0, err
    assert served == [site.resolve()]
    assert "(the API: /api/v1; the documentation: /docs/; Ctrl-C stops)" in out
    # Without --docs: build/site in the working folder, where `mkdocs build` writes it.
    (tmp_path / "build").mkdir()
    site.rename(tmp_path / "build" / "site")
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "serve", "--port", "0")[0] == 0
    assert served[-1] == (tmp_path / "build" / "site").resolve()
    site = tmp_path / "build" / "site"

    async def get(app: Any, path: str) -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://yakuset.test") as client:
            return await client.get(path)

    app = create_app(docs=site)
    assert asyncio.run(get(app, "/docs/")).text == "<h1>yakuset</h1>"
    assert asyncio.run(get(app, "/docs/reference/cli.html")).text == "<h1>Command line</h1>"
    assert asyncio.run(get(app, "/docs/reference/nothing.html")).status_code == 404
    assert asyncio.run(get(create_app(), "/docs/")).status_code == 404


def test_the_studio_header_links_the_documentation_only_when_the_site_is_served(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<h1>yakuset</h1>", encoding="utf-8")

    async def get(app: Any, path: str) -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://yakuset.test") as client:
            return await client.get(path)

    link = '<a href="/docs/">documentation</a>'
    served = create_app(docs=site)
    for path in ("/", "/rulesets/nintendo", "/rulesets/no-such-ruleset"):
        assert link in asyncio.run(get(served, path)).text, path
        assert 'href="/docs/"' not in asyncio.run(get(create_app(), path)).text, path
    assert asyncio.run(get(served, "/docs/")).text == "<h1>yakuset</h1>"


def test_serve_without_a_built_site_where_docs_says_is_a_clear_error(capsys, tmp_path):
    code, out, err = run(capsys, "serve", "--port", "0", "--docs", str(tmp_path))
    assert (code, out) == (2, "")
    assert err.startswith(f"yakuset: error: --docs {tmp_path}: no built documentation site there (no index.html)")


@pytest.mark.parametrize(
    "package", ["yakuset._web", "yakuset.koikoi", "yakuset.koikoi.present", "yakuset.riichi", "yakuset.riichi.present"]
)
def test_the_package_files_are_in_the_wheel(package):
    """The server's templates and static files, and each game's (and its schema), are package
    data: every file of the package's folder that is not Python, outside its sub-packages."""
    import importlib
    import tomllib

    folder = Path(importlib.import_module(package).__file__ or "").parent
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert package in data["tool"]["setuptools"]["packages"]
    patterns = data["tool"]["setuptools"]["package-data"][package]
    shipped = {p.relative_to(folder).as_posix() for pattern in patterns for p in folder.glob(pattern)}
    below = {p.parent for p in folder.glob("*/__init__.py")}
    every = {
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and p.suffix != ".py"
        and p.name != "py.typed"
        and not any(sub in p.parents for sub in below)
    }
    assert every and shipped == every
