"""yakuset.riichi.Table: whole games played from moves (issue 26 items 2-4).

Rigged walls deal known hands and draws (the layout of docs/rules/riichi-table.md §5: the deal
4-4-4-1 from the dealer, then the draws in turn; the first dora indicator and its ura at the far
end's fifth and sixth places). Expected points come from the payment formulas of the seeds
(docs/rules/riichi.md §6, tests/riichi/scoring/test_seeds.py's cells) and the noten payments of
docs/rules/riichi.md (3000 split evenly).
"""

from __future__ import annotations

import random
import re

import pytest
import yakuset
from hypothesis import HealthCheck, example, given, settings, strategies as st
from yakuset import riichi
from yakuset.riichi import ChiCalled, HandEnded, IllegalMove, Move, RiichiAccepted, Table, TileDiscarded
from yakuset.riichi.tiles.shanten import shanten_of

RON, TSUMO, PASS = Move("ron"), Move("tsumo"), Move("pass")


def names(text: str) -> list[str]:
    """``"234m5p"`` -> ``["2m", "3m", "4m", "5p"]``."""
    return [f"{digit}{suit}" for digits, suit in re.findall(r"(\d+)([mpsz])", text) for digit in digits]


def full_set(rs) -> list[str]:
    """The rule set's tiles as mpsz names: four of each tile not removed, a red five as ``0``."""
    table = riichi.rules_of(rs).table
    out = []
    for suit_index, suit in enumerate("mpsz"):
        for number in range(1, 10 if suit != "z" else 8):
            kind = suit_index * 9 + number - 1
            if kind in table.removed:
                continue
            reds = table.red_fives[suit_index] if number == 5 and suit != "z" else 0
            out += [f"0{suit}"] * reds + [f"{number}{suit}"] * (4 - reds)
    return out


def rigged(
    rs,
    hands: dict[int, str],
    draws: str = "",
    dora: str = "8p",
    ura: str = "9s",
    dealer: int = 0,
    places: dict[int, str] | None = None,
):
    """A wall dealing ``hands`` (seat -> 13 tiles) from ``dealer``, then drawing ``draws`` in turn
    order; the dora and ura indicator as given; ``places``: tiles at given places counted from the far
    end (``-1`` the last: the first replacement tile; -7, -9, ... the kan dora indicators); every
    other tile in ascending order after the draws."""
    rest = full_set(rs)
    size = len(rest)
    players = riichi.rules_of(rs).table.players
    wall: list[str | None] = [None] * size
    at = 0
    given = {seat: names(text) for seat, text in hands.items()}
    for size_of in (4, 4, 4, 1):
        for turn in range(players):
            seat = (dealer + turn) % players
            for _ in range(size_of):
                wall[at] = given[seat].pop(0)
                at += 1
    for name in names(draws):
        wall[at] = name
        at += 1
    wall[size - 5], wall[size - 6] = dora, ura
    for place, name in (places or {}).items():
        wall[size + place] = name
    for name in wall:
        if name is not None:
            rest.remove(name)
    for index in range(size):
        if wall[index] is None:
            wall[index] = rest.pop(0)
    return wall


def end_of(events) -> HandEnded:
    """The hand's end among ``events``."""
    return next(e for e in events if isinstance(e, HandEnded))


def refusal(table: Table, move) -> IllegalMove:
    """What ``table.play(move)`` raises; the table's view, seat to move and legal moves unchanged."""
    before = (table.to_move, table.legal_moves(), table.trace(), len(table.events))
    with pytest.raises(IllegalMove) as caught:
        table.play(move)
    assert (table.to_move, table.legal_moves(), table.trace(), len(table.events)) == before
    assert not table.is_legal(move)
    return caught.value


def tile_of(table: Table, seat: int, name: str) -> int:
    """The wall tile of that name in ``seat``'s hand (the first copy)."""
    kind = riichi.TILE_OF[name]
    return next(tile for tile in table.view(seat).hand if tile >> 2 == kind)


def pass_calls(table: Table) -> None:
    """Every seat offered a call (and no ron) passes."""
    while PASS in table.legal_moves() and RON not in table.legal_moves():
        table.play(PASS)


def tsumogiri(table: Table, answer: bool = True) -> None:
    """The seat to move discards its drawn tile; with ``answer``, every seat offered a call on
    it (and no ron) passes."""
    table.play(Move("discard", table.view(table.to_move).drawn))
    if answer:
        pass_calls(table)


@pytest.fixture(scope="module")
def tenhou():
    return yakuset.load_ruleset("tenhou")


# Seat 1: pinfu and tanyao, waiting on 4m-7m (ryanmen). The other hands are far from tenpai.
S0 = "1357m2468p13579s"
S1 = "234m456p678s22s56m"
S2 = "2m8m3p7p9p2s4s9s1z2z3z4z5z"
S3 = "3m9m1p5p8p1s3s5s6z6z7z7z4z"


def test_a_ron_is_scored_from_the_tiles_and_settled(tenhou):
    wall = rigged(tenhou, {0: S0, 1: S1, 2: S2, 3: S3}, draws="1z9p6z8s5z")
    table = Table(tenhou, wall=wall)
    tsumogiri(table)  # seat 0: 1z
    for _ in range(3):
        tsumogiri(table)  # seats 1-3
    assert table.to_move == 0
    events = table.play(Move("discard", tile_of(table, 0, "7m")))
    legal = table.legal_moves()
    assert table.to_move == 1 and legal[0] == RON and legal[-1] == PASS  # a chi 7m with 5m6m between
    events = table.play(RON)
    end = end_of(events)
    # Pinfu and tanyao, closed ron: 2 han 30 fu, a non-dealer's ron is 2000 (docs/rules/riichi.md §6).
    assert end.ending == "ron" and end.wins[0].yaku == ("pinfu", "tanyao")
    assert (end.wins[0].han, end.wins[0].fu) == (2, 30)
    assert end.transfers == (-2000, 2000, 0, 0)
    assert table.hands[0].settlement.transfers == (-2000, 2000, 0, 0)
    # The dealer lost: the deal passes to seat 1, no honba.
    assert (table.state.dealer, table.state.honba, table.state.scores) == (1, 0, (23000, 27000, 25000, 25000))
    assert table.to_move == 1  # the next hand's dealer has drawn


