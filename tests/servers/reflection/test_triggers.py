"""Reflection's triggers from the durable event outbox: nothing lost while reflection is down, nothing
reflected twice across restarts or across instances, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from fastmcp import Client

from servers.core.embedding import LazyEmbedder
from servers.core.event_outbox import open_outbox
from servers.core.events import Event, EventBus
from servers.memory.extract import ToolCall
from servers.memory.server import create_server as memory_server
from servers.memory.service import MemoryService
from servers.reflection.server import create_server as reflection_server
from servers.reflection.service import ReflectionService
from servers.reflection.triggers import CONSUMER, TOPICS, reader
from servers.suite.settings import CairnSettings

BACKENDS = ("sqlite", "postgresql")
CALLS = [ToolCall(name="db_export", arguments={"table": "orders"}, error="Timeout after 30s")]
TRACE = [c.model_dump() for c in CALLS]


def count(svc: ReflectionService) -> int:
    return int(svc.db.scalar("SELECT COUNT(*) FROM reflections WHERE user_id = 'default'"))


async def eventually(check: Callable[[], bool], what: str, timeout_s: float = 120) -> None:
    deadline = time.monotonic() + timeout_s
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)


async def test_captures_made_while_reflection_is_down_are_reflected_when_it_starts(
    rsettings: CairnSettings, embedder: LazyEmbedder
) -> None:
    memory = MemoryService(rsettings, embedder=embedder)  # the process's shared bus, as `cairn serve` has
    first = ReflectionService(rsettings, llm=None)
    try:
        async with Client(memory_server(rsettings, service=memory)) as mem:
            for n in range(2):
                await mem.call_tool(
                    "memory_capture_task", {"task": f"export table {n}", "tool_calls": TRACE, "outcome": "failure"}
                )
            async with Client(reflection_server(rsettings, service=first)):
                await eventually(lambda: count(first) == 2, "the two earlier captures")
            # Reflection stops; a capture now waits in the outbox for the next reflection server.
            await mem.call_tool(
                "memory_capture_task", {"task": "export table 2", "tool_calls": TRACE, "outcome": "failure"}
            )
            second = ReflectionService(rsettings, llm=None)
            try:
                async with Client(reflection_server(rsettings, service=second)):
                    await eventually(lambda: count(second) == 3, "the capture made while reflection was down")
                    await asyncio.sleep(0.3)  # room for a wrong repeat of the first two to show up
                assert count(second) == 3
            finally:
                second.close()
    finally:
        first.close()
        memory.close()


async def test_two_instances_share_one_consumer_and_reflect_each_capture_once(
    rsettings: CairnSettings, embedder: LazyEmbedder
) -> None:
    bus = EventBus()
    publisher = open_outbox(rsettings)
    bus.outbox = publisher
    memory = MemoryService(rsettings, embedder=embedder, bus=bus)
    instances = [ReflectionService(rsettings, llm=None, bus=EventBus()) for _ in range(2)]
    outboxes = [open_outbox(rsettings) for _ in instances]  # each instance's own connection
    readers = [reader(svc, box) for svc, box in zip(instances, outboxes, strict=True)]
    try:
        for consumer in readers:
            await consumer.start()
        for n in range(6):
            await asyncio.to_thread(memory.capture_task, f"export table {n}", CALLS, "failure")
        await eventually(lambda: publisher.position(CONSUMER) == publisher.latest_id(), "both readers to finish")
        for consumer in readers:
            await consumer.stop()
        assert count(instances[0]) == 6
        task_ids = [r["task_id"] for r in instances[0].db.query("SELECT task_id FROM reflections")]
        assert len(set(task_ids)) == 6
        assert not publisher.pending(CONSUMER, TOPICS)
    finally:
        for consumer in readers:
            await consumer.stop()
        for svc in instances:
            svc.close()
        for box in (*outboxes, publisher):
            box.close()
        memory.close()


def test_a_capture_handed_over_again_is_not_reflected_twice(rsettings: CairnSettings) -> None:
    svc = ReflectionService(rsettings, llm=None, bus=EventBus())
    try:
        payload: dict[str, Any] = {
            "id": "m1",
            "capture_id": "m1",
            "user_id": "default",
            "task": "export the orders table",
            "outcome": "failure",
            "trace": [{"tool": "db_export", "ok": False, "error": "Timeout after 30s"}],
        }
        event = Event("memory.captured", payload, id=41)
        svc.on_event(event)
        svc.on_event(event)  # the same outbox event again: a crash came before the cursor moved
        assert count(svc) == 1
    finally:
        svc.close()
