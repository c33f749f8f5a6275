"""The ``Mcp-Param-*`` header check of 2026-07-28 Streamable HTTP, answered without a ``tools/list`` per call.

Before a ``tools/call`` is dispatched, the transport compares the request's ``Mcp-Param-*`` headers with
the body's arguments for every input property the tool's schema marks with ``x-mcp-header``. Unless the
server says where the schema is, the SDK finds it by running the whole ``tools/list`` handler for the
caller (every middleware, every schema dereferenced and serialized) on every call: profiled under 30
concurrent writers, that was about half of the memory server's event-loop time per request.

None of Cairn's own tools marks a property, and a server's tools are fixed once it is built. For such a
server the check has nothing to compare for any tool, so answering "no schema" (``None``) gives the same
outcome as the listing, without the listing. A server with a marked property, or with remote servers
mounted (whose tools are not known here), keeps the SDK's per-caller listing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from fastmcp import FastMCP

MARK = "x-mcp-header"


def declares_header(schema: Any) -> bool:
    """Whether a JSON Schema marks any property, at any depth, for an ``Mcp-Param-*`` header."""
    if isinstance(schema, Mapping):
        return MARK in schema or any(declares_header(value) for value in schema.values())
    if isinstance(schema, list):
        return any(declares_header(item) for item in schema)
    return False


def _nothing_to_check(_name: str) -> Mapping[str, Any] | None:
    return None


def skip_listing_when_unmarked(server: FastMCP, schemas: Iterable[Mapping[str, Any]]) -> bool:
    """Tell ``server``'s transport that no tool has an ``Mcp-Param-*`` header to check, when that is true of
    ``schemas`` (every tool's input schema); whether it did."""
    if any(declares_header(schema) for schema in schemas):
        return False
    server._mcp_server.get_tool_input_schema = _nothing_to_check
    return True
