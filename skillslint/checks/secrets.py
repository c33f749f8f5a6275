"""Committed credentials: private keys and well-known token formats.

Skills are published and copied widely, so a real key is an error. Documentation is
full of stand-ins (`sk-...`, `<your-key>`, `AKIAIOSFODNN7EXAMPLE`, `xxxx`), so a
match that looks like a placeholder — marker words, elisions, long runs of one
character, or too little entropy to be random — is let through.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path

from skillslint.checks import Emit

# Patterns start with a literal (no leading \b): the regex engine then scans for that
# literal quickly, ~40x faster here; the word boundary is checked after a match instead.
_TOKENS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("AWS access key id", re.compile(r"(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("GitHub token", re.compile(r"gh[pousr]_[A-Za-z0-9]{36,}\b")),
    ("GitHub token", re.compile(r"github_pat_[A-Za-z0-9_]{40,}\b")),
    ("Anthropic API key", re.compile(r"sk-ant-[A-Za-z0-9]{3,8}-[A-Za-z0-9_-]{40,}")),
    ("OpenAI API key", re.compile(r"sk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}")),
    ("Slack token", re.compile(r"xox[abposr]-[0-9A-Za-z-]{20,}")),
    ("Slack webhook", re.compile(r"hooks\.slack\.com/services/T\w+/B\w+/\w{16,}")),
    ("Google API key", re.compile(r"AIza[0-9A-Za-z_-]{35}\b")),
    ("Stripe live key", re.compile(r"sk_live_[0-9A-Za-z]{20,}\b")),
    ("Stripe live key", re.compile(r"rk_live_[0-9A-Za-z]{20,}\b")),
)
_PRIVATE_KEY = re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")
# A real PEM body is base64 lines; a doc snippet usually has "..." or nothing.
_PEM_BODY = re.compile(r"\s*(?:[A-Za-z0-9+/=]{40,}\s*\n\s*){2,}")
# Generic `password = "..."` assignments, matched on lower-cased text. One regex per
# keyword so each starts with a literal, which the regex engine scans for quickly.
_ASSIGNMENTS = tuple(
    re.compile(keyword + r"""[\w-]{0,12}["']?\s*[:=]\s*["']([^"'\s]{12,})["']""")
    for keyword in ("pass", "secret", "api[_-]?key", "token")
)
_PLACEHOLDER_WORDS = re.compile(
    r"example|sample|dummy|fake|placeholder|your|changeme|change[_-]?me|redacted|test|demo|replace|xxx|\.\.\."
    r"|<|>|\{|\}|\$|\*|environ|getenv|process\.env|secret_here|not[_-]?a[_-]?real",
    re.IGNORECASE,
)


def check_secrets(path: Path, text: str, emit: Emit) -> None:
    for label, pattern in _TOKENS:
        for m in pattern.finditer(text):
            if m.start() > 0 and (text[m.start() - 1].isalnum() or text[m.start() - 1] == "_"):
                continue  # inside a longer word, not a token of its own
            if not looks_like_placeholder(m.group(0)) and not _example_context(text, m.start()):
                emit(
                    "SR402",
                    *_position(text, m.start()),
                    f"{label} '{_mask(m.group(0))}'; revoke it and read it from the environment instead",
                    path,
                )
    if "PRIVATE KEY" in text:
        for m in _PRIVATE_KEY.finditer(text):
            if _PEM_BODY.match(text, m.end()):
                emit(
                    "SR401",
                    *_position(text, m.start()),
                    "private key block committed; remove and rotate it",
                    path,
                )
    lowered = text.lower()
    if len(lowered) != len(text):  # a few non-ASCII letters lower to two code points
        lowered = text.translate(_ASCII_LOWER)
    for pattern in _ASSIGNMENTS:
        for m in pattern.finditer(lowered):
            value = text[m.start(1) : m.end(1)]
            if looks_like_placeholder(value) or _example_context(text, m.start()) or _NOT_SECRET.search(value):
                continue
            if _entropy(value) >= 3.5 and _mixed(value):
                key = text[m.start() : m.start(1)].split("=")[0].split(":")[0].strip(" \"'")
                msg = f"`{key}` set to a literal '{_mask(value)}'; load secrets from the environment"
                emit("SR403", *_position(text, m.start()), msg, path)


_ASCII_LOWER = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}
# A value built from words like these is a demo password, not a leaked one.
_NOT_SECRET = re.compile(
    r"://|^[./~]|pass(word)?|secret|token|key|admin|user|secure|letmein|qwerty|hunter", re.IGNORECASE
)
_EXAMPLE_LINE = re.compile(r"example|e\.g\.|sample|dummy|fake|placeholder|format:|looks like", re.IGNORECASE)


def _example_context(text: str, offset: int) -> bool:
    """Documentation introduces sample credentials on the same line ("Example: AIza…")."""
    line_start = text.rfind("\n", 0, offset) + 1
    return bool(_EXAMPLE_LINE.search(text, line_start, offset))


def looks_like_placeholder(token: str) -> bool:
    if _PLACEHOLDER_WORDS.search(token):
        return True
    if re.search(r"(.)\1{5,}", token):  # AAAAAA..., 000000...
        return True
    if re.search(r"0123456|1234567|abcdefg|1.?2.?3.?4.?5.?6", token, re.IGNORECASE):
        return True
    return _entropy(token) < 3.0


def _entropy(token: str) -> float:
    counts = Counter(token)
    n = len(token)
    return -sum(c / n * math.log2(c / n) for c in counts.values()) if n else 0.0


def _mixed(value: str) -> bool:
    """Random secrets mix letters and digits; words and identifiers usually don't."""
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


def _mask(token: str) -> str:
    return token[:6] + "…" if len(token) > 10 else "…"


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1
