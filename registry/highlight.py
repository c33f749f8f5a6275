"""Syntax highlighting of a SKILL.md's code blocks, on the server (pages load no script or style from
elsewhere): Pygments (locked already as a dependency of the MCP framework's console output, and named as
Cairn's own) marks tokens with short classes that the site's style sheet colours in either scheme.

Only a block that names its language (```` ```python ````) is highlighted — guessing costs time and is
often wrong — and only up to :data:`MAX_CHARS`; any other block is shown as plain, escaped text.
"""

from __future__ import annotations

import posixpath
from functools import lru_cache

from markdown_it.common.utils import escapeHtml
from pygments import highlight as pygments_highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.util import ClassNotFound

MAX_CHARS = 20_000
_FORMATTER = HtmlFormatter(nowrap=True)


@lru_cache(maxsize=64)
def _lexer(language: str) -> Lexer | None:
    try:
        return get_lexer_by_name(language, stripnl=False, ensurenl=False)
    except ClassNotFound:
        return None


def code_html(code: str, language: str) -> str:
    """The inside of a ``<code>`` element: highlighted spans for a known language, else escaped text."""
    lexer = _lexer(language.lower()[:30]) if language and len(code) <= MAX_CHARS else None
    if lexer is None:
        return escapeHtml(code)
    return str(pygments_highlight(code, lexer, _FORMATTER))


@lru_cache(maxsize=64)
def _lexer_for_file(suffix: str) -> Lexer | None:
    try:
        return get_lexer_for_filename("f" + suffix, stripnl=False, ensurenl=False)
    except ClassNotFound:
        return None


def file_html(text: str, path: str) -> str:
    """A skill file's text (a script, a config) highlighted by its extension, else escaped."""
    suffix = posixpath.splitext(path.lower())[1][:12]
    lexer = _lexer_for_file(suffix) if suffix and len(text) <= MAX_CHARS else None
    return escapeHtml(text) if lexer is None else str(pygments_highlight(text, lexer, _FORMATTER))
