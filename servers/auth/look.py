"""How the authorization server's pages look: the header of the site that hosts them, its style sheet, and
the links to that site's own pages (sign-up, sign-in, account).

``cairn serve`` shows a neutral Cairn header; the registry passes its own (:mod:`registry.app`), so signing in
there looks like the rest of the website. Every page carries its style sheet inline, allowed by its hash in
a Content-Security-Policy that allows nothing else: no script at all, forms only to this origin.
"""

from __future__ import annotations

import base64
import hashlib
import html
from dataclasses import dataclass, field

from starlette.responses import HTMLResponse

# The registry's palette and the few rules these pages use, for when no site passes its own style sheet.
NEUTRAL_CSS = """
:root{--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--bg:#fff;--soft:#f6f8fa;--accent:#0b5cad;--err:#b42318;--ok:#1a7f37}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;
color:var(--fg);background:var(--bg)}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.skip{position:absolute;left:-999px} .skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:9}
header.top{display:flex;flex-wrap:wrap;gap:.6rem 1.2rem;align-items:center;padding:.7rem 1rem;
border-bottom:1px solid var(--line);background:var(--soft)}
.brand{font-weight:700;text-decoration:none;color:var(--fg);font-size:1.1rem}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.3rem 1rem;align-items:center}
main{margin:0 auto;padding:1rem}
input,button{font:inherit;padding:.45rem .6rem;border:1px solid var(--line);border-radius:6px;max-width:100%}
button{background:var(--accent);color:#fff;border-color:var(--accent);cursor:pointer}
.stack{display:flex;flex-direction:column;gap:.4rem}
.help{color:var(--muted);font-size:.92rem}
.notice{padding:.6rem .8rem;border-radius:6px;background:var(--soft);border-left:4px solid var(--accent)}
.notice.error{border-color:var(--err);background:#fef3f2} .notice.ok{border-color:var(--ok);background:#dafbe1}
"""
# What only these pages need, after the site's own style sheet.
AUTH_CSS = """
main.auth{max-width:32rem;margin:0 auto;padding:1rem}
.auth h1{font-size:1.45rem;margin:.4rem 0 .8rem;overflow-wrap:anywhere}
.auth p,.auth li{overflow-wrap:anywhere}
.auth input{width:100%}
.auth .stack{max-width:none}
.scopes{padding-left:1.2rem;margin:.4rem 0 .8rem} .scopes li{margin:.15rem 0}
.scope-id{color:var(--muted);font-size:.85rem;font-family:ui-monospace,Menlo,Consolas,monospace}
.withheld{color:var(--muted)}
.actions{display:flex;flex-wrap:wrap;gap:.6rem;margin-top:.8rem}
.actions button{flex:1 1 8rem;min-height:2.75rem}
button.secondary{background:var(--bg);color:var(--accent)}
.aside{margin-top:1.2rem;border-top:1px solid var(--line);padding-top:.6rem}
.codes{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr));gap:.3rem .8rem;
font-family:ui-monospace,Menlo,Consolas,monospace;font-size:1.05rem}
"""


@dataclass(frozen=True)
class SiteLook:
    """The host site's header and style sheet, and its pages the sign-in pages link to (paths or URLs).

    | field     | default (``cairn serve``)   | the registry                    |
    |-----------|-----------------------------|---------------------------------|
    | ``brand`` | "▲ Cairn", not a link        | "▲ Cairn skills", linking to ``/`` |
    | ``links`` | none                        | Browse, Publish, Marketplace     |
    | ``signup``| None: no sign-up link        | ``/signup`` while sign-up is open |
    | ``sign_in``| None: "return to your app"  | ``/login``                        |
    | ``account``| None                        | ``/account`` (new recovery codes)  |
    """

    brand: str = "▲ Cairn"
    home: str | None = None
    links: tuple[tuple[str, str], ...] = ()
    css: str = NEUTRAL_CSS
    icon: str = "data:,"  # no favicon request to a server that has none
    signup: str | None = None
    sign_in: str | None = None
    account: str | None = None
    _style: str = field(init=False, repr=False, default="")

    def __post_init__(self) -> None:
        object.__setattr__(self, "_style", self.css + AUTH_CSS)

    @property
    def csp(self) -> str:
        digest = base64.b64encode(hashlib.sha256(self._style.encode("utf-8")).digest()).decode()
        return (
            f"default-src 'none'; style-src 'sha256-{digest}'; img-src 'self' data:; form-action 'self'; "
            "frame-ancestors 'none'; base-uri 'none'"
        )

    def page(self, title: str, body: str, status: int = 200) -> HTMLResponse:
        """A whole page: the site's header, then ``body`` (HTML, escaped by the caller) as its main content."""
        e = html.escape
        brand = (
            f"<a class='brand' href='{e(self.home)}'>{e(self.brand)}</a>"
            if self.home
            else (f"<span class='brand'>{e(self.brand)}</span>")
        )
        links = "".join(f"<li><a href='{e(href)}'>{e(label)}</a></li>" for label, href in self.links)
        nav = f"<nav aria-label='Main'><ul>{links}</ul></nav>" if links else ""
        document = (
            "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width,initial-scale=1'>"
            f"<title>{e(title)} · Cairn</title><style>{self._style}</style>"
            f"<link rel='icon' href='{e(self.icon)}'></head><body>"
            "<a class='skip' href='#main'>Skip to content</a>"
            f"<header class='top'>{brand}{nav}</header>"
            f"<main id='main' class='auth'>{body}</main></body></html>"
        )
        response = HTMLResponse(document, status_code=status)
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        response.headers["Content-Security-Policy"] = self.csp
        return response
