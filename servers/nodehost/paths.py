"""Root containment: every path an agent names is resolved to its real path and must sit inside a root.

Lessons from other tool hosts: a prefix check without a separator lets ``/work-evil`` pass for ``/work``;
symlinks escape unless the *real* path is checked; relative paths with ``..`` must be resolved before the
check, never after. Cairn's own data (the whole ``$CAIRN_HOME``: databases, signing keys, session keys, the
nodehost token and policy) and git config files (they can hold credentials) are refused even inside a root,
and so is a hard link to one of Cairn's files, found by the file's identity (:mod:`identity`), not its path.

>>> ws = Workspace([Path("/work")], protected=[Path("/home/u/.cairn")])
>>> ws.readable("src/app.py")          # -> /work/src/app.py (relative paths start at the first root)
>>> ws.readable("../etc/passwd")       # InputError: outside the workspace
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from servers.nodehost import identity
from servers.nodehost.errors import InputError


class ConfigError(ValueError):
    """A configuration nodehost refuses to start with (the message says how to fix it)."""


def is_within(path: str, root: str) -> bool:
    """Component-wise containment on normalised absolute paths: ``/a/b`` is within ``/a``, ``/a-b`` is not."""
    if path == root:
        return True
    prefix = root if root.endswith(os.sep) else root + os.sep
    return path.startswith(prefix)


def is_git_config(path: str) -> bool:
    """A git config file: a repository's, a submodule's or a worktree's (``…/.git/…/config``)."""
    return os.path.basename(path).lower() == "config" and f"{os.sep}.git{os.sep}" in path.lower()


def real(path: str | Path) -> str:
    # realpath follows every symlink it can, including a dangling last component, so a link that points
    # out of the root is judged by where it points.
    return os.path.realpath(os.fspath(path))


@dataclass(frozen=True)
class Workspace:
    """The allowed roots (real paths) and the paths no tool may touch."""

    roots: tuple[str, ...]
    protected: tuple[str, ...] = ()
    source: str = "settings"
    notes: tuple[str, ...] = field(default=())

    @classmethod
    def create(cls, roots: Sequence[Path], protected: Sequence[Path], *, source: str = "settings") -> Workspace:
        return cls(tuple(real(r) for r in roots), tuple(real(p) for p in protected), source)

    @property
    def primary(self) -> str:
        if not self.roots:
            raise InputError(
                "no workspace is configured: set CAIRN_NODEHOST__ROOTS='[\"/path/to/project\"]' (or 'roots:' in the "
                "policy file), or start the server from the project folder"
            )
        return self.roots[0]

    def contains(self, path: str) -> bool:
        return any(is_within(path, root) for root in self.roots)

    def is_protected(self, path: str) -> bool:
        return self.protection(path) is not None

    def protection(self, path: str) -> str | None:
        """Why no tool may touch the real path ``path``, or None when it is not protected."""
        for guarded in self.protected:
            if is_within(path, guarded):
                return f"inside Cairn's own data ({guarded}: databases, keys, tokens, policy)"
        if is_git_config(path):
            return "a git config file, which can hold credentials"
        return None

    def link_protection(self, st: os.stat_result) -> str | None:
        """Why no tool may read the file ``st`` describes, whatever its path: it is a second name (a hard
        link) of a file inside Cairn's own data. None when it is not."""
        if identity.is_linked_to(st, self.protected):
            return "a hard link to a file inside Cairn's own data (the same file under another name)"
        return None

    def holder(self, folder: str) -> str | None:
        """A protected path strictly inside the real path ``folder``: a program recursing from there reaches it."""
        return next((p for p in self.protected if p != folder and is_within(p, folder)), None)

    def resolve(self, raw: str, *, base: str | None = None) -> str:
        """The real absolute path ``raw`` names (relative to ``base`` or the first root); no containment check."""
        if "\x00" in raw:
            raise InputError("path contains a null byte")
        if not raw.strip():
            raise InputError("path is empty")
        expanded = os.path.expanduser(raw)
        joined = expanded if os.path.isabs(expanded) else os.path.join(base or self.primary, expanded)
        return real(joined)

    def _inside(self, raw: str, *, base: str | None = None) -> str:
        path = self.resolve(raw, base=base)
        if reason := self.protection(path):
            raise InputError(f"{raw!r} is {reason}: nodehost never reads or writes it")
        if not self.contains(path):
            raise InputError(
                f"{raw!r} resolves to {path}, outside the workspace ({', '.join(self.roots) or 'none'}); "
                "symlinks are followed before this check"
            )
        return path

    def readable(self, raw: str) -> str:
        """A regular file inside the workspace."""
        path = self._inside(raw)
        try:
            st = os.stat(path)
        except FileNotFoundError:
            raise InputError(f"{raw!r} does not exist") from None
        if stat.S_ISDIR(st.st_mode):
            raise InputError(f"{raw!r} is a directory: use fs_glob to list it")
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"{raw!r} is a device, FIFO or socket: only regular files can be read")
        if reason := self.link_protection(st):
            raise InputError(f"{raw!r} is {reason}: nodehost never reads or writes it")
        return path

    def directory(self, raw: str | None) -> str:
        """A directory (or a single file, for fs_grep) inside the workspace; default the first root."""
        path = self._inside(raw) if raw else self.primary
        try:
            st = os.stat(path)
        except FileNotFoundError:
            raise InputError(f"{raw!r} does not exist") from None
        if not (stat.S_ISDIR(st.st_mode) or stat.S_ISREG(st.st_mode)):
            raise InputError(f"{raw!r} is a device, FIFO or socket")
        if reason := self.link_protection(st):
            raise InputError(f"{raw!r} is {reason}: nodehost never reads or writes it")
        return path

    def writable(self, raw: str) -> tuple[str, bool]:
        """The target of a write and whether it is inside the workspace (outside needs approval).

        Protected paths are refused either way, even with approval; so is anything that is not a regular file.
        """
        path = self.resolve(raw)
        if reason := self.protection(path):
            raise InputError(f"{raw!r} is {reason}: nodehost never reads or writes it")
        try:
            mode = os.stat(path).st_mode
        except FileNotFoundError:
            mode = None
        if mode is not None and stat.S_ISDIR(mode):
            raise InputError(f"{raw!r} is a directory")
        if mode is not None and not stat.S_ISREG(mode):
            raise InputError(f"{raw!r} is a device, FIFO or socket: only regular files can be written")
        return path, self.contains(path)

    def relative(self, path: str) -> str:
        """``path`` relative to the root holding it, for compact listings."""
        for root in self.roots:
            if is_within(path, root):
                return os.path.relpath(path, root)
        return path


