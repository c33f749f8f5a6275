"""Small HTTP helpers shared by the API and the website: error bodies, capped bodies, parameters."""

from __future__ import annotations

import re
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, Field, ValidationError
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import JSONResponse

NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
ORG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,38}$")
SHA256 = re.compile(r"^[0-9a-f]{64}$")
# Path parameters as the API documents them (a handler answers 404 for a name that does not fit).
SkillName = Annotated[str, Field(pattern=NAME.pattern, max_length=64)]
OrgName = Annotated[str, Field(pattern=ORG.pattern)]
VersionText = Annotated[str, Field(max_length=64)]
FORM_OVERHEAD = 64 * 1024  # multipart boundaries and the small fields beside the archive

M = TypeVar("M", bound=BaseModel)


class HTTPProblem(Exception):
    """Raised anywhere in a handler; becomes ``{"error": code, "message": ...}`` with ``status``."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.extra = status, code, message, extra


def problem(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": code, "message": message, **extra}, status_code=status)


async def capped_body(request: Request, limit: int) -> bytes:
    """The request body, refused with 413 as soon as it passes ``limit`` (whatever Content-Length says)."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise HTTPProblem(413, "too_large", f"the upload is {declared} bytes; the limit is {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HTTPProblem(413, "too_large", f"the upload is larger than the limit of {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


async def multipart(request: Request, limit: int) -> FormData:
    body = await capped_body(request, limit + FORM_OVERHEAD)
    sent = False

    async def replay() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    if not request.headers.get("content-type", "").startswith("multipart/form-data"):
        raise HTTPProblem(415, "unsupported_media_type", "send the archive as multipart/form-data (field `archive`)")
    try:
        return await Request(request.scope, replay).form(max_files=1, max_fields=16, max_part_size=64 * 1024)
    except Exception as exc:  # starlette raises several types for malformed multipart bodies
        raise HTTPProblem(400, "bad_request", f"unreadable multipart body: {exc}") from None


async def json_model(request: Request, model: type[M]) -> M:
    body = await capped_body(request, 64 * 1024)
    try:
        return model.model_validate_json(body or b"{}")
    except ValidationError as exc:
        details = [
            {"field": ".".join(str(p) for p in e["loc"]), "message": e["msg"]} for e in exc.errors(include_url=False)
        ]
        raise HTTPProblem(422, "invalid_body", "the JSON body is not valid", details=details) from None
