"""Tenhou XML logs (tests/data/logs/tenhou-mjlog, mjx's test logs) read into a game record, and
the record checked against itself and against our settlement (issue 27).

The expected values are read off the log files by hand (the call codes decoded bit by bit in
the comments, after docs/rules/tenhou-logs.md §3) or come from Tenhou itself: each hand's
``sc=`` deltas and ``owari=`` points are Tenhou's numbers, which ``check_log`` compares with
``settle`` and ``standings`` under the rule set the lobby implies.
"""

from __future__ import annotations

import functools
import gzip
import re
from pathlib import Path

import pytest
import yakuset
from yakuset import InputError
from yakuset._plugins import riichi_yaku
from yakuset.riichi import (
    AddedKanDeclared,
    ChiCalled,
    ClosedKanDeclared,
    DoraRevealed,
    HandEvent,
    KitaDeclared,
    LogError,
    MoveEvent,
    OpenKanCalled,
    PonCalled,
    RonDeclared,
    TileCalled,
    TileDiscarded,
    TileDrawn,
    Won,
    check_log,
    read_log,
)
from yakuset.riichi.logs import read as log_read
from yakuset.riichi.logs.lobby import lobby_of_type, lobby_rules
from yakuset.riichi.logs.tenhou import TENHOU_YAKU

from ...helpers import LOGS as DATA, game_log

LOGS = DATA / "tenhou-mjlog"
MJLOGS = sorted(LOGS.glob("*.mjlog"))
FIRST = LOGS / "first-example.mjlog"
RED_FIVES = {16, 52, 88}


@functools.cache
def tenhou() -> yakuset.RuleSet:
    return yakuset.load_ruleset("tenhou")


def events(path: Path) -> list[HandEvent]:
    return [event for hand in game_log(path).hands for event in hand.events]


def test_every_tenhou_log_of_the_data_set_is_read() -> None:
    assert len(MJLOGS) == 77
    for path in MJLOGS:
        record = game_log(path)
        text = path.read_text(encoding="utf-8")
        assert len(record.hands) == text.count("<INIT "), path.name
        assert record.ruleset == "tenhou", path.name


def test_a_whole_game_reads_with_its_players_lobby_and_final_points() -> None:
    record = game_log(FIRST)
    # UN n0="%2D%72%6F%6E%2D" ... URL-encoded UTF-8 names
    assert record.players == ("-ron-", "ASAPIN", "うきでん", "超ヒモリロ")
    assert record.lobby is not None and record.lobby.type == 169
    assert (record.lobby.players, record.lobby.length, record.lobby.red_fives, record.lobby.open_tanyao) == (
        4,
        "east_south",
        True,
        True,
    )
    assert record.lobby.room == "houou"
    # owari="133,-37.0,342,14.0,376,48.0,149,-25.0"
    assert record.final == (13300, 34200, 37600, 14900)
    assert record.final_points == (-37.0, 14.0, 48.0, -25.0)
    last = record.hands[-1]
    # the last AGARI: who="1" fromWho="3" ten="30,2000,0" yaku="7,1,54,1" sc="133,0,306,36,376,0,175,-26"
    assert last.result is not None and last.result.kind == "ron"
    (win,) = last.result.wins
    assert (win.seat, win.discarder, win.fu, win.han, win.points, win.limit) == (1, 3, 30, 2, 2000, None)
    assert win.yaku == (("pinfu", 1), ("red_fives", 1))
    assert win.deltas == (0, 3600, 0, -2600)


def test_the_first_hand_starts_as_its_init_says() -> None:
    hand = game_log(FIRST).hands[0]
    assert (hand.round, hand.dealer, hand.honba, hand.sticks) == (0, 0, 0, 0)
    assert hand.scores == (25000,) * 4
    assert all(len(tiles) == 13 and list(tiles) == sorted(tiles) for tiles in hand.dealt)
    assert hand.events[:2] == (TileDrawn(0, 107), TileDiscarded(0, 39, tsumogiri=False, riichi=False))


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        # m=42031 = 0b1010010000101111: from 3 (kamicha), chi; copies 1, 1, 0; 41 = 13 * 3 + 2:
        # 7p-8p-9p (kinds 15-17), the third (68) called from seat 2's <F68/>
        ("first-example.mjlog", ChiCalled(3, 68, (61, 65), source=2)),
        # m=30282 = 0b111011001001010: from 2 (toimen: seat 1), pon; copy 2 left out; 59 = 19 * 3 + 2:
        # 2s (kind 19), tiles 76, 77, 79, the third (79) called from seat 1's <E79/>
        ("first-example.mjlog", PonCalled(3, 79, (76, 77), source=1)),
        # m=1619 = 0b11001010011: added kan (0x10); copy 2 left out; 3 = 1 * 3 + 0: 2m, adds tile 6
        ("2010091009gm-00a9-0000-83af2648_tw=2.mjlog", AddedKanDeclared(2, 6)),
        # m=27139: from 3 (seat 2), a kan of 27139 >> 8 = 106 (9s), called from <F106/>
        ("encdec-kan-opened-02.mjlog", OpenKanCalled(3, 106, (104, 105, 107), source=2)),
        # m=29696: from 0 (self): a closed kan of 29696 >> 8 = 116 (west), the four 116-119
        ("encdec-chankan-ippatsu.mjlog", ClosedKanDeclared(1, (116, 117, 118, 119))),
    ],
)
def test_tenhou_call_codes_decode_to_the_calls(path: str, expected: HandEvent) -> None:
    assert expected in events(LOGS / path)


