"""Simulated matches play by the rules of the table and the referee: every simulated match,
replayed move by move at a ``yakuset.koikoi.Table`` dealt from the same seed (which refuses any
illegal move), and event by event through ``yakuset.koikoi.Match`` (which scores each turn from
the captured cards), gives the same events, points, next dealers and winner; a match is the same
from the same seed."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest
import yakuset
from hypothesis import given, settings
from hypothesis import strategies as st
from yakuset import koikoi
from yakuset.koikoi._simulation import SEATS, LogEntry, MatchRecord

KOIKOI = [rs.id for rs in yakuset.list_rulesets() if rs.game == "koikoi"]
BOTS = ["random", "greedy", "steady"]


def replay(rs: yakuset.RuleSet, seed: int, record: MatchRecord, log: list[LogEntry]) -> koikoi.TableResult:
    """Play the logged moves at a table dealt from the same seed; check each round's end."""
    table = koikoi.Table(rs, SEATS, seed)
    assert table.first_dealer == SEATS[record.first_dealer]
    for kind, seat, data in log:
        if kind == "play":
            assert table.pending == "play" and table.to_move == SEATS[seat]
            table.play(koikoi.Move("play", data))
        elif kind == "choose":
            assert table.pending == "choose" and table.choosing == data[0]
            table.play(koikoi.Move("choose", *data))
        elif kind == "answer":
            assert table.pending == "koikoi_or_shobu" and table.to_move == SEATS[seat]
            table.play(koikoi.Move(data))
    assert table.finished
    result = table.result
    assert result is not None and len(result.rounds) == len(record.rounds)
    for ended, played in zip(result.rounds, record.rounds, strict=True):
        assert (ended.month, ended.dealer, ended.ended) == (played.month, SEATS[played.dealer], played.kind)
        assert (ended.winner, ended.points) == (None if played.winner is None else SEATS[played.winner], played.points)
        assert (ended.calls, ended.redeals) == (played.calls, played.redeals)
        if played.kind in ("shobu", "automatic_shobu"):
            assert ended.yaku == played.yaku
    assert result.totals == record.totals
    assert result.winner == (None if record.winner is None else SEATS[record.winner])
    return result


@pytest.mark.parametrize("ruleset", KOIKOI)
@pytest.mark.parametrize("bot", BOTS)
def test_simulated_matches_replay_at_a_table_with_the_same_outcome(ruleset: str, bot: str) -> None:
    rs = yakuset.load_ruleset(ruleset)
    bots = koikoi.find_bots(rs, [bot, bot])
    for seed in range(6):
        log: list[LogEntry] = []
        record = koikoi.play_match(rs, seed, bots, log)
        replay(rs, seed, record, log)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), ruleset=st.sampled_from(KOIKOI), bot=st.sampled_from(BOTS))
def test_any_seed_plays_a_match_the_table_accepts(seed: int, ruleset: str, bot: str) -> None:
    rs = yakuset.load_ruleset(ruleset)
    log: list[LogEntry] = []
    record = koikoi.play_match(rs, seed, koikoi.find_bots(rs, [bot, "random"]), log)
    replay(rs, seed, record, log)


def test_the_same_seed_plays_the_same_match() -> None:
    rs = yakuset.load_ruleset("nintendo")
    bots = koikoi.find_bots(rs, ["random", "greedy"])
    first: list[LogEntry] = []
    second: list[LogEntry] = []
    assert koikoi.play_match(rs, 7, bots, first) == koikoi.play_match(rs, 7, bots, second)
    assert first == second
    other: list[LogEntry] = []
    koikoi.play_match(rs, 8, bots, other)
    assert other != first


def test_the_same_seed_deals_the_same_cards_whatever_the_bots() -> None:
    rs = yakuset.load_ruleset("nintendo")
    logs = []
    for pair in (["random", "random"], ["steady", "greedy"]):
        log: list[LogEntry] = []
        koikoi.play_match(rs, 11, koikoi.find_bots(rs, pair), log)
        logs.append(log)
    assert logs[0][0] == logs[1][0]  # the first deal


def test_a_study_part_is_the_sum_of_its_matches() -> None:
    rs = yakuset.load_ruleset("fudawiki")
    bots = koikoi.find_bots(rs, ["greedy", "greedy"])
    whole = koikoi.play_matches(rs, 3, 0, 40, bots)
    halves = koikoi.play_matches(rs, 3, 0, 17, bots).add(koikoi.play_matches(rs, 3, 17, 40, bots))
    assert whole.as_dict() == halves.as_dict()
    assert whole.matches == 40 and whole.rounds == 40 * koikoi.rules_of(rs).rounds


