"""What changed between two published versions of a skill: files added, removed and changed, the
frontmatter fields that differ, and a unified diff of each changed text file.

Both archives are read from storage and compared in memory, so every bound is here: a file larger than
``MAX_TEXT_BYTES`` (or with more than ``MAX_TEXT_LINES`` lines) is compared by checksum only, a file's diff
stops after ``MAX_FILE_LINES`` lines, and once the comparison has shown ``MAX_TOTAL_LINES`` lines the
remaining files are only listed. Each cut says so in ``note``; a binary file is never diffed.

    comparison = compare_versions(reg, "pdf-tools", "1.0.0", "1.1.0")   # HTTPProblem 400/404 on bad input
    comparison.as_json()                                                # the API's body
"""

from __future__ import annotations

import difflib
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any, Literal

from registry import semver
from registry.archive import SKILL_FILE, Contents, Limits, read_archive
from registry.context import Registry
from registry.http import NAME, HTTPProblem
from registry.storage.rows import FullVersion

MAX_TEXT_BYTES = 256 * 1024
MAX_TEXT_LINES = 6_000
MAX_FILE_LINES = 2_000
MAX_TOTAL_LINES = 10_000
CONTEXT_LINES = 3
# Comparisons are pure functions of two immutable archives, and a changelog link is followed by many
# readers: the last few are kept rather than unpacked and diffed again.
CACHE_SIZE = 16

Status = Literal["added", "removed", "changed"]
LineKind = Literal["file", "hunk", "add", "del", "ctx"]


@dataclass(frozen=True)
class FileChange:
    path: str
    status: Status
    old_size: int | None
    new_size: int | None
    binary: bool
    old_mode: str | None = None  # "0644" / "0755": shown when only the execute bit changed too
    new_mode: str | None = None
    additions: int | None = None  # None when the file was not diffed
    deletions: int | None = None
    diff: str | None = None
    note: str | None = None  # why the diff is missing or cut

    def rows(self) -> Iterator[tuple[LineKind, str]]:
        """The diff's lines with what each one is, for the page to colour (the +/- stay in the text)."""
        for line in (self.diff or "").splitlines():
            if line.startswith(("--- ", "+++ ")):
                yield "file", line
            elif line.startswith("@@"):
                yield "hunk", line
            elif line.startswith("+"):
                yield "add", line
            elif line.startswith("-"):
                yield "del", line
            else:
                yield "ctx", line


@dataclass(frozen=True)
class FieldChange:
    key: str
    old: Any  # None when the field was added
    new: Any  # None when it was removed


@dataclass(frozen=True)
class Comparison:
    name: str
    old_version: str
    new_version: str
    files: list[FileChange]
    unchanged: int
    frontmatter: list[FieldChange]
    truncated: bool  # some diff was cut or left out (see each file's note)

    def count(self, status: Status) -> int:
        return sum(1 for f in self.files if f.status == status)

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "from_version": self.old_version,
            "to_version": self.new_version,
            "summary": {
                "added": self.count("added"),
                "removed": self.count("removed"),
                "changed": self.count("changed"),
                "unchanged": self.unchanged,
            },
            "frontmatter": [{"key": c.key, "from": c.old, "to": c.new} for c in self.frontmatter],
            "files": [
                {
                    "path": f.path,
                    "status": f.status,
                    "from_size": f.old_size,
                    "to_size": f.new_size,
                    "binary": f.binary,
                    "from_mode": f.old_mode,
                    "to_mode": f.new_mode,
                    "additions": f.additions,
                    "deletions": f.deletions,
                    "diff": f.diff,
                    "note": f.note,
                }
                for f in self.files
            ],
            "truncated": self.truncated,
        }


_cache: OrderedDict[tuple[str, str, str, str], Comparison] = OrderedDict()
_cache_lock = threading.Lock()  # comparisons run on the thread pool, several at once


def compare_versions(reg: Registry, name: str, old: str, new: str) -> Comparison:
    """``name`` from version ``old`` to version ``new``; 404 for a skill or version the registry does not
    have, 400 for the same version twice."""
    skill = reg.store.skill(name) if NAME.match(name) else None
    if skill is None:
        raise HTTPProblem(404, "not_found", f"There is no skill named {name!r}.")
    rows = []
    for version in (old, new):
        # Only a well-formed version can exist; checking first keeps odd bytes away from the database.
        row = reg.store.version(name, version) if semver.is_valid(version) else None
        if row is None:
            raise HTTPProblem(404, "not_found", f"{name} has no version {version[:80]!r}; its page lists them.")
        rows.append(row)
    if old == new:
        raise HTTPProblem(400, "same_version", f"Both sides are {name} {old}; choose two different versions.")
    key = (name, old, new, rows[0].sha256 + rows[1].sha256)
    with _cache_lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    before, after = (_contents(reg, row) for row in rows)
    result = compare(name, old, new, before, after, rows[0].frontmatter, rows[1].frontmatter)
    with _cache_lock:
        _cache[key] = result
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return result


