"""The fast path's tables (``yakuset.riichi.tiles.shanten_fast``) against the reference walk
(``yakuset.riichi.tiles.shanten``): each suit shape's table and gains, then shanten, waits and
discard efficiency with the fast path and without it (``shanten_fast.reference_only``), over
random hands (melds holding copies and three players' removed tiles included: there the
reference answers for the suits concerned) and every closed hand of the recorded games in
tests/data/logs. The independent oracles (riichienv, mahjong) are in test_shanten.py.
"""

from __future__ import annotations

import itertools
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from yakuset.riichi import LogError, TileDiscarded, TileDrawn, read_log
from yakuset.riichi.tiles import shanten, shanten_fast
from yakuset.riichi.tiles.shanten import FULL_LIMITS, discard_efficiency, shanten_and_waits, shanten_of

from ...helpers import LOGS, examples

FULL = {True: b"\x04" * 9, False: b"\x04" * 7}
THREE_PLAYER_LIMITS = bytes(0 if 1 <= kind <= 7 else 4 for kind in range(34))


def reference_table(held: bytes, runs: bool) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """The reference's table and gains (gains: ``None`` for a suit of 14, as the fast path's)."""
    with shanten_fast.reference_only():
        table = shanten._table(held, FULL[runs], runs)
        gains = shanten._gains(held, FULL[runs], runs) if sum(held) < shanten_fast.MOST else None
    return table, gains


def shapes(size: int) -> st.SearchStrategy[bytes]:
    """A suit's counts, 0 to 14 tiles, no count past 4."""
    return st.lists(st.integers(0, 4), min_size=size, max_size=size).filter(lambda c: sum(c) <= 14).map(bytes)


@settings(max_examples=examples(400))
@given(st.one_of(shapes(9).map(lambda c: (c, True)), shapes(7).map(lambda c: (c, False))))
def test_a_shape_reads_the_table_and_gains_the_reference_walks(case: tuple[bytes, bool]) -> None:
    held, runs = case
    assert (shanten_fast.table(held, runs), shanten_fast.gains(held, runs)) == reference_table(held, runs)


@pytest.mark.slow
@pytest.mark.parametrize("runs", [False, True], ids=["honours", "suits"])
def test_every_shape_reads_the_table_and_gains_the_reference_walks(runs: bool) -> None:
    size = 9 if runs else 7
    for counts in itertools.product(range(5), repeat=size):
        if sum(counts) <= shanten_fast.MOST:
            held = bytes(counts)
            assert (shanten_fast.table(held, runs), shanten_fast.gains(held, runs)) == reference_table(held, runs)


def test_no_answer_past_the_shapes_it_holds() -> None:
    assert shanten_fast.table(bytes([4, 4, 4, 3, 0, 0, 0, 0, 0]), True) is None  # 15 tiles
    assert shanten_fast.gains(bytes([4, 4, 4, 2, 0, 0, 0, 0, 0]), True) is None  # 14: no 15th counted
    assert shanten_fast.table(bytes([5, 0, 0, 0, 0, 0, 0, 0, 0]), True) is None
    with shanten_fast.reference_only():
        assert shanten_fast.table(bytes([1, 1, 1, 0, 0, 0, 0, 0, 0]), True) is None


def answers(counts: bytes, limits: bytes, melds: int) -> tuple[object, ...]:
    """What the public counting gives for a hand of 13 (or 14: discard efficiency too)."""
    size = sum(counts) + 3 * melds
    if size == 13:
        return shanten_of(counts, limits, melds), shanten_and_waits(counts, limits, melds)
    left = bytes(max(0, limits[kind] - counts[kind]) for kind in range(34))
    return shanten_of(counts, limits, melds), discard_efficiency(counts, limits, melds, left)


def assert_same(counts: bytes, limits: bytes, melds: int) -> None:
    fast = answers(counts, limits, melds)
    with shanten_fast.reference_only():
        reference = answers(counts, limits, melds)
    assert fast == reference, (list(counts), list(limits), melds)


