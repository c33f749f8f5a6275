"""`cairn serve` on a port that is taken: one clear line, before any connect instructions, and a failing exit."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT
from tests.support import child_env

pytestmark = pytest.mark.slow


def test_a_busy_port_is_reported_before_anything_else(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "servers.cli.main", "serve", "memory", "--port", str(port)],
            env=child_env(tmp_path / "home"),
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode == 3
    assert done.stderr.strip().splitlines() == [
        f"error: port {port} on 127.0.0.1 is already in use (is Cairn already running?); stop that process or "
        "serve on another port with --port (or --registry-port for the registry)"
    ]
    assert "claude mcp add" not in done.stderr and "Traceback" not in done.stderr
