"""Find skills under the paths a user gives: a skill folder, a SKILL.md, or any tree.

One walk per path records each skill with every file it owns, so the checks never
walk the disk again. A SKILL.md found inside another skill's folder is recorded as
nested (hosts only discover top-level skill folders) and its files stay with the
outer skill.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

SKILL_FILENAMES = ("SKILL.md", "skill.md")
# Tool and dependency caches are never skill content; walking them costs time only.
SKIP_DIRS = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        "node_modules",
        "__pycache__",
        ".venv",
        "venv",
        ".tox",
        ".mypy_cache",
        ".ruff_cache",
        ".pytest_cache",
    }
)


@dataclass(frozen=True)
class FileInfo:
    path: Path
    size: int
    mode: int

    @property
    def executable(self) -> bool:
        return bool(self.mode & (stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH))


@dataclass
class SkillLocation:
    folder: Path
    skill_md: Path
    root: Path  # the path the user gave that led here
    files: list[FileInfo] = field(default_factory=list)
    nested: list[Path] = field(default_factory=list)

    @property
    def scope(self) -> Path:
        """Where a host would see this skill beside others: the nearest `skills` folder
        between the user's path and the skill, else the user's path. Plugins each have
        their own `skills/`, and hosts namespace them, so equal names there do not clash.
        """
        for parent in self.folder.parents:
            if parent == self.root or self.root not in parent.parents:
                break
            if parent.name == "skills":
                return parent
        return self.root


@dataclass
class Discovery:
    skills: list[SkillLocation] = field(default_factory=list)
    # Paths the user gave that hold no SKILL.md at all (reported as SR001).
    empty: list[Path] = field(default_factory=list)
    # Directories that could not be listed, with the OS reason (reported as SR002).
    unreadable: list[tuple[Path, str]] = field(default_factory=list)


def skill_file(folder: Path) -> Path | None:
    """The SKILL.md in `folder` (uppercase preferred, as hosts do), or None."""
    try:
        names = set(os.listdir(folder))
    except OSError:
        return None
    return next((folder / n for n in SKILL_FILENAMES if n in names), None)


def discover(paths: list[Path]) -> Discovery:
    found = Discovery()
    seen: set[Path] = set()
    for path in paths:
        hit = False
        if path.is_file():
            if path.name.lower() == "skill.md":
                hit = _walk(path.parent, path.parent, None, found, seen, skill_md=path)
        elif path.is_dir():
            hit = _walk(path, path, None, found, seen)
        if not hit and not any(p == path for p, _ in found.unreadable):
            found.empty.append(path)
    return found


def _walk(
    folder: Path,
    root: Path,
    owner: SkillLocation | None,
    found: Discovery,
    seen: set[Path],
    skill_md: Path | None = None,
) -> bool:
    """Record skills under `folder`; True when at least one (new or already seen) exists."""
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as exc:
        found.unreadable.append((folder, exc.strerror or "cannot list directory"))
        return False
    names = {e.name for e in entries if e.is_file()}
    here = skill_md.name if skill_md else next((n for n in SKILL_FILENAMES if n in names), None)
    if here is not None:
        if owner is None:
            key = folder.resolve()
            if key in seen:
                return True
            seen.add(key)
            owner = SkillLocation(folder, folder / here, root)
            found.skills.append(owner)
        else:
            owner.nested.append(folder / here)
    hit = here is not None
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            if entry.name not in SKIP_DIRS:
                hit = _walk(Path(entry.path), root, owner, found, seen) or hit
        elif owner is not None and entry.is_file(follow_symlinks=False):
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            owner.files.append(FileInfo(Path(entry.path), info.st_size, info.st_mode))
    return hit
