"""The HTTP API reference, read from the OpenAPI document ``yakuset serve`` produces
(``GET /api/v1/openapi.json``): every endpoint, its parameters, body fields and answers."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from . import _text


def document() -> dict[str, Any]:
    """The OpenAPI document of a server offering the bundled rule sets (needs the web extra)."""
    from .._house import REGISTRY
    from .._web.openapi import document as openapi_document
    from .._web.sources import Site

    return openapi_document(Site(REGISTRY))


def operations(openapi: Mapping[str, Any]) -> Iterator[tuple[str, str, Mapping[str, Any]]]:
    """Every operation: method (upper case), path, the operation."""
    for path, methods in openapi["paths"].items():
        for method, operation in methods.items():
            yield method.upper(), path, operation


def _schema_text(schema: Mapping[str, Any]) -> str:
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if "enum" in schema:
        return "one of " + ", ".join(_text.code(_text.inline(v)) for v in schema["enum"])
    if "oneOf" in schema:
        return " or ".join(_schema_text(branch) for branch in schema["oneOf"])
    kind = schema.get("type", "any")
    text = " or ".join(kind) if isinstance(kind, list) else str(kind)
    if kind == "array" and isinstance(schema.get("items"), dict):
        text += f" of {_schema_text(schema['items'])}"
    bounds = [f"{word} {schema[key]}" for key, word in (("minimum", "≥"), ("maximum", "≤")) if key in schema]
    return text + (f" ({', '.join(bounds)})" if bounds else "")


def _field_rows(properties: Mapping[str, Any], required: list[str]) -> Iterator[list[str]]:
    for name, schema in properties.items():
        default = _text.code(_text.inline(schema["default"])) if "default" in schema else ""
        yield [
            _text.code(name),
            _text.cell(_schema_text(schema)),
            "yes" if name in required else "",
            default,
            _text.cell(str(schema.get("description", ""))),
        ]


def anchor(method: str, path: str) -> str:
    """The id of an operation's heading."""
    return _text.anchor(f"{method} {path}")


def page() -> str:
    """The HTTP API's reference page."""
    openapi = document()
    info = openapi["info"]
    text = "# HTTP API\n\n"
    text += (
        f"Generated from the OpenAPI document `yakuset serve` produces (version {info['version']}; "
        "`GET /api/v1/openapi.json` on a running server). "
        f"{info['description']} The studio and how to run the server: [The studio and the API](../web.md).\n\n"
    )
    listed = list(operations(openapi))
    text += "| endpoint | what |\n|---|---|\n"
    text += "".join(
        f"| [`{method} {path}`](#{anchor(method, path)}) | {_text.cell(op.get('summary', ''))} |\n"
        for method, path, op in listed
    )
    text += "\n"
    for method, path, operation in listed:
        text += f"## `{method} {path}` {{#{anchor(method, path)}}}\n\n{operation.get('summary', '')}.\n\n"
        parameters = operation.get("parameters", [])
        if parameters:
            text += "Parameters:\n\n" + _text.table(
                ["name", "in", "type", "required", "default"],
                (
                    [
                        _text.code(p["name"]),
                        p["in"],
                        _text.cell(_schema_text(p.get("schema", {}))),
                        "yes" if p.get("required") else "",
                        _text.code(_text.inline(p["schema"]["default"])) if "default" in p.get("schema", {}) else "",
                    ]
                    for p in parameters
                ),
            )
            text += "\n"
        body = operation.get("requestBody")
        if body:
            schema = body["content"]["application/json"]["schema"]
            text += "Body (JSON):\n\n" + _text.table(
                ["field", "type", "required", "default", "what"],
                _field_rows(schema.get("properties", {}), schema.get("required", [])),
            )
            text += "\n"
        answers = []
        for status, response in operation.get("responses", {}).items():
            if "$ref" in response:
                name = response["$ref"].rsplit("/", 1)[-1]
                response = openapi["components"]["responses"][name]
            answers.append([status, _text.cell(response.get("description", ""))])
        text += "Answers:\n\n" + _text.table(["status", "what"], answers) + "\n"
    schemas = openapi["components"]["schemas"]
    text += "## Shared shapes\n\n"
    for name, schema in schemas.items():
        text += f"### `{name}`\n\n{schema.get('description', '')}\n\n"
        text += f"```json\n{_json(schema)}\n```\n\n"
    return text


def _json(value: Any) -> str:
    import json

    return json.dumps(value, indent=2, ensure_ascii=False)
