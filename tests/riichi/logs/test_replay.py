"""Logged games played again at the Table (issue 27): every action legal, every hand's deltas,
the game's flow and the final points as the site gave them; the first divergence located; the
same game settled by another rule set.

The expected numbers are the logs' own (Tenhou's deltas, ``owari`` scores and points) or from
the rulebooks: EMA's 3 han 40 fu non-dealer ron is 5200 (docs/rules/riichi.md §6).
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import jsonschema
import pytest
import yakuset
from yakuset import riichi
from yakuset.riichi import Divergence, LogError, TileDiscarded, TileDrawn, lobby_variant, read_log, replay

from ... import helpers
from ...helpers import LOGS, game_log

#: The files no reader takes (tests/riichi/logs/test_json.py says why): they cannot be replayed.
DIFF_SCHEMA = json.loads((helpers.ROOT / "schema" / "diff.schema.json").read_text(encoding="utf-8"))
UNREADABLE = {"confusing_nakis_1.json", "confusing_nakis_2.json", "confusing_nakis_7.json"}
#: The Riichi logs (``koikoi/`` holds Koi-Koi records: tests/koikoi/logs/).
LOG_FILES = sorted(
    p for p in LOGS.glob("*/*") if p.suffix in (".mjlog", ".json", ".jsonl") and p.parent.name != "koikoi"
)
FIRST = LOGS / "tenhou-mjlog" / "first-example.mjlog"


@functools.cache
def ruleset(name: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(name)


def implied(path: Path) -> yakuset.RuleSet:
    """The rule set the log's lobby implies: a bundled one, or one that extends it with the
    lobby's other rules (the East-only games); the mjai game (which names none) was played by
    RiichiEnv's Tenhou preset."""
    record = game_log(path)
    if record.ruleset is not None:
        return ruleset(record.ruleset)
    variant = lobby_variant(record.lobby)
    if variant is not None:
        return yakuset.load_ruleset_text(variant[1], f"{variant[0]}.yaml")
    assert path.suffix == ".jsonl", record.ruleset_reason
    return ruleset("tenhou")


def test_the_test_logs_are_the_shared_logs_copied_whole() -> None:
    """With ``YAKUSET_SHARED_LOGS`` naming the data set the logs were copied from (its folder of
    Tenhou, tenhou.net/6 and mjai logs): every file of it is here, byte for byte."""
    named = os.environ.get("YAKUSET_SHARED_LOGS")
    if not named or not Path(named).is_dir():
        pytest.skip("YAKUSET_SHARED_LOGS names no folder: the data set the logs came from is not here")
    shared = Path(named)
    ours = sorted(
        p.relative_to(LOGS)
        for p in LOGS.rglob("*")
        if p.is_file() and p.name != "README.md" and p.parent.name != "koikoi"  # Koi-Koi: not from that set
    )
    theirs = sorted(p.relative_to(shared) for p in shared.rglob("*") if p.is_file() and p.name != "README.md")
    assert ours == theirs
    assert all((LOGS / p).read_bytes() == (shared / p).read_bytes() for p in ours)


def distinct_games() -> list[Path]:
    """One file of each game, its longest cut: many Tenhou files are one game cut at other
    points (the same first deal)."""
    longest: dict[object, Path] = {}
    for path in LOG_FILES:
        if path.name in UNREADABLE:
            continue
        record = game_log(path)
        key = (path.parent.name, record.hands[0].dealt if record.hands else path.name)
        if key not in longest or sum(map(len, (h.events for h in record.hands))) > sum(
            map(len, (h.events for h in game_log(longest[key]).hands))
        ):
            longest[key] = path
    return sorted(longest.values())


def test_every_readable_log_replays_with_no_divergence_under_the_rule_set_its_lobby_implies() -> None:
    """Every file in a whole run; the quick run replays each game once, by its longest file."""
    compared = finals = 0
    games = distinct_games()
    for path in LOG_FILES if not helpers.QUICK_RUN else games:
        if path.name in UNREADABLE:
            with pytest.raises(LogError):
                read_log(path)
            continue
        record = game_log(path)
        result = replay(implied(path), record)
        assert result.checked and result.divergence is None, f"{path.name}: {result.divergence}"
        assert [h.deltas for h in result.hands if h.logged is not None] == [
            h.result.deltas for h in record.hands if h.result is not None
        ], path.name
        compared += sum(h.logged is not None for h in result.hands)
        if record.final is not None:
            finals += 1
            by_seat = sorted(result.standings, key=lambda s: s.seat)
            assert tuple(s.score for s in by_seat) == record.final, path.name
            if record.final_points is not None:
                assert tuple(s.points for s in by_seat) == record.final_points, path.name
    assert len(LOG_FILES) == 100 and len(games) == 47
    assert compared >= (340 if not helpers.QUICK_RUN else 150) and finals >= (17 if not helpers.QUICK_RUN else 5)


