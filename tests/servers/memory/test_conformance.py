"""The official MCP conformance suite against `cairn serve memory --transport http` (a real process).

The suite (npm `@modelcontextprotocol/conformance`, which needs Node 22) is installed on first run into
`.cache/conformance/` from the npm registry. Only the scenarios meaningful for any server are run:
the others call tools of the suite's own reference server (STACK.md §9).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import REPO_ROOT
from tests.servers.memory.test_transports import child_env
from tests.support import free_port

pytestmark = [pytest.mark.conformance, pytest.mark.slow]

SUITE_VERSION = "0.1.16"
CACHE = REPO_ROOT / ".cache" / "conformance"
SCENARIOS = [
    "server-initialize",
    "ping",
    "logging-set-level",
    "tools-list",
    "resources-list",
    "prompts-list",
    "server-sse-multiple-streams",
    "dns-rebinding-protection",
]


def install_suite(cache: Path, version: str) -> tuple[Path, Path]:
    """Node 22 and the conformance suite from the npm registry, installed once into ``cache``."""
    node = cache / "node_modules" / ".bin" / "node"
    cli = cache / "node_modules" / ".bin" / "conformance"
    marker = cache / f".installed-{version}"
    if not (node.exists() and cli.exists() and marker.exists()):
        npm = shutil.which("npm")
        assert npm, "npm is needed to install the MCP conformance suite (apt-get install npm)"
        cache.mkdir(parents=True, exist_ok=True)
        (cache / "package.json").write_text('{"name": "cairn-conformance", "private": true}\n')
        subprocess.run(
            [
                npm,
                "install",
                "--no-audit",
                "--no-fund",
                "--silent",
                "node@22",
                f"@modelcontextprotocol/conformance@{version}",
            ],
            cwd=cache,
            check=True,
            timeout=600,
        )
        marker.write_text(version)
    return node, cli


@pytest.fixture(scope="session")
def conformance_cli() -> tuple[Path, Path]:
    return install_suite(CACHE, SUITE_VERSION)


@pytest.fixture(scope="module")
def memory_http(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    home = tmp_path_factory.mktemp("conformance-home")
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "servers.cli.main",
            "serve",
            "memory",
            "-t",
            "http",
            "--port",
            str(port),
            "--auth",
            "none",
        ],
        env=child_env(home),
        cwd=REPO_ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.2)
        if process.poll() is not None:
            raise AssertionError(f"cairn serve exited: {process.stderr.read().decode() if process.stderr else ''}")
    else:
        process.kill()
        raise AssertionError("cairn serve memory did not become healthy in 60 s")
    yield f"{base}/mcp"
    process.terminate()
    process.wait(timeout=15)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_conformance_scenario(conformance_cli: tuple[Path, Path], memory_http: str, scenario: str) -> None:
    node, cli = conformance_cli
    env = {**os.environ, "PATH": f"{node.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    run = subprocess.run(
        [str(node), str(cli), "server", "--url", memory_http, "--scenario", scenario],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    assert " 0 failed" in output, output
