"""``resources/subscribe`` and ``notifications/resources/updated`` under ``serve all`` (in-memory, handshake era),
and the SSE priming event with ``retry`` on a real Streamable HTTP endpoint."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import httpx
import mcp_types
import pytest
from fastmcp import Client, FastMCP
from fastmcp.client.messages import MessageHandler
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError

from servers.core.principal import Principal, acting_as
from servers.suite.serving import build_server
from servers.suite.settings import CairnSettings
from tests.servers.core.test_completions import write_skill
from tests.support import running

TODAY = datetime.now(UTC).date().isoformat()
DAILY = f"memory://memory/daily/{TODAY}"


async def subscribe(client: Client[object], uri: str) -> None:
    with warnings.catch_warnings():  # the SDK deprecates it for 2026-07-28; the handshake era still has it
        warnings.simplefilter("ignore", MCPDeprecationWarning)
        await client.session.subscribe_resource(uri)


async def unsubscribe(client: Client[object], uri: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MCPDeprecationWarning)
        await client.session.unsubscribe_resource(uri)


class Updates(MessageHandler):
    """The URIs of the resource-updated notifications a client received, awaitable."""

    def __init__(self) -> None:
        self.uris: list[str] = []
        self._arrived = asyncio.Event()

    async def on_resource_updated(self, message: mcp_types.ResourceUpdatedNotification) -> None:
        self.uris.append(str(message.params.uri))
        self._arrived.set()

    async def next(self, timeout: float = 10.0) -> str:
        await asyncio.wait_for(self._arrived.wait(), timeout)
        self._arrived.clear()
        return self.uris[-1]


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory) -> CairnSettings:
    return CairnSettings(home=tmp_path_factory.mktemp("home"), embedder="none", skills={"reload_check_s": 0.2})


@pytest.fixture(scope="module")
def suite(settings: CairnSettings) -> FastMCP:
    write_skill(settings, "release-notes", "Write release notes from merged changes.")
    return build_server("all", settings)


@pytest.fixture
async def watcher(suite: FastMCP) -> AsyncIterator[tuple[Client[object], Updates]]:
    updates = Updates()
    async with Client(suite, mode="legacy", message_handler=updates) as client:
        yield client, updates


async def test_subscribe_is_advertised_and_a_write_updates_only_the_subscriber(
    suite: FastMCP, watcher: tuple[Client[object], Updates]
) -> None:
    client, updates = watcher
    assert client.initialize_result is not None
    resources = client.initialize_result.capabilities.resources
    assert resources is not None and resources.subscribe is True
    await subscribe(client, DAILY)
    bystander = Updates()
    async with Client(suite, mode="legacy", message_handler=bystander) as other:
        await other.call_tool("memory_write", {"content": "The release train leaves on Tuesdays."})
        assert await updates.next() == DAILY  # the URI exactly as the subscriber wrote it
        await unsubscribe(client, DAILY)
        await other.call_tool("memory_write", {"content": "Hotfixes skip the release train."})
        await asyncio.sleep(0.5)
    assert updates.uris == [DAILY]
    assert bystander.uris == []


async def test_another_users_write_does_not_reach_a_subscriber(suite: FastMCP) -> None:
    updates = Updates()
    with acting_as(Principal("ada", frozenset({"memory:read", "memory:write"}))):
        async with Client(suite, mode="legacy", message_handler=updates) as ada:
            await subscribe(ada, DAILY)
            with acting_as(Principal("bob", frozenset({"memory:read", "memory:write"}))):
                async with Client(suite, mode="legacy") as bob:
                    await bob.call_tool("memory_write", {"content": "bob's build runs on arm64."})
            await asyncio.sleep(0.5)
            assert updates.uris == []
            await ada.call_tool("memory_write", {"content": "ada's build runs on x86."})
            assert await updates.next() == DAILY


async def test_subscriptions_follow_the_read_rules(suite: FastMCP) -> None:
    with acting_as(Principal("ada", frozenset({"memory:write"}))):
        async with Client(suite, mode="legacy") as client:
            with pytest.raises(MCPError, match="needs the 'memory:read' scope"):
                await subscribe(client, "memory://memory/MEMORY.md")
    with acting_as(Principal("ada", frozenset({"memory:read"}))):
        async with Client(suite, mode="legacy") as client:
            with pytest.raises(MCPError, match="needs the 'memory:admin' scope"):
                await subscribe(client, "memory://memory/users/bob/MEMORY.md")
            with pytest.raises(MCPError, match="memory://memory/events sends no update notifications"):
                await subscribe(client, "memory://memory/events")
            await subscribe(client, "test://watched-resource")  # no Cairn server's: never fires


async def test_editing_a_skill_file_updates_its_subscribers(
    settings: CairnSettings, watcher: tuple[Client[object], Updates]
) -> None:
    client, updates = watcher
    await subscribe(client, "skill://skills/release-notes")
    await asyncio.sleep(0.5)  # the first look at the skills, before the edit
    write_skill(settings, "release-notes", "Write release notes from merged pull requests.")
    assert await updates.next(timeout=15) == "skill://skills/release-notes"


async def test_a_jobs_runs_update_their_subscriber(watcher: tuple[Client[object], Updates]) -> None:
    client, updates = watcher
    job = {
        "name": "needs-approval",
        "schedule": {"cron": "0 3 * * *"},
        "action": {"type": "notify", "message": "hello"},
        "approval_required": True,
    }
    created = await client.call_tool("scheduler_job_create", job)
    job_id = (created.structured_content or {})["id"]
    uri = "scheduler://scheduler/jobs/needs-approval/runs"  # by name: notified all the same
    await subscribe(client, uri)
    await client.call_tool("scheduler_job_run_now", {"job_id": job_id})
    assert await updates.next() == uri


async def test_streamable_http_sse_streams_start_with_a_priming_event_and_retry(suite: FastMCP) -> None:
    initialize = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
    }
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    async with (
        running(suite, "http") as base,
        httpx.AsyncClient() as http,
        http.stream("POST", f"{base}/mcp", json=initialize, headers=headers) as response,
    ):
        assert response.headers["content-type"].startswith("text/event-stream")
        first_event: list[str] = []
        async for line in response.aiter_lines():
            if not line:
                break
            first_event.append(line)
    fields = dict(line.split(":", 1) for line in first_event)
    assert fields.get("retry", "").strip() == "2000"
    assert fields.get("id", "").strip()
    assert fields.get("data", "").strip() == ""