def _changed_event(record, hand: int, index: int, **changes):
    hands = list(record.hands)
    events = list(hands[hand].events)
    events[index] = events[index]._replace(**changes)
    hands[hand] = hands[hand]._replace(events=tuple(events))
    return record._replace(hands=tuple(hands))


def test_a_discard_of_a_tile_not_held_is_the_first_divergence_located_exactly() -> None:
    record = game_log(FIRST)
    events = record.hands[0].events
    index = next(i for i, e in enumerate(events) if type(e) is TileDiscarded and not e.riichi and e.seat == 1)
    foreign = record.hands[0].dealt[3][0]  # a tile seat 3 was dealt
    found = replay(ruleset("tenhou"), _changed_event(record, 0, index, tile=foreign))
    draws = sum(type(e) is TileDrawn for e in events[:index])
    assert found.divergence is not None
    assert (found.divergence.hand, found.divergence.turn, found.divergence.event) == (1, draws, index)
    assert found.divergence.rule == "discard"
    assert "is not in seat 1's hand" in found.divergence.ours
    assert found.hands == ()  # the divergence is in the first hand: none was replayed whole


def test_deltas_the_table_does_not_settle_are_a_divergence_naming_both() -> None:
    record = game_log(FIRST)
    hands = list(record.hands)
    result = hands[1].result
    bent = tuple(d + (100 if i == 2 else -100 if i == 3 else 0) for i, d in enumerate(result.deltas))
    hands[1] = hands[1]._replace(result=result._replace(deltas=bent))
    found = replay(ruleset("tenhou"), record._replace(hands=tuple(hands))).divergence
    assert isinstance(found, Divergence)
    assert (found.hand, found.event, found.rule) == (2, len(hands[1].events) - 1, "settlement")
    assert str(list(bent)) in found.logged and str(list(result.deltas)) in found.ours


def test_a_logged_start_the_table_would_not_deal_is_a_divergence_of_the_honba() -> None:
    record = game_log(FIRST)
    hands = list(record.hands)
    hands[2] = hands[2]._replace(honba=hands[2].honba + 1)
    found = replay(ruleset("tenhou"), record._replace(hands=tuple(hands))).divergence
    assert found is not None and (found.hand, found.event, found.rule) == (3, None, "dealer.honba")


def test_the_same_game_under_ema_2025_changes_the_hand_its_red_fives_made_a_mangan() -> None:
    record = game_log(FIRST)
    result = replay(ruleset("ema-2025"), record)
    assert not result.checked and result.divergence is None and result.notes == ()
    assert result.hands[0].state.scores == (30000,) * 4  # EMA starts at 30000
    south_1 = result.hands[5]
    # Tenhou: riichi, two red fives, two ura dora: 5 han, a mangan (8000). EMA has no red fives:
    # 3 han 40 fu, a non-dealer's ron of 5200 (EMA's table).
    assert south_1.name == "South 1, 0 honba" and south_1.logged == (-8000, 0, 8000, 0)
    assert south_1.deltas == (-5200, 0, 5200, 0)
    assert (south_1.wins[0].han, south_1.wins[0].fu) == (3, 40)
    assert sum(h.changed for h in result.hands) >= 1
    assert sum(s.score for s in result.standings) == 4 * 30000


def test_an_abortive_draw_the_other_rules_lack_is_a_void_hand_said_so() -> None:
    record = game_log(LOGS / "tenhou6" / "kyushukyuhai.json")
    result = replay(ruleset("ema-2025"), record)
    void = [h for h in result.hands if h.refused]
    assert len(void) == 1 and void[0].ending is None and void[0].deltas == (0, 0, 0, 0)
    assert "nine_terminals: the rule set has no such abortive draw (draws.abortive)" in void[0].refused[0]


def test_a_record_of_four_players_is_refused_by_a_three_player_rule_set() -> None:
    with pytest.raises(yakuset.InputError, match="a game of 4 players and 'tenhou-sanma' one of 3"):
        replay(ruleset("tenhou-sanma"), game_log(FIRST))
    with pytest.raises(yakuset.InputError, match=r"record must be a yakuset\.riichi\.GameLog"):
        replay(ruleset("tenhou"), "first-example.mjlog")  # type: ignore[arg-type]


# --- yakuset replay ------------------------------------------------------------------------------


