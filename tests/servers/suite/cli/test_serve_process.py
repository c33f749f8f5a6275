"""The README's run command as a real process: `cairn serve` starts every server over Streamable HTTP
with OAuth, and the skills registry beside them, seeded with the built-in skills; SIGTERM stops both."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.conftest import REPO_ROOT
from tests.servers.core.test_private import too_open
from tests.support import child_env, free_port

pytestmark = pytest.mark.slow


def wait_for(url: str, process: subprocess.Popen[bytes], seconds: float = 90) -> httpx.Response:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(
                f"cairn serve exited early: {process.stderr.read().decode() if process.stderr else ''}"
            )
        try:
            return httpx.get(url, timeout=2)
        except httpx.HTTPError:
            time.sleep(0.25)
    raise AssertionError(f"{url} did not answer within {seconds} s")


def test_cairn_serve_runs_the_suite_and_the_registry(tmp_path: Path) -> None:
    port, registry_port = free_port(), free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "servers.suite.cli.main",
            "serve",
            "--port",
            str(port),
            "--registry-port",
            str(registry_port),
        ],
        env=child_env(tmp_path / "home"),
        cwd=REPO_ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        umask=0,  # no help from the umask: only the modes Cairn asks for keep its files private
    )
    try:
        health = wait_for(f"http://127.0.0.1:{port}/health", process)
        assert health.json()["server"] == "all"
        home = wait_for(f"http://127.0.0.1:{registry_port}/", process)
        assert home.status_code == 200 and "memory-habits" in home.text
        unauthenticated = httpx.post(f"http://127.0.0.1:{port}/mcp", json={})
        assert unauthenticated.status_code == 401  # OAuth by default
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
    finally:
        if process.poll() is None:
            process.kill()
    errors = process.stderr.read().decode() if process.stderr else ""
    assert "First start: created user 'admin'" in errors
    assert errors.count("First start") == 1  # one user store shared by the suite and the registry
    # Nothing it made is readable by anyone else: every folder 0700, no file with group or other bits.
    assert too_open(tmp_path / "home") == []
