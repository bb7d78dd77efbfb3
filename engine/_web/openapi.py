"""The API's OpenAPI 3.1 document (``GET /api/v1/openapi.json``), written out by hand: the
request fields are the keyword arguments of the public functions each endpoint calls. Each
game's operations are described by the game (their fields, summary and answer), and the game
names in the text are the games' own titles."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from .. import __version__
from .._core.webpart import FLAG
from .sources import Site

_RULESET = {"$ref": "#/components/schemas/RuleSetRef"}


def _body(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    schema = {"type": "object", "additionalProperties": False, "properties": properties, "required": required}
    return {"required": True, "content": {"application/json": {"schema": schema}}}


_ERRORS = {
    str(status): {"$ref": f"#/components/responses/{name}"}
    for status, name in (
        (400, "BadJSON"),
        (404, "NotFound"),
        (408, "SlowBody"),
        (413, "TooLarge"),
        (422, "Refused"),
        (503, "Busy"),
    )
}


def _post(summary: str, properties: dict[str, Any], required: list[str], answer: str) -> dict[str, Any]:
    return {
        "post": {
            "summary": summary,
            "requestBody": _body(properties, required),
            "responses": {"200": {"description": answer, "content": {"application/json": {}}}, **_ERRORS},
        }
    }


def _get(summary: str, answer: str, parameters: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "get": {
            "summary": summary,
            "parameters": parameters or [],
            "responses": {"200": {"description": answer, "content": {"application/json": {}}}, **_ERRORS},
        }
    }


_ID = {"name": "ruleset", "in": "path", "required": True, "schema": {"type": "string"}, "example": "nintendo"}
_FORMAT = {"name": "format", "in": "query", "schema": {"enum": ["json", "text", "markdown"], "default": "json"}}


def document(site: Site) -> dict[str, Any]:
    """The OpenAPI document of ``/api/v1`` as ``site`` serves it."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "yakuset",
            "version": __version__,
            "description": f"Score {' and '.join(part.title for part in site.parts.values())} under YAML rule sets. "
            "Every error is JSON with the command line's message.",
        },
        "paths": {**_bundled_paths(site), **_posted_paths(), **_game_paths(site), **_heavy_paths(site)},
        "components": _components(),
    }


def _bundled_paths(site: Site) -> dict[str, Any]:
    """What the server tells of its rule sets: their schema, the bundled list, one resolved, its
    file, its tables."""
    tabled = [name for name, game in site.games.items() if game.command_line is not None]
    return {
        "/api/v1/schema": _get(
            "the rule-set JSON Schema that a new rule set's schema comment names",
            "the schema standing alone, like `yakuset schema --json`",
        ),
        "/api/v1/rulesets": _get(
            "the bundled rule sets",
            "[{id, game, name, description, source, extends}]",
            [{"name": "game", "in": "query", "schema": {"enum": list(site.games)}}],
        ),
        "/api/v1/rulesets/{ruleset}": _get(
            "a bundled rule set resolved: each value with the file:line it came from, its plugins and settings",
            "like `yakuset show RULESET --resolved --json`, plus the list fields, plugins and warnings",
            [_ID],
        ),
        "/api/v1/rulesets/{ruleset}/text": _get("a bundled rule set's file as written", "{ruleset, file, text}", [_ID]),
        "/api/v1/rulesets/{ruleset}/table": _get(
            " or ".join(site.parts[name].table_summary for name in tabled),
            "like `yakuset table RULESET --json`; text or markdown as {ruleset, format, text}",
            [_ID, _FORMAT],
        ),
    }


def _posted_paths() -> dict[str, Any]:
    """What the server does with a posted rule-set text: check it, or give its tables."""
    return {
        "/api/v1/validate": _post(
            "check a rule-set text: every problem with its line and column",
            {"text": {"type": "string"}, "name": {"type": "string", "default": "posted.yaml"}},
            ["text"],
            "like one entry of `yakuset validate --json`: {file, valid, problems}",
        ),
        "/api/v1/table": _post(
            "the tables of a bundled or posted rule set",
            {"ruleset": _RULESET, "format": {"enum": ["json", "text", "markdown"], "default": "json"}},
            ["ruleset"],
            "like `yakuset table --json`",
        ),
    }


def _game_paths(site: Site) -> dict[str, Any]:
    """Each game's operations, as the game describes them."""
    return {
        f"/api/v1/{name}": _post(
            operation.summary,
            {"ruleset": _RULESET, **operation.fields},
            ["ruleset", *operation.required],
            operation.answer,
        )
        for name, (_, operation) in site.operations.items()
    }


def _heavy_paths(site: Site) -> dict[str, Any]:
    """The heavy requests: a diff and a replayed game script."""
    played = [
        name
        for name, game in site.games.items()
        if game.command_line is not None and any(c.name == "play" for c in game.command_line.commands())
    ]
    return {
        "/api/v1/diff": _post(
            "compare two rule sets: rule changes, score changes and their causes (a heavy request)",
            {
                "a": _RULESET,
                "b": _RULESET,
                "structural_only": FLAG,
                "behaviour_only": FLAG,
                "declared": FLAG,
                "steps": {"type": "integer", "minimum": 0, "maximum": 100, "default": 3},
            },
            ["a", "b"],
            "like `yakuset diff --format json` (schema/diff.schema.json)",
        ),
        "/api/v1/replay": _post(
            f"play a {' or '.join(site.parts[name].short_title for name in played)} game script under a rule set "
            "(a heavy request)",
            {"ruleset": _RULESET, "script": {"type": "string"}, "name": {"type": "string", "default": "posted.yaml"}},
            ["ruleset", "script"],
            "like `yakuset play --json`, plus the trace as text",
        ),
    }


def _components() -> dict[str, Any]:
    """The shared schemas (a rule set given by id or text, a problem, an error) and the error
    responses."""
    return {
        "schemas": {
            "RuleSetRef": {
                "description": "a bundled id, or a rule set's YAML text (its `extends` may name bundled ids only)",
                "oneOf": [
                    {"type": "string", "example": "nintendo"},
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["text"],
                        "properties": {"text": {"type": "string"}, "name": {"type": "string"}},
                    },
                ],
            },
            "Problem": _PROBLEM,
            "Error": _ERROR,
        },
        "responses": {
            "BadJSON": _error_response("the body is not a JSON object"),
            "NotFound": _error_response("no bundled rule set has that id"),
            "SlowBody": _error_response(
                "the body did not arrive within the server's time limit (the connection is closed)"
            ),
            "TooLarge": _error_response("the body is over 1 MiB"),
            "Refused": _error_response("the engine refuses the request: the command line's message, located problems"),
            "Busy": _error_response("the request outlasted the server's time limit, or heavy requests are all busy"),
        },
    }


_PROBLEM = {
    "type": "object",
    "properties": {
        "file": {"type": "string"},
        "line": {"type": "integer"},
        "col": {"type": "integer"},
        "path": {"type": "string"},
        "message": {"type": "string"},
        "hint": {"type": ["string", "null"]},
        "warning": {"type": "boolean"},
    },
}
_ERROR = {
    "type": "object",
    "properties": {
        "error": {
            "type": "object",
            "properties": {
                "status": {"type": "integer"},
                "message": {"type": "string"},
                "hint": {"type": ["string", "null"]},
                "problems": {"type": "array", "items": {"$ref": "#/components/schemas/Problem"}},
            },
        }
    },
}


def _error_response(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }


async def openapi_endpoint(request: Request) -> JSONResponse:
    """``GET /api/v1/openapi.json``."""
    return JSONResponse(document(request.app.state.site))
