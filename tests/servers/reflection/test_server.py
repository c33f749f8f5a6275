"""The reflection server through real MCP clients: in-memory, the memory → reflection event path, and stdio."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client, FastMCP
from fastmcp.client.transports import StdioTransport
from fastmcp.exceptions import ToolError

from servers.core.embedding import LazyEmbedder
from servers.core.events import EventBus
from servers.memory.server import create_server as create_memory_server
from servers.memory.service import MemoryService
from servers.reflection.server import create_server
from servers.reflection.service import ReflectionService
from servers.suite.settings import CairnSettings
from tests.support import child_env


@pytest.fixture
def server(svc: ReflectionService, rsettings: CairnSettings) -> FastMCP:
    return create_server(rsettings, service=svc)


def _report(task_id: str, lesson: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {
        "task": "compare acme pricing",
        "task_id": task_id,
        "outcome": "success",
        "trace": [
            {"tool": "web_search"},
            {"tool": "web_fetch", "ok": False, "error": "timeout"},
            {"tool": "web_fetch"},
        ],
    }
    if lesson:
        body["strategies"] = [{"strategy": lesson, "confidence": "MEDIUM"}]
    return body


async def test_tools_are_listed_with_limits(server: FastMCP) -> None:
    async with Client(server) as client:
        tools = {t.name: t for t in await client.list_tools()}
    assert {
        "reflect",
        "reflect_review",
        "reflections_list",
        "rules_list",
        "rule_get",
        "rule_record_outcome",
        "rule_rollback",
        "mutation_propose",
        "variant_for",
        "user_signal",
        "user_model_get",
        "patterns_detect",
        "skill_suggestions",
        "skill_suggestion_accept",
        "experience_find",
        "audit_log",
    } <= set(tools)
    assert "500" in (tools["reflect"].description or "")
    assert tools["rules_list"].annotations.read_only_hint is True
    assert tools["experience_delete"].annotations.destructive_hint is True
    assert tools["reflect"].output_schema is not None


async def test_reflect_promote_and_record_over_mcp(server: FastMCP) -> None:
    lesson = "Retry `web_fetch` once after a timeout before switching sources"
    async with Client(server) as client:
        for i in range(3):
            result = await client.call_tool("reflect", {"task_report": _report(f"t{i}", lesson)})
        promoted = result.structured_content["promoted"]
        assert len(promoted) == 1
        rules = (await client.call_tool("rules_list", {"status": "probation"})).structured_content["rules"]
        assert [r["id"] for r in rules] == promoted
        outcome = await client.call_tool("rule_record_outcome", {"rule_id": promoted[0], "success": True})
        assert outcome.structured_content["uses"] == 1
        listed = await client.call_tool("reflections_list", {"limit": 5})
        assert len(listed.structured_content["reflections"]) == 3
        active = await client.read_resource("reflection://rules/active")
        assert "(none)" in str(active[0])


async def test_errors_are_clear_tool_errors(server: FastMCP) -> None:
    async with Client(server) as client:
        with pytest.raises(ToolError, match="no rule with id"):
            await client.call_tool("rule_get", {"rule_id": "rule_missing"})
        with pytest.raises(ToolError, match="needs 10"):
            await client.call_tool("skill_record_outcome", {"skill": "deep-research", "success": True})
            await client.call_tool("mutation_propose", {"target": "skill:deep-research"})
        with pytest.raises(ToolError, match="validation error"):
            await client.call_tool("reflect", {"task_report": {"task": ""}})
        with pytest.raises(ToolError, match="validation error"):
            await client.call_tool("variant_for", {"target": "nonsense", "task_id": "x"})


async def test_user_model_over_mcp(server: FastMCP) -> None:
    async with Client(server) as client:
        await client.call_tool("user_signal", {"dimension": "format", "value": "table", "kind": "follow_up"})
        await client.call_tool("user_signal", {"dimension": "language", "value": "English", "kind": "explicit"})
        model = (await client.call_tool("user_model_get", {})).structured_content
    assert [b["dimension"] for b in model["beliefs"]] == ["language"]


async def test_memory_capture_triggers_a_reflection(rsettings: CairnSettings, embedder: LazyEmbedder) -> None:
    """End to end: memory_capture_task on a memory server sharing the bus → a stored reflection."""
    bus = EventBus()
    memory = MemoryService(rsettings, embedder=embedder, bus=bus)
    reflection = ReflectionService(rsettings, bus=bus)
    try:
        async with (
            Client(create_memory_server(rsettings, service=memory)) as mem,
            Client(create_server(rsettings, service=reflection)) as refl,
        ):
            captured = await mem.call_tool(
                "memory_capture_task",
                {
                    "task": "compare acme pricing",
                    "tool_calls": [
                        {"name": "web_search", "arguments": {"query": "acme"}},
                        {"name": "web_fetch", "error": "Timeout after 30s"},
                        {"name": "web_fetch", "arguments": {"url": "https://acme.example"}},
                    ],
                    "outcome": "success",
                },
            )
            await bus.drain()
            listed = (await refl.call_tool("reflections_list", {})).structured_content["reflections"]
        assert [r["task_id"] for r in listed] == [captured.structured_content["id"]]
        assert listed[0]["trigger"] == "post_task"
        assert any("web_fetch" in s["strategy"] for s in listed[0]["strategies"])
        assert bus.stats["reflection.post_task"].failures == 0
    finally:
        memory.close()
        reflection.close()


@pytest.mark.slow
async def test_stdio_subprocess(cairn_home: Path) -> None:
    env = {**child_env(cairn_home), "CAIRN_EMBEDDER": "none"}
    transport = StdioTransport(
        sys.executable, ["-m", "servers.suite.cli.main", "serve", "reflection", "--transport", "stdio"], env=env
    )
    async with Client(transport) as client:
        result = await client.call_tool("reflect", {"task_report": _report("stdio-1")})
        assert result.structured_content["task_id"] == "stdio-1"
        listed = await client.call_tool("reflections_list", {})
        assert len(listed.structured_content["reflections"]) == 1
    assert (cairn_home / "reflection" / "reflection.db").exists()