def _contents(reg: Registry, row: FullVersion) -> Contents:
    data = reg.store.blobs.get(row.sha256)
    if data is None:
        raise HTTPProblem(500, "artifact_missing", "An archive is missing from storage; tell the operator.")
    return read_archive(data, Limits.from_settings(reg.settings))


def compare(
    name: str,
    old_version: str,
    new_version: str,
    before: Contents,
    after: Contents,
    old_frontmatter: dict[str, Any],
    new_frontmatter: dict[str, Any],
) -> Comparison:
    """The comparison of two unpacked versions (no storage: what :func:`compare_versions` computes)."""
    paths = sorted(before.files.keys() | after.files.keys(), key=lambda p: (p != SKILL_FILE, p))
    budget = MAX_TOTAL_LINES
    files: list[FileChange] = []
    unchanged = 0
    truncated = False
    for path in paths:
        old, new = before.files.get(path), after.files.get(path)
        old_mode = _mode(before, path) if old is not None else None
        new_mode = _mode(after, path) if new is not None else None
        if old == new and old_mode == new_mode:
            unchanged += 1
            continue
        status: Status = "added" if old is None else "removed" if new is None else "changed"
        binary = any(_is_binary(b) for b in (old, new) if b is not None)
        modes = (old_mode, new_mode) if status == "changed" and old_mode != new_mode else (None, None)
        base = FileChange(path, status, _size(old), _size(new), binary, *modes)
        change = _with_diff(base, old, new, budget)
        if change.note and not binary:
            truncated = True
        budget -= len(change.diff.splitlines()) if change.diff else 0
        files.append(change)
    fields = [
        FieldChange(key, old_frontmatter.get(key), new_frontmatter.get(key))
        for key in sorted(old_frontmatter.keys() | new_frontmatter.keys())
        if old_frontmatter.get(key) != new_frontmatter.get(key)
    ]
    return Comparison(name, old_version, new_version, files, unchanged, fields, truncated)


def _with_diff(change: FileChange, old: bytes | None, new: bytes | None, budget: int) -> FileChange:
    if old == new:  # only the mode changed
        return change
    if change.binary:
        return replace(change, note=f"Binary file: {_digests(old, new)}.")
    if max(len(old or b""), len(new or b"")) > MAX_TEXT_BYTES:
        return replace(change, note=f"Too large to diff (over {MAX_TEXT_BYTES // 1024} KB): {_digests(old, new)}.")
    old_lines, new_lines = (_lines(b) for b in (old, new))
    if max(len(old_lines), len(new_lines)) > MAX_TEXT_LINES:
        return replace(change, note=f"Too long to diff (over {MAX_TEXT_LINES:,} lines): {_digests(old, new)}.")
    if budget <= 0:
        return replace(change, note="Not shown: this comparison's diff is already too long; download both archives.")
    lines = list(
        difflib.unified_diff(
            old_lines,
            new_lines,
            fromfile="/dev/null" if old is None else f"a/{change.path}",
            tofile="/dev/null" if new is None else f"b/{change.path}",
            n=CONTEXT_LINES,
            lineterm="",
        )
    )
    body = lines[2:]
    additions = sum(1 for line in body if line.startswith("+"))
    deletions = sum(1 for line in body if line.startswith("-"))
    limit = min(MAX_FILE_LINES, budget)
    note = None
    if len(lines) > limit:
        note = f"The diff is cut after {limit:,} of its {len(lines):,} lines; download both archives for the rest."
        lines = lines[:limit]
    return replace(change, additions=additions, deletions=deletions, diff="\n".join(lines), note=note)


def _lines(data: bytes | None) -> list[str]:
    return [] if data is None else data.decode("utf-8").splitlines()


def _is_binary(data: bytes) -> bool:
    if b"\x00" in data[:8192]:
        return True
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def _size(data: bytes | None) -> int | None:
    return None if data is None else len(data)


def _mode(contents: Contents, path: str) -> str:
    return f"{contents.mode(path):04o}"


def _digests(old: bytes | None, new: bytes | None) -> str:
    def short(data: bytes | None) -> str:
        return "none" if data is None else "sha256 " + hashlib.sha256(data).hexdigest()[:12]

    return f"{short(old)} → {short(new)}"
