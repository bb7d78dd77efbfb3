"""What bounds a request to ``yakuset serve``: its body, its time, and how many heavy ones run at once.

Engine work runs in worker threads, so a slow request never stalls the others. A request that
outlasts its time is answered with 503 while its thread finishes on its own (every input is
bounded, so it does finish); a heavy request's slot is held until its thread is done, so
abandoned work still counts against the limit and cannot pile up.
"""

from __future__ import annotations

import json
import threading
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from starlette.requests import Request

from .._core.errors import YakusetWarning
from .._core.yamlsource import RULE_FILE

T = TypeVar("T")

#: A request body may be as large as the largest rule file the loader reads (1 MiB).
MAX_BODY = RULE_FILE.max_bytes


class RequestProblem(Exception):
    """A request the server refuses: HTTP ``status`` and the message for the caller."""

    def __init__(self, status: int, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.hint = status, message, hint


@dataclass
class Limits:
    """The limits of one server: seconds per request, heavy requests at once, body bytes."""

    seconds: float = 10.0
    heavy: int = 2
    max_body: int = MAX_BODY
    _slots: threading.BoundedSemaphore = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._slots = threading.BoundedSemaphore(self.heavy)

    async def run(self, work: Callable[[], T], heavy: bool = False) -> tuple[T, list[str]]:
        """``work()`` in a worker thread, answered within ``seconds``, with the messages of the
        :class:`yakuset.YakusetWarning` it raised (a light request's only). A heavy request first
        waits up to ``seconds`` for a slot."""
        seconds = self.seconds
        if heavy:
            acquired = await anyio.to_thread.run_sync(self._slots.acquire, True, seconds)
            if not acquired:
                raise RequestProblem(503, f"the server is busy with other heavy requests for over {seconds:g} s")

        def heavy_work() -> tuple[T, list[str]]:
            try:
                return work(), []
            finally:
                self._slots.release()  # when the work is done, even if its answer was given up on

        with anyio.move_on_after(seconds):
            return await anyio.to_thread.run_sync(
                heavy_work if heavy else partial(_light, work), abandon_on_cancel=True
            )
        raise RequestProblem(503, f"the request took longer than the server's limit of {seconds:g} s")


# The warnings filters are global to the process: light requests (microseconds to a few
# milliseconds of CPU, which the GIL serialises anyway) take turns, so each collects its own.
_WARNINGS = threading.Lock()


def _light(work: Callable[[], T]) -> tuple[T, list[str]]:
    with _WARNINGS, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", YakusetWarning)
        result = work()
    said = dict.fromkeys(str(w.message) for w in caught if issubclass(w.category, YakusetWarning))
    return result, list(said)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


async def read_json(request: Request, limits: Limits) -> dict[str, Any]:
    """The request's body as a JSON object, read no further than ``limits.max_body`` bytes."""
    declared = request.headers.get("content-length")
    too_big = RequestProblem(
        413,
        f"the request body is over {limits.max_body} bytes",
        "a rule set states only what differs from the one it extends",
    )
    if declared is not None and declared.isdigit() and int(declared) > limits.max_body:
        raise too_big
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limits.max_body:
            raise too_big
    try:
        data = json.loads(bytes(body), parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise RequestProblem(400, f"the request body is not valid JSON: {reason[:200]}") from None
    if not isinstance(data, dict):
        raise RequestProblem(400, f"the request body must be a JSON object, got {json_type(data)}")
    return data


def json_type(value: Any) -> str:
    """What a JSON value is, in JSON's words (``an array``, ``a string``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {value!r:.40}"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"
