"""The dashboard as a Starlette app, and mounting it beside an MCP endpoint.

    servers: dict[str, FastMCP] = {}
    endpoint = build_endpoint("all", settings, …, on_child=servers.__setitem__)
    notice = mount_dashboard(endpoint.app, servers, settings, base_url=endpoint.base_url,
                             authorization_server=endpoint.authorization_server, auth="cairn")

| ``--auth`` | sign-in                                       | who may look                                  |
|------------|-----------------------------------------------|-----------------------------------------------|
| ``cairn``  | the consent page of the endpoint's own issuer | each user their own data, with granted scopes |
| ``none``   | none (loopback only)                          | ``default``, as for any unauthenticated call   |
| ``external`` | not offered yet: the dashboard is not mounted | —                                           |
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import httpx
from mcp.shared.auth import OAuthClientInformationFull
from pydantic import AnyUrl
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.types import ASGIApp, Receive, Scope, Send

from servers.core.loopback import is_loopback
from servers.suite.dashboard import activity_pages, learning_pages, memory_files, memory_pages, pictures, signin
from servers.suite.dashboard.context import PREFIX, Dashboard, DashboardError, Services
from servers.suite.dashboard.render import error_response, render
from servers.suite.dashboard.session import KEY_FILE, Sessions
from servers.suite.settings import CairnSettings

if TYPE_CHECKING:
    from servers.auth.embedded import AuthorizationServer

SHOWN_SERVERS = ("memory", "reflection", "scheduler")
SESSION_SECRET = "dashboard-session"  # the signing key among the auth store's shared secrets (PostgreSQL)


def create_app(dash: Dashboard, oauth: signin.OAuthClient | None, scopes_of: Callable[[str], Any]) -> Starlette:
    async def home(_: Request) -> Response:
        return RedirectResponse(PREFIX + "/memory", status_code=303)

    async def signed_out(request: Request) -> Response:
        return render(dash, request, "signed_out.html", can_sign_in=oauth is not None)

    async def on_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, DashboardError)
        if exc.status == 401 and request.method == "GET":
            if oauth is not None:
                return RedirectResponse(f"{PREFIX}/login?next={request.url.path}", status_code=303)
            if not dash.login_routes:
                # --auth none: the host is trusted on loopback; a browser there acts as the local user.
                response = RedirectResponse(str(request.url.path) + _query(request), status_code=303)
                signin.start_session(dash, response, dash.default_user() or "default", dash.all_scopes)
                return response
        return error_response(dash, request, exc)

    async def on_http(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        message = "There is no page here." if exc.status_code == 404 else str(exc.detail)
        return error_response(dash, request, DashboardError(exc.status_code, "not_found", message))

    routes: list[BaseRoute] = [
        Route("/", home, methods=["GET"]),
        Route("/signed-out", signed_out, methods=["GET"]),
        *signin.routes(dash, oauth, scopes_of),
        *memory_files.routes(dash),  # before /memory/{id}: "longterm", "daily", … are no ids
        *memory_pages.routes(dash),
        *learning_pages.routes(dash),
        *activity_pages.routes(dash),
        *pictures.routes(dash),
    ]
    app = Starlette(routes=routes, exception_handlers={DashboardError: on_error, HTTPException: on_http})
    app.add_middleware(KnownHost, hosts=_hosts(dash.base_url))
    app.state.dashboard = dash
    return app


def _query(request: Request) -> str:
    return f"?{request.url.query}" if request.url.query else ""


def _hosts(base_url: str) -> frozenset[str]:
    host = urlsplit(base_url).hostname or "127.0.0.1"
    return frozenset({host, "127.0.0.1", "localhost", "::1"} if is_loopback(host) else {host})


class KnownHost:
    """Answers only under the endpoint's own host name: a page of another site whose name was pointed at
    127.0.0.1 (DNS rebinding) must not read a signed-in user's dashboard."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app, self.hosts = app, hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            header = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
            name = urlsplit(f"//{header}").hostname or ""
            if name not in self.hosts:
                response = Response("unknown host\n", status_code=421, media_type="text/plain")
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def mount_dashboard(
    app: Starlette,
    servers: Collection[str],
    settings: CairnSettings,
    *,
    base_url: str,
    authorization_server: AuthorizationServer | None,
    auth: str,
) -> str:
    """Mount ``/dashboard`` on ``app`` for the served ``servers`` (by name), showing the domain services the
    endpoint built them on (``app.state.services``); the line to show the operator."""
    services = Services.of(app.state.services, servers)
    served = [name for name in SHOWN_SERVERS if getattr(services, name) is not None]
    if not served:
        return "Dashboard: not served (none of memory, reflection or scheduler is served here)"
    if auth == "external":
        return "Dashboard: not served with --auth external yet (it signs in through Cairn's own issuer)"
    scopes = frozenset(f"{name}:{kind}" for name in served for kind in ("read", "write"))
    secure = base_url.startswith("https://")
    oauth: signin.OAuthClient | None = None
    scopes_of: Callable[[str], frozenset[str] | None]
    if authorization_server is not None:
        store = authorization_server.provider.store
        sessions = Sessions(
            store.shared_secret(SESSION_SECRET, settings.data_dir("dashboard") / KEY_FILE), secure=secure
        )
        oauth = _oauth_client(authorization_server, base_url, sorted(scopes))

        def scopes_of(user: str) -> frozenset[str] | None:
            record = store.user(user)
            if record is None:
                return None
            return scopes if record.scopes is None else scopes & record.scopes

        def operator() -> str | None:
            # A ticket from `cairn dashboard` without --user: the first user Cairn made, else the only one.
            users = store.users()
            return "admin" if "admin" in users else (users[0] if len(users) == 1 else None)

        dash = Dashboard(
            services,
            sessions,
            base_url,
            login_routes=True,
            default_user=operator,
            all_scopes=scopes,
            user_scopes=scopes_of,
        )
    else:
        from servers.suite.dashboard.session import key_file

        sessions = Sessions(key_file(settings.data_dir("dashboard")), secure=secure)

        def scopes_of(user: str) -> frozenset[str] | None:
            return scopes

        dash = Dashboard(services, sessions, base_url, all_scopes=scopes)
    app.router.routes.append(Mount(PREFIX, app=create_app(dash, oauth, scopes_of)))
    return f"Dashboard: {base_url}{PREFIX}/  (or run `cairn dashboard`)"


def _oauth_client(server: AuthorizationServer, base_url: str, scopes: list[str]) -> signin.OAuthClient:
    """The dashboard as a public client of the issuer in this process, asking for tokens meant for itself."""
    from servers.auth.embedded import CairnTokenVerifier

    provider = server.provider
    resource = base_url + PREFIX
    redirect = f"{resource}/auth/callback"
    client = OAuthClientInformationFull(
        client_id=signin.CLIENT_ID,
        client_name="Cairn dashboard",
        redirect_uris=[AnyUrl(redirect)],
        token_endpoint_auth_method="none",
        grant_types=["authorization_code"],
        response_types=["code"],
        scope=" ".join(scopes),
    )
    provider.store.save_client(signin.CLIENT_ID, client)
    if provider.resources is not None:
        # The issuer grants tokens only for the resources it serves: the dashboard is one of them now.
        provider.resources = {*provider.resources, resource}
    verifier = CairnTokenVerifier(provider.keys, provider.store, issuer=provider.issuer, audiences={resource})
    transport = httpx.ASGITransport(app=Starlette(routes=server.routes))
    return signin.OAuthClient(provider.issuer, redirect, resource, scopes, verifier, transport)
