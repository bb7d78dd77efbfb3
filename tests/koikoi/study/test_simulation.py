"""Simulated matches are played at a table, by the referee's rules: every simulated match's
moves, reported event by event through the public referee (``yakuset.koikoi.Match`` and
``Round``, which check every report and score each turn from the captured cards), give the
same events, points, next dealers and totals as the table recorded; a match is the same from
the same seed; a study's parts add up."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import yakuset
from hypothesis import given, settings, strategies as st
from yakuset import koikoi
from yakuset.koikoi.match.trace import (
    Answered,
    Chose,
    Dealt,
    Entry,
    FieldFour,
    Finished,
    Played,
    Refereed,
    RoundStarted,
    Started,
)
from yakuset.koikoi.study.simulation import SEATS, MatchRecord

from ...helpers import bundled_ids, examples

KOIKOI = list(bundled_ids("koikoi"))
BOTS = ["random", "greedy", "steady", "human"]


def same_event(reported: koikoi.Event, logged: koikoi.Event) -> None:
    """The referee's answer to a report is the one the table logged (the table's quiet
    ``continue`` carries no hand)."""
    assert (reported.kind, reported.player, reported.points) == (logged.kind, logged.player, logged.points)
    assert (reported.winner, reported.next_dealer) == (logged.winner, logged.next_dealer)
    if logged.hand is not None:
        assert reported.hand == logged.hand
    if logged.kind != "continue":
        assert reported.message == logged.message and reported.award == logged.award


class Reporter:
    """Reports a table's log to the public referee, as a person keeping score would."""

    def __init__(self, rs: yakuset.RuleSet) -> None:
        self.rs = rs
        self.match: koikoi.Match | None = None
        self.round: koikoi.Round | None = None
        self.field: list[str] = []
        self.turn: tuple[str, list[str]] | None = None  # the player of a turn in progress, and their captures
        self.answer: koikoi.Event | None = None  # the referee's answer to the last report
        self.captures = 0  # field_four: dealer_captures, within one deal

    def meet(self, card: str | None, took: tuple[str, ...] | None) -> None:
        assert self.turn is not None
        if card is None or took is None:
            return
        if took:
            self.turn[1].extend((card, *took))
            self.field = [c for c in self.field if c not in took]
        else:
            self.field.append(card)

    def report(self, entry: Entry) -> None:
        if isinstance(entry, Started):
            self.match = koikoi.Match(self.rs, list(entry.players), entry.first_dealer)
        elif isinstance(entry, RoundStarted):
            assert self.match is not None
            self.round = self.match.new_round()
            assert (self.round.month, self.round.dealer) == (entry.month, entry.dealer)
        elif isinstance(entry, Dealt):
            assert self.round is not None
            self.field = list(entry.field)
            self.captures = 0
            self.answer = self.round.deal({entry.dealer: entry.dealer_hand, entry.other: entry.other_hand}, entry.field)
        elif isinstance(entry, FieldFour):
            assert self.round is not None
            self.captures += 1
            if self.captures > 1:
                # The fresh cards made four of a month again: the public referee has no report for
                # a second capture at the same deal, so it is applied as the table applies it.
                self.round._capture_for_dealer(entry.captured)
            self.field = [c for c in self.field if c not in entry.captured] + list(entry.fresh)
        elif isinstance(entry, Played):
            self.turn = (entry.player, [])
            self.meet(entry.card, entry.took)
            if entry.took is None:  # the played card waits for a choice: it is captured with it
                self.turn[1].append(entry.card)
            self.turned(entry.turned, entry.turned_took)
        elif isinstance(entry, Chose):
            assert self.turn is not None
            self.turn[1].append(entry.target)
            self.field.remove(entry.target)
            self.turned(entry.turned, entry.turned_took)
        elif isinstance(entry, Answered):
            assert self.round is not None
            self.answer = self.round.answer(entry.player, entry.choice)
        elif isinstance(entry, Refereed):
            if self.turn is not None:
                assert self.round is not None
                player, captured = self.turn
                self.answer, self.turn = self.round.turn(player, captured, field=self.field), None
            assert self.answer is not None
            same_event(self.answer, entry.event)
            self.answer = None
        else:
            assert isinstance(entry, Finished) and self.match is not None
            result = self.match.finish()
            assert tuple(result.totals.items()) == entry.totals and result.winner == entry.winner

    def turned(self, card: str | None, took: tuple[str, ...] | None) -> None:
        if card is not None:
            self.meet(card, took)
            if took is None:  # the turned card waits for a choice
                assert self.turn is not None
                self.turn[1].append(card)


def report(rs: yakuset.RuleSet, log: list[Entry], record: MatchRecord) -> None:
    """Report the table's log to the referee; its totals are the simulation's."""
    reporter = Reporter(rs)
    for entry in log:
        reporter.report(entry)
    assert reporter.match is not None and reporter.match.result is not None
    result = reporter.match.result
    assert (result.totals[SEATS[0]], result.totals[SEATS[1]]) == record.totals
    assert len(reporter.match.rounds) == len(record.rounds)
    for played, rnd in zip(reporter.match.rounds, record.rounds, strict=True):
        ended = played.result
        assert ended is not None and (ended.kind, ended.points) == (rnd.kind, rnd.points)
        assert ended.next_dealer == SEATS[rnd.next_dealer]
        assert (played.calls(SEATS[0]), played.calls(SEATS[1])) == rnd.calls


