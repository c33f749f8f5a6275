"""REST API for gateways, served beside the MCP endpoint on HTTP/SSE transports.

| method | path                                  | body / answer                                              |
|--------|---------------------------------------|------------------------------------------------------------|
| GET    | ``/api/v1/tools``                     | tools this caller may use, with input schemas               |
| POST   | ``/api/v1/tools/{name}/execute``      | ``{"call_id": "...", "arguments": {...}}`` -> ``{"result"}``|
| GET    | ``/api/v1/permissions``               | roots, programs, access per tool, desktop capabilities      |

Every request needs ``Authorization: Bearer <token>``, the token being the content of
``$CAIRN_HOME/nodehost/token`` (created with mode 0600 on first start). The same policy, loop guard and
audit log apply as over MCP; a REST caller has transport ``rest`` and role ``gateway``, and names itself
with ``X-Client-Name``. Nobody can be asked over REST, so calls that need approval are refused (403,
``approval_required``) unless the user allowed that exact call with "always" before. Errors are JSON:
``{"error": {"code": ..., "message": ...}}``.
"""

from __future__ import annotations

import contextlib
import hmac
import json
from pathlib import Path
from typing import Any

from fastmcp import FastMCP
from pydantic import ValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse

from servers.core.secretfiles import secret_file
from servers.nodehost.args import ARGS
from servers.nodehost.errors import ApprovalRefused, InputError, LoopDetected, PolicyDenied, Unavailable
from servers.nodehost.host import NoAsker, NodeHost, Pending
from servers.nodehost.policy import Caller

API_VERSION = "v1"
PREFIX = f"/api/{API_VERSION}"
MAX_BODY_BYTES = 12 * 1024 * 1024
REALM = 'Bearer realm="cairn-nodehost"'


def ensure_token(path: Path) -> str:
    """The REST bearer token, created on first use (mode 0600); a looser mode is tightened."""
    return secret_file(path).decode("ascii")


def _error(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


def _unauthorized(request: Request, token: str) -> JSONResponse | None:
    header = request.headers.get("authorization", "")
    scheme, _, presented = header.partition(" ")
    if scheme.lower() != "bearer" or not presented.strip():
        return _error(401, "unauthorized", "send Authorization: Bearer <token from the nodehost token file>",
                      {"WWW-Authenticate": REALM})  # fmt: skip
    if not hmac.compare_digest(presented.strip().encode(), token.encode()):
        return _error(401, "invalid_token", "the bearer token is not valid",
                      {"WWW-Authenticate": f'{REALM}, error="invalid_token"'})  # fmt: skip
    return None


def _caller(request: Request) -> Caller:
    name = request.headers.get("x-client-name", "rest")[:100] or "rest"
    return Caller(client=name, transport="rest", role="gateway")


def add_rest_routes(mcp: FastMCP, node: NodeHost, token: str) -> None:
    headers = {"X-Nodehost-API-Version": API_VERSION}

    @mcp.custom_route(f"{PREFIX}/tools", methods=["GET"])
    async def list_tools(request: Request) -> JSONResponse:
        if denied := _unauthorized(request, token):
            return denied
        caller = _caller(request)
        listed = []
        for tool in await mcp.list_tools(run_middleware=False):
            access = node.access(caller, tool.name)
            if tool.name in ARGS and access != "denied":
                listed.append(
                    {
                        "name": tool.name,
                        "description": tool.description,
                        "input_schema": tool.parameters,
                        "groups": sorted(tag.removeprefix("group:") for tag in tool.tags),
                        "access": access,
                    }
                )
        return JSONResponse({"api_version": API_VERSION, "tools": listed}, headers=headers)

    @mcp.custom_route(f"{PREFIX}/permissions", methods=["GET"])
    async def permissions(request: Request) -> JSONResponse:
        if denied := _unauthorized(request, token):
            return denied
        report = node.permissions(_caller(request), can_ask=False)
        return JSONResponse(report.model_dump(mode="json"), headers=headers)

    @mcp.custom_route(f"{PREFIX}/tools/{{name}}/execute", methods=["POST"])
    async def execute(request: Request) -> JSONResponse:
        if denied := _unauthorized(request, token):
            return denied
        name = request.path_params["name"]
        if name not in ARGS:
            return _error(404, "unknown_tool", f"no tool named {name!r}; GET {PREFIX}/tools lists them")
        body = await _json_body(request)
        if isinstance(body, JSONResponse):
            return body
        call_id = body.get("call_id")
        if call_id is not None and not isinstance(call_id, str):
            return _error(422, "invalid_arguments", "call_id must be a string")
        try:
            args = ARGS[name].model_validate(body.get("arguments") or {})
        except ValidationError as exc:
            return _error(422, "invalid_arguments", str(exc))
        try:
            outcome = await node.call(name, args, _caller(request), NoAsker(), call_id=call_id)
        except ApprovalRefused as exc:
            return _error(403, "approval_required", str(exc))
        except PolicyDenied as exc:
            return _error(403, "denied", str(exc))
        except LoopDetected as exc:
            return _error(429, "loop_detected", str(exc))
        except Unavailable as exc:
            return _error(503, "unavailable", str(exc))
        except InputError as exc:
            return _error(400, "invalid_request", str(exc))
        except Exception:
            return _error(500, "internal", "the tool failed unexpectedly; the audit log has the error type")
        if isinstance(outcome, Pending):  # NoAsker never defers; kept for completeness
            return _error(403, "approval_required", "this call needs approval, which REST cannot ask for")
        result = outcome.model_dump(mode="json")
        return JSONResponse({"call_id": call_id, "tool": name, "result": result}, headers=headers)


async def _json_body(request: Request) -> dict[str, Any] | JSONResponse:
    length = request.headers.get("content-length")
    with contextlib.suppress(ValueError):
        if length and int(length) > MAX_BODY_BYTES:
            return _error(413, "too_large", f"request body over {MAX_BODY_BYTES:,} bytes")
    raw = await request.body()
    if len(raw) > MAX_BODY_BYTES:
        return _error(413, "too_large", f"request body over {MAX_BODY_BYTES:,} bytes")
    try:
        body = json.loads(raw or b"{}")
    except ValueError:
        return _error(400, "invalid_json", 'the body must be JSON: {"call_id": "...", "arguments": {...}}')
    if not isinstance(body, dict):
        return _error(400, "invalid_json", 'the body must be a JSON object: {"arguments": {...}}')
    return body
