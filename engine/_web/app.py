"""The ASGI application of ``yakuset serve``."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute

from . import api
from .limits import Limits


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith(api.PREFIX + "/") or request.url.path == api.PREFIX:
        return api.error_response(exc.status_code, exc.detail)
    return PlainTextResponse(exc.detail, status_code=exc.status_code, headers=exc.headers)


def create_app(limits: Limits | None = None) -> Starlette:
    """The application, with ``limits`` (defaults: 10 s a request, 2 heavy requests at once, 1 MiB bodies)."""
    routes: list[BaseRoute] = [*api.routes()]
    app = Starlette(routes=routes, exception_handlers={HTTPException: _http_error})
    app.state.limits = limits or Limits()
    return app
