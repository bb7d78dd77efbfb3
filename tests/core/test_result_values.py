"""Results are values: equal inputs give equal results, with the same hash and the same repr, from
warm memos, after ``yakuset.clear_caches()`` and from a rule set loaded again; an input that
matters gives a result that is not equal.

Every public result type of ``yakuset``, ``yakuset.koikoi``, ``yakuset.riichi`` and ``yakuset.diff``
is listed in ``COVERED`` with the property test that makes it; ``test_every_public_result_type_is_covered``
keeps the list whole (the Koi-Koi play flow's records are another module's: ``FLOW``).
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
import yakuset
from hypothesis import HealthCheck, assume, given, settings, strategies as st
from yakuset import diff, koikoi, riichi

from ..helpers import LOGS, examples

RIICHI = ["tenhou", "ema-2025", "full-scoring", "single-yakuman-cap"]
KOIKOI = ["nintendo", "tournament", "yakuza", "fudawiki", "kk-add-10"]
RAW_FU = [*range(20, 111, 2), 25]
FEW = settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@functools.cache
def _loaded(ident: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ident)


@functools.cache
def _loaded_again(ident: str) -> yakuset.RuleSet:
    """The rule set loaded a second time: another object with caches of its own (loaded once per
    rule set, not per example: a load costs more than the answers compared)."""
    again = yakuset.load_ruleset(ident)
    assert again is not _loaded(ident)
    return again


def equal_from_warm_cold_and_reloaded(ident: str, make: Callable[[yakuset.RuleSet], Any]) -> Any:
    """``make`` of the rule set ``ident``: twice warm, once after clear_caches(), once from the rule
    set loaded again; every answer equal to the first, with its hash and repr. Returns the first."""
    rs = _loaded(ident)
    first = make(rs)
    answers = [make(rs)]
    yakuset.clear_caches()
    answers.append(make(rs))
    answers.append(make(_loaded_again(ident)))
    for again in answers:
        assert again == first
        assert hash(again) == hash(first)
        assert repr(again) == repr(first)
    return first


def _refused(make: Callable[[], Any]) -> Any:
    try:
        return make()
    except yakuset.InputError:
        assume(False)


# --- Riichi --------------------------------------------------------------------------------------


@FEW
@given(
    ident=st.sampled_from(RIICHI),
    han=st.integers(1, 15),
    fu=st.sampled_from(RAW_FU),
    dealer=st.booleans(),
    tsumo=st.booleans(),
    honba=st.integers(0, 20),
    sticks=st.integers(0, 5),
)
def test_a_han_fu_score_is_a_value(ident, han, fu, dealer, tsumo, honba, sticks):
    def make(rs: yakuset.RuleSet, honba: int = honba, sticks: int = sticks) -> riichi.Score:
        return riichi.score(rs, han=han, fu=fu, dealer=dealer, tsumo=tsumo, honba=honba, riichi_sticks=sticks)

    first = _refused(lambda: make(_loaded(ident)))
    equal_from_warm_cold_and_reloaded(ident, make)
    equal_from_warm_cold_and_reloaded(ident, lambda rs: make(rs).base)
    equal_from_warm_cold_and_reloaded(ident, lambda rs: make(rs).payments)
    assert make(_loaded(ident), honba=honba + 1) != first
    assert make(_loaded(ident), sticks=sticks + 1) != first
    assert first.steps == make(_loaded(ident)).steps
    assert len(first) == len(riichi.Score._fields)  # only its documented fields


DECLARED = [
    ("riichi", "pinfu"),
    ("tanyao",),
    ("riichi", "ittsu", "pinfu"),
    ("chiitoitsu",),
    ("toitoi", "sanankou"),
    ("honitsu", "yakuhai_haku"),
    ("renhou",),
]


@FEW
@given(
    ident=st.sampled_from(RIICHI),
    declared=st.sampled_from(DECLARED),
    dora=st.integers(0, 6),
    dealer=st.booleans(),
    honba=st.integers(0, 5),
)
def test_a_declared_score_is_a_value(ident, declared, dora, dealer, honba):
    def make(rs: yakuset.RuleSet, honba: int = honba) -> riichi.Score:
        fu = 25 if "chiitoitsu" in declared else 40
        return riichi.score(rs, yaku=list(declared), dora=dora, fu=fu, dealer=dealer, honba=honba)

    first = _refused(lambda: make(_loaded(ident)))
    equal_from_warm_cold_and_reloaded(ident, make)
    assert make(_loaded(ident), honba=honba + 1) != first


YAKUMAN = [("daisangen",), ("kokushi",), ("daisangen", "tsuuiisou"), ("suuankou_tanki",), ("daisuushii",)]


@FEW
@given(ident=st.sampled_from(RIICHI), declared=st.sampled_from(YAKUMAN), dealer=st.booleans(), tsumo=st.booleans())
def test_a_yakuman_score_is_a_value(ident, declared, dealer, tsumo):
    def make(rs: yakuset.RuleSet, dealer: bool = dealer) -> riichi.Score:
        return riichi.score(rs, yakuman=list(declared), dealer=dealer, tsumo=tsumo)

    first = _refused(lambda: make(_loaded(ident)))
    equal_from_warm_cold_and_reloaded(ident, make)
    assert make(_loaded(ident), dealer=not dealer) != first


@functools.cache
def _hands() -> list[Any]:
    from ..oracles.hand_corpus import SEED, cases

    return list(itertools.islice(cases(SEED), 300))


@FEW
@given(index=st.integers(0, 299), ident=st.sampled_from(["tenhou", "ema-2025"]))
def test_a_hand_score_from_tiles_is_a_value(index, ident):
    case = _hands()[index]

    def make(rs: yakuset.RuleSet, **changed: Any) -> riichi.HandScore:
        return riichi.evaluate(rs, case.hand, **{**case.kwargs(), **changed})

    first = _refused(lambda: make(_loaded(ident)))
    equal_from_warm_cold_and_reloaded(ident, make)
    equal_from_warm_cold_and_reloaded(ident, lambda rs: make(rs).reading)
    assert make(_loaded(ident), honba=case.honba + 1) != first
    assert tuple(first.steps) == (*first.hand_steps, *first.score.steps)


OUTCOMES = [
    {"tsumo": {"seat": 1, "han": 2, "fu": 30}},
    {"tsumo": {"seat": 0, "han": 4, "fu": 40}},
    {"ron": {"discarder": 2, "winners": [{"seat": 0, "han": 3, "fu": 40}]}},
    {"ron": {"discarder": 3, "winners": [{"seat": 1, "han": 5, "fu": 30}]}},
    {"draw": {"tenpai": [0, 2]}},
    {"draw": {"tenpai": []}},
]


@FEW
@given(ident=st.sampled_from(RIICHI), first_outcome=st.sampled_from(OUTCOMES), second=st.sampled_from(OUTCOMES))
def test_a_settlement_its_state_and_the_standings_are_values(ident, first_outcome, second):
    def play(rs: yakuset.RuleSet, outcomes: list[dict[str, Any]]) -> riichi.Settlement:
        state = riichi.new_game(rs)
        settled = None
        for outcome in outcomes:
            settled = riichi.settle(rs, state, outcome)
            state = settled.state
        assert settled is not None
        return settled

    outcomes = [first_outcome, second]
    settled = equal_from_warm_cold_and_reloaded(ident, lambda rs: play(rs, outcomes))
    equal_from_warm_cold_and_reloaded(ident, lambda rs: play(rs, outcomes).state)
    equal_from_warm_cold_and_reloaded(ident, lambda rs: tuple(riichi.standings(rs, play(rs, outcomes).state)))
    assert play(_loaded(ident), outcomes) == settled
    other = next(o for o in OUTCOMES if o != second)
    assert play(_loaded(ident), [first_outcome, other]) != settled


@pytest.mark.parametrize("ident", RIICHI)
def test_the_payment_grids_are_values(ident):
    grids, limits = equal_from_warm_cold_and_reloaded(ident, lambda rs: tuple(map(tuple, riichi.payment_grids(rs))))
    equal_from_warm_cold_and_reloaded(ident, lambda rs: riichi.payment_grids(rs)[0][0].rows[0][1][0])
    equal_from_warm_cold_and_reloaded(ident, lambda rs: riichi.payment_grids(rs)[1][0])
    others = riichi.payment_grids(_loaded("ema-2025" if ident != "ema-2025" else "tenhou"))
    assert (tuple(others[0]), tuple(others[1])) != (grids, limits)


# --- Koi-Koi -------------------------------------------------------------------------------------


@FEW
@given(
    ident=st.sampled_from(KOIKOI),
    base=st.integers(1, 30),
    own=st.integers(0, 3),
    opponent=st.integers(0, 3),
    brights=st.integers(0, 5),
)
def test_an_award_is_a_value(ident, base, own, opponent, brights):
    def make(rs: yakuset.RuleSet, base: int = base) -> koikoi.Award:
        return koikoi.award(rs, base, own, opponent, brights)

    first = equal_from_warm_cold_and_reloaded(ident, make)
    assert make(_loaded(ident), base + 1) != first


@FEW
@given(ident=st.sampled_from(KOIKOI), seed=st.integers(0, 10**6))
def test_the_yaku_of_a_pile_are_values(ident, seed):
    rng = random.Random(seed)
    deck = sorted(_loaded(ident).rules.cards)
    cards, month, own = rng.sample(deck, rng.randint(0, 24)), rng.choice([None, *range(1, 13)]), rng.randint(0, 2)

    def make(rs: yakuset.RuleSet, cards: list[str] = cards) -> koikoi.Hand:
        return koikoi.yaku(rs, cards, month, own)

    hand = equal_from_warm_cold_and_reloaded(ident, make)
    for counted in hand.yaku:
        equal_from_warm_cold_and_reloaded(ident, lambda rs, ident=counted.id: _yaku_named(make(rs), ident))
    if hand.yaku:
        one_less = [c for c in cards if c != hand.yaku[0].cards[0]]
        assert make(_loaded(ident), one_less) != hand


def _yaku_named(hand: koikoi.Hand, ident: str) -> koikoi.YakuScore:
    return next(y for y in hand.yaku if y.id == ident)


def _hook(rs: yakuset.RuleSet, name: str) -> Any:
    """A Koi-Koi hook of ``rs`` by its name, with or without the game's prefix."""
    return getattr(rs.hook, f"yakuset_koikoi_{name}", None) or getattr(rs.hook, f"yakuset_{name}")


