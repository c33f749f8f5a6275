"""SKILL.md to HTML that cannot run script: raw HTML is escaped, not passed through, and links and
images may only use http(s), mailto or relative URLs (markdown-it's link validation refuses
``javascript:``, ``vbscript:``, ``file:`` and ``data:`` except a few image types, which we also drop).
The pages' Content-Security-Policy forbids scripts as a second line of defence.
"""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import urlsplit

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore

_SAFE_SCHEMES = {"", "http", "https", "mailto"}


def _validate_link(url: str) -> bool:
    scheme = urlsplit(url.strip()).scheme.lower()
    return scheme in _SAFE_SCHEMES


@lru_cache(maxsize=1)
def _renderer() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable(["table", "strikethrough"])
    md.validateLink = _validate_link  # type: ignore[method-assign]
    md.core.ruler.push("demote_headings", _demote_headings)
    return md


def _demote_headings(state: StateCore) -> None:
    # The page's own <h1> is the skill's name; the body's headings sit one level below it.
    for token in state.tokens:
        if token.type in ("heading_open", "heading_close") and token.tag in ("h1", "h2", "h3", "h4", "h5"):
            token.tag = f"h{int(token.tag[1]) + 1}"


def markdown_html(text: str, limit: int = 200_000) -> str:
    """Sanitised HTML of a SKILL.md body (its first ``limit`` characters)."""
    return str(_renderer().render(text[:limit]))
