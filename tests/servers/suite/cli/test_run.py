"""`cairn serve`'s HTTP servers: a port that is taken gets one clear line, before any connect instructions, and a
failing exit; an idle kept-alive connection outlives a client's own idle limit."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from servers.suite.cli.run import KEEP_ALIVE_S
from tests.conftest import REPO_ROOT
from tests.support import child_env, free_port, serving_app

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


async def test_an_idle_connection_is_kept_past_the_clients_own_idle_limit() -> None:
    """The server must not be the side that closes an idle connection first: httpx (the MCP SDK's client) drops
    its own after 5 s, and a server closing at that same moment makes a reused connection fail mid-request."""
    assert KEEP_ALIVE_S > 60  # longer than httpx's 5 s and the 60 s of common load balancers

    async def peer(request: Request) -> JSONResponse:
        assert request.client is not None
        return JSONResponse({"port": request.client.port})

    # Served as `cairn serve` serves (its uvicorn options); this client never expires idle connections itself, so
    # only the server could end this one.
    async with (
        serving_app(Starlette(routes=[Route("/", peer)]), free_port()) as base,
        httpx.AsyncClient(limits=httpx.Limits(keepalive_expiry=None)) as http,
    ):
        first = (await http.get(f"{base}/")).json()["port"]
        await asyncio.sleep(6)  # past uvicorn's own 5 s keep-alive
        second = (await http.get(f"{base}/")).json()["port"]
    assert second == first, "the server closed the idle connection; the second request needed a new one"
