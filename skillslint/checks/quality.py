"""Quality checks: body size, description wording, and every file the skill ships.

Thresholds follow the Agent Skills authoring guidance: keep SKILL.md under 500 lines
and roughly 5k tokens, and move detail into files one link away.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from skillslint.checks import Emit
from skillslint.checks.links import Link, check_depth, check_file_links
from skillslint.checks.secrets import check_secrets
from skillslint.discovery import FileInfo, SkillLocation
from skillslint.frontmatter import Document, decode

MAX_BODY_LINES = 500
MAX_BODY_TOKENS = 5_000
MAX_FILE_BYTES = 1_048_576
TEXT_SUFFIXES = frozenset(
    {
        ".md",
        ".markdown",
        ".txt",
        ".rst",
        ".py",
        ".sh",
        ".bash",
        ".zsh",
        ".js",
        ".mjs",
        ".cjs",
        ".ts",
        ".json",
        ".yaml",
        ".yml",
        ".toml",
        ".ini",
        ".cfg",
        ".html",
        ".css",
        ".xml",
        ".csv",
        ".sql",
        ".rb",
        ".go",
        ".rs",
        ".java",
        ".ps1",
        ".env",
    }
)
_WHEN = re.compile(
    r"\b(when|whenever|use (?:this|it|for|to|when|if|before|after|during|on|with)|used (?:for|to|when|by)"
    r"|trigger(?:s|ed)?|invoke[sd]?|if (?:the )?(?:user|you)|asks? (?:for|to|about)|before|after|during)\b"
    r"|当|用于|适用",
    re.IGNORECASE,
)
_H1 = re.compile(r"^#\s+(.+?)\s*#*\s*$", re.MULTILINE)


def check_body(doc: Document, emit: Emit) -> None:
    if doc.frontmatter is None:
        return
    body = doc.body.rstrip()
    if not body.strip():
        emit("SR313", doc.body_line, 1, "SKILL.md has no instructions after the frontmatter")
        return
    lines = body.count("\n") + 1
    if lines > MAX_BODY_LINES:
        emit(
            "SR304",
            doc.body_line + MAX_BODY_LINES,
            1,
            f"body is {lines} lines (guide: under {MAX_BODY_LINES}); move detail into references/",
        )
    tokens = estimate_tokens(body)
    if tokens > MAX_BODY_TOKENS:
        emit(
            "SR305",
            doc.body_line,
            1,
            f"body is about {tokens:,} tokens (guide: under {MAX_BODY_TOKENS:,}); move detail into references/",
        )


def estimate_tokens(text: str) -> int:
    """About four ASCII characters per token; other scripts (e.g. CJK) near one per character."""
    ascii_chars = len(text.encode("ascii", "ignore"))
    return ascii_chars // 4 + (len(text) - ascii_chars)


def check_description(doc: Document, emit: Emit) -> None:
    fm = doc.frontmatter or {}
    desc, name = fm.get("description"), fm.get("name")
    if not isinstance(desc, str) or not desc.strip():
        return
    pos = doc.value_pos("description")
    if _is_title(desc, name if isinstance(name, str) else "", doc.body):
        emit("SR307", *pos, "description reads as a title; say what the skill does and when to use it")
    elif not _WHEN.search(desc):
        emit("SR306", *pos, "description never says when to use the skill (e.g. 'Use when …')")


def _is_title(desc: str, name: str, body: str) -> bool:
    def norm(s: str) -> str:
        return re.sub(r"[\W_]+", " ", s).strip().lower()

    text = norm(desc)
    heading = _H1.search(body)
    if text in {norm(name), norm(heading.group(1)) if heading else None}:
        return True
    # A few words with no sentence punctuation ("PDF Tools") name the skill, they don't describe it.
    return len(text.split()) <= 3 and len(desc) < 40 and not re.search(r"[.!?。！？]", desc)


def check_files(loc: SkillLocation, doc: Document, emit: Emit) -> None:
    """One pass over the skill's files: size, shebang mode, encoding, secrets, links."""
    texts: dict[str, str] = {}
    for info in loc.files:
        if info.size > MAX_FILE_BYTES:
            emit(
                "SR309",
                1,
                1,
                f"file is {info.size:,} bytes (limit {MAX_FILE_BYTES:,}); host large data "
                "elsewhere and fetch it in a script",
                info.path,
            )
            continue
        text = doc.text if info.path == loc.skill_md and doc.text is not None else _read_text(info, emit)
        if text is None:
            continue
        check_secrets(info.path, text, emit)
        if info.path.suffix.lower() == ".md":
            texts[os.path.normpath(info.path)] = text
    _links(loc, doc, texts, emit)


def _read_text(info: FileInfo, emit: Emit) -> str | None:
    """The file's text for scanning, or None for unreadable and binary files."""
    try:
        data = info.path.read_bytes()
    except OSError as exc:
        emit("SR002", 1, 1, f"cannot read file: {exc.strerror}", info.path)
        return None
    if data.startswith(b"#!") and not info.executable and os.name != "nt":
        msg = f"starts with '#!' but is not executable; run `chmod +x {info.path.name}`"
        emit("SR308", 1, 1, msg, info.path)
    if b"\0" in data[:8192]:
        return None  # binary asset: nothing textual to check
    text, bad = decode(info.path, data, "SR312")
    if text is not None:
        return text
    # SKILL.md itself is reported as SR003 by the loader; other text files get SR312.
    if bad is not None and info.path.name.lower() != "skill.md" and info.path.suffix.lower() in TEXT_SUFFIXES:
        emit(bad.code, bad.line, bad.col, bad.message, info.path)
    return data.decode("utf-8", "replace")


def _links(loc: SkillLocation, doc: Document, texts: dict[str, str], emit: Emit) -> None:
    if doc.text is None:
        return
    direct = check_file_links(loc.folder, loc.skill_md, doc.body, doc.body_line, emit, mentions=True)
    onward: dict[str, tuple[Path, list[Link]]] = {}
    for target in sorted({t for t, _, _ in direct}):
        text = texts.get(target)
        if text is None or target == os.path.normpath(loc.skill_md):
            continue
        display = next(f.path for f in loc.files if os.path.normpath(f.path) == target)
        onward[target] = (display, check_file_links(loc.folder, display, text, 1, emit))
    check_depth(loc.skill_md, direct, onward, emit)
