"""The login + consent page behind ``/authorize``: who is asking, for what, and may they.

CSRF: the form carries a per-request token that must also come back in a cookie set when the form
was served (double submit), so another site cannot post a consent. Failed logins are limited per user
and address, per user from any address (one account guessed from many machines), and per address for
any username (one machine trying many accounts). A signed session cookie and remembered consents let a
returning user through without the page when nothing new is asked.

Many people may share one address (an office's NAT, a proxy that is not named in ``--forwarded-allow-ips``),
and one of them trying many usernames would lock every sign-in from it. So a browser that has signed in as an
account before carries a long-lived "known device" cookie for it (signed under a key of its own, so it never
passes for a session): signing in to that account from that browser is held only to the per-user and the
per-user-and-address limits, not to the address's (OWASP's device cookies). An attacker without it still
meets every limit.

What is granted is what was asked for that the account may hold. Signed in, the page lists that and, apart,
what was asked but is not available to the account; before the sign-in the account is not known yet, so the
page lists what was asked and says that anything the account may not hold is left out. When the account may
hold none of what was asked, the page refuses (403) and offers only the way back to the app, which then
hears ``access_denied``.
"""

from __future__ import annotations

import hashlib
import hmac
import html
import time
from typing import Any
from urllib.parse import urlsplit

import anyio
import anyio.to_thread
from mcp.server.auth.provider import construct_redirect_uri
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from servers.auth.passwords import check_password
from servers.auth.provider import CairnAuthorizationServer
from servers.auth.store import digest

SESSION_COOKIE = "cairn_session"
CSRF_COOKIE = "cairn_csrf"
SESSION_TTL_S = 12 * 3600
DEVICE_COOKIE = "cairn_device"
DEVICE_TTL_S = 90 * 86_400  # a browser stays known across sessions for a season, not forever
# Password checks at once: each scrypt takes ~32 MiB and a core for a tenth of a second or more, so a
# flood of logins must queue rather than take all the memory.
PASSWORD_CHECKS_AT_ONCE = 4

_STYLE = """
body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1b1f24}
h1{font-size:1.3rem} .who{color:#57606a} ul{padding-left:1.2rem} label{display:block;margin:.6rem 0 .2rem}
input[type=text],input[type=password]{width:100%;padding:.5rem;box-sizing:border-box}
.row{display:flex;gap:.6rem;margin-top:1rem} button{padding:.55rem 1rem;font-size:1rem}
.error{color:#b42318;background:#fef3f2;padding:.5rem;border-radius:4px} .withheld{color:#57606a}
"""


class SessionSigner:
    """HMAC-signed ``username|expiry`` cookies (the key: :func:`servers.auth.authserver.session_key`)."""

    def __init__(self, key: bytes) -> None:
        self._key = key

    def derived(self, purpose: str) -> SessionSigner:
        """A signer under a key of its own for ``purpose``: what it signs is never valid for this one."""
        return SessionSigner(hmac.new(self._key, f"cairn-{purpose}".encode(), hashlib.sha256).digest())

    def sign(self, username: str, ttl_s: int = SESSION_TTL_S) -> str:
        payload = f"{username}|{int(time.time()) + ttl_s}"
        mac = hmac.new(self._key, payload.encode(), hashlib.sha256).hexdigest()
        return f"{payload}|{mac}"

    def verify(self, cookie: str | None) -> str | None:
        if not cookie or cookie.count("|") != 2:
            return None
        username, expiry, mac = cookie.split("|")
        expected = hmac.new(self._key, f"{username}|{expiry}".encode(), hashlib.sha256).hexdigest()
        if not hmac.compare_digest(mac, expected) or not expiry.isdigit() or int(expiry) < time.time():
            return None
        return username


def _page(title: str, body: str, status: int = 200) -> HTMLResponse:
    document = (
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<meta name='viewport' content='width=device-width,initial-scale=1'><title>{html.escape(title)}</title>"
        f"<style>{_STYLE}</style></head><body>{body}</body></html>"
    )
    response = HTMLResponse(document, status_code=status)
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'"
    return response


