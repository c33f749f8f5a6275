"""Which scope each tool, resource and prompt of a server needs, and the middleware that enforces it.

| what                                   | needs                                                         |
|----------------------------------------|---------------------------------------------------------------|
| a tool marked read-only                | ``<server>:read``                                             |
| a tool tagged ``scope:read``           | ``<server>:read`` (it records bookkeeping, but reads for the caller) |
| any other tool                         | ``<server>:write``                                            |
| a resource or resource template        | ``<server>:read`` — the same data the read tools expose       |
| a prompt                               | ``<server>:read``                                             |
| anything of nodehost                   | ``nodehost:exec``                                             |

The guard sits on every server, whether it is reached over HTTP, mounted under ``serve all``, or called in
process by another server (a scheduled job). It reads the caller from :func:`current_principal`; without
a principal (stdio, ``--auth none``) everything passes, so it only ever narrows what a token allows.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import mcp.types as mt
from fastmcp.exceptions import PromptError, ResourceError, ToolError
from fastmcp.prompts import Prompt
from fastmcp.resources import Resource, ResourceTemplate
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from fastmcp.tools import Tool

from servers.core.principal import Principal, current_principal, read_requests_with

READ_SCOPE_TAG = "scope:read"
REFUSAL = logging.INFO  # a refused call is the guard working, not a server error: no error log with a traceback
EXEC_SERVERS = frozenset({"nodehost"})


def _token_principal() -> Principal | None:
    """The principal of the HTTP request being served: its access token's subject and scopes."""
    from fastmcp.server.dependencies import get_access_token

    try:
        token = get_access_token()
    except Exception:  # outside any request (the domain called directly): nobody is authenticated
        return None
    if token is None:
        return None
    subject = token.claims.get("sub") if token.claims else None
    return Principal(str(subject) if subject else token.client_id, frozenset(token.scopes or []), token.client_id)


# Every endpoint that checks tokens loads this module (its ScopeGuard), so requests are read from then on.
read_requests_with(_token_principal)


def server_scopes(server_name: str) -> list[str]:
    if server_name in EXEC_SERVERS:
        return [f"{server_name}:exec"]
    return [f"{server_name}:read", f"{server_name}:write"]


def read_scope(server_name: str) -> str:
    return f"{server_name}:exec" if server_name in EXEC_SERVERS else f"{server_name}:read"


def required_scope(server_name: str, tool: Tool) -> str:
    if server_name in EXEC_SERVERS:
        return f"{server_name}:exec"
    read_only = bool(tool.annotations and tool.annotations.read_only_hint) or READ_SCOPE_TAG in (tool.tags or set())
    return f"{server_name}:{'read' if read_only else 'write'}"


class ScopeGuard(Middleware):
    """Hides what the caller's principal has no scope for, and refuses calls and reads of it clearly."""

    def __init__(self, server_name: str) -> None:
        self.server_name = server_name

    @staticmethod
    def _scopes() -> frozenset[str] | None:
        principal = current_principal()
        return None if principal is None else principal.scopes

    def _can_read(self) -> bool:
        scopes = self._scopes()
        return scopes is None or read_scope(self.server_name) in scopes

    # --- tools ------------------------------------------------------------------------------------------

    async def on_list_tools(
        self, context: MiddlewareContext[mt.ListToolsRequest], call_next: CallNext[mt.ListToolsRequest, Sequence[Tool]]
    ) -> Sequence[Tool]:
        tools = await call_next(context)
        scopes = self._scopes()
        if scopes is None:
            return tools
        return [t for t in tools if required_scope(self.server_name, t) in scopes]

    async def on_call_tool(
        self, context: MiddlewareContext[mt.CallToolRequestParams], call_next: CallNext[Any, Any]
    ) -> Any:
        scopes = self._scopes()
        if scopes is not None and context.fastmcp_context is not None:
            tool = await context.fastmcp_context.fastmcp.get_tool(context.message.name)
            if tool is not None:
                needed = required_scope(self.server_name, tool)
                if needed not in scopes:
                    raise ToolError(
                        f"insufficient scope: {context.message.name} needs the {needed!r} scope", log_level=REFUSAL
                    )
        return await call_next(context)

    # --- resources --------------------------------------------------------------------------------------

    async def check_resource_access(self, context: MiddlewareContext[mt.ReadResourceRequestParams]) -> None:
        if not self._can_read():
            raise ResourceError(
                f"insufficient scope: reading {context.message.uri} needs the {read_scope(self.server_name)!r} scope",
                log_level=REFUSAL,
            )

    async def on_list_resources(
        self,
        context: MiddlewareContext[mt.ListResourcesRequest],
        call_next: CallNext[mt.ListResourcesRequest, Sequence[Resource]],
    ) -> Sequence[Resource]:
        resources = await call_next(context)
        return resources if self._can_read() else []

    async def on_list_resource_templates(
        self,
        context: MiddlewareContext[mt.ListResourceTemplatesRequest],
        call_next: CallNext[mt.ListResourceTemplatesRequest, Sequence[ResourceTemplate]],
    ) -> Sequence[ResourceTemplate]:
        templates = await call_next(context)
        return templates if self._can_read() else []

    # --- prompts ----------------------------------------------------------------------------------------

    async def on_list_prompts(
        self,
        context: MiddlewareContext[mt.ListPromptsRequest],
        call_next: CallNext[mt.ListPromptsRequest, Sequence[Prompt]],
    ) -> Sequence[Prompt]:
        prompts = await call_next(context)
        return prompts if self._can_read() else []

    async def on_get_prompt(
        self, context: MiddlewareContext[mt.GetPromptRequestParams], call_next: CallNext[Any, Any]
    ) -> Any:
        if not self._can_read():
            raise PromptError(
                f"insufficient scope: the prompt {context.message.name} needs the {read_scope(self.server_name)!r} "
                "scope",
                log_level=REFUSAL,
            )
        return await call_next(context)
