"""The JSON API under ``/api/v1``: rule sets listed and shown, a posted text validated, the
tables, the award, the yaku of captured cards, a score, a hand from its tiles, a diff and a replay.

Every answer has the shape of the matching ``yakuset ... --json`` command. Every error is JSON,
``{"error": {"status", "message", "hint", "problems"}}``, with the message the command line
prints and a 4xx status: 400 for a body that is not a JSON object, 404 for an unknown rule set,
408 for a body that does not arrive within the time limit (the answer closes the connection),
413 for a body over 1 MiB, 422 for a request the engine refuses (``problems`` then lists each
rule-file problem with its line and column), 503 when the server's time or heavy-request limit
is reached.
"""

from __future__ import annotations

import argparse
import gc
import tempfile
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .. import InputError, PluginError, Problem, RuleSet, RulesetError, diff
from .._core.hints import did_you_mean
from .._core.resolved import resolved_sources
from .._core.webpart import Operation, json_type
from .limits import Limits, RequestProblem, read_json
from .sources import DEFAULT_NAME, Loaded, Site, house, keeping, posted_name, reference

PREFIX = "/api/v1"
#: Where the rule-set JSON Schema is served.
SCHEMA = f"{PREFIX}/schema"

Handler = Callable[[Request], Awaitable[Response]]


def error_response(
    status: int, message: str, hint: str | None = None, problems: Sequence[Problem] = (), *, close: bool = False
) -> JSONResponse:
    """The JSON of an error: its HTTP status, the command line's message, a hint, located problems;
    ``close``: the answer ends the connection."""
    body = {"error": {"status": status, "message": message, "hint": hint, "problems": [p.as_dict() for p in problems]}}
    return JSONResponse(body, status_code=status, headers={"connection": "close"} if close else None)


def fields(data: Mapping[str, Any], known: tuple[str, ...], required: tuple[str, ...] = ()) -> None:
    """Refuse a key the endpoint does not take (a typo silently changes a score) or a missing one."""
    for key in data:
        if key not in known:
            raise RequestProblem(
                422,
                f"unknown field {key!r}",
                did_you_mean(str(key), known) or "fields: " + ", ".join(known),
            )
    for key in required:
        if key not in data:
            raise RequestProblem(422, f"missing field {key!r}", "fields: " + ", ".join(known))


def summary(rs: RuleSet) -> dict[str, Any]:
    """A rule set's line in the list: id, game, name, description, source, the rule set it extends."""
    extends = rs.files[0].data.get("extends")
    return {
        "id": rs.id,
        "game": rs.game,
        "name": rs.name,
        "description": rs.metadata.get("description", ""),
        "source": rs.metadata.get("source", ""),
        "extends": extends if isinstance(extends, str) else None,
    }


def shown(site: Site, rs: RuleSet) -> dict[str, Any]:
    """``show --resolved --json`` plus the list line, the plugins with their settings and the warnings."""
    answer: dict[str, Any] = site.remembered("show", rs, "json", lambda: _shown(rs))
    return answer


def _shown(rs: RuleSet) -> dict[str, Any]:
    return {
        **summary(rs),
        "ruleset": rs.id,
        "files": [f.display for f in rs.files],
        "document": rs.document,
        "sources": resolved_sources(rs),
        "plugins": {name: dict(settings) for name, settings in rs.plugins.items()},
        "warnings": [p.as_dict() for p in rs.warnings],
    }


def table_of(site: Site, rs: RuleSet, fmt: str = "json") -> Any:
    """``yakuset table --json`` (or the text or markdown, as ``{"ruleset", "format", "text"}``)."""
    return site.remembered("table", rs, fmt, lambda: _table_of(rs, fmt))


def _table_of(rs: RuleSet, fmt: str) -> Any:
    part = rs.part.command_line
    if part is None:
        raise InputError(f"{rs.game} rule sets have no table")
    if fmt == "json":
        return part.table(rs, "text").data
    return {"ruleset": rs.id, "format": fmt, "text": part.table(rs, fmt).text}


# --- the endpoints --------------------------------------------------------------------------


def answering(endpoint: Handler) -> Handler:
    """``endpoint`` with every error it raises answered as JSON (:func:`error_of`)."""

    async def answer(request: Request) -> Response:
        try:
            return await endpoint(request)
        except Exception as exc:  # every error becomes a JSON answer, never a traceback
            return error_of(exc)

    answer.__doc__ = endpoint.__doc__
    return answer