class _CountingBot:
    """A random bot that, at every decision, checks that each card of the deck is in exactly one
    place: a hand, the field, the stock or a captured pile (it reads the round's whole state,
    which a real bot never sees)."""

    def __init__(self, rs: yakuset.RuleSet, rng: random.Random) -> None:
        self.rng, self.deck = rng, sorted(koikoi.rules_of(rs).cards)
        self.checked = 0

    def _check(self, view: koikoi.View) -> None:
        state = view._state
        places = [*state.hands[0], *state.hands[1], *view.field, *state.stock, *state.captured[0], *state.captured[1]]
        assert sorted(places) == self.deck
        self.checked += 1

    def play(self, view: koikoi.View) -> str:
        self._check(view)
        return self.rng.choice(view.playable)

    def capture(self, view: koikoi.View, card: str, choices: tuple[str, ...]) -> str:
        assert len(choices) == 2 and all(view.month_of(c) == view.month_of(card) for c in choices)
        self._check(view)  # `card`, played or turned from the stock, is in the player's pile already
        return self.rng.choice(choices)

    def koikoi(self, view: koikoi.View) -> bool:
        self._check(view)
        return self.rng.random() < 0.5


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), ruleset=st.sampled_from(KOIKOI))
def test_every_card_is_in_exactly_one_place_at_every_decision(seed: int, ruleset: str) -> None:
    rs = yakuset.load_ruleset(ruleset)
    made: list[_CountingBot] = []

    def factory(rs: yakuset.RuleSet, rng: random.Random) -> _CountingBot:
        made.append(_CountingBot(rs, rng))
        return made[-1]

    record = koikoi.play_match(rs, seed, [factory, factory])
    assert record.rounds and sum(bot.checked for bot in made) > 0


#: House rule sets that turn on every table rule no bundled rule set uses, so that simulated
#: matches are checked against the table under each of them too.
HOUSE_RULES = {
    "weather": """
        extends: fudawiki
        name: Weather
        yaku_rules:
          weather:
            - {id: rain, enabled: true}
            - {id: fog, enabled: true}
            - {id: rain_man, enabled: true}
    """,
    "calls": """
        extends: nintendo
        name: Calls
        calls: {limit_per_round: 2, limit_scope: round, offer_on: new_yaku, minimum_base: 3, on_exhaustive_draw: score}
    """,
    "dealer_captures": """
        extends: fudawiki
        name: Dealer captures
        match: {hand_cards: 6, field_cards: 12, field_four: dealer_captures, after_draw: last_yaku,
                must_capture: true, first_dealer: random}
    """,
    "dealer_wins": """
        extends: nintendo
        name: Dealer wins
        match: {hand_cards: 6, field_cards: 12, field_four: dealer_wins, field_four_points: 4, field_pairs: redeal,
                after_win: other_player, start_points: 10, zero_sum: true, until_out: true, target: 25, rounds: 30}
    """,
}


def _house(tmp_path: Path, name: str) -> yakuset.RuleSet:
    path = tmp_path / f"{name}.yaml"
    path.write_text(textwrap.dedent(HOUSE_RULES[name]).lstrip(), encoding="utf-8")
    return yakuset.load_ruleset(path)


@pytest.mark.parametrize("name", sorted(HOUSE_RULES))
def test_every_table_rule_plays_as_the_table_plays_it(tmp_path: Path, name: str) -> None:
    rs = _house(tmp_path, name)
    seen: set[str] = set()
    for seed in range(24):
        for pair in (["random", "random"], ["greedy", "steady"]):
            log: list[LogEntry] = []
            record = koikoi.play_match(rs, seed, koikoi.find_bots(rs, pair), log)
            replay(rs, seed, record, log)
            seen.update(r.kind for r in record.rounds)
            seen.update(kind for kind, _, _ in log if kind == "field_four")
    if name in ("dealer_captures", "dealer_wins"):  # the seeds reach the misdealt field
        assert "field_four" in seen


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), ruleset=st.sampled_from(KOIKOI), bot=st.sampled_from(BOTS))
def test_points_are_zero_sum_where_the_rule_set_says_and_every_match_ends(seed: int, ruleset: str, bot: str) -> None:
    rs = yakuset.load_ruleset(ruleset)
    table = koikoi.rules_of(rs).table
    record = koikoi.play_match(rs, seed, koikoi.find_bots(rs, [bot, "random"]))
    assert 1 <= len(record.rounds) <= koikoi.rules_of(rs).rounds
    moved = sum(r.points for r in record.rounds if r.winner is not None)
    if table.zero_sum:  # what one player wins the other loses: the totals keep their sum
        assert sum(record.totals) == 2 * table.start_points
    else:
        assert sum(record.totals) >= 2 * table.start_points + moved  # the match-end plugins only add
