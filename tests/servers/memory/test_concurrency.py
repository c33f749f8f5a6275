"""Two server processes writing to one data directory at once lose nothing."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest
from fastmcp import Client
from fastmcp.client.transports import StdioTransport

from servers.memory.service import MemoryService
from servers.suite.settings import CairnSettings
from tests.support import child_env

pytestmark = pytest.mark.slow
PER_PROCESS = 40


async def _writer(home: Path, name: str) -> list[str]:
    transport = StdioTransport(
        sys.executable, ["-m", "servers.suite.cli.main", "serve", "memory", "--transport", "stdio"], env=child_env(home)
    )
    ids: list[str] = []
    async with Client(transport) as client:
        for i in range(PER_PROCESS):
            result = await client.call_tool(
                "memory_write", {"content": f"{name} wrote note number {i} about topic {i * 7919 % 1000}"}
            )
            ids.append(result.structured_content["id"])
    return ids


async def test_two_processes_write_concurrently(cairn_home: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    first, second = await asyncio.gather(_writer(cairn_home, "alpha"), _writer(cairn_home, "beta"))
    assert len(set(first)) == PER_PROCESS and len(set(second)) == PER_PROCESS
    service = MemoryService(CairnSettings(home=cairn_home), embedder=embedder)
    contents = {e.content for _, e in service.store.iter_all("default")}
    assert len(contents) == 2 * PER_PROCESS
    # Vectors are made in the background: any a stopped process did not finish are made at the next start.
    service.embed_missing_in_background()
    deadline = time.monotonic() + 120
    while service.store.count_missing_vectors(embedder.get().name) and time.monotonic() < deadline:
        time.sleep(0.1)
    indexed = service.store.db.scalar("SELECT COUNT(*) FROM entries_fts")
    vectors = service.store.db.scalar("SELECT COUNT(*) FROM entries_vec")
    assert indexed == vectors == 2 * PER_PROCESS
    hit = service.recall("beta wrote note number 17", mode="keyword").results[0]
    assert hit.content.startswith("beta wrote note number 17 ")
    service.close()