def test_yakuset_replay_says_a_log_agrees_under_its_lobby_rules(capsys) -> None:
    code, out, err = helpers.run(capsys, "replay", str(FIRST))
    assert (code, err) == (0, "")
    assert "tenhou: every action legal; all 9 hands and the final scores and points as the log's" in out


def test_yakuset_replay_rescores_under_ema_2025_with_the_standings_side_by_side(capsys) -> None:
    code, out, _ = helpers.run(capsys, "replay", str(FIRST), "--ruleset", "ema-2025")
    assert code == 0
    assert "ema-2025: 2 of 9 hands change" in out
    assert "South 1, 0 honba: -8000 0 +8000 0 -> -5200 0 +5200 0" in out
    assert "ema-2025 counts no red fives (tiles.red_fives)" in out
    # -ron- was last with 13300 under Tenhou's rules (owari: -37.0); under EMA's, third.
    row = next(line for line in out.splitlines() if line.strip().startswith("-ron-"))
    assert row.split()[1:4] == ["4th", "13300", "-37.0"] and row.split()[4] == "3rd"
    code, out, _ = helpers.run(capsys, "replay", str(FIRST), "--ruleset", "ema-2025", "--json")
    data = json.loads(out)
    game = data["games"][0]
    assert data["errors"] == [] and game["checked"]["agrees"] and game["rescored"]["ruleset"] == "ema-2025"
    assert game["rescored"]["hands"][5]["deltas"] == [-5200, 0, 5200, 0]
    code, out, _ = helpers.run(capsys, "replay", str(FIRST), "--ruleset", "ema-2025", "--markdown")
    assert "| South 1, 0 honba | -8000 0 +8000 0 | -5200 0 +5200 0 |" in out


def test_yakuset_replay_of_a_folder_reports_each_unreadable_log_located_and_exits_2(capsys) -> None:
    code, out, err = helpers.run(capsys, "replay", str(LOGS / "tenhou6"), "--ruleset", "tenhou")
    assert code == 2
    assert "17 logs replayed: 17 agree, 0 diverge; 3 unreadable" in out
    located = [line for line in err.splitlines() if line.startswith("yakuset: error: ")]
    assert len(located) == 3 and "confusing_nakis_1.json: hand 1, event 81: the deltas" in located[0]
    assert "Traceback" not in err


def test_yakuset_replay_errors_are_one_line_and_exit_2(capsys, tmp_path) -> None:
    cut = tmp_path / "cut.mjlog"
    cut.write_bytes(FIRST.read_bytes()[:3000])
    for argv, message in (
        ([str(tmp_path / "none.mjlog")], "LOG: no such file or folder"),
        ([""], "LOG: an empty path names no file or folder"),  # it replayed the working folder (42: 18)
        ([str(LOGS / "mjai" / "126_204_0_mjai.jsonl")], "give one with --ruleset"),
        ([str(FIRST), "--ruleset", "nintendo"], "'nintendo' is a koikoi rule set"),
        ([str(FIRST), "--ruleset", "tenhou-sanma"], "a game of 4 players and 'tenhou-sanma' one of 3"),
        ([str(cut)], str(cut)),
    ):
        code, out, err = helpers.run(capsys, "replay", *argv)
        assert (code, out) == (2, ""), argv
        assert err.startswith("yakuset: error: ") and len(err.strip().splitlines()) == 1 and message in err, err


def test_yakuset_replay_reads_a_file_named_like_a_logs_text_as_the_file(capsys, tmp_path, monkeypatch) -> None:
    # Issue 42 item 18: "<game>.mjlog" was read as a log's text (and refused as no game log).
    monkeypatch.chdir(tmp_path)
    (tmp_path / "<game>.mjlog").write_bytes(FIRST.read_bytes())
    code, out, err = helpers.run(capsys, "replay", "<game>.mjlog")
    assert (code, err) == (0, "")
    assert "tenhou: every action legal; all 9 hands and the final scores and points as the log's" in out


def test_yakuset_replay_exits_1_when_a_log_diverges(capsys) -> None:
    # The mjai game names no rules: under EMA's (no red fives) its first win pays otherwise.
    code, out, _ = helpers.run(capsys, "replay", str(LOGS / "mjai" / "126_204_0_mjai.jsonl"), "--ruleset", "ema-2025")
    assert code == 1 and "ema-2025: DIVERGES at hand " in out


# --- yakuset diff A B --logs DIR -----------------------------------------------------------------