def test_riichi_ippatsu_tsumo_is_a_mangan_and_the_stick_comes_back(tenhou):
    wall = rigged(tenhou, {0: S0, 1: "234m456p678s22s5m9p", 2: S2, 3: S3}, draws="1z1z6z8s5z6m4z2p1p4m")
    table = Table(tenhou, wall=wall)
    for _ in range(5):
        tsumogiri(table)  # seats 0-3, then 0
    assert table.to_move == 1
    nine_pin = tile_of(table, 1, "9p")
    assert Move("riichi", nine_pin) in table.legal_moves()
    events = table.play(Move("riichi", nine_pin))
    assert events[0] == TileDiscarded(seat=1, tile=nine_pin, tsumogiri=False, riichi=True)
    assert RiichiAccepted(seat=1) in events  # nobody called 9p: the riichi stands
    for _ in range(3):
        tsumogiri(table)  # seats 2, 3, 0
    assert table.to_move == 1 and TSUMO in table.legal_moves()
    events = table.play(TSUMO)
    end = end_of(events)
    assert sorted(end.wins[0].yaku) == ["ippatsu", "menzen_tsumo", "pinfu", "riichi", "tanyao"]
    # 5 han: mangan; a non-dealer's tsumo is 4000 from the dealer, 2000 from each other
    # (docs/rules/riichi.md §6, seed 002); seat 1's own stick comes back.
    assert end.transfers == (-4000, 8000, -2000, -2000)
    assert table.state.sticks == 0


def test_after_riichi_only_the_drawn_tile_may_be_discarded(tenhou):
    wall = rigged(tenhou, {0: S0, 1: "234m456p678s22s5m9p", 2: S2, 3: S3}, draws="1z1z6z8s5z6m4z2p1p3z")
    table = Table(tenhou, wall=wall)
    for _ in range(5):
        tsumogiri(table)
    table.play(Move("riichi", tile_of(table, 1, "9p")))
    for _ in range(3):
        tsumogiri(table)
    drawn = table.view(1).drawn
    assert table.legal_moves() == [Move("discard", drawn)]
    refused = refusal(table, Move("discard", tile_of(table, 1, "2s")))
    assert (refused.rule, refused.key, refused.seat) == ("riichi_drawn_only", None, 1)


def test_a_wait_in_your_own_discards_is_furiten(tenhou):
    # Seat 1 draws 7m (a winning tile), discards it instead of winning, then seat 2 discards 4m.
    wall = rigged(tenhou, {0: S0, 1: S1, 2: "4m8m3p7p9p2s4s9s1z2z3z4z5z", 3: S3}, draws="1z7m")
    table = Table(tenhou, wall=wall)
    tsumogiri(table)
    assert TSUMO in table.legal_moves()
    tsumogiri(table)  # seat 1 throws its winning 7m away
    table.play(Move("discard", tile_of(table, 2, "4m")))
    assert table.to_move != 1 and all(e.seat != 1 for e in table.events if e.type == "pass")
    assert table.view(1).discards[1][-1] >> 2 == riichi.TILE_OF["7m"]


def test_a_passed_winning_tile_is_furiten_until_your_next_discard(tenhou):
    hands = {0: S0, 1: S1, 2: "4m8m3p7p9p2s4s9s1z2z3z4z5z", 3: "4m7m9m1p5p8p1s3s5s6z6z7z4z"}
    table = Table(tenhou, wall=rigged(tenhou, hands, draws="1z9p6z8s5z9s3z2p"))
    tsumogiri(table)
    tsumogiri(table)
    table.play(Move("discard", tile_of(table, 2, "4m")))
    assert table.to_move == 1 and table.legal_moves() == [RON, PASS]
    table.play(PASS)
    table.play(Move("discard", tile_of(table, 3, "7m")))  # seat 1 is furiten: not asked
    assert table.to_move == 0 and table.view(0).drawn is not None
    for _ in range(3):
        tsumogiri(table)  # seats 0, 1 (its discard ends the furiten), 2
    table.play(Move("discard", tile_of(table, 3, "4m")))
    if table.to_move == 0:
        table.play(PASS)  # seat 0 could chi 4m with 3m5m
    assert table.to_move == 1 and RON in table.legal_moves()


S2_TENPAI = "123p456p678s22s56m"


def test_an_exhaustive_draw_pays_noten_and_offers_riichi_only_with_four_tiles_left(tenhou):
    # Seat 2 is tenpai on 4m-7m from the deal; every other 4m and 7m is in another hand, so
    # nobody wins; everybody discards what they draw.
    hands = {
        0: "4m4m7m7m1p5p9p3s7s1z3z5z7z",
        1: "3m4m8m9m1p4p8p2s6s8s1z2z3z",
        2: S2_TENPAI,
        3: "4m7m7m2p6p1s5s9s2z4z6z6z7z",
    }
    table = Table(tenhou, wall=rigged(tenhou, hands))
    riichi_offered_with = []
    while table.state.hand == 1 and table.state.round_wind == "east" and not table.hands:
        moves = table.legal_moves()
        if table.to_move == 2 and any(m.kind == "riichi" for m in moves):
            riichi_offered_with.append(table.view(2).live_left)
        assert TSUMO not in table.legal_moves() and RON not in table.legal_moves()
        tsumogiri(table)
    # Riichi needs four tiles in the live wall (a draw of one's own left; wins.riichi_draws_left).
    assert min(riichi_offered_with) >= 4 and 4 <= min(riichi_offered_with) < 8
    (hand,) = table.hands
    assert hand.ending == "exhaustive_draw"
    # One tenpai player: 1000 from each of the three others (docs/rules/riichi.md, BMJA §10).
    assert hand.settlement.transfers == (-1000, -1000, 3000, -1000)
    # The dealer was noten: the deal passes, one honba (dealer.honba.draw: add).
    assert (table.state.dealer, table.state.honba) == (1, 1)


