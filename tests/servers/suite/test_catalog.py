"""Every catalogued server starts, lists its tools, and takes part in `cairn serve all` over HTTP."""

from __future__ import annotations

import pytest
from fastmcp import Client

from servers.core.toolnames import mounted_name
from servers.suite import catalog
from servers.suite.serving import build_server
from tests.support import running

EXPECTED_TOOL = {
    "memory": "memory_recall",
    "skills": "match_skills",
    "scheduler": "job_create",
    "nodehost": "fs_read",
    "reflection": "reflect",
    "context": "context_assemble",
}


@pytest.mark.parametrize("name", catalog.names())
async def test_each_server_lists_its_tools(name: str, settings, embedder) -> None:  # type: ignore[no-untyped-def]
    async with Client(build_server(name, settings)) as client:
        names = {t.name for t in await client.list_tools()}
    assert EXPECTED_TOOL[name] in names


@pytest.mark.slow
async def test_serve_all_over_http_namespaces_every_server(settings, embedder) -> None:  # type: ignore[no-untyped-def]
    server = build_server("all", settings)
    async with running(server, "http") as base, Client(f"{base}/mcp") as client:
        names = {t.name for t in await client.list_tools()}
    for name, tool in EXPECTED_TOOL.items():
        if name in catalog.names():
            assert mounted_name(name, tool) in names, (name, sorted(names)[:20])


def test_no_remote_server_may_take_a_catalogued_name() -> None:
    from servers.auth.grants import reserved_namespaces

    assert set(catalog.names()) <= reserved_namespaces()