def test_every_called_kan_shows_a_new_dora_indicator_and_every_kan_a_replacement_draw() -> None:
    for path in MJLOGS:
        for hand in game_log(path).hands:
            for index, event in enumerate(hand.events[:-1]):
                if type(event) in (OpenKanCalled, ClosedKanDeclared, AddedKanDeclared):
                    later = hand.events[index + 1 : index + 4]
                    draws = [e for e in later if type(e) is TileDrawn]
                    assert draws or any(type(e) is RonDeclared for e in later), (path.name, index, later)
                    assert all(draw.replacement for draw in draws[:1]), (path.name, index, later)


def held_at_the_end(hand: yakuset.riichi.LogHand, seat: int) -> list[int]:
    """A seat's tiles, its melds included, after every event of the hand."""
    tiles = list(hand.dealt[seat])
    for event in hand.events:
        if type(event) is TileDrawn and event.seat == seat:
            tiles.append(event.tile)
        elif type(event) in (TileDiscarded, KitaDeclared) and event.seat == seat:  # type: ignore[union-attr]
            tiles.remove(event.tile)  # type: ignore[union-attr]
        elif isinstance(event, TileCalled) and event.seat == seat:
            tiles.append(event.tile)
    return tiles


def test_red_fives_are_tile_ids_16_52_88_as_tenhou_counts_them() -> None:
    """Tenhou's own red-five han (yaku 54) of every win equals the number of tiles 16, 52 and 88
    the winner holds (a ron's tile included)."""
    counted = 0
    for path in MJLOGS:
        for hand in game_log(path).hands:
            if hand.result is None:
                continue
            for win in hand.result.wins:
                if win.yakuman:
                    continue
                tiles = held_at_the_end(hand, win.seat)
                if win.discarder != win.seat:
                    tiles += [e.tile for e in hand.events if type(e) is RonDeclared and e.seat == win.seat]
                assert sum(t in RED_FIVES for t in tiles) == dict(win.yaku).get("red_fives", 0), path.name
                counted += 1
    assert counted > 200


def test_tenhou_yaku_numbers_name_our_yaku_ids() -> None:
    """Every yaku Tenhou numbers is one the built-in detectors find (nagashi mangan aside)."""
    ids = {*riichi_yaku.YAKU_IDS, "nagashi_mangan"}
    assert len(TENHOU_YAKU) == 55
    dora = {"dora", "ura_dora", "red_fives"}
    assert {name for name in TENHOU_YAKU if name not in dora} <= set(ids)


def test_every_log_agrees_with_our_settlement_and_standings() -> None:
    """Tenhou's deltas for every finished hand (242 wins, 61 draws, the abortive draws) and its
    final points with uma: settle and standings under ``tenhou`` give the same numbers."""
    for path in MJLOGS:
        assert check_log(game_log(path), tenhou()) == (), path.name


def test_a_hand_is_settled_as_the_typed_outcome_the_log_states() -> None:
    from yakuset.riichi import Abort, Draw, HanFu, Ron, Win
    from yakuset.riichi.kinds import AbortiveDraw
    from yakuset.riichi.logs.checks import outcome_of

    double = read_log(LOGS / "double-ron.mjlog").hands[3]
    assert outcome_of(double, double.result) == Ron(3, (Win(0, HanFu(4, 30)), Win(2, HanFu(5, 30))))
    hands = read_log(LOGS / "encdec-four-winds-no-winner.mjlog").hands
    assert outcome_of(hands[9], hands[9].result) == Abort(AbortiveDraw.FOUR_WINDS)
    assert outcome_of(hands[4], hands[4].result) == Draw((0, 2))


