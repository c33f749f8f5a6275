"""An optional OS sandbox for ``system_run``: bubblewrap (``bwrap``, Linux), when it is installed and works.

``CAIRN_NODEHOST__SANDBOX``: ``auto`` (default) uses bubblewrap when ``bwrap`` is on PATH and can start a
sandbox here, else runs with argument checks only; ``bwrap`` requires it (start-up fails without it); ``off``
never uses it. Inside, the program sees::

    /                 read-only (the host's files, as they are)
    workspace roots   read-write
    Cairn's data      hidden: an empty tmpfs over each protected folder, /dev/null over each protected file
    /tmp              a private, empty tmpfs
    /proc, /dev       its own (a new PID namespace: other processes, and their /proc/PID/root, are not visible)

It still reaches the network and local sockets, and may read anything else on the host that the user may,
git config files included (git needs them; the argument checks refuse naming them).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from servers.nodehost.paths import ConfigError, Workspace, is_within

Mode = Literal["auto", "bwrap", "off"]
PROBE_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class Sandbox:
    """The sandbox system_run uses: bubblewrap at ``bwrap``, or none (and why not)."""

    bwrap: str | None = None
    why_none: str = "turned off (CAIRN_NODEHOST__SANDBOX=off)"

    @property
    def active(self) -> bool:
        return self.bwrap is not None

    def describe(self) -> str:
        if self.bwrap:
            return (
                f"bubblewrap ({self.bwrap}): Cairn's data hidden, the filesystem read-only except the workspace "
                "roots, a private /tmp"
            )
        return f"none: argument checks only ({self.why_none})"

    def command(self, executable: str, argv: list[str], cwd: str, ws: Workspace) -> list[str]:
        """The bwrap command line running ``executable`` with ``argv[1:]`` in ``cwd``."""
        if self.bwrap is None:
            raise RuntimeError("no sandbox is in force")
        cmd = [self.bwrap, "--die-with-parent", "--unshare-pid", "--ro-bind", "/", "/", "--dev", "/dev"]
        cmd += ["--proc", "/proc", "--tmpfs", "/tmp"]
        # Mounts apply in order: roots over the read-only view, then Cairn's data hidden over the roots (a
        # root may hold it). Shorter paths first, so a nested root or folder is mounted over its parent.
        for root in sorted(ws.roots, key=len):
            cmd += ["--bind", root, root]
        for guarded in sorted(ws.protected, key=len):
            if any(g != guarded and is_within(guarded, g) for g in ws.protected):
                continue  # already hidden with the folder holding it
            if os.path.isdir(guarded):
                cmd += ["--tmpfs", guarded]
            elif os.path.lexists(guarded):
                cmd += ["--ro-bind", os.devnull, guarded]
        # bwrap 0.8 cannot set argv[0]: the program sees its real path there.
        return [*cmd, "--chdir", cwd, "--", executable, *argv[1:]]


@lru_cache(maxsize=8)
def _probe(bwrap: str) -> str | None:
    """None when ``bwrap`` can start a sandbox like ours here, else what went wrong (user namespaces off…)."""
    true = shutil.which("true") or "/bin/true"
    cmd = [bwrap, "--die-with-parent", "--unshare-pid", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
    try:
        done = subprocess.run(
            [*cmd, "--tmpfs", "/tmp", "--", true], capture_output=True, timeout=PROBE_TIMEOUT_S, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"{bwrap} could not be started: {exc}"
    if done.returncode != 0:
        detail = done.stderr.decode("utf-8", errors="replace").strip()[:300]
        return f"{bwrap} is installed but cannot create a sandbox here: {detail or f'exit {done.returncode}'}"
    return None


def choose_sandbox(mode: Mode) -> Sandbox:
    """The sandbox for ``mode``; ``bwrap`` without a working bubblewrap stops start-up."""
    if mode == "off":
        return Sandbox()
    found = shutil.which("bwrap")
    problem = _probe(os.path.realpath(found)) if found else "bwrap is not installed (not found on PATH)"
    if problem is None and found:
        return Sandbox(bwrap=os.path.realpath(found))
    if mode == "bwrap":
        raise ConfigError(f"CAIRN_NODEHOST__SANDBOX=bwrap, but {problem}: install bubblewrap, or set it to auto")
    return Sandbox(why_none=problem or "unavailable")
