"""``yakuset serve``: a rule-set studio in the browser and a versioned JSON API (``/api/v1``).

Needs the ``web`` extra (``pip install 'yakuset[web]'``: Starlette, uvicorn, Jinja2). The
command line imports this package only to run ``serve``; :func:`create_app` gives the ASGI
application for any ASGI server or test client.
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from pathlib import Path

from .app import create_app
from .limits import Limits


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port`` (port 0: any free port); ``OSError`` if it cannot be.
    Connections wait in its backlog from now on, so the URL printed is usable at once."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # Accepted connections inherit it: without it, a response's headers and body, written
        # apart, wait out the client's delayed ACK (40 ms a request); asyncio sets it only on
        # the sockets it opens itself.
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    return sock


def url(sock: socket.socket) -> str:
    """The address a bound socket serves, as a URL."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if sock.family == socket.AF_INET6 else f"http://{host}:{port}/"


def serve(
    sock: socket.socket, limits: Limits, ready: Callable[[], None] | None = None, docs: Path | None = None
) -> None:
    """Serve the application on a bound socket until interrupted (uvicorn, one process, and
    the heavy requests' worker processes). ``ready`` is called once the bundled rule sets are
    loaded, before the first request is taken (the command line prints the URL then, so that a
    client that waits for it is not answered late)."""
    import sys

    import uvicorn

    # A thread loading a posted rule set hands the interpreter back to the event loop within
    # 1 ms instead of 5, so that the light requests do not wait behind the load.
    sys.setswitchinterval(0.001)

    from . import api

    api.warm()  # the application's start-up finds it done
    if ready is not None:
        ready()
    config = uvicorn.Config(create_app(limits, docs=docs), log_level="warning", limit_concurrency=256)
    uvicorn.Server(config).run(sockets=[sock])


__all__ = ["Limits", "create_app", "listen", "serve", "url"]
