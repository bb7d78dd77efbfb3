"""Settling one Riichi hand at the table: who pays whom, and the next state.

Every expected number below is worked out by hand from the rule it tests (the arithmetic is in
the comment beside it), never read off the engine. Sources are the keys of
docs/rules/riichi-table.md §1: BMJA = the EMA 2025 scoring and settlement contract, which cites
the EMA 2025 rulebook section by section; MST = Tenhou's ranked rules ("Rules for 4-player
Ranking Match"); ARC = arcturus.su on Tenhou; ML = M-League rule summaries; RW = riichi.wiki;
WRC15 = the WRC 2015 rules; PAN = Pantheon's rule presets.

Standard payments, the same in every rule set here (BMJA §5-6; MST): basic = fu × 2^(han+2);
ron pays basic × 4 (dealer winner × 6); a non-dealer tsumo is paid basic × 2 by the dealer and
basic × 1 by the others, a dealer tsumo basic × 2 by each; every payment is rounded up to 100.
Mangan basic 2000, yakuman 8000. Honba: 300 on a ron, 100 from each payer on a tsumo. A riichi
stick is 1000. The sum of a hand's transfers is -1000 × (sticks declared this hand) + 1000 ×
(sticks taken from the table).
"""

from __future__ import annotations

import functools

import pytest
import yakuset
from yakuset import InputError
from yakuset.riichi import State, settle

STICK = 1000
# Starting points: EMA 2025 §13 (BMJA contract); WRC (RW); M-League (ML); JPML A (PAN); Tenhou (MST).
START = {"tenhou": 25000, "m-league": 25000, "ema-2025": 30000, "wrc-2022": 30000, "jpml-a": 30000}


