"""Hostile requests to the HTTP endpoint that takes scripts, ``POST /api/v1/replay``: the example
scripts of both games mutated (as the rule files are) under a rule set of either game, hostile
fields (wrong types, huge and non-finite numbers, deep nesting, lone surrogates) and bodies that
are no JSON object. Answered by the application in process, its heavy workers included.

An escape is an answer of 500 or more, or one that is not a JSON object (an error without an
``error`` object among them)."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml

from .api_calls import KOIKOI, RIICHI
from .generators import HOSTILE_SCALARS, dump, mutate

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.yaml")) + sorted((EXAMPLES / "riichi").glob("*.yaml"))
FIELD_VALUES: list[Any] = [
    None,
    True,
    0,
    -1,
    10**400,
    1.5,
    "",
    "x",
    [],
    {},
    ["tenhou"],
    {"text": "game: koikoi"},
    "\ud800",
    "../../etc/passwd",
    "tenhou\x00",
    "a" * 5000,
]


def _script_data(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def replay_body(rng: random.Random) -> bytes:
    """One request body for ``POST /api/v1/replay``."""
    path = rng.choice(SCRIPTS)
    riichi = path.parent.name == "riichi"
    ruleset = rng.choice(RIICHI if riichi else KOIKOI) if rng.random() < 0.85 else rng.choice(KOIKOI + RIICHI)
    roll = rng.random()
    if roll < 0.15:
        script = path.read_text(encoding="utf-8")
    elif roll < 0.8:
        script = dump(rng, mutate(rng, _script_data(path), rng.choice((1, 1, 2, 3))))
    else:
        script = rng.choice(HOSTILE_SCALARS) if rng.random() < 0.5 else rng.choice(FIELD_VALUES)
    body: dict[str, Any] = {"ruleset": ruleset, "script": script}
    if rng.random() < 0.3:
        body["name"] = rng.choice([*FIELD_VALUES, "my script.yaml", "x/y.yaml"])
    if rng.random() < 0.1:
        body[rng.choice(["ruleset", "script", "name", "extra"])] = rng.choice(FIELD_VALUES)
    if rng.random() < 0.05:
        del body[rng.choice(["ruleset", "script"])]
    return _encoded(rng, body)


def _encoded(rng: random.Random, body: dict[str, Any]) -> bytes:
    roll = rng.random()
    if roll < 0.9:
        try:
            return json.dumps(body, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
        except ValueError:  # an integer past str()'s digits
            return b'{"ruleset": ' + b"9" * 5000 + b"}"
    depth = rng.choice([10, 600, 100_000])
    return rng.choice(
        [
            b"",
            b"[]",
            b"null",
            b'"script"',
            b'{"ruleset": "tenhou", "script": NaN}',
            b'{"ruleset": Infinity, "script": "x"}',
            b'{"ruleset": "tenhou", "script": "x"',
            b'{"ruleset": "tenhou", "script": ' + b"[" * depth + b"]" * depth + b"}",
            b'{"ruleset": "tenhou", "script": "\xff\xfe"}',
            b"\xef\xbb\xbf{}",
            json.dumps(body).encode("utf-16"),
            b'{"ruleset": "nintendo", "ruleset": "tenhou", "script": "x"}',
        ]
    )


def escape_of(status: int, body: bytes) -> str | None:
    """What is wrong with an answer, or ``None``."""
    try:
        answer = json.loads(body)
    except ValueError:
        return f"{status} with a body that is not JSON: {body[:120]!r}"
    if not isinstance(answer, dict):
        return f"{status} with JSON that is not an object"
    if status >= 500:
        message = answer.get("error", {}).get("message", "") if isinstance(answer.get("error"), dict) else ""
        return f"{status}: {str(message)[:160]}"
    if status >= 400 and not isinstance(answer.get("error"), dict):
        return f"{status} without an error object"
    return None


def answers(bodies: Iterator[bytes], seconds: float, each: Callable[[bytes, int, bytes], None]) -> None:
    """Post every body to ``/api/v1/replay`` of one application in process (heavy workers
    started, then stopped), calling ``each(body, status, answer)``."""
    import httpx
    from yakuset._web import Limits, create_app

    limits = Limits(seconds=seconds)

    async def go() -> None:
        transport = httpx.ASGITransport(app=create_app(limits))
        async with httpx.AsyncClient(transport=transport, base_url="http://yakuset.test") as client:
            for body in bodies:
                response = await client.post(
                    "/api/v1/replay", content=body, headers={"content-type": "application/json"}
                )
                each(body, response.status_code, response.content)

    try:
        asyncio.run(go())
    finally:
        limits.close()
