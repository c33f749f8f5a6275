"""The human-readable layer: ``MEMORY.md`` (long-term facts) and ``daily/YYYY-MM-DD.md`` per user.

Files are written atomically (temp file + rename) under a per-user lock, so a reader or a second
process never sees half a file. A person may edit MEMORY.md: bullets they add become facts, bullets
they delete are never re-added, and free text they write is kept where they put it.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from servers.memory.models import Entry, check_user_id

LONGTERM_SECTIONS = {
    "User Preferences": "preference",
    "Decisions": "decision",
    "Facts": "fact",
    "Workflow Patterns": "task",
}
SECTION_FOR_TYPE = {"preference": "User Preferences", "decision": "Decisions", "task": "Workflow Patterns"}
_BULLET = re.compile(r"^\s*[-*]\s+(.*\S)\s*$")
_HEADING = re.compile(r"^##\s+(.*\S)\s*$")
MAX_BULLET_CHARS = 300
# libyaml's safe dumper writes the same text three times faster: an export of 10k entries waits on it.
_SafeDumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def bullet_text(content: str) -> str:
    line = " ".join(content.split())
    return line if len(line) <= MAX_BULLET_CHARS else line[: MAX_BULLET_CHARS - 1] + "…"


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass
class ParsedMemoryFile:
    """Sections in file order; per section its bullets and the free lines a person wrote."""

    order: list[str] = field(default_factory=list)
    bullets: dict[str, list[str]] = field(default_factory=dict)
    notes: dict[str, list[str]] = field(default_factory=dict)


def parse_memory_file(text: str) -> ParsedMemoryFile:
    parsed = ParsedMemoryFile()
    section = ""
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            section = heading.group(1)
            if section not in parsed.order:
                parsed.order.append(section)
            continue
        if not section:
            continue  # the title and "Updated:" line are ours
        bullet = _BULLET.match(line)
        if bullet:
            parsed.bullets.setdefault(section, []).append(bullet.group(1))
        elif line.strip():
            parsed.notes.setdefault(section, []).append(line.rstrip())
    return parsed


def render_memory_file(
    sections: dict[str, list[str]], notes: dict[str, list[str]], order: list[str], updated: str
) -> str:
    names = [*order, *(s for s in LONGTERM_SECTIONS if s not in order), *(s for s in sections if s not in order)]
    out = ["# Long-Term Memory", "", f"Updated: {updated}", ""]
    for name in dict.fromkeys(names):
        bullets, free = sections.get(name, []), notes.get(name, [])
        if not bullets and not free and name not in LONGTERM_SECTIONS:
            continue
        out.append(f"## {name}")
        out.extend(free)
        out.extend(f"- {b}" for b in bullets)
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def render_daily(date: str, entries: list[Entry]) -> str:
    """The day's summary: facts and decisions, tool usage, tasks, notes."""
    sources = sorted({e.source for e in entries})
    facts = [e for e in entries if e.type in ("preference", "decision", "fact")]
    tasks = [e for e in entries if e.type == "task"]
    other = [e for e in entries if e.type in ("note", "auto_flush", "auto_capture")]
    tool_counts: dict[str, int] = {}
    for task in tasks:
        for step in task.trace or []:
            tool_counts[str(step.get("tool"))] = tool_counts.get(str(step.get("tool")), 0) + 1
    lines = [
        "---",
        f"date: {date}",
        f"entry_count: {len(entries)}",
        f"sources: [{', '.join(sources)}]",
        "---",
        "",
        f"# {date}",
        "",
    ]
    if facts:
        lines += ["## Facts and decisions", *(f"- {bullet_text(e.content)}" for e in facts), ""]
    if tasks:
        lines.append("## Tasks")
        for task in tasks:
            first = task.content.splitlines()[0].removeprefix("Task: ")
            lines.append(f"- {bullet_text(first)} ({task.slots.get('outcome', 'done')})")
        lines.append("")
    if tool_counts:
        usage = ", ".join(f"{name} × {n}" for name, n in sorted(tool_counts.items(), key=lambda kv: -kv[1]))
        lines += ["## Tool usage", f"- {usage}", ""]
    if other:
        lines += ["## Notes", *(f"- {bullet_text(e.content)}" for e in other[:50]), ""]
    return "\n".join(lines).rstrip() + "\n"


class UserFiles:
    """Where one user's Markdown lives: ``<home>/memory/users/<user_id>/``."""

    def __init__(self, root: Path, user_id: str) -> None:
        self.dir = root / "users" / check_user_id(user_id)

    @property
    def memory_md(self) -> Path:
        return self.dir / "MEMORY.md"

    def daily(self, date: str) -> Path:
        return self.dir / "daily" / f"{date}.md"

    @contextmanager
    def locked(self) -> Iterator[None]:
        self.dir.mkdir(parents=True, exist_ok=True)
        with open(self.dir / ".lock", "a+") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)

    def read(self, path: Path) -> str | None:
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None

    def write_atomic(self, path: Path, text: str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def entry_markdown(entry: Entry) -> str:
    meta = entry.model_dump(exclude={"content", "trace"}, exclude_none=True)
    if entry.trace:
        meta["trace"] = entry.trace
    header: str = yaml.dump(meta, Dumper=_SafeDumper, allow_unicode=True, sort_keys=False)
    return "---\n" + header + "---\n\n" + entry.content + "\n"
