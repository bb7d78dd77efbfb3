"""Simulated matches play by the referee's rules: every simulated match, replayed event by event
through ``yakuset.koikoi.Match`` (which scores each turn with ``yakuset.koikoi.yaku``), gives
the same events, points, next dealers and winner; a match is the same from the same seed."""

from __future__ import annotations

import random

import pytest
import yakuset
from hypothesis import given, settings
from hypothesis import strategies as st
from yakuset import koikoi
from yakuset.koikoi._simulation import SEATS, LogEntry, MatchRecord

KOIKOI = [rs.id for rs in yakuset.list_rulesets() if rs.game == "koikoi"]
BOTS = ["random", "greedy", "steady"]


def replay(rs: yakuset.RuleSet, record: MatchRecord, log: list[LogEntry]) -> koikoi.MatchResult:
    """Report the logged match to the referee, checking each round's end against the record."""
    match = koikoi.Match(rs, SEATS, first_dealer=SEATS[record.first_dealer])
    entries = iter(log)
    for played in record.rounds:
        table = match.new_round()
        assert table.month == played.month and table.dealer == SEATS[played.dealer]
        while True:
            kind, hands, field = next(entries)
            assert kind == "deal"
            event = table.deal({SEATS[0]: hands[0], SEATS[1]: hands[1]}, field)
            if event.kind != "redeal":
                break
        offers = [0, 0]
        while not table.finished:
            kind, seat, data = next(entries)
            if kind == "turn":
                event = table.turn(SEATS[seat], list(data))
            else:
                assert event.kind == "offer" and event.player == SEATS[seat]  # the referee offered it
                offers[seat] += 1
                event = table.answer(SEATS[seat], data)
        result = table.result
        assert result is not None
        assert result.kind == played.kind
        assert result.points == played.points
        assert (result.winner, played.winner) in ((None, None), (SEATS[played.winner or 0], played.winner))
        assert tuple(offers) == played.offers
        assert (table.calls(SEATS[0]), table.calls(SEATS[1])) == played.calls
        if played.kind in ("shobu", "automatic_shobu"):
            assert result.hand is not None and tuple(y.id for y in result.hand.yaku) == played.yaku
    assert next(entries, None) is None
    return match.finish()


@pytest.mark.parametrize("ruleset", KOIKOI)
@pytest.mark.parametrize("bot", BOTS)
def test_simulated_matches_replay_through_the_referee_with_the_same_outcome(ruleset: str, bot: str) -> None:
    rs = yakuset.load_ruleset(ruleset)
    bots = koikoi.find_bots(rs, [bot, bot])
    for seed in range(6):
        log: list[LogEntry] = []
        record = koikoi.play_match(rs, seed, bots, log)
        result = replay(rs, record, log)
        assert (result.totals[SEATS[0]], result.totals[SEATS[1]]) == record.totals
        assert result.winner == (None if record.winner is None else SEATS[record.winner])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), ruleset=st.sampled_from(KOIKOI), bot=st.sampled_from(BOTS))
def test_any_seed_plays_a_match_the_referee_accepts(seed: int, ruleset: str, bot: str) -> None:
    rs = yakuset.load_ruleset(ruleset)
    log: list[LogEntry] = []
    record = koikoi.play_match(rs, seed, koikoi.find_bots(rs, [bot, "random"]), log)
    replay(rs, record, log)


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
        return self.rng.choice(view.hand)

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