async def every_ruleset(request: Request) -> list[RuleSet]:
    """Every rule set the site offers, loaded in a worker thread the first time."""
    site: Site = request.app.state.site
    return site.every() if site.every_loaded() else await request.app.state.limits.run(site.every)


async def offered_ruleset(request: Request) -> RuleSet:
    """The offered rule set the request's path names, loaded in a worker thread the first time."""
    site: Site = request.app.state.site
    ident = request.path_params["ruleset"]
    if site.loaded(ident):
        return site.offered(ident)
    limits: Limits = request.app.state.limits
    return await limits.run(lambda: site.offered(ident))


async def schema_endpoint(request: Request) -> Response:
    """The rule-set JSON Schema standing alone, as ``yakuset schema --json`` prints it: what the
    schema comment of a new rule set names (``yakuset new``, the studio's editor)."""
    site: Site = request.app.state.site
    return Response(site.schema, media_type="application/schema+json")


def schema_url(request: Request) -> str:
    """The URL this server answers :func:`schema_endpoint` at, as the request reached it."""
    return str(request.base_url).rstrip("/") + SCHEMA


async def list_endpoint(request: Request) -> Response:
    game = request.query_params.get("game")
    rulesets = await every_ruleset(request)
    return JSONResponse([summary(rs) for rs in rulesets if game in (None, rs.game)])


async def show_endpoint(request: Request) -> Response:
    rs = await offered_ruleset(request)
    return JSONResponse(shown(request.app.state.site, rs))


async def text_endpoint(request: Request) -> Response:
    """The bundled file as written (``yakuset show``), for an editor to start from."""
    rs = await offered_ruleset(request)
    return JSONResponse({"ruleset": rs.id, "file": rs.files[0].display, "text": rs.path.read_text(encoding="utf-8")})


async def table_get_endpoint(request: Request) -> Response:
    fmt = request.query_params.get("format", "json")
    _format(fmt)
    rs = await offered_ruleset(request)
    return JSONResponse(table_of(request.app.state.site, rs, fmt))


def _format(fmt: Any) -> str:
    if fmt not in ("json", "text", "markdown"):
        raise RequestProblem(422, f"format must be json, text or markdown, got {json_type(fmt)}")
    return str(fmt)


def validate(site: Site, data: dict[str, Any]) -> dict[str, Any]:
    """``yakuset validate --json`` for one posted text: ``{"file", "valid", "problems"}``."""
    fields(data, ("text", "name"), ("text",))
    text = data["text"]
    if not isinstance(text, str):
        raise RequestProblem(422, f"text must be the rule set's YAML text, got {json_type(text)}")
    name = posted_name(data.get("name"), "name")
    try:
        problems = list(site.posted(text, name).warnings)
    except RulesetError as exc:
        problems = exc.problems
    valid = not any(not p.warning for p in problems)
    return {"file": name, "valid": valid, "problems": [p.as_dict() for p in problems]}


def table(site: Site, data: dict[str, Any]) -> Any:
    fields(data, ("ruleset", "format"), ("ruleset",))
    return table_of(site, site.ruleset_of(data["ruleset"]), _format(data.get("format", "json")))


def _operation(name: str, game: str, operation: Operation) -> Callable[[Site, dict[str, Any]], Any]:
    """A game's API operation: its fields checked, its rule set loaded and checked to be the game's."""

    def work(site: Site, data: dict[str, Any]) -> Any:
        fields(data, ("ruleset", *operation.fields), ("ruleset", *operation.required))
        rs = site.ruleset_of(data.pop("ruleset"), game=game)
        if rs.part is not site.games[game]:
            raise InputError(f"{rs.id!r} is a {rs.game} rule set; `{name}` needs a {game} rule set")
        answer = operation.run(rs, data)
        if answer.warnings and isinstance(answer.data, dict):  # what the command line prints on stderr
            return {**answer.data, "warnings": list(answer.warnings)}
        return answer.data

    work.__doc__ = operation.summary
    return work


def _diff_request(data: dict[str, Any]) -> tuple[dict[str, bool], int]:
    """A diff request's fields checked, nothing loaded: its options and its ``steps``."""
    fields(data, ("a", "b", "structural_only", "behaviour_only", "declared", "steps"), ("a", "b"))
    reference(data["a"], "a")
    reference(data["b"], "b")
    options = {key: data.get(key, False) for key in ("structural_only", "behaviour_only", "declared")}
    for key, value in options.items():
        if type(value) is not bool:
            raise InputError(f"{key} must be true or false, got {json_type(value)}")
    steps = data.get("steps", 3)
    if type(steps) is not int or not 0 <= steps <= 100:
        raise InputError(f"steps must be a whole number from 0 to 100, got {json_type(steps)}")
    return options, steps


