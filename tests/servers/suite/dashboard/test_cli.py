"""What a user runs: ``cairn serve all --transport http`` serves the dashboard beside ``/mcp``, and
``cairn dashboard`` hands out a one-time link that opens it for the local user."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.support import cairn_process, free_port

pytestmark = pytest.mark.slow
REPO = Path(__file__).resolve().parents[4]


def test_serve_mounts_the_dashboard_and_cairn_dashboard_opens_it(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "CAIRN_HOME": str(tmp_path / "home"), "CAIRN_EMBEDDER": "none"}
    argv = ["serve", "all", "--transport", "http", "--port", str(port), "--auth", "none", "--no-registry"]
    with cairn_process(argv, env=env, cwd=REPO, port=port) as base:
        stranger = httpx.get(f"{base}/dashboard/memory", headers={"host": f"attacker.example:{port}"})
        assert stranger.status_code == 421
        opened = subprocess.run(
            [sys.executable, "-m", "servers.suite.cli.main", "dashboard", "--no-browser", "--port", str(port)],
            env=env,
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert opened.returncode == 0, opened.stderr
        link = re.search(r"(http://\S+/dashboard/enter\?ticket=\S+)", opened.stderr)
        assert link, opened.stderr
        with httpx.Client(follow_redirects=True) as browser:
            page = browser.get(link.group(1))
            assert page.status_code == 200 and "Signed in as <strong>default</strong>" in page.text
            assert browser.get(link.group(1)).status_code == 403  # the link works once
