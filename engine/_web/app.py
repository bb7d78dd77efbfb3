"""The ASGI application of ``yakuset serve``: the JSON API, the studio's pages and their static files."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from . import api
from .limits import Limits
from .sources import Site, house

HERE = Path(__file__).parent


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith(api.PREFIX + "/") or request.url.path == api.PREFIX:
        return api.error_response(exc.status_code, exc.detail)
    return PlainTextResponse(exc.detail, status_code=exc.status_code, headers=exc.headers)


async def _favicon(request: Request) -> Response:
    """The studio's icon where a browser looks for one when a page names none (the API's JSON)."""
    return FileResponse(HERE / "static" / "favicon.svg", media_type="image/svg+xml")


#: The limits of an application made without any, one set per site, so that the apps of a site
#: share its heavy workers.
_DEFAULT_LIMITS: dict[Callable[[], Site], Limits] = {}


def create_app(limits: Limits | None = None, site: Callable[[], Site] = house, docs: Path | None = None) -> Starlette:
    """The application, with ``limits`` (defaults: 10 s a request, 2 heavy requests at once, 1 MiB bodies).

    ``docs``: a built documentation site (``mkdocs build``'s folder), served under ``/docs/``.

    ``site()`` gives what it serves (by default the engine's games, plugins and bundled rule
    sets). It is a function of no arguments defined at a module's top level, so that the heavy
    requests' worker processes can call it too; it should give the same :class:`Site` each
    time (:func:`functools.cache`), which keeps what it has loaded.

    An ASGI server that runs the application's lifespan starts the heavy requests' worker
    processes with it and stops them with it; without a lifespan (a test client), the first
    heavy request starts them, and they end with the process."""
    from . import pages

    served = site()
    chosen = limits or _DEFAULT_LIMITS.setdefault(site, Limits())
    warm = functools.partial(api.warm, site)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # Requests wait in the socket's backlog while the rule sets load; the heavy workers
        # start after, at a lower priority, and load theirs while the first requests are answered.
        await anyio.to_thread.run_sync(warm)
        chosen.start()
        try:
            yield
        finally:
            chosen.close()

    routes: list[BaseRoute] = [
        *api.routes(served),
        *pages.routes(served),
        Mount("/static", app=StaticFiles(directory=HERE / "static"), name="static"),
        Route("/favicon.ico", _favicon, methods=["GET"]),
    ]
    if docs is not None:
        routes.append(Mount("/docs", app=StaticFiles(directory=docs, html=True), name="docs"))
    chosen.workers(warm, functools.partial(api.heavy_answer, site))
    app = Starlette(routes=routes, exception_handlers={HTTPException: _http_error}, lifespan=lifespan)
    app.state.limits = chosen
    app.state.site = served
    # The studio's header links the documentation only where it is served.
    app.state.docs = docs is not None
    return app
