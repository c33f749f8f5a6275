"""Signing in to the dashboard, the same ways as everywhere in Cairn.

| how                        | when                       | the user is                                  |
|----------------------------|----------------------------|----------------------------------------------|
| OAuth code + PKCE          | ``--auth cairn``           | the token's subject, with the scopes granted  |
| a ticket (``cairn dashboard``) | any mode, from this machine | the user the ticket names                  |
| nothing                    | ``--auth none`` (loopback) | ``default``, as for any unauthenticated call  |

The dashboard is a public client of the authorization server in this process, asking for a token whose
audience is the dashboard itself (not the MCP endpoint); the token is checked and dropped, and a session
cookie carries the subject and scopes from then on.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import urlencode

import httpx
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from servers.suite.dashboard.context import PREFIX, Dashboard, DashboardError
from servers.suite.dashboard.session import FLOW_COOKIE, SESSION_COOKIE, SESSION_TTL_S

CLIENT_ID = "cairn-dashboard"


class Verifier(Protocol):
    async def verify_token(self, token: str) -> Any: ...


@dataclass
class OAuthClient:
    issuer: str
    redirect_uri: str
    resource: str
    scopes: list[str]
    verifier: Verifier
    transport: httpx.AsyncBaseTransport  # the in-process issuer: no request to ourselves over the network

    def authorize_url(self, state: str, challenge: str) -> str:
        query = {
            "response_type": "code",
            "client_id": CLIENT_ID,
            "redirect_uri": self.redirect_uri,
            "code_challenge": challenge,
            "code_challenge_method": "S256",
            "state": state,
            "scope": " ".join(self.scopes),
            "resource": self.resource,
        }
        return f"{self.issuer}/authorize?{urlencode(query)}"

    async def exchange(self, code: str, verifier: str) -> str:
        form = {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": self.redirect_uri,
            "client_id": CLIENT_ID,
            "code_verifier": verifier,
            "resource": self.resource,
        }
        async with httpx.AsyncClient(transport=self.transport, timeout=15) as http:
            response = await http.post(f"{self.issuer}/token", data=form)
        body: dict[str, Any] = response.json()
        if response.status_code != 200 or "access_token" not in body:
            raise PermissionError(body.get("error_description") or body.get("error") or f"HTTP {response.status_code}")
        return str(body["access_token"])


def safe_next(value: str | None) -> str:
    """Only the dashboard's own pages: an open redirect after sign-in would hand the session elsewhere."""
    if not value or not value.startswith(PREFIX + "/") or value.startswith("//") or "\\" in value:
        return PREFIX + "/memory"
    return value


def start_session(dash: Dashboard, response: Response, user: str, scopes: frozenset[str]) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        dash.sessions.new_session(user, scopes),
        max_age=SESSION_TTL_S,
        httponly=True,
        samesite="lax",
        secure=dash.sessions.secure,
        path=PREFIX,
    )


def routes(dash: Dashboard, oauth: OAuthClient | None, scopes_of: Any) -> list[Route]:
    """``scopes_of(user)``: the scopes a ticket's user holds now (None: the user does not exist)."""

    async def login(request: Request) -> Response:
        if oauth is None:
            raise DashboardError(
                404, "no_sign_in", "This dashboard has no sign-in page; open it with `cairn dashboard`."
            )
        state = secrets.token_urlsafe(16)
        verifier = secrets.token_urlsafe(48)
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        flow = dash.sessions.signer.sign(
            "flow", {"state": state, "verifier": verifier, "next": safe_next(request.query_params.get("next"))}, 600
        )
        response = RedirectResponse(oauth.authorize_url(state, challenge), status_code=302)
        response.set_cookie(FLOW_COOKIE, flow, max_age=600, httponly=True, samesite="lax", path=PREFIX + "/auth")
        return response

    async def callback(request: Request) -> Response:
        flow = dash.sessions.signer.verify("flow", request.cookies.get(FLOW_COOKIE))
        params = request.query_params
        if oauth is None or flow is None or not secrets.compare_digest(params.get("state", ""), str(flow["state"])):
            raise DashboardError(400, "sign_in_expired", "This sign-in link has expired. Start again from “Sign in”.")
        if "error" in params:
            raise DashboardError(403, "sign_in_refused", f"Sign-in was not completed ({params['error']}).")
        if params.get("iss") and params["iss"].rstrip("/") != oauth.issuer:
            raise DashboardError(400, "sign_in_refused", "The sign-in answer came from an unexpected issuer.")
        try:
            token = await oauth.exchange(params.get("code", ""), str(flow["verifier"]))
        except PermissionError as exc:
            raise DashboardError(403, "sign_in_refused", f"The issuer refused the sign-in: {exc}") from None
        verified = await oauth.verifier.verify_token(token)
        subject = getattr(verified, "subject", None) if verified else None
        if not subject:
            raise DashboardError(403, "sign_in_refused", "The issuer's token could not be verified.")
        response = RedirectResponse(str(flow["next"]), status_code=303)
        start_session(dash, response, str(subject), frozenset(verified.scopes or []))
        response.delete_cookie(FLOW_COOKIE, path=PREFIX + "/auth")
        return response

    async def enter(request: Request) -> Response:
        valid, named = dash.sessions.spend_ticket(request.query_params.get("ticket"))
        user = named or dash.default_user() if valid else None
        scopes = scopes_of(user) if user is not None else None
        if user is None or scopes is None:
            raise DashboardError(
                403, "ticket", "This link was used already or has expired; run `cairn dashboard` again."
            )
        response = RedirectResponse(PREFIX + "/memory", status_code=303)
        start_session(dash, response, user, frozenset(scopes))
        return response

    async def logout(request: Request) -> Response:
        await dash.form(request, "")
        response = RedirectResponse(PREFIX + "/signed-out", status_code=303)
        response.delete_cookie(SESSION_COOKIE, path=PREFIX)
        return response

    return [
        Route("/login", login, methods=["GET"]),
        Route("/auth/callback", callback, methods=["GET"]),
        Route("/enter", enter, methods=["GET"]),
        Route("/logout", logout, methods=["POST"]),
    ]
