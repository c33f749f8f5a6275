"""Cairn's authorization server logic, behind the MCP SDK's OAuth routes (RFC 8414, 7591, 6749 + PKCE).

The SDK handlers parse requests, check PKCE S256 (``plain`` is refused) and redirect URIs; this class
decides: which clients may register, who consents (a login + consent page), what tokens say, and
how refresh tokens rotate and are revoked.

A token carries the scopes asked for that the user may hold (``users.scopes``; OAuth lets a server grant less
than was asked, and the token response's ``scope`` says what was granted). The user's scopes are read again
when a code is exchanged and at every refresh, so a scope taken from a user is gone from their tokens within
one access-token lifetime. A refresh token keeps the scopes consented to, so a scope given back returns at the
next refresh. A request that names no scope asks for Cairn's scopes but the operator's (``nodehost:exec``),
so the user gets what they may hold of those. When none of what was asked may be held, nothing is issued: the
consent page says so, and a refresh answers ``invalid_scope`` (a token with no scopes would be useless, and a
token response without ``scope`` would tell the client it got everything it asked for).
"""

from __future__ import annotations

import ipaddress
import secrets
import time
from collections.abc import Iterable, Mapping
from urllib.parse import urlencode, urlsplit

from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    AuthorizeError,
    OAuthAuthorizationServerProvider,
    RefreshToken,
    RegistrationError,
    TokenError,
)
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken
from pydantic import AnyUrl

from servers.auth.keys import KeyStore
from servers.auth.settings import AuthSettings
from servers.auth.storage.rows import AuthorizeParams, CodeRecord, RefreshRecord
from servers.auth.storage.store import AuthStore, digest, new_secret
from servers.auth.tokens import issue_access_token, load_access_token

SCOPE_DESCRIPTIONS = {
    "memory:read": "Read your memories",
    "memory:write": "Write, change and delete your memories",
    "skills:read": "List and read skills",
    "skills:write": "Install skills and record skill feedback",
    "scheduler:read": "See scheduled jobs and notifications",
    "scheduler:write": "Create, change and run scheduled jobs",
    "reflection:read": "Read reflections and rules",
    "reflection:write": "Record reflections and change rules",
    "context:read": "Assemble context for a task from your memories, skills and rules",
    "context:write": "Change how context is assembled for you",
    "nodehost:exec": "Run commands and change files on this machine",
    "registry:publish": "Publish skills to the registry",
}
ALL_SCOPES = list(SCOPE_DESCRIPTIONS)
# Scopes that act with the authority of the machine the suite runs on, not the user's own.
OPERATOR_SCOPES = frozenset({"nodehost:exec"})
# What a sign-in that names no scope asks for (RFC 6749 §3.3 lets the server choose): Cairn's own scopes but
# the operator's. Hosts that send no `scope` would otherwise get a token that shows them no tool at all.
UNNAMED_REQUEST_SCOPES = [scope for scope in ALL_SCOPES if scope not in OPERATOR_SCOPES]


class CairnRefreshToken(RefreshToken):
    family_id: str
    token_hash: str


def redirect_uri_allowed(uri: str) -> bool:
    """https anywhere; plain http only to this machine (RFC 8252 native apps)."""
    parts = urlsplit(uri)
    if parts.scheme == "https":
        return bool(parts.hostname)
    if parts.scheme != "http" or not parts.hostname:
        return False
    if parts.hostname == "localhost":
        return True
    try:
        return ipaddress.ip_address(parts.hostname).is_loopback
    except ValueError:
        return False


