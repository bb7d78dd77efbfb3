"""The API's OpenAPI 3.1 document (``GET /api/v1/openapi.json``), written out by hand: the
request fields are the keyword arguments of the public functions each endpoint calls."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from .. import __version__

_INT = {"type": "integer", "minimum": 0}
_BOOL = {"type": "boolean"}
_STRS = {"type": "array", "items": {"type": "string"}}
_RULESET = {"$ref": "#/components/schemas/RuleSetRef"}


def _body(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    schema = {"type": "object", "additionalProperties": False, "properties": properties, "required": required}
    return {"required": True, "content": {"application/json": {"schema": schema}}}


_ERRORS = {
    str(status): {"$ref": f"#/components/responses/{name}"}
    for status, name in ((400, "BadJSON"), (404, "NotFound"), (413, "TooLarge"), (422, "Refused"), (503, "Busy"))
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
_SITUATION = {"dealer": _BOOL, "tsumo": _BOOL, "honba": _INT, "riichi_sticks": _INT}
_WIND = {"enum": ["east", "south", "west", "north"], "default": "east"}


def document() -> dict[str, Any]:
    """The OpenAPI document of ``/api/v1``."""
    from .. import riichi

    paths = {
        "/api/v1/rulesets": _get(
            "the bundled rule sets",
            "[{id, game, name, description, source, extends}]",
            [{"name": "game", "in": "query", "schema": {"enum": ["koikoi", "riichi"]}}],
        ),
        "/api/v1/rulesets/{ruleset}": _get(
            "a bundled rule set resolved: each value with the file:line it came from, its plugins and settings",
            "like `yakuset show RULESET --resolved --json`, plus the list fields, plugins and warnings",
            [_ID],
        ),
        "/api/v1/rulesets/{ruleset}/text": _get("a bundled rule set's file as written", "{ruleset, file, text}", [_ID]),
        "/api/v1/rulesets/{ruleset}/table": _get(
            "the award tables (Koi-Koi) or the han x fu payment grid (Riichi)",
            "like `yakuset table RULESET --json`; text or markdown as {ruleset, format, text}",
            [_ID, _FORMAT],
        ),
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
        "/api/v1/award": _post(
            "the award of a won Koi-Koi round (yakuset.koikoi.award)",
            {"ruleset": _RULESET, "base": _INT, "own_calls": _INT, "opponent_calls": _INT, "field_brights": _INT},
            ["ruleset", "base"],
            "like `yakuset award --json`: {ruleset, base, points, steps, explanation}",
        ),
        "/api/v1/yaku": _post(
            "the yaku and base of captured Koi-Koi cards (yakuset.koikoi.yaku)",
            {"ruleset": _RULESET, "captured": _STRS, "month": {"type": ["integer", "null"]}, "own_calls": _INT},
            ["ruleset", "captured"],
            "like `yakuset koikoi-yaku --json`: {ruleset, base, yaku, steps}",
        ),
        "/api/v1/score": _post(
            "the payments of a Riichi hand from han and fu, declared yaku, or yakuman (yakuset.riichi.score)",
            {
                "ruleset": _RULESET,
                "han": _INT,
                "fu": _INT,
                "yaku": _STRS,
                "dora": _INT,
                "open": _BOOL,
                "yakuman": _STRS,
                **_SITUATION,
            },
            ["ruleset"],
            "like `yakuset score --json`: {ruleset, han, fu, limit, yakuman, payments, total, steps}",
        ),
        "/api/v1/evaluate": _post(
            "a Riichi hand scored from its tiles in mpsz notation (yakuset.riichi.evaluate)",
            {
                "ruleset": _RULESET,
                "hand": {"type": "string", "example": "234m456p23456788s"},
                "win": {"type": "string", "example": "4s"},
                "melds": {"type": "array", "items": {"type": "array", "prefixItems": [{"type": "string"}] * 2}},
                "seat_wind": _WIND,
                "round_wind": _WIND,
                "dora_indicators": _STRS,
                "ura_indicators": _STRS,
                "honba": _INT,
                "riichi_sticks": _INT,
                "kita": _INT,
                **dict.fromkeys(riichi.FLAGS, _BOOL),
            },
            ["ruleset", "hand", "win"],
            "like `yakuset hand --json`: the score plus yaku, dora, raw_fu and fu_parts",
        ),
        "/api/v1/diff": _post(
            "compare two rule sets: rule changes, score changes and their causes (a heavy request)",
            {
                "a": _RULESET,
                "b": _RULESET,
                "structural_only": _BOOL,
                "behaviour_only": _BOOL,
                "declared": _BOOL,
                "steps": {"type": "integer", "minimum": 0, "maximum": 100, "default": 3},
            },
            ["a", "b"],
            "like `yakuset diff --format json` (schema/diff.schema.json)",
        ),
        "/api/v1/replay": _post(
            "replay a Koi-Koi or Riichi game script under a rule set (a heavy request)",
            {"ruleset": _RULESET, "script": {"type": "string"}, "name": {"type": "string", "default": "posted.yaml"}},
            ["ruleset", "script"],
            "like `yakuset play --json`, plus the trace as text",
        ),
    }
    problem = {
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
    error = {
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

    def response(description: str) -> dict[str, Any]:
        return {
            "description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
        }

    return {
        "openapi": "3.1.0",
        "info": {
            "title": "yakuset",
            "version": __version__,
            "description": "Score Koi-Koi and Riichi mahjong under YAML rule sets. Every error is JSON with the "
            "command line's message.",
        },
        "paths": paths,
        "components": {
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
                "Problem": problem,
                "Error": error,
            },
            "responses": {
                "BadJSON": response("the body is not a JSON object"),
                "NotFound": response("no bundled rule set has that id"),
                "TooLarge": response("the body is over 1 MiB"),
                "Refused": response("the engine refuses the request: the command line's message, located problems"),
                "Busy": response("the request outlasted the server's time limit, or heavy requests are all busy"),
            },
        },
    }


async def openapi_endpoint(request: Request) -> JSONResponse:
    """``GET /api/v1/openapi.json``."""
    return JSONResponse(document())