def test_a_delta_changed_by_100_is_found() -> None:
    record = game_log(FIRST)
    hand = record.hands[2]
    assert hand.result is not None
    deltas = hand.result.deltas
    changed = hand._replace(result=hand.result._replace(deltas=(deltas[0] + 100, deltas[1] - 100, *deltas[2:])))
    findings = check_log(record._replace(hands=(*record.hands[:2], changed, *record.hands[3:])), tenhou())
    assert [f.hand for f in findings] == [4, 3]  # the next hand's start, and the settlement
    assert "tenhou settles" in findings[1].message


def test_the_final_points_are_compared_with_the_standings() -> None:
    record = game_log(FIRST)
    assert record.final_points is not None
    wrong = record._replace(final_points=(-36.0, *record.final_points[1:]))
    (finding,) = check_log(wrong, tenhou())
    assert finding.hand == 0 and "final points" in finding.message


def test_a_log_cut_mid_hand_ends_with_a_hand_without_result() -> None:
    record = game_log(LOGS / "obs-draw-tsumo.mjlog")
    assert record.hands[-1].result is None and record.final is None
    assert check_log(record, tenhou()) == ()


def test_gzip_and_text_read_as_the_file(tmp_path: Path) -> None:
    packed = tmp_path / "game.mjlog"
    packed.write_bytes(gzip.compress(FIRST.read_bytes()))
    assert read_log(packed) == game_log(FIRST)
    assert read_log(FIRST.read_text(encoding="utf-8")) == game_log(FIRST)
    assert read_log(FIRST.read_bytes()) == game_log(FIRST)


def test_the_lobby_bits_imply_a_bundled_rule_set_or_say_why_not() -> None:
    assert lobby_of_type(169)[1:] == ("tenhou", "the lobby's rules are tenhou's (East-South, red fives, open tanyao)")
    assert lobby_of_type(169 | 0x10)[1] == "tenhou-sanma"
    assert lobby_of_type(169 & ~0x08)[1:] == (None, "no bundled rule set: tenhou with ending.length: east")
    assert lobby_of_type(169 | 0x02)[1:] == (None, "no bundled rule set: tenhou with red_fives: false")
    assert lobby_of_type(169 | 0x04)[1:] == (None, "no bundled rule set: tenhou with wins.open_tanyao: false")
    assert lobby_of_type(169 | 0x100)[1] is None
    assert lobby_of_type(169 | 0x40)[0].fast and lobby_of_type(169 | 0x40)[1] == "tenhou"


@pytest.mark.parametrize(("type_", "ruleset"), [(169, "tenhou"), (185, "tenhou-sanma")])
def test_the_implied_rule_sets_have_the_lobby_rules(type_: int, ruleset: str) -> None:
    """The keys a lobby decides are the bundled rule set's own values."""
    document = yakuset.load_ruleset(ruleset).document
    keys = lobby_rules(lobby_of_type(type_)[0])
    assert keys["players"] == document["players"]
    assert keys["ending.length"] == document["ending"]["length"]
    assert keys["wins.open_tanyao"] == document["wins"]["open_tanyao"]
    assert keys["red_fives"] == any(document["tiles"]["red_fives"].values())


# --- bad input --------------------------------------------------------------------------------


def first_text() -> str:
    return FIRST.read_text(encoding="utf-8")


def refused(text: str | bytes) -> LogError:
    with pytest.raises(LogError) as info:
        read_log(text)
    assert isinstance(info.value, InputError) and isinstance(info.value, ValueError)
    return info.value


def test_a_truncated_log_is_refused() -> None:
    error = refused(first_text()[:5000])
    assert "not well-formed XML" in str(error) and error.file == "<text>"


def test_an_unknown_element_is_refused_at_its_hand_and_event() -> None:
    text = first_text().replace("<T107/>", "<X107/>", 1)
    error = refused(text)
    assert (error.hand, error.event) == (1, 0)
    assert str(error) == "<text>: hand 1, event 0: unknown element <X107>"


def test_a_tile_id_past_135_is_refused() -> None:
    error = refused(first_text().replace("<T107/>", "<T136/>", 1))
    assert "tile id 136 is not a tile" in str(error) and (error.hand, error.event) == (1, 0)


def test_a_tile_seen_twice_is_refused() -> None:
    error = refused(first_text().replace("<T107/>", "<T1/>", 1))  # 1 is in seat 0's dealt hand
    assert "tile id 1 is seen twice in this hand" in str(error)


def test_a_discard_of_a_tile_not_held_is_refused() -> None:
    error = refused(first_text().replace("<D39/>", "<D40/>", 1))
    assert "seat 0 discards tile id 40, which it does not hold" in str(error) and error.event == 1


