"""Whole Riichi games between bots and balance studies of Riichi rule sets (issue 26 items 6
and 8): each built-in bot plays as documented, a game depends on its seed alone, a tally counts
what the games did, and ``yakuset simulate`` takes Riichi rule sets with the same figures
however the games are split."""

from __future__ import annotations

import json
import math
import random
import statistics
from collections import Counter

import pytest
import yakuset
from yakuset import _studies, riichi
from yakuset.riichi import Move, Table, TileDiscarded
from yakuset.riichi.study import simulation
from yakuset.riichi.study.simulation import GameRecord, HandRecord, count, play_out

from ...helpers import run

mahjong_shanten = pytest.importorskip("mahjong.shanten")


@pytest.fixture(scope="module")
def tenhou():
    return yakuset.load_ruleset("tenhou")


class _Watching:
    """Wraps a bot: records each decision (the legal moves, the move, the view's hand)."""

    def __init__(self, bot, log: list) -> None:
        self.bot, self.log = bot, log

    def choose(self, view, moves):
        move = self.bot.choose(view, moves)
        self.log.append((view.seat, list(moves), move, view.hand, view.drawn))
        return move


def _watched_game(rs, names: list[str], seed: int, hands: int | None = None):
    """Play a game between ``names`` at a table (stopping after ``hands`` hands), the decisions logged."""
    bots = riichi.find_bots(rs, names)
    table = Table(rs, seed=seed)
    log: list = []
    made = [
        (bot, _Watching(bot.factory(rs, random.Random(f"{seed}:bot:{seat}")), log)) for seat, bot in enumerate(bots)
    ]
    if hands is None:
        play_out(table, made)
    else:
        views = [table.view(seat) for seat in range(len(bots))]
        while table.to_move is not None and len(table.hands) < hands:
            seat = table.to_move
            table.play(made[seat][1].choose(views[seat], table.legal_moves()))
    return table, log


def test_tsumogiri_discards_what_it_drew_passes_every_call_and_wins_when_it_can(tenhou):
    table, log = _watched_game(tenhou, ["tsumogiri"] * 4, 2)
    assert log
    for _seat, moves, move, _hand, drawn in log:
        kinds = {m.kind for m in moves}
        if kinds & {"tsumo", "ron"}:
            assert move.kind in ("tsumo", "ron")
        elif "pass" in kinds:
            assert move.kind == "pass"
        else:
            assert move == Move("discard", drawn)
    discards = [event for event in table.events if isinstance(event, TileDiscarded)]
    assert discards and all(event.tsumogiri for event in discards)


def _shanten_after(hand, tile) -> int:
    counts = [0] * 34
    for t in hand:
        counts[t >> 2] += 1
    counts[tile >> 2] -= 1
    return mahjong_shanten.Shanten().calculate_shanten(counts)


def test_efficiency_wins_declares_riichi_and_discards_to_the_lowest_shanten(tenhou):
    table, log = _watched_game(tenhou, ["efficiency"] * 4, 1, hands=3)
    turns = 0
    for _seat, moves, move, hand, _drawn in log:
        kinds = {m.kind for m in moves}
        if kinds & {"tsumo", "ron"}:
            assert move.kind in ("tsumo", "ron")
        elif "riichi" in kinds:
            assert move.kind == "riichi"
        elif "pass" in kinds:
            assert move.kind in ("pass", "pon")
        elif len([m for m in moves if m.kind == "discard"]) > 1:
            turns += 1
            best = min(_shanten_after(hand, m.tile) for m in moves if m.kind == "discard")
            assert _shanten_after(hand, move.tile) == best
    assert turns > 30
    endings = [hand.ending for hand in table.hands]
    assert set(endings) & {"ron", "tsumo"}


