"""The official MCP conformance suite (`@modelcontextprotocol/conformance`), for the tests that run it.

The suite and the Node 22 it needs come from the npm registry, installed once into `.cache/conformance/`.
Without npm, or when the install fails (no registry), the tests skip and say why. Most of the suite's
scenarios call tools of its own reference server; :data:`ANY_SERVER` are those that hold for any server.

A test module gets its fixtures from the factories here, by assignment (the name is the fixture's name)::

    conformance_cli = suite_fixture()
    memory_http = served_fixture("memory")
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.conftest import REPO_ROOT
from tests.support import cairn_process, child_env, free_port

if TYPE_CHECKING:
    from _pytest.fixtures import FixtureFunctionDefinition

SUITE_VERSION = "0.1.16"
CACHE = REPO_ROOT / ".cache" / "conformance"
ANY_SERVER = [
    "server-initialize",
    "ping",
    "logging-set-level",
    "tools-list",
    "resources-list",
    "prompts-list",
    "server-sse-multiple-streams",
    "dns-rebinding-protection",
]


def suite_cli(version: str = SUITE_VERSION, cache: Path = CACHE) -> tuple[Path, Path]:
    """(node, conformance CLI) of suite ``version`` in ``cache``, installed on first use; skips the calling test
    when that cannot be done."""
    node = cache / "node_modules" / ".bin" / "node"
    cli = cache / "node_modules" / ".bin" / "conformance"
    marker = cache / f".installed-{version}"
    if node.exists() and cli.exists() and marker.exists():
        return node, cli
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed: the MCP conformance suite (and its Node 22) come from the npm registry")
    cache.mkdir(parents=True, exist_ok=True)
    (cache / "package.json").write_text('{"name": "cairn-conformance", "private": true}\n')
    install = [
        npm,
        "install",
        "--no-audit",
        "--no-fund",
        "--silent",
        "node@22",
        f"@modelcontextprotocol/conformance@{version}",
    ]
    try:
        done = subprocess.run(install, cwd=cache, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        pytest.skip("installing the MCP conformance suite from npm took over 10 minutes")
    if done.returncode != 0:
        pytest.skip(f"could not install the MCP conformance suite from npm: {done.stderr.strip()[-300:]}")
    marker.write_text(version)
    return node, cli


def run_scenario(cli: tuple[Path, Path], url: str, scenario: str, output: Path) -> str:
    """Run one scenario against ``url``; returns its output, asserting it passed with nothing failed."""
    node, script = cli
    env = {**os.environ, "PATH": f"{node.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    command = [str(node), str(script), "server", "--url", url, "--scenario", scenario, "-o", str(output)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120, env=env)
    text = run.stdout + run.stderr
    assert run.returncode == 0 and " 0 failed" in text, text
    return text


def suite_fixture() -> FixtureFunctionDefinition:
    """A session fixture: (node, conformance CLI) of :data:`SUITE_VERSION`, installed once; skips when it cannot be."""

    @pytest.fixture(scope="session")
    def conformance_cli() -> tuple[Path, Path]:
        return suite_cli()

    return conformance_cli


def served_fixture(server: str, *options: str, **env: str) -> FixtureFunctionDefinition:
    """A module fixture: `cairn serve <server> --transport http --auth none *options` as a real process on a free
    loopback port, with a fresh home and ``env`` added to :func:`tests.support.child_env`; yields its MCP URL."""

    @pytest.fixture(scope="module")
    def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
        home = tmp_path_factory.mktemp("conformance-home")
        port = free_port()
        argv = ["serve", server, "--transport", "http", "--auth", "none", "--port", str(port), *options]
        with cairn_process(argv, env=child_env(home, **env), cwd=REPO_ROOT, port=port) as base:
            yield f"{base}/mcp"

    return served
