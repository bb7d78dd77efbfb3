"""`yakuset serve` keeps no memory for a posted rule set once it is answered: distinct rule-set
texts posted one after another leave the server's memory where it was (the last few texts are
remembered, a bounded number). Measured on the server's own process (its resident memory), after
a warm-up that fills every bounded memo."""

from __future__ import annotations

import sys

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'yakuset[web]'")
httpx = pytest.importorskip("httpx", reason="the memory test needs httpx (the test extra)")

from .support import serving_process

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/PID/status")

#: A house rule set whose name makes each text distinct (a distinct rule set to load and score).
HOUSE = "extends: nintendo\nname: House {n}\naward:\n  multipliers:\n    - {{id: own_streak, max: 3}}\n"


def _growth(warm_up: int, texts: int) -> float:
    """How much the server's memory grows (MiB) over ``texts`` distinct posted texts, each
    loaded and scored (``/api/v1/award``), after ``warm_up`` others."""
    with serving_process("--heavy", "1") as server, httpx.Client(base_url=server.url, timeout=60) as client:

        def post(n: int) -> None:
            answer = client.post("/api/v1/award", json={"ruleset": {"text": HOUSE.format(n=n)}, "base": 8})
            assert answer.status_code == 200, answer.text
            assert answer.json()["points"] == 16  # 8, ×2 for 7+, ×1 for no calls

        for n in range(warm_up):
            post(-1 - n)
        before = server.rss_mib()
        for n in range(texts):
            post(n)
        return server.rss_mib() - before


@pytest.mark.slow
def test_200_distinct_posted_texts_leave_the_servers_memory_within_4_mib():
    # Each text kept for good cost 43 KB (44 -> 109 MB over 1,500 texts): 200 were 8.6 MB.
    assert _growth(50, 200) < 4


@pytest.mark.slow
def test_10000_distinct_posted_texts_leave_the_servers_memory_within_10_mib():
    assert _growth(300, 10_000) < 10
