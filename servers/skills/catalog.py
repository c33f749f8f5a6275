"""The skill library: scopes, overrides, disabling, and reloading when files change.

Scopes: **project** (folders from settings, earlier wins) > **user** (``$CAIRN_HOME/skills/user``)
> **system** (the built-in ``skills/``). A name in a higher scope overrides the same name below it; a
disabled (name, scope) pair is skipped so the next scope down shows through, and disabling a name in
"all" hides it everywhere.

Two skills of one scope may share a name (plugins each ship a ``configure``); hosts namespace them, and so
do we: both become ``<namespace>.<name>``, the namespace being the plugin folder that holds their
``skills/`` folder. Nothing is silently dropped.

Hot reload: a snapshot is cached and rebuilt only when a stamp changes: the mtime of each
root, of every folder between a root and a skill, of each skill folder and of each SKILL.md. Checking
stamps costs a stat per path, so the check runs at most every ``reload_check_s`` seconds (0 = every
call); :meth:`Catalog.fresh` re-checks one skill's own stamp on every read, so an edit to the skill
being activated is never missed. Rebuilds re-lint only the folders whose stamp moved.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from servers.skills.loader import load_skill, problem_of
from servers.skills.models import SCOPES, Problem, Scope, Skill
from skillslint.discovery import discover

Stamp = tuple[int, int] | None
DisabledFn = Callable[[], set[tuple[str, str]]]
_SLUG = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class Library:
    """One consistent view of every skill. ``skills`` holds the enabled, effective skill per name."""

    skills: dict[str, Skill]
    by_scope: dict[Scope, dict[str, Skill]]
    problems: tuple[Problem, ...]
    generation: int
    disabled: frozenset[tuple[str, str]] = frozenset()

    def status(self, skill: Skill) -> str:
        if (skill.name, skill.scope) in self.disabled or (skill.name, "all") in self.disabled:
            return "disabled"
        return "active" if self.skills.get(skill.name) is skill else "overridden"


@dataclass
class _Scan:
    stamps: dict[Path, Stamp] = field(default_factory=dict)
    found: list[tuple[Scope, Path, Path]] = field(default_factory=list)  # scope, folder, SKILL.md


def stamp(path: Path) -> Stamp:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


class Catalog:
    def __init__(
        self,
        roots: Iterable[tuple[Scope, Path]],
        *,
        reload_check_s: float,
        disabled: DisabledFn,
        strict: bool = False,
    ) -> None:
        self.roots = list(roots)
        self.reload_check_s = reload_check_s
        self.strict = strict
        self._disabled = disabled
        self._lock = threading.RLock()
        self._cache: dict[tuple[Scope, Path], tuple[tuple[Stamp, Stamp], Skill | Problem]] = {}
        self._library: Library | None = None
        self._stamps: dict[Path, Stamp] = {}
        self._checked_at = 0.0
        self._generation = 0

    def library(self) -> Library:
        """The current snapshot, rebuilt first if files changed (checked at most every reload_check_s)."""
        now = time.monotonic()
        lib = self._library
        if lib is not None and now - self._checked_at < self.reload_check_s:
            return lib
        with self._lock:
            if self._library is None or self._changed():
                self._rebuild()
            self._checked_at = time.monotonic()
            assert self._library is not None
            return self._library

    def fresh(self, skill: Skill) -> Skill | None:
        """``skill`` re-read if its own files changed since the snapshot (None if it went away)."""
        if stamp(skill.skill_md) == self._stamps.get(skill.skill_md) and stamp(skill.folder) == self._stamps.get(
            skill.folder
        ):
            return skill
        self.invalidate()
        return self.library().skills.get(skill.name)

    def invalidate(self) -> None:
        """Forget the snapshot: the next call rescans (after installs, disables, suggestion edits)."""
        with self._lock:
            self._library = None

    def _changed(self) -> bool:
        return any(stamp(p) != s for p, s in self._stamps.items())

    def _scan(self) -> _Scan:
        scan = _Scan()
        for scope, root in self.roots:
            scan.stamps[root] = stamp(root)
            if not root.is_dir():
                continue
            for loc in discover([root]).skills:
                scan.found.append((scope, loc.folder, loc.skill_md))
                scan.stamps[loc.folder] = stamp(loc.folder)
                scan.stamps[loc.skill_md] = stamp(loc.skill_md)
                # A new skill inside a new sub-folder changes the mtime of the folder above it.
                for parent in loc.folder.parents:
                    if parent == root or root not in parent.parents:
                        break
                    scan.stamps[parent] = stamp(parent)
        return scan

    def _rebuild(self) -> None:
        scan = self._scan()
        cache: dict[tuple[Scope, Path], tuple[tuple[Stamp, Stamp], Skill | Problem]] = {}
        per_scope: dict[Scope, list[Skill]] = defaultdict(list)
        problems: list[Problem] = []
        for scope, folder, skill_md in scan.found:
            key = (scope, folder)
            st = (scan.stamps[folder], scan.stamps[skill_md])
            hit = self._cache.get(key)
            item = (
                hit[1] if hit is not None and hit[0] == st else load_skill(folder, skill_md, scope, strict=self.strict)
            )
            cache[key] = (st, item)
            if isinstance(item, Problem):
                problems.append(item)
            else:
                per_scope[scope].append(item)
                if item.errors:  # served, and its errors shown beside it
                    problems.append(problem_of(item))
        self._cache = cache
        self._stamps = scan.stamps
        self._generation += 1
        disabled = frozenset(self._disabled())
        by_scope = {scope: _qualify(per_scope.get(scope, [])) for scope in SCOPES}
        effective: dict[str, Skill] = {}
        for scope in SCOPES:  # project first: the first enabled skill of a name wins
            for name, skill in by_scope[scope].items():
                if name in effective or (name, scope) in disabled or (name, "all") in disabled:
                    continue
                effective[name] = skill
        self._library = Library(dict(sorted(effective.items())), by_scope, tuple(problems), self._generation, disabled)


def _qualify(skills: list[Skill]) -> dict[str, Skill]:
    groups: dict[str, list[Skill]] = defaultdict(list)
    for skill in skills:
        groups[skill.name].append(skill)
    out: dict[str, Skill] = {}
    for name, members in groups.items():
        if len(members) == 1:
            out[name] = members[0]
            continue
        for skill in members:
            qualified = f"{namespace(skill.folder)}.{name}"
            while qualified in out:  # two plugins with the same folder name: keep both, numbered
                qualified = f"{namespace(skill.folder)}-{len(out)}.{name}"
            out[qualified] = replace(skill, name=qualified)
    return out


def namespace(folder: Path) -> str:
    """The plugin a skill belongs to: ``<plugin>/skills/<skill>`` gives ``plugin``; else the parent folder."""
    parent = folder.parent
    source = parent.parent.name if parent.name == "skills" and parent.parent.name else parent.name
    return _SLUG.sub("-", source.lower()).strip("-") or "skills"


def system_skills_dir() -> Path:
    """The built-in skills: ``skills/`` in a checkout, ``servers/_bundled/skills`` in the wheel."""
    here = Path(__file__).resolve()
    for candidate in (here.parents[2] / "skills", here.parents[1] / "_bundled" / "skills"):
        if candidate.is_dir():
            return candidate
    return here.parents[2] / "skills"
