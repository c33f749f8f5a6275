"""The steps of an OAuth 2.1 sign-in as a browser and a public client take them, shared by the auth, instance and
security tests: PKCE, client registration, the /authorize request, the consent form and the code in the redirect."""

from __future__ import annotations

import base64
import hashlib
import secrets
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx

from servers.auth.client import _FormParser

# A loopback port nothing listens on: the tests read the code from the redirect and never follow it.
REDIRECT = "http://127.0.0.1:9/callback"


def pkce() -> tuple[str, str]:
    """A fresh (verifier, S256 challenge) pair."""
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def public_client(name: str, redirect: str = REDIRECT) -> dict[str, Any]:
    """The body of a dynamic client registration for a public (PKCE-only) client."""
    return {
        "redirect_uris": [redirect],
        "client_name": name,
        "token_endpoint_auth_method": "none",
        "grant_types": ["authorization_code", "refresh_token"],
        "response_types": ["code"],
    }


def authorize_params(
    client_id: str,
    challenge: str,
    *,
    scope: str,
    resource: str,
    state: str | None = "s",
    method: str = "S256",
    redirect: str = REDIRECT,
) -> dict[str, str]:
    """The query of an /authorize request; ``state=None`` leaves it out."""
    params = {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": redirect,
        "code_challenge": challenge,
        "code_challenge_method": method,
        "scope": scope,
        "resource": resource,
    }
    if state is not None:
        params["state"] = state
    return params


def consent_form(page: httpx.Response) -> _FormParser:
    """The consent page parsed: the form a person would fill in (asserted present)."""
    form = _FormParser()
    form.feed(page.text)
    assert form.action, page.text
    return form


def code_of(response: httpx.Response) -> str:
    """The authorization code in the redirect that ends a consent (asserted a redirect)."""
    assert response.status_code == 302, response.text
    return parse_qs(urlsplit(response.headers["location"]).query)["code"][0]
