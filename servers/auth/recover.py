"""The "forgot password?" page at ``/recover``: a username, one of the account's recovery codes and a new
password. No e-mail is involved: a self-hosted server has no mail to rely on.

A spent code resets the password and ends every login of the account (refresh tokens, access tokens, signed-in
sessions), so whoever knew the old password is out too. Wrong tries are limited as sign-ins are (per user and
address, per user, per address; counted apart from sign-ins, so a person who mistyped their password a few times
can still recover), and every refusal reads the same whether the user exists, has codes, or neither: the page
never tells which usernames are real. Accounts without codes (made before they existed) are pointed to the
operator, in words that fit everyone.

CSRF: a double-submit token (hidden field and a strict same-site cookie), as on the consent page.
"""

from __future__ import annotations

import hmac
import html
import secrets

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from servers.auth import recovery
from servers.auth.look import SiteLook
from servers.auth.pages import PASSWORD_CHECKS_AT_ONCE
from servers.auth.passwords import hash_password
from servers.auth.provider import CairnAuthorizationServer
from servers.auth.storage.store import digest

RECOVER_COOKIE = "cairn_recover"
MIN_PASSWORD = 10  # as the registry's sign-up asks


def recovery_routes(server: CairnAuthorizationServer, look: SiteLook) -> list[Route]:
    store, settings = server.store, server.settings
    hashing = anyio.CapacityLimiter(PASSWORD_CHECKS_AT_ONCE)
    e = html.escape

    def back(request_id: str) -> str:
        """Where to sign in with the new password: the sign-in that sent the person here, else the site's."""
        if request_id and store.request(request_id) is not None:
            return f"<a href='{e(server.issuer)}/consent?request={e(request_id)}'>Back to sign in</a>"
        if look.sign_in:
            return f"<a href='{e(look.sign_in)}'>Sign in</a>"
        return "Go back to your app and sign in again"

    def form(
        request_id: str, error: str | None = None, status: int = 200, username: str = "", invalid: tuple[str, ...] = ()
    ) -> HTMLResponse:
        csrf = secrets.token_urlsafe(24)
        alert = f"<p id='form-error' class='notice error' role='alert'>{e(error)}</p>" if error else ""

        def marks(field: str, help_id: str = "") -> str:
            """The field's ARIA: its help text, and the error when the error is about it."""
            described = " ".join(filter(None, ["form-error" if field in invalid else "", help_id]))
            return (" aria-invalid='true'" if field in invalid else "") + (
                f" aria-describedby='{described}'" if described else ""
            )

        focus = next(iter(invalid), "" if username else "ru")
        account = (
            f" While you are signed in, your <a href='{e(look.account)}'>account page</a> makes new codes."
            if look.account
            else ""
        )
        body = (
            "<h1>Reset your password</h1>"
            f"{alert}"
            "<p>Use one of the recovery codes you were given when you made your account. Each code works once.</p>"
            f"<form method='post' action='{e(server.issuer)}/recover' class='stack'>"
            f"<input type='hidden' name='request' value='{e(request_id)}'>"
            f"<input type='hidden' name='csrf' value='{e(csrf)}'>"
            "<label for='ru'>Username</label>"
            f"<input id='ru' type='text' name='username' value='{e(username)}' autocomplete='username' "
            f"autocapitalize='none' spellcheck='false' required{marks('ru')}{' autofocus' if focus == 'ru' else ''}>"
            "<label for='rc'>Recovery code</label>"
            "<input id='rc' type='text' name='code' autocomplete='one-time-code' autocapitalize='none' "
            f"spellcheck='false' required{marks('rc', 'rc-help')}"
            f"{' autofocus' if focus == 'rc' else ''}>"
            "<p id='rc-help' class='help'>Like <span class='scope-id'>k7m2-9fqx-3hdp-wc4t</span>; "
            "case, spaces and dashes do not matter.</p>"
            "<label for='rp'>New password</label>"
            f"<input id='rp' type='password' name='password' autocomplete='new-password' minlength='{MIN_PASSWORD}' "
            f"required{marks('rp', 'rp-help')}"
            f"{' autofocus' if focus == 'rp' else ''}>"
            f"<p id='rp-help' class='help'>At least {MIN_PASSWORD} characters.</p>"
            "<label for='rp2'>New password again</label>"
            f"<input id='rp2' type='password' name='password2' autocomplete='new-password' minlength='{MIN_PASSWORD}' "
            f"required{marks('rp2')}>"
            "<div class='actions'><button type='submit'>Reset password</button></div></form>"
            "<div class='aside'><p><b>No recovery codes?</b> Accounts made before recovery codes existed have none. "
            f"Ask whoever runs this server to reset your password.{account}</p>"
            f"<p>{back(request_id)}</p></div>"
        )
        response = look.page("Reset your password", body, status)
        response.set_cookie(RECOVER_COOKIE, csrf, httponly=True, samesite="strict", path="/")
        return response

    async def show(request: Request) -> Response:
        return form(request.query_params.get("request", ""))

    async def submit(request: Request) -> Response:
        data = await request.form(max_files=0, max_fields=10)
        request_id = str(data.get("request", ""))
        sent, kept = str(data.get("csrf", "")), request.cookies.get(RECOVER_COOKIE, "")
        if not (sent and kept and hmac.compare_digest(sent, kept)):
            return form(request_id, "This form has expired or came from another site. Fill it in again.", 403)
        username = str(data.get("username", "")).strip()
        password = str(data.get("password", ""))
        if password != str(data.get("password2", "")):
            return form(request_id, "The two new passwords differ.", 400, username, ("rp", "rp2"))
        if len(password) < MIN_PASSWORD or password == username:
            problem = f"Choose a new password of at least {MIN_PASSWORD} characters, other than the username."
            return form(request_id, problem, 400, username, ("rp", "rp2"))
        address = request.client.host if request.client else "?"
        account = digest(username)  # any length of username makes a key of one size
        limits = {
            f"recover-pair:{account}|{address}": settings.login_attempts,
            f"recover-account:{account}": settings.login_attempts_per_account,
            f"recover-address:{address}": settings.login_attempts_per_address,
        }
        counts = store.failure_counts(list(limits), settings.login_window_s)
        # Checked before anything is looked up: a locked username answers the same whether it exists or not.
        if any(counts[key] >= limit for key, limit in limits.items()):
            return form(request_id, "Too many failed attempts. Wait a few minutes and try again.", 429)
        code = str(data.get("code", ""))

        def reset() -> bool:
            return recovery.redeem(
                store, username, code, hash_password(password), access_ttl_s=settings.access_token_ttl_s
            )

        # In a worker thread: scrypt would otherwise stall every other request of this server meanwhile.
        if not await anyio.to_thread.run_sync(reset, limiter=hashing):
            store.record_failures(list(limits))
            problem = "That recovery code does not match that username, or it was used already. Check both."
            return form(request_id, problem, 401, username, ("ru", "rc"))
        left = recovery.left(store, username)
        more = (
            f" Make new ones on your <a href='{e(look.account)}'>account page</a>."
            if look.account and left <= 3
            else ""
        )
        body = (
            "<h1>Your password is changed</h1>"
            "<p class='notice ok' role='status'>Sign in with your new password. Everywhere you were signed in "
            "before has been signed out.</p>"
            f"<p>You have {left} recovery code{'' if left == 1 else 's'} left.{more}</p>"
            f"<p>{back(request_id)}</p>"
        )
        response = look.page("Password changed", body)
        response.delete_cookie(RECOVER_COOKIE, path="/")
        return response

    return [Route("/recover", show, methods=["GET"]), Route("/recover", submit, methods=["POST"])]
