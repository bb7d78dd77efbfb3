"""The studio's pages, rendered on the server with Jinja2: the rule-set list, a rule set's page,
the editor, the calculators and the download. The editor and calculators call the JSON API
from the page's scripts (``static/studio.js``, then the game's own).

What is a game's own comes from its web part (:mod:`.parts`): its titles, its sections of a
rule set's page and its calculator (templates found as ``GAME/NAME``), its scripts."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, ChoiceLoader, Environment, FileSystemLoader, PrefixLoader, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from .. import RuleSet
from .._core.resolved import path_text, switched_off
from .._core.stub import stub_text
from .._core.webpart import WebPart
from .api import every_ruleset, offered_ruleset, schema_url, summary, table_of
from .limits import RequestProblem
from .sources import Site

HERE = Path(__file__).parent


@functools.lru_cache(maxsize=8)
def _environment(site: Site) -> Environment:
    """The templates of the studio and of each game of ``site`` (a game's as ``GAME/NAME``)."""
    games: dict[str, BaseLoader] = {
        name: FileSystemLoader(part.templates) for name, part in site.parts.items() if part.templates is not None
    }
    loader = ChoiceLoader([FileSystemLoader(HERE / "templates"), PrefixLoader(games)])
    return Environment(loader=loader, autoescape=select_autoescape(["html"]))


def _render(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    docs = getattr(request.app.state, "docs", False)
    text = _environment(request.app.state.site).get_template(template).render(docs=docs, **context)
    return HTMLResponse(text, status_code=status)


def _part(request: Request, rs: RuleSet) -> WebPart:
    part: WebPart = request.app.state.site.parts[rs.game]
    return part


def _scripts(rs: RuleSet, part: WebPart) -> list[str]:
    """The scripts of a page about ``rs``: the studio's, then its game's."""
    return ["/static/studio.js", *(f"/games/{rs.game}/static/{name}" for name in part.scripts)]


async def index(request: Request) -> Response:
    rulesets = await every_ruleset(request)
    games: dict[str, list[dict[str, Any]]] = {}
    for rs in rulesets:
        games.setdefault(rs.game, []).append(summary(rs))
    titles = {name: part.title for name, part in request.app.state.site.parts.items()}
    return _render(request, "index.html", games=games, titles=titles)


def _rows(rs: RuleSet) -> list[tuple[str, Any, str]]:
    """Every resolved value: its path, value and the file:line it came from."""
    return [(path_text(path), value, where.at_line()) for path, value, where in rs.leaves()]


async def ruleset_page(request: Request) -> Response:
    rs = await offered_ruleset(request)
    part = _part(request, rs)
    return _render(
        request,
        "ruleset.html",
        rs=rs,
        web=part,
        info=summary(rs),
        files=[f.display for f in rs.files],
        table=table_of(request.app.state.site, rs) if rs.part.command_line is not None else None,
        game=part.sections(rs) if part.sections is not None else {},
        plugins={name: dict(settings) for name, settings in rs.plugins.items()},
        off=switched_off(rs),
        rows=_rows(rs),
    )


async def editor(request: Request) -> Response:
    rs = await offered_ruleset(request)
    rulesets = await every_ruleset(request)
    others = [other.id for other in rulesets if other.part is rs.part]  # the rule sets of its game
    return _render(
        request,
        "editor.html",
        rs=rs,
        web=_part(request, rs),
        # What `yakuset new ID-house --extends ID` writes, its schema named by this server's URL
        text=stub_text(rs.id, f"{rs.id}-house", schema_url(request)),
        others=others,
        name=f"{rs.id}-house.yaml",
        scripts=_scripts(rs, _part(request, rs)),
    )


async def calculator(request: Request) -> Response:
    rs = await offered_ruleset(request)
    part = _part(request, rs)
    if part.calculator is None:
        raise RequestProblem(404, f"{rs.game} rule sets have no calculator")
    return _render(request, f"{rs.game}/calculator.html", rs=rs, scripts=_scripts(rs, part), **part.calculator(rs))


async def download(request: Request) -> Response:
    """The bundled file as written, as an attachment (the editor saves its own text in the browser)."""
    rs = await offered_ruleset(request)
    return Response(
        rs.path.read_text(encoding="utf-8"),
        media_type="application/yaml",
        headers={"content-disposition": f'attachment; filename="{rs.id}.yaml"'},
    )


def _page(endpoint: Any) -> Any:
    async def page(request: Request) -> Response:
        try:
            response: Response = await endpoint(request)
            return response
        except RequestProblem as exc:
            return _render(request, "error.html", status=exc.status, message=exc.message, hint=exc.hint)

    return page


def routes(site: Site) -> list[BaseRoute]:
    """The pages' routes, and each game's static files (``/games/GAME/static/``)."""
    return [
        Route("/", _page(index), methods=["GET"]),
        Route("/rulesets/{ruleset}", _page(ruleset_page), methods=["GET"]),
        Route("/rulesets/{ruleset}/edit", _page(editor), methods=["GET"]),
        Route("/rulesets/{ruleset}/calculator", _page(calculator), methods=["GET"]),
        Route("/rulesets/{ruleset}/download", _page(download), methods=["GET"]),
        *(
            Mount(f"/games/{name}/static", app=StaticFiles(directory=part.static))
            for name, part in site.parts.items()
            if part.static is not None
        ),
    ]
