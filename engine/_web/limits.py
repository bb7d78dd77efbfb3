"""What bounds a request to ``yakuset serve``: its body, its time, and how many heavy ones run at once.

Three kinds of work, three places:

- a light request's answer (award, score, an evaluated hand, a table, ...) is computed in the
  event loop itself: tens of microseconds to about 2 ms once its rule sets are loaded, less
  than a hop to a thread and back would cost;
- loading a rule set (a bundled one the first time, a posted text not seen lately) runs in a
  worker thread within the time limit (:meth:`Limits.run`); a load that outlasts it is answered
  with 503 and finishes on its own (every input is bounded, so it does);
- a heavy request (diff, replay) runs in one of ``heavy`` worker processes (:mod:`.workers`),
  at most ``heavy`` at once; one that outlasts the time limit is answered with 503 and its
  process is killed and replaced, so abandoned work stops.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from starlette.requests import Request

from .._core.webpart import json_type
from .._core.yamlsource import RULE_FILE
from .workers import Answer, Pool

T = TypeVar("T")

#: A request body may be as large as the largest rule file the loader reads (1 MiB).
MAX_BODY = RULE_FILE.max_bytes


class RequestProblem(Exception):
    """A request the server refuses: HTTP ``status`` and the message for the caller; ``close``:
    the answer ends the connection (the rest of the request is not read)."""

    def __init__(self, status: int, message: str, hint: str | None = None, *, close: bool = False) -> None:
        super().__init__(message)
        self.status, self.message, self.hint, self.close = status, message, hint, close


def _too_long(seconds: float) -> RequestProblem:
    return RequestProblem(503, f"the request took longer than the server's limit of {seconds:g} s")


@dataclass
class Limits:
    """The limits of one server: seconds per request, heavy requests at once, body bytes.
    It owns the server's ``heavy`` worker processes (:meth:`start`, :meth:`close`)."""

    seconds: float = 10.0
    heavy: int = 2
    max_body: int = MAX_BODY
    _slots: threading.BoundedSemaphore = field(init=False, repr=False)
    _pool: Pool | None = field(default=None, init=False, repr=False)
    # Heavy requests wait for a slot in threads of their own, never taking the ones loads use.
    _waiting: anyio.CapacityLimiter = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._slots = threading.BoundedSemaphore(self.heavy)
        self._waiting = anyio.CapacityLimiter(256)

    def workers(self, warm: Callable[[], None], answer: Answer) -> None:
        """Answer heavy requests in ``heavy`` worker processes that ``warm()`` once and then
        answer each with ``answer(endpoint, data)`` (the application sets this, once)."""
        if self._pool is None:
            self._pool = Pool(self.heavy, warm, answer)

    def start(self) -> None:
        """Start the heavy workers now (else the first heavy request does)."""
        if self._pool is not None:
            self._pool.start()

    def close(self) -> None:
        """Stop the heavy workers."""
        if self._pool is not None:
            self._pool.close()

    async def run(self, work: Callable[[], T]) -> T:
        """``work()`` (loading rule sets) in a worker thread, answered within ``seconds``."""
        with anyio.move_on_after(self.seconds):
            return await anyio.to_thread.run_sync(work, abandon_on_cancel=True)
        raise _too_long(self.seconds)

    async def heavy_call(self, endpoint: str, data: dict[str, Any]) -> tuple[int, bytes]:
        """A heavy request's ``(status, JSON body)`` from a worker process: it first waits up to
        ``seconds`` for one of the ``heavy`` slots, then has ``seconds`` for its work."""
        return await anyio.to_thread.run_sync(self._heavy, endpoint, data, limiter=self._waiting)

    def _heavy(self, endpoint: str, data: dict[str, Any]) -> tuple[int, bytes]:
        seconds = self.seconds
        if not self._slots.acquire(True, seconds):
            raise RequestProblem(503, f"the server is busy with other heavy requests for over {seconds:g} s")
        try:
            if self._pool is None:
                raise RuntimeError("this server has no heavy workers")
            answer = self._pool.call(endpoint, data, seconds)
        finally:
            self._slots.release()
        if answer is None:
            raise _too_long(seconds)
        return answer


async def _body(request: Request, limits: Limits, too_big: RequestProblem) -> bytes:
    body = bytearray()
    with anyio.move_on_after(limits.seconds):
        async for chunk in request.stream():
            body += chunk
            if len(body) > limits.max_body:
                raise too_big
        return bytes(body)
    raise RequestProblem(
        408,
        f"the request body did not arrive within the server's limit of {limits.seconds:g} s ({len(body)} bytes came)",
        "send the whole body at once, as many bytes as Content-Length says",
        close=True,
    )


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


async def read_json(request: Request, limits: Limits) -> dict[str, Any]:
    """The request's body as a JSON object, read no further than ``limits.max_body`` bytes and
    for no longer than ``limits.seconds`` (a body shorter than its ``Content-Length``, or sent
    slowly, is a 408 that closes the connection, where the server waited for it for ever)."""
    declared = request.headers.get("content-length")
    too_big = RequestProblem(
        413,
        f"the request body is over {limits.max_body} bytes",
        "a rule set states only what differs from the one it extends",
    )
    if declared is not None and declared.isdigit() and int(declared) > limits.max_body:
        raise too_big
    body = await _body(request, limits, too_big)
    try:
        data = json.loads(bytes(body), parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise RequestProblem(400, f"the request body is not valid JSON: {reason[:200]}") from None
    if not isinstance(data, dict):
        raise RequestProblem(400, f"the request body must be a JSON object, got {json_type(data)}")
    return data
