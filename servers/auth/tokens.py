"""Access tokens: short-lived RS256 JWTs bound to one resource (RFC 8707 audience) and one login family."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any, Protocol

from fastmcp.server.auth import AccessToken
from joserfc import jwt
from joserfc.errors import JoseError

from servers.auth.keys import KeyStore


class RevocationList(Protocol):
    def token_refused(self, jti: str, family_id: str | None, subject: str) -> bool: ...


@dataclass(frozen=True)
class VerifiedToken:
    subject: str
    client_id: str
    scopes: list[str]
    audience: str
    expires_at: int
    jti: str
    family_id: str | None
    claims: dict[str, Any]


def issue_access_token(
    keys: KeyStore,
    *,
    issuer: str,
    subject: str,
    client_id: str,
    scopes: list[str],
    audience: str,
    ttl_s: int,
    family_id: str | None,
) -> tuple[str, int]:
    key = keys.signing_key()
    now = int(time.time())
    claims: dict[str, Any] = {
        "iss": issuer,
        "sub": subject,
        "aud": audience,
        "client_id": client_id,
        "scope": " ".join(scopes),
        "iat": now,
        "nbf": now,
        "exp": now + ttl_s,
        "jti": secrets.token_urlsafe(16),
    }
    if family_id:
        claims["fam"] = family_id
    token = jwt.encode({"alg": "RS256", "kid": key.kid, "typ": "at+jwt"}, claims, key)
    return token, now + ttl_s


def verify_access_token(keys: KeyStore, token: str, *, issuer: str, audiences: set[str] | None) -> VerifiedToken | None:
    """The token's facts when signature, issuer, time and audience all hold; None otherwise."""
    try:
        decoded = jwt.decode(token, keys.verification_keys(), algorithms=["RS256"])
    except (JoseError, ValueError):
        return None
    claims = decoded.claims
    now = time.time()
    audience = claims.get("aud")
    audience_list = audience if isinstance(audience, list) else [audience]
    if claims.get("iss") != issuer or not isinstance(claims.get("exp"), int) or claims["exp"] <= now:
        return None
    if claims.get("nbf", 0) > now + 30:
        return None
    if audiences is not None and not any(a in audiences for a in audience_list):
        return None
    chosen = next((a for a in audience_list if audiences is None or a in audiences), "")
    return VerifiedToken(
        subject=str(claims.get("sub", "")),
        client_id=str(claims.get("client_id", "")),
        scopes=str(claims.get("scope", "")).split(),
        audience=str(chosen),
        expires_at=int(claims["exp"]),
        jti=str(claims.get("jti", "")),
        family_id=claims.get("fam"),
        claims=dict(claims),
    )


def load_access_token(
    keys: KeyStore, revoked: RevocationList, token: str, *, issuer: str, audiences: set[str] | None
) -> AccessToken | None:
    """A verified, unrevoked access token of a user not removed, as the MCP layers expect it; None when it does
    not hold. Asked on every request, so a revocation or a removal counts from the next one."""
    verified = verify_access_token(keys, token, issuer=issuer, audiences=audiences)
    if verified is None or revoked.token_refused(verified.jti, verified.family_id, verified.subject):
        return None
    return AccessToken(
        token=token,
        client_id=verified.client_id,
        scopes=verified.scopes,
        expires_at=verified.expires_at,
        resource=verified.audience,
        subject=verified.subject,
        claims=verified.claims,
    )
