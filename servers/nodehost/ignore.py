"""What ``fs_glob`` leaves out by default: what the project's root ``.gitignore`` ignores, and always the
folders no one looks for files in (``.git``, ``.venv``, ``node_modules``, ``__pycache__``).

The rules are git's for one ``.gitignore`` file: blank lines and ``#`` comments are skipped; ``!`` re-includes;
a trailing ``/`` matches folders only; a pattern with a ``/`` elsewhere is anchored at the root, one without
matches a name at any depth; ``*``, ``?``, ``[…]`` and ``**`` as in globs; the last matching rule wins. An ignored
folder is not entered, so nothing inside it can be re-included (as in git). Nested ``.gitignore`` files and
git's global excludes are not read.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from servers.nodehost.errors import InputError
from servers.nodehost.paths import Workspace, is_within, real

ALWAYS_SKIPPED = frozenset({".git", ".venv", "node_modules", "__pycache__"})
MAX_GITIGNORE_BYTES = 256 * 1024  # a .gitignore is a few KB; a huge one is not worth the time


@dataclass(frozen=True)
class Rule:
    regex: re.Pattern[str]
    negated: bool
    folders_only: bool


@dataclass(frozen=True)
class Ignore:
    """Answers "is this path ignored?" for paths under ``root`` (the workspace root the search runs in)."""

    root: str
    rules: tuple[Rule, ...]

    def ignored(self, path: str, *, is_dir: bool) -> bool:
        if is_dir and os.path.basename(path) in ALWAYS_SKIPPED:
            return True
        if not self.rules or not is_within(path, self.root):
            return False
        rel = os.path.relpath(path, self.root).replace(os.sep, "/")
        verdict = False
        for rule in self.rules:
            if rule.folders_only and not is_dir:
                continue
            if rule.regex.match(rel):
                verdict = not rule.negated
        return verdict


def for_search(ws: Workspace, base: str) -> Ignore:
    """The rules of the ``.gitignore`` at the root of the workspace folder that holds ``base``."""
    root = max((r for r in ws.roots if is_within(base, r)), key=len, default=base)
    return Ignore(root, tuple(parse(_read_gitignore(ws, root))))


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


def parse(text: str) -> list[Rule]:
    from servers.nodehost.files import glob_regex

    rules: list[Rule] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line or line.startswith("#"):
            continue
        negated = line.startswith("!")
        line = line[1:] if negated else line
        if line.startswith(("\\#", "\\!")):
            line = line[1:]
        folders_only = line.endswith("/")
        line = line.rstrip("/")
        if not line:
            continue
        try:
            # glob_regex anchors a pattern with a '/' at the root and matches one without at any depth,
            # which is how .gitignore reads them too.
            rules.append(Rule(glob_regex(line), negated, folders_only))
        except (InputError, re.error):
            continue  # a line git would not understand either: skipped, the others still apply
    return rules