def test_an_unknown_call_code_is_refused() -> None:
    text = re.sub(r'<N who="3" m="42031" />', '<N who="3" m="24" />', first_text(), count=1)
    assert "no such pon or added kan" in str(refused(text))


def test_deltas_that_do_not_sum_to_zero_are_refused() -> None:
    text = first_text()
    agari = re.search(r'sc="240,0,260,0,230,113,240,-83"', text)
    assert agari is not None
    error = refused(text.replace(agari.group(0), 'sc="240,0,260,0,230,113,240,-82"'))
    assert "sum to 100" in str(error) and error.hand > 0


def test_a_document_type_and_entities_are_refused(tmp_path: Path) -> None:
    laughs = (
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        + "".join(
            f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10 if i > 1 else "&lol;" * 10}">' for i in range(1, 10)
        )
        + ']><mjloggm ver="2.3"><GO type="&lol9;"/></mjloggm>'
    )
    assert "declares a document type or an entity" in str(refused(laughs))
    secret = tmp_path / "secret.txt"
    secret.write_text("169", encoding="utf-8")
    external = (
        f'<?xml version="1.0"?><!DOCTYPE m [<!ENTITY x SYSTEM "file://{secret}">]><mjloggm><GO type="&x;"/></mjloggm>'
    )
    assert "declares a document type or an entity" in str(refused(external))


def test_a_log_over_the_size_bound_is_refused_before_it_is_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(log_read, "MAX_LOG_BYTES", 1000)
    big = tmp_path / "big.mjlog"
    big.write_bytes(FIRST.read_bytes())
    with pytest.raises(LogError, match="over 1000 bytes"):
        read_log(big)
    bomb = tmp_path / "bomb.mjlog"
    bomb.write_bytes(gzip.compress(b"<" + b" " * 100_000))
    assert bomb.stat().st_size < 1000
    with pytest.raises(LogError, match="over 1000 bytes once unpacked"):
        read_log(bomb)


def test_a_missing_file_and_a_wrong_argument_are_input_errors(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="cannot read"):
        read_log(tmp_path / "none.mjlog")
    with pytest.raises(
        InputError, match=r"source must be a path \(str or os\.PathLike\) or a log's text \(str or bytes\), got 42"
    ):
        read_log(42)


def test_every_action_of_every_log_is_a_table_move() -> None:
    paths = [*MJLOGS, DATA / "mjai" / "126_204_0_mjai.jsonl"]
    kinds = set()
    for path in paths:
        for event in events(path):
            if type(event) in (TileDrawn, DoraRevealed):
                assert not isinstance(event, MoveEvent)
                continue
            assert isinstance(event, MoveEvent)
            move = event.move()
            assert isinstance(move, yakuset.riichi.Move) and move.kind in yakuset.riichi.MOVE_KINDS
            riichi = type(event) is TileDiscarded and event.riichi
            assert move.kind == ("riichi" if riichi else event.move_kind)
            assert move.tile == (None if isinstance(event, Won) else getattr(event, "tile", None))
            assert list(move.tiles) == sorted(move.tiles) and len(move.tiles) == len(getattr(event, "tiles", ()))
            kinds.add(move.kind)
    assert kinds == set(yakuset.riichi.MOVE_KINDS) - {"pass", "kita"}


def test_every_win_scores_as_tenhou_scored_it_from_its_yaku() -> None:
    """Tenhou's yaku of each win (its open hands' reductions included) and dora, with its fu,
    give under ``tenhou`` the han and the points Tenhou wrote (``ten=``): 256 wins of the Tenhou
    XML and tenhou.net/6 logs."""
    dora_ids = {"dora", "ura_dora", "red_fives"}
    paths = [*MJLOGS, *sorted((DATA / "tenhou6").glob("*.json"))]
    scored = 0
    for path in paths:
        try:
            record = game_log(path)
        except LogError:
            continue  # the three faulty tenhou.net/6 files (test_riichi_log_json.py)
        for hand in record.hands:
            for win in hand.result.wins if hand.result is not None else ():
                if win.yakuman:
                    continue
                opened = any(isinstance(e, TileCalled) and e.seat == win.seat for e in hand.events)
                ours = yakuset.riichi.score(
                    tenhou(),
                    yaku=[ident for ident, _ in win.yaku if ident not in dora_ids],
                    dora=sum(han for ident, han in win.yaku if ident in dora_ids),
                    fu=win.fu,
                    open=opened,
                    dealer=win.seat == hand.dealer,
                    tsumo=win.seat == win.discarder,
                )
                assert (ours.han, ours.total) == (win.han, win.points), (path.name, win)
                scored += 1
    assert scored == 256