@st.composite
def hands(draw: st.DrawFn) -> tuple[bytes, bytes, int]:
    """A hand of 13 or 14 tiles less 3 a meld, from one to four suits, with four or three
    players; a meld's three tiles are drawn from the same wall and lower the limits of their
    kinds (the counting reads only the copies left)."""
    three = draw(st.booleans())
    suits = draw(st.sets(st.integers(0, 3), min_size=1))
    melds = draw(st.integers(0, 4))
    size = draw(st.sampled_from((13, 14))) - 3 * melds
    wall = [k for k in range(34) if min(k // 9, 3) in suits and not (three and 1 <= k <= 7) for _ in range(4)]
    if len(wall) < size + 3 * melds:
        wall = [k for k in range(34) if not (three and 1 <= k <= 7) for _ in range(4)]
    order = draw(st.permutations(wall))
    limits = bytearray(THREE_PLAYER_LIMITS if three else FULL_LIMITS)
    for tile in order[: 3 * melds]:
        limits[tile] -= 1
    counts = bytearray(34)
    for tile in order[3 * melds : 3 * melds + size]:
        counts[tile] += 1
    return bytes(counts), bytes(limits), melds


@settings(max_examples=examples(300))
@given(hands())
def test_shanten_waits_and_efficiency_agree_with_the_reference(hand: tuple[bytes, bytes, int]) -> None:
    assert_same(*hand)


def recorded_hands() -> set[tuple[bytes, bytes]]:
    """Every closed hand of 13 or 14 tiles a seat held in the recorded games that read (until it
    calls), with its rule set's limits."""
    found = set()
    for path in sorted(Path(LOGS).rglob("*")):
        if path.suffix not in (".mjlog", ".json", ".jsonl", ".xml", ".txt") or not path.is_file():
            continue
        try:
            game = read_log(path)
        except LogError:  # a log kept to test its refusal
            continue
        limits = THREE_PLAYER_LIMITS if len(game.players) == 3 else FULL_LIMITS
        for hand in game.hands:
            held = [bytearray(34) for _ in hand.dealt]
            for seat, tiles in enumerate(hand.dealt):
                for tile in tiles:
                    held[seat][tile >> 2] += 1
            closed = set(range(len(held)))
            for event in hand.events:
                kind = type(event)
                if kind is TileDrawn:
                    held[event.seat][event.tile >> 2] += 1
                elif kind is TileDiscarded:
                    held[event.seat][event.tile >> 2] -= 1
                elif hasattr(event, "seat"):
                    closed.discard(event.seat)  # a call or a kan: the hand is no longer closed
                    continue
                else:
                    continue
                if event.seat in closed:
                    found.add((bytes(held[event.seat]), limits))
    return found


def test_every_recorded_closed_hand_counts_as_the_reference_counts() -> None:
    found = recorded_hands()
    assert len(found) > 1000  # the logs hold that many: the reading above found them
    for counts, limits in sorted(found):
        assert_same(counts, limits, 0)


def test_the_tables_are_in_the_cache_compressed_and_whole() -> None:
    shanten_fast.table(bytes(9), True)  # loaded (built into the tests' cache on the first run)
    data = zlib.decompress(shanten_fast.path().read_bytes())
    assert data.startswith(b"yakuset shanten tables")
    assert shanten_fast.path().parent == Path(shanten_fast.cache_root())


def test_a_cache_that_cannot_be_made_leaves_the_reference_counting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.setattr(shanten_fast, "cache_root", lambda: blocked / "yakuset")
    for key in ("ready", "loaded", "off"):
        monkeypatch.setitem(shanten_fast._state, key, False)
    shanten_fast._TABLES_READ.clear()  # what was read before, from the tests' cache
    assert shanten_fast.table(bytes([1, 1, 1, 0, 0, 0, 0, 0, 0]), True) is None
    assert shanten_fast._state["off"]
    assert (
        shanten_of(
            bytes([1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [2, 2] + [0] * 5), FULL_LIMITS, 0
        )
        == 0
    )  # 123m 123p 123s 11z 22z: tenpai on 1z or 2z
