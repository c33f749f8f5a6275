from __future__ import annotations

import asyncio
import threading
import time

import pytest

from servers.core.events import Event, EventBus


async def test_handlers_run_by_priority_and_a_failure_does_not_stop_the_rest() -> None:
    bus = EventBus()
    calls: list[str] = []

    async def low(event: Event) -> None:
        calls.append("low")

    def failing(event: Event) -> None:
        calls.append("failing")
        raise RuntimeError("handler bug")

    async def high(event: Event) -> None:
        calls.append(f"high:{event.payload['n']}")

    bus.subscribe("task.completed", low, name="low", priority=0)
    bus.subscribe("task.completed", failing, name="failing", priority=5)
    bus.subscribe("task.completed", high, name="high", priority=10)
    await bus.publish("task.completed", {"n": 1})
    assert calls == ["high:1", "failing", "low"]
    assert bus.stats["failing"].failures == 1


async def test_slow_handler_times_out_without_blocking_others() -> None:
    bus = EventBus()
    seen: list[str] = []

    async def slow(event: Event) -> None:
        await asyncio.sleep(5)

    async def fast(event: Event) -> None:
        seen.append(event.type)

    bus.subscribe("tool.failed", slow, name="slow", priority=1, timeout_s=0.05)
    bus.subscribe("tool.failed", fast, name="fast")
    await bus.publish("tool.failed", {})
    assert seen == ["tool.failed"]
    assert bus.stats["slow"].timeouts == 1


async def test_publish_nowait_runs_in_background_and_keeps_history() -> None:
    bus = EventBus(history=3)
    got = asyncio.Event()

    async def handler(event: Event) -> None:
        got.set()

    bus.subscribe("*", handler, name="all")
    for i in range(5):
        bus.publish_nowait("memory.recalled", {"i": i})
    await asyncio.wait_for(got.wait(), 2)
    await bus.drain()
    assert [e.payload["i"] for e in bus.recent()] == [2, 3, 4]


def test_publish_nowait_from_a_worker_thread_runs_inline() -> None:
    bus = EventBus()
    seen: list[int] = []
    bus.subscribe("memory.written", lambda e: seen.append(e.payload["i"]), name="sync")
    bus.publish_nowait("memory.written", {"i": 7})
    assert seen == [7]


def test_publish_nowait_from_a_worker_thread_calls_plain_handlers_in_that_thread() -> None:
    bus = EventBus()
    threads: list[int] = []

    def failing(event: Event) -> None:
        raise RuntimeError("handler bug")

    def slow(event: Event) -> None:
        time.sleep(0.06)
        threads.append(threading.get_ident())

    bus.subscribe("memory.written", failing, name="failing", priority=2)
    bus.subscribe("memory.written", slow, name="slow", priority=1, timeout_s=0.01)
    bus.subscribe("memory.written", lambda e: threads.append(threading.get_ident()), name="after")
    before = threading.active_count()
    bus.publish_nowait("memory.written", {"i": 1})
    # In order, a failure does not stop the rest, and no helper thread was started for them.
    assert threads == [threading.get_ident()] * 2
    assert threading.active_count() == before
    assert (bus.stats["failing"].calls, bus.stats["failing"].failures) == (1, 1)
    assert (bus.stats["slow"].calls, bus.stats["slow"].timeouts) == (1, 1)
    assert (bus.stats["after"].failures, bus.stats["after"].timeouts) == (0, 0)


def test_publish_nowait_from_a_worker_thread_still_awaits_async_handlers() -> None:
    bus = EventBus()
    seen: list[str] = []

    async def async_handler(event: Event) -> None:
        await asyncio.sleep(0)
        seen.append("async")

    bus.subscribe("memory.written", async_handler, name="async", priority=1)
    bus.subscribe("memory.written", lambda e: seen.append("sync"), name="sync")
    bus.publish_nowait("memory.written", {})
    assert seen == ["async", "sync"]


def test_unknown_event_types_are_refused() -> None:
    bus = EventBus()
    with pytest.raises(ValueError, match="unknown event type"):
        bus.subscribe("memory.recalld", lambda e: None, name="typo")
    with pytest.raises(ValueError):
        bus.publish_nowait("nope", {})
