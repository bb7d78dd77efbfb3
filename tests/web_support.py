"""A real `yakuset serve` for the browser and load tests: uvicorn on a free loopback port, in a
thread of the test process."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any

from yakuset._web import Limits, create_app, listen, url

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
    server = Server(uvicorn.Config(create_app(limits), log_level="warning"))
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
