"""Session-start context read straight from the memory server's Markdown files (stdlib only).

Both the daemon and the hook client use this: the daemon for the file part of its session-start answer,
the client when no daemon is warm yet — a session must not wait a second of imports for what is two
files on disk. Where the files live (``<home>/memory/users/<user>/MEMORY.md`` and ``daily/<date>.md``) is
:class:`servers.memory.files.UserFiles`' layout; a test in ``tests/servers/suite/hooks`` keeps the two in step.
"""

from __future__ import annotations

import re
from pathlib import Path

from servers.suite.hooks.tokens import Counter, cut_to_tokens, estimate_tokens

TITLE = "# Cairn memory for this session"
_USER_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@+-]{0,127}$")  # as HooksSettings.user_id and check_user_id


def user_dir(home: Path, user_id: str) -> Path | None:
    """The user's memory folder; None for an id that is not a valid user id (it would not be a path below home)."""
    return home / "memory" / "users" / user_id if _USER_ID.match(user_id) and user_id not in {".", ".."} else None


def read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return None


def body(text: str | None) -> str:
    """A MEMORY.md or daily file as injectable Markdown: no front matter, title, stamp or empty sections."""
    if not text:
        return ""
    if text.startswith("---"):
        text = text.split("---", 2)[-1]
    out: list[str] = []
    heading: str | None = None
    for line in text.strip().splitlines():
        if line.startswith("# ") or line.startswith("Updated:") or line.startswith("<!--") or not line.strip():
            continue
        if line.startswith("## "):
            heading = "#" + line  # one level down: it sits under our own "##" heading
            continue
        if heading is not None:
            out.append(heading)
            heading = None
        out.append(line)
    return "\n".join(out)


def file_sections(memory_md: str | None, daily: str | None, today: str) -> list[str]:
    """The long-term facts and today's summary as sections, facts first; empty files give none."""
    parts: list[str] = []
    facts = body(memory_md)
    if facts:
        parts.append("## Long-term memory (MEMORY.md)\n\n" + facts)
    summary = body(daily)
    if summary:
        parts.append(f"## Today so far ({today})\n\n" + summary)
    return parts


def compose(parts: list[str], budget: int, count: Counter = estimate_tokens) -> str:
    """The session-start text within ``budget`` tokens ("" when there is nothing to say)."""
    if not parts:
        return ""
    text = f"{TITLE}\n\n" + "\n\n".join(parts)
    if count(text) > budget:
        text = cut_to_tokens(text, budget - 8, count) + "\n[more: memory_recall]"
    return text


def start_text(home: Path, user_id: str, today: str, budget: int) -> str:
    """What session start injects from the files alone (the user model's preferences need the daemon)."""
    folder = user_dir(home, user_id)
    if folder is None:
        return ""
    parts = file_sections(read(folder / "MEMORY.md"), read(folder / "daily" / f"{today}.md"), today)
    return compose(parts, budget)
