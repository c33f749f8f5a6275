"""``resources/read`` errors with the codes the protocol gives them, not "internal error".

A resource template that matches a URI still has to find the entry: ``skill://nope`` matches
``skill://{name}``, and the skill does not exist. The server raises :class:`ResourceError` for that, which
fastmcp sends as -32603 (internal error) with a traceback in the log, as if Cairn had failed. Which code
a missing resource gets depends on the protocol the client negotiated:

| protocol                  | resource not found              | bad argument in the URI |
|---------------------------|---------------------------------|-------------------------|
| 2026-07-28 (SEP-2164)     | -32602, ``data: {"uri": …}``    | -32602                  |
| 2025-11-25 and older      | -32002, ``data: {"uri": …}``    | -32602                  |

The domain says which case it is by the exception it raised (the :class:`ResourceError`'s cause): a
:class:`LookupError` (``EntryNotFound``, ``SkillNotFound``, ``NotFound``) is a missing entry, a
:class:`ValueError` (the ``…InputError`` classes) a bad argument. A URI no resource or template matches
at all is missing too. Anything else (a refused scope, a failure) keeps fastmcp's handling.
"""

from __future__ import annotations

import logging
from typing import Any

import mcp.types as mt
from fastmcp.exceptions import NotFoundError, ResourceError
from fastmcp.server.dependencies import fastmcp_request_ctx
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

RESOURCE_NOT_FOUND = -32002  # the code of protocol 2025-11-25 and older; later ones use INVALID_PARAMS


class MissingResource(ResourceError):
    """Raised by a resource function when the URI names nothing that exists (a date without memories)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, log_level=logging.DEBUG)  # the caller's mistake, not a failure to log


class ResourceErrors(Middleware):
    """Turns a missing entry or a bad URI argument into the protocol's error code for it."""

    async def on_read_resource(
        self, context: MiddlewareContext[mt.ReadResourceRequestParams], call_next: CallNext[Any, Any]
    ) -> Any:
        uri = str(context.message.uri)
        try:
            return await call_next(context)
        except NotFoundError as exc:
            raise not_found(uri, f"Resource not found: {uri!r}") from exc
        except ResourceError as exc:
            kind = _kind(exc)
            if kind is None:
                raise
            if kind == "missing":
                raise not_found(uri, str(exc)) from exc
            raise MCPError(code=INVALID_PARAMS, message=str(exc), data={"uri": uri}) from exc


def not_found(uri: str, message: str) -> MCPError:
    """The "resource not found" error of the protocol this request was made in."""
    request = fastmcp_request_ctx.get()
    modern = request is not None and request.protocol_version in MODERN_PROTOCOL_VERSIONS
    return MCPError(code=INVALID_PARAMS if modern else RESOURCE_NOT_FOUND, message=message, data={"uri": uri})


def _kind(exc: ResourceError) -> str | None:
    if isinstance(exc, MissingResource) or isinstance(exc.__cause__, LookupError):
        return "missing"
    if isinstance(exc.__cause__, ValueError) or isinstance(exc, BadResourceArgument):
        return "invalid"
    return None


class BadResourceArgument(ResourceError):
    """Raised by a resource function when a URI argument is malformed (a date that is not YYYY-MM-DD)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, log_level=logging.DEBUG)


__all__ = ["BadResourceArgument", "MissingResource", "ResourceErrors", "not_found"]
