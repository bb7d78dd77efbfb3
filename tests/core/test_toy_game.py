"""A third game is one folder: the toy dice game of ``tests/toy_dice/`` (a ``points:`` table and
one evaluator, a few lines of YAML and Python) is registered in a registry of its own and
loads, validates (each problem at file:line:col), diffs (the rule changes and the scores they
change) and is served (its rule set's page and its API operation) by the engine as it is.

The numbers come from the rule files: Farkle scores a single one 100 and a single five 50
(``dice-basic.yaml``); the house rules make a five 60 and a six 10 (``dice-house.yaml``)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import yakuset
from yakuset import diff
from yakuset._core import ruleset

from ..helpers import shown, write
from ..toy_dice.game import REGISTRY, RULESETS, score, site

BASIC, HOUSE = (next(path for path in RULESETS if path.stem == name) for name in ("dice-basic", "dice-house"))


def load(path: Path) -> yakuset.RuleSet:
    return ruleset.load(path, REGISTRY)


def test_the_toy_game_loads_and_scores_from_its_points_table():
    basic, house = load(BASIC), load(HOUSE)
    assert (basic.game, basic.name, house.name) == ("dice", "Farkle singles", "House dice")
    assert [f.display for f in house.files] == [shown(HOUSE), shown(BASIC)]
    assert score(basic, [1, 5, 3]).points == 100 + 50
    assert score(house, [1, 5, 6]).points == 100 + 60 + 10
    assert [(s.id, s.factor) for s in score(house, [5, 6]).steps] == [("five", 60), ("six", 10)]
    with pytest.raises(yakuset.InputError, match="faces must be a list of dice faces from 1 to 6"):
        score(basic, [7])


def test_the_toy_game_validates_each_problem_at_its_line_and_column(tmp_path):
    path = write(
        tmp_path,
        "typo.yaml",
        """
        extends: ./base.yaml
        name: Typo
        points:
          fiev: 60
          six: lots
        """,
    )
    write(tmp_path, "base.yaml", BASIC.read_text(encoding="utf-8"))
    with pytest.raises(yakuset.RulesetError) as caught:
        load(path)
    found = [(f"{p.location.line}:{p.location.col}", p.path, p.message, p.hint) for p in caught.value.problems]
    assert {p.location.file for p in caught.value.problems} == {shown(path)}
    assert found[0] == ("4:3", "points.fiev", "unknown key 'fiev'", "did you mean 'five'?")
    assert found[1][:3] == ("5:8", "points.six", "expected a whole number of at least 0, got text 'lots'")
    assert len(found) == 2


def test_a_koikoi_section_in_a_toy_rule_set_is_refused_at_its_line(tmp_path):
    path = write(
        tmp_path, "mixed.yaml", "game: dice\nname: Mixed\nmetadata: {source: here}\npoints: {one: 1}\ncalls: {}\n"
    )
    with pytest.raises(yakuset.RulesetError) as caught:
        load(path)
    [problem] = caught.value.problems
    assert (problem.location.line, problem.path, problem.message) == (5, "calls", "unknown key 'calls'")
    assert problem.hint == "known keys here: extends, game, name, metadata, plugins, points"


def test_a_toy_rule_set_without_its_points_table_is_refused(tmp_path):
    path = write(tmp_path, "bare.yaml", "game: dice\nname: Bare\nmetadata: {source: here}\n")
    with pytest.raises(yakuset.RulesetError) as caught:
        load(path)
    assert [str(p) for p in caught.value.problems] == [
        f"{shown(path)}:1:1: <document>: missing 'points' (hint: set it here or in the rule set this file extends)"
    ]


def test_the_toy_game_diffs_its_rule_changes_and_the_throws_they_change():
    basic, house = load(BASIC), load(HOUSE)
    changes = {c.path: (c.old, c.new) for c in diff.structural(basic, house) if c.path.startswith("points")}
    assert changes == {"points.five": (50, 60), "points.six": (None, 10)}
    report = diff.behaviour(basic, house, [{"faces": [5, 5, 5]}])
    # Of the 21 throws of two dice, those with a five or a six change: 11; and the user's case.
    assert (report.total, len(report.changes)) == (22, 12)
    [case] = [c for c in report.changes if c.group == "cases"]
    assert (case.old.value, case.new.value) == (150, 180)
    found = diff.attribute(basic, diff.structural(basic, house), report)
    causes = {change.situation: cause for change, cause in zip(report.changes, found, strict=True)}
    assert [c.path for c in causes["a throw of 1 and 5"].changes] == ["points.five"]
    assert [c.path for c in causes["a throw of 1 and 6"].changes] == ["points.six"]


def _served(method: str, url: str, body: object = None) -> tuple[int, str, object]:
    import httpx
    from yakuset._web import Limits, create_app

    async def go() -> httpx.Response:
        app = create_app(Limits(heavy=1), site=site)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://toy.test") as client:
            return await client.request(method, url, json=body)

    answer = asyncio.run(go())
    is_json = answer.headers["content-type"].startswith("application/json")
    return answer.status_code, answer.text, answer.json() if is_json else None


def test_the_toy_game_is_served_its_page_and_its_api_operation():
    pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'yakuset[web]'")
    pytest.importorskip("httpx", reason="the server tests need httpx (the test extra)")
    status, page, _ = _served("GET", "/rulesets/dice-house")
    assert status == 200
    assert "<h1>House dice <small>(dice-house, Dice)</small></h1>" in page
    assert '<tr data-face="five"><td>five</td><td>60</td></tr>' in page
    assert '<h2 id="game-dice">' not in page and "Points by face" in page
    status, listing, _ = _served("GET", "/")
    assert status == 200 and "<h2>Dice</h2>" in listing
    status, _, answer = _served("POST", "/api/v1/throw", {"ruleset": "dice-house", "faces": [1, 5, 6]})
    assert (status, answer) == (200, {"ruleset": "dice-house", "points": 170, "steps": answer["steps"]})
    status, _, refused = _served("POST", "/api/v1/throw", {"ruleset": "dice-house", "face": [1]})
    assert status == 422 and refused["error"]["message"] == "unknown field 'face'"
    status, _, document = _served("GET", "/api/v1/openapi.json")
    assert document["paths"]["/api/v1/throw"]["post"]["summary"] == "the points of a throw of dice"
    assert document["info"]["description"].startswith("Score Dice under YAML rule sets.")


def test_two_games_offering_one_api_operation_are_refused_by_name():
    pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'yakuset[web]'")
    from yakuset._core.plugins import Registry
    from yakuset._web.sources import Site

    from ..toy_dice.game import DiceGame

    class OtherDice(DiceGame):
        name = "dice2"

    both = Site(Registry.of(games=(DiceGame(), OtherDice()), builtins={}), [])
    with pytest.raises(ValueError, match=r"^games dice and dice2 both offer the API operation `throw`$"):
        both.operations  # noqa: B018


def test_the_toy_game_has_no_study_part_and_studies_refuse_its_rule_sets_by_name():
    from yakuset import _paired, _studies

    from ..toy_dice.game import GAME

    basic, house = load(BASIC), load(HOUSE)
    assert GAME.study is None
    with pytest.raises(yakuset.InputError, match=r"^'dice-basic' is a dice rule set; `simulate` needs a"):
        _studies.run([basic], 10, 0, ())
    with pytest.raises(yakuset.InputError, match=r"^'dice-basic' is a dice rule set; `simulate` needs a"):
        _paired.play(basic, house, 10)


def test_a_game_without_a_compare_part_is_compared_by_its_rules_only():
    from yakuset._core.plugins import Registry

    from ..toy_dice.game import DiceGame

    class RulesOnly(DiceGame):
        compare = None

    registry = Registry.of(games=(RulesOnly(),), builtins={})
    basic, house = (ruleset.load(path, registry) for path in (BASIC, HOUSE))
    assert [c.path for c in diff.structural(basic, house) if c.path.startswith("points")] == [
        "points.five",
        "points.six",
    ]
    with pytest.raises(yakuset.InputError, match=r"^dice rule sets have no situations to compare$"):
        diff.behaviour(basic, house)


def test_a_game_that_does_not_name_a_part_is_refused_when_registered():
    from yakuset._core.plugins import Registry

    class Unfinished:
        name = "unfinished"
        compare = study = command_line = None

    with pytest.raises(TypeError, match=r"^the game 'unfinished' names no web, examples: a game names each of its"):
        Registry.of(games=(Unfinished(),), builtins={})
