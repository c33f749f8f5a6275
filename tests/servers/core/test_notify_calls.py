"""A 2026-07-28 tool call's own events (issue #34): the outbox's latest id is read on the loop, without a thread
hop, and the caller's events are looked up only when something was appended meanwhile, by this process or
another; what reaches the client is unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import apsw
import pytest
from fastmcp import Client, FastMCP

from servers.core.events import EventBus
from servers.core.notify import LOGGER, EventNotifications
from servers.core.storage import Database
from servers.core.storage.outbox import Outbox


class Counted(Outbox):
    """The outbox, counting the reads made in worker threads (latest id, events) and on the loop."""

    calls: dict[str, int]

    def latest_id(self) -> int:
        self.calls["latest_id"] += 1
        return super().latest_id()

    def latest_id_nowait(self) -> int | None:
        self.calls["latest_id_nowait"] += 1
        return super().latest_id_nowait()

    def has_after_nowait(self, after: int, *, user_id: str | None = None) -> bool | None:
        self.calls["has_after_nowait"] += 1
        return super().has_after_nowait(after, user_id=user_id)

    def read(self, after: int, **kwargs: Any) -> Any:
        self.calls["read"] += 1
        return super().read(after, **kwargs)


@pytest.fixture
def outbox(tmp_path: Path) -> Iterator[Counted]:
    box = Counted(Database(tmp_path / "events.db"))
    box.calls = {"latest_id": 0, "latest_id_nowait": 0, "has_after_nowait": 0, "read": 0}
    yield box
    box.close()


@pytest.fixture
def other(tmp_path: Path) -> Iterator[Outbox]:
    """Another process on the same outbox (a connection of its own)."""
    box = Outbox(Database(tmp_path / "events.db"))
    yield box
    box.close()


@pytest.fixture
def server(outbox: Counted, other: Outbox) -> FastMCP:
    bus = EventBus()
    bus.outbox = outbox
    mcp = FastMCP("notify-test")

    @mcp.tool
    def quiet(user_id: str) -> str:
        """Appends nothing."""
        return user_id

    @mcp.tool
    def own(user_id: str) -> str:
        """Appends an event in this process."""
        outbox.append("memory.written", {"user_id": user_id, "n": 1}, user_id=user_id)
        return user_id

    @mcp.tool
    def elsewhere(user_id: str) -> str:
        """Another process appends events for this user and another one while the call runs."""
        other.append("reflection.completed", {"user_id": user_id}, user_id=user_id)
        other.append("reflection.completed", {"user_id": "someone-else"}, user_id="someone-else")
        return user_id

    @mcp.tool
    def others(user_id: str) -> str:
        """Another process appends an event of another user while the call runs."""
        other.append("reflection.completed", {"user_id": "someone-else"}, user_id="someone-else")
        return user_id

    mcp.add_middleware(EventNotifications(bus, "admin"))
    return mcp


def logged() -> tuple[list[dict[str, Any]], Any]:
    got: list[dict[str, Any]] = []

    async def on_log(message: Any) -> None:
        if message.logger == LOGGER:
            got.append(message.data)

    return got, on_log


async def test_a_call_that_appends_nothing_makes_no_thread_read(server: FastMCP, outbox: Counted) -> None:
    got, on_log = logged()
    async with Client(server, log_handler=on_log) as client:
        for _ in range(3):
            await client.call_tool("quiet", {"user_id": "alice"})
    assert got == []
    assert outbox.calls == {"latest_id": 0, "latest_id_nowait": 3, "has_after_nowait": 3, "read": 0}


async def test_events_of_other_users_meanwhile_make_no_thread_read(server: FastMCP, outbox: Counted) -> None:
    got, on_log = logged()
    async with Client(server, log_handler=on_log) as client:
        await client.call_tool("others", {"user_id": "carol"})
        await client.call_tool("own", {"user_id": "bob"})
        await client.call_tool("others", {"user_id": "carol"})
    assert outbox.calls["read"] == 1 and outbox.calls["latest_id"] == 0
    assert [d["payload"]["user_id"] for d in got] == ["bob"]


async def test_own_events_reach_the_caller(server: FastMCP, outbox: Counted) -> None:
    got, on_log = logged()
    async with Client(server, log_handler=on_log) as client:
        await client.call_tool("quiet", {"user_id": "alice"})
        await client.call_tool("own", {"user_id": "alice"})
        await client.call_tool("quiet", {"user_id": "alice"})
    assert [(d["type"], d["payload"]) for d in got] == [("memory.written", {"user_id": "alice", "n": 1})]
    assert outbox.calls["latest_id"] == 0 and outbox.calls["read"] == 1


async def test_another_process_events_during_the_call_reach_the_caller_only_for_its_user(
    server: FastMCP, outbox: Counted, other: Outbox
) -> None:
    other.append("rule.changed", {"user_id": "alice"}, user_id="alice")  # before the call: not this call's
    got, on_log = logged()
    async with Client(server, log_handler=on_log) as client:
        await client.call_tool("elsewhere", {"user_id": "alice"})
        await client.call_tool("quiet", {"user_id": "alice"})
    assert [(d["type"], d["payload"]) for d in got] == [("reflection.completed", {"user_id": "alice"})]


async def test_when_the_loop_read_would_wait_the_thread_read_gives_the_same_events(
    server: FastMCP, outbox: Counted, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Outbox, "latest_id_nowait", lambda self: None)
    monkeypatch.setattr(Outbox, "has_after_nowait", lambda self, after, user_id=None: None)
    got, on_log = logged()
    async with Client(server, log_handler=on_log) as client:
        await client.call_tool("quiet", {"user_id": "alice"})
        await client.call_tool("elsewhere", {"user_id": "alice"})
    assert [(d["type"], d["payload"]) for d in got] == [("reflection.completed", {"user_id": "alice"})]
    assert outbox.calls["latest_id"] == 2 and outbox.calls["read"] == 2


def test_the_loop_read_never_waits_for_a_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = Database(tmp_path / "events.db")
    box = Outbox(db)
    try:
        first = box.append("memory.written", {"user_id": "a"}, user_id="a")
        assert box.latest_id_nowait() == first == box.latest_id()
        assert box.has_after_nowait(0, user_id="a") is True and box.has_after_nowait(0) is True
        assert box.has_after_nowait(0, user_id="b") is False and box.has_after_nowait(first) is False
        # A writer in the middle of its transaction (another process): the read sees what is committed.
        writer = apsw.Connection(str(tmp_path / "events.db"))
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("INSERT INTO outbox (topic, payload, origin, created_at) VALUES ('t', '{}', 'x', '2026-01-01')")
        assert box.latest_id_nowait() == first
        writer.execute("COMMIT")
        assert box.latest_id_nowait() == first + 1
        writer.close()

        # A read that would have to wait for a lock answers None at once (the caller then reads in a thread).
        class Busy:
            def execute(self, *args: Any) -> Any:
                raise apsw.BusyError("database is locked")

        monkeypatch.setattr(db, "_nowait", Busy())
        assert box.latest_id_nowait() is None and box.has_after_nowait(0, user_id="a") is None
    finally:
        monkeypatch.undo()
        box.close()


async def test_postgres_outbox_has_no_loop_read() -> None:
    box = Outbox.__new__(Outbox)
    box.db = object()  # type: ignore[assignment]
    assert box.latest_id_nowait() is None and box.has_after_nowait(0, user_id="a") is None