def test_a_wall_sequence_one_per_hand_and_its_end(tenhou):
    wall = rigged(tenhou, {0: S0, 1: S1, 2: S2, 3: S3}, draws="1z9p6z8s5z")
    table = Table(tenhou, wall=[wall])
    for _ in range(4):
        tsumogiri(table)
    table.play(Move("discard", tile_of(table, 0, "7m")))
    with pytest.raises(yakuset.InputError, match=r"hand 2 needs a wall, and `wall` gave 1"):
        table.play(RON)
    # The finished hand is recorded and settled (the 7m ron of test_a_ron_is_scored_...); the table stops.
    assert len(table.hands) == 1 and table.to_move is None and table.legal_moves() == []
    assert table.hands[0].ending == "ron" and table.hands[0].settlement.winners == (1,)
    assert [e.type for e in table.events][-1] == "end"
    refused = refusal(table, PASS)
    assert (refused.rule, refused.seat) == ("table_stopped", None)


def test_a_bad_wall_is_an_input_error(tenhou):
    with pytest.raises(yakuset.InputError, match=r"wall\[1\]: the wall has 3 tiles"):
        Table(tenhou, wall=[full_set(tenhou), ["1m", "2m", "3m"]])


def test_a_move_of_the_wrong_shape_is_refused_and_nothing_changes(tenhou):
    table = Table(tenhou, seed=3)
    before = table.trace()
    assert refusal(table, "discard").rule == "malformed"
    assert (refusal(table, RON).rule, refusal(table, RON).seat) == ("no_offer", 0)
    foreign = Move("discard", next(t for t in range(136) if t not in table.view(0).hand))
    assert (refusal(table, foreign).rule, refusal(table, foreign).move) == ("not_in_hand", foreign)
    assert table.trace() == before


# --- properties -----------------------------------------------------------------------------


def greedy(table: Table, rng: random.Random) -> Move:
    """Win when possible, declare riichi half the time, else discard towards tenpai (a random
    one of the discards that leave the fewest shanten), sometimes a random legal move."""
    moves = table.legal_moves()
    for kind in ("tsumo", "ron"):
        if Move(kind) in moves:
            return Move(kind)
    riichis = [m for m in moves if m.kind == "riichi"]
    if riichis and rng.random() < 0.5:
        return rng.choice(riichis)
    calls = [m for m in moves if m.kind in ("chi", "pon", "open_kan", "closed_kan", "added_kan")]
    if calls and rng.random() < 0.4:
        return rng.choice(calls)
    discards = [m for m in moves if m.kind == "discard"]
    if len(discards) < 2 or rng.random() < 0.1:
        return rng.choice(moves)
    hand = table.view(table.to_move).hand
    counts = bytearray(34)
    for tile in hand:
        counts[tile >> 2] += 1
    by_shanten: dict[int, list[Move]] = {}
    for move in discards:
        counts[move.tile >> 2] -= 1
        by_shanten.setdefault(shanten_of(bytes(counts), b"\x04" * 34, 0), []).append(move)
        counts[move.tile >> 2] += 1
    return rng.choice(by_shanten[min(by_shanten)])


def check_tiles(rs, table: Table, this_hand: list[dict]) -> None:
    """Every tile is in one place: a hand, a meld, the norths set aside (kita), the discards (a
    called discard is in its meld too), or the wall (live or dead). ``this_hand``: the events
    since the current hand was dealt (its ``hand`` event first)."""
    view = table.view(0)
    held = [t for seat in range(len(table.state.scores)) for t in table.view(seat).hand]
    held += [t for melds in view.melds for _, tiles in melds for t in tiles]
    held += [t for norths in view.kita for t in norths]
    assert len(held) == len(set(held))
    assert this_hand[0].type == "hand"
    called = {e.tile for e in this_hand if e.type in ("chi", "pon", "open_kan")}
    discarded = [t for discards in view.discards for t in discards]
    assert len(discarded) == len(set(discarded)) and called <= set(discarded)
    seen = set(held) | set(discarded)
    assert len(seen) == len(held) + len(discarded) - len(called)
    assert len(seen) + view.live_left + riichi.rules_of(rs).table.dead_wall == len(full_set(rs))


# A table of four and one of three in the quick run; the other rule sets' tables in the whole run.
@pytest.mark.parametrize(
    "ruleset_id",
    [
        "tenhou",
        "tenhou-sanma",
        pytest.param("ema-2025", marks=pytest.mark.slow),
        pytest.param("mahjong-soul", marks=pytest.mark.slow),
    ],
)
@given(seed=st.integers(0, 2**32))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_game_of_legal_moves_ends_accounts_for_every_tile_and_conserves_points(ruleset_id, seed):
    rs = yakuset.load_ruleset(ruleset_id)
    table = Table(rs, seed=seed)
    rng = random.Random(seed)
    players = riichi.rules_of(rs).table.players
    start = riichi.rules_of(rs).table.start
    moves = 0
    events = table.events
    this_hand = events[max(i for i, e in enumerate(events) if e.type == "hand") :]
    while table.to_move is not None:
        check_tiles(rs, table, this_hand)
        legal = table.legal_moves()
        assert legal and len(set(legal)) == len(legal)
        for event in table.play(greedy(table, rng)):  # a legal move never raises
            if event.type == "hand":
                this_hand = []
            this_hand.append(event)
        moves += 1
        assert moves < 20000
        assert sum(table.state.scores) + 1000 * table.state.sticks == start * players
    assert table.ended and table.state.end_reason in riichi.END_REASONS
    assert len(table.standings()) == players


