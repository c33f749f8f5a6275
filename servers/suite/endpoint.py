"""Putting an endpoint together: the MCP server, its transport, and its authentication mode.

| mode       | who issues tokens                       | endpoint                                  |
|------------|-----------------------------------------|-------------------------------------------|
| ``cairn``  | Cairn's authorization server, same site | protected; AS routes served at the root   |
| ``external``| another issuer (JWKS or introspection) | protected                                 |
| ``none``   | nobody                                  | open; loopback only                       |

Remote servers mounted with ``remotes`` add their ``NAME:read`` / ``NAME:write`` to what the endpoint
advertises (RFC 9728 ``scopes_supported``) and to what its authorization server issues.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import urlsplit

from fastmcp import FastMCP
from starlette.applications import Starlette

from servers.auth.authserver import AuthorizationServer, create_authorization_server
from servers.auth.first_user import ensure_first_user, first_user_hint
from servers.auth.grants import check_remote_name, remote_scope_descriptions
from servers.auth.resource import CairnTokenVerifier, external_verifier, resource_provider
from servers.auth.storage.store import AuthStore
from servers.core.loopback import is_loopback
from servers.core.principal import Principal, register_principal_check, unregister_principal_check
from servers.core.scopes import server_scopes
from servers.suite import catalog
from servers.suite.inprocess import process_services
from servers.suite.services import SharedServices
from servers.suite.serving import build_server, endpoint_path, http_app
from servers.suite.settings import CairnSettings

AuthMode = Literal["cairn", "external", "none"]


@dataclass
class Endpoint:
    app: Starlette
    server: FastMCP
    url: str
    base_url: str
    authorization_server: AuthorizationServer | None = None
    notices: list[str] = field(default_factory=list)
    # The process's domain services, also ``app.state.services``: the dashboard shows what they hold.
    services: SharedServices | None = None


def base_url_for(settings: CairnSettings, host: str, port: int) -> str:
    if settings.auth.public_url:
        return settings.auth.public_url.rstrip("/")
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}"


def build_endpoint(
    name: str,
    settings: CairnSettings,
    *,
    transport: Literal["http", "sse"],
    host: str,
    port: int,
    auth: AuthMode,
    remotes: dict[str, str] | None = None,
    on_child: Callable[[str, FastMCP], None] | None = None,
) -> Endpoint:
    """``on_child`` sees each server as it is built."""
    base = base_url_for(settings, host, port)
    url = base + endpoint_path(transport)
    for namespace in remotes or {}:
        check_remote_name(namespace)

    services = process_services(settings)
    server = build_server(name, settings, remotes=remotes, on_child=on_child, services=services)
    notices: list[str] = []
    authorization_server: AuthorizationServer | None = None
    if auth == "cairn":
        issuer = (settings.auth.issuer or base).rstrip("/")
        if not issuer.startswith("https://") and not is_loopback(urlsplit(issuer).hostname or ""):
            raise ValueError(
                f"the authorization server would be at {issuer}, but OAuth needs https off this machine: "
                "serve behind a TLS proxy and set CAIRN_AUTH__ISSUER and CAIRN_AUTH__PUBLIC_URL to its https URL"
            )
        authorization_server = create_authorization_server(
            settings.data_dir("auth"),
            issuer,
            settings.auth,
            resources={url},
            database_url=settings.database_url,
            database=settings.database,
            extra_scopes=remote_scope_descriptions(remotes or {}),
        )
        provider = authorization_server.provider
        verifier = CairnTokenVerifier(provider.keys, provider.store, issuer=issuer, audiences={url})
        server.auth = resource_provider(verifier, issuer=issuer, base_url=base, scopes=endpoint_scopes(name, remotes))
        notices += ensure_first_user(authorization_server) or first_user_hint(authorization_server)
    elif auth == "external":
        if not settings.auth.external_issuer:
            raise ValueError("--auth external needs CAIRN_AUTH__EXTERNAL_ISSUER")
        server.auth = resource_provider(
            external_verifier(settings.auth, [url]),
            issuer=settings.auth.external_issuer,
            base_url=base,
            scopes=endpoint_scopes(name, remotes),
        )
    # Instances sharing a database sit behind a load balancer that may send each request elsewhere: no
    # Streamable HTTP session may live in one process's memory then.
    app = http_app(server, transport, stateless=bool(settings.database_url))
    if authorization_server is not None:
        app.router.routes.extend(authorization_server.routes)
        _check_principals_while_serving(app, authorization_server.provider.store)
    app.state.services = services
    return Endpoint(app, server, url, base, authorization_server, notices, services)


def _check_principals_while_serving(app: Starlette, store: AuthStore) -> None:
    """While the endpoint serves, stored principals (scheduled jobs' owners) act only while their user is
    still active on this authorization server, and only with the scopes that user may still hold: removing a
    user stops their jobs, taking a scope from them takes it from their jobs."""

    def user_still_active(principal: Principal) -> Principal | str:
        user = store.user(principal.subject)
        if user is None:
            return f"user {principal.subject!r} is not (or no longer) a user of this authorization server"
        return principal if user.scopes is None else principal.narrowed(user.scopes)

    inner = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(started: Starlette) -> AsyncIterator[Any]:
        register_principal_check(user_still_active)
        try:
            async with inner(started) as state:
                yield state
        finally:
            unregister_principal_check(user_still_active)

    app.router.lifespan_context = lifespan


def endpoint_scopes(name: str, remotes: dict[str, str] | None = None) -> list[str]:
    """The scopes the endpoint's tools can use: its servers', then those of the remote servers it mounts."""
    names = catalog.names() if name == "all" else [name]
    return [scope for server_name in [*names, *(remotes or {})] for scope in server_scopes(server_name)]
