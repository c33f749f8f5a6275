"""The in-process event bus: prioritised subscribers, sync and fire-and-forget publish.

A failing or slow handler never blocks the others: each runs under its own timeout and its error is
logged and counted. Recent events are kept in a ring buffer that servers expose as a resource.

Every event names the user it belongs to (``payload["user_id"]``): a publisher acting for another user names
them; an event published while a token's user acts (an HTTP call, a job running as its owner) and naming no
one is stamped with that user, so views that show a token holder only their own events (the ``…://events``
resources, notifications, reflection on failures) never show them another user's activity, such as skill
activations with their session ids. Without a principal (stdio, ``--auth none``) nothing is stamped.

A bus may carry an outbox (:mod:`servers.core.storage.outbox`, attached by :mod:`servers.core.event_outbox`):
events of the :data:`DURABLE_TYPES` are then also stored there, where server processes other than this one
(and consumers that must not miss an event across restarts) read them.

>>> bus = EventBus()
>>> bus.subscribe("memory.captured", on_capture, name="reflection", priority=10)
>>> await bus.publish("memory.captured", {"id": "m1"})        # waits for every handler, in order
>>> bus.publish_nowait("memory.recalled", {"count": 3})        # schedules and returns
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import os
import socket
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from servers.core.principal import current_principal

if TYPE_CHECKING:
    from servers.core.storage.outbox import Outbox

log = logging.getLogger(__name__)

EVENT_TYPES = frozenset(
    {
        "task.started",
        "task.completed",
        "session.started",
        "session.ended",
        "tool.failed",
        "context.compact",
        "memory.recalled",
        "memory.captured",
        "memory.written",
        "memory.maintained",
        "skill.activated",
        "skill.feedback",
        "skill.suggested",
        "job.run.started",
        "job.run.succeeded",
        "job.run.failed",
        "job.run.skipped",
        "job.run.missed",
        "job.paused",
        "tool.called",
        "approval.requested",
        "pattern.detected",
        "reflection.completed",
        "rule.changed",
        "mutation.decided",
        "notification.sent",
        "notification.suppressed",
        "notification.deferred",
    }
)


# What other processes or later readers act on: changes, never reads (a recall must not cost a durable write).
DURABLE_TYPES = frozenset(
    {
        "tool.failed",
        "context.compact",
        "memory.captured",
        "memory.written",
        "memory.maintained",
        "pattern.detected",
        "reflection.completed",
        "rule.changed",
        "mutation.decided",
        "skill.suggested",
    }
)


@dataclass(frozen=True)
class Event:
    type: str
    payload: dict[str, Any]
    session_id: str | None = None
    timestamp: float = field(default_factory=time.time)
    # The outbox id once stored there: unique across processes, so handlers can tell a repeat.
    id: int | None = None

    @property
    def user_id(self) -> str | None:
        user = self.payload.get("user_id")
        return None if user is None else str(user)

    def as_dict(self) -> dict[str, Any]:
        out = {"type": self.type, "payload": self.payload, "session_id": self.session_id, "ts": self.timestamp}
        if self.id is not None:
            out["id"] = self.id
        return out


Handler = Callable[[Event], Awaitable[None] | None]


@dataclass(frozen=True)
class _Subscription:
    name: str
    handler: Handler
    priority: int
    timeout_s: float


@dataclass
class HandlerStats:
    calls: int = 0
    failures: int = 0
    timeouts: int = 0


class EventBus:
    def __init__(self, *, history: int = 200, default_timeout_s: float = 10.0) -> None:
        self._subs: dict[str, list[_Subscription]] = {}
        self._lock = threading.Lock()
        self._recent: deque[Event] = deque(maxlen=history)
        self._default_timeout_s = default_timeout_s
        self._pending: set[asyncio.Task[None]] = set()
        self.stats: dict[str, HandlerStats] = {}
        self.outbox: Outbox | None = None

    def subscribe(
        self, event_type: str, handler: Handler, *, name: str, priority: int = 0, timeout_s: float | None = None
    ) -> None:
        """Call ``handler`` for ``event_type`` ("*" for all); higher priority runs first."""
        if event_type != "*" and event_type not in EVENT_TYPES:
            raise ValueError(f"unknown event type {event_type!r}; known: {sorted(EVENT_TYPES)}")
        sub = _Subscription(name, handler, priority, timeout_s or self._default_timeout_s)
        with self._lock:
            subs = [s for s in self._subs.get(event_type, []) if s.name != name]
            subs.append(sub)
            subs.sort(key=lambda s: -s.priority)
            self._subs[event_type] = subs
            self.stats.setdefault(name, HandlerStats())

    def unsubscribe(self, event_type: str, name: str) -> None:
        with self._lock:
            self._subs[event_type] = [s for s in self._subs.get(event_type, []) if s.name != name]

    def recent(self, limit: int = 50, event_type: str | None = None) -> list[Event]:
        events = [e for e in self._recent if event_type is None or e.type == event_type]
        return events[-limit:]

    async def publish(self, event_type: str, payload: dict[str, Any], *, session_id: str | None = None) -> Event:
        """Run every handler in priority order and wait for them (each under its own timeout)."""
        event = self._record(event_type, payload, session_id)
        for sub in self._handlers_for(event_type):
            await self._run(sub, event)
        return event

    def publish_nowait(self, event_type: str, payload: dict[str, Any], *, session_id: str | None = None) -> Event:
        """Record the event and run its handlers in the background (or right away without a loop)."""
        event = self._record(event_type, payload, session_id)
        subs = self._handlers_for(event_type)
        if not subs:
            return event
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            # Called from a worker thread (a sync tool): run the handlers to completion there. Plain
            # functions are called directly; a private event loop (and with it a fresh executor thread,
            # started and joined) per event cost a memory write more than the write itself.
            if any(inspect.iscoroutinefunction(sub.handler) for sub in subs):
                asyncio.run(self._run_all(subs, event))
            else:
                for sub in subs:
                    self._run_here(sub, event)
            return event
        task = loop.create_task(self._run_all(subs, event))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)
        return event

    async def drain(self) -> None:
        """Wait for background handlers (tests and shutdown)."""
        while self._pending:
            await asyncio.gather(*list(self._pending), return_exceptions=True)

    def _record(self, event_type: str, payload: dict[str, Any], session_id: str | None) -> Event:
        if event_type not in EVENT_TYPES:
            raise ValueError(f"unknown event type {event_type!r}")
        if "user_id" not in payload and (actor := current_principal()) is not None:
            payload = {**payload, "user_id": actor.subject}
        event = Event(event_type, payload, session_id)
        outbox = self.outbox
        if outbox is not None and event_type in DURABLE_TYPES:
            try:
                stored = outbox.append(
                    event_type, payload, user_id=event.user_id, session_id=session_id, origin=process_origin()
                )
                event = Event(event_type, payload, session_id, event.timestamp, stored)
            except Exception:
                # The publisher's own change is already committed; failing it now would not undo that.
                log.exception("could not store %s in the event outbox; other processes will not see it", event_type)
        self._recent.append(event)
        return event

    def _handlers_for(self, event_type: str) -> list[_Subscription]:
        with self._lock:
            subs = [*self._subs.get(event_type, []), *self._subs.get("*", [])]
        return sorted(subs, key=lambda s: -s.priority)

    async def _run_all(self, subs: list[_Subscription], event: Event) -> None:
        for sub in subs:
            await self._run(sub, event)

    def _run_here(self, sub: _Subscription, event: Event) -> None:
        """A plain handler, called in this thread. It cannot be cut off at its timeout (neither could the
        executor thread a private loop used to wait for: closing that loop joined it); overrunning is
        counted and logged as a timeout all the same."""
        stats = self.stats.setdefault(sub.name, HandlerStats())
        stats.calls += 1
        began = time.monotonic()
        try:
            sub.handler(event)
        except Exception:
            stats.failures += 1
            log.exception("event handler %s failed on %s", sub.name, event.type)
            return
        took = time.monotonic() - began
        if took > sub.timeout_s:
            stats.timeouts += 1
            log.warning("event handler %s timed out after %.1fs on %s", sub.name, sub.timeout_s, event.type)

    async def _run(self, sub: _Subscription, event: Event) -> None:
        stats = self.stats.setdefault(sub.name, HandlerStats())
        stats.calls += 1
        try:
            if inspect.iscoroutinefunction(sub.handler):
                await asyncio.wait_for(sub.handler(event), sub.timeout_s)
            else:
                await asyncio.wait_for(asyncio.to_thread(sub.handler, event), sub.timeout_s)
        except TimeoutError:
            stats.timeouts += 1
            log.warning("event handler %s timed out after %.1fs on %s", sub.name, sub.timeout_s, event.type)
        except Exception:
            stats.failures += 1
            log.exception("event handler %s failed on %s", sub.name, event.type)


def process_origin() -> str:
    """This process, as the outbox records who published an event: host and pid."""
    return f"{socket.gethostname()}:{os.getpid()}"


_default_bus: EventBus | None = None
_default_lock = threading.Lock()


def default_bus() -> EventBus:
    """The process-wide bus: servers mounted together under `cairn serve all` share it."""
    global _default_bus
    with _default_lock:
        if _default_bus is None:
            _default_bus = EventBus()
        return _default_bus
