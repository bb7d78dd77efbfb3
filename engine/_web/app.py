"""The ASGI application of ``yakuset serve``: the JSON API, the studio's pages and their static files."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from . import api
from .limits import Limits

HERE = Path(__file__).parent


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith(api.PREFIX + "/") or request.url.path == api.PREFIX:
        return api.error_response(exc.status_code, exc.detail)
    return PlainTextResponse(exc.detail, status_code=exc.status_code, headers=exc.headers)


def create_app(limits: Limits | None = None) -> Starlette:
    """The application, with ``limits`` (defaults: 10 s a request, 2 heavy requests at once, 1 MiB bodies)."""
    from . import pages

    routes: list[BaseRoute] = [
        *api.routes(),
        *pages.routes(),
        Mount("/static", app=StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: _http_error})
    app.state.limits = limits or Limits()
    return app