@pytest.mark.parametrize("ident", KOIKOI)
@pytest.mark.parametrize("month", [1, 3, 11])
def test_a_lucky_hand_and_a_deal_outcome_are_values(ident, month):
    deck = sorted(_loaded(ident).rules.cards)
    teshi = [c for c in deck if c.startswith(f"{month:02d}-")][:4] + [c for c in deck if c.startswith("12-")][:4]

    def lucky(rs: yakuset.RuleSet, hand: list[str] = teshi) -> koikoi.FixedAward:
        found = _hook(rs, "lucky_hand")(ruleset=rs, hand=hand)
        return found[0] if isinstance(found, list) else found

    award = equal_from_warm_cold_and_reloaded(ident, lucky)
    assert isinstance(award, yakuset.FixedAward)
    other = [c for c in deck if c.startswith("05-")][:4] + [c for c in deck if c.startswith("12-")][:4]
    assert lucky(_loaded(ident), other) != award

    def deal(rs: yakuset.RuleSet) -> Any:
        found = _hook(rs, "deal")(
            ruleset=rs, hands={"a": teshi, "b": teshi}, field=[], dealer="a", lucky={"a": award, "b": award}
        )
        return found[0] if isinstance(found, list) else found

    outcome = equal_from_warm_cold_and_reloaded(ident, deal)
    assert isinstance(outcome, yakuset.DealOutcome)


