"""File operations inside a :class:`Workspace`: read with paging, atomic write, edit, glob and grep.

Every path goes through the workspace's real-path checks first, and is then opened through :mod:`pinned`,
so a symlink swapped in after the check (or while the user was deciding on an approval) cannot redirect
it; what was opened is judged again by its identity, so a hard link to one of Cairn's files is never read
(nor listed by glob and grep). Writes go to a temporary file in the same folder, are flushed to disk and
renamed over the target, so a reader never sees half a file and a failed edit leaves the original untouched.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from servers.nodehost import edit as editing
from servers.nodehost import ignore, pinned
from servers.nodehost.errors import InputError, NodehostError, TargetChanged
from servers.nodehost.ignore import Ignore
from servers.nodehost.models import EditResult, GlobEntry, GlobResult, GrepMatch, GrepResult, ReadResult, WriteResult
from servers.nodehost.paths import Workspace, real
from servers.nodehost.truncate import cut_line, page_lines, split_lines, truncate_bytes

EXCLUDED_DIRS = frozenset({".git", "node_modules", "__pycache__"})
BINARY_SNIFF_BYTES = 8192
MAX_WALK_FILES = 200_000  # bounds the time a glob/grep over a huge tree can take


@dataclass(frozen=True)
class Limits:
    max_output_bytes: int = 50 * 1024
    max_line_chars: int = 2000
    default_read_limit: int = 2000
    max_file_bytes: int = 10 * 1024 * 1024


def _umask() -> int:
    # os.umask can only be read by setting it, which races with other threads; /proc has it on Linux.
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except OSError:
        pass
    return 0o022


UMASK = _umask()


def is_binary(head: bytes) -> bool:
    return b"\x00" in head


def _read_bytes(ws: Workspace, path: str, limits: Limits) -> bytes:
    return pinned.read_bytes(path, limits.max_file_bytes, refuse=ws.link_protection)


def _approved_target(ws: Workspace, raw: str, approved: str | None) -> tuple[str, bool]:
    """Where ``raw`` leads now, which must be the path the user approved (when one was)."""
    path, inside = ws.writable(raw)
    if approved is not None and path != approved:
        raise TargetChanged(
            f"the target changed while waiting for approval: {raw!r} now resolves to {path}, not the approved "
            f"{approved}; nothing written"
        )
    return path, inside


def read_file(ws: Workspace, raw: str, *, offset: int, limit: int | None, limits: Limits) -> ReadResult:
    path = ws.readable(raw)
    data = _read_bytes(ws, path, limits)
    if is_binary(data[:BINARY_SNIFF_BYTES]):
        raise InputError(f"{raw!r} is a binary file ({len(data):,} bytes): fs_read shows text only")
    lines = split_lines(data.decode("utf-8", errors="replace"))
    page = page_lines(
        lines,
        offset=offset,
        limit=limit or limits.default_read_limit,
        max_bytes=limits.max_output_bytes,
        max_line_chars=limits.max_line_chars,
    )
    return ReadResult(
        path=path,
        content=page.text,
        first_line=page.first_line,
        last_line=page.last_line,
        total_lines=page.total_lines,
        truncated=page.truncated,
        next_offset=page.next_offset,
        size_bytes=len(data),
    )


def write_file(ws: Workspace, raw: str, content: str, *, approved: str | None = None) -> WriteResult:
    """Write ``content`` to ``raw``; ``approved`` is the real path the user was shown, if they were asked."""
    path, inside = _approved_target(ws, raw, approved)
    data = content.encode("utf-8")
    created = pinned.write_bytes(path, data, umask=UMASK)
    return WriteResult(
        path=path, bytes=len(data), lines=len(split_lines(content)), created=created, inside_workspace=inside
    )


@dataclass(frozen=True)
class EditSpec:
    old: str
    new: str
    replace_all: bool = False


def edit_file(
    ws: Workspace, raw: str, edits: Sequence[EditSpec], *, limits: Limits, approved: str | None = None
) -> EditResult:
    """Apply ``edits`` in order to one file, all or nothing; the file is written once, atomically."""
    path, _ = _approved_target(ws, raw, approved)
    if not os.path.exists(path):
        raise InputError(f"{raw!r} does not exist: use fs_write to create it")
    decoded = editing.to_lf(_read_bytes(ws, path, limits))
    text = decoded.text
    strategies: list[str] = []
    count = 0
    for index, spec in enumerate(edits, start=1):
        try:
            done = editing.replace(
                text, editing.normalize_input(spec.old), editing.normalize_input(spec.new), replace_all=spec.replace_all
            )
        except InputError as exc:
            where = f"edit {index} of {len(edits)} failed: " if len(edits) > 1 else ""
            raise InputError(f"{where}{exc}; the file was not changed") from None
        text, count = done.content, count + done.count
        strategies.append(done.strategy)
    pinned.write_bytes(path, decoded.encode(text), umask=UMASK)
    diff = editing.unified_diff(decoded.text, text, ws.relative(path))
    shown, dropped = truncate_bytes(diff.text, limits.max_output_bytes)
    if dropped:
        shown += f"\n(Diff truncated: {dropped:,} more bytes. Read the file with fs_read to see the result.)"
    return EditResult(
        path=path,
        strategies=strategies,
        replacements=count,
        additions=diff.additions,
        deletions=diff.deletions,
        line_endings="CRLF" if decoded.crlf else "LF",
        diff=shown,
    )


# --- glob and grep ------------------------------------------------------------------------------------------


def glob_regex(pattern: str) -> re.Pattern[str]:
    """``*`` and ``?`` stay within a folder, ``**/`` spans folders, ``[seq]``/``[!seq]`` are sets.

    A pattern without ``/`` matches file names at any depth (as in ripgrep and .gitignore).
    """
    if "\x00" in pattern:
        raise InputError("pattern contains a null byte")
    body = pattern.lstrip("/") if "/" in pattern else "**/" + pattern
    out: list[str] = []
    i = 0
    while i < len(body):
        if body.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif body.startswith("**", i):
            out.append(".*")
            i += 2
        elif body[i] == "*":
            out.append("[^/]*")
            i += 1
        elif body[i] == "?":
            out.append("[^/]")
            i += 1
        elif body[i] == "[" and (end := body.find("]", i + 2)) != -1:
            inner = body[i + 1 : end]
            negate = inner.startswith("!")
            inner = inner[1:] if negate else inner
            out.append("[" + ("^" if negate else "") + inner.replace("\\", "\\\\") + "]")
            i = end + 1
        else:
            out.append(re.escape(body[i]))
            i += 1
    return re.compile("".join(out) + r"\Z")


def walk_files(ws: Workspace, base: str, skip: Ignore | None = None) -> Iterator[tuple[str, str]]:
    """(real path, path relative to base) of regular files under base, symlinked folders not followed,
    without what ``skip`` ignores.

    A symlinked file is listed only when its target is inside the workspace and not protected.
    """
    if os.path.isfile(base):
        if _plain_file(ws, base):
            yield base, os.path.basename(base)
        return
    seen = 0
    for folder, dirs, names in os.walk(base, followlinks=False):
        dirs[:] = sorted(
            d
            for d in dirs
            if d not in EXCLUDED_DIRS
            and not ws.is_protected(os.path.join(folder, d))
            and not (skip and skip.ignored(os.path.join(folder, d), is_dir=True))
        )
        for name in sorted(names):
            seen += 1
            if seen > MAX_WALK_FILES:
                return
            full = os.path.join(folder, name)
            if skip and skip.ignored(full, is_dir=False):
                continue
            target = real(full)
            if not ws.contains(target) or ws.is_protected(target) or not _plain_file(ws, target):
                continue
            yield target, os.path.relpath(full, base)


def _plain_file(ws: Workspace, path: str) -> bool:
    """A regular file that is not a second name of one of Cairn's files."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode) and ws.link_protection(st) is None