@given(seed=st.integers(0, 2**32))
@example(seed=998)  # this game ends (a bankruptcy) before 300 moves
@settings(max_examples=3, deadline=None)
def test_the_same_seed_and_moves_give_the_same_trace(seed):
    rs = yakuset.load_ruleset("tenhou")
    traces = []
    for _ in range(2):
        table, rng = Table(rs, seed=seed), random.Random(seed)
        for _ in range(300):
            if table.to_move is None:  # a game may end first (seed 998: a bankruptcy)
                break
            table.play(greedy(table, rng))
        traces.append((table.trace(), table.events))
    assert traces[0] == traces[1]


def turn_candidates(table: Table) -> list[Move]:
    """Every move of a turn's kinds the seat to move could be asked about: each held tile
    discarded, discarded with riichi, added to a kan or set aside; a kan of each held four."""
    hand = table.view(table.to_move).hand
    moves = [TSUMO, Move("nine_terminals"), RON, PASS]
    for kind in ("discard", "riichi", "added_kan", "kita"):
        moves += [Move(kind, tile) for tile in hand]
    for kind in {tile >> 2 for tile in hand}:
        four = tuple(tile for tile in hand if tile >> 2 == kind)
        if len(four) == 4:
            moves.append(Move("closed_kan", None, four))
    return moves


@pytest.mark.parametrize("ruleset_id", ["tenhou", "tenhou-sanma"])
@given(seed=st.integers(0, 2**32))
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_is_legal_asked_before_the_list_answers_as_the_legal_moves_list(ruleset_id, seed):
    """``is_legal`` works out the rules of the asked move's kind alone (issue 27: a log's moves
    checked one by one): asked first, it takes exactly the moves ``legal_moves()`` lists then."""
    rs = yakuset.load_ruleset(ruleset_id)
    table, rng = Table(rs, seed=seed), random.Random(seed)
    for _ in range(300):
        if table.to_move is None:
            break
        if table.is_legal(PASS):  # a seat answers a discard or a kan
            asked = [RON, PASS, TSUMO, *(Move("discard", tile) for tile in table.view(table.to_move).hand)]
        else:
            asked = turn_candidates(table)
        taken = {move for move in asked if table.is_legal(move)}
        legal = table.legal_moves()
        assert taken == set(asked) & set(legal)
        if PASS not in legal:
            assert set(legal) <= set(asked)
        table.play(greedy(table, rng))


# --- calls ----------------------------------------------------------------------------------


def test_chi_from_the_left_then_kuikae_forbids_the_same_tile_and_the_suji_swap(tenhou):
    jpml = yakuset.load_ruleset("jpml-a")
    for rs, forbidden in ((tenhou, {"4m", "7m"}), (jpml, {"4m"})):
        # Seat 1 holds 2m3m4m, 5m6m7m: chi 4m with 5m6m could swap 4m or 7m back.
        table = Table(rs, wall=rigged(rs, {0: S0, 1: "234m456p678s2s567m", 2: S2, 3: S3}, draws="4m"))
        four = table.view(0).drawn
        tsumogiri(table, answer=False)
        assert table.to_move == 1
        chis = [m for m in table.legal_moves() if m.kind == "chi"]
        five, six = tile_of(table, 1, "5m"), tile_of(table, 1, "6m")
        assert Move("chi", four, (five, six)) in chis and len(chis) == 3  # 23m, 35m, 56m
        events = table.play(Move("chi", four, (five, six)))
        assert events[-1] == ChiCalled(seat=1, tile=four, tiles=(five, six), source=0)
        assert table.to_move == 1 and TSUMO not in table.legal_moves()
        discards = {riichi.tile_name(m.tile >> 2) for m in table.legal_moves()}
        assert discards & {"4m", "7m"} == {"4m", "7m"} - forbidden
        refused = refusal(table, Move("discard", tile_of(table, 1, "4m")))
        assert (refused.rule, refused.key, refused.seat) == ("kuikae", "wins.kuikae", 1)


def test_a_pon_outranks_a_chi_declared_before_it(tenhou):
    hands = {0: S0, 1: "234m456p678s2s567m", 2: "4m4m3p7p9p2s4s9s1z2z3z4z5z", 3: S3}
    table = Table(tenhou, wall=rigged(tenhou, hands, draws="4m"))
    four = table.view(0).drawn
    tsumogiri(table, answer=False)
    chi = next(m for m in table.legal_moves() if m.kind == "chi")
    table.play(chi)
    assert table.to_move == 2
    pon = next(m for m in table.legal_moves() if m.kind == "pon")
    assert pon.tile == four
    events = table.play(pon)
    assert [e.type for e in events] == ["declare", "pon"] and events[-1].source == 0
    assert table.to_move == 2 and table.view(2).melds[2][0][0] == "pon"
    assert table.view(1).melds[1] == ()


CHANKAN_HANDS = {
    0: S0,
    1: "1m9m1p9p1s9s1z2z3z4z5z6z3p",
    2: "3p3p2m8m7p2s4s9s1z2z3z4z6z",
    3: "234m456m678s22s4p9p",
}


def _to_the_added_kan(rs):
    """Seat 2 pons seat 1's 3p; seat 3 gets tenpai on 3p-6p; seat 2 draws the last 3p."""
    table = Table(rs, wall=rigged(rs, CHANKAN_HANDS, draws="1z9p5p2m8m3p"))
    tsumogiri(table)  # seat 0
    table.play(Move("discard", tile_of(table, 1, "3p")))
    assert table.to_move == 2
    table.play(next(m for m in table.legal_moves() if m.kind == "pon"))
    table.play(Move("discard", tile_of(table, 2, "6z")))
    assert table.view(3).drawn is not None
    table.play(Move("discard", tile_of(table, 3, "9p")))
    pass_calls(table)  # seat 1 could pon 9p
    tsumogiri(table)  # seat 0
    tsumogiri(table)  # seat 1
    assert table.to_move == 2
    added = [m for m in table.legal_moves() if m.kind == "added_kan"]
    assert len(added) == 1
    return table, added[0]