@pytest.mark.parametrize("minipoints", [0, 9, 10, 29])
def test_a_match_adjustment_is_a_value(minipoints):
    def adjust(rs: yakuset.RuleSet, minipoints: int = minipoints) -> tuple[yakuset.MatchAdjustment, ...]:
        answers = _hook(rs, "match_end")(ruleset=rs, totals={"a": 7, "b": 3}, extras={"a": {"minipoints": minipoints}})
        return tuple(a for found in answers for a in found or ())

    adjustments = equal_from_warm_cold_and_reloaded("kk-add-10", adjust)
    assert all(isinstance(a, yakuset.MatchAdjustment) for a in adjustments)
    assert adjust(_loaded("kk-add-10"), minipoints + 10) != adjustments


@pytest.mark.parametrize("ident", KOIKOI)
def test_the_award_tables_are_values(ident):
    tables = equal_from_warm_cold_and_reloaded(ident, lambda rs: tuple(koikoi.award_tables(rs)))
    assert tuple(koikoi.award_tables(_loaded(ident), bases=(1, 2))) != tables


# --- diff ------------------------------------------------------------------------------------------


def test_a_structural_and_a_behavioural_comparison_are_values():
    # Both games' structural changes; the behavioural report (one type for every game) from the
    # Koi-Koi pair, whose situations are the fewer.
    for old, new in [("tenhou", "single-yakuman-cap"), ("nintendo", "tournament")]:
        rs_old = _loaded(old)
        changes = equal_from_warm_cold_and_reloaded(new, lambda rs, o=rs_old: tuple(diff.structural(o, rs)))
        assert changes
    rs_old = _loaded("nintendo")
    report = equal_from_warm_cold_and_reloaded("tournament", lambda rs: diff.behaviour(rs_old, rs))
    assert report.changes
    assert diff.behaviour(rs_old, rs_old) != report
    # Causes replay every changed situation under variants: one pair shows they are values too.
    rs_old = _loaded("nintendo")
    causes = equal_from_warm_cold_and_reloaded(
        "tournament", lambda rs: tuple(diff.attribute(rs_old, diff.structural(rs_old, rs), diff.behaviour(rs_old, rs)))
    )
    assert any(cause is not None for cause in causes)


