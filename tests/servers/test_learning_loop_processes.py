"""The learning loop across processes: `cairn serve memory` and `cairn serve reflection` as two real
processes on one home (and on one PostgreSQL), driven by real MCP clients over Streamable HTTP.

Captures of tasks in the memory process reach the reflection process through the durable event outbox:
each run of a recurring job is its own reflection although memory merges the text, three runs that
recovered the same way make a rule, and the memory server's handshake-era sessions get their own user's
events as log notifications, reflections made in the other process included, and no one else's.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client

from tests.conftest import REPO_ROOT
from tests.support import cairn_process, child_env, free_port

pytestmark = pytest.mark.slow

TASK = "run the nightly export of the orders table"
# The job times out, then a retry goes through: the strategy "retry once" is seen in every run.
RECOVERED = [
    {"name": "db_export", "arguments": {"table": "orders"}, "error": "Timeout after 30s"},
    {"name": "db_export", "arguments": {"table": "orders", "chunk": 1000}},
]
FAILED = [{"name": "deploy", "arguments": {"env": "prod"}, "error": "permission denied: missing role deployer"}]
RULE = "Retry `db_export` once after a timeout or rate limit before changing approach"


def types(logs: list[dict[str, Any]]) -> list[str]:
    return [entry["data"]["type"] for entry in logs if entry["logger"] == "cairn.events"]


async def eventually(check: Callable[[], Awaitable[bool]], what: str, timeout_s: float = 120) -> None:
    """Wait for ``check`` (a slow, loaded machine needs patience; speed is measured in bench/, not here)."""
    deadline = time.monotonic() + timeout_s
    while not await check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.2)


def _serve(name: str, port: int) -> list[str]:
    return ["serve", name, "--transport", "http", "--host", "127.0.0.1", "--port", str(port), "--auth", "none"]


async def run_loop(env: dict[str, str], *, standing_streams: bool) -> None:
    """``standing_streams``: whether handshake-era sessions keep a stream open (not when the server runs
    stateless HTTP, as it does on PostgreSQL so that several instances can share the load)."""
    memory_port, reflection_port = free_port(), free_port()
    with (
        cairn_process(_serve("memory", memory_port), env=env, cwd=REPO_ROOT, port=memory_port) as memory_base,
        cairn_process(_serve("reflection", reflection_port), env=env, cwd=REPO_ROOT, port=reflection_port) as refl_base,
    ):
        default_logs: list[dict[str, Any]] = []
        bob_logs: list[dict[str, Any]] = []
        capturer_logs: list[dict[str, Any]] = []

        async def on_capturer(message: Any) -> None:
            capturer_logs.append({"logger": message.logger, "data": message.data})

        async def on_default(message: Any) -> None:
            default_logs.append({"logger": message.logger, "data": message.data})

        async def on_bob(message: Any) -> None:
            bob_logs.append({"logger": message.logger, "data": message.data})

        # Handshake-era sessions have a standing stream: events reach them between their own calls.
        watcher = Client(f"{memory_base}/mcp", mode="legacy", log_handler=on_default)
        bob = Client(f"{memory_base}/mcp", mode="legacy", log_handler=on_bob)
        capturer = Client(f"{memory_base}/mcp", log_handler=on_capturer)  # 2026-07-28, the default
        async with watcher, bob, capturer as mem, Client(f"{refl_base}/mcp") as refl:
            await watcher.call_tool("memory_recall", {"query": "exports"})  # acts for "default"
            await bob.call_tool("memory_recall", {"query": "exports", "user_id": "bob"})
            await bob.call_tool("memory_write", {"content": "bob likes short answers", "user_id": "bob"})

            captured = []
            for _ in range(4):
                result = await mem.call_tool(
                    "memory_capture_task", {"task": TASK, "tool_calls": RECOVERED, "outcome": "success"}
                )
                captured.append(result.structured_content)
            for _ in range(2):
                await mem.call_tool(
                    "memory_capture_task", {"task": "deploy the api to prod", "tool_calls": FAILED, "outcome": "failed"}
                )
            # Memory keeps one entry per recurring task...
            assert len({c["id"] for c in captured}) == 1
            assert [c["merged_into"] is not None for c in captured] == [False, True, True, True]

            async def reflections() -> list[dict[str, Any]]:
                listed = await refl.call_tool("reflections_list", {"limit": 100})
                return list(listed.structured_content["reflections"])

            async def six_reflections() -> bool:
                return len(await reflections()) >= 6

            await eventually(six_reflections, "six reflections in the reflection process")
            listed = await reflections()
            # ...and the reflection process sees every run as its own task, the first under the entry's id.
            assert len(listed) == 6 and len({r["task_id"] for r in listed}) == 6
            assert captured[0]["id"] in {r["task_id"] for r in listed}
            assert sum(1 for r in listed if r["task"] == TASK) == 4
            rules = (await refl.call_tool("rules_list", {})).structured_content["rules"]
            assert [rule["text"] for rule in rules] == [RULE]

            # A 2026-07-28 call's own response carries the events of its user appended while it ran.
            assert types(capturer_logs).count("memory.captured") == 6
            # Only the user's own events: bob's session gets his write, never default's captures.
            assert types(bob_logs) == ["memory.written"]
            assert {entry["data"]["payload"]["user_id"] for entry in bob_logs} == {"bob"}
            if standing_streams:
                # A standing stream gets the user's events between calls, from this process and the other.
                async def reflection_notified() -> bool:
                    return types(default_logs).count("reflection.completed") >= 6

                await eventually(reflection_notified, "reflection events on the memory server's standing stream")
                assert types(default_logs).count("memory.captured") == 6
                assert "rule.changed" in types(default_logs)
                assert {entry["data"]["payload"].get("user_id") for entry in default_logs} == {"default"}
            else:
                assert "memory.captured" not in types(default_logs)  # no stream between calls: nothing leaks

            events = (await mem.read_resource("memory://events"))[0].text
            assert "reflection.completed" in events  # durable events of the other process, on this resource


async def test_two_processes_on_one_home_learn_from_captures(tmp_path: Path) -> None:
    env = {**child_env(tmp_path / "home"), "CAIRN_EMBEDDER": "none"}
    await run_loop(env, standing_streams=True)
    assert (tmp_path / "home" / "events" / "events.db").exists()


async def test_two_processes_on_one_postgresql_learn_from_captures(tmp_path: Path, postgres_url: str) -> None:
    env = {**child_env(tmp_path / "home"), "CAIRN_EMBEDDER": "none", "CAIRN_DATABASE_URL": postgres_url}
    await run_loop(env, standing_streams=False)
    assert not (tmp_path / "home" / "events" / "events.db").exists()