def test_an_added_kan_is_robbed_by_chankan(tenhou):
    table, added = _to_the_added_kan(tenhou)
    table.play(added)
    assert table.to_move == 3 and table.legal_moves() == [RON, PASS]
    events = table.play(RON)
    end = end_of(events)
    assert sorted(end.wins[0].yaku) == ["chankan", "pinfu", "tanyao"]
    # 3 han 30 fu, a non-dealer's ron: 3900, paid by the seat that added the kan (docs/rules/riichi.md §6).
    assert end.transfers == (0, 0, -3900, 3900)


@pytest.mark.parametrize(("ruleset_id", "dora_before_draw"), [("tenhou", False), ("ema-2025", True)])
def test_an_added_kan_draws_a_replacement_and_shows_its_dora_when_the_rule_set_says(ruleset_id, dora_before_draw):
    rs = yakuset.load_ruleset(ruleset_id)
    table, added = _to_the_added_kan(rs)
    table.play(added)
    events = table.play(PASS)  # seat 3 lets it stand
    kinds = [e.type for e in events]
    assert kinds[0] == "pass" and events[kinds.index("draw")].replacement is True
    # tiles.kan_dora_timing.open_kan: tenhou after the kan's discard; ema-2025 at once.
    assert ("dora" in kinds) is dora_before_draw
    assert table.to_move == 2 and len(table.view(2).dora_indicators) == 1 + dora_before_draw
    events = table.play(Move("discard", table.view(2).drawn))
    assert ("dora" in [e.type for e in events]) is not dora_before_draw
    assert len(table.view(0).dora_indicators) == 2


def test_a_call_breaks_ippatsu(tenhou):
    hands = {0: "1357m2268p13579s", 1: "234m456p678s22s5m9p", 2: S2, 3: S3}
    table = Table(tenhou, wall=rigged(tenhou, hands, draws="1z1z6z8s5z6m4z2p4m"))
    for _ in range(5):
        tsumogiri(table)
    table.play(Move("riichi", tile_of(table, 1, "9p")))
    tsumogiri(table)  # seat 2
    tsumogiri(table, answer=False)  # seat 3: 2p
    assert table.to_move == 0
    table.play(next(m for m in table.legal_moves() if m.kind == "pon"))
    table.play(Move("discard", tile_of(table, 0, "9s")))
    assert table.to_move == 1 and TSUMO in table.legal_moves()
    end = end_of(table.play(TSUMO))
    assert sorted(end.wins[0].yaku) == ["menzen_tsumo", "pinfu", "riichi", "tanyao"]
    # 4 han 20 fu: basic 20 x 2^6 = 1280; the dealer pays 2 x 1280 -> 2600, the others 1280 -> 1300
    # (docs/rules/riichi.md §6: each payment rounded up to 100).
    assert end.transfers == (-2600, 5200, -1300, -1300)


def test_the_seat_that_feeds_the_third_dragon_set_pays_for_daisangen(tenhou):
    hands = {0: S0, 1: "5z5z6z6z7z7z234m22s9p8s", 2: S2, 3: "3m9m9m1p5p8p1s3s5s4z4z1z3z"}
    table = Table(tenhou, wall=rigged(tenhou, hands, draws="5z6z1p7z8p2p3s5m"))
    tsumogiri(table, answer=False)  # seat 0: 5z
    table.play(next(m for m in table.legal_moves() if m.kind == "pon"))
    table.play(Move("discard", tile_of(table, 1, "9p")))
    tsumogiri(table, answer=False)  # seat 2: 6z
    table.play(next(m for m in table.legal_moves() if m.kind == "pon"))
    table.play(Move("discard", tile_of(table, 1, "8s")))
    tsumogiri(table)  # seat 2: 1p
    tsumogiri(table, answer=False)  # seat 3: 7z
    assert table.to_move == 1
    table.play(next(m for m in table.legal_moves() if m.kind == "pon"))
    table.play(Move("discard", tile_of(table, 1, "2m")))
    for _ in range(3):
        tsumogiri(table)  # seats 2, 3, 0
    end = end_of(table.play(TSUMO))
    assert end.wins[0].yaku == ("daisangen",) and end.wins[0].pao == 3
    # A non-dealer's yakuman is 32000; on a tsumo the liable player pays it all
    # (docs/rules/riichi-table.md §4, liability).
    assert end.transfers == (0, 32000, 0, -32000)


@pytest.mark.parametrize(("ruleset_id", "robbed"), [("mahjong-soul", True), ("tenhou", False)])
def test_the_thirteen_orphans_rob_a_closed_kan_where_the_rule_set_allows(ruleset_id, robbed):
    rs = yakuset.load_ruleset(ruleset_id)
    hands = {
        0: "2357m2468p23568s",
        1: "9m1p9p1s9s1z2z3z4z5z6z7z7z",
        2: "1m1m1m2m5m8m3p4p7p6s2s8p6p",
        3: "3m4m6m3p4p5p7p3s4s5s6s7s8s",
    }
    table = Table(rs, wall=rigged(rs, hands, draws="8m8m1m"))
    tsumogiri(table)
    tsumogiri(table)
    kan = next(m for m in table.legal_moves() if m.kind == "closed_kan")
    events = table.play(kan)
    kinds = [e.type for e in events]
    if robbed:  # tiles.kokushi_robs_closed_kan: mahjong-soul yes, tenhou no (docs/rules/riichi-table.md §2)
        assert table.to_move == 1 and table.legal_moves() == [RON, PASS]
        # The closed kan's dora (immediate on both) waits for the chance to rob it: none is shown.
        assert "dora" not in kinds and len(table.view(1).dora_indicators) == 1
        events = table.play(RON)
        end = end_of(events)
        assert "dora" not in [e.type for e in events[: events.index(end)]]
        assert end.wins[0].yaku == ("kokushi",) and end.transfers == (0, 32000, -32000, 0)
    else:
        # Nobody may rob it: its dora at once (tiles.kan_dora_timing.closed_kan: immediate), then
        # the replacement draw.
        assert kinds == ["closed_kan", "dora", "draw"] and events[-1].replacement is True
        assert table.to_move == 2