def test_a_game_log_and_its_parts_are_values():
    """A log read from its file, its text and its bytes gives equal records, part by part, with
    equal hashes and reprs; a log that differs in one name does not; findings are values too."""

    path = LOGS / "tenhou-mjlog" / "first-example.mjlog"
    first = riichi.read_log(path)
    for again in (riichi.read_log(path.read_text(encoding="utf-8")), riichi.read_log(path.read_bytes())):
        hand, other = first.hands[-1], again.hands[-1]
        assert hand.result is not None and other.result is not None
        pairs = [(first, again), (first.lobby, again.lobby), (hand, other), (hand.events[0], other.events[0])]
        pairs += [(hand.result, other.result), (hand.result.wins[0], other.result.wins[0])]
        for one, two in pairs:
            assert one == two and hash(one) == hash(two) and repr(one) == repr(two)
    renamed = riichi.read_log(path.read_text(encoding="utf-8").replace("%2D%72%6F%6E%2D", "%41", 1))
    assert renamed != first and renamed.hands == first.hands
    wrong = first._replace(final=(0, 0, 0, 0))
    assert riichi.check_log(wrong) == riichi.check_log(wrong) != ()
    (finding,) = riichi.check_log(wrong)
    assert hash(finding) == hash(riichi.check_log(wrong)[0])


def test_a_replay_of_a_logged_game_and_its_parts_are_values():
    """A logged game replayed (checked, and rescored) is equal, with its hash and repr, warm,
    after clear_caches() and under the rule set loaded again; a record that differs in one
    hand's deltas gives a replay that is not equal."""

    record = riichi.read_log(LOGS / "tenhou-mjlog" / "first-example.mjlog")
    for ident in ("tenhou", "ema-2025"):
        replayed = equal_from_warm_cold_and_reloaded(ident, lambda rs: riichi.replay(rs, record))
        hand = replayed.hands[1]
        assert hand.wins and isinstance(hand.wins[0], riichi.ReplayedWin) and hash(hand) == hash(hand)
    result = record.hands[1].result
    bent = record.hands[1]._replace(result=result._replace(deltas=(0, 0, 10300, -10300)))
    changed = riichi.replay(_loaded("tenhou"), record._replace(hands=(record.hands[0], bent, *record.hands[2:])))
    assert isinstance(changed.divergence, riichi.Divergence) and changed != riichi.replay(_loaded("tenhou"), record)