def compare(site: Site, data: dict[str, Any]) -> Any:
    """``yakuset diff --format json``: the rule changes, the score changes and their causes."""
    options, steps = _diff_request(data)
    a, b = site.ruleset_of(data["a"], "a"), site.ruleset_of(data["b"], "b")
    if a.game != b.game:
        raise InputError(f"{a.id!r} is a {a.game} rule set and {b.id!r} a {b.game} one: they can't be compared")
    if options["structural_only"] and options["behaviour_only"]:
        raise InputError("structural_only and behaviour_only exclude each other")
    changes = None if options["behaviour_only"] else diff.structural(a, b, declared=options["declared"])
    report = None if options["structural_only"] else diff.behaviour(a, b, ())
    resolved = diff.structural(a, b) if report is not None and report.changes else []
    causes = diff.attribute(a, resolved, report) if report is not None and report.changes else None
    # The studio shows the command line's own text: the same counts, the same "Caused by" groups.
    text = diff.human(a, b, changes, report, steps, False, causes, 10, resolved)
    return {**diff.as_json(a, b, changes, report, options["declared"], steps, causes), "text": text}


def replay(site: Site, data: dict[str, Any]) -> Any:
    """``yakuset play --json`` for a posted script (Koi-Koi rounds or a Riichi game), with its trace text."""
    script, name = _replay_request(data)
    rs = site.ruleset_of(data["ruleset"])
    part = rs.part.command_line
    commands = part.commands() if part is not None else ()
    play = next((c for c in commands if c.name == "play"), None)
    if play is None:
        raise InputError(f"{rs.game} rule sets have no play scripts")
    # The game reads a script from a file: the text goes to a file of the server's own making,
    # and messages name it as the caller did.
    with tempfile.TemporaryDirectory(prefix="yakuset-serve-") as folder:
        path = Path(folder) / "script.yaml"
        path.write_text(script, encoding="utf-8")
        try:
            played = play.run(rs, argparse.Namespace(script=str(path)))
        except RulesetError as exc:
            raise RulesetError([_renamed(p, str(path), name) for p in exc.problems]) from None
    return {**played.data, "text": played.text}


def _replay_request(data: dict[str, Any]) -> tuple[str, str]:
    """A replay request's fields checked, nothing loaded: its script and the name it goes by."""
    fields(data, ("ruleset", "script", "name"), ("ruleset", "script"))
    reference(data["ruleset"])
    script = data["script"]
    if not isinstance(script, str):
        raise RequestProblem(422, f"script must be the script's YAML text, got {json_type(script)}")
    try:
        script.encode("utf-8")
    except UnicodeEncodeError as error:  # a lone surrogate JSON can carry and no text file can
        raise RequestProblem(422, f"script is not text UTF-8 can hold: {error.reason} at {error.start}") from None
    return script, posted_name(data.get("name"), "name")


def _renamed(problem: Problem, file: str, name: str) -> Problem:
    if problem.location.file not in (file, str(Path(file).resolve())):
        return problem
    return replace(problem, location=replace(problem.location, file=name))


# --- wiring -----------------------------------------------------------------------------------


def _named(data: dict[str, Any]) -> list[tuple[Any, str]]:
    """The rule sets a light request names: (value, field)."""
    return [(data.get("ruleset"), "ruleset")]


def _validated(data: dict[str, Any]) -> list[tuple[Any, str]]:
    return [({"text": data.get("text"), "name": data.get("name")}, "name")]


Named = Callable[[dict[str, Any]], list[tuple[Any, str]]]
Work = Callable[[Site, dict[str, Any]], Any]


def _posting(work: Work, names: Named) -> Handler:
    """A light endpoint: its rule sets loaded in a worker thread if need be, then ``work`` here
    and now, in the event loop (it takes microseconds)."""

    async def endpoint(request: Request) -> Response:
        limits: Limits = request.app.state.limits
        site: Site = request.app.state.site
        data = await read_json(request, limits)
        named = names(data)
        texts: Loaded = {}
        if not all(site.loaded(value, field) for value, field in named):
            texts = await limits.run(
                lambda: {key: rs for value, field in named for key, rs in site.load(value, field).items()}
            )
        with keeping(texts):
            answer = work(site, data)
        return JSONResponse(answer)

    endpoint.__doc__ = work.__doc__
    return answering(endpoint)