def test_efficiency_pons_value_honours_only():
    """A value honour offered: the dragon is ponned, a guest wind passed (seat 1 holds pairs of
    white dragon and of north, seat 0 discards both). Calls are the table's next increment:
    until its Table offers pon, the bot is asked directly with the moves a call would bring."""
    plugin = __import__("yakuset._plugins.riichi_bots", fromlist=["EfficiencyBot"])
    bot = plugin.EfficiencyBot(None, random.Random(0))
    state = riichi.new_game(yakuset.load_ruleset("tenhou"))

    class View:
        seat = 1

    View.state = state
    white, north = 31 * 4, 30 * 4
    pon_white = [Move("pon", white, (white + 1, white + 2)), Move("pass")]
    pon_north = [Move("pon", north, (north + 1, north + 2)), Move("pass")]
    ron = [Move("ron"), Move("pon", white, (white + 1, white + 2)), Move("pass")]
    assert bot.choose(View, pon_white) == pon_white[0]
    assert bot.choose(View, pon_north) == Move("pass")  # seat 1 is south in East 1: north is a guest wind
    assert bot.choose(View, ron) == Move("ron")
    View.seat = 3  # north's own wind
    assert bot.choose(View, pon_north) == pon_north[0]


def test_random_chooses_uniformly_from_its_own_stream(tenhou):
    """Each choice is legal-move index floor(u * n) for the seat's own uniform draws u, so the
    positions chosen, as fractions of the moves offered, are uniform on [0, 1)."""
    _table, log = _watched_game(tenhou, ["random"] * 4, 4, hands=2)
    fractions = [(moves.index(move) + 0.5) / len(moves) for _s, moves, move, _h, _d in log if len(moves) > 1]
    n = len(fractions)
    mean = sum(fractions) / n
    assert n > 100 and abs(mean - 0.5) < 4 * (1 / 12) ** 0.5 / n**0.5
    _again, log_again = _watched_game(tenhou, ["random"] * 4, 4, hands=2)
    assert [entry[2] for entry in log_again] == [entry[2] for entry in log]


def test_a_game_depends_on_its_seed_alone_and_bots_of_any_kind_are_dealt_the_same_walls(tenhou):
    bots = riichi.find_bots(tenhou, ["random"] * 4)
    assert riichi.play_game(tenhou, 7, bots) == riichi.play_game(tenhou, 7, bots)
    played = [_watched_game(tenhou, ["random"] * 4, seed, hands=1)[0].events for seed in (7, 7, 8)]
    assert played[0] == played[1] and played[0][0] != played[2][0]
    dealt = [_watched_game(tenhou, names, 7, hands=0)[0].events[0] for names in (["tsumogiri"] * 4, ["random"] * 4)]
    assert dealt[0] == dealt[1]


def test_play_game_refuses_what_are_not_bots(tenhou):
    with pytest.raises(yakuset.InputError, match=r"bots must be 4 bots \(yakuset.riichi.find_bots"):
        riichi.play_game(tenhou, 1, ["random"] * 4)


def _hand(dealer, ending, winners=(), values=(), discarder=None, riichi=(), called=(), renchan=False, hand=None):
    hand_values = tuple(values if hand is None else hand)
    return HandRecord(
        dealer, ending, tuple(winners), tuple(values), hand_values, discarder, tuple(riichi), tuple(called), renchan
    )


