"""Rendering pages: Jinja2 templates (autoescaped) with the headers every page carries.

A first visit costs what the browser must wait for, so every page carries its style sheet and its one
script inline (allowed by their hashes in the Content-Security-Policy, nothing else inline is) and needs
no second request before it can show and finish loading; pages for visitors without a session are sent
gzip-compressed when the browser accepts it.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse

from registry.context import Registry
from registry.feeds import feed_links

WEB = Path(__file__).parent / "web"
_env = Environment(
    loader=FileSystemLoader(WEB / "templates"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)
# Style and script are the site's own files (static/style.css, static/copy.js), inlined and allowed by
# their hashes: a published SKILL.md that slipped past the renderer still could not run inline script or
# style, and nothing else this origin serves has a script's media type.
SITE_CSS = Markup((WEB / "static" / "style.css").read_text(encoding="utf-8"))
SITE_JS = Markup((WEB / "static" / "copy.js").read_text(encoding="utf-8"))


def _csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


CSP = (
    f"default-src 'self'; script-src 'self' {_csp_hash(SITE_JS)}; style-src 'self' {_csp_hash(SITE_CSS)}; "
    "img-src 'self' https: data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
)
# Smaller pages are not worth a compression. Pages are compressed on every request, so the cheapest level:
# the 66 KB page of the largest corpus skill becomes 25.2 KB in 1 ms at level 1, 21.7 KB in 3 ms at level 6
# and 21.6 KB in 6 ms at level 9 (load ≈ 5).
GZIP_MIN_BYTES = 1024
GZIP_LEVEL = 1


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
    csrf = reg.identity.csrf_token(request)
    document = _env.get_template(template).render(
        request=request,
        user=user,
        orgs=reg.accounts.orgs_of(user) if user else [],
        csrf=csrf,
        base_url=reg.base_url,
        signup_open=signup_open(reg),
        site_css=SITE_CSS,
        site_js=SITE_JS,
        feeds=context.pop("feeds", None) or feed_links(),
        marks=reg.trust.marks(),
        **context,
    )
    body = document.encode("utf-8")
    headers = {"Vary": "Accept-Encoding"}
    # Only pages without a session are compressed: a signed-in page holds a CSRF token beside text the
    # request chose (the search box, ?next=), which compressed is what BREACH guesses secrets from.
    if not csrf and len(body) >= GZIP_MIN_BYTES and _accepts_gzip(request):
        body = gzip.compress(body, compresslevel=GZIP_LEVEL, mtime=0)
        headers["Content-Encoding"] = "gzip"
    response = HTMLResponse(body, status_code=status, headers=headers)
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    if user:
        response.headers["Cache-Control"] = "private, no-store"
    return response


def _accepts_gzip(request: Request) -> bool:
    for coding in request.headers.get("accept-encoding", "").split(","):
        name, _, params = coding.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False