def test_a_koikoi_record_its_replay_and_their_parts_are_values():
    """A KoiKoi-AI record read from its path, its bytes and its parsed JSON gives equal records,
    part by part; its replay (checked, and rescored) is equal warm, after clear_caches() and
    under the rule set loaded again; a record that differs in one round's points does not give
    an equal replay."""

    path = LOGS / "koikoi" / "48.json"
    first = koikoi.read_record(path, "48.json")
    for again in (
        koikoi.read_record(path.read_bytes(), "48.json"),
        koikoi.read_record(json.loads(path.read_bytes()), "48.json"),
    ):
        pairs = [
            (first, again),
            (first.played[1], again.played[1]),
            (first.played[1].turns[0], again.played[1].turns[0]),
        ]
        for one, two in pairs:
            assert one == two and hash(one) == hash(two) and repr(one) == repr(two)
    for ident, checked in (("koikoi-japan", True), ("nintendo", False)):
        replayed = equal_from_warm_cold_and_reloaded(
            ident, lambda rs, checked=checked: koikoi.replay_record(rs, first, checked=checked)
        )
        assert isinstance(replayed.rounds[1], koikoi.ReplayedRound) and hash(replayed.rounds[1]) == hash(
            replayed.rounds[1]
        )
    refused = koikoi.replay_record(_loaded("nintendo"), first, checked=False).refused[0]
    assert isinstance(refused, koikoi.RefusedMove) and hash(refused) == hash(refused._replace())
    bent = first._replace(played=(first.played[0]._replace(points=(0, 0)), *first.played[1:]))
    assert koikoi.replay_record(_loaded("koikoi-japan"), bent) != koikoi.replay_record(_loaded("koikoi-japan"), first)


@pytest.mark.parametrize("ident", ["nintendo", "bga"])
def test_the_events_and_rounds_a_koikoi_table_builds_field_by_field_are_values(ident):
    # The referee and the table build these NamedTuples with tuple.__new__ (no Python-level
    # __new__): each must hold every field, and equal, hash and print as the same record made
    # by its fields.
    table = koikoi.Table(yakuset.load_ruleset(ident), players=("a", "b"), seed=7)
    rng = random.Random(7)
    events = list(table.opening)
    while table.pending is not None:
        events.extend(table.play(rng.choice(table.legal_moves())))
    built = [*events, *table.rounds]
    assert any(type(e).__name__ == "Event" for e in built) and table.rounds
    for record in built:
        again = type(record)(*record)
        assert len(record) == len(type(record)._fields)
        assert again == record and hash(again) == hash(record) and repr(again) == repr(record)
        assert repr(record).startswith(f"{type(record).__name__}({type(record)._fields[0]}=")


def _riichi_events(rs: yakuset.RuleSet, seed: int, bot: str) -> list[Any]:
    """The events of the game of ``seed`` at a table of ``rs`` between ``bot`` players, to its
    end or to the end of its first hand won."""
    table = riichi.Table(rs, seed=seed)
    found = riichi.find_bots(rs, [bot] * len(table.state.scores))
    bots = [one.factory(rs, random.Random(seat)) for seat, one in enumerate(found)]
    while table.to_move is not None:
        seat = table.to_move
        events = table.play(bots[seat].choose(table.view(seat), table.legal_moves()))
        if any(type(event) is riichi.HandEnded and event.wins for event in events):
            break
    return table.events


