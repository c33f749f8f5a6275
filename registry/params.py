"""Query parameters read through a pydantic model, so what a handler accepts is what ``/openapi.json`` says.

    class ReportsQuery(QueryModel):
        status: Literal["open", "resolved", "all"] | None = None

    wanted = query(request, ReportsQuery)  # ?status=x → 400 {"error": "bad_parameter", "message": …}

| field type               | blank (``?q=``) | checked before the model                                        |
|--------------------------|-----------------|-----------------------------------------------------------------|
| optional (``… or None``) | absent          | no control characters, at most ``max_length`` (200); stripped |
| a whole number           | refused         | digits only                                                     |
| an optional whole number | absent          | digits only (a web form's number left blank: the default)       |
| anything else (a choice) | validated as is | —                                                               |

The first problem in field order is reported, worded for people ("page must be a whole number from 1 to
10000"); a model may word a bad choice itself in ``problems``.
"""

from __future__ import annotations

import types
import typing
from typing import Any, ClassVar, TypeVar, get_args, get_origin

import annotated_types
from pydantic import BaseModel, Field, ValidationError
from pydantic.fields import FieldInfo
from starlette.requests import Request

from registry.http import HTTPProblem

DEFAULT_MAX_LENGTH = 200


class QueryModel(BaseModel):
    """A base for query models: ``problems`` maps a field to the message a value outside its choices gets."""

    problems: ClassVar[dict[str, str]] = {}


class NextQuery(QueryModel):
    """Where a sign-in or sign-up page goes once done (checked to be a path on this site by the page)."""

    next: str | None = Field(None, max_length=2000)


Q = TypeVar("Q", bound=QueryModel)


def query(request: Request, model: type[Q], **defaults: Any) -> Q:
    """``model`` read from the request's query string; ``defaults`` replace the model's own (a setting's page
    size); 400 ``bad_parameter`` naming the first parameter that is wrong."""
    given: dict[str, Any] = dict(defaults)
    found: dict[str, str] = {}
    # A parameter's name in the query string is its field's alias where it has one (``from`` is a keyword).
    keys = {name: field.alias or name for name, field in model.model_fields.items()}
    for name, field in model.model_fields.items():
        key = keys[name]
        raw = request.query_params.get(key)
        if raw is None:
            continue
        value, problem = _prepared(key, field, raw)
        if problem is not None:
            found[key] = problem
        elif value is not None:
            given[key] = value
    try:
        parsed = model.model_validate(given)
    except ValidationError as exc:
        for error in exc.errors(include_url=False):
            key = str(error["loc"][0]) if error["loc"] else ""
            found.setdefault(key, _wording(model, key, error))
    if found:
        first = next(key for key in [*keys.values(), *found] if key in found)
        raise HTTPProblem(400, "bad_parameter", found[first])
    return parsed


def _prepared(name: str, field: FieldInfo, raw: str) -> tuple[str | None, str | None]:
    """The value to validate (None: treat as absent) or what is wrong with it."""
    whole = _whole(field.annotation)
    if whole and _optional(field.annotation) and raw == "":
        return None, None  # a web form's number left blank: the default
    if whole and not raw.isdigit():
        return None, _whole_number(name, field)
    if _optional(field.annotation):
        if raw.strip() == "":
            return None, None
        if any(ord(c) < 32 and c not in "\t\n\r" for c in raw):
            return None, f"{name} contains a control character (such as NUL); remove it"
        limit = _bound(field, annotated_types.MaxLen, "max_length") or DEFAULT_MAX_LENGTH
        if len(raw) > limit:
            return None, f"{name} is longer than {limit} characters"
        return raw.strip(), None
    return raw, None


def _wording(model: type[QueryModel], name: str, error: Any) -> str:
    field = next((f for n, f in model.model_fields.items() if (f.alias or n) == name), None)
    if field is None:
        return f"{name}: {error['msg']}"
    if error["type"] == "literal_error":
        if name in model.problems:
            return model.problems[name]
        return f"{name} must be one of {', '.join(_choices(field.annotation))}"
    if _whole(field.annotation):
        return _whole_number(name, field)
    if error["type"] == "string_too_long":
        return f"{name} is longer than {error['ctx']['max_length']} characters"
    return f"{name}: {error['msg']}"


def _whole_number(name: str, field: FieldInfo) -> str:
    low, high = _bound(field, annotated_types.Ge, "ge"), _bound(field, annotated_types.Le, "le")
    return f"{name} must be a whole number from {low} to {high}"


def _bound(field: FieldInfo, kind: type[Any], attribute: str) -> Any:
    return next((getattr(m, attribute) for m in field.metadata if isinstance(m, kind)), None)


def _whole(annotation: Any) -> bool:
    """A whole number, optional or not."""
    return annotation is int or (_optional(annotation) and int in get_args(annotation))


def _optional(annotation: Any) -> bool:
    return get_origin(annotation) in (typing.Union, types.UnionType) and type(None) in get_args(annotation)


def _choices(annotation: Any) -> list[str]:
    """The values a ``Literal`` (optionally ``| None``) allows."""
    if get_origin(annotation) is typing.Literal:
        return [str(a) for a in get_args(annotation)]
    return [c for arg in get_args(annotation) if arg is not type(None) for c in _choices(arg)]
