"""``cairn config``: the settings in force, with every secret masked.

People paste this output into issues and chats, so nothing in it may let a reader in: values of fields
whose name says secret, password, token or key are replaced, and so is the password inside any URL (a
``postgresql://user:password@host/db`` database URL is the common case). The shape stays, so it still
shows *that* a secret is set.
"""

from __future__ import annotations

import os
import re
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from pydantic import ValidationError
from pydantic_settings import SettingsError

from servers.core.settings_check import unreadable_variables
from servers.suite.settings import CairnSettings

MASK = "***"
_SECRET_NAME = re.compile(r"(secret|password|passwd|token|api_?key|private_?key|credential)", re.IGNORECASE)


def redacted(settings: CairnSettings) -> dict[str, Any]:
    masked: dict[str, Any] = _mask(settings.model_dump(mode="json"))
    return masked


def _mask(value: Any, name: str = "") -> Any:
    if isinstance(value, dict):
        return {key: _mask(item, str(key)) for key, item in value.items()}
    if isinstance(value, list):
        return [_mask(item, name) for item in value]
    if isinstance(value, str):
        if value and _SECRET_NAME.search(name):
            return MASK
        return _without_password(value)
    return value


def _without_password(text: str) -> str:
    if "://" not in text or "@" not in text:
        return text
    try:
        parts = urlsplit(text)
        password = parts.password
    except ValueError:
        return text
    if not password:
        return text
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0].split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}:{MASK}@{netloc[1]}"))


def settings_problem(exc: BaseException) -> str | None:
    """A few lines naming each bad ``CAIRN_*`` variable and what was wrong; ``None`` if ``exc`` is not about
    Cairn's settings (then the caller re-raises it)."""
    if isinstance(exc, SettingsError):  # a value that is not even readable, e.g. a list that is not JSON
        return _unreadable(exc)
    if not isinstance(exc, ValidationError) or exc.title != CairnSettings.__name__:
        return None
    lines = ["error: invalid settings (fix the environment or .env and run again):"]
    for error in exc.errors(include_url=False):
        path = [str(part) for part in error["loc"] if not isinstance(part, int)]
        variable = "CAIRN_" + "__".join(path).upper() if path else "CAIRN_*"
        given = error.get("input")
        shown = "" if isinstance(given, dict) or _SECRET_NAME.search(variable) else f" (got {given!r})"
        lines.append(f"  {variable}: {error['msg']}{shown}")
    return "\n".join(lines)


_GROUP = re.compile(r'error parsing value for field "([^"]+)"')
JSON_HINT = (
    "  list and object settings are JSON, e.g. CAIRN_SKILLS__PATHS='[\"/abs/path\"]' or "
    "CAIRN_NODEHOST__ROOTS='[\"~/project\"]'"
)


def _unreadable(exc: SettingsError) -> str:
    """pydantic-settings names only the group (``field "memory"``): find the variable of that group whose
    value is not JSON, and say what is wrong with it."""
    group = _GROUP.search(str(exc))
    found = unreadable_variables(os.environ, CairnSettings, group.group(1)) if group else []
    if not found:
        cause = f": {exc.__cause__}" if exc.__cause__ else ""
        return f"error: invalid settings: {exc}{cause}\n{JSON_HINT}"
    lines = ["error: invalid settings (fix the environment and run again):"]
    for variable, problem in found:
        lines.append(f"  {variable}: not valid JSON ({problem})")
    return "\n".join([*lines, JSON_HINT])
