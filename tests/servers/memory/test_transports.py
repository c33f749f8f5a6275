"""The memory server over real transports: a stdio subprocess, Streamable HTTP and SSE on 127.0.0.1."""

from __future__ import annotations

import sys
from pathlib import Path

import httpx
import pytest
from fastmcp import Client
from fastmcp.client.transports import SSETransport, StdioTransport

from servers.suite.serving import build_server
from tests.support import child_env, running

pytestmark = pytest.mark.slow


async def test_stdio_subprocess(cairn_home: Path) -> None:
    transport = StdioTransport(
        sys.executable,
        ["-m", "servers.suite.cli.main", "serve", "memory", "--transport", "stdio"],
        env=child_env(cairn_home),
    )
    async with Client(transport) as client:
        written = await client.call_tool("memory_write", {"content": "stdio works: 编码正确"})
        found = await client.call_tool("memory_recall", {"query": "编码"})
        assert found.structured_content["results"][0]["id"] == written.structured_content["id"]
    assert (cairn_home / "memory" / "memory.db").exists()


@pytest.mark.parametrize("transport", ["http", "sse"])
async def test_http_and_sse_on_loopback(settings, embedder, transport: str) -> None:  # type: ignore[no-untyped-def]
    server = build_server("memory", settings)
    async with running(server, transport) as base:  # type: ignore[arg-type]
        url = f"{base}/{'sse' if transport == 'sse' else 'mcp'}"
        async with Client(SSETransport(url) if transport == "sse" else url) as client:
            await client.call_tool("memory_write", {"content": f"served over {transport}"})
            hits = (await client.call_tool("memory_recall", {"query": f"served over {transport}"})).structured_content
            assert hits["results"][0]["content"] == f"served over {transport}"
        async with httpx.AsyncClient() as http:
            health = await http.get(f"{base}/health")
            assert health.json() == {"status": "ok", "server": "memory", "version": "0.1.0"}
            # DNS-rebinding defence: a foreign Host header is refused before it reaches MCP
            foreign = await http.post(url, headers={"Host": "attacker.example"}, json={})
            assert foreign.status_code in (403, 421)


async def test_serve_all_mounts_memory_with_namespaced_resources(settings, embedder) -> None:  # type: ignore[no-untyped-def]
    server = build_server("all", settings)
    async with running(server, "http") as base, Client(f"{base}/mcp") as client:
        names = {t.name for t in await client.list_tools()}
        assert {"memory_write", "memory_recall", "memory_maintain"} <= names
        assert not any(n.startswith("memory_memory_") for n in names)
        uris = {str(r.uri) for r in await client.list_resources()}
        assert "memory://memory/MEMORY.md" in uris
        await client.call_tool("memory_write", {"content": "through the gateway"})
        assert (await client.call_tool("memory_recall", {"query": "gateway"})).structured_content["results"]


async def test_metrics_count_tool_calls(settings, embedder) -> None:  # type: ignore[no-untyped-def]
    server = build_server("memory", settings)
    async with running(server, "http") as base:
        async with Client(f"{base}/mcp") as client:
            await client.call_tool("memory_write", {"content": "counted"})
            await client.call_tool("memory_get", {"id": "nope"}, raise_on_error=False)
        async with httpx.AsyncClient() as http:
            text = (await http.get(f"{base}/metrics")).text
    ok = [
        line
        for line in text.splitlines()
        if line.startswith("cairn_tool_calls_total{") and 'tool="memory_write"' in line
    ]
    failed = [line for line in text.splitlines() if 'tool="memory_get"' in line and 'outcome="error"' in line]
    assert ok and float(ok[0].split()[-1]) >= 1
    assert failed and float(failed[0].split()[-1]) >= 1
    assert "cairn_tool_duration_seconds_bucket" in text
