"""Where hooks keep things, and how they log, without importing pydantic (the client must start fast).

``CAIRN_HOME`` is read the way :class:`servers.suite.settings.CairnSettings` reads it (env, else ``~/.cairn``);
a test in ``tests/servers/suite/hooks`` keeps the two in step.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from pathlib import Path

# Per event: how long the hook may take before it gives up and answers nothing (milliseconds).
# Claude Code's own limit is 60 s (SessionEnd: 1.5 s unless the hook entry sets more); ours are far
# below, because a slow prompt hook delays every turn.
BUDGET_MS: dict[str, int] = {
    "session-start": 5000,  # may start the daemon (cold imports ≈ 2 s on 2 cores)
    "user-prompt-submit": 3000,
    "post-tool-use": 800,
    "pre-compact": 20000,  # flushing matters more than speed: compaction waits for it
    "session-end": 1200,  # hands the work to the daemon and returns
}
MAX_LOG_BYTES = 1_000_000
# How long a prompt waits for a daemon it had to start. The daemon's imports take about a second on 2 cores
# (bench/hooks/RESULTS.md); a prompt should not, so it answers without recall and the next one finds it warm.
# Session start starts the daemon without waiting, so in a normal session the first prompt never waits.
COLD_WAIT_MS = 300


def home() -> Path:
    value = os.environ.get("CAIRN_HOME")
    return Path(value).expanduser() if value else Path.home() / ".cairn"


def hooks_dir() -> Path:
    return home() / "hooks"


def sessions_dir() -> Path:
    return hooks_dir() / "sessions"


def log_path() -> Path:
    return home() / "logs" / "hooks.log"


def budget_ms(event: str) -> int:
    raw = os.environ.get(f"CAIRN_HOOKS__BUDGET_{event.upper().replace('-', '_')}_MS")
    try:
        return max(50, int(raw)) if raw else BUDGET_MS.get(event, 1000)
    except ValueError:
        return BUDGET_MS.get(event, 1000)


def cold_wait_ms() -> int:
    raw = os.environ.get("CAIRN_HOOKS__COLD_WAIT_MS")
    try:
        return max(0, int(raw)) if raw else COLD_WAIT_MS
    except ValueError:
        return COLD_WAIT_MS


def log(event: str, message: str) -> None:
    """One line in ``$CAIRN_HOME/logs/hooks.log``; never raises (a hook must not fail on its log)."""
    try:
        path = log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > MAX_LOG_BYTES:
            path.replace(path.with_suffix(".log.1"))
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(f"{stamp} pid={os.getpid()} {event}: {' '.join(message.split())[:2000]}\n")
    except OSError:
        pass


def fingerprint() -> str:
    """What a daemon must share with its clients: the interpreter, the data dir and every CAIRN_ setting."""
    parts = [sys.executable, str(home())]
    parts += sorted(f"{k}={v}" for k, v in os.environ.items() if k.startswith("CAIRN_"))
    return hashlib.sha256("\0".join(parts).encode("utf-8", errors="replace")).hexdigest()[:16]


def socket_path() -> Path:
    """The daemon's socket for this environment.

    Kept in a private temp folder rather than under CAIRN_HOME: a socket path may not exceed about 100
    bytes, which a deep home directory (or a test's tmp_path) easily passes.
    """
    # TMPDIR as tempfile.gettempdir() would read it, without importing tempfile (and random) on the hot path.
    base = Path(os.environ.get("TMPDIR") or "/tmp") / f"cairn-hooks-{os.getuid()}"
    return base / f"{fingerprint()}.sock"


def private_dir(path: Path) -> Path:
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = path.stat()
    if info.st_uid != os.getuid() or info.st_mode & 0o077:
        raise PermissionError(f"{path} must belong to this user with mode 0700")
    return path
