"""What ``fs_glob`` leaves out by default: what the project's root ``.gitignore`` ignores, and always the
folders no one looks for files in (``.git``, ``.venv``, ``node_modules``, ``__pycache__``).

The rules are git's for one ``.gitignore`` file, as ``pathspec`` implements them (escapes, character ranges,
``**``, ``!`` and trailing ``/`` included); a line git would refuse is skipped, the others still apply. An
ignored folder is not entered, so nothing inside it can be re-included (as in git). A search started inside
an ignored folder was asked for on purpose: its files are listed. Nested ``.gitignore`` files and git's
global excludes are not read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from servers.nodehost.paths import Workspace, is_within, real

if TYPE_CHECKING:
    from pathspec import GitIgnoreSpec

ALWAYS_SKIPPED = frozenset({".git", ".venv", "node_modules", "__pycache__"})
MAX_GITIGNORE_BYTES = 256 * 1024  # a .gitignore is a few KB; a huge one is not worth the time


@dataclass(frozen=True)
class Ignore:
    """Answers "is this path ignored?" for paths under ``root`` (the workspace root the search runs in)."""

    root: str
    spec: GitIgnoreSpec | None

    def ignored(self, path: str, *, is_dir: bool) -> bool:
        if is_dir and os.path.basename(path) in ALWAYS_SKIPPED:
            return True
        if self.spec is None or not is_within(path, self.root):
            return False
        rel = os.path.relpath(path, self.root).replace(os.sep, "/")
        return rel != "." and self.spec.match_file(rel + "/" if is_dir else rel)


def for_search(ws: Workspace, base: str) -> Ignore:
    """The rules of the ``.gitignore`` at the root of the workspace folder that holds ``base``; none when
    ``base`` itself lies in an ignored folder."""
    root = max((r for r in ws.roots if is_within(base, r)), key=len, default=base)
    rules = Ignore(root, parse(_read_gitignore(ws, root)))
    inside_ignored = os.path.isdir(base) and rules.ignored(base, is_dir=True)
    return Ignore(root, None) if inside_ignored else rules


def _read_gitignore(ws: Workspace, root: str) -> str:
    path = os.path.join(root, ".gitignore")
    target = real(path)
    # A .gitignore that is a link out of the workspace, or a protected file, is not read.
    if not os.path.isfile(target) or not ws.contains(target) or ws.is_protected(target):
        return ""
    try:
        with open(target, "rb") as handle:
            return handle.read(MAX_GITIGNORE_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return ""


def parse(text: str) -> GitIgnoreSpec | None:
    """The rules of one ``.gitignore``; None when it has none."""
    # Imported here: only a search that honours .gitignore pays for it, not every start of the server.
    from pathspec import GitIgnoreSpec
    from pathspec.patterns.gitignore import GitIgnorePatternError
    from pathspec.patterns.gitignore.spec import GitIgnoreSpecPattern

    patterns: list[GitIgnoreSpecPattern] = []
    for line in text.splitlines():
        try:
            pattern = GitIgnoreSpecPattern(line)
        except GitIgnorePatternError:
            continue  # a line git would not understand either: skipped, the others still apply
        if pattern.include is not None:  # blank lines and comments have no verdict
            patterns.append(pattern)
    return GitIgnoreSpec(patterns) if patterns else None
