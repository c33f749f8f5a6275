"""Self-service accounts at ``/signup``: a username and a password, no e-mail (a self-hosted registry has
no mail server to rely on). A new account is shown ten recovery codes once, for the sign-in page's "forgot
password?" (``/recover``); the account page makes new ones, and an operator resets a password with ``cairn auth
reset-password``.

Open by default only where the site's base URL is a loopback address, a developer's own machine; a public
registry opens it with ``CAIRN_REGISTRY__SIGNUP=true``. It needs the registry's built-in sign-in (with an
external issuer the users live there). The account lands in the user table the MCP endpoints sign in against
too, so it holds only ``registry:publish`` (``servers.auth.embedded.SELF_SERVICE_SCOPES``): anyone may create
one, and the operator decides who uses the MCP servers (``cairn auth scopes NAME --add default``). Each client
address may create only ``CAIRN_REGISTRY__SIGNUP_PER_HOUR`` accounts an hour. Names that would pass for the
project's own (:mod:`registry.reserved`) are not taken.

The form carries a token bound to a random cookie, so another site cannot sign a visitor up, and in, as an
account it controls.
"""

from __future__ import annotations

import ipaddress
import secrets
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from registry import limits
from registry.accounts import SYSTEM_ORG
from registry.context import Registry
from registry.http import ORG, HTTPProblem
from registry.pages import render
from registry.params import NextQuery, query
from registry.reserved import reserved_name
from registry.settings import RegistrySettings

FORM_COOKIE = "cairn_registry_signup"
MIN_PASSWORD = 10
RESERVED = frozenset({SYSTEM_ORG, "admin", "administrator", "root", "api", "system", "registry", "static"})


def signup_open(reg: Registry) -> bool:
    return signup_enabled(reg.settings, reg.base_url, has_users=reg.users is not None)


def signup_enabled(settings: RegistrySettings, base_url: str, *, has_users: bool) -> bool:
    """Whether ``/signup`` takes accounts: known before the registry is built (the sign-in page links to it)."""
    if not has_users:
        return False
    if settings.signup is not None:
        return settings.signup
    host = urlsplit(base_url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _safe_next(value: str | None) -> str:
    if not value or not value.startswith("/") or value.startswith("//") or "\\" in value:
        return "/"
    return value


def _create(reg: Registry, username: str, password: str) -> str | None:
    """Create the account; None, or why not."""
    from servers.auth.embedded import SELF_SERVICE_SCOPES
    from servers.auth.public import hash_password

    users = reg.users
    assert users is not None
    if not ORG.match(username) or username in RESERVED or reserved_name(username):
        return "Choose another username: lower-case letters, digits, - and _ (at most 39), not a reserved word."
    if reg.accounts.org_exists(username) or reg.accounts.is_user(username):
        return f"“{username}” is taken; choose another username."
    if len(password) < MIN_PASSWORD or password == username:
        return f"Choose a password of at least {MIN_PASSWORD} characters, other than the username."
    if not users.add_new_user(username, hash_password(password), SELF_SERVICE_SCOPES):
        return f"“{username}” is taken; choose another username."
    return None


def recovery_codes_page(reg: Registry, request: Request, username: str, next_path: str, status: int = 200) -> Response:
    """New recovery codes for ``username`` (the old ones stop working), on a page shown once and never cached."""
    from servers.auth.public import issue_recovery_codes

    users = reg.users
    assert users is not None
    codes = issue_recovery_codes(users, username)
    response = render(
        reg, request, "recovery_codes.html", status=status, codes=codes, account=username, next=_safe_next(next_path)
    )
    response.headers["Cache-Control"] = "private, no-store"
    return response


def routes(reg: Registry) -> list[Route]:
    def form(request: Request, status: int = 200, **context: Any) -> Response:
        nonce = secrets.token_urlsafe(16)
        token = reg.identity.signer.sign({"signup": nonce}, 3600)
        response = render(
            reg,
            request,
            "signup.html",
            status=status,
            form_token=token,
            next=_safe_next(str(context.pop("next", None) or query(request, NextQuery).next or "/")),
            **context,
        )
        response.set_cookie(FORM_COOKIE, nonce, max_age=3600, httponly=True, samesite="strict", path="/signup")
        return response

    async def signup(request: Request) -> Response:
        if not signup_open(reg):
            raise HTTPProblem(
                404, "not_found", "This registry does not take sign-ups; ask its operator for an account."
            )
        if request.method == "GET":
            return form(request)
        data = await request.form(max_files=0, max_fields=10)
        signed = reg.identity.signer.verify(str(data.get("form_token", "")))
        nonce = request.cookies.get(FORM_COOKIE, "")
        if signed is None or not nonce or not secrets.compare_digest(str(signed.get("signup", "")), nonce):
            return form(request, 403, error="This form has expired or came from another site; fill it in again.")
        username = str(data.get("username", "")).strip()
        password = str(data.get("password", ""))
        next_path = _safe_next(str(data.get("next", "")))
        if password != str(data.get("password2", "")):
            return form(request, 400, error="The two passwords differ.", username=username, next=next_path)
        address = request.client.host if request.client else "unknown"
        try:
            limits.take(reg.store, f"signup:{address}", reg.settings.signup_per_hour, 3600)
        except limits.RateLimited as exc:
            raise HTTPProblem(
                429,
                "rate_limited",
                f"Too many accounts were created from your address; try again in {exc.retry_after_s // 60 + 1} min.",
                retry_after=exc.retry_after_s,
            ) from None
        problem = _create(reg, username, password)
        if problem:
            return form(request, 400, error=problem, username=username, next=next_path)
        # Shown once, on the page that follows: only their hashes are kept.
        response = recovery_codes_page(reg, request, username, next_path, status=201)
        reg.identity.start_session(response, username)
        response.delete_cookie(FORM_COOKIE, path="/signup")
        return response

    return [Route("/signup", signup, methods=["GET", "POST"])]
