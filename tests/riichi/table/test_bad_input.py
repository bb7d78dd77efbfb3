"""Bad input to the table rules: rule files (file:line:col: path: message, with a hint), the
arguments of State, settle and standings (a precise ValueError), and game scripts (one located
line from `yakuset play`)."""

from __future__ import annotations

import functools

import pytest
import yakuset
from yakuset import InputError
from yakuset.riichi import State, new_game, settle, standings
from yakuset.riichi.kinds import AbortiveDraw
from yakuset.riichi.settlement.scripts import load_game, replay_game

from ...helpers import BUNDLED, shown


@functools.cache
def ruleset(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


def problems_of(tmp_path, text: str) -> list[str]:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(path)
    return [str(p).replace(shown(path), "house.yaml") for p in caught.value.problems]


# --- rule files ---------------------------------------------------------------------------------


def test_a_rule_file_gets_every_table_problem_at_its_place(tmp_path):
    found = problems_of(
        tmp_path,
        "extends: ema-2025\nname: House\n"
        "points:\n  uma: [20000, 10000, -10000, -10000]\n"
        "ending:\n  extension: {target: 30000, last_wind: south}\n"
        "liability:\n  yakuman: [daisangen, tanyao, daisangn]\n"
        "draws:\n  nagashi_mangan: true\n",
    )
    assert found == [
        "house.yaml:4:8: points.uma: the uma adds up to 10000, not 0 (hint: what one place gains another loses)",
        "house.yaml:6:41: ending.extension.last_wind: the extension must reach past the regular winds, which end "
        "with south (hint: use west)",
        "house.yaml:8:24: liability.yakuman[1]: 'tanyao' is not a yakuman of the yaku table",
        "house.yaml:8:32: liability.yakuman[2]: unknown yakuman 'daisangn' (hint: did you mean 'daisangen'?)",
        "house.yaml:10:19: draws.nagashi_mangan: nagashi mangan as a draw outcome is paid as the yaku "
        "`nagashi_mangan`, which is not enabled (hint: enable it in `yaku:` ({id: nagashi_mangan, enabled: true}) "
        "or set this to false)",
    ]


def test_a_half_written_mapping_where_none_may_stand_names_what_it_misses(tmp_path):
    found = problems_of(
        tmp_path, "extends: ema-2025\nname: House\npoints:\n  rounding: {to: 1000}\nending:\n  extension: {target: 1}\n"
    )
    assert found == [
        "house.yaml:4:13: points.rounding: missing 'first_balances' (hint: set it here or in the rule set this file "
        "extends)",
        "house.yaml:4:13: points.rounding: missing 'half' (hint: set it here or in the rule set this file extends)",
        "house.yaml:6:14: ending.extension: missing 'last_wind' (hint: set it here or in the rule set this file "
        "extends)",
    ]


def test_a_word_where_a_mapping_or_none_may_stand_says_both(tmp_path):
    (problem,) = problems_of(tmp_path, "extends: tenhou\nname: House\npenalties:\n  chombo: sometimes\n")
    assert problem.startswith("house.yaml:4:11: penalties.chombo: expected 'none', or a mapping, got text 'sometimes'")


def test_a_rule_set_without_a_mangan_tier_cannot_pay_a_reverse_mangan(tmp_path):
    # A whole rule set (not an `extends`: tiers merge by id, so a child cannot drop `mangan`).
    base = (BUNDLED / "riichi" / "_riichi.yaml").read_text(encoding="utf-8")
    text = base.replace("    - id: mangan\n", "    - id: limit_hand\n") + "name: House\n"
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(yakuset.RulesetError) as caught:
        yakuset.load_ruleset(path)
    assert [(p.path, p.message) for p in caught.value.problems] == [
        (
            "penalties.chombo.payment",
            "a reverse mangan is paid at the limit tier `mangan`, and `limits.tiers` has none",
        )
    ]


# --- State, settle, standings ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"scores": (25000, 25000)},
            "scores must be a list of 4 or 3 whole numbers (one per seat), got (25000, 25000)",
        ),
        ({"scores": "25000"}, "scores must be a list of 4 or 3 whole numbers"),
        ({"scores": (25000, 25000, 25000, 1.5)}, "scores[3] must be a whole number, got 1.5"),
        ({"dealer": 2}, "in hand 1 of a wind the dealer is seat 0 (seat 0 deals first), got dealer 2"),
        ({"round_wind": "up"}, "round_wind must be east, south, west or north, got 'up'"),
        ({"hand": 5, "dealer": 4}, "dealer must be a whole number of at most 3 in size, got 4"),
        ({"honba": -1}, "honba must be a whole number of at least 0, got -1"),
        ({"ended": True}, "an ended game's end_reason is one of bankruptcy, agari_yame"),
        ({"end_reason": "boredom"}, "a game that goes on has no end_reason, got 'boredom'"),
        ({"penalties": (0, 0, 0, -1)}, "penalties[3] must be a whole number of at least 0, got -1"),
        ({"colour": "red"}, "State has no field(s) 'colour'"),
    ],
)
def test_a_state_refuses_what_no_game_can_be_in(changes, message):
    start = new_game(ruleset("tenhou"))
    with pytest.raises(InputError) as caught:
        start.replace(**changes)
    assert message in str(caught.value)


