"""Cairn's authorization server as Starlette routes, to serve beside the MCP endpoints or alone.

Endpoints (relative to the issuer): RFC 8414 metadata, ``/register`` (RFC 7591), ``/authorize``,
``/token``, ``/revoke`` (the MCP SDK's handlers over :class:`CairnAuthorizationServer`), plus
``/consent`` (login + consent page), ``/recover`` (a password reset with a recovery code), ``/jwks.json`` and
``/introspect`` (RFC 7662: for a token's own client and the resource servers named in
``CAIRN_AUTH__INTROSPECTION_CLIENTS`` only).

A public client revokes with its ``client_id`` alone (RFC 7009 §2.1). The SDK's revocation handler
authenticates clients correctly but then also requires a ``client_secret`` form field, so ``/revoke`` is
wrapped to add an empty one when it is missing; the SDK's authenticator still demands the real secret
of a confidential client.
"""

from __future__ import annotations

import base64
import hmac
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs

from mcp.server.auth.routes import REVOCATION_PATH, build_metadata, cors_middleware, create_auth_routes
from mcp.server.auth.settings import ClientRegistrationOptions, RevocationOptions
from mcp.server.transport_security import DEFAULT_MAX_REQUEST_BODY_SIZE, RequestBodyLimitMiddleware
from pydantic import AnyHttpUrl, ConfigDict, TypeAdapter
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from servers.auth.keys import DbKeyStore, FileKeyStore, KeyStore
from servers.auth.look import SiteLook
from servers.auth.pages import SessionSigner, consent_routes
from servers.auth.provider import CairnAuthorizationServer
from servers.auth.recover import recovery_routes
from servers.auth.settings import AuthSettings
from servers.auth.storage.store import AuthStore
from servers.auth.tokens import verify_access_token
from servers.core.settings import DatabaseSettings
from servers.core.storage.component import built, open_database_in

# An issuer with no path must keep that form: clients compare issuers as exact strings (RFC 8414 §3.3).
_URL = TypeAdapter(AnyHttpUrl, config=ConfigDict(url_preserve_empty_path=True))


@dataclass
class AuthorizationServer:
    provider: CairnAuthorizationServer
    routes: list[BaseRoute]

    @property
    def issuer(self) -> str:
        return self.provider.issuer


def open_store(
    directory: Path, database_url: str | None = None, *, database: DatabaseSettings | None = None
) -> tuple[AuthStore, KeyStore]:
    """The user/token store and the signing keys: files under ``directory`` (``auth.db``, ``keys/``) by default,
    the ``auth`` schema of ``database_url`` when given (pooled as ``database`` says), so that several
    instances share them."""
    store = built(open_database_in(directory, AuthStore.component, database_url, database), AuthStore)
    return store, (DbKeyStore(store) if store.shared else FileKeyStore(directory / "keys"))


def session_key(store: AuthStore, directory: Path) -> bytes:
    """The key that signs consent-page sign-in cookies: shared through the database when there is one (a
    browser signed in on one instance stays signed in on the next), else a 0600 file beside auth.db."""
    return store.shared_secret("consent-session", directory / "session.key")