def test_a_tally_counts_rates_per_seat_and_hand_and_places_by_starting_seat():
    """Two hand-made games: the figures worked out by hand."""
    games = [
        GameRecord(
            (
                _hand(0, "ron", [1], [8000], discarder=2, riichi=[1], called=[3]),
                _hand(1, "tsumo", [1], [6900], riichi=[0, 1], renchan=True, hand=[3900]),
                _hand(1, "exhaustive_draw"),
                _hand(2, "four_winds"),
            ),
            (20000, 40000, 25000, 15000),
            (3, 1, 2, 4),
            (-20.0, 50.0, -5.0, -25.0),
        ),
        GameRecord(
            (_hand(0, "ron", [2, 3], [5200, 2000], discarder=0, called=[2, 3]),),
            (17800, 25000, 30200, 27000),
            (4, 3, 1, 2),
            (-42.2, -5.0, 40.2, 7.0),
        ),
    ]
    t = riichi.Tally()
    for game in games:
        count(t, game)
    s = riichi.summary(t)
    assert (s["games"], s["hands"]) == (2, 5)
    assert s["win_rate"]["value"] == round(4 / 20, 4)  # 4 winners over 5 hands x 4 seats
    assert s["deal_in_rate"]["value"] == round(2 / 20, 4)
    assert s["riichi_rate"]["value"] == round(3 / 20, 4)
    assert s["call_rate"]["value"] == round(3 / 20, 4)
    assert s["tsumo_share"]["value"] == 0.25
    assert s["exhaustive_draws"]["value"] == 0.2 and s["abortive_draws"]["value"] == 0.2
    assert s["dealer_share"]["value"] == 0.25  # of 4 winners, the tsumo was the dealer's (seat 1)
    assert s["renchan"]["value"] == 0.2
    assert s["win_value"]["value"] == (8000 + 6900 + 5200 + 2000) / 4
    assert s["win_value"]["distribution"] == {"2000": 1, "5200": 1, "6900": 1, "8000": 1}
    assert s["hand_value"]["value"] == (8000 + 3900 + 5200 + 2000) / 4  # without the tsumo's sticks
    seat0 = s["by_seat"][0]
    assert seat0["places"] == [0, 0, 1, 1] and seat0["place"]["value"] == 3.5
    assert seat0["score"]["value"] == (20000 + 17800) / 2
    assert seat0["points"]["value"] == round((-20.0 - 42.2) / 2, 4)
    assert s["by_seat"][2]["first"]["value"] == 0.5


def test_tallies_of_any_partition_of_the_games_add_up_to_the_same_counts(tenhou):
    bots = riichi.find_bots(tenhou, ["tsumogiri"] * 4)
    whole = riichi.play_games(tenhou, 5, 0, 6, bots)
    parts = riichi.play_games(tenhou, 5, 4, 6, bots).add(riichi.play_games(tenhou, 5, 0, 4, bots))
    assert whole.as_dict() == parts.as_dict()
    assert whole.matches == 6 and sum(whole.lengths.values()) == 6
    assert sum(n for key, n in whole.places.items() if key.startswith("0:")) == 6


def test_simulate_takes_riichi_rule_sets_and_compares_them(capsys):
    code, out, _ = run(
        capsys, "simulate", "tenhou", "mahjong-soul", "--matches", "3", "--bots", "tsumogiri", "--no-progress"
    )
    assert code == 0
    assert "3 games per rule set between tsumogiri at every seat (seed 0)" in out
    assert "tenhou: 3 games," in out and "mahjong-soul: 3 games," in out
    assert "mahjong-soul against tenhou on the same games (paired difference, 95% interval; * significant):" in out
    for label in (
        "a seat wins the hand",
        "a seat deals in",
        "a seat declares riichi",
        "a seat calls",
        "the dealer deals again",
    ):
        assert label in out


