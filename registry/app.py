"""The registry as one Starlette app: website, ``/api/v1``, ``/openapi.json``, and — unless an
external issuer is configured — Cairn's authorization server at the root for publisher sign-in.

    app = create_app(settings)                 # settings: RegistryServerSettings (CAIRN_REGISTRY__… for the registry)
    uvicorn.run(app, host="127.0.0.1", port=8780)

With ``CAIRN_DATABASE_URL`` set, any number of these apps may run behind a load balancer: metadata, accounts,
held uploads, the session key and (with the built-in issuer) OAuth live in the database, and archives in
the blob directory, which must then be one shared directory (``CAIRN_REGISTRY__BLOB_DIR``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import httpx
from mcp.shared.auth import OAuthClientInformationFull
from pydantic import AnyUrl
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from registry import api, api_accounts, api_trust, signup, website, website_account, website_feeds
from registry.accounts import Accounts
from registry.auth import Identity, OAuthClient, Signer, Verifier
from registry.context import Registry
from registry.http import HTTPProblem, problem
from registry.openapi import document
from registry.pages import SITE_CSS, WEB, render
from registry.search import RegistrySearch
from registry.seed import seed_builtin
from registry.settings import RegistryServerSettings
from registry.storage.store import RegistryStore, open_store
from servers.auth.public import AuthStore

if TYPE_CHECKING:
    from servers.auth.embedded import SiteLook

WEB_CLIENT_ID = "cairn-registry-web"
# Bumped whenever registry/classify.py or registry/metadata.py changes what a skill is listed under: the
# next start recomputes every skill's category and tags once.
LISTING_RULES = "3"


def create_app(
    settings: RegistryServerSettings, *, base_url: str | None = None, builtin_skills: Path | None = None
) -> Starlette:
    conf = settings.registry
    base = (base_url or conf.base_url or f"http://{settings.host}:{settings.port}").rstrip("/")
    store = open_store(settings)
    accounts = Accounts(store)
    embedder = fast = None
    if conf.semantic_search and settings.embedder != "none":
        from servers.core.embedding import create_embedder, create_second_embedder

        embedder = create_embedder(settings.embedder, query_batch_ms=settings.query_batch_ms)
        fast = create_second_embedder(settings.embedder, settings.second_embedder)
    signer = Signer(session_key(store, settings))
    api_url = f"{base}/api/v1"
    extra_routes: list[BaseRoute] = []
    notices: list[str] = []
    verifier: Verifier
    users: AuthStore | None = None
    if conf.issuer is None:
        from servers.auth.embedded import CairnTokenVerifier, create_authorization_server, ensure_first_user

        server = create_authorization_server(
            settings.data_dir("auth"),
            base,
            settings.auth,
            resources={api_url},
            database_url=settings.database_url,
            database=settings.database,
            look=_sign_in_look(signup.signup_enabled(conf, base, has_users=True)),
        )
        provider = server.provider
        users = provider.store
        notices += ensure_first_user(server)
        _register_web_client(provider.store, base)
        verifier = CairnTokenVerifier(provider.keys, provider.store, issuer=provider.issuer, audiences={api_url})
        extra_routes = list(server.routes)
        # The token exchange goes straight to the in-process issuer: no request to ourselves over the network.
        oauth = OAuthClient(
            provider.issuer,
            WEB_CLIENT_ID,
            f"{base}/auth/callback",
            api_url,
            httpx.ASGITransport(app=Starlette(routes=server.routes)),
        )
    else:
        from fastmcp.server.auth.providers.jwt import JWTVerifier

        issuer = conf.issuer.rstrip("/")
        verifier = JWTVerifier(jwks_uri=f"{issuer}/jwks.json", issuer=issuer, audience=api_url, algorithm="RS256")
        oauth = OAuthClient(issuer, store.get_meta(f"client:{issuer}") or "", f"{base}/auth/callback", api_url)
    identity = Identity(
        signer,
        accounts,
        verifier,
        secure=base.startswith("https://"),
        ttl_s=conf.session_ttl_s,
        removed=users.removed if users is not None else None,
        signed_out_at=users.signed_out_at if users is not None else None,
    )
    search = RegistrySearch(store, embedder, semantic_wait_ms=conf.semantic_wait_ms, fast=fast)
    reg = Registry(conf, store, accounts, search, base, identity, oauth, users)
    store.refresh_listings(LISTING_RULES)
    if conf.seed_builtin:
        from servers.skills.catalog import system_skills_dir

        published = seed_builtin(builtin_skills or system_skills_dir(), store, accounts, conf)
        if published:
            notices.append(f"Published built-in skills: {', '.join(published)}")
    if reg.search.semantic is not None:
        # The model loads and every skill is embedded off the request path; searches meanwhile answer
        # with the fuzzy and keyword stages.
        reg.search.semantic.warm(store.all_skills)
    if reg.search.fast is not None:
        reg.search.fast.warm(store.all_skills)  # the fast encoder (USE) too, on a thread of its own

    async def openapi(_: Request) -> Response:
        return JSONResponse(document(base, [*api.OPERATIONS, *api_accounts.OPERATIONS, *api_trust.OPERATIONS]))

    async def favicon(_: Request) -> Response:
        # Browsers and feed readers ask for /favicon.ico whatever the page links; the SVG serves them all.
        return FileResponse(WEB / "static" / "favicon.svg", media_type="image/svg+xml", headers=_LONG_CACHE)

    async def health(_: Request) -> Response:
        return JSONResponse({"status": "ok", "skills": len(store.all_skills())})

    async def on_problem(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPProblem)
        if request.url.path.startswith("/api/"):
            response: Response = problem(exc.status, exc.code, exc.message, **exc.extra)
            if exc.status == 401:
                # Clients learn which scheme to use, and whether the token they sent was the trouble.
                sent = request.headers.get("authorization", "").lower().startswith("bearer ")
                challenge = f'Bearer realm="{base}/api/v1"' + (', error="invalid_token"' if sent else "")
                response.headers["WWW-Authenticate"] = challenge
        elif exc.status == 401:
            return RedirectResponse(f"/login?next={request.url.path}", status_code=303)
        else:
            response = render(
                reg,
                request,
                "error.html",
                status=exc.status,
                title=_TITLES.get(exc.status, "Something went wrong"),
                message=exc.message,
            )
        if "retry_after" in exc.extra:
            response.headers["Retry-After"] = str(exc.extra["retry_after"])
        return response

    async def on_http(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        message = "There is no page here." if exc.status_code == 404 else str(exc.detail)
        response = await on_problem(
            request, HTTPProblem(exc.status_code, _CODES.get(exc.status_code, "error"), message)
        )
        response.headers.update(exc.headers or {})  # e.g. Allow on 405
        return response

    app = Starlette(
        routes=[
            *website.routes(reg),
            *website_account.routes(reg),
            *website_feeds.routes(reg),
            *signup.routes(reg),
            *api.routes(reg),
            *api_accounts.routes(reg),
            *api_trust.routes(reg),
            Route("/openapi.json", openapi, methods=["GET"]),
            Route("/health", health, methods=["GET"]),
            Route("/favicon.ico", favicon, methods=["GET"]),
            *extra_routes,
            Mount("/static", StaticFiles(directory=WEB / "static"), name="static"),
        ],
        exception_handlers={HTTPProblem: on_problem, HTTPException: on_http},
    )
    app.state.registry = reg
    app.state.notices = notices  # for `cairn registry serve` to show once (a first user's password)
    return app


_TITLES = {
    400: "That request was not understood",
    401: "Sign in first",
    403: "Not allowed",
    404: "Not found",
    405: "Not allowed here",
    409: "Already there",
    410: "Expired",
    413: "Too large",
    422: "The skill was not accepted",
    429: "Too many at once",
}
_LONG_CACHE = {"Cache-Control": "public, max-age=86400"}
_CODES = {404: "not_found", 405: "method_not_allowed", 400: "bad_request"}


SESSION_SECRET = "registry-session"  # the sign-in cookie key among shared secrets (PostgreSQL)


def session_key(store: RegistryStore, settings: RegistryServerSettings) -> bytes:
    """The key that signs the website's cookies: shared through the database on PostgreSQL (a browser signed
    in through one instance stays signed in on the next), else a 0600 file beside ``registry.db``."""
    return store.shared_secret(SESSION_SECRET, settings.data_dir("registry") / "session.key")


def _sign_in_look(signup_open: bool) -> SiteLook:
    """The sign-in pages of the built-in issuer wear the website's header and style sheet, and link to its
    sign-up, sign-in and account pages."""
    from servers.auth.embedded import SiteLook

    links = (("Browse", "/search"), ("Publish", "/publish"), ("Marketplace", "/marketplace"))
    return SiteLook(
        brand="▲ Cairn skills",
        home="/",
        links=(*links, *((("Sign up", "/signup"),) if signup_open else ())),
        css=str(SITE_CSS),
        icon="/static/favicon.svg",
        signup="/signup" if signup_open else None,
        sign_in="/login",
        account="/account",
    )


def _register_web_client(auth_store: AuthStore, base: str) -> None:
    """The website is a public OAuth client of the in-process issuer, registered once, by its fixed id."""
    client = OAuthClientInformationFull(
        client_id=WEB_CLIENT_ID,
        client_name="Cairn skills registry",
        redirect_uris=[AnyUrl(f"{base}/auth/callback")],
        token_endpoint_auth_method="none",
        grant_types=["authorization_code", "refresh_token"],
        response_types=["code"],
        scope="registry:publish",
    )
    auth_store.save_client(WEB_CLIENT_ID, client)
