"""The skills server over real transports: a stdio subprocess and Streamable HTTP on 127.0.0.1."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from fastmcp import Client
from fastmcp.client.transports import StdioTransport

from servers.suite.serving import build_server
from servers.suite.settings import CairnSettings
from tests.support import child_env, running

pytestmark = pytest.mark.slow


async def test_stdio_subprocess(cairn_home: Path) -> None:
    transport = StdioTransport(
        sys.executable,
        ["-m", "servers.suite.cli.main", "serve", "skills", "--transport", "stdio"],
        env=child_env(cairn_home, CAIRN_EMBEDDER="none"),
    )
    async with Client(transport) as client:
        names = {s["name"] for s in (await client.call_tool("list_skills", {})).structured_content["skills"]}
        assert {"memory-habits", "competitive-analysis"} <= names
        got = (await client.call_tool("match_skills", {"task": "记住我的偏好"})).structured_content
        assert got["matches"][0]["name"] == "memory-habits"
    assert (cairn_home / "skills" / "skills.db").exists()


async def test_streamable_http(cairn_home: Path) -> None:
    settings = CairnSettings(home=cairn_home, embedder="none")
    server = build_server("skills", settings)
    async with running(server, "http") as base, Client(f"{base}/mcp") as client:
        got = (await client.call_tool("activate_skill", {"name": "competitive-analysis"})).structured_content
        assert [s["skill"] for s in got["steps"]] == ["deep-research", "research-briefing", "report-writing"]
        prompts = {p.name for p in await client.list_prompts()}
        assert "daily-briefing" in prompts