def test_simulate_json_of_riichi_is_the_same_however_the_games_are_split(monkeypatch, capsys):
    argv = ["simulate", "tenhou", "mahjong-soul", "--matches", "5", "--bots", "tsumogiri", "--json", "--no-progress"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    whole = json.loads(out)
    monkeypatch.setattr(_studies, "PART_SIZE", 2)
    code, out, _ = run(capsys, *argv)
    assert json.loads(out) == whole
    counts = whole["rulesets"][0]["counts"]
    assert counts["matches"] == 5 and sum(Counter(counts["lengths"]).values()) == 5
    assert whole["bots"] == ["tsumogiri"] * 4


#: Student's t, the 97.5% quantile for 9 degrees of freedom (a published table, three decimals).
T_9 = 2.262


def test_a_study_compares_rule_sets_game_by_game_with_the_t_table(tenhou):
    # The same 10 walls and bot streams under Tenhou and EMA: starting seat 0's final score
    # compared game by game, its interval t over the per-game differences.
    ema = yakuset.load_ruleset("ema-2025")
    study = _studies.run([tenhou, ema], 10, 3, ["random"], workers=1).as_dict()
    found = study["comparisons"][0]["differences"]["by_seat"][0]["score"]
    scores = []
    for rs in (tenhou, ema):
        bots = riichi.find_bots(rs, ["random"] * 4)
        scores.append([riichi.play_games(rs, 3, i, i + 1, bots).score_sums[0] for i in range(10)])
    differences = [b - a for a, b in zip(*scores, strict=True)]
    assert len(set(differences)) > 1  # the interval has a width to check
    half = T_9 * statistics.stdev(differences) / math.sqrt(10)
    low, high = found["ci95"]
    assert found["difference"] == pytest.approx(statistics.mean(differences), abs=0.05)
    assert (high - low) / 2 == pytest.approx(half, rel=1e-3)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tenhou", "nintendo"], "'tenhou' is a riichi rule set and 'nintendo' a koikoi one"),
        (
            ["tenhou", "--bots", "random,tsumogiri"],
            "Riichi under 'tenhou' is played by four bots, got 2: random, tsumogiri",
        ),
        (["tenhou", "--bots", "efficency"], "no bot named 'efficency'"),
    ],
)
def test_simulate_refuses_riichi_mistakes_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, "simulate", *argv, "--no-progress")
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_ctrl_c_stops_a_riichi_study_with_the_games_finished(monkeypatch, capsys):
    played = {"parts": 0}
    study = riichi.GAME.study
    part = study.play_matches

    def interrupted_after_two_parts(rs, seed, start, stop, bots):
        played["parts"] += 1
        if played["parts"] > 2:
            raise KeyboardInterrupt
        return part(rs, seed, start, stop, bots)

    monkeypatch.setattr(study, "play_matches", interrupted_after_two_parts)
    monkeypatch.setattr(_studies, "PART_SIZE", 2)
    code, out, _ = run(capsys, "simulate", "tenhou", "--matches", "200", "--bots", "tsumogiri", "--no-progress")
    assert code == 130
    assert "interrupted: the figures cover the matches finished before Ctrl-C" in out
    assert "tenhou: 4 games," in out


# A second figure in the quick run costs a second of rendering: test_simulate draws Koi-Koi's
# study through the same plot code there; this one runs with the slow tests.
@pytest.mark.slow
def test_a_riichi_study_is_drawn(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    path = tmp_path / "study.png"
    code, _, _ = run(
        capsys,
        "simulate",
        "tenhou",
        "tenhou-sanma",
        "--matches",
        "2",
        "--bots",
        "tsumogiri",
        "--plot",
        str(path),
        "--no-progress",
    )
    assert code == 0 and path.stat().st_size > 10_000


@pytest.mark.slow
def test_a_two_worker_local_cluster_gives_the_same_riichi_json_as_one_process():
    pytest.importorskip("distributed")
    rs = yakuset.load_ruleset("tenhou")
    here = _studies.run([rs], 6, 3, ["tsumogiri"], workers=1).as_dict()
    old = _studies.PART_SIZE
    _studies.PART_SIZE = 2
    try:
        there = _studies.run([rs], 6, 3, ["tsumogiri"], workers=2).as_dict()
    finally:
        _studies.PART_SIZE = old
    assert there == here


def test_a_wins_hand_value_is_what_it_gained_less_honba_and_sticks_as_tenhou_pays_them(tenhou):
    """Tenhou's rules (docs/rules/riichi-table.md): a ron's honba is 300 a counter, paid by the
    discarder; a tsumo's 100 a counter from each other seat; the winner nearest the discarder takes
    the riichi sticks, 1,000 each. So a lone winner's hand value is its gain less those."""
    bots = riichi.find_bots(tenhou, ["efficiency"] * 4)
    checked = 0
    for seed in range(3):
        table = Table(tenhou, seed=seed)
        marks = play_out(table, [(bot, bot.factory(tenhou, random.Random(seat))) for seat, bot in enumerate(bots)])
        game = simulation._record(tenhou, table, marks)
        for played, hand in zip(table.hands, game.hands, strict=True):
            if len(hand.winners) != 1:
                continue
            state, winner = played.state, hand.winners[0]
            others = sum(seat != winner for seat in hand.riichi)  # the winner's own stick comes back
            extra = 300 * state.honba + 1000 * (state.sticks + others)
            assert hand.values[0] - hand.hand_values[0] == extra
            checked += 1
    assert checked > 10
