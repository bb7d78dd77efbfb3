"""A bounded load test of `yakuset serve` on loopback: 2,000 mixed API requests from 16
concurrent clients against a server in its own process. It prints p50/p99 latency per endpoint
and asserts only that every request succeeded (tests never time anything)."""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from collections import defaultdict
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'yakuset[web]'")
httpx = pytest.importorskip("httpx", reason="the load test needs httpx (the test extra)")

from ..helpers import ROOT
from .support import serving_process

REQUESTS = 2_000
CLIENTS = 16

_SCRIPT = (ROOT / "examples" / "one-call-then-automatic-shobu.yaml").read_text(encoding="utf-8")
_HOUSE = "extends: fudawiki\nname: House\naward:\n  multipliers:\n    - {id: own_streak, max: 4}\n"
_CARDS = [
    "01-bright-crane",
    "03-bright-curtain",
    "08-bright-moon",
    "09-animal-sake",
    "07-animal-boar",
    "10-animal-deer",
]
_HANDS = [
    ("234m456p23456788s", "4s"),
    ("123m456p789s55z222z", "2z"),
    ("11223344556677p", "7p"),
    ("234m234p234s55m678s", "8s"),
]


def _request(rng: random.Random) -> tuple[str, str, str, Any]:
    """(endpoint name, method, path, body) drawn from the mix a game and the studio make."""
    kind = rng.choices(
        ["award", "score", "evaluate", "yaku", "validate", "table", "list", "show", "diff", "replay"],
        weights=[25, 20, 20, 15, 5, 5, 3, 3, 2, 2],
    )[0]
    if kind == "award":
        body = {"ruleset": rng.choice(["nintendo", "fudawiki", "yakuza"]), "base": rng.randint(1, 20)}
        body["opponent_calls"] = rng.randint(0, 1)
        return kind, "POST", "/api/v1/award", body
    if kind == "score":
        han = rng.randint(1, 13)
        body = {
            "ruleset": rng.choice(["tenhou", "ema-2025"]),
            "han": han,
            "fu": rng.choice([30, 40, 50]),
            "tsumo": rng.random() < 0.5,
        }
        return kind, "POST", "/api/v1/score", body
    if kind == "evaluate":
        hand, win = rng.choice(_HANDS)
        return (
            kind,
            "POST",
            "/api/v1/evaluate",
            {"ruleset": "tenhou", "hand": hand, "win": win, "riichi": True, "tsumo": rng.random() < 0.5},
        )
    if kind == "yaku":
        return kind, "POST", "/api/v1/yaku", {"ruleset": "nintendo", "captured": rng.sample(_CARDS, rng.randint(1, 6))}
    if kind == "validate":
        return kind, "POST", "/api/v1/validate", {"text": _HOUSE.replace("max: 4", f"max: {rng.randint(2, 9)}")}
    if kind == "table":
        return kind, "GET", f"/api/v1/rulesets/{rng.choice(['nintendo', 'tenhou'])}/table", None
    if kind == "list":
        return kind, "GET", "/api/v1/rulesets", None
    if kind == "show":
        return kind, "GET", f"/api/v1/rulesets/{rng.choice(['kk-add-10', 'ema-2025'])}", None
    if kind == "diff":
        return kind, "POST", "/api/v1/diff", {"a": "fudawiki", "b": {"text": _HOUSE}, "steps": 0}
    return kind, "POST", "/api/v1/replay", {"ruleset": rng.choice(["nintendo", "yakuza"]), "script": _SCRIPT}


async def _load(base: str) -> tuple[dict[str, list[float]], list[str]]:
    rng = random.Random(20261130)
    queue: asyncio.Queue[tuple[str, str, str, Any]] = asyncio.Queue()
    for _ in range(REQUESTS):
        queue.put_nowait(_request(rng))
    latencies: dict[str, list[float]] = defaultdict(list)
    failures: list[str] = []

    async def client() -> None:
        async with httpx.AsyncClient(base_url=base, timeout=60) as session:
            while not queue.empty():
                kind, method, path, body = queue.get_nowait()
                start = time.perf_counter()
                response = await session.request(method, path, json=body)
                latencies[kind].append(time.perf_counter() - start)
                if response.status_code != 200:
                    failures.append(f"{kind} {response.status_code}: {response.text[:200]}")

    await asyncio.gather(*(client() for _ in range(CLIENTS)))
    return latencies, failures


@pytest.mark.slow
def test_2000_mixed_requests_from_16_clients_all_succeed(capsys):
    with serving_process() as server:
        started = time.perf_counter()
        latencies, failures = asyncio.run(_load(server.url))
        elapsed = time.perf_counter() - started
    lines = [
        f"{REQUESTS} requests from {CLIENTS} clients in {elapsed:.1f} s ({REQUESTS / elapsed:.0f}/s); latency in ms:"
    ]
    for kind, found in sorted(latencies.items(), key=lambda item: -len(item[1])):
        found.sort()
        p99 = found[min(len(found) - 1, int(len(found) * 0.99))]
        lines.append(f"  {kind:<9} n={len(found):<4} p50 {statistics.median(found) * 1000:7.1f}  p99 {p99 * 1000:7.1f}")
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    assert sum(len(found) for found in latencies.values()) == REQUESTS
    assert failures == []
