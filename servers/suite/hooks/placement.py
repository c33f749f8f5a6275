"""Where ``cairn hooks install`` writes, and which command it writes there.

User scope: ``~/.claude/settings.json`` belongs to this machine, so the command is this installation's own
``cairn`` (an absolute path) with the CAIRN_HOME in force pinned, and the host uses the same data as the shell.

Project scope: ``<project>/.claude/settings.json`` is committed and shared, so it gets the portable
``cairn hook EVENT`` (found on each person's PATH, data in each person's CAIRN_HOME). What holds on this
machine only goes to ``<project>/.claude/settings.local.json`` instead, the file Claude Code reads beside it
for one machine: when no ``cairn`` is on PATH (the host could not run the portable command), or when
``--cairn-home`` asks for a data folder to be pinned. One file or the other, never both: the host runs the
entries of both files, and every hook would then run twice.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from servers.suite.hooks.install import cairn_executable

Scope = Literal["user", "project"]
PORTABLE = "cairn"


@dataclass(frozen=True)
class Placement:
    path: Path
    executable: str
    home: str | None  # the CAIRN_HOME written into each command, or None for the host's own
    note: str | None = None  # why the commands are not the portable ones in the shared file


def project_files(project: Path | None) -> tuple[Path, Path]:
    """The shared and the machine-only settings files of a project (default: the current folder)."""
    folder = (project or Path.cwd()).resolve() / ".claude"
    return folder / "settings.json", folder / "settings.local.json"


def placement(scope: Scope, project: Path | None = None, cairn_home: Path | None = None) -> Placement:
    pinned = str(cairn_home.expanduser().resolve()) if cairn_home else None
    if scope == "user":
        home = pinned or os.environ.get("CAIRN_HOME") or None
        return Placement(Path.home() / ".claude" / "settings.json", cairn_executable(), home)
    shared, local = project_files(project)
    if pinned:
        return Placement(local, cairn_executable(), pinned, f"--cairn-home pins {pinned}, which is this machine's")
    if shutil.which(PORTABLE) is None:
        return Placement(
            local,
            cairn_executable(),
            os.environ.get("CAIRN_HOME") or None,
            "no `cairn` on PATH, so the host needs this machine's path to it",
        )
    return Placement(shared, PORTABLE, None)