def create_authorization_server(
    directory: Path,
    issuer: str,
    settings: AuthSettings,
    resources: set[str] | None = None,
    *,
    database_url: str | None = None,
    database: DatabaseSettings | None = None,
    extra_scopes: Mapping[str, str] | None = None,
    look: SiteLook | None = None,
) -> AuthorizationServer:
    """``extra_scopes`` ({scope: what the consent page says it allows}) are issued beside Cairn's own: the
    scopes of remote servers the endpoint mounts. ``look``: the header and links of the site hosting the
    sign-in pages (a neutral Cairn header by default)."""
    store, keys = open_store(directory, database_url, database=database)
    provider = CairnAuthorizationServer(
        store, keys, issuer=issuer, settings=settings, resources=resources, extra_scopes=extra_scopes
    )
    issuer_url = _URL.validate_python(provider.issuer)
    registration = ClientRegistrationOptions(enabled=True, valid_scopes=provider.scopes, default_scopes=provider.scopes)
    revocation = RevocationOptions(enabled=True)
    sdk_routes = create_auth_routes(
        provider, issuer_url, client_registration_options=registration, revocation_options=revocation
    )
    metadata = build_metadata(issuer_url, None, registration, revocation)
    metadata.introspection_endpoint = _URL.validate_python(f"{provider.issuer}/introspect")
    metadata.introspection_endpoint_auth_methods_supported = ["client_secret_basic", "client_secret_post"]
    metadata.authorization_response_iss_parameter_supported = True
    metadata.revocation_endpoint_auth_methods_supported = ["client_secret_post", "client_secret_basic", "none"]
    # Public clients (PKCE, no secret) register and use /token with "none": clients choosing a method from
    # the metadata must see it offered.
    methods = list(metadata.token_endpoint_auth_methods_supported or [])
    metadata.token_endpoint_auth_methods_supported = [*methods, *(["none"] if "none" not in methods else [])]

    async def jwks(_: Request) -> JSONResponse:
        return JSONResponse(keys.public_jwks(), headers={"Cache-Control": "public, max-age=300"})

    async def metadata_with_jwks(request: Request) -> JSONResponse:
        body = metadata.model_dump(mode="json", exclude_none=True)
        body["jwks_uri"] = f"{provider.issuer}/jwks.json"
        return JSONResponse(body, headers={"Cache-Control": "public, max-age=3600"})

    async def introspect(request: Request) -> JSONResponse:
        form = await request.form()
        client_id, secret = _client_credentials(request, form)
        client = await provider.get_client(client_id) if client_id else None
        if client is None or not client.client_secret or not hmac.compare_digest(secret, client.client_secret):
            return JSONResponse(
                {"error": "invalid_client", "error_description": "introspection needs a confidential client"},
                status_code=401,
                headers={"WWW-Authenticate": 'Basic realm="cairn"'},
            )
        token = str(form.get("token", ""))
        verified = verify_access_token(keys, token, issuer=provider.issuer, audiences=None)
        if verified is None or store.token_refused(verified.jti, verified.family_id, verified.subject):
            return JSONResponse({"active": False})
        # RFC 7662 §4: only a client entitled to a token learns about it — the client it was issued to, or a
        # resource server the operator named. Anyone may register a confidential client; to any other the
        # token is as good as unknown (the same answer, so nothing about it leaks).
        entitled = client_id == verified.client_id or client_id in settings.introspection_clients
        if not entitled:
            return JSONResponse({"active": False})
        return JSONResponse(
            {
                "active": True,
                "scope": " ".join(verified.scopes),
                "client_id": verified.client_id,
                "sub": verified.subject,
                "aud": verified.audience,
                "iss": provider.issuer,
                "exp": verified.expires_at,
                "iat": verified.claims.get("iat"),
                "jti": verified.jti,
                "token_type": "Bearer",
            }
        )

    routes: list[BaseRoute] = []
    for route in sdk_routes:
        if isinstance(route, Route) and route.path == "/.well-known/oauth-authorization-server":
            routes.append(
                Route(route.path, cors_middleware(metadata_with_jwks, ["GET", "OPTIONS"]), methods=["GET", "OPTIONS"])
            )
        elif isinstance(route, Route) and route.path == REVOCATION_PATH:
            # The body is read (within the SDK's size limit) before the SDK's route reads it again.
            wrapped = RequestBodyLimitMiddleware(_secret_optional(route.app), DEFAULT_MAX_REQUEST_BODY_SIZE)
            routes.append(Route(route.path, wrapped, methods=sorted(route.methods or ())))
        else:
            routes.append(route)
    routes += [
        # OpenID-style discovery path too: some clients look there first.
        Route(
            "/.well-known/openid-configuration",
            cors_middleware(metadata_with_jwks, ["GET", "OPTIONS"]),
            methods=["GET", "OPTIONS"],
        ),
        Route("/jwks.json", jwks, methods=["GET"]),
        Route("/introspect", introspect, methods=["POST"]),
        *consent_routes(provider, SessionSigner(session_key(store, directory)), look or SiteLook()),
        *recovery_routes(provider, look or SiteLook()),
    ]
    return AuthorizationServer(provider, routes)


def _secret_optional(app: ASGIApp) -> ASGIApp:
    """``app`` (the SDK's ``/revoke``), given an empty ``client_secret`` field when a form has none.

    Only the form's shape changes: who the client is and whether it must prove it with a secret is still
    decided by the SDK's client authenticator, from the client's registered auth method.
    """

    async def normalise(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await app(scope, receive, send)
            return
        request = Request(scope, receive)
        body = await request.body()
        urlencoded = request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded")
        if urlencoded and "client_secret" not in parse_qs(body.decode("latin-1"), keep_blank_values=True):
            body += b"&client_secret=" if body else b"client_secret="
            headers = [(k, v) for k, v in scope["headers"] if k != b"content-length"]
            scope = {**scope, "headers": [*headers, (b"content-length", str(len(body)).encode())]}
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await app(scope, replay, send)

    return normalise


def _client_credentials(request: Request, form: object) -> tuple[str, str]:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("basic "):
        try:
            client_id, _, secret = base64.b64decode(header[6:]).decode().partition(":")
            return client_id, secret
        except (ValueError, UnicodeDecodeError):
            return "", ""
    getter = getattr(form, "get", None)
    if getter is None:
        return "", ""
    return str(getter("client_id", "")), str(getter("client_secret", ""))
