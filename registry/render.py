"""SKILL.md to HTML that cannot run script: raw HTML is escaped, not passed through, and links and
images may only use http(s), mailto or relative URLs (markdown-it's link validation refuses
``javascript:``, ``vbscript:``, ``file:`` and ``data:`` except a few image types, which we also drop).
The pages' Content-Security-Policy allows only the site's own scripts as a second line of defence.

A relative link in a SKILL.md (``./reference/guide.md``) means a file beside it in the skill's folder. On
the skill's page, whose address is not that folder, it is rewritten to the page of that file in the same
version (:func:`file_link`); a relative image becomes that file's raw bytes. Host placeholders
(``{baseDir}/…``, ``${CLAUDE_SKILL_DIR}/…``, ``${CLAUDE_PLUGIN_ROOT}/…``) are the skill's own folder, and
a link in a reference file that works only from the skill root is taken from there. A link out of the
folder into a sibling skill's (``../other-skill/guide.md``, as collections of skills do) goes to that
skill's file in its latest version; any other link out of the folder, or to a file the version does not
have, leads nowhere on this site and is shown as plain text.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from urllib.parse import quote, unquote, urlsplit

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from registry.highlight import code_html
from skillslint import hostpaths

_SAFE_SCHEMES = {"", "http", "https", "mailto"}
_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# (href or src, is an image) → the address to use instead, None to leave it as written, "" to drop it.
Rewrite = Callable[[str, bool], str | None]


def _validate_link(url: str) -> bool:
    scheme = urlsplit(url.strip()).scheme.lower()
    return scheme in _SAFE_SCHEMES


@lru_cache(maxsize=1)
def _renderer() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable(["table", "strikethrough"])
    md.validateLink = _validate_link  # type: ignore[method-assign]
    md.core.ruler.push("demote_headings", _demote_headings)
    md.core.ruler.push("rewrite_links", _rewrite_links)
    md.core.ruler.push("task_lists", _task_lists)
    md.add_render_rule("fence", _fence)
    md.add_render_rule("code_block", _fence)
    md.add_render_rule("table_open", _table_open)
    md.add_render_rule("table_close", _table_close)
    return md


# A code block or a wide table scrolls sideways rather than wrapping; tabindex lets a keyboard user focus
# it and scroll with the arrow keys (a scrollable region nothing inside can focus is unreachable).
def _fence(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    token = tokens[idx]
    language = token.info.strip().split(maxsplit=1)[0] if token.info.strip() else ""
    css = f' class="language-{escapeHtml(language)}"' if language else ""
    return f'<pre class="code" tabindex="0"><code{css}>{code_html(token.content, language)}</code></pre>\n'


def _table_open(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return '<div class="table-scroll" tabindex="0">' + self.renderToken(tokens, idx, options, env)


def _table_close(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return self.renderToken(tokens, idx, options, env) + "</div>"


_TASK = re.compile(r"^\[([ xX])\] ")


def _task_lists(state: StateCore) -> None:
    """``- [ ] step`` and ``- [x] step`` as a task list: a box, ticked or not, that says which in words too."""
    tokens = state.tokens
    for i in range(len(tokens) - 2):
        if tokens[i].type != "list_item_open" or tokens[i + 1].type != "paragraph_open":
            continue
        inline = tokens[i + 2]
        first = inline.children[0] if inline.children else None
        match = _TASK.match(first.content) if first is not None and first.type == "text" else None
        if first is None or match is None:
            continue
        done = match.group(1) != " "
        first.content = first.content[match.end() :]
        box = Token("html_inline", "", 0)
        box.content = (
            f'<span class="task" aria-hidden="true">{"☑" if done else "☐"}</span>'
            f'<span class="visually-hidden">{"done: " if done else "to do: "}</span>'
        )
        inline.children = [box, *(inline.children or [])]
        tokens[i].attrSet("class", "task")


def _demote_headings(state: StateCore) -> None:
    # The page's own <h1> is the skill's name; the body's headings sit one level below it.
    for token in state.tokens:
        if token.type in ("heading_open", "heading_close") and token.tag in ("h1", "h2", "h3", "h4", "h5"):
            token.tag = f"h{int(token.tag[1]) + 1}"


def _rewrite_links(state: StateCore) -> None:
    rewrite: Rewrite | None = state.env.get("rewrite")
    if rewrite is None:
        return
    for block in state.tokens:
        for token in block.children or ():
            attr = "href" if token.type == "link_open" else "src" if token.type == "image" else None
            value = token.attrGet(attr) if attr else None
            if attr and isinstance(value, str):
                replaced = rewrite(value, attr == "src")
                if replaced == "" and token.attrs:
                    del token.attrs[attr]
                elif replaced is not None:
                    token.attrSet(attr, replaced)


def resolve(href: str, files: set[str] | frozenset[str], folder: str = "", skill: str = "") -> str | None:
    """The skill file a relative link in a file of ``folder`` names (``./reference/a.md#part`` →
    ``reference/a.md``), or None for an absolute, external or in-page link. A path out of the skill starts
    with ``../``; a folder of the skill ends with ``/``. A host placeholder (``{baseDir}/a.md``) means the
    skill ``skill``'s own folder (:mod:`skillslint.hostpaths`), and a link that names no file from
    ``folder`` but does from the skill root (``references/b.md`` written in ``references/a.md``, as the
    spec writes paths) names that file."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith(("/", "#")) or not parts.path:
        return None
    written = unquote(parts.path)

    def has(path: str) -> bool:
        return path in files or any(f.startswith(path.rstrip("/") + "/") for f in files)

    host = hostpaths.split(written)
    if host is not None:
        path = hostpaths.in_skill(host, skill, has)
    else:
        path = posixpath.normpath(posixpath.join(folder, written))
        from_root = posixpath.normpath(written)
        if folder and not has(path) and not from_root.startswith("../") and has(from_root):
            path = from_root
    if path.startswith("../") or path in ("..", "."):
        return path
    if path not in files and has(path):
        return path.rstrip("/") + "/"  # a folder of the skill: its files are listed on the skill page
    return path


def file_link(base: str, files: set[str] | frozenset[str], folder: str = "", skill: str = "") -> Rewrite:
    """Relative links of a file in ``folder`` of the skill named ``skill`` → ``{base}/files/<path>`` (a
    folder → the file list), images → ``{base}/raw/<path>``; ``base`` is the version's page, e.g.
    ``/skills/mcp-builder/v/1.0.0``."""

    def rewrite(href: str, image: bool) -> str | None:
        path = resolve(href, files, folder, skill)
        if path is None:
            return None
        if path == "..":
            return ""
        if path.startswith("../"):
            sibling, _, rest = path[3:].partition("/")
            if image or not _NAME.match(sibling) or not rest or rest.startswith("../"):
                return ""
            return f"/skills/{sibling}/files/{quote(rest)}"
        if path.endswith("/") or path == ".":
            return f"{base}#h-files"
        if path not in files:
            return ""  # the version has no such file: a link would only lead to a 404
        fragment = urlsplit(href).fragment
        kind = "raw" if image else "files"
        return f"{base}/{kind}/{quote(path)}" + (f"#{fragment}" if fragment and not image else "")

    return rewrite


def markdown_html(text: str, limit: int = 200_000, rewrite: Rewrite | None = None) -> str:
    """Sanitised HTML of a SKILL.md body (its first ``limit`` characters); ``rewrite`` adjusts link targets."""
    return str(_renderer().render(text[:limit], {"rewrite": rewrite} if rewrite else {}))
