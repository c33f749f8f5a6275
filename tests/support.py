"""Helpers for protocol tests: a real uvicorn on 127.0.0.1 and free ports."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Literal

import uvicorn
from fastmcp import FastMCP
from starlette.types import ASGIApp

from servers.core.serving import http_app


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
    """Serve an ASGI app on 127.0.0.1:port until the block ends; yields the base URL."""
    config = uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="on", log_level="warning")
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