#: The events of a Riichi table, each a type of its own.
RIICHI_EVENTS = [
    "HandDealt",
    "TileDrawn",
    "DoraRevealed",
    "TileDiscarded",
    "RiichiAccepted",
    "CallDeclared",
    "ChiCalled",
    "PonCalled",
    "OpenKanCalled",
    "ClosedKanDeclared",
    "AddedKanDeclared",
    "KitaDeclared",
    "Passed",
    "NineTerminalsDeclared",
    "RonDeclared",
    "TsumoDeclared",
    "HandEnded",
    "GameEnded",
]


def test_the_events_of_a_riichi_table_are_values():
    """The same seed and moves give equal events (hash and repr too), warm, after clear_caches()
    and under the rule set loaded again; an event equals another of its type with the same fields
    only, never one of another type; its JSON shape is its own type's."""
    events: dict[str, Any] = {}
    wins = []
    games = (
        ("tenhou", 1, "efficiency"),
        ("tenhou", 3, "random"),
        ("tenhou-sanma", 5, "random"),
        ("m-league", 2, "random"),
    )
    for ident, seed, bot in games:
        played = equal_from_warm_cold_and_reloaded(ident, lambda rs, s=seed, b=bot: tuple(_riichi_events(rs, s, b)))
        for event in played:
            events.setdefault(type(event).__name__, event)
            assert event.as_dict()["type"] == event.type
            wins += event.wins or () if type(event) is riichi.HandEnded else ()
    assert wins and all(type(win) is riichi.WinScored for win in wins)
    # a dealt hand, a draw, a discard, riichi, a call declared and made, a kita, a pass, a win, a
    # hand's end and the game's (the rarer kans and nine terminals: tests/riichi/table/test_play.py)
    seen = {"HandDealt", "TileDrawn", "TileDiscarded", "RiichiAccepted", "CallDeclared", "PonCalled", "KitaDeclared"}
    assert set(events) >= seen | {"Passed", "TsumoDeclared", "HandEnded", "GameEnded"}
    assert riichi.Passed(seat=1) != riichi.RiichiAccepted(seat=1) and riichi.Passed(1) == riichi.Passed(seat=1)
    drawn = events["TileDrawn"]
    assert drawn._replace(tile=drawn.tile ^ 1) != drawn and drawn != tuple(drawn)
    assert drawn._replace() == drawn and hash(drawn._replace()) == hash(drawn)
    with pytest.raises(AttributeError):
        drawn.tile = 0


# --- every public result type --------------------------------------------------------------------