def test_a_chi_or_pon_of_other_copies_of_the_same_tiles_is_the_same_call(tenhou):
    """A game log names the copies a player called with; the legal moves list the lowest ones
    (issue 27: Tenhou logs chi with the copies held)."""
    # Seat 1 holds two plain 5m and two 6m: chi 4m with 5m6m, by either copy of each.
    table = Table(tenhou, wall=rigged(tenhou, {0: S0, 1: "234m456p78s2s5566m", 2: S2, 3: S3}, draws="4m"))
    four = table.view(0).drawn
    tsumogiri(table, answer=False)
    fives = [t for t in table.view(1).hand if t >> 2 == riichi.TILE_OF["5m"]]
    sixes = [t for t in table.view(1).hand if t >> 2 == riichi.TILE_OF["6m"]]
    assert len(fives) == len(sixes) == 2
    assert Move("chi", four, (fives[0], sixes[0])) in table.legal_moves()
    assert Move("chi", four, (fives[1], sixes[1])) not in table.legal_moves()
    assert table.is_legal(Move("chi", four, (fives[1], sixes[1])))  # play takes it
    assert refusal(table, Move("chi", four, (16, sixes[1]))).rule == "no_such_call"  # the red 5m is not held
    events = table.play(Move("chi", four, (fives[1], sixes[1])))
    assert events[-1] == ChiCalled(seat=1, tile=four, tiles=(fives[1], sixes[1]), source=0)
    assert fives[0] in table.view(1).hand and sixes[0] in table.view(1).hand
    assert fives[1] not in table.view(1).hand and sixes[1] not in table.view(1).hand


FOUR_KANS_HANDS = {
    0: "1z1z1z1z2z2z2z2z3z3z3z3z9m",
    1: "4z4z4z4z5p1s1s9s9s6z6z7z7z",
    2: "5p5p7p1m9m1p9p2s6s8s2m5z5z",
    3: "234m456s678s22p46p",  # tanyao, waiting on 5p (kanchan)
}
# The replacement tiles (the far end: -1 first) and the kan dora indicators (-7, -9, ...), none a dora of seat 3's.
FOUR_KANS_DEAD = {-1: "1s", -2: "9s", -3: "1m", -4: "9p", -7: "7p", -9: "8m", -11: "5z", -13: "6z"}


def _to_the_discard_after_four_kans(rs) -> Table:
    """Seat 0 declares three closed kans, seat 1 the fourth and discards 5p (seat 2 holds 5p5p,
    seat 3 waits on it)."""
    table = Table(rs, wall=rigged(rs, FOUR_KANS_HANDS, draws="1p8m", ura="9p", places=FOUR_KANS_DEAD))
    for _ in range(3):
        table.play(next(m for m in table.legal_moves() if m.kind == "closed_kan"))
    table.play(Move("discard", tile_of(table, 0, "1p")))
    assert table.to_move == 1
    table.play(next(m for m in table.legal_moves() if m.kind == "closed_kan"))
    table.play(Move("discard", tile_of(table, 1, "5p")))
    return table


def test_after_four_kans_by_two_seats_the_next_discard_may_only_be_ronned(tenhou):
    # draws.abortive has four_kans (tenhou): the hand aborts when the discard after the fourth kan
    # passes, so nobody is offered a call on it (docs/rules/riichi-table.md §6); seat 2's pon of 5p
    # is not offered, seat 3's ron is.
    table = _to_the_discard_after_four_kans(tenhou)
    assert table.to_move == 3 and table.legal_moves() == [RON, PASS]
    end = end_of(table.play(RON))
    assert end.ending == "ron" and end.wins[0].yaku == ("tanyao",)
    # 1 han 40 fu (20 + 10 closed ron + 2 kanchan, rounded up), a non-dealer's ron: 40 x 2^3 x 4
    # = 1280 -> 1300 (docs/rules/riichi.md §6).
    assert end.transfers == (0, -1300, 0, 1300)


def test_after_four_kans_by_two_seats_a_passed_discard_aborts_the_hand(tenhou):
    table = _to_the_discard_after_four_kans(tenhou)
    end = end_of(table.play(PASS))
    assert end.ending == "four_kans" and end.transfers == (0, 0, 0, 0)


def test_without_the_four_kans_abort_the_discard_after_four_kans_may_be_called():
    rs = yakuset.load_ruleset("ema-2025")  # draws.abortive: none
    table = _to_the_discard_after_four_kans(rs)
    assert table.to_move == 2
    assert [m.kind for m in table.legal_moves()] == ["pon", "pass"]


SUUKANTSU_HANDS = {
    0: "1m1m9m9m1p9p1s9s1z2z3z4z5z",
    1: "2m2m2m2m3m3m3m3m4m4m4m4m6m",
    2: "6m1m9m1p2p3p4p2s3s4s5z6z6z",
    3: "1s1s9s9s7p7p8p8p5s5s6s6s7s",
}


