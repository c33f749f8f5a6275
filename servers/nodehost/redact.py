"""Recognising secrets: by variable name (for the child environment) and by shape (for the audit log).

Both lists err on the side of hiding: a variable dropped by mistake can be kept with
``CAIRN_NODEHOST__ENV_PASSTHROUGH``; a value hidden by mistake only costs detail in the audit log.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

SECRET_NAME = re.compile(
    r"(TOKEN|SECRET|PASSW(OR)?D|PASSPHRASE|CREDENTIAL|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|_KEY$|^KEY$|SESSION_?ID|"
    r"COOKIE|AUTH(?!OR)|^AWS_|^AZURE_|^GOOGLE_APPLICATION_CREDENTIALS$|^CAIRN_|^SSH_AUTH_SOCK$|^GPG_AGENT_INFO$|"
    r"^NPM_CONFIG_.*AUTH|DATABASE_URL$|_DSN$)",
    re.IGNORECASE,
)

# Token shapes of common providers, bearer headers, key blocks, and credentials inside URLs.
SECRET_VALUE = re.compile(
    r"(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|sk-[A-Za-z0-9_-]{16,}|xox[abprs]-[A-Za-z0-9-]{10,}|"
    r"AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|glpat-[A-Za-z0-9_-]{16,}|eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\."
    r"[A-Za-z0-9_-]+|-----BEGIN [A-Z ]*PRIVATE KEY-----|(?i:bearer)\s+[A-Za-z0-9._~+/=-]{12,}|"
    r"://[^/\s:@]+:[^/\s@]+@)"
)

# An argument like --password=x or token=x: the value after the '=' is hidden.
SECRET_ASSIGNMENT = re.compile(r"^(-{0,2}[A-Za-z0-9_.-]*(?:pass|secret|token|key|auth)[A-Za-z0-9_.-]*[=:])(.+)$", re.I)

REDACTED = "[REDACTED]"
MAX_AUDIT_STRING = 500


def is_secret_name(name: str) -> bool:
    return bool(SECRET_NAME.search(name))


def scrub_env(env: Mapping[str, str], keep: frozenset[str] = frozenset()) -> dict[str, str]:
    """The environment without variables that look like credentials (names or values)."""
    return {k: v for k, v in env.items() if k in keep or not (is_secret_name(k) or SECRET_VALUE.search(v or ""))}


def redact_text(text: str) -> str:
    assignment = SECRET_ASSIGNMENT.match(text)
    if assignment:
        return assignment.group(1) + REDACTED
    return SECRET_VALUE.sub(REDACTED, text)


def redact(value: Any, *, key: str | None = None) -> Any:
    """A copy of ``value`` fit for the audit log: secrets hidden, long strings shortened."""
    if key is not None and is_secret_name(key):
        return REDACTED
    if isinstance(value, str):
        text = redact_text(value)
        if len(text) > MAX_AUDIT_STRING:
            return f"{text[:MAX_AUDIT_STRING]}… [{len(value):,} chars]"
        return text
    if isinstance(value, Mapping):
        return {str(k): redact(v, key=str(k)) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redact(v) for v in value]
    return value
