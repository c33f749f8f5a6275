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
from urllib.parse import quote, urlsplit

import anyio
import anyio.to_thread
from mcp.server.auth.provider import construct_redirect_uri
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from servers.auth.look import SiteLook
from servers.auth.passwords import check_password
from servers.auth.provider import CairnAuthorizationServer
from servers.auth.storage.rows import AuthorizeParams
from servers.auth.storage.store import digest

SESSION_COOKIE = "cairn_session"
CSRF_COOKIE = "cairn_csrf"
SESSION_TTL_S = 12 * 3600
DEVICE_COOKIE = "cairn_device"
DEVICE_TTL_S = 90 * 86_400  # a browser stays known across sessions for a season, not forever
# Password checks at once: each scrypt takes ~32 MiB and a core for a tenth of a second or more, so a
# flood of logins must queue rather than take all the memory.
PASSWORD_CHECKS_AT_ONCE = 4


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
        signed = self.signed(cookie)
        return signed[0] if signed else None

    def signed(self, cookie: str | None) -> tuple[str, int] | None:
        """(username, expiry) of a valid cookie, else None; ``expiry`` less the TTL is when it was signed."""
        if not cookie or cookie.count("|") != 2:
            return None
        username, expiry, mac = cookie.split("|")
        expected = hmac.new(self._key, f"{username}|{expiry}".encode(), hashlib.sha256).hexdigest()
        if not hmac.compare_digest(mac, expected) or not expiry.isdigit() or int(expiry) < time.time():
            return None
        return username, int(expiry)


