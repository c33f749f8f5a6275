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
            [sys.executable, "-m", "servers.suite.cli.main", "serve", "memory", "--port", str(port)],
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


def test_a_busy_port_is_found_before_any_server_is_loaded(tmp_path: Path) -> None:
    """What is imported, not how long it took: the check must not wait for the servers (seconds to import)."""
    probe = (
        "import sys\n"
        "from servers.suite.cli.main import main\n"
        "status = main(['serve', 'all', '--port', sys.argv[1]])\n"
        "heavy = ('fastmcp', 'servers.suite.serving', 'servers.suite.endpoint', 'servers.memory.server',"
        " 'registry.app')\n"
        "print(sorted(name for name in heavy if name in sys.modules))\n"
        "sys.exit(status)\n"
    )
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-c", probe, str(port)],
            env=child_env(tmp_path / "home"),
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode == 3, done.stderr
    assert done.stdout.strip() == "[]"
