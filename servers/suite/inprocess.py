"""Calling another Cairn server in this process, as someone.

The one way a Cairn component calls another server's tools without going over the network (the scheduler's
``tool`` action and its prompt jobs' memory recall use it; a new cross-server call should too). Each server is
built on first use with the same :class:`ScopeGuard` it carries over HTTP, and every call runs inside
:func:`acting_as` for the principal given, so the callee sees the same scopes and the same user as it would
for that principal's own request: an in-process call can never do more than the principal could directly.

| principal       | the callee sees                                                       |
|-----------------|-----------------------------------------------------------------------|
| a ``Principal`` | that subject and scopes: tools beyond them are refused, ``user_id`` of others needs admin |
| ``None``        | nobody authenticated, as on stdio: the caller is trusted              |
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from servers.core.arguments import ArgumentErrors
from servers.core.principal import Principal, acting_as
from servers.core.scopes import ScopeGuard, required_scope
from servers.core.toolcalls import CallFailed, UnknownServerOrTool
from servers.suite import catalog
from servers.suite.services import SharedServices
from servers.suite.settings import CairnSettings

if TYPE_CHECKING:
    from fastmcp import FastMCP
    from fastmcp.tools import Tool


class InProcessServers:
    """Cairn servers built in this process on first use, called through an in-memory MCP client (a
    :class:`servers.core.toolcalls.ToolCaller`)."""

    def __init__(self, settings: CairnSettings, services: SharedServices | None = None) -> None:
        """``services``: those of the servers built together with the caller, so a call reaches the same
        stores and caches they use rather than a second copy."""
        self.settings = settings
        self.services = services
        self._servers: dict[str, FastMCP] = {}
        self._tools: dict[str, dict[str, Tool]] = {}
        self._lock = asyncio.Lock()

    async def server(self, name: str) -> FastMCP:
        if name not in catalog.names():
            raise UnknownServerOrTool(f"unknown server {name!r}; choose one of: {', '.join(catalog.names())}")
        async with self._lock:
            if name not in self._servers:
                server = catalog.factory(name)(self.settings, self.services)
                server.add_middleware(ScopeGuard(name))
                server.add_middleware(ArgumentErrors())  # a job's bad arguments are named, as over HTTP
                self._servers[name] = server
            return self._servers[name]

    async def tools(self, name: str) -> dict[str, Tool]:
        """Every tool of the server by name, whoever asks (what each needs is :meth:`scope_needed`)."""
        if name not in self._tools:
            server = await self.server(name)
            self._tools[name] = {tool.name: tool for tool in await server.list_tools(run_middleware=False)}
        return self._tools[name]

    async def scope_needed(self, name: str, tool: str) -> str:
        """The scope a principal needs to call ``tool`` of server ``name``."""
        tools = await self.tools(name)
        if tool not in tools:
            raise UnknownServerOrTool(
                f"unknown tool {tool!r} on server {name!r}; its tools are: {', '.join(sorted(tools))}"
            )
        return required_scope(name, tools[tool])

    async def call(
        self, name: str, tool: str, arguments: dict[str, Any], *, timeout: float, principal: Principal | None
    ) -> str:
        """Call ``tool`` as ``principal``; its structured result as JSON, else its text."""
        # fastmcp's client (with its auth helpers and their key-value store) loads with the first call, not
        # with `serve all`: a quarter of a start's imports that a host waiting for tools/list never uses.
        from fastmcp import Client

        server = await self.server(name)
        # The client's session task is created inside this block and so inherits the principal.
        with acting_as(principal):
            async with Client(server) as client:
                result = await client.call_tool(tool, arguments, timeout=timeout, raise_on_error=False)
        text = "\n".join(getattr(block, "text", "") for block in result.content)
        if result.is_error:
            raise CallFailed(f"{name}.{tool} failed: {text[:1000]}")
        if result.structured_content is not None:
            return json.dumps(result.structured_content, ensure_ascii=False)
        return text


def process_services(settings: CairnSettings) -> SharedServices:
    """The domain services of a process serving MCP: its scheduler's jobs call the other servers in this
    process, built on these same services."""
    return SharedServices(settings, scheduler_tools=lambda services: InProcessServers(settings, services))