def consent_routes(server: CairnAuthorizationServer, signer: SessionSigner, look: SiteLook) -> list[Route]:
    store, settings = server.store, server.settings
    hashing = anyio.CapacityLimiter(PASSWORD_CHECKS_AT_ONCE)
    devices = signer.derived("known-device")
    e = html.escape

    def items(scopes: list[str]) -> str:
        # What the scope lets the app do, in the words a person decides on; its name after it, for the curious.
        return "".join(
            f"<li>{e(server.scope_descriptions.get(s, s))} <span class='scope-id'>({e(s)})</span></li>" for s in scopes
        )

    def with_csrf_cookie(response: HTMLResponse, csrf: str) -> HTMLResponse:
        response.set_cookie(CSRF_COOKIE, csrf, httponly=True, samesite="strict", path="/")
        return response

    def expired() -> HTMLResponse:
        body = (
            "<h1>This sign-in link has expired</h1>"
            "<p>Sign-in links last a few minutes. Go back to your app and start the sign-in again.</p>"
        )
        return look.page("Sign-in expired", body, 400)

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
        username: str = "",
    ) -> HTMLResponse:
        """The sign-in + consent form. ``user`` signed in: ``scopes`` are what will be granted and ``withheld``
        what was asked but is not available to them; not signed in: ``scopes`` are what was asked."""
        listed = items(scopes) or "<li>Know who you are (no other access)</li>"
        app = f"<b>{e(client_name)}</b>"
        # Errors are announced (role=alert) and tied to the fields they are about.
        alert = f"<p id='form-error' class='notice error' role='alert'>{e(error)}</p>" if error else ""
        invalid = " aria-invalid='true' aria-describedby='form-error'" if error else ""
        if user:
            heading = f"Allow {e(client_name)}?"
            intro = f"<p>Signed in as <b>{e(user)}</b>. {app} (returning to {e(redirect)}) will be allowed to:</p>"
            login = ""
            allow = "Allow"
        else:
            heading = f"Sign in to allow {e(client_name)}"
            intro = f"<p>{app} (returning to {e(redirect)}) asks to:</p>"
            # The first empty field takes the focus: the username, or the password when the username came back.
            login = (
                "<p class='help'>Anything your account may not hold is left out.</p>"
                "<label for='u'>Username</label>"
                f"<input id='u' type='text' name='username' value='{e(username)}' autocomplete='username' "
                f"autocapitalize='none' spellcheck='false' required{invalid}{'' if username else ' autofocus'}>"
                "<label for='p'>Password</label>"
                f"<input id='p' type='password' name='password' autocomplete='current-password' required{invalid}"
                f"{' autofocus' if username else ''}>"
                f"<p class='help'><a href='{e(server.issuer)}/recover?request={e(request_id)}'>Forgot password?</a></p>"
            )
            allow = "Sign in and allow"
        not_available = (
            "<p class='withheld'>Asked for, but not available to your account (left out):</p>"
            f"<ul class='scopes withheld'>{items(withheld)}</ul>"
            if withheld
            else ""
        )
        signup = (
            f"<p class='aside'>No account yet? <a href='{e(look.signup)}?next="
            f"{e(quote(f'/consent?request={request_id}', safe=''))}'>Create one</a>.</p>"
            if look.signup and not user
            else ""
        )
        body = (
            f"<h1>{heading}</h1>{alert}{intro}<ul class='scopes'>{listed}</ul>{not_available}"
            f"<form method='post' action='{e(server.issuer)}/consent' class='stack'>"
            f"<input type='hidden' name='request' value='{e(request_id)}'>"
            f"<input type='hidden' name='csrf' value='{e(csrf)}'>"
            f"{login}<div class='actions'><button type='submit' name='decision' value='allow'>{allow}</button>"
            "<button type='submit' name='decision' value='deny' class='secondary'>Deny</button></div></form>"
            f"{signup}"
        )
        return with_csrf_cookie(look.page("Sign in" if not user else "Allow access", body, status), csrf)

    def nothing_to_allow(request_id: str, csrf: str, client_name: str, user: str, withheld: list[str]) -> HTMLResponse:
        """The account may hold none of what was asked: no code, only the way back to the app."""
        body = (
            f"<h1>{e(client_name)} cannot be allowed</h1>"
            f"<p class='notice error' role='alert'>The account {e(user)} may not hold any of the scopes "
            f"{e(client_name)} asks for. Ask whoever runs this server to allow them for your account.</p>"
            f"<ul class='scopes withheld'>{items(withheld)}</ul>"
            f"<form method='post' action='{e(server.issuer)}/consent'>"
            f"<input type='hidden' name='request' value='{e(request_id)}'>"
            f"<input type='hidden' name='csrf' value='{e(csrf)}'>"
            "<div class='actions'><button type='submit' name='decision' value='deny'>Return to the app</button></div>"
            "</form>"
        )
        return with_csrf_cookie(look.page("Not allowed", body, 403), csrf)

    def active(cookie: str | None) -> str | None:
        signed = signer.signed(cookie)
        if signed is None:
            return None
        user, expiry = signed
        # The cookie of a user removed since signing in no longer signs anyone in, nor one signed before the
        # user's password was reset.
        if store.user(user) is None:
            return None
        ended = store.signed_out_at(user)
        # The cookie says the whole second it was signed in: one from the second of the reset might be from
        # before it, so it is refused too (at worst, one more sign-in).
        return None if ended is not None and expiry - SESSION_TTL_S <= ended else user

    async def show(request: Request) -> Response:
        request_id = request.query_params.get("request", "")
        pending = store.request(request_id)
        if pending is None:
            return expired()
        client_id, params, csrf = pending.client_id, pending.params, pending.csrf
        client = await server.get_client(client_id)
        scopes = params.scopes or []
        name = (client.client_name if client else None) or client_id
        host = urlsplit(params.redirect_uri).netloc
        user = active(request.cookies.get(SESSION_COOKIE))
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

    def _finish(request_id: str, client_id: str, params: AuthorizeParams, user: str) -> Response:
        code = server.issue_code(client_id, user, params)
        store.drop_request(request_id)
        target = construct_redirect_uri(params.redirect_uri, code=code, state=params.state, iss=server.issuer)
        return _session(RedirectResponse(target, status_code=302), user)

    async def submit(request: Request) -> Response:
        data = await request.form()
        request_id = str(data.get("request", ""))
        pending = store.request(request_id)
        if pending is None:
            return expired()
        client_id, params, csrf = pending.client_id, pending.params, pending.csrf
        sent = str(data.get("csrf", ""))
        if not (hmac.compare_digest(sent, csrf) and hmac.compare_digest(request.cookies.get(CSRF_COOKIE, ""), csrf)):
            body = "<h1>Request refused</h1><p>The form was not sent from this page. Start again from your app.</p>"
            return look.page("Request refused", body, 403)
        if data.get("decision") != "allow":
            store.drop_request(request_id)
            target = construct_redirect_uri(
                params.redirect_uri, error="access_denied", state=params.state, iss=server.issuer
            )
            return RedirectResponse(target, status_code=302)
        client = await server.get_client(client_id)
        name = (client.client_name if client else None) or client_id
        scopes = params.scopes or []
        host = urlsplit(params.redirect_uri).netloc
        user = active(request.cookies.get(SESSION_COOKIE))
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
                return form(
                    request_id, csrf, name, host, scopes, None, "Wrong username or password.", 401, username=username
                )
            user = username
        granted, withheld = server.split_scopes(user, scopes)
        if withheld and not granted:
            return _session(nothing_to_allow(request_id, csrf, name, user, withheld), user)
        # Only what was granted is remembered: a scope given to the account later is asked about then.
        store.grant_consent(user, client_id, granted)
        return _finish(request_id, client_id, params, user)

    return [Route("/consent", show, methods=["GET"]), Route("/consent", submit, methods=["POST"])]