class CairnAuthorizationServer(OAuthAuthorizationServerProvider[AuthorizationCode, CairnRefreshToken, AccessToken]):
    def __init__(
        self,
        store: AuthStore,
        keys: KeyStore,
        *,
        issuer: str,
        settings: AuthSettings,
        resources: set[str] | None,
        extra_scopes: Mapping[str, str] | None = None,
    ) -> None:
        self.store = store
        self.keys = keys
        self.issuer = issuer.rstrip("/")
        self.settings = settings
        # Resources tokens may be issued for (RFC 8707); None accepts any resource on this issuer's host.
        self.resources = resources
        # Cairn's own scopes, and those of the endpoint this server was built for (remote servers it mounts),
        # each with the words the consent page shows.
        self.scope_descriptions: dict[str, str] = {**SCOPE_DESCRIPTIONS, **(extra_scopes or {})}

    @property
    def scopes(self) -> list[str]:
        """Every scope this server issues tokens for."""
        return list(self.scope_descriptions)

    def split_scopes(self, username: str, requested: Iterable[str]) -> tuple[list[str], list[str]]:
        """``requested`` (in order, once each) as (what ``username`` may hold, what they may not)."""
        user = self.store.user(username)
        asked = list(dict.fromkeys(requested))
        if user is None:
            return [], asked
        return [s for s in asked if user.allows(s)], [s for s in asked if not user.allows(s)]

    def _allowed_now(self, username: str, scopes: list[str]) -> list[str]:
        """``scopes`` narrowed to what ``username`` may hold at this moment, for a token about to be issued."""
        if self.store.user(username) is None:
            raise TokenError("invalid_grant", "the account this grant was made for is no longer active")
        granted, withheld = self.split_scopes(username, scopes)
        if withheld and not granted:
            raise TokenError(
                "invalid_scope", f"this account may no longer hold any of the scopes granted: {' '.join(withheld)}"
            )
        return granted

    # --- clients ---------------------------------------------------------------------------------

    async def get_client(self, client_id: str) -> OAuthClientInformationFull | None:
        return self.store.client(client_id, OAuthClientInformationFull)

    async def register_client(self, client_info: OAuthClientInformationFull) -> None:
        for uri in client_info.redirect_uris or []:
            if "#" in str(uri):
                # RFC 6749 §3.1.2: the code is added to the query; a fragment would be left for whatever script
                # runs at the redirect target to read (and exact matching would compare it too).
                raise RegistrationError(
                    "invalid_redirect_uri", f"{uri}: a redirect URI must not contain a fragment (#…), RFC 6749 §3.1.2"
                )
            if not redirect_uri_allowed(str(uri)):
                raise RegistrationError(
                    "invalid_redirect_uri", f"{uri}: redirect URIs must use https, or http to a loopback address"
                )
        if client_info.scope:
            unknown = sorted(set(client_info.scope.split()) - set(self.scope_descriptions))
            if unknown:
                raise RegistrationError("invalid_client_metadata", f"unknown scope(s): {' '.join(unknown)}")
        self.store.save_client(client_info.client_id or "", client_info)

    # --- authorization ---------------------------------------------------------------------------------

    async def authorize(self, client: OAuthClientInformationFull, params: AuthorizationParams) -> str:
        if not params.scopes:  # the consent page shows these, narrowed to what the user may hold
            params = params.model_copy(update={"scopes": list(UNNAMED_REQUEST_SCOPES)})
        scopes = params.scopes or []
        unknown = sorted(set(scopes) - set(self.scope_descriptions))
        if unknown:
            raise AuthorizeError("invalid_scope", f"unknown scope(s): {' '.join(unknown)}")
        if params.resource and not self.resource_allowed(params.resource):
            raise AuthorizeError("invalid_target", f"this server does not issue tokens for {params.resource}")
        request_id, _ = self.store.save_request(
            client.client_id or "",
            AuthorizeParams.model_validate(params.model_dump(mode="json")),
            ttl_s=self.settings.code_ttl_s * 2,
        )
        return f"{self.issuer}/consent?{urlencode({'request': request_id})}"

    def resource_allowed(self, resource: str) -> bool:
        allowed = {r.rstrip("/") for r in [*(self.resources or []), *self.settings.allowed_resources]}
        if resource.rstrip("/") in allowed:
            return True
        # Standing alone, the server issues tokens for MCP endpoints on its own host (any port).
        return self.resources is None and urlsplit(resource).hostname == urlsplit(self.issuer).hostname

    def issue_code(self, client_id: str, username: str, params: AuthorizeParams) -> str:
        """A code for what ``username`` allowed: the scopes asked for that they may hold (the consent page has
        already refused a request of which they may hold nothing)."""
        code = secrets.token_urlsafe(32)
        granted, _ = self.split_scopes(username, params.scopes or [])
        self.store.save_code(
            code,
            CodeRecord(
                client_id=client_id,
                username=username,
                scopes=granted,
                code_challenge=params.code_challenge,
                redirect_uri=params.redirect_uri,
                redirect_explicit=params.redirect_uri_provided_explicitly,
                resource=params.resource,
                expires_at=time.time() + self.settings.code_ttl_s,
                used_at=None,
            ),
        )
        return code

    async def load_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: str
    ) -> AuthorizationCode | None:
        record = self.store.code(authorization_code)
        if record is None or record.client_id != client.client_id:
            return None
        if record.used_at is not None:
            # A replayed code: whatever it bought is revoked too (OAuth 2.1 §4.1.3).
            self.store.revoke_family(digest(authorization_code), self.settings.access_token_ttl_s)
            return None
        return AuthorizationCode(
            code=authorization_code,
            scopes=record.scopes,
            expires_at=record.expires_at,
            client_id=record.client_id,
            code_challenge=record.code_challenge,
            redirect_uri=AnyUrl(record.redirect_uri),
            redirect_uri_provided_explicitly=record.redirect_explicit,
            resource=record.resource,
            subject=record.username,
        )

    async def exchange_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: AuthorizationCode
    ) -> OAuthToken:
        if not self.store.use_code(authorization_code.code):
            raise TokenError("invalid_grant", "authorization code was already used")
        username = authorization_code.subject or ""
        # The user's scopes may have changed since the consent (a code lives for a minute or so).
        scopes = self._allowed_now(username, authorization_code.scopes)
        # The family is named after the code, so a later replay of the code can revoke what it bought.
        family = digest(authorization_code.code)
        return self._tokens(client.client_id or "", username, scopes, authorization_code.resource, family, scopes)

    def _tokens(
        self,
        client_id: str,
        username: str,
        scopes: list[str],
        resource: str | None,
        family: str,
        refresh_scopes: list[str],
    ) -> OAuthToken:
        """An access token with ``scopes`` and a refresh token that may later ask for ``refresh_scopes``."""
        access, _ = issue_access_token(
            self.keys,
            issuer=self.issuer,
            subject=username,
            client_id=client_id,
            scopes=scopes,
            audience=resource or self.issuer,
            ttl_s=self.settings.access_token_ttl_s,
            family_id=family,
        )
        refresh = new_secret("crt")
        self.store.save_refresh(
            refresh,
            RefreshRecord(
                token_hash=digest(refresh),
                family_id=family,
                client_id=client_id,
                username=username,
                scopes=refresh_scopes,
                resource=resource,
                expires_at=time.time() + self.settings.refresh_token_ttl_s,
                rotated_at=None,
                revoked_at=None,
            ),
        )
        return OAuthToken(
            access_token=access,
            expires_in=self.settings.access_token_ttl_s,
            scope=" ".join(scopes) or None,
            refresh_token=refresh,
        )

    # --- refresh ---------------------------------------------------------------------------------------

    async def load_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: str
    ) -> CairnRefreshToken | None:
        record = self.store.refresh(refresh_token)
        if record is None or record.client_id != client.client_id:
            return None
        if record.revoked_at is not None or record.expires_at <= time.time():
            return None
        if record.rotated_at is not None:
            # Reuse of a rotated token means it leaked: end the whole login.
            self.store.revoke_family(record.family_id, self.settings.access_token_ttl_s)
            return None
        return CairnRefreshToken(
            token=refresh_token,
            client_id=record.client_id,
            scopes=record.scopes,
            expires_at=int(record.expires_at),
            resource=record.resource,
            subject=record.username,
            family_id=record.family_id,
            token_hash=record.token_hash,
        )

    async def exchange_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: CairnRefreshToken, scopes: list[str]
    ) -> OAuthToken:
        if not set(scopes) <= set(refresh_token.scopes):
            raise TokenError("invalid_scope", "a refresh cannot add scopes")
        username = refresh_token.subject or ""
        # Checked before the token is spent: a user who holds none of its scopes now may get one back later.
        granted = self._allowed_now(username, scopes or refresh_token.scopes)
        if not self.store.rotate_refresh(refresh_token.token_hash):
            self.store.revoke_family(refresh_token.family_id, self.settings.access_token_ttl_s)
            raise TokenError("invalid_grant", "refresh token was already used")
        # The new refresh token keeps the scopes consented to (a narrower request narrows this access token only).
        return self._tokens(
            client.client_id or "",
            username,
            granted,
            refresh_token.resource,
            refresh_token.family_id,
            refresh_token.scopes,
        )

    # --- access tokens and revocation --------------------------------------------------------------------

    async def load_access_token(self, token: str) -> AccessToken | None:
        return load_access_token(self.keys, self.store, token, issuer=self.issuer, audiences=None)

    async def revoke_token(self, token: AccessToken | CairnRefreshToken) -> None:
        if isinstance(token, CairnRefreshToken):
            self.store.revoke_family(token.family_id, self.settings.access_token_ttl_s)
            return
        claims = token.claims or {}
        if claims.get("fam"):
            self.store.revoke_family(str(claims["fam"]), self.settings.access_token_ttl_s)
        self.store.revoke_access(str(claims.get("jti", "")), float(token.expires_at or time.time()))
