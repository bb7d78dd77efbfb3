"""The studio's pages, rendered on the server with Jinja2: the rule-set list, a rule set's page,
the editor, the calculators and the download. The editor and calculators call the JSON API
from the page's script (``static/studio.js``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from .. import RuleSet
from .._core.resolved import path_text
from .api import bundled_ruleset, every_ruleset, summary, table_of
from .cards import HONOURS, TILES, deck_by_month
from .limits import RequestProblem

HERE = Path(__file__).parent
_ENV = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"]))


def _render(template: str, status: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(_ENV.get_template(template).render(**context), status_code=status)


async def _ruleset(request: Request) -> RuleSet:
    return await bundled_ruleset(request.app.state.limits, request.path_params["ruleset"])


def _games(rulesets: list[RuleSet]) -> dict[str, list[dict[str, Any]]]:
    games: dict[str, list[dict[str, Any]]] = {}
    for rs in rulesets:
        games.setdefault(rs.game, []).append(summary(rs))
    return games


async def index(request: Request) -> Response:
    rulesets = await every_ruleset(request.app.state.limits)
    return _render("index.html", games=_games(rulesets))


def _rows(rs: RuleSet) -> list[tuple[str, Any, str]]:
    """Every resolved value: its path, value and the file:line it came from."""
    return [(path_text(path), value, f"{where.file}:{where.line}") for path, value, where in rs.leaves()]


async def ruleset_page(request: Request) -> Response:
    rs = await _ruleset(request)
    table = table_of(rs)
    deck = None
    if rs.game == "koikoi":
        from .. import koikoi

        deck = deck_by_month(koikoi.rules_of(rs).cards)
    document = rs.document
    return _render(
        "ruleset.html",
        rs=rs,
        info=summary(rs),
        files=[f.display for f in rs.files],
        table=table,
        yaku=document.get("yaku", []),
        multipliers=document.get("award", {}).get("multipliers", []) if rs.game == "koikoi" else [],
        award=document.get("award", {}) if rs.game == "koikoi" else {},
        calls=document.get("calls", {}),
        limits=document.get("limits", {}).get("tiers", []) if rs.game == "riichi" else [],
        yakuman=document.get("yakuman", {}) if rs.game == "riichi" else {},
        plugins={name: dict(settings) for name, settings in rs.plugins.items()},
        deck=deck,
        rows=_rows(rs),
    )


async def editor(request: Request) -> Response:
    rs = await _ruleset(request)
    rulesets = await every_ruleset(request.app.state.limits)
    others = [other.id for other in rulesets if other.game == rs.game]
    return _render(
        "editor.html",
        rs=rs,
        text=rs.path.read_text(encoding="utf-8"),
        others=others,
        name=f"{rs.id}-house.yaml",
    )


async def calculator(request: Request) -> Response:
    rs = await _ruleset(request)
    if rs.game == "koikoi":
        from .. import koikoi

        rules = koikoi.rules_of(rs)
        return _render("calc_koikoi.html", rs=rs, deck=deck_by_month(rules.cards), months=rules.months)
    return _render("calc_riichi.html", rs=rs, tiles=TILES, honours=HONOURS, flags=_flags())


def _flags() -> tuple[str, ...]:
    from .. import riichi

    return tuple(riichi.FLAGS)


async def download(request: Request) -> Response:
    """The bundled file as written, as an attachment (the editor saves its own text in the browser)."""
    rs = await _ruleset(request)
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
            return _render("error.html", status=exc.status, message=exc.message, hint=exc.hint)

    return page


def routes() -> list[Route]:
    """The pages' routes."""
    return [
        Route("/", _page(index), methods=["GET"]),
        Route("/rulesets/{ruleset}", _page(ruleset_page), methods=["GET"]),
        Route("/rulesets/{ruleset}/edit", _page(editor), methods=["GET"]),
        Route("/rulesets/{ruleset}/calculator", _page(calculator), methods=["GET"]),
        Route("/rulesets/{ruleset}/download", _page(download), methods=["GET"]),
    ]
