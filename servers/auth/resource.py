"""Protecting MCP endpoints (resource-server side): token verification and RFC 9728 metadata.

Every HTTP/SSE endpoint advertises RFC 9728 metadata and answers 401 with a ``WWW-Authenticate``
challenge (fastmcp's ``RemoteAuthProvider``). Tokens must name the endpoint URL as audience
(RFC 8707). Which scope each tool, resource and prompt needs is decided in :mod:`servers.core.scopes`,
which every server carries whether or not it is reached over HTTP.
"""

from __future__ import annotations

from fastmcp.server.auth import AccessToken, RemoteAuthProvider, TokenVerifier
from fastmcp.server.auth.providers.introspection import IntrospectionTokenVerifier
from fastmcp.server.auth.providers.jwt import JWTVerifier

from servers.auth.keys import KeyStore
from servers.auth.settings import AuthSettings
from servers.auth.storage.store import AuthStore
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