def warm(make: Callable[[], Site] = house) -> None:
    """Load every rule set the site offers and import the games' web parts (their evaluators
    with them), so that the first requests find them ready (a server does this before it
    answers any; a heavy worker before it takes any)."""
    site = make()
    site.every()
    site.operations  # noqa: B018 (imports each game's web part)
    # What is loaded now stays for the server's life: the collector need not look at it again
    # (a full collection of it takes tens of milliseconds, which every request then waits).
    gc.collect()
    gc.freeze()


#: The heavy endpoints, answered in worker processes (:func:`heavy_answer`).
HEAVY: dict[str, Work] = {"diff": compare, "replay": replay}
#: Each heavy request's fields are checked here before it is pickled for a worker: a value of a
#: wrong shape (500 nested lists) is refused as a light request's is, never sent on.
_CHECKED: dict[str, Callable[[dict[str, Any]], object]] = {"diff": _diff_request, "replay": _replay_request}


def heavy_answer(make: Callable[[], Site], endpoint: str, data: dict[str, Any]) -> tuple[int, bytes]:
    """A heavy request's HTTP status and JSON body, as a worker process computes it for the
    site ``make()`` gives."""
    try:
        response = JSONResponse(HEAVY[endpoint](make(), data))
    except Exception as exc:  # every error becomes a JSON answer, never a traceback
        response = error_of(exc)
    return response.status_code, bytes(response.body)


def _heavy(endpoint_name: str) -> Handler:
    """A heavy endpoint: answered by one of the server's worker processes."""

    async def endpoint(request: Request) -> Response:
        limits: Limits = request.app.state.limits
        data = await read_json(request, limits)
        _CHECKED[endpoint_name](data)
        status, body = await limits.heavy_call(endpoint_name, data)
        return Response(body, status_code=status, media_type="application/json")

    endpoint.__doc__ = HEAVY[endpoint_name].__doc__
    return answering(endpoint)


def routes(site: Site) -> list[Route]:
    """The API's routes for ``site`` (its games add theirs); every error is answered as JSON
    (:func:`answering`)."""
    from .openapi import openapi_endpoint

    operations = [
        Route(f"{PREFIX}/{name}", _posting(_operation(name, game, operation), _named), methods=["POST"])
        for name, (game, operation) in site.operations.items()
    ]
    return [
        Route(f"{PREFIX}/openapi.json", openapi_endpoint, methods=["GET"]),
        Route(SCHEMA, answering(schema_endpoint), methods=["GET"]),
        Route(f"{PREFIX}/rulesets", answering(list_endpoint), methods=["GET"]),
        Route(f"{PREFIX}/rulesets/{{ruleset}}", answering(show_endpoint), methods=["GET"]),
        Route(f"{PREFIX}/rulesets/{{ruleset}}/text", answering(text_endpoint), methods=["GET"]),
        Route(f"{PREFIX}/rulesets/{{ruleset}}/table", answering(table_get_endpoint), methods=["GET"]),
        Route(f"{PREFIX}/validate", _posting(validate, _validated), methods=["POST"]),
        Route(f"{PREFIX}/table", _posting(table, _named), methods=["POST"]),
        *operations,
        Route(f"{PREFIX}/diff", _heavy("diff"), methods=["POST"]),
        Route(f"{PREFIX}/replay", _heavy("replay"), methods=["POST"]),
    ]


def error_of(exc: Exception) -> JSONResponse:
    """The JSON answer for what a request raised; anything unforeseen is a 500 that says so in one line."""
    if isinstance(exc, RequestProblem):
        return error_response(exc.status, exc.message, exc.hint, close=exc.close)
    if isinstance(exc, RulesetError):
        return error_response(422, str(exc), problems=exc.problems)
    if isinstance(exc, InputError):
        return error_response(422, str(exc))
    if isinstance(exc, PluginError):  # the plugin's code failed, not the request
        return error_response(500, str(exc))
    return error_response(
        500, f"unexpected error (from a plugin, or a bug to report): {type(exc).__name__}: {str(exc)[:300]}"
    )


__all__ = ["DEFAULT_NAME", "PREFIX", "SCHEMA", "error_of", "error_response", "routes"]
