"""The OpenAPI 3.1 document of ``/api/v1``, served at ``/openapi.json``, built from the operations each API
module declares beside its handlers (:class:`Operation`): parameters, bodies and replies are the pydantic
models the handlers parse and answer with, so the document cannot say something the code does not do.

    OPERATIONS = [
        Operation("get", "/api/v1/reports", "Reports of skills", ok=Reply(m.ReportList, "Reports"),
                  errors=(400, 401, 403), query=ReportsQuery, auth=True),
    ]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import JsonSchemaMode, models_json_schema

from registry.models import Error

ERRORS = {
    400: "Bad parameter",
    401: "No valid token",
    403: "Not allowed",
    404: "Not found",
    409: "Conflict",
    413: "Too large",
    415: "Wrong media type",
    422: "Invalid input",
    429: "Too many requests",
    502: "The repository could not be read",
}
ARCHIVE_TYPES = ("application/gzip", "application/zip")


@dataclass(frozen=True)
class Reply:
    """A successful answer: a JSON ``model``, or the archive bytes when ``model`` is None."""

    model: type[BaseModel] | None
    description: str


@dataclass(frozen=True)
class Operation:
    method: str
    path: str
    summary: str
    ok: Reply
    status: int = 200
    also: Mapping[int, Reply] = field(default_factory=dict)  # other successful answers (a dry run's 200)
    errors: tuple[int, ...] = ()
    path_params: type[BaseModel] | None = None  # one field per ``{name}`` in the path
    query: type[BaseModel] | None = None
    body: type[BaseModel] | None = None  # JSON
    form: type[BaseModel] | None = None  # multipart/form-data
    auth: bool = False


def document(base_url: str, operations: Iterable[Operation]) -> dict[str, Any]:
    operations = list(operations)
    wanted: dict[tuple[type[BaseModel], JsonSchemaMode], None] = {(Error, "serialization"): None}
    paths: dict[str, dict[str, Any]] = {}
    for op in operations:
        for reply in (op.ok, *op.also.values()):
            if reply.model is not None:
                wanted[(reply.model, "serialization")] = None
        if op.body is not None:
            wanted[(op.body, "validation")] = None
        paths.setdefault(op.path, {})[op.method] = _operation(op)
    _, defs = models_json_schema(list(wanted), ref_template="#/components/schemas/{model}")
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Cairn skills registry",
            "version": "1.0.0",
            "description": "Browse, search, publish and install Agent Skills. Errors: {error, message}.",
        },
        "servers": [{"url": base_url}],
        "paths": paths,
        "components": {
            "schemas": defs["$defs"],
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A personal API token (crk_…) or an OAuth access token with scope registry:publish",
                }
            },
        },
    }


def _operation(op: Operation) -> dict[str, Any]:
    replies = {str(op.status): _reply(op.ok), **{str(s): _reply(r) for s, r in op.also.items()}}
    out: dict[str, Any] = {
        "summary": op.summary,
        "responses": {**replies, **{str(c): _reply(Reply(Error, ERRORS[c])) for c in op.errors}},
    }
    parameters = [*_parameters(op.path_params, "path"), *_parameters(op.query, "query")]
    if parameters:
        out["parameters"] = parameters
    if op.body is not None:
        # A body whose fields all have defaults may be left out entirely.
        required = bool(op.body.model_json_schema().get("required"))
        out["requestBody"] = {"required": required, "content": {"application/json": {"schema": _ref(op.body)}}}
    if op.form is not None:
        schema = _plain(op.form.model_json_schema())
        schema["properties"] = {k: _plain(v, described=True) for k, v in schema["properties"].items()}
        out["requestBody"] = {"required": True, "content": {"multipart/form-data": {"schema": schema}}}
    if op.auth:
        out["security"] = [{"bearer": []}]
    return out


def _reply(reply: Reply) -> dict[str, Any]:
    if reply.model is None:
        binary = {"schema": {"type": "string", "format": "binary"}}
        return {"description": reply.description, "content": dict.fromkeys(ARCHIVE_TYPES, binary)}
    return {"description": reply.description, "content": {"application/json": {"schema": _ref(reply.model)}}}


def _ref(model: type[BaseModel]) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{model.__name__}"}


def _parameters(model: type[BaseModel] | None, where: str) -> list[dict[str, Any]]:
    if model is None:
        return []
    properties = model.model_json_schema()["properties"]
    out = []
    for name, info in model.model_fields.items():
        parameter = {"name": name, "in": where, "required": where == "path", "schema": _plain(properties[name])}
        if info.description:
            parameter["description"] = info.description
        out.append(parameter)
    return out


def _plain(schema: dict[str, Any], *, described: bool = False) -> dict[str, Any]:
    """A field's schema as a parameter or form field states it: no title or default, no description unless
    ``described`` (a parameter carries its own), and an optional value's null branch left out (a parameter
    is absent, never null)."""
    dropped = ("title", "default") if described else ("title", "default", "description")
    out = {k: v for k, v in schema.items() if k not in dropped}
    if "anyOf" in out:
        kept = [s for s in out.pop("anyOf") if s.get("type") != "null"]
        out = {**kept[0], **out} if len(kept) == 1 else {**out, "anyOf": kept}
    return out