@pytest.mark.parametrize("open_fourth", [True, False])
def test_suukantsu_pao_falls_on_the_seat_that_fed_the_fourth_kan_only_as_an_open_kan(open_fourth):
    # m-league names suukantsu among liability.yakuman ("only when the 4th kan is a daiminkan", ML in
    # docs/rules/riichi-table.md §1). Seat 1 declares three closed kans; seat 2's 6m then makes its
    # fourth kan, called at once (open kan) or first as a pon and added to later (added kan).
    rs = yakuset.load_ruleset("m-league")
    if open_fourth:
        wall = rigged(rs, SUUKANTSU_HANDS, draws="7z9p8p", places={-1: "6m", -2: "6m", -3: "5m", -4: "5m"})
    else:
        wall = rigged(rs, SUUKANTSU_HANDS, draws="7z9p8p1z2z3z6m", places={-1: "6m", -2: "5m", -3: "1z", -4: "5m"})
    table = Table(rs, wall=wall)
    tsumogiri(table)  # seat 0: 7z
    for _ in range(3):
        table.play(next(m for m in table.legal_moves() if m.kind == "closed_kan"))
    table.play(Move("discard", tile_of(table, 1, "9p")))
    table.play(Move("discard", tile_of(table, 2, "6m")))
    assert table.to_move == 1
    if open_fourth:
        table.play(next(m for m in table.legal_moves() if m.kind == "open_kan"))
    else:
        table.play(next(m for m in table.legal_moves() if m.kind == "pon"))
        table.play(Move("discard", tile_of(table, 1, "1z")))
        for _ in range(3):
            tsumogiri(table)  # seats 2, 3, 0
        table.play(next(m for m in table.legal_moves() if m.kind == "added_kan"))
    assert table.view(1).drawn is not None and table.view(1).drawn >> 2 == riichi.TILE_OF["5m"]
    end = end_of(table.play(TSUMO))
    assert "suukantsu" in end.wins[0].yaku
    if open_fourth:
        # A non-dealer's yakuman tsumo, 32000, paid in full by the liable seat (docs/rules/riichi-table.md §4).
        assert end.wins[0].pao == 2 and end.transfers == (0, 32000, -32000, 0)
    else:
        # No liability: the dealer pays 16000 and each other seat 8000 (docs/rules/riichi.md §6).
        assert end.wins[0].pao is None and end.transfers == (-16000, 32000, -8000, -8000)


def test_a_closed_kan_of_a_waiting_tile_makes_no_one_furiten(tenhou):
    # Seat 1 waits on 3p-6p; seat 2 declares a closed kan of 3p (only the thirteen orphans may rob a
    # closed kan, and tenhou lets none: tiles.kokushi_robs_closed_kan), then discards 6p. No winning
    # tile passed seat 1 by (docs/rules/riichi-table.md §6, furiten): it may ron.
    hands = {0: S0, 1: "234m456m678s22s45p", 2: "3p3p3p6p7m7p9p2s4s9s1z2z3z", 3: S3}
    table = Table(tenhou, wall=rigged(tenhou, hands, draws="1z9m3p", places={-1: "9p", -7: "1z"}))
    tsumogiri(table)  # seat 0
    tsumogiri(table)  # seat 1
    table.play(next(m for m in table.legal_moves() if m.kind == "closed_kan"))
    table.play(Move("discard", tile_of(table, 2, "6p")))
    assert table.to_move == 1 and table.legal_moves() == [RON, PASS]
    end = end_of(table.play(RON))
    # Pinfu and tanyao, 2 han 30 fu, a non-dealer's ron: 30 x 2^4 x 4 = 1920 -> 2000 (docs/rules/riichi.md §6).
    assert sorted(end.wins[0].yaku) == ["pinfu", "tanyao"] and end.transfers == (0, 2000, -2000, 0)


# --- kita (three players: tenhou-sanma; docs/rules/sanma.md §2, docs/rules/riichi-table.md §6) -------

KITA_JUNK = {  # hands of thirteen different tiles: no pon, no win, no north
    0: "1m9m2p3p6p4s5s7s8s2z3z6z4z",
    2: "1m9m1p4p7p2s3s6s8s1z2z3z7z",
}


def _sanma(kita: dict[str, object] | None = None):
    """tenhou-sanma, or a house rule set extending it with ``kita`` changed."""
    if not kita:
        return yakuset.load_ruleset("tenhou-sanma")
    text = "extends: tenhou-sanma\nname: House sanma\nkita:\n" + "".join(f"  {k}: {v}\n" for k, v in kita.items())
    return yakuset.load_ruleset_text(text, "house-sanma.yaml")


def test_a_kita_draws_a_replacement_and_counts_as_a_dora_in_a_rinshan_tsumo():
    rs = _sanma()
    # Seat 0 holds 123p456p789p 1s1s 9s and a north, draws 9s, sets the north aside and draws 1s.
    hands = {0: "4z123p456p789p1s1s9s", 1: "1m9m1p4p7p2s3s6s8s1z5z3z7z", 2: KITA_JUNK[2]}
    table = Table(rs, wall=rigged(rs, hands, draws="9s", dora="5z", ura="5z", places={-1: "1s"}))
    assert Move("kita", tile_of(table, 0, "4z")) in table.legal_moves()
    events = table.play(Move("kita", tile_of(table, 0, "4z")))
    assert [e.type for e in events] == ["kita", "draw"] and events[-1].replacement is True
    assert table.view(1).kita == ((events[0].tile,), (), ())
    end = end_of(table.play(TSUMO))
    # Menzen tsumo, ittsu (2) and rinshan: 4 han 30 fu; the kita's dora makes 5 han, a mangan: the
    # dealer's mangan tsumo at three players is 4000 from each (tsumo loss; docs/rules/sanma.md §3).
    # A kita counts as a call: no tenhou (docs/rules/sanma.md §2).
    assert "tenhou" not in end.wins[0].yaku and "rinshan" in end.wins[0].yaku
    assert end.transfers == (8000, -4000, -4000)


# Seat 1 waits on north alone (tanki) with ittsu; seat 0 sets its north aside on its first turn.
KITA_RON_HANDS = {0: KITA_JUNK[0], 1: "123p456p789p1s1s1s4z", 2: KITA_JUNK[2]}


