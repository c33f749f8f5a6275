"""The memory server through a real MCP client (in-memory transport: the full protocol path)."""

from __future__ import annotations

import json

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from servers.memory.lifecycle import MAINTAIN_STEPS
from servers.memory.server import create_server
from servers.memory.service import MemoryService


@pytest.fixture
def server(settings, memory: MemoryService):  # type: ignore[no-untyped-def]
    return create_server(settings, service=memory)


async def test_tools_are_listed_with_limits_and_hints(server) -> None:  # type: ignore[no-untyped-def]
    async with Client(server) as client:
        tools = {t.name: t for t in await client.list_tools()}
    assert set(tools) == {
        "memory_write",
        "memory_recall",
        "memory_get",
        "memory_update",
        "memory_archive",
        "memory_delete",
        "memory_flush",
        "memory_capture_task",
        "memory_maintain",
    }
    assert "10,000 characters" in (tools["memory_write"].input_schema["properties"]["content"]["description"])
    assert "at most 5" in (tools["memory_flush"].description or "")
    assert tools["memory_recall"].annotations.read_only_hint is True
    assert tools["memory_delete"].annotations.destructive_hint is True
    assert tools["memory_recall"].output_schema is not None


async def test_write_recall_update_archive_round_trip(server) -> None:  # type: ignore[no-untyped-def]
    async with Client(server) as client:
        written = (
            await client.call_tool("memory_write", {"content": "我们用 PostgreSQL 16 做主库", "keywords": ["db"]})
        ).structured_content
        assert written["merged_into"] is None
        recalled = (await client.call_tool("memory_recall", {"query": "主库"})).structured_content
        assert recalled["results"][0]["id"] == written["id"]
        assert set(recalled["results"][0]) >= {"id", "content", "score", "matched_by", "type", "slots", "created_at"}
        assert recalled["degraded"] is None
        updated = (
            await client.call_tool("memory_update", {"id": written["id"], "slots": {"env": "prod"}})
        ).structured_content
        assert updated["slots"] == {"env": "prod"}
        await client.call_tool("memory_archive", {"id": written["id"]})
        after = (await client.call_tool("memory_recall", {"query": "主库"})).structured_content
        assert after["results"] == []


async def test_errors_are_clear_tool_errors(server) -> None:  # type: ignore[no-untyped-def]
    async with Client(server) as client:
        with pytest.raises(ToolError, match="limit is 10,000"):
            await client.call_tool("memory_write", {"content": "x" * 10_001})
        with pytest.raises(ToolError, match="no memory entry"):
            await client.call_tool("memory_get", {"id": "m-does-not-exist"})
        with pytest.raises(ToolError, match="unknown filter"):
            await client.call_tool("memory_recall", {"query": "x", "filters": {"bogus": 1}})
        with pytest.raises(ToolError, match="user_id"):
            await client.call_tool("memory_write", {"content": "x", "user_id": "../../etc"})
        result = await client.call_tool("memory_recall", {"query": "   "}, raise_on_error=False)
        assert result.is_error and "query is empty" in result.content[0].text


async def test_flush_and_capture(server) -> None:  # type: ignore[no-untyped-def]
    messages = [
        {"role": "user", "content": "Please always run ruff before committing."},
        {"role": "assistant", "content": "", "tool_calls": [{"name": "bash", "arguments": {"cmd": "ruff check"}}]},
        {
            "role": "user",
            "content": "I prefer short commit messages. I like emojis. I hate long PRs. "
            "Remember that I use fish shell. Always use uv. Never push to main.",
        },
    ]
    async with Client(server) as client:
        flushed = (
            await client.call_tool("memory_flush", {"messages": messages, "session_id": "s1"})
        ).structured_content
        assert len(flushed["written"]) + len(flushed["merged"]) <= 5
        assert flushed["considered"] >= 3
        nothing = (
            await client.call_tool("memory_capture_task", {"task": "chat", "tool_calls": [], "outcome": "ok"})
        ).structured_content
        assert nothing["captured"] is False and "no tool calls" in nothing["reason"]
        captured = (
            await client.call_tool(
                "memory_capture_task",
                {
                    "task": "Upgrade numpy",
                    "tool_calls": [{"name": "uv_lock"}, {"name": "pytest", "error": "2 failed"}],
                    "outcome": "failed",
                },
            )
        ).structured_content
        assert captured["captured"] is True
        entry = (await client.call_tool("memory_get", {"id": captured["id"]})).structured_content
        assert entry["slots"]["outcome"] == "failure" and entry["trace"][1]["ok"] is False


async def test_resources(server) -> None:  # type: ignore[no-untyped-def]
    async with Client(server) as client:
        for _ in range(3):
            await client.call_tool("memory_write", {"content": "Ships releases on Tuesdays", "type": "decision"})
        entry_id = (
            await client.call_tool("memory_write", {"content": "Coffee: oat flat white", "type": "preference"})
        ).structured_content["id"]
        await client.call_tool("memory_maintain", {})
        md = (await client.read_resource("memory://MEMORY.md"))[0].text
        assert "## Decisions\n- Ships releases on Tuesdays" in md
        entry = (await client.read_resource(f"memory://entries/{entry_id}"))[0].text
        assert entry.startswith("---\n") and "oat flat white" in entry
        from datetime import UTC, datetime

        today = datetime.now(UTC).strftime("%Y-%m-%d")
        daily = (await client.read_resource(f"memory://daily/{today}"))[0].text
        assert f"date: {today}" in daily
        with pytest.raises(Exception, match="YYYY-MM-DD"):
            await client.read_resource("memory://daily/yesterday")
        events = json.loads((await client.read_resource("memory://events"))[0].text)
        assert {"memory.written", "memory.maintained"} <= {e["type"] for e in events}


async def test_resources_are_per_user(server) -> None:  # type: ignore[no-untyped-def]
    async with Client(server) as client:
        secret = (
            await client.call_tool("memory_write", {"content": "alice secret", "user_id": "alice"})
        ).structured_content["id"]
        with pytest.raises(Exception, match="no memory entry"):
            await client.read_resource(f"memory://entries/{secret}")  # the default user is not alice
        for _ in range(3):
            await client.call_tool(
                "memory_write", {"content": "Alice works nights", "type": "fact", "user_id": "alice"}
            )
        await client.call_tool("memory_maintain", {"user_id": "alice"})
        alice_md = (await client.read_resource("memory://users/alice/MEMORY.md"))[0].text
        default_md = (await client.read_resource("memory://MEMORY.md"))[0].text
        assert "Alice works nights" in alice_md and "Alice" not in default_md


async def test_memory_maintain_reports_each_step_as_it_starts(server) -> None:  # type: ignore[no-untyped-def]
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    async with Client(server, progress_handler=on_progress) as client:
        await client.call_tool("memory_write", {"content": "the staging database is PostgreSQL 16"})
        report = (await client.call_tool("memory_maintain", {})).structured_content
    assert [(p, t, m) for p, t, m in seen[:-1]] == [(i, 6, name) for i, name in enumerate(MAINTAIN_STEPS)]
    last = seen[-1]
    assert last[:2] == (6, 6) and last[2] is not None
    assert last[2].startswith("done: 0 expired, 0 merged") and f"{len(report['daily_summaries'])} daily" in last[2]
