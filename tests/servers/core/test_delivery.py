"""Outbox readers: a consumer group carries on across restarts, a tail sees what comes after it, a bad
event is passed over, and an append in this process wakes the reader."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from servers.core.delivery import OutboxReader
from servers.core.events import Event, EventBus
from servers.core.storage import Database
from servers.core.storage.outbox import Outbox

TOPICS = {"memory.captured"}


@pytest.fixture
def outbox(tmp_path: Path) -> Iterator[Outbox]:
    box = Outbox(Database(tmp_path / "events.db"))
    yield box
    box.close()


@pytest.fixture
def bus(outbox: Outbox) -> EventBus:
    bus = EventBus()
    bus.outbox = outbox
    return bus


def capture(bus: EventBus, n: int, user: str = "default") -> Event:
    return bus.publish_nowait("memory.captured", {"user_id": user, "n": n})


async def test_durable_events_get_outbox_ids_and_others_stay_local(bus: EventBus, outbox: Outbox) -> None:
    stored = capture(bus, 1)
    recalled = bus.publish_nowait("memory.recalled", {"user_id": "default", "count": 0})
    assert stored.id == outbox.latest_id() and recalled.id is None
    assert [e.topic for e in outbox.read(0)] == ["memory.captured"]
    assert stored.as_dict()["id"] == stored.id


async def test_a_consumer_group_carries_on_after_a_restart(bus: EventBus, outbox: Outbox) -> None:
    seen: list[int] = []
    for n in range(3):
        capture(bus, n)
    first = OutboxReader(outbox, "reflection", TOPICS, lambda e: seen.append(e.payload["n"]))
    assert await first.run_once() == 3
    capture(bus, 3)
    bus.publish_nowait("memory.written", {"user_id": "default"})  # not this consumer's topic
    capture(bus, 4)
    again = OutboxReader(outbox, "reflection", TOPICS, lambda e: seen.append(e.payload["n"]))
    assert await again.run_once() == 2
    assert await again.run_once() == 0
    assert seen == [0, 1, 2, 3, 4]


async def test_a_tail_sees_only_what_comes_after_it(bus: EventBus, outbox: Outbox) -> None:
    capture(bus, 0)
    seen: list[str] = []
    tail = OutboxReader(outbox, "notify", None, lambda e: seen.append(e.type), durable=False)
    await tail.start()
    await tail.stop()
    bus.publish_nowait("memory.written", {"user_id": "default"})
    capture(bus, 1)
    assert await tail.run_once() == 2
    assert seen == ["memory.written", "memory.captured"]


async def test_a_failing_event_is_retried_then_passed_over(bus: EventBus, outbox: Outbox) -> None:
    calls: list[int] = []

    def handler(event: Event) -> None:
        calls.append(event.payload["n"])
        if event.payload["n"] == 0:
            raise RuntimeError("poison")

    capture(bus, 0)
    capture(bus, 1)
    reader = OutboxReader(outbox, "reflection", TOPICS, handler, attempts=2)
    assert await reader.run_once() == 2
    assert calls == [0, 0, 1]
    assert reader.stats.failures == 2
    assert not outbox.pending("reflection", TOPICS)


async def test_an_append_in_this_process_wakes_the_reader(bus: EventBus, outbox: Outbox) -> None:
    got = asyncio.Event()
    seen: list[int] = []

    async def handler(event: Event) -> None:
        seen.append(event.payload["n"])
        got.set()

    # A poll interval far beyond the test's patience: only the wake-up can deliver in time.
    reader = OutboxReader(outbox, "reflection", TOPICS, handler, poll_s=3600)
    await reader.start()
    try:
        await asyncio.sleep(0.05)  # let it go idle first
        await asyncio.to_thread(capture, bus, 7)  # published from a worker thread, as a sync tool does
        await asyncio.wait_for(got.wait(), 60)
    finally:
        await reader.stop()
    assert seen == [7]
    assert outbox.position("reflection") == outbox.latest_id()