def test_a_state_is_built_by_keyword_and_cannot_be_changed_in_place():
    with pytest.raises(TypeError):
        State((25000,) * 4, 0, "east", 1)  # type: ignore[misc]
    state = new_game(ruleset("tenhou"))
    with pytest.raises(AttributeError):
        state.honba = 3  # type: ignore[misc]
    assert state.replace(honba=3).honba == 3 and state.honba == 0


RON = {"ron": {"discarder": 0, "winners": [{"seat": 1, "han": 1, "fu": 30}]}}


@pytest.mark.parametrize(
    ("outcome", "riichi", "message"),
    [
        ("ron", (), "an outcome is a mapping with one key, one of ron, tsumo, draw, abort, chombo; got 'ron'"),
        ({**RON, "tsumo": {}}, (), "an outcome is a mapping with one key"),
        ({"dragon": 1}, (), "unknown outcome 'dragon'; outcomes are ron, tsumo, draw, abort, chombo"),
        ({"ron": {"discarder": 0}}, (), "a ron is {'discarder': seat, 'winners': [WIN, ...]}"),
        ({"ron": {"discarder": 0, "winners": []}}, (), "a ron has 1-3 winners"),
        (
            {"ron": {"discarder": 0, "winners": [{"seat": 1, "han": 1, "fu": 30, "colour": 1}]}},
            (),
            "winner 0 has unknown key(s) 'colour'",
        ),
        (
            {"ron": {"discarder": 0, "winners": [{"seat": 1, "han": 1, "yakuman": ["kokushi"]}]}},
            (),
            "winner 0 gives its hand as exactly one of",
        ),
        (
            {"ron": {"discarder": 0, "winners": [{"seat": 1, "han": 1, "fu": 30}, {"seat": 1, "han": 2, "fu": 30}]}},
            (),
            "the winners' seats names a seat twice",
        ),
        (
            {"ron": {"discarder": 0, "winners": [{"seat": True, "han": 1, "fu": 30}]}},
            (),
            "must be a seat 0-3, got True",
        ),
        (
            {"tsumo": {"seat": 1, "han": 3, "fu": 30, "pao": 2}},
            (),
            "pao applies to a hand with one of the rule set's liability yakuman",
        ),
        (
            {"tsumo": {"seat": 1, "yakuman": ["daisangen"], "open": True, "pao": 1}},
            (),
            "seat 1 cannot be liable (pao) for their own win",
        ),
        ({"tsumo": {"seat": 1, "yakuman": ["kokushi"], "pao": 2}}, (), "seat 1's hand has kokushi"),
        ({"draw": {"tenpai": [1, 1]}}, (), "tenpai names a seat twice: [1, 1]"),
        ({"draw": {"nagashi": [1]}}, (), "a draw is {'tenpai': [seats], 'nagashi': [seats]}"),
        (
            {"abort": "sneeze"},
            (),
            f"an abortive draw is one of {', '.join(AbortiveDraw)}, got 'sneeze'",
        ),
        ({"abort": "four_riichi"}, (0, 1), "four_riichi: all four seats declare riichi this hand"),
        ({"chombo": 7}, (), "the chombo's seat must be a seat 0-3, got 7"),
        (RON, "0", "riichi must be a list of seats 0-3, got '0'"),
        (RON, (4,), "must be a seat 0-3, got 4"),
    ],
)
def test_settle_refuses_what_no_hand_can_end_with(outcome, riichi, message):
    rs = ruleset("tenhou")
    with pytest.raises(InputError) as caught:
        settle(rs, new_game(rs), outcome, riichi)
    assert message in str(caught.value)