@pytest.mark.parametrize(
    ("ron", "yaku", "paid"),
    [
        # allowed (tenhou-sanma): ittsu, 2 han 40 fu (20 + 10 closed ron + 8 for 1s1s1s + 2 tanki): 2600.
        ("allowed", ["ittsu"], 2600),
        # chankan: ittsu and chankan, 3 han 40 fu: 5200 (docs/rules/sanma.md §3's grid).
        ("chankan", ["chankan", "ittsu"], 5200),
        ("forbidden", None, 0),
    ],
)
def test_a_set_aside_north_may_be_ronned_as_kita_ron_says(ron, yaku, paid):
    rs = _sanma(None if ron == "allowed" else {"ron": ron})
    table = Table(rs, wall=rigged(rs, KITA_RON_HANDS, draws="7z", dora="5z", ura="5z", places={-1: "6z"}))
    events = table.play(Move("kita", tile_of(table, 0, "4z")))
    if yaku is None:
        assert table.to_move == 0 and events[-1].type == "draw" and events[-1].replacement is True
        return
    assert table.to_move == 1 and table.legal_moves() == [RON, PASS]
    end = end_of(table.play(RON))
    assert sorted(end.wins[0].yaku) == yaku and end.transfers == (-paid, paid, 0)


def test_a_kita_is_refused_after_a_pon_and_names_the_rule():
    rs = _sanma({"ron": "forbidden"})
    table = Table(rs, wall=rigged(rs, KITA_RON_HANDS, draws="7z", dora="5z", ura="5z", places={-1: "6z"}))
    assert refusal(table, Move("kita", tile_of(table, 0, "1m"))).rule == "north_only"
    table.play(Move("kita", tile_of(table, 0, "4z")))
    refused = refusal(table, Move("kita", tile_of(table, 1, "4z")))
    assert (refused.rule, refused.seat) == ("not_in_hand", 0)


# Seat 1 is tenpai from the deal (123p456p789p 1s1s 9s9s: 1s or 9s), declares riichi on its second
# draw; seat 2 then draws a north and sets it aside; seat 1 draws 1s.
IPPATSU_HANDS = {0: "1m9m2p3p6p4s5s7s8s2z3z6z7z", 1: "123p456p789p1s1s9s9s", 2: KITA_JUNK[2]}


@pytest.mark.parametrize("breaks", [True, False])
def test_a_kita_ends_ippatsu_where_the_rule_set_says(breaks):
    rs = _sanma(None if breaks else {"breaks_ippatsu": "false"})
    wall = rigged(rs, IPPATSU_HANDS, draws="5z6z1z9p2z4z7z1s", dora="5z", ura="5z", places={-1: "3z"})
    table = Table(rs, wall=wall)
    for _ in range(4):
        tsumogiri(table)  # seats 0, 1, 2, 0
    table.play(Move("riichi", table.view(1).drawn))
    assert table.to_move == 2
    table.play(Move("kita", table.view(2).drawn))
    tsumogiri(table)  # seat 2: its replacement tile
    tsumogiri(table)  # seat 0
    end = end_of(table.play(TSUMO))
    assert ("ippatsu" in end.wins[0].yaku) is not breaks
    # riichi, menzen tsumo, ittsu: 4 han 30 fu (20 + 2 tsumo + 8 for 1s1s1s): 3900 from the dealer,
    # 2000 from the other (docs/rules/sanma.md §3); with ippatsu a mangan: 4000 and 2000.
    dealer_pays = 3900 if breaks else 4000
    assert end.transfers[0] == -dealer_pays and end.transfers[2] == -2000


@pytest.mark.parametrize("atozuke", [True, False])
def test_without_atozuke_a_win_needs_a_yaku_on_every_tile_of_its_wait(tenhou, atozuke):
    # Seat 1 (closed) waits on 5z (white dragons: a yaku) or 5p (none on a ron) with 5z5z 5p5p. Under
    # wins.atozuke: false a win needs a yaku on every tile of its wait (the schema's
    # definition): the ron on 5z is refused; a tsumo is menzen tsumo on either tile, so it stands.
    rs = (
        tenhou
        if atozuke
        else yakuset.load_ruleset_text(
            "extends: tenhou\nname: No atozuke\nwins:\n  atozuke: false\n", "no-atozuke.yaml"
        )
    )
    hands = {
        0: "1357m2468p1357s5z",
        1: "5z5z5p5p123m456m789s",
        2: "2m8m3p7p9p2s4s9s1z2z3z4z6z",
        3: "3m9m1p6p8p1s3s5s6z6z7z7z4z",
    }
    table = Table(rs, wall=rigged(rs, hands, draws="1z9p2z3z4z5p"))
    for _ in range(4):
        tsumogiri(table)  # seats 0-3
    table.play(Move("discard", tile_of(table, 0, "5z")))
    assert table.to_move == 1
    if atozuke:
        end = end_of(table.play(RON))
        # 1 han 40 fu (20 + 10 closed ron + 4 for the white pung made by the ron): 1300 (docs/rules/riichi.md §6).
        assert end.transfers == (-1300, 1300, 0, 0)
        return
    assert RON not in table.legal_moves()
    refused = refusal(table, RON)
    assert (refused.rule, refused.key, refused.seat) == ("atozuke", "wins.atozuke", 1)
    table.play(PASS)
    assert table.to_move == 1 and TSUMO in table.legal_moves()
    end = end_of(table.play(TSUMO))
    # Menzen tsumo, 1 han 30 fu (20 + 2 tsumo + 4 for 5p5p5p + 2 for the white pair): the dealer
    # pays 2 x 240 -> 500, the others 240 -> 300 (docs/rules/riichi.md §6).
    assert end.wins[0].yaku == ("menzen_tsumo",) and end.transfers == (-500, 1100, -300, -300)
