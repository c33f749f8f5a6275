"""Rendering pages: Jinja2 templates (autoescaped) with the headers every page carries."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse

from registry.context import Registry

WEB = Path(__file__).parent / "web"
_env = Environment(
    loader=FileSystemLoader(WEB / "templates"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)
# Only the site's own script files (static/copy.js): a published SKILL.md that slipped past the renderer
# still could not run inline script, and nothing else this origin serves has a script's media type.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
)


def _filesize(value: int) -> str:
    for unit in ("B", "KB", "MB"):
        if value < 1024 or unit == "MB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024  # type: ignore[assignment]
    return str(value)


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


_env.filters["filesize"] = _filesize
_env.filters["as_text"] = _as_text


def signup_open(reg: Registry) -> bool:
    from registry.signup import signup_open as is_open  # signup renders pages too

    return is_open(reg)


def render(reg: Registry, request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    user = reg.identity.web_user(request)
    document = _env.get_template(template).render(
        request=request,
        user=user,
        orgs=reg.accounts.orgs_of(user) if user else [],
        csrf=reg.identity.csrf_token(request),
        base_url=reg.base_url,
        signup_open=signup_open(reg),
        **context,
    )
    response = HTMLResponse(document, status_code=status)
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    if user:
        response.headers["Cache-Control"] = "private, no-store"
    return response