def consent_routes(server: CairnAuthorizationServer, signer: SessionSigner) -> list[Route]:
    store, settings = server.store, server.settings
    hashing = anyio.CapacityLimiter(PASSWORD_CHECKS_AT_ONCE)
    devices = signer.derived("known-device")

    def items(scopes: list[str]) -> str:
        return "".join(
            f"<li><b>{html.escape(s)}</b> — {html.escape(server.scope_descriptions.get(s, s))}</li>" for s in scopes
        )

    def form_start(request_id: str, csrf: str) -> str:
        return (
            f"<form method='post' action='{server.issuer}/consent'>"
            f"<input type='hidden' name='request' value='{html.escape(request_id)}'>"
            f"<input type='hidden' name='csrf' value='{html.escape(csrf)}'>"
        )

    def with_csrf_cookie(response: HTMLResponse, csrf: str) -> HTMLResponse:
        response.set_cookie(CSRF_COOKIE, csrf, httponly=True, samesite="strict", path="/")
        return response

    def form(
        request_id: str,
        csrf: str,
        client_name: str,
        redirect: str,
        scopes: list[str],
        user: str | None,
        error: str | None = None,
        status: int = 200,
        withheld: list[str] | None = None,
    ) -> HTMLResponse:
        """The sign-in + consent form. ``user`` signed in: ``scopes`` are what will be granted and ``withheld``
        what was asked but is not available to them; not signed in: ``scopes`` are what was asked."""
        listed = items(scopes) or "<li>Basic access (no scopes)</li>"
        if user:
            intro = f"It will return to <b>{html.escape(redirect)}</b> and be allowed to:"
            login = f"<p class='who'>Signed in as <b>{html.escape(user)}</b>.</p>"
        else:
            intro = f"It will return to <b>{html.escape(redirect)}</b> and asks to:"
            login = (
                "<p class='who'>Whatever of this your account may not hold is left out.</p>"
                "<label for='u'>Username</label>"
                "<input id='u' type='text' name='username' autocomplete='username' required>"
                "<label for='p'>Password</label><input id='p' type='password' name='password' "
                "autocomplete='current-password' required>"
            )
        not_available = (
            "<p class='who'>Asked for, but not available to your account (left out):</p>"
            f"<ul class='withheld'>{items(withheld)}</ul>"
            if withheld
            else ""
        )
        body = (
            f"<h1>Allow {html.escape(client_name)}?</h1>"
            + (f"<p class='error' role='alert'>{html.escape(error)}</p>" if error else "")
            + f"<p class='who'>{intro}</p><ul>{listed}</ul>{not_available}"
            + form_start(request_id, csrf)
            + login
            + "<div class='row'><button type='submit' name='decision' value='allow'>Allow</button>"
            "<button type='submit' name='decision' value='deny'>Deny</button></div></form>"
        )
        return with_csrf_cookie(_page("Cairn — authorize", body, status), csrf)

    def nothing_to_allow(request_id: str, csrf: str, client_name: str, user: str, withheld: list[str]) -> HTMLResponse:
        """The account may hold none of what was asked: no code, only the way back to the app."""
        body = (
            f"<h1>{html.escape(client_name)} cannot be allowed</h1>"
            f"<p class='error' role='alert'>The account {html.escape(user)} may not hold any of the scopes "
            f"{html.escape(client_name)} asks for. Ask whoever runs this server to allow them for your account.</p>"
            f"<ul class='withheld'>{items(withheld)}</ul>"
            + form_start(request_id, csrf)
            + "<div class='row'><button type='submit' name='decision' value='deny'>Return to the app</button></div>"
            "</form>"
        )
        return with_csrf_cookie(_page("Cairn — authorize", body, 403), csrf)

    def active(user: str | None) -> str | None:
        # The cookie of a user removed since signing in no longer signs anyone in.
        return user if user is not None and store.user(user) is not None else None

    async def show(request: Request) -> Response:
        request_id = request.query_params.get("request", "")
        pending = store.request(request_id)
        if pending is None:
            return _page("Cairn", "<h1>This sign-in link has expired</h1><p>Start again from your app.</p>", 400)
        client_id, params, csrf = pending
        client = await server.get_client(client_id)
        scopes = params.get("scopes") or []
        name = (client.client_name if client else None) or client_id
        host = urlsplit(params["redirect_uri"]).netloc
        user = active(signer.verify(request.cookies.get(SESSION_COOKIE)))
        if user is None:
            return form(request_id, csrf, name, host, scopes, None)
        granted, withheld = server.split_scopes(user, scopes)
        if withheld and not granted:
            return nothing_to_allow(request_id, csrf, name, user, withheld)
        if store.consented(user, client_id, granted):
            return _finish(request_id, client_id, params, user)
        return form(request_id, csrf, name, host, granted, user, withheld=withheld)

    def _session(response: Response, user: str) -> Response:
        response.set_cookie(
            SESSION_COOKIE, signer.sign(user), httponly=True, samesite="lax", path="/", max_age=SESSION_TTL_S
        )
        response.set_cookie(
            DEVICE_COOKIE,
            devices.sign(user, DEVICE_TTL_S),
            httponly=True,
            samesite="lax",
            path="/",
            max_age=DEVICE_TTL_S,
        )
        return response

    def _finish(request_id: str, client_id: str, params: dict[str, Any], user: str) -> Response:
        code = server.issue_code(client_id, user, params)
        store.drop_request(request_id)
        target = construct_redirect_uri(
            str(params["redirect_uri"]), code=code, state=params.get("state"), iss=server.issuer
        )
        return _session(RedirectResponse(target, status_code=302), user)

    async def submit(request: Request) -> Response:
        data = await request.form()
        request_id = str(data.get("request", ""))
        pending = store.request(request_id)
        if pending is None:
            return _page("Cairn", "<h1>This sign-in link has expired</h1><p>Start again from your app.</p>", 400)
        client_id, params, csrf = pending
        sent = str(data.get("csrf", ""))
        if not (hmac.compare_digest(sent, csrf) and hmac.compare_digest(request.cookies.get(CSRF_COOKIE, ""), csrf)):
            return _page("Cairn", "<h1>Request refused</h1><p>The form was not submitted from this page.</p>", 403)
        if data.get("decision") != "allow":
            store.drop_request(request_id)
            target = construct_redirect_uri(
                str(params["redirect_uri"]), error="access_denied", state=params.get("state"), iss=server.issuer
            )
            return RedirectResponse(target, status_code=302)
        client = await server.get_client(client_id)
        name = (client.client_name if client else None) or client_id
        scopes = params.get("scopes") or []
        host = urlsplit(params["redirect_uri"]).netloc
        user = active(signer.verify(request.cookies.get(SESSION_COOKIE)))
        if user is None:
            username = str(data.get("username", "")).strip()
            address = request.client.host if request.client else "?"
            # The username is hashed so that any length of it makes a key of one size.
            account = digest(username)
            limits = {
                f"pair:{account}|{address}": settings.login_attempts,
                f"account:{account}": settings.login_attempts_per_account,
            }
            # A browser that signed in to this account before is not held to the address's limit, nor counted
            # in it: someone else spraying usernames from a shared address does not lock its owner out.
            if devices.verify(request.cookies.get(DEVICE_COOKIE)) != username:
                limits[f"address:{address}"] = settings.login_attempts_per_address
            counts = store.failure_counts(list(limits), settings.login_window_s)
            # Checked before looking the user up: a locked username answers the same whether it exists or not.
            if any(counts[key] >= limit for key, limit in limits.items()):
                return form(
                    request_id,
                    csrf,
                    name,
                    host,
                    scopes,
                    None,
                    "Too many failed sign-ins. Wait a few minutes and try again.",
                    429,
                )
            stored = store.password_hash(username)
            # In a worker thread: scrypt would otherwise stall every other request of this server meanwhile.
            matches = await anyio.to_thread.run_sync(
                check_password, str(data.get("password", "")), stored, limiter=hashing
            )
            if not matches:
                store.record_failures(list(limits))
                return form(request_id, csrf, name, host, scopes, None, "Wrong username or password.", 401)
            user = username
        granted, withheld = server.split_scopes(user, scopes)
        if withheld and not granted:
            return _session(nothing_to_allow(request_id, csrf, name, user, withheld), user)
        # Only what was granted is remembered: a scope given to the account later is asked about then.
        store.grant_consent(user, client_id, granted)
        return _finish(request_id, client_id, params, user)

    return [Route("/consent", show, methods=["GET"]), Route("/consent", submit, methods=["POST"])]
