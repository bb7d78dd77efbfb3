"""What the web tests share: one request to the application answered in process (:func:`call`),
and a real `yakuset serve` for the browser, load and memory tests (uvicorn on a free loopback
port, in a thread of the test process or as the command in a process of its own)."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from yakuset._web import Limits, create_app, listen, url

if TYPE_CHECKING:
    import httpx


#: The server's limit on a request is 10 s, which a whole diff of two bundled rule sets needs a
#: second of on a quiet machine and more than 10 on a busy one (it failed so at load 26). The
#: tests' own application allows a request ten times what it needs there, so that no test waits
#: on the clock; the tests of the limit itself set theirs.
TEST_SECONDS = 300.0
_TEST_LIMITS: list[Limits] = []


def limits_for_tests() -> Limits:
    """The limits of the application the tests ask in process: the server's, but the time."""
    if not _TEST_LIMITS:
        _TEST_LIMITS.append(Limits(seconds=TEST_SECONDS))
    return _TEST_LIMITS[0]


def call(
    method: str, url: str, body: Any = None, *, content: bytes | None = None, limits: Limits | None = None
) -> httpx.Response:
    """One request to a fresh application (with :func:`limits_for_tests` unless ``limits`` are given),
    answered in process (httpx's ASGI transport)."""
    import httpx

    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=create_app(limits or limits_for_tests()))
        async with httpx.AsyncClient(transport=transport, base_url="http://yakuset.test") as client:
            if content is not None:
                return await client.request(method, url, content=content, headers={"content-type": "application/json"})
            return await client.request(method, url, json=body)

    return asyncio.run(go())


#: The most a test waits for its server to start. It waits on an event, so the bound costs
#: nothing when the server starts at once; on a busy machine loading the rule sets takes seconds.
START_SECONDS = 300


@contextlib.contextmanager
def running_server(limits: Limits | None = None) -> Iterator[str]:
    """Serve the application on 127.0.0.1 (a port the system picks); yields its base URL."""
    import uvicorn

    settled = threading.Event()  # started, or failed to

    class Server(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            try:
                await super().startup(sockets=sockets)
            finally:
                settled.set()

    def serve() -> None:
        try:
            server.run(sockets=[sock])
        finally:
            settled.set()

    sock = listen("127.0.0.1", 0)
    server = Server(uvicorn.Config(create_app(limits or limits_for_tests()), log_level="warning"))
    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        settled.wait(START_SECONDS)
        if not server.started:
            raise RuntimeError("the test server did not start")
        yield url(sock).rstrip("/")
    finally:
        server.should_exit = True
        thread.join(timeout=START_SECONDS)
        sock.close()


@dataclass(frozen=True)
class ServerProcess:
    """`yakuset serve` running in a process of its own: its base URL and process id."""

    url: str
    pid: int

    def rss_mib(self) -> float:
        """The server process's resident memory (Linux: ``VmRSS`` of ``/proc/PID/status``), in MiB."""
        with open(f"/proc/{self.pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        raise RuntimeError(f"no VmRSS for process {self.pid}")


@contextlib.contextmanager
def serving_process(*arguments: str) -> Iterator[ServerProcess]:
    """Run `yakuset serve --port 0 ARGUMENTS...`; yields it once it has printed its URL (it
    prints it when it is ready for requests)."""
    server = subprocess.Popen(
        [sys.executable, "-m", "yakuset", "serve", "--port", "0", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        if not first.startswith("yakuset serve: http://127.0.0.1:"):
            raise RuntimeError(first + (server.stderr.read() if server.stderr else ""))
        yield ServerProcess(first.split()[2].rstrip("/"), server.pid)
    finally:
        server.terminate()
        server.communicate(timeout=START_SECONDS)
