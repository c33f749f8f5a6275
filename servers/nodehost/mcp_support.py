"""The MCP side of the gate: who the caller is, asking the user through elicitation, the host's roots, and
hiding denied tools from ``tools/list``.

Elicitation comes in two eras. On handshake connections (<= 2025-11-25) the tool calls ``ctx.elicit`` and
waits. On 2026-07-28 connections there is no back-channel: the tool returns an ``InputRequiredResult``
carrying the form, the client asks the user and repeats the same call with the answer, and the binding's
hash travels as ``request_state`` (sealed by fastmcp) so an answer is only ever used for the call it was
given for. A client that declares no elicitation capability is never asked: the call is refused.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import unquote, urlparse

from fastmcp import Context
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from fastmcp.tools import Tool
from mcp.shared.exceptions import MCPDeprecationWarning
from mcp_types import ElicitRequest, ElicitRequestFormParams, ElicitResult, InputRequiredResult, ListToolsRequest
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from servers.core.principal import current_principal
from servers.nodehost.approval import ANSWER_SCHEMA, Answer, ApprovalAnswer, ApprovalRequest, parse_answer
from servers.nodehost.host import NodeHost, Pending
from servers.nodehost.paths import Workspace
from servers.nodehost.policy import Caller

INPUT_KEY = "approval"
ROOTS_TTL_S = 30.0


def _modern(ctx: Context) -> bool:
    rc = ctx.request_context
    return rc is not None and rc.protocol_version in MODERN_PROTOCOL_VERSIONS


def caller_of(ctx: Context) -> Caller:
    client = "unknown"
    try:
        params = ctx.session.client_params
        if params is not None and params.client_info.name:
            client = params.client_info.name
    except RuntimeError:  # no session (called outside a request)
        pass
    transport = {"streamable-http": "http"}.get(ctx.transport or "", ctx.transport or "memory")
    principal = current_principal()
    user = principal.subject if principal is not None else None
    return Caller(client=client, transport=transport, role=_token_role(), user=user, session=_session(ctx))


def _session(ctx: Context) -> str | None:
    """The MCP session, when it spans calls: on 2026-07-28 connections every request gets a new id, which
    would make each call its own session (and the loop guard never fire)."""
    if _modern(ctx):
        return None
    try:
        return ctx.session_id
    except RuntimeError:  # no session (called outside a request)
        return None


def _token_role() -> str | None:
    try:
        from fastmcp.server.dependencies import get_access_token

        token = get_access_token()
    except Exception:  # no HTTP request or no auth configured: nobody is authenticated
        return None
    if token is None or not token.claims:
        return None
    role = token.claims.get("role")
    return str(role) if role else None


class McpAsker:
    """Asks the user through MCP elicitation, in whichever era the connection speaks."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def can_ask(self) -> bool:
        try:
            caps = self.ctx.session.client_capabilities
        except RuntimeError:
            return False
        return caps is not None and caps.elicitation is not None

    async def ask(self, request: ApprovalRequest) -> Answer | Pending:
        if _modern(self.ctx):
            responses = self.ctx.input_responses
            answer = responses.get(INPUT_KEY) if responses else None
            if isinstance(answer, ElicitResult) and self.ctx.request_state == request.key:
                return parse_answer(answer.content) if answer.action == "accept" else "deny"
            form = ElicitRequest(
                params=ElicitRequestFormParams(message=request.message, requested_schema=ANSWER_SCHEMA)
            )
            return Pending(InputRequiredResult(input_requests={INPUT_KEY: form}, request_state=request.key))
        result = await self.ctx.elicit(request.message, ApprovalAnswer)
        if result.action == "accept" and isinstance(result.data, ApprovalAnswer):
            return result.data.decision
        return "deny"


class HostRoots:
    """The roots a handshake-era host offers (``roots/list``), cached per session for a short while."""

    def __init__(self, node: NodeHost) -> None:
        self.node = node
        self._cache: dict[str, tuple[float, Workspace]] = {}

    async def workspace(self, ctx: Context) -> Workspace:
        if self.node.roots_configured or _modern(ctx):
            return self.node.workspace
        try:
            caps = ctx.session.client_capabilities
            session_id = ctx.session_id
        except RuntimeError:
            return self.node.workspace
        if caps is None or caps.roots is None:
            return self.node.workspace
        cached = self._cache.get(session_id)
        if cached and time.monotonic() - cached[0] < ROOTS_TTL_S:
            return cached[1]
        # roots/list is deprecated in the stateless protocol but is how a handshake-era host names its
        # workspace; asking on purpose must not print a warning on every call. The warning fires when the
        # coroutine is made, so only this call is silenced.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            asking = ctx.session.list_roots()
        listed = await asking
        paths = [_file_path(str(root.uri)) for root in listed.roots]
        ws = self.node.workspace_for([p for p in paths if p is not None])
        if len(self._cache) > 256:
            self._cache.clear()
        self._cache[session_id] = (time.monotonic(), ws)
        return ws


def _file_path(uri: str) -> Path | None:
    parsed = urlparse(uri)
    return Path(unquote(parsed.path)) if parsed.scheme == "file" else None


class PolicyFilter(Middleware):
    """``tools/list`` shows only what the caller's profile does not deny: a model is never offered a tool it may
    not call."""

    def __init__(self, node: NodeHost) -> None:
        self.node = node

    async def on_list_tools(
        self, context: MiddlewareContext[ListToolsRequest], call_next: CallNext[ListToolsRequest, Sequence[Tool]]
    ) -> Sequence[Tool]:
        tools = await call_next(context)
        ctx = context.fastmcp_context
        if ctx is None:
            return tools
        caller = caller_of(ctx)
        return [tool for tool in tools if self.node.access(caller, tool.name) != "denied"]
