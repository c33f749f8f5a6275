"""Who is asking: website sessions (after an OAuth sign-in), and bearer tokens on the API.

| caller  | proves itself with                                                   |
|---------|----------------------------------------------------------------------|
| browser | signed session cookie after authorization code + PKCE; forms carry a session-bound CSRF token |
| CLI     | ``Authorization: Bearer crk_…`` personal API token (hashed at rest)   |
| app     | ``Authorization: Bearer <JWT>`` from the issuer, audience = the API URL, scope ``registry:publish`` |
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import urlencode

import httpx
from starlette.requests import Request
from starlette.responses import Response

from registry.accounts import Accounts

SESSION_COOKIE = "cairn_registry_session"
FLOW_COOKIE = "cairn_registry_oauth"
PUBLISH_SCOPE = "registry:publish"


class Verifier(Protocol):
    async def verify_token(self, token: str) -> Any: ...


class Signer:
    """HMAC-signed values (session cookies, the sign-in flow, CSRF tokens) under one secret key.

    Every instance behind a load balancer must hold the same key, or a browser signed in through one
    instance is signed out by the next: see :func:`registry.app.session_key`."""

    def __init__(self, key: bytes) -> None:
        self._key = key

    def _mac(self, payload: str) -> str:
        return hmac.new(self._key, payload.encode(), hashlib.sha256).hexdigest()

    def sign(self, value: dict[str, Any], ttl_s: int) -> str:
        payload = base64.urlsafe_b64encode(json.dumps({**value, "exp": int(time.time()) + ttl_s}).encode()).decode()
        return f"{payload}.{self._mac(payload)}"

    def verify(self, cookie: str | None) -> dict[str, Any] | None:
        if not cookie or "." not in cookie:
            return None
        payload, mac = cookie.rsplit(".", 1)
        if not hmac.compare_digest(mac, self._mac(payload)):
            return None
        try:
            value = json.loads(base64.urlsafe_b64decode(payload.encode()))
        except (ValueError, UnicodeDecodeError):
            return None
        if not isinstance(value, dict) or int(value.get("exp", 0)) < time.time():
            return None
        return value

    def csrf(self, session: dict[str, Any]) -> str:
        return self._mac(f"csrf|{session.get('sid', '')}")


@dataclass
class OAuthClient:
    """The website as an OAuth client of the issuer (public client, PKCE S256)."""

    issuer: str
    client_id: str
    redirect_uri: str
    resource: str
    transport: httpx.AsyncBaseTransport | None = None  # in-process issuer: no network round trip

    def authorize_url(self, state: str, challenge: str) -> str:
        query = {
            "response_type": "code",
            "client_id": self.client_id,
            "redirect_uri": self.redirect_uri,
            "code_challenge": challenge,
            "code_challenge_method": "S256",
            "state": state,
            "scope": PUBLISH_SCOPE,
            "resource": self.resource,
        }
        return f"{self.issuer}/authorize?{urlencode(query)}"

    async def register(self) -> str:
        """Dynamic client registration (RFC 7591) with an external issuer, done once."""
        metadata = {
            "client_name": "Cairn skills registry",
            "redirect_uris": [self.redirect_uri],
            "token_endpoint_auth_method": "none",
            "grant_types": ["authorization_code", "refresh_token"],
            "response_types": ["code"],
            "scope": PUBLISH_SCOPE,
        }
        async with httpx.AsyncClient(transport=self.transport, timeout=15) as http:
            response = await http.post(f"{self.issuer}/register", json=metadata)
        if response.status_code not in (200, 201):
            raise PermissionError(f"the issuer refused client registration: HTTP {response.status_code}")
        self.client_id = str(response.json()["client_id"])
        return self.client_id

    async def exchange(self, code: str, verifier: str) -> dict[str, Any]:
        form = {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": self.redirect_uri,
            "client_id": self.client_id,
            "code_verifier": verifier,
            "resource": self.resource,
        }
        async with httpx.AsyncClient(transport=self.transport, timeout=15) as http:
            response = await http.post(f"{self.issuer}/token", data=form)
        body: dict[str, Any] = response.json()
        if response.status_code != 200 or "access_token" not in body:
            raise PermissionError(body.get("error_description") or body.get("error") or f"HTTP {response.status_code}")
        return body


def pkce_pair() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


class Identity:
    """Resolves the caller of a request; one instance per app.

    ``removed`` (with the built-in issuer: its user table) says whether a user was removed with ``cairn auth
    remove-user``: their website session and personal API tokens stop at the next request, as their access
    tokens do (the verifier refuses those). ``signed_out_at`` says when a user's sessions were last ended (a
    password reset): a website session signed before then signs nobody in."""

    def __init__(
        self,
        signer: Signer,
        accounts: Accounts,
        verifier: Verifier,
        *,
        secure: bool,
        ttl_s: int,
        removed: Callable[[str], bool] | None = None,
        signed_out_at: Callable[[str], float | None] | None = None,
    ) -> None:
        self.signer, self.accounts, self.verifier, self.secure, self.ttl_s = signer, accounts, verifier, secure, ttl_s
        self.removed = removed or (lambda _: False)
        self.signed_out_at = signed_out_at or (lambda _: None)

    def session(self, request: Request) -> dict[str, Any] | None:
        return self.signer.verify(request.cookies.get(SESSION_COOKIE))

    def web_user(self, request: Request) -> str | None:
        session = self.session(request)
        if session is None:
            return None
        user = str(session["user"])
        if self.removed(user):
            return None
        # Sessions from before "iat" was signed count as signed at 0: a reset ends them too.
        ended = self.signed_out_at(user)
        return None if ended is not None and float(session.get("iat", 0)) <= ended else user

    def start_session(self, response: Response, username: str) -> None:
        session = {"user": username, "sid": secrets.token_hex(8), "iat": time.time()}
        value = self.signer.sign(session, self.ttl_s)
        response.set_cookie(
            SESSION_COOKIE, value, max_age=self.ttl_s, httponly=True, samesite="lax", secure=self.secure, path="/"
        )

    def end_session(self, response: Response) -> None:
        response.delete_cookie(SESSION_COOKIE, path="/")

    def csrf_token(self, request: Request) -> str:
        session = self.session(request)
        return self.signer.csrf(session) if session else ""

    def csrf_ok(self, request: Request, sent: str) -> bool:
        session = self.session(request)
        return bool(session) and hmac.compare_digest(sent, self.signer.csrf(session or {}))

    async def api_user(self, request: Request) -> tuple[str | None, str | None]:
        """(username, None) for a valid bearer token with the publish scope; (None, reason) otherwise."""
        header = request.headers.get("authorization", "")
        if not header.lower().startswith("bearer "):
            return None, "send Authorization: Bearer <token> (create a personal API token on the website)"
        token = header[7:].strip()
        if token.startswith("crk_"):
            user = self.accounts.user_for_token(token)
            if user and self.removed(user):
                return None, "the account this API token belongs to was removed"
            return (user, None) if user else (None, "unknown or revoked API token")
        verified = await self.verifier.verify_token(token)
        if verified is None:
            return None, "invalid or expired access token (wrong issuer or audience?)"
        if PUBLISH_SCOPE not in (verified.scopes or []):
            return None, f"the access token lacks the {PUBLISH_SCOPE!r} scope"
        subject = getattr(verified, "subject", None) or (verified.claims or {}).get("sub")
        return (str(subject), None) if subject else (None, "the access token names no subject")
