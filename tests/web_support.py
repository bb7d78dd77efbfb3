"""A real `yakuset serve` for the browser and load tests: uvicorn on a free loopback port, in a
thread of the test process."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator

from yakuset._web import Limits, create_app, listen, url


@contextlib.contextmanager
def running_server(limits: Limits | None = None) -> Iterator[str]:
    """Serve the application on 127.0.0.1 (a port the system picks); yields its base URL."""
    import uvicorn

    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(create_app(limits), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(1000):  # up to 10 s for the server to start on a busy machine
            if server.started or not thread.is_alive():
                break
            time.sleep(0.01)
        if not server.started:
            raise RuntimeError("the test server did not start")
        yield url(sock).rstrip("/")
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()