def test_one_hand_replayed_alone_in_its_logged_state_under_either_rule_set() -> None:
    record = game_log(FIRST)
    assert riichi.replay_hand(ruleset("tenhou"), record, 6).deltas == record.hands[5].result.deltas
    assert riichi.replay_hand(ruleset("ema-2025"), record, 6).deltas == (-5200, 0, 5200, 0)
    with pytest.raises(yakuset.InputError, match="number must be a hand of the record, 1 to 9"):
        riichi.replay_hand(ruleset("tenhou"), record, 10)


def test_played_games_give_the_hands_and_placements_that_change_with_their_causes() -> None:
    """The played games of ``diff --logs`` alone, in its words (the whole command below, with
    every built-in situation, in the slow run)."""
    from yakuset import _replays, diff
    from yakuset._core.report import Report

    a, b = ruleset("tenhou"), ruleset("ema-2025")
    resolved = diff.structural(a, b)
    section = _replays.PlayedGamesSection(a, b, _replays.played(a, b, str(FIRST), resolved), 1, resolved)
    played = Report((section,)).text()
    assert played.startswith("Played games: 2 of 9 situations change; largest: first-example.mjlog hand 6")
    assert "1 of 1 whole game(s) change placements" in played
    assert "first-example.mjlog: -ron- 4th -> 3rd, 超ヒモリロ 3rd -> 4th" in played
    # South 4's winner had one red five, 5p: that change alone turns 2 han into 1.
    assert "Caused by tiles.red_fives.p: 1 -> 0" in played
    assert "first-example.mjlog hand 9 (South 4, 2 honba): 0 +3600 0 -2600 -> 0 +2600 0 -1600 (-1000)" in played


@pytest.mark.slow  # a whole Riichi diff with its causes; the played games alone just above
def test_diff_with_logs_adds_played_games_their_placements_and_causes(capsys, tmp_path) -> None:
    (tmp_path / FIRST.name).write_bytes(FIRST.read_bytes())
    argv = ("diff", "tenhou", "ema-2025", "--behaviour-only", "--logs", str(tmp_path), "--top", "1")
    code, out, _ = helpers.run(capsys, *argv)
    assert code == 1
    played = out[out.index("Played games: ") :]
    assert played.startswith("Played games: 2 of 9 situations change; largest: first-example.mjlog hand 6")
    assert "1 of 1 whole game(s) change placements" in played
    assert "first-example.mjlog: -ron- 4th -> 3rd, 超ヒモリロ 3rd -> 4th" in played
    # South 4's winner had one red five, 5p: that change alone turns 2 han into 1.
    assert "Caused by tiles.red_fives.p: 1 -> 0" in played
    assert "first-example.mjlog hand 9 (South 4, 2 honba): 0 +3600 0 -2600 -> 0 +2600 0 -1600 (-1000)" in played


@pytest.mark.slow
def test_diff_with_logs_gives_the_placements_in_json_and_markdown(capsys, tmp_path) -> None:
    """The placements the text above shows, in the other formats (the quick run checks both
    formats on a diff whose whole games keep their placements, below)."""
    (tmp_path / FIRST.name).write_bytes(FIRST.read_bytes())
    argv = ("diff", "tenhou", "ema-2025", "--behaviour-only", "--logs", str(tmp_path), "--top", "1")
    code, out, _ = helpers.run(capsys, *argv, "--json")
    assert code == 1
    jsonschema.validate(json.loads(out), DIFF_SCHEMA)
    data = json.loads(out)["played_games"]
    assert (data["logs"], data["hands"]["changed"], data["games"]) == (1, 2, 1)
    assert data["placements"][0]["moved"][0] == {"player": "-ron-", "a": 4, "b": 3}
    code, out, _ = helpers.run(capsys, *argv, "--format", "markdown")
    assert code == 1
    assert "### Played games" in out and "- first-example.mjlog: -ron- 4th -> 3rd" in out


def _without_red_5p(tmp_path: Path) -> tuple[tuple[str, ...], Path]:
    """The command line of a diff over the first example log between Tenhou and Tenhou without
    its red 5p (a house file in ``tmp_path``), and that file."""
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / FIRST.name).write_bytes(FIRST.read_bytes())
    house = helpers.write(tmp_path, "house.yaml", "extends: tenhou\nname: house\ntiles: {red_fives: {p: 0}}\n")
    return ("diff", "tenhou", str(house), "--behaviour-only", "--logs", str(logs), "--top", "1"), house


