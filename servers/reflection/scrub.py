"""Scrub personal data and secrets before anything is stored.

Reflections, traces and experiences keep the logic of a task — which tools, in what order, why it failed —
not the user's e-mail address or an API key that happened to be in an argument. Replacements are typed
placeholders, so a scrubbed trace still reads sensibly and two scrubbed traces still compare equal.

>>> scrub_text("mail bob@example.com with key sk-abc123def456ghi789jkl")
'mail [EMAIL] with key [SECRET]'
"""

from __future__ import annotations

import re
from typing import Any

# Order matters: secrets first (a key may look like a long number), then structured PII.
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?-----END [A-Z ]*PRIVATE KEY-----", re.S), "[PRIVATE_KEY]"),
    (re.compile(r"\b(?:sk|pk|rk)-(?:[A-Za-z0-9_-]{2,12}-)?[A-Za-z0-9]{16,}\b"), "[SECRET]"),
    (re.compile(r"\b(?:ghp|gho|ghu|ghs|ghr|github_pat)_[A-Za-z0-9_]{20,}\b"), "[SECRET]"),
    (re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}\b"), "[SECRET]"),
    (re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b"), "[SECRET]"),
    (re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b"), "[SECRET]"),
    (re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b"), "[TOKEN]"),
    (re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=-]{12,}"), "Bearer [TOKEN]"),
    (
        re.compile(
            r"(?i)\b(password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|token|密码)"
            r"(\s*[:=]\s*|\s+is\s+)(['\"]?)[^\s'\",;]{4,}\3"
        ),
        r"\1\2[SECRET]",
    ),
    (re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^\s/:@]+:[^\s/@]+@"), r"\1[CREDENTIALS]@"),
    # Not after a backslash: in JSON text `\n@pytest.mark.django_db` is a line break and a decorator.
    (re.compile(r"(?<![\\\w.%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b"), "[EMAIL]"),
    (re.compile(r"\b\d{17}[\dXx]\b"), "[ID_NUMBER]"),  # PRC resident identity card
    (re.compile(r"\b(?:\d[ -]?){13,19}\b"), "[CARD]"),
    (re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b"), "[IBAN]"),
    (
        re.compile(r"(?<![\w.])(?:\+\d{1,3}[ .-]?)?(?:\(\d{2,4}\)[ .-]?)?\d{3,4}[ .-]\d{3,4}(?:[ .-]\d{2,4})?\b"),
        "[PHONE]",
    ),
    # Mainland China mobile; not inside a longer id (`m01a21f13970c1d36`), which is no number at all.
    (re.compile(r"(?<![0-9A-Za-z_])1[3-9]\d{9}(?![0-9A-Za-z_])"), "[PHONE]"),
    (re.compile(r"\b(?:\d{1,3}\.){3}\d{1,3}\b"), "[IP]"),
]


def _luhn_ok(digits: str) -> bool:
    total, odd = 0, False
    for ch in reversed(digits):
        d = int(ch)
        if odd:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
        odd = not odd
    return total % 10 == 0


def scrub_text(text: str) -> str:
    for pattern, replacement in _PATTERNS:
        if replacement == "[CARD]":
            # Long digit runs are often ids or timestamps: only Luhn-valid ones are card numbers.
            text = pattern.sub(lambda m: "[CARD]" if _luhn_ok(re.sub(r"\D", "", m.group())) else m.group(), text)
        else:
            text = pattern.sub(replacement, text)
    return text


def scrub(value: Any) -> Any:
    """Scrub every string inside a JSON-like value; keys that name secrets lose their value entirely."""
    if isinstance(value, str):
        return scrub_text(value)
    if isinstance(value, dict):
        return {
            k: "[SECRET]" if _SECRET_KEY.search(str(k)) and isinstance(v, str | int) else scrub(v)
            for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return [scrub(v) for v in value]
    return value


_SECRET_KEY = re.compile(r"(?i)(password|passwd|secret|api[_-]?key|token|credential|authorization)")