@functools.cache
def rules(ruleset_id: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(ruleset_id)


def table(ruleset_id, wind="east", hand=1, honba=0, sticks=0, scores=None):
    """The state before a hand: seat ``hand - 1`` deals; everyone at the starting points unless given."""
    scores = scores or (START[ruleset_id],) * 4
    return State(scores=scores, dealer=hand - 1, round_wind=wind, hand=hand, honba=honba, sticks=sticks)


def win(seat, han, fu):
    return {"seat": seat, "han": han, "fu": fu}


def ron(discarder, *winners):
    return {"ron": {"discarder": discarder, "winners": list(winners)}}


def expect(result, before, transfers, *, declared, taken, wind, hand, honba, sticks, end=None, penalties=None):
    """``transfers`` as computed by hand; the sticks balance; the next state in full (scores are
    the old scores plus the expected transfers)."""
    assert result.transfers == transfers
    assert sum(transfers) == STICK * (taken - declared), "hand arithmetic: transfers do not balance the sticks"
    scores = tuple(old + change for old, change in zip(before.scores, transfers, strict=True))
    assert result.state == State(
        scores=scores,
        dealer=hand - 1,
        round_wind=wind,
        hand=hand,
        honba=honba,
        sticks=sticks,
        ended=end is not None,
        end_reason=end,
        penalties=penalties or before.penalties,
    )


# --- 1. a single ron with honba and sticks on the table -----------------------------------------


@pytest.mark.parametrize("ruleset_id", ["tenhou", "ema-2025", "m-league", "jpml-a"])
def test_single_ron_by_a_non_dealer_takes_honba_and_every_stick_and_the_deal_passes(ruleset_id):
    # East 2 (seat 1 deals), 2 honba, 1 stick on the table; seat 0 declares riichi and does not win.
    before = table(ruleset_id, hand=2, honba=2, sticks=1)
    result = settle(rules(ruleset_id), before, ron(3, win(2, 3, 30)), riichi=[0])
    # basic 30 × 2^5 = 960; ron 960 × 4 = 3840 → 3900; honba 2 × 300 = 600; sticks (1 + 1) × 1000 = 2000
    # seat 2: 3900 + 600 + 2000 = +6500; seat 3: -(3900 + 600) = -4500; seat 0: -1000 (its stick)
    # Non-dealer win: the deal passes to seat 2 (East 3), honba reset, sticks taken (BMJA §6, §11; MST).
    expect(result, before, (-1000, 0, 6500, -4500), declared=1, taken=2, wind="east", hand=3, honba=0, sticks=0)
    assert result.winners == (2,)


@pytest.mark.parametrize("ruleset_id", ["tenhou", "ema-2025", "m-league", "jpml-a"])
def test_single_ron_by_the_dealer_is_a_renchan_and_adds_a_honba(ruleset_id):
    before = table(ruleset_id, hand=2, honba=2, sticks=1)
    result = settle(rules(ruleset_id), before, ron(3, win(1, 3, 30)), riichi=[1])
    # dealer ron 960 × 6 = 5760 → 5800; seat 1: -1000 (own stick) + 5800 + 600 + 2000 = +7400; seat 3: -6400
    # Dealer win: renchan, honba 2 → 3 (BMJA §6, §11; MST).
    expect(result, before, (0, 7400, 0, -6400), declared=1, taken=2, wind="east", hand=2, honba=3, sticks=0)


# --- 2. double ron ------------------------------------------------------------------------------

# East 1, 1 honba, 1 stick on the table; seat 1 declares riichi; seat 2 discards into seat 1
# (2 han 30 fu: 480 × 4 = 1920 → 2000) and seat 3 (3 han 40 fu: 1280 × 4 = 5120 → 5200).
# In turn order after seat 2 comes 3, 0, 1: seat 3 is the nearest winner.
DOUBLE_RON = [
    # Tenhou (MST): both paid; honba 300 and both sticks (2000) only to the nearest, seat 3.
    # seat 1: -1000 + 2000 = +1000; seat 3: 5200 + 300 + 2000 = +7500; seat 2: -(2000 + 5200 + 300) = -7500
    pytest.param("tenhou", (0, 1000, -7500, 7500), (1, 3), id="tenhou-both-paid-bonuses-to-nearest"),
    # EMA 2025 §6-8 (BMJA contract): both paid, honba to each; seat 1 takes back its own stick,
    # the carried stick goes to the nearest (seat 3).
    # seat 1: -1000 + 2000 + 300 + 1000 = +2300; seat 3: 5200 + 300 + 1000 = +6500
    # seat 2: -(2000 + 300 + 5200 + 300) = -7800
    pytest.param("ema-2025", (0, 2300, -7800, 6500), (1, 3), id="ema-2025-both-paid-honba-each-own-stick-back"),
    # M-League head bump (ML; RW): only seat 3 is paid: 5200 + 300 + 2000 = +7500;
    # seat 1 loses its stick: -1000; seat 2: -(5200 + 300) = -5500
    pytest.param("m-league", (0, -1000, -5500, 7500), (3,), id="m-league-head-bump"),
    # WRC head bump (WRC15 §5.7.6): the same as M-League.
    pytest.param("wrc-2022", (0, -1000, -5500, 7500), (3,), id="wrc-2022-head-bump"),
]


@pytest.mark.parametrize("ruleset_id, transfers, winners", DOUBLE_RON)
def test_double_ron_pays_per_the_rule_sets_multiple_ron_rule(ruleset_id, transfers, winners):
    before = table(ruleset_id, honba=1, sticks=1)
    result = settle(rules(ruleset_id), before, ron(2, win(1, 2, 30), win(3, 3, 40)), riichi=[1])
    # Two sticks leave the table in every case (1 carried + seat 1's). The dealer (seat 0) did not
    # win: the deal passes to seat 1 (East 2), honba reset.
    expect(result, before, transfers, declared=1, taken=2, wind="east", hand=2, honba=0, sticks=0)
    assert sorted(result.winners) == list(winners)


# East 1, 1 honba, 1 stick; seat 2 discards into the dealer, seat 0 (2 han 30 fu: 480 × 6 = 2880
# → 2900) and seat 3 (1 han 30 fu: 240 × 4 = 960 → 1000). Seat 3 is nearer to seat 2 than seat 0.
DOUBLE_RON_WITH_DEALER = [
    # Tenhou (MST): both paid; honba and stick to seat 3: 1000 + 300 + 1000 = 2300; seat 0: +2900;
    # seat 2: -(2900 + 1000 + 300) = -4200. The dealer won too: renchan, honba 2.
    pytest.param("tenhou", (2900, 0, -4200, 2300), 1, 2, id="tenhou-renchan"),
    # EMA 2025 §6, §8, §11 (BMJA contract): honba to each: seat 0: 2900 + 300 = 3200; seat 3: 2300;
    # seat 2: -(3200 + 1300) = -4500. East among the winners keeps the deal; a counter is added.
    pytest.param("ema-2025", (3200, 0, -4500, 2300), 1, 2, id="ema-2025-renchan"),
    # M-League head bump (ML): only seat 3 is paid: +2300; seat 2: -1300. The dealer did not win:
    # the deal passes (East 2), honba reset.
    pytest.param("m-league", (0, 0, -1300, 2300), 2, 0, id="m-league-head-bump-deal-passes"),
]


@pytest.mark.parametrize("ruleset_id, transfers, hand, honba", DOUBLE_RON_WITH_DEALER)
def test_double_ron_including_the_dealer(ruleset_id, transfers, hand, honba):
    before = table(ruleset_id, honba=1, sticks=1)
    result = settle(rules(ruleset_id), before, ron(2, win(0, 2, 30), win(3, 1, 30)))
    expect(result, before, transfers, declared=0, taken=1, wind="east", hand=hand, honba=honba, sticks=0)


# --- 3. triple ron ------------------------------------------------------------------------------

# East 3 (seat 2 deals), 1 honba, 1 stick; seat 0 declares riichi; seat 1 discards into seat 2
# (dealer, 1 han 30 fu: 240 × 6 = 1440 → 1500), seat 3 (1 han 30 fu: 960 → 1000) and seat 0
# (2 han 30 fu: 1920 → 2000). Turn order after seat 1: 2, 3, 0.
TRIPLE_RON_WINNERS = (win(2, 1, 30), win(3, 1, 30), win(0, 2, 30))


def test_triple_ron_is_an_abortive_draw_under_tenhou():
    # Tenhou (MST): three rons on one discard abort the hand; renchan, honba 1 → 2; the carried
    # stick and seat 0's new stick stay on the table: sticks 2. Seat 0: -1000.
    before = table("tenhou", hand=3, honba=1, sticks=1)
    result = settle(rules("tenhou"), before, ron(1, *TRIPLE_RON_WINNERS), riichi=[0])
    expect(result, before, (-1000, 0, 0, 0), declared=1, taken=0, wind="east", hand=3, honba=2, sticks=2)
    assert (result.kind, result.winners) == ("abort", ())


def test_triple_ron_pays_all_three_under_ema_2025():
    # EMA 2025 §6-8 (BMJA contract): each winner paid with 300 honba; seat 0 takes back its own
    # stick; the carried stick goes to the nearest winner, seat 2.
    # seat 2: 1500 + 300 + 1000 = +2800; seat 3: 1000 + 300 = +1300
    # seat 0: -1000 + 2000 + 300 + 1000 = +2300; seat 1: -(1800 + 1300 + 2300) = -5400
    # The dealer is among the winners: renchan, honba 2 (BMJA §11, §6).
    before = table("ema-2025", hand=3, honba=1, sticks=1)
    result = settle(rules("ema-2025"), before, ron(1, *TRIPLE_RON_WINNERS), riichi=[0])
    expect(result, before, (2300, -5400, 2800, 1300), declared=1, taken=2, wind="east", hand=3, honba=2, sticks=0)
    assert sorted(result.winners) == [0, 2, 3]


def test_triple_ron_head_bump_pays_only_the_nearest_under_m_league():
    # M-League head bump (ML): only seat 2 (dealer) is paid: 1500 + 300 + 2000 (both sticks) = +3800;
    # seat 0 loses its stick: -1000; seat 1: -1800. Dealer won: renchan, honba 2.
    before = table("m-league", hand=3, honba=1, sticks=1)
    result = settle(rules("m-league"), before, ron(1, *TRIPLE_RON_WINNERS), riichi=[0])
    expect(result, before, (-1000, -1800, 3800, 0), declared=1, taken=2, wind="east", hand=3, honba=2, sticks=0)
    assert result.winners == (2,)


# --- 4. tsumo -----------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ["tenhou", "ema-2025", "m-league"])
def test_non_dealer_tsumo_with_honba_and_sticks(ruleset_id):
    # East 2 (seat 1 deals), 2 honba, 1 stick; seat 3 declares riichi and wins 3 han 30 fu by tsumo.
    before = table(ruleset_id, hand=2, honba=2, sticks=1)
    result = settle(rules(ruleset_id), before, {"tsumo": win(3, 3, 30)}, riichi=[3])
    # basic 960: dealer pays 1920 → 2000 + 2 × 100 = 2200; others 960 → 1000 + 200 = 1200 each
    # seat 3: -1000 + 2200 + 2 × 1200 + 2000 (sticks 1 + 1) = +5600
    # Non-dealer win: deal passes (East 3), honba reset (BMJA §6; MST).
    expect(result, before, (-1200, -2200, -1200, 5600), declared=1, taken=2, wind="east", hand=3, honba=0, sticks=0)


@pytest.mark.parametrize("ruleset_id", ["tenhou", "ema-2025", "m-league"])
def test_dealer_tsumo_with_honba_is_a_renchan(ruleset_id):
    before = table(ruleset_id, hand=2, honba=2, sticks=1)
    result = settle(rules(ruleset_id), before, {"tsumo": win(1, 3, 30)})
    # each pays 960 × 2 = 1920 → 2000 + 200 = 2200; seat 1: 3 × 2200 + 1000 (the stick) = +7600
    expect(result, before, (-2200, 7600, -2200, -2200), declared=0, taken=1, wind="east", hand=2, honba=3, sticks=0)


# --- 5. exhaustive draw -------------------------------------------------------------------------

# South 2 (seat 1 deals). Noten payments 3000 in all (BMJA §10; MST): 1 tenpai: 1000 × 3 to it;
# 2 tenpai: 1500 from each noten to each tenpai; 3 tenpai: the noten pays 1000 to each; 0 or 4: none.
# The dealer keeps the deal only if tenpai (BMJA §10-11; MST "tenpai renchan").
DRAWS = [
    pytest.param([], (0, 0, 0, 0), False, id="0-tenpai"),
    pytest.param([1], (-1000, 3000, -1000, -1000), True, id="1-tenpai-dealer"),
    pytest.param([3], (-1000, -1000, -1000, 3000), False, id="1-tenpai-non-dealer"),
    pytest.param([1, 3], (-1500, 1500, -1500, 1500), True, id="2-tenpai-with-dealer"),
    pytest.param([0, 2], (1500, -1500, 1500, -1500), False, id="2-tenpai-dealer-noten"),
    pytest.param([0, 2, 3], (1000, -3000, 1000, 1000), False, id="3-tenpai-dealer-noten"),
    pytest.param([0, 1, 2, 3], (0, 0, 0, 0), True, id="4-tenpai"),
]


@pytest.mark.parametrize("ruleset_id", ["tenhou", "ema-2025"])
@pytest.mark.parametrize("tenpai, transfers, renchan", DRAWS)
def test_exhaustive_draw_noten_payments_renchan_honba_and_sticks(ruleset_id, tenpai, transfers, renchan):
    before = table(ruleset_id, wind="south", hand=2, honba=1, sticks=1)
    result = settle(rules(ruleset_id), before, {"draw": {"tenpai": tenpai}})
    # honba 1 → 2 either way; the stick stays on the table (BMJA §7, §10; MST).
    expect(result, before, transfers, declared=0, taken=0, wind="south", hand=2 if renchan else 3, honba=2, sticks=1)


@pytest.mark.parametrize("ruleset_id", ["tenhou", "ema-2025"])
def test_exhaustive_draw_keeps_this_hands_riichi_stick_on_the_table(ruleset_id):
    before = table(ruleset_id, wind="south", hand=2, honba=1, sticks=1)
    result = settle(rules(ruleset_id), before, {"draw": {"tenpai": [2]}}, riichi=[2])
    # seat 2: -1000 (stick) + 3000 = +2000; the others -1000 each; sticks 1 + 1 = 2; dealer noten → South 3
    expect(result, before, (-1000, -1000, 2000, -1000), declared=1, taken=0, wind="south", hand=3, honba=2, sticks=2)


# --- 6. nagashi mangan --------------------------------------------------------------------------


def test_nagashi_mangan_by_a_non_dealer_is_paid_as_a_mangan_tsumo_without_noten_payments_under_tenhou():
    # Tenhou (MST): a mangan tsumo replaces the noten payments (no honba is paid: it is a draw);
    # non-dealer mangan: dealer pays 2000 × 2 = 4000, others 2000; seat 3: +8000.
    # The dealer (seat 1) is tenpai: renchan; honba 1 → 2; the stick stays.
    before = table("tenhou", hand=2, honba=1, sticks=1)
    result = settle(rules("tenhou"), before, {"draw": {"tenpai": [1], "nagashi": [3]}})
    expect(result, before, (-2000, -4000, -2000, 8000), declared=0, taken=0, wind="east", hand=2, honba=2, sticks=1)


def test_nagashi_mangan_by_the_dealer_is_4000_all_under_tenhou():
    # Tenhou (MST): dealer mangan tsumo 2000 × 2 = 4000 from each; seat 1: +12000. No noten
    # payments. The dealer is noten here, so the deal passes (East 3); honba 1 → 2; the stick stays.
    before = table("tenhou", hand=2, honba=1, sticks=1)
    result = settle(rules("tenhou"), before, {"draw": {"tenpai": [], "nagashi": [1]}})
    expect(result, before, (-4000, 12000, -4000, -4000), declared=0, taken=0, wind="east", hand=3, honba=2, sticks=1)


@pytest.mark.parametrize("ruleset_id", ["ema-2025", "wrc-2022"])
def test_nagashi_mangan_is_refused_where_the_rule_set_has_none(ruleset_id):
    # EMA 2025: not in the 2025 yaku list (BMJA); WRC: none (PAN).
    with pytest.raises(InputError):
        settle(rules(ruleset_id), table(ruleset_id, hand=2), {"draw": {"tenpai": [1], "nagashi": [3]}})


# --- 7. abortive draws --------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ["tenhou", "jpml-a"])
@pytest.mark.parametrize("kind", ["nine_terminals", "four_winds", "four_kans"])
def test_abortive_draw_is_a_renchan_that_adds_a_honba_and_keeps_the_sticks(ruleset_id, kind):
    # Tenhou (MST): all five abortive draws, each followed by renchan; JPML A (PAN withAbortives).
    before = table(ruleset_id, hand=2, honba=0, sticks=1)
    result = settle(rules(ruleset_id), before, {"abort": kind})
    expect(result, before, (0, 0, 0, 0), declared=0, taken=0, wind="east", hand=2, honba=1, sticks=1)


@pytest.mark.parametrize("ruleset_id", ["tenhou", "jpml-a"])
def test_four_riichi_abort_leaves_all_four_new_sticks_on_the_table(ruleset_id):
    before = table(ruleset_id, hand=2, honba=0, sticks=1)
    result = settle(rules(ruleset_id), before, {"abort": "four_riichi"}, riichi=[0, 1, 2, 3])
    # each seat -1000; sticks 1 + 4 = 5; renchan, honba 0 → 1
    expect(result, before, (-1000,) * 4, declared=4, taken=0, wind="east", hand=2, honba=1, sticks=5)


def test_triple_ron_abort_is_accepted_under_tenhou_but_not_jpml_a():
    # Tenhou (MST) lists sanchahou; the JPML A rule set lists only the other four (PAN, kinds "?").
    before = table("tenhou", hand=2)
    result = settle(rules("tenhou"), before, {"abort": "triple_ron"})
    expect(result, before, (0, 0, 0, 0), declared=0, taken=0, wind="east", hand=2, honba=1, sticks=0)
    with pytest.raises(InputError):
        settle(rules("jpml-a"), table("jpml-a", hand=2), {"abort": "triple_ron"})


@pytest.mark.parametrize("ruleset_id", ["ema-2025", "wrc-2022", "m-league"])
@pytest.mark.parametrize("kind", ["nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron"])
def test_abortive_draw_is_refused_where_the_rule_set_has_none(ruleset_id, kind):
    # EMA 2025: none (BMJA); WRC: "There are no abortive draws" (WRC15 §5.7); M-League (ML).
    riichi = [0, 1, 2, 3] if kind == "four_riichi" else []
    with pytest.raises(InputError):
        settle(rules(ruleset_id), table(ruleset_id, hand=2), {"abort": kind}, riichi=riichi)


# --- 8. pao (liability) -------------------------------------------------------------------------

DAISANGEN_BY_2_PAO_1 = {"seat": 2, "yakuman": ["daisangen"], "pao": 1}
PAO_SCORES = (20000, 40000, 20000, 20000)  # seat 1 can pay a yakuman without going bust


@pytest.mark.parametrize(
    "ruleset_id, honba, transfers",
    [
        # Tenhou (MST) and M-League (RW; ML): the liable player pays the whole yakuman and the
        # honba: non-dealer yakuman tsumo 8000 × 4 = 32000, + 1 honba × 100 × 3 = 300 → seat 1: -32300
        pytest.param("tenhou", 1, (0, -32300, 32300, 0), id="tenhou"),
        pytest.param("m-league", 1, (0, -32300, 32300, 0), id="m-league"),
        # EMA 2025 §9 (BMJA contract): the liable player alone pays the full yakuman, 32000. Who
        # pays honba on a liable tsumo is not stated there, so this case has none.
        pytest.param("ema-2025", 0, (0, -32000, 32000, 0), id="ema-2025"),
    ],
)
def test_daisangen_tsumo_with_pao_is_paid_entirely_by_the_liable_player(ruleset_id, honba, transfers):
    before = table(ruleset_id, honba=honba, scores=PAO_SCORES)
    result = settle(rules(ruleset_id), before, {"tsumo": DAISANGEN_BY_2_PAO_1})
    # Non-dealer win: the deal passes to seat 1 (East 2), honba reset.
    expect(result, before, transfers, declared=0, taken=0, wind="east", hand=2, honba=0, sticks=0)


@pytest.mark.parametrize(
    "ruleset_id, transfers",
    [
        # 32000 split 50/50: liable seat 1 pays 16000, discarder seat 3 pays 16000; 1 honba = 300.
        # Tenhou (MST), M-League (RW; ML): the liable player pays the honba: seat 1 -16300, seat 3 -16000
        pytest.param("tenhou", (0, -16300, 32300, -16000), id="tenhou-liable-pays-honba"),
        pytest.param("m-league", (0, -16300, 32300, -16000), id="m-league-liable-pays-honba"),
        # EMA 2025 §9 (BMJA contract): "Only the discarder pays honba": seat 1 -16000, seat 3 -16300
        pytest.param("ema-2025", (0, -16000, 32300, -16300), id="ema-2025-discarder-pays-honba"),
    ],
)
def test_daisangen_ron_off_a_third_player_splits_between_liable_player_and_discarder(ruleset_id, transfers):
    before = table(ruleset_id, honba=1, scores=PAO_SCORES)
    result = settle(rules(ruleset_id), before, ron(3, DAISANGEN_BY_2_PAO_1))
    expect(result, before, transfers, declared=0, taken=0, wind="east", hand=2, honba=0, sticks=0)


@pytest.mark.parametrize("ruleset_id", ["tenhou", "m-league", "ema-2025"])
def test_daisangen_ron_off_the_liable_player_is_paid_by_them_alone(ruleset_id):
    # The discarder is the liable player: the ordinary ron, 32000 + 300 honba (BMJA §9; MST).
    before = table(ruleset_id, honba=1, scores=PAO_SCORES)
    result = settle(rules(ruleset_id), before, ron(1, DAISANGEN_BY_2_PAO_1))
    expect(result, before, (0, -32300, 32300, 0), declared=0, taken=0, wind="east", hand=2, honba=0, sticks=0)


# --- 9. chombo ----------------------------------------------------------------------------------


def test_chombo_under_ema_2025_pays_nothing_and_replays_the_hand_with_a_deduction_after_uma():
    # EMA 2025 §14 (BMJA contract), tournament policy: -20000 after game and uma; this hand's riichi
    # sticks are returned; no new counter; the dealer does not rotate; the hand is re-dealt.
    before = table("ema-2025", hand=2, honba=1, scores=(38000, 32000, 26000, 24000))
    result = settle(rules("ema-2025"), before, {"chombo": 0}, riichi=[0])
    # seat 0: -1000 (stick) + 1000 (returned) = 0
    expect(
        result,
        before,
        (0, 0, 0, 0),
        declared=1,
        taken=1,
        wind="east",
        hand=2,
        honba=1,
        sticks=0,
        penalties=(20000, 0, 0, 0),
    )
    final = yakuset.riichi.standings(rules("ema-2025"), result.state)
    # EMA 2025 §13 (BMJA contract): (score - 30000) / 1000 + uma 15/5/-5/-15; then -20 for seat 0.
    # seat 0: 8 + 15 - 20 = 3.0 (still first: the deduction comes after the places);
    # seat 1: 2 + 5 = 7.0; seat 2: -4 - 5 = -9.0; seat 3: -6 - 15 = -21.0
    assert [(s.seat, s.place) for s in final] == [(0, 1), (1, 2), (2, 3), (3, 4)]
    assert [s.points for s in final] == pytest.approx([3.0, 7.0, -9.0, -21.0])


def test_chombo_is_refused_under_tenhou():
    # Tenhou: penalties.chombo none (an online client does not let a player chombo).
    with pytest.raises(InputError):
        settle(rules("tenhou"), table("tenhou", hand=2), {"chombo": 0})


# --- 10. rotation across winds and the end of the game ------------------------------------------


@pytest.mark.parametrize("ruleset_id", ["tenhou", "ema-2025"])
def test_after_east_4_the_deal_passes_to_south_1(ruleset_id):
    # East 4 (seat 3 deals); seat 0 rons seat 1 for 1 han 30 fu: 240 × 4 = 960 → 1000.
    # Seat 0 deals again as South 1 (BMJA §12; MST).
    before = table(ruleset_id, hand=4)
    result = settle(rules(ruleset_id), before, ron(1, win(0, 1, 30)))
    expect(result, before, (1000, -1000, 0, 0), declared=0, taken=0, wind="south", hand=1, honba=0, sticks=0)


@pytest.mark.parametrize("ruleset_id", ["tenhou", "ema-2025"])
def test_a_draw_with_the_east_4_dealer_noten_passes_to_south_1_with_a_honba(ruleset_id):
    before = table(ruleset_id, hand=4)
    result = settle(rules(ruleset_id), before, {"draw": {"tenpai": [0]}})
    # seat 0 alone tenpai: +3000, the others -1000 each; dealer seat 3 noten → South 1, honba 1
    expect(result, before, (3000, -1000, -1000, -1000), declared=0, taken=0, wind="south", hand=1, honba=1, sticks=0)


@pytest.mark.parametrize(
    "ruleset_id, wind, hand, end",
    [
        # EMA 2025 §12 (BMJA contract): the game ends after South; no extension.
        pytest.param("ema-2025", "south", 4, "last_hand", id="ema-2025-ends"),
        # Tenhou (MST): nobody has 30000 after South 4 (top is 27000): play goes on into West 1.
        pytest.param("tenhou", "west", 1, None, id="tenhou-goes-into-west"),
    ],
)
def test_south_4_non_dealer_win_with_nobody_at_30000(ruleset_id, wind, hand, end):
    before = table(ruleset_id, wind="south", hand=4, scores=(26000, 25000, 25000, 24000))
    result = settle(rules(ruleset_id), before, ron(1, win(0, 1, 30)))
    # seat 0: 26000 + 1000 = 27000 < 30000. An ended game keeps the last hand's wind, hand and dealer.
    expect(result, before, (1000, -1000, 0, 0), declared=0, taken=0, wind=wind, hand=hand, honba=0, sticks=0, end=end)


@pytest.mark.parametrize("ruleset_id", ["tenhou", "ema-2025"])
def test_south_4_ends_when_someone_has_30000(ruleset_id):
    # seat 0: 31000 + 1000 = 32000 ≥ 30000: the game ends after South 4 (BMJA §12; MST).
    before = table(ruleset_id, wind="south", hand=4, scores=(31000, 25000, 24000, 20000))
    result = settle(rules(ruleset_id), before, ron(1, win(0, 1, 30)))
    expect(
        result,
        before,
        (1000, -1000, 0, 0),
        declared=0,
        taken=0,
        wind="south",
        hand=4,
        honba=0,
        sticks=0,
        end="last_hand",
    )


def test_tenhou_west_extension_ends_as_soon_as_someone_reaches_30000():
    # Tenhou (MST): in the extension the game ends when someone passes 30000.
    # seat 1 rons seat 2 for 4 han 30 fu (no kiriage): 30 × 2^6 = 1920 × 4 = 7680 → 7700; 26000 + 7700 = 33700
    before = table("tenhou", wind="west", hand=1, scores=(26000, 26000, 24000, 24000))
    result = settle(rules("tenhou"), before, ron(2, win(1, 4, 30)))
    expect(
        result,
        before,
        (0, 7700, -7700, 0),
        declared=0,
        taken=0,
        wind="west",
        hand=1,
        honba=0,
        sticks=0,
        end="target_reached",
    )


def test_tenhou_west_extension_ends_after_west_4_even_without_30000():
    # Tenhou (MST): the extension ends with the extra round (West is the last wind).
    # seat 0 rons seat 1, 1000: 27000 < 30000, but West 4 was the last hand.
    before = table("tenhou", wind="west", hand=4, scores=(26000, 26000, 24000, 24000))
    result = settle(rules("tenhou"), before, ron(1, win(0, 1, 30)))
    expect(
        result,
        before,
        (1000, -1000, 0, 0),
        declared=0,
        taken=0,
        wind="west",
        hand=4,
        honba=0,
        sticks=0,
        end="extension_end",
    )


@pytest.mark.parametrize(
    "ruleset_id, end",
    [
        # Tenhou (MST): agari-yame, applied automatically for a leading last dealer.
        pytest.param("tenhou", "agari_yame", id="tenhou-agari-yame"),
        # EMA 2025: no agari-yame; a dealer win at South 4 is a renchan like any other (BMJA §11-12).
        pytest.param("ema-2025", None, id="ema-2025-plays-on"),
    ],
)
def test_south_4_dealer_win_that_leads(ruleset_id, end):
    # South 4 (seat 3 deals); seat 3 rons seat 2 for 2 han 30 fu: 480 × 6 = 2880 → 2900.
    # seat 3: 28000 + 2900 = 30900, first and ≥ 30000. Dealer win: honba 0 → 1.
    before = table(ruleset_id, wind="south", hand=4, scores=(28000, 24000, 20000, 28000))
    result = settle(rules(ruleset_id), before, ron(2, win(3, 2, 30)))
    expect(result, before, (0, 0, -2900, 2900), declared=0, taken=0, wind="south", hand=4, honba=1, sticks=0, end=end)


def test_tenhou_south_4_dealer_win_that_does_not_lead_plays_on():
    # Tenhou (MST): agari-yame only for a leading dealer. seat 3: 24000 + 2900 = 26900 < seat 0's 32000.
    before = table("tenhou", wind="south", hand=4, scores=(32000, 24000, 20000, 24000))
    result = settle(rules("tenhou"), before, ron(2, win(3, 2, 30)))
    expect(result, before, (0, 0, -2900, 2900), declared=0, taken=0, wind="south", hand=4, honba=1, sticks=0)


@pytest.mark.parametrize(
    "ruleset_id, hand, end",
    [
        # Tenhou (MST): below 0 ends the game (the ended state keeps East 2).
        pytest.param("tenhou", 2, "bankruptcy", id="tenhou-bankruptcy"),
        # EMA 2025 §12 (BMJA contract): no bankruptcy; negative scores play on (East 3).
        pytest.param("ema-2025", 3, None, id="ema-2025-plays-on"),
    ],
)
def test_a_player_below_zero(ruleset_id, hand, end):
    # East 2; seat 0 rons seat 3 for 3 han 30 fu: 3900; seat 3: 3000 - 3900 = -900.
    before = table(ruleset_id, hand=2, scores=(30000, 35000, 32000, 3000))
    result = settle(rules(ruleset_id), before, ron(3, win(0, 3, 30)))
    expect(result, before, (3900, 0, 0, -3900), declared=0, taken=0, wind="east", hand=hand, honba=0, sticks=0, end=end)


def test_tenhou_exactly_zero_is_not_bankruptcy():
    # Tenhou (MST): "below 0" ends the game; seat 3: 3900 - 3900 = 0 plays on (East 3).
    before = table("tenhou", hand=2, scores=(30000, 35000, 31100, 3900))
    result = settle(rules("tenhou"), before, ron(3, win(0, 3, 30)))
    expect(result, before, (3900, 0, 0, -3900), declared=0, taken=0, wind="east", hand=3, honba=0, sticks=0)


# --- 11. refusals -------------------------------------------------------------------------------

BOTH = ["tenhou", "ema-2025"]


@pytest.mark.parametrize("ruleset_id", BOTH)
def test_the_discarder_cannot_ron_their_own_tile(ruleset_id):
    with pytest.raises(InputError):
        settle(rules(ruleset_id), table(ruleset_id), ron(2, win(2, 1, 30)))
    with pytest.raises(InputError):
        settle(rules(ruleset_id), table(ruleset_id), ron(2, win(1, 1, 30), win(2, 1, 30)))


@pytest.mark.parametrize("ruleset_id", BOTH)
@pytest.mark.parametrize(
    "outcome, riichi",
    [
        pytest.param(ron(4, win(0, 1, 30)), [], id="discarder-4"),
        pytest.param(ron(-1, win(0, 1, 30)), [], id="discarder-minus-1"),
        pytest.param(ron(0, win(4, 1, 30)), [], id="ron-winner-4"),
        pytest.param({"tsumo": win(4, 1, 30)}, [], id="tsumo-winner-4"),
        pytest.param({"draw": {"tenpai": [5]}}, [], id="tenpai-5"),
        pytest.param({"draw": {"tenpai": []}}, [4], id="riichi-4"),
    ],
)
def test_a_seat_out_of_range_is_refused(ruleset_id, outcome, riichi):
    with pytest.raises(InputError):
        settle(rules(ruleset_id), table(ruleset_id), outcome, riichi=riichi)


def test_riichi_with_less_than_1000_points_is_refused_under_tenhou():
    # Tenhou (MST): riichi needs 1000 points. Seat 2 has 900.
    before = table("tenhou", hand=2, scores=(33100, 33000, 900, 33000))
    with pytest.raises(InputError):
        settle(rules("tenhou"), before, {"draw": {"tenpai": [2]}}, riichi=[2])


def test_riichi_with_exactly_1000_points_is_allowed_under_tenhou():
    before = table("tenhou", hand=2, scores=(33000, 33000, 1000, 33000))
    result = settle(rules("tenhou"), before, {"draw": {"tenpai": [2]}}, riichi=[2])
    # seat 2: -1000 + 3000 = +2000; the others -1000; dealer seat 1 noten → East 3; sticks 1
    expect(result, before, (-1000, -1000, 2000, -1000), declared=1, taken=0, wind="east", hand=3, honba=1, sticks=1)


def test_riichi_with_less_than_1000_points_is_allowed_under_m_league():
    # M-League: "持ち点1000点以下でもリーチ可" (ML). Seat 2 has 900 and goes to -100 for the stick.
    before = table("m-league", hand=2, scores=(33100, 33000, 900, 33000))
    result = settle(rules("m-league"), before, {"draw": {"tenpai": [2]}}, riichi=[2])
    # seat 2: -1000 + 3000 = +2000; the others -1000; dealer seat 1 noten → East 3; sticks 1
    expect(result, before, (-1000, -1000, 2000, -1000), declared=1, taken=0, wind="east", hand=3, honba=1, sticks=1)


@pytest.mark.parametrize("ruleset_id", BOTH)
def test_settling_after_the_game_has_ended_is_refused(ruleset_id):
    ended = table(ruleset_id, wind="south", hand=4).replace(ended=True, end_reason="last_hand")
    with pytest.raises(InputError):
        settle(rules(ruleset_id), ended, ron(1, win(0, 1, 30)))


@pytest.mark.parametrize("ruleset_id", BOTH)
def test_a_riichi_declarer_must_be_tenpai_at_an_exhaustive_draw(ruleset_id):
    # A riichi declarer is tenpai at the draw; a noten riichi is a chombo, not a noten payment.
    with pytest.raises(InputError):
        settle(rules(ruleset_id), table(ruleset_id), {"draw": {"tenpai": [1]}}, riichi=[0])
