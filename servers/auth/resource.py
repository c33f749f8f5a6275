"""Protecting MCP endpoints (resource-server side): token verification and per-tool scopes.

Every HTTP/SSE endpoint advertises RFC 9728 metadata and answers 401 with a ``WWW-Authenticate``
challenge (fastmcp's ``RemoteAuthProvider``). Tokens must name the endpoint URL as audience
(RFC 8707). Write and exec tools need their server's scope: a tool marked read-only needs
``<server>:read``, any other ``<server>:write``; every nodehost tool needs ``nodehost:exec``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import mcp.types as mt
from fastmcp.exceptions import ToolError
from fastmcp.server.auth import AccessToken, RemoteAuthProvider, TokenVerifier
from fastmcp.server.auth.providers.introspection import IntrospectionTokenVerifier
from fastmcp.server.auth.providers.jwt import JWTVerifier
from fastmcp.server.dependencies import get_access_token
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from fastmcp.tools import Tool

from servers.auth.keys import KeyStore
from servers.auth.settings import AuthSettings
from servers.auth.store import AuthStore
from servers.auth.tokens import load_access_token


class CairnTokenVerifier(TokenVerifier):
    """Verifies Cairn's own JWTs in-process: signature, issuer, expiry, audience, and revocation."""

    def __init__(self, keys: KeyStore, store: AuthStore, *, issuer: str, audiences: set[str]) -> None:
        super().__init__()
        self.keys, self.store, self.issuer, self.audiences = keys, store, issuer, audiences

    async def verify_token(self, token: str) -> AccessToken | None:
        return load_access_token(self.keys, self.store, token, issuer=self.issuer, audiences=self.audiences)


def external_verifier(settings: AuthSettings, audiences: list[str]) -> TokenVerifier:
    """A verifier for another issuer's tokens: its JWKS, or RFC 7662 introspection."""
    if settings.external_jwks_url:
        return JWTVerifier(
            jwks_uri=settings.external_jwks_url,
            issuer=settings.external_issuer,
            audience=settings.external_audience or audiences,
            algorithm="RS256",
        )
    if settings.external_introspection_url and settings.external_client_id:
        return IntrospectionTokenVerifier(
            introspection_url=settings.external_introspection_url,
            client_id=settings.external_client_id,
            client_secret=settings.external_client_secret or "",
        )
    raise ValueError(
        "--auth external needs CAIRN_AUTH__EXTERNAL_ISSUER with CAIRN_AUTH__EXTERNAL_JWKS_URL, or "
        "CAIRN_AUTH__EXTERNAL_INTROSPECTION_URL with CAIRN_AUTH__EXTERNAL_CLIENT_ID/_SECRET"
    )


def server_scopes(server_name: str) -> list[str]:
    if server_name == "nodehost":
        return ["nodehost:exec"]
    return [f"{server_name}:read", f"{server_name}:write"]


def resource_provider(verifier: TokenVerifier, *, issuer: str, base_url: str, scopes: list[str]) -> RemoteAuthProvider:
    """RFC 9728 metadata and 401 challenges; ``scopes`` are what this endpoint's tools can use (clients
    request exactly these, so a consent page never asks for more than the endpoint offers)."""
    return RemoteAuthProvider(
        token_verifier=verifier,
        authorization_servers=[issuer],  # type: ignore[list-item]
        base_url=base_url,
        scopes_supported=scopes,
        resource_name="Cairn",
    )


def required_scope(server_name: str, tool: Tool) -> str:
    if server_name == "nodehost":
        return "nodehost:exec"
    read_only = bool(tool.annotations and tool.annotations.read_only_hint)
    return f"{server_name}:{'read' if read_only else 'write'}"


class ScopeGuard(Middleware):
    """Hides tools the caller's token has no scope for, and refuses calls to them with a clear error.

    Requests without a token (stdio, or `--auth none`) pass: this guard only narrows what a token allows.
    """

    def __init__(self, server_name: str) -> None:
        self.server_name = server_name

    def _scopes(self) -> set[str] | None:
        token = get_access_token()
        return None if token is None else set(token.scopes or [])

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
                    raise ToolError(f"insufficient scope: {context.message.name} needs the {needed!r} scope")
        return await call_next(context)