def test_diff_with_logs_gives_the_played_games_as_json(capsys, tmp_path) -> None:
    """One rule change, Tenhou's red 5p taken away: South 4's winner had it (2 han -> 1, as
    above), and its cause is that change alone; no whole game changes placements."""
    argv, _ = _without_red_5p(tmp_path)
    code, out, _ = helpers.run(capsys, *argv, "--json")
    assert code == 1
    jsonschema.validate(json.loads(out), DIFF_SCHEMA)
    data = json.loads(out)["played_games"]
    assert (data["logs"], data["games"], data["placements"]) == (1, 1, [])
    hand_9 = "first-example.mjlog hand 9 (South 4, 2 honba)"
    [change] = [c for c in data["hands"]["changes"] if c["situation"] == hand_9]
    assert (change["old"]["summary"], change["new"]["summary"]) == ("0 +3600 0 -2600", "0 +2600 0 -1600")
    assert change["causes"] == {"changes": ["tiles.red_fives.p"], "exact": True}


# The same comparison in the other two formats: half a second each, so with the slow tests (the
# cheaper diff above shows the markdown and text sections in the quick run).
@pytest.mark.slow
def test_diff_with_logs_gives_the_played_games_as_markdown_and_text(capsys, tmp_path) -> None:
    argv, house = _without_red_5p(tmp_path)
    hand_9 = "first-example.mjlog hand 9 (South 4, 2 honba)"
    code, out, _ = helpers.run(capsys, *argv, "--format", "markdown")
    assert code == 1
    assert "### Played games" in out and hand_9 in out
    code, out, _ = helpers.run(capsys, *argv)
    assert code == 1
    played = out[out.index("Played games: ") :]
    assert played.startswith(f"Played games: 2 of 9 situations change; largest: {hand_9}: ")
    assert "0 of 1 whole game(s) change placements" in played
    assert f"Caused by tiles.red_fives.p: 1 -> 0 (<bundled>/riichi/tenhou.yaml:41 -> {house}:3)" in played


def test_diff_with_logs_refuses_what_has_no_played_games(capsys, tmp_path) -> None:
    code, _, err = helpers.run(capsys, "diff", "tenhou", "ema-2025", "--structural-only", "--logs", str(tmp_path))
    assert code == 2 and "--logs compares how played games score" in err
    # A Koi-Koi diff reads KoiKoi-AI's records (tests/koikoi/logs/): a Riichi log is named as none.
    _, out, err = helpers.run(capsys, "diff", "nintendo", "yakuza", "--behaviour-only", "--logs", str(LOGS / "mjai"))
    assert "126_204_0_mjai.jsonl: not a KoiKoi-AI record" in err and "0 log(s) at " in out


@pytest.mark.parametrize(
    ("type_", "ident", "keys"),
    [
        (0x89, None, {}),  # 鳳凰 East-South, red fives, open tanyao: tenhou itself
        (0x81, "tenhou-east", {"ending.length": "east"}),
        (0x8F, "tenhou-no-open-tanyao-no-red-fives", {"red": 0, "wins.open_tanyao": False}),
        (0x99, None, {}),  # three players, East-South: tenhou-sanma itself
        (0x91, "tenhou-sanma-east", {"ending.length": "east"}),
    ],
)
def test_a_lobby_no_bundled_file_is_implies_the_bundled_one_with_the_lobbys_rules(type_, ident, keys):
    """The lobby's bits (docs/rules/tenhou-logs.md §4): 0x02 no red fives, 0x04 no open tanyao,
    0x08 East-South, 0x10 three players."""
    from yakuset.riichi.logs.lobby import lobby_of_type

    lobby, bundled, _ = lobby_of_type(type_)
    variant = lobby_variant(lobby)
    assert (variant is None) == (bundled is not None)
    if variant is None:
        return
    assert variant[0] == ident
    rs = yakuset.load_ruleset_text(variant[1], f"{variant[0]}.yaml", bundled_parents_only=True)
    assert rs.files[1].path.stem == ("tenhou" if lobby.players == 4 else "tenhou-sanma")
    for key, value in keys.items():
        if key == "red":
            assert sum(rs.document["tiles"]["red_fives"].values()) == value
        else:
            section, name = key.split(".")
            assert rs.document[section][name] == value


def test_a_log_cut_between_hands_says_the_game_goes_on():
    # issue 42 item 30: a log cut after hand 2 replayed as "all 2 hands as the log's" and no more.
    record = read_log(LOGS / "tenhou-mjlog" / "double-ron.mjlog")
    assert record.final is not None and len(record.hands) > 2
    cut = record._replace(hands=record.hands[:2], final=None, final_points=None)
    done = replay(yakuset.load_ruleset("tenhou"), cut)
    assert done.divergence is None
    assert done.notes == (
        "the log stops after hand 2, where the game goes on under tenhou: it gives no final scores to compare",
    )
    assert replay(yakuset.load_ruleset("tenhou"), record).notes == ()