@pytest.mark.parametrize("ruleset", KOIKOI)
@pytest.mark.parametrize("bot", BOTS)
def test_simulated_matches_reported_to_the_referee_give_the_same_events_and_totals(ruleset: str, bot: str) -> None:
    rs = yakuset.load_ruleset(ruleset)
    bots = koikoi.find_bots(rs, [bot, bot])
    for seed in range(examples(6)):  # three matches in the quick run
        log: list[Entry] = []
        record = koikoi.play_match(rs, seed, bots, log)
        report(rs, log, record)


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), ruleset=st.sampled_from(KOIKOI), bot=st.sampled_from(BOTS))
def test_any_seed_plays_a_match_the_referee_accepts(seed: int, ruleset: str, bot: str) -> None:
    rs = yakuset.load_ruleset(ruleset)
    log: list[Entry] = []
    record = koikoi.play_match(rs, seed, koikoi.find_bots(rs, [bot, "random"]), log)
    report(rs, log, record)


def test_the_same_seed_plays_the_same_match() -> None:
    rs = yakuset.load_ruleset("nintendo")
    bots = koikoi.find_bots(rs, ["random", "greedy"])
    first: list[Entry] = []
    second: list[Entry] = []
    assert koikoi.play_match(rs, 7, bots, first) == koikoi.play_match(rs, 7, bots, second)
    assert first == second
    other: list[Entry] = []
    koikoi.play_match(rs, 8, bots, other)
    assert other != first


def test_the_same_seed_deals_the_same_cards_whatever_the_bots() -> None:
    rs = yakuset.load_ruleset("nintendo")
    deals = []
    for pair in (["random", "random"], ["steady", "greedy"]):
        log: list[Entry] = []
        koikoi.play_match(rs, 11, koikoi.find_bots(rs, pair), log)
        deals.append(next(entry for entry in log if isinstance(entry, Dealt)))
    assert deals[0] == deals[1]  # the first deal


def test_a_study_part_is_the_sum_of_its_matches() -> None:
    rs = yakuset.load_ruleset("fudawiki")
    bots = koikoi.find_bots(rs, ["greedy", "greedy"])
    whole = koikoi.play_matches(rs, 3, 0, 40, bots)
    halves = koikoi.play_matches(rs, 3, 0, 17, bots).add(koikoi.play_matches(rs, 3, 17, 40, bots))
    assert whole.as_dict() == halves.as_dict()
    assert whole.matches == 40 and whole.rounds == 40 * koikoi.rules_of(rs).table.rounds


class _Cheat:
    """A bot that plays a card it does not hold."""

    def __init__(self, rs: yakuset.RuleSet, rng: object) -> None:
        self.deck = list(koikoi.rules_of(rs).cards)

    def play(self, view: koikoi.View) -> str:
        return next(card for card in self.deck if card not in view.hand)

    def capture(self, view: koikoi.View, card: str, choices: tuple[str, ...]) -> str:
        return choices[0]

    def koikoi(self, view: koikoi.View) -> bool:
        return False


def test_a_bots_illegal_answer_is_refused_naming_the_bot_and_why() -> None:
    rs = yakuset.load_ruleset("nintendo")
    with pytest.raises(
        yakuset.InputError, match=r"bot _Cheat answered play \S+: '\S+' is not in the hand of player 'a'"
    ):
        koikoi.play_match(rs, 1, [_Cheat, _Cheat])


#: House rule sets that turn on every table rule no bundled rule set uses, so that simulated
#: matches are checked against the referee under each of them too.
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
def test_every_table_rule_plays_as_the_referee_scores_it(tmp_path: Path, name: str) -> None:
    rs = _house(tmp_path, name)
    seen: set[str] = set()
    for seed in range(24):
        for pair in (["random", "random"], ["greedy", "steady"]):
            log: list[Entry] = []
            record = koikoi.play_match(rs, seed, koikoi.find_bots(rs, pair), log)
            report(rs, log, record)
            seen.update(r.kind for r in record.rounds)
            seen.update("field_four" for entry in log if isinstance(entry, FieldFour))
    if name in ("dealer_captures", "dealer_wins"):  # the seeds reach the misdealt field
        assert "field_four" in seen


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), ruleset=st.sampled_from(KOIKOI), bot=st.sampled_from(BOTS))
def test_points_are_zero_sum_where_the_rule_set_says_and_every_match_ends(seed: int, ruleset: str, bot: str) -> None:
    rs = yakuset.load_ruleset(ruleset)
    table = koikoi.rules_of(rs).table
    record = koikoi.play_match(rs, seed, koikoi.find_bots(rs, [bot, "random"]))
    assert 1 <= len(record.rounds) <= koikoi.rules_of(rs).table.rounds
    moved = sum(r.points for r in record.rounds if r.winner is not None)
    if table.zero_sum:  # what one player wins the other loses: the totals keep their sum
        assert sum(record.totals) == 2 * table.start_points
    else:
        assert sum(record.totals) >= 2 * table.start_points + moved  # the match-end plugins only add