def glob_files(
    ws: Workspace, pattern: str, raw_base: str | None, *, limit: int, include_ignored: bool = False
) -> GlobResult:
    base = ws.directory(raw_base)
    matcher = glob_regex(pattern)
    found: list[GlobEntry] = []
    # Virtualenvs, dependencies and build output would otherwise come first (newest) and crowd out the project.
    skip = None if include_ignored else ignore.for_search(ws, base)
    for target, rel in walk_files(ws, base, skip):
        if matcher.match(rel.replace(os.sep, "/")):
            st = os.stat(target)
            found.append(GlobEntry(path=rel, size=st.st_size, modified=st.st_mtime))
    found.sort(key=lambda entry: (-entry.modified, entry.path))
    shown = found[:limit]
    note = None
    if len(found) > limit:
        note = f"(Showing {limit} of {len(found)} matches, newest first. Narrow the pattern or the path.)"
    elif not found:
        skipped = (
            ".git, node_modules and __pycache__ are skipped"
            if include_ignored
            else ".git, .venv, node_modules, __pycache__ and what .gitignore ignores are skipped "
            "(include_ignored=true lists those too)"
        )
        note = f"(No files match {pattern!r} under {base}; {skipped}.)"
    return GlobResult(
        base=base, pattern=pattern, files=shown, total=len(found), truncated=len(found) > limit, note=note
    )


def grep_files(
    ws: Workspace,
    pattern: str,
    raw_base: str | None,
    *,
    file_pattern: str | None,
    ignore_case: bool,
    context: int,
    max_matches: int,
    limits: Limits,
) -> GrepResult:
    base = ws.directory(raw_base)
    try:
        regex = re.compile(pattern, re.IGNORECASE if ignore_case else 0)
    except re.error as exc:
        raise InputError(f"pattern is not a valid regular expression: {exc}") from None
    name_filter = glob_regex(file_pattern) if file_pattern else None
    matches: list[GrepMatch] = []
    searched = skipped = used = 0
    truncated = False
    for target, rel in walk_files(ws, base):
        if name_filter and not name_filter.match(rel.replace(os.sep, "/")):
            continue
        try:
            data = pinned.read_bytes(target, limits.max_file_bytes, refuse=ws.link_protection)
        except (OSError, NodehostError):  # too large, gone, or swapped for a symlink since the walk saw it
            skipped += 1
            continue
        if is_binary(data[:BINARY_SNIFF_BYTES]):
            skipped += 1
            continue
        searched += 1
        lines = split_lines(data.decode("utf-8", errors="replace"))
        for number, line in enumerate(lines, start=1):
            if not regex.search(line):
                continue
            cut = [cut_line(x, limits.max_line_chars) for x in lines[max(0, number - 1 - context) : number + context]]
            hit = GrepMatch(
                path=rel,
                line=number,
                text=cut_line(line, limits.max_line_chars),
                before=cut[: min(context, number - 1)],
                after=cut[min(context, number - 1) + 1 :],
            )
            used += len(hit.model_dump_json())
            if len(matches) >= max_matches or used > limits.max_output_bytes:
                truncated = True
                break
            matches.append(hit)
        if truncated:
            break
    note = None
    if truncated:
        note = (
            f"(Stopped after {len(matches)} matches / {limits.max_output_bytes:,} bytes. Narrow the pattern, "
            "the path or file_pattern to see the rest.)"
        )
    return GrepResult(
        base=base,
        pattern=pattern,
        matches=matches,
        files_searched=searched,
        files_skipped=skipped,
        truncated=truncated,
        note=note,
    )
