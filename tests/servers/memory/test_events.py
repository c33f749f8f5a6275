"""Memory's events through MCP: the durable outbox behind ``memory://events``, who sees whose events, and
events delivered to clients as log notifications (per user, never another user's)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastmcp import Client, FastMCP

from servers.core.embedding import LazyEmbedder
from servers.core.event_outbox import open_outbox
from servers.core.principal import Principal, acting_as
from servers.memory.server import ADMIN_SCOPE, create_server
from servers.memory.service import MemoryService
from servers.suite.settings import CairnSettings


@pytest.fixture
def server(settings: CairnSettings, embedder: LazyEmbedder) -> Iterator[FastMCP]:
    # No bus given: the service is on the process's shared bus, which the server attaches to the outbox.
    service = MemoryService(settings, embedder=embedder)
    yield create_server(settings, service=service)
    service.close()


async def read_events(client: Client, uri: str = "memory://events") -> list[dict[str, Any]]:
    return list(json.loads((await client.read_resource(uri))[0].text))


def users_of(events: list[dict[str, Any]]) -> set[str]:
    """The users named by events (events of no user, e.g. from other servers on the shared bus, aside)."""
    return {e["payload"]["user_id"] for e in events if e["payload"].get("user_id") is not None}


async def test_without_auth_events_show_every_user_and_other_processes(
    server: FastMCP, settings: CairnSettings
) -> None:
    started = time.time()  # the process's bus also holds events of tests that ran before this one
    async with Client(server) as client:
        for user in ("default", "alice", "bob"):
            await client.call_tool("memory_write", {"content": f"{user} prefers tea", "user_id": user})
        # Another process on the same home publishes to the same outbox (here: a second connection).
        other = open_outbox(settings)
        try:
            other.append("reflection.completed", {"user_id": "alice", "id": "refl_x"}, user_id="alice")
        finally:
            other.close()
        everything = [e for e in await read_events(client) if e["ts"] >= started]
        assert users_of(everything) == {"default", "alice", "bob"}
        assert "reflection.completed" in {e["type"] for e in everything}
        alice = [e for e in await read_events(client, "memory://users/alice/events") if e["ts"] >= started]
        assert users_of(alice) == {"alice"}
        assert [e["type"] for e in alice if e["payload"].get("user_id")] == ["memory.written", "reflection.completed"]
        assert all(isinstance(e["id"], int) for e in alice if e["payload"].get("user_id"))  # outbox ids


async def test_a_token_sees_only_its_own_user_and_admin_sees_all(server: FastMCP) -> None:
    alice = Principal("alice", frozenset({"memory:read", "memory:write"}))
    admin = Principal("root", frozenset({"memory:read", "memory:write", ADMIN_SCOPE}))
    with acting_as(alice):
        async with Client(server) as client:
            await client.call_tool("memory_write", {"content": "alice: the launch code is 1234"})
    with acting_as(Principal("bob", alice.scopes)):
        async with Client(server) as client:
            await client.call_tool("memory_write", {"content": "bob: ships on fridays"})
            assert users_of(await read_events(client)) == {"bob"}
            with pytest.raises(Exception, match="admin"):
                await read_events(client, "memory://users/alice/events")
    with acting_as(admin):
        async with Client(server) as client:
            assert users_of(await read_events(client)) >= {"alice", "bob"}
            assert users_of(await read_events(client, "memory://users/alice/events")) == {"alice"}


async def eventually(check: Any, timeout_s: float = 60) -> None:
    deadline = time.monotonic() + timeout_s
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


async def test_sessions_get_their_own_users_events_only(server: FastMCP, settings: CairnSettings) -> None:
    logs: dict[str, list[Any]] = {"alice": [], "bob": [], "carol": []}

    def handler(user: str) -> Any:
        async def on_log(message: Any) -> None:
            if message.logger == "cairn.events":
                logs[user].append(message.data)

        return on_log

    scopes = frozenset({"memory:read", "memory:write"})
    with acting_as(Principal("alice", scopes)):
        alice = Client(server, mode="legacy", log_handler=handler("alice"))  # a standing stream
    with acting_as(Principal("bob", scopes)):
        bob = Client(server, mode="legacy", log_handler=handler("bob"))
    with acting_as(Principal("carol", scopes)):
        carol = Client(server, log_handler=handler("carol"))  # 2026-07-28: events ride its own calls only
    with acting_as(Principal("alice", scopes)):
        await alice.__aenter__()
    with acting_as(Principal("bob", scopes)):
        await bob.__aenter__()
    with acting_as(Principal("carol", scopes)):
        await carol.__aenter__()
    try:
        with acting_as(Principal("alice", scopes)):
            await alice.call_tool("memory_recall", {"query": "anything"})
        with acting_as(Principal("bob", scopes)):
            await bob.call_tool("memory_recall", {"query": "anything"})
        with acting_as(Principal("carol", scopes)):
            await carol.call_tool("memory_write", {"content": "carol keeps notes in Markdown"})
        # Events of alice from elsewhere (another process) reach alice's stream, not bob's.
        other = open_outbox(settings)
        try:
            other.append("rule.changed", {"user_id": "alice", "id": "rule_1", "action": "created"}, user_id="alice")
        finally:
            other.close()
        await eventually(lambda: any(d["type"] == "rule.changed" for d in logs["alice"]))
        assert [d["type"] for d in logs["carol"]] == ["memory.written"]
        assert all(d["payload"]["user_id"] == "alice" for d in logs["alice"])
        assert all(d["payload"]["user_id"] == "carol" for d in logs["carol"])
        assert logs["bob"] == []
    finally:
        for client in (carol, bob, alice):
            await client.__aexit__(None, None, None)