def test_settle_and_standings_take_a_state_and_a_riichi_rule_set():
    rs = ruleset("tenhou")
    with pytest.raises(InputError, match=r"state must be a yakuset\.riichi\.State"):
        settle(rs, {"scores": [25000] * 4}, RON)  # type: ignore[arg-type]
    with pytest.raises(InputError, match=r"state must be a yakuset\.riichi\.State"):
        standings(rs, None)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="Riichi scoring needs a Riichi rule set"):
        settle(ruleset("nintendo"), new_game(rs), RON)
    with pytest.raises(InputError, match=r"expected a rule set from yakuset\.load_ruleset"):
        new_game("tenhou")  # type: ignore[arg-type]


def test_a_hand_given_by_tiles_must_agree_with_the_outcome():
    rs = ruleset("tenhou")
    hand = {"seat": 1, "hand": "234m406p789s11z345s", "win": "3s"}
    with pytest.raises(InputError, match="says tsumo=True, but the outcome is a ron"):
        settle(rs, new_game(rs), {"ron": {"discarder": 0, "winners": [{**hand, "tsumo": True}]}})
    with pytest.raises(InputError, match="claims riichi, but seat 1 is not in this hand's riichi list"):
        settle(rs, new_game(rs), {"ron": {"discarder": 0, "winners": [{**hand, "riichi": True}]}})
    declared = settle(rs, new_game(rs), {"ron": {"discarder": 0, "winners": [hand]}}, riichi=[1])
    # Riichi 1 + a red 5p 1 (9s rules out tanyao) = 2 han; 20 fu + 10 (closed ron) + 2 (a pair of
    # east, the round wind) = 32 -> 40 fu: 2600. The riichi stick goes out and comes back.
    assert declared.transfers == (-2600, 2600, 0, 0)


# --- scripts ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "players: [a, b, c]\ndealer: a\nhands: [{draw: {tenpai: []}}]\n",
            "players: expected four different player names",
        ),
        ("players: [a, b, c, d]\ndealer: e\nhands: [{draw: {tenpai: []}}]\n", "dealer: 'e' is not one of the players"),
        ("players: [a, b, c, d]\ndealer: a\nhands: []\n", "hands: expected a list of hands"),
        (
            "players: [a, b, c, d]\ndealer: a\nhands: [{draw: {tenpai: []}, abort: four_winds}]\n",
            "a hand has exactly one outcome",
        ),
        (
            "players: [a, b, c, d]\ndealer: a\nhands: [{ron: {discarder: z, winners: []}}]\n",
            "discarder: 'z' is not one of the players",
        ),
        (
            "players: [a, b, c, d]\ndealer: a\nhands: [{draw: {tenpai: [a]}, riichi: b}]\n",
            "riichi is a list of players",
        ),
        # the fuzzing campaign (POST /api/v1/replay): a list or a mapping where a name goes was a
        # TypeError (unhashable), an unexpected error of the command line and a 500 of the server
        (
            "players: [a, b, c, d]\ndealer: a\nhands: [{ron: {discarder: b, winners: [{seat: [[1]], han: 1}]}}]\n",
            "seat: [[1]] is not one of the players",
        ),
        (
            "players: [a, b, c, d]\ndealer: a\nhands: [{draw: {tenpai: [{draw: {tenpai: []}}]}}]\n",
            "tenpai: {'draw': {'tenpai': []}} is not one of the players",
        ),
        ("players: [a, b, c, d]\ndealer: a\nhands: [{abort: four_winds}]\nextra: 1\n", "unknown key 'extra'"),
    ],
)
def test_a_bad_game_script_is_one_located_problem(tmp_path, body, message):
    path = tmp_path / "game.yaml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(yakuset.RulesetError) as caught:
        replay_game(ruleset("tenhou"), load_game(path))
    (problem,) = caught.value.problems
    assert message in str(problem) and str(problem).startswith(shown(path) + ":")
