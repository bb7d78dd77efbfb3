"""A rule set's caches live and die with it: loading many distinct rule-set texts and scoring
with each leaves nothing behind once they are dropped.

Every derived table and memo a rule set makes (han/fu hands, basic points, yaku sets, Koi-Koi
awards and yaku tables, ...) hangs off its compiled rules, so when the rule set goes, they go
(docs/architecture.md, "Caches"). The registered memos of plain inputs (parsed tiles, parsed
files) are bounded and hold no rule set.
"""

from __future__ import annotations

import gc
import tracemalloc
import weakref
from pathlib import Path

import pytest
import yakuset

HERE = Path(__file__).resolve().parent


def _riichi_text(index: int) -> str:
    return f"extends: tenhou\nname: House {index}\nmetadata:\n  source: test house rule {index}\n"


def _koikoi_text(index: int) -> str:
    return f"extends: nintendo\nname: House {index}\nmetadata:\n  source: test house rule {index}\n"


def _use(index: int) -> None:
    """Load the index-th distinct text of each game and score with it a few ways."""
    riichi = yakuset.load_ruleset_text(_riichi_text(index), HERE / f"house-r{index}.yaml")
    for han, fu, tsumo in ((1, 30, False), (3, 40, True), (4, 32, False), (13, 20, True)):
        yakuset.riichi.score(riichi, han=han, fu=fu, tsumo=tsumo, honba=index % 3)
    yakuset.riichi.score(riichi, yaku=["riichi", "pinfu"], fu=30)
    yakuset.riichi.score(riichi, yakuman=["daisangen"])
    yakuset.riichi.evaluate(riichi, "234m456p23456788s", win="4s", tsumo=True, riichi=True)
    game = yakuset.riichi.new_game(riichi)
    yakuset.riichi.settle(riichi, game, {"tsumo": {"seat": 1, "han": 2, "fu": 30}})
    koikoi = yakuset.load_ruleset_text(_koikoi_text(index), HERE / f"house-k{index}.yaml")
    for base in (1, 5, 7):
        yakuset.koikoi.award(koikoi, base, 1, 0)
    yakuset.koikoi.yaku(koikoi, ["01-bright-crane", "03-bright-curtain", "08-bright-moon"], 1)


def _traced_after(indexes: range) -> int:
    for index in indexes:
        _use(index)
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def test_a_rule_set_dropped_after_scoring_is_freed():
    riichi = yakuset.load_ruleset_text(_riichi_text(-1), HERE / "house-r-1.yaml")
    yakuset.riichi.score(riichi, han=3, fu=40, tsumo=True, honba=2)
    yakuset.riichi.evaluate(riichi, "234m456p23456788s", win="4s", tsumo=True, riichi=True)
    koikoi = yakuset.load_ruleset_text(_koikoi_text(-1), HERE / "house-k-1.yaml")
    yakuset.koikoi.award(koikoi, 8, 0, 1)
    yakuset.koikoi.yaku(koikoi, ["01-bright-crane", "03-bright-curtain", "08-bright-moon"], 1)
    gone = [weakref.ref(riichi), weakref.ref(riichi.rules), weakref.ref(koikoi), weakref.ref(koikoi.rules)]
    del riichi, koikoi
    gc.collect()
    assert [ref() for ref in gone] == [None] * 4


def test_a_hand_scored_with_any_honba_and_sticks_is_kept_once():
    # A Score is made fresh from the hand's kept base score: nothing is kept per honba or stick.
    riichi = yakuset.load_ruleset_text(_riichi_text(-2), HERE / "house-r-2.yaml")
    sizes = riichi.rules.caches.sizes
    assert sizes()["han/fu table"][0] == 0
    scores = {yakuset.riichi.score(riichi, han=3, fu=40, honba=h, riichi_sticks=s) for h in range(20) for s in range(6)}
    assert len(scores) == 120
    assert sizes()["han/fu table"][0] == 1
    assert sizes()["han/fu hands"][0] == 0


@pytest.mark.slow
def test_distinct_rule_set_texts_leave_memory_flat():
    # 10 more rule sets after 10: before the caches moved onto the rules, each kept about 0.5 MB
    # (some 5 MB here, measured with tracemalloc); now only the bounded memo of parsed files grows.
    tracemalloc.start()
    try:
        start = _traced_after(range(10))
        end = _traced_after(range(10, 20))
    finally:
        tracemalloc.stop()
    assert end - start < 2**20, f"{(end - start) / 2**20:.1f} MB kept by 10 rule sets"


@pytest.mark.slow
def test_ten_thousand_distinct_rule_set_texts_leave_memory_within_10_mb():
    def rss() -> int:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        pytest.skip("needs /proc/self/status (Linux)")

    for index in range(500):  # the bounded memos of plain inputs fill up
        _use(index)
    gc.collect()
    start = rss()
    for index in range(500, 10_500):
        _use(index)
    gc.collect()
    assert rss() - start < 10 * 2**20, f"{(rss() - start) / 2**20:.1f} MB kept by 10,000 rule sets"