def choose_roots(
    configured: Sequence[Path] | None,
    *,
    configured_source: str,
    host_roots: Sequence[Path] | None,
    cwd: Path,
    protected: Sequence[Path],
) -> Workspace:
    """Roots in order: configured, else the host's MCP roots, else the working directory.

    A configured root that is missing, is ``/`` or lies inside Cairn's data stops start-up with a fix; a host
    root that does so is left out (with a note in ``permissions``). A configured or host root may *hold*
    Cairn's data (the home folder holding ``~/.cairn``): that subtree stays refused. The working directory is
    only a fallback nobody chose, so one holding Cairn's data is left out too: a host starting Cairn from the
    home folder gets no workspace rather than all of it.
    """
    guarded = [real(p) for p in protected]

    def problem(root: str, *, chosen: bool) -> str | None:
        if not os.path.isdir(root):
            return "is not an existing directory"
        if root == os.sep:
            return "is the filesystem root"
        inside = next((g for g in guarded if is_within(root, g)), None)
        if inside:
            return f"is inside Cairn's own data ({inside}), which no tool may touch"
        held = next((g for g in guarded if is_within(g, root)), None)
        if held and not chosen:
            return f"contains Cairn's own data ({held}) and was not chosen as a workspace"
        return None

    def held_notes(roots: Sequence[str]) -> list[str]:
        return [
            f"{root} holds Cairn's own data ({g}): that subtree is refused, and without a sandbox system_run "
            "must run from a folder that does not hold it"
            for root in roots
            for g in guarded
            if is_within(g, root)
        ]

    if configured:
        roots = [real(r) for r in configured]
        for root in roots:
            issue = problem(root, chosen=True)
            if issue:
                raise ConfigError(
                    f"nodehost root {root} ({configured_source}) {issue}: choose a project folder, "
                    "or move CAIRN_HOME outside it"
                )
        unique = tuple(dict.fromkeys(roots))
        return Workspace(unique, tuple(guarded), configured_source, tuple(held_notes(unique)))
    candidates, source = ([real(r) for r in host_roots], "host") if host_roots else ([real(cwd)], "cwd")
    kept, notes = [], []
    for root in candidates:
        issue = problem(root, chosen=source == "host")
        if issue:
            notes.append(f"left out {root}: it {issue}")
        else:
            kept.append(root)
    unique = tuple(dict.fromkeys(kept))
    return Workspace(unique, tuple(guarded), source, (*notes, *held_notes(unique)))