#: Each public result type and the test that shows it is a value.
COVERED = {
    "Score": test_a_han_fu_score_is_a_value,
    "BaseScore": test_a_han_fu_score_is_a_value,
    "Payments": test_a_han_fu_score_is_a_value,
    "Step": test_a_declared_score_is_a_value,  # every step of every result compared above
    "Steps": test_a_hand_score_from_tiles_is_a_value,
    "HandScore": test_a_hand_score_from_tiles_is_a_value,
    "Reading": test_a_hand_score_from_tiles_is_a_value,
    "Group": test_a_hand_score_from_tiles_is_a_value,
    "Settlement": test_a_settlement_its_state_and_the_standings_are_values,
    "State": test_a_settlement_its_state_and_the_standings_are_values,
    "Standing": test_a_settlement_its_state_and_the_standings_are_values,
    "PaymentGrid": test_the_payment_grids_are_values,
    "GridCell": test_the_payment_grids_are_values,
    "LimitRow": test_the_payment_grids_are_values,
    "Award": test_an_award_is_a_value,
    "Hand": test_the_yaku_of_a_pile_are_values,
    "YakuScore": test_the_yaku_of_a_pile_are_values,
    "FixedAward": test_a_lucky_hand_and_a_deal_outcome_are_values,
    "DealOutcome": test_a_lucky_hand_and_a_deal_outcome_are_values,
    "MatchAdjustment": test_a_match_adjustment_is_a_value,
    "AwardTable": test_the_award_tables_are_values,
    "Change": test_a_structural_and_a_behavioural_comparison_are_values,
    "BehaviourReport": test_a_structural_and_a_behavioural_comparison_are_values,
    "BehaviourChange": test_a_structural_and_a_behavioural_comparison_are_values,
    "Outcome": test_a_structural_and_a_behavioural_comparison_are_values,
    "Cause": test_a_structural_and_a_behavioural_comparison_are_values,
    "GameLog": test_a_game_log_and_its_parts_are_values,
    "LogHand": test_a_game_log_and_its_parts_are_values,
    "LogResult": test_a_game_log_and_its_parts_are_values,
    "LogWin": test_a_game_log_and_its_parts_are_values,
    "Lobby": test_a_game_log_and_its_parts_are_values,
    "Finding": test_a_game_log_and_its_parts_are_values,
    "Replay": test_a_replay_of_a_logged_game_and_its_parts_are_values,
    "ReplayedHand": test_a_replay_of_a_logged_game_and_its_parts_are_values,
    "ReplayedWin": test_a_replay_of_a_logged_game_and_its_parts_are_values,
    "Divergence": test_a_replay_of_a_logged_game_and_its_parts_are_values,
    **dict.fromkeys(
        ["KoikoiRecord", "RecordRound", "RecordTurn", "KoikoiReplay", "ReplayedRound", "RefusedMove"],
        test_a_koikoi_record_its_replay_and_their_parts_are_values,
    ),
    **dict.fromkeys(RIICHI_EVENTS, test_the_events_of_a_riichi_table_are_values),
    "TileCalled": test_the_events_of_a_riichi_table_are_values,
    "Won": test_the_events_of_a_riichi_table_are_values,
    "WinScored": test_the_events_of_a_riichi_table_are_values,
}
#: Results of the play flows (Koi-Koi's referee, table, simulations, replays; Riichi's table,
#: tests/riichi/table/test_play.py, its bots and simulations, tests/riichi/study/test_bots.py and
#: tests/riichi/study/test_simulation.py): another module's, whose tests show them.
FLOW = {
    "TableHand",
    "GameRecord",
    "HandRecord",
    "Efficiency",
    "Event",
    "MatchResult",
    "MatchRecord",
    "RoundRecord",
    "RoundTrace",
    "Trace",
    "TableResult",
    "TableRound",
    "TableState",
    "Move",
    "Tally",
    "View",
}
#: Public types that are no result: rules and their parts, inputs, errors, protocols, engines.
NOT_RESULTS = {
    "RuleSet",
    "KoikoiRules",
    "RiichiRules",
    "TableRules",
    "Card",
    "CardFilter",
    "KoikoiYaku",
    "Yaku",
    "Weather",
    "Situation",
    "Meld",
    # What settle takes (values, tested in tests/riichi/settlement/test_outcomes.py).
    "Ron",
    "Tsumo",
    "Draw",
    "Abort",
    "Chombo",
    "Win",
    "HanFu",
    "DeclaredYaku",
    "DeclaredYakuman",
    "Tiles",
    "Command",
    "Problem",
    "Location",
    "Game",
    "Comparable",
    "Bot",
    "BotFactory",
    "KoikoiGame",
    "RiichiGame",
    "Round",
    "Match",
    "Table",
    "Pile",
    "TableEvent",  # the base of the Riichi table's events, each a result (RIICHI_EVENTS)
    "MoveEvent",  # the base of those that are a seat's move
}


def _public_types() -> dict[str, type]:
    found = {}
    for module in (yakuset, koikoi, riichi, diff):
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isclass(value) and not issubclass(value, BaseException):
                found[name] = value
    return found


def test_every_public_result_type_is_covered():
    public = _public_types()
    assert set(public) - COVERED.keys() - FLOW - NOT_RESULTS == set()
    assert COVERED.keys() <= set(public)


@pytest.mark.parametrize("name", sorted(COVERED))
def test_a_result_type_is_a_frozen_dataclass_or_a_named_tuple(name):
    kind = _public_types()[name]
    if kind in (yakuset.Steps, riichi.Payments):  # the value types results are made of
        return
    if dataclasses.is_dataclass(kind):
        params = kind.__dataclass_params__  # type: ignore[attr-defined]
        assert params.frozen and params.eq
        assert "__slots__" in kind.__dict__
    else:
        assert issubclass(kind, tuple) and hasattr(kind, "_fields")
