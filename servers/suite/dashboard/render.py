"""Pages as the registry makes them: Jinja2 templates with autoescaping, the style sheet inline and
allowed by its hash, and headers that keep a page private to its user.

There is no script at all (``script-src 'none'``): every change is a plain form POST with a CSRF token,
so text a memory or a rule holds can never run, even if a template forgot to escape it.
"""

from __future__ import annotations

import base64
import hashlib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from servers.suite.dashboard.context import PREFIX, Dashboard, DashboardError

HERE = Path(__file__).parent
_env = Environment(
    loader=FileSystemLoader(HERE / "templates"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)
CSS = Markup((HERE / "templates" / "dashboard.css").read_text(encoding="utf-8"))
_CSS_HASH = "'sha256-" + base64.b64encode(hashlib.sha256(CSS.encode()).digest()).decode() + "'"
CSP = (
    f"default-src 'none'; style-src {_CSS_HASH}; img-src 'self' data:; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # a sign-in ticket in the address must not travel on
    "Cache-Control": "private, no-store",
}
TITLES = {
    400: "That request was not understood",
    401: "Sign in first",
    403: "Not allowed",
    404: "Not found",
    405: "Not allowed here",
    409: "Cannot do that now",
    421: "Wrong address",
    422: "Not accepted",
}


def _short(value: str | None) -> str:
    """An ISO time as people read it: ``2026-07-01 14:03`` (UTC)."""
    return (value or "")[:16].replace("T", " ")


def _epoch(value: float | None) -> str:
    return datetime.fromtimestamp(value or 0, UTC).strftime("%Y-%m-%d %H:%M")


_env.filters["when"] = _short
_env.filters["epoch"] = _epoch


def render(dash: Dashboard, request: Request, template: str, *, status: int = 200, **context: Any) -> HTMLResponse:
    session = dash.session(request)
    document = _env.get_template(template).render(
        request=request,
        prefix=PREFIX,
        session=session,
        csrf=dash.sessions.csrf(session) if session else "",
        can_sign_out=dash.login_routes,
        css=CSS,
        **context,
    )
    return HTMLResponse(document, status_code=status, headers=HEADERS)


def wants_json(request: Request) -> bool:
    accept = request.headers.get("accept", "")
    return "application/json" in accept and "text/html" not in accept


def error_response(dash: Dashboard, request: Request, error: DashboardError) -> Response:
    if wants_json(request):
        return JSONResponse({"error": error.code, "message": error.message}, status_code=error.status, headers=HEADERS)
    title = TITLES.get(error.status, "Something went wrong")
    return render(dash, request, "error.html", status=error.status, title=title, message=error.message, error=error)
