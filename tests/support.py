"""Helpers for protocol tests: a real uvicorn on 127.0.0.1, a real `cairn` serving process, and free ports."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Literal

import httpx
import uvicorn
from fastmcp import FastMCP
from starlette.types import ASGIApp

from servers.suite.serving import http_app

# What a child `cairn` process inherits from the test's environment: enough to find Python and its BLAS, nothing
# that could point it at the developer's own home or configuration.
_INHERITED = ("PATH", "HOME", "LANG", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")


def child_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment for a child `cairn` process on ``home``: quiet (no update check, no banner), nothing else
    from the caller's environment but :data:`_INHERITED`; ``extra`` adds or overrides variables."""
    keep = {key: value for key, value in os.environ.items() if key in _INHERITED}
    return {
        **keep,
        "CAIRN_HOME": str(home),
        "FASTMCP_CHECK_FOR_UPDATES": "off",
        "FASTMCP_SHOW_SERVER_BANNER": "false",
        **extra,
    }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@asynccontextmanager
async def running(server: FastMCP, transport: Literal["http", "sse"]) -> AsyncIterator[str]:
    """Serve ``server`` on a free loopback port; yields the base URL."""
    async with serving_app(http_app(server, transport), free_port()) as base:
        yield base


@asynccontextmanager
async def serving_app(app: ASGIApp, port: int) -> AsyncIterator[str]:
    """Serve an ASGI app on 127.0.0.1:port, with the options `cairn serve` gives uvicorn, until the block ends;
    yields the base URL."""
    from servers.suite.cli.run import http_options

    config = uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="on", log_level="warning", **http_options(None))
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task


@contextmanager
def cairn_process(
    argv: list[str], *, env: dict[str, str], cwd: Path, port: int, python: str | None = None
) -> Iterator[str]:
    """Run ``python -m servers.suite.cli.main *argv`` serving on 127.0.0.1:port until the block ends; yields the base
    URL once ``/health`` answers (at most 120 s). The process is stopped with SIGTERM, killed if it lingers.
    ``python`` is this interpreter unless given (a benchmark's baseline runs with its own virtualenv)."""
    process = subprocess.Popen(
        [python or sys.executable, "-m", "servers.suite.cli.main", *argv],
        env=env,
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            if process.poll() is not None:
                errors = process.stderr.read().decode() if process.stderr else ""
                raise AssertionError(f"cairn {' '.join(argv)} exited: {errors}")
            try:
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, f"cairn {' '.join(argv)} did not answer /health within 120 s"
            time.sleep(0.25)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
