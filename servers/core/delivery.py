"""Reading the event outbox in the background: a consumer group's share, or a tail of everything.

One asyncio task per reader. It sleeps until an append in this process wakes it (so servers sharing a
process, as under ``cairn serve all``, hand events over in milliseconds) or the poll interval passes (the
way events from other processes arrive). An idle poll is one indexed read: no write lock, no lease.

>>> consumer = OutboxReader(outbox, "reflection", {"memory.captured"}, svc.on_event)
>>> await consumer.start()        # ... await consumer.stop() finishes the event in hand, then releases
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import time
import uuid
from collections.abc import Awaitable, Callable, Collection
from datetime import datetime

from servers.core.events import Event, HandlerStats, process_origin
from servers.core.storage.outbox import Claim, LeaseLost, Outbox, StoredEvent

log = logging.getLogger(__name__)

Handler = Callable[[Event], Awaitable[None] | None]

POLL_S = 0.5  # the longest an event from another process waits before a reader sees it
PRUNE_EVERY_S = 3600.0


def to_event(stored: StoredEvent) -> Event:
    ts = time.time()
    with contextlib.suppress(ValueError):
        ts = datetime.strptime(stored.created_at, "%Y-%m-%dT%H:%M:%S.%f%z").timestamp()
    return Event(stored.topic, stored.payload, stored.session_id, ts, stored.id)


class OutboxReader:
    """Hands outbox events of ``topics`` to ``handler``, in id order.

    ``durable=True`` (a consumer group named ``name``): the cursor is stored, instances sharing the outbox
    split the events so each is handled once, and a restart carries on where the last run stopped.
    ``durable=False`` (a tail): this process alone, from the events appended after :meth:`start`.
    A handler that raises is retried ``attempts`` times, then the event is logged and passed over, so one
    bad event cannot stop the ones behind it.
    """

    def __init__(
        self,
        outbox: Outbox,
        name: str,
        topics: Collection[str] | None,
        handler: Handler,
        *,
        durable: bool = True,
        poll_s: float = POLL_S,
        lease_s: float = 300.0,
        batch: int = 50,
        attempts: int = 3,
        prune_every_s: float | None = PRUNE_EVERY_S,
    ) -> None:
        if durable and topics is None:
            raise ValueError("a consumer group names its topics")
        self.outbox = outbox
        self.name = name
        self.topics = None if topics is None else frozenset(topics)
        self.handler = handler
        self.durable = durable
        self.poll_s = poll_s
        self.lease_s = lease_s
        self.batch = batch
        self.attempts = attempts
        # Tails prune too: a memory server alone (no consumer group running) must not grow the outbox forever.
        self.prune_every_s = prune_every_s
        self.owner = f"{process_origin()}:{uuid.uuid4().hex[:8]}"
        self.stats = HandlerStats()
        self.position = 0  # the tail's cursor (a consumer group's lives in the outbox)
        self._wake = asyncio.Event()
        self._stopping = False
        self._task: asyncio.Task[None] | None = None
        self._undo_wake: Callable[[], None] | None = None
        self._last_prune = 0.0

    # --- running -------------------------------------------------------------------------------------

    async def start(self) -> None:
        if self._task is not None:
            return
        loop = asyncio.get_running_loop()
        if not self.durable:
            self.position = await asyncio.to_thread(self.outbox.latest_id)

        def wake() -> None:
            # Appends happen in worker threads (sync tools) as well as on the loop.
            with contextlib.suppress(RuntimeError):  # the loop has closed: nothing left to wake
                loop.call_soon_threadsafe(self._wake.set)

        self._undo_wake = self.outbox.on_append(wake)
        self._stopping = False
        self._task = asyncio.create_task(self._run(), name=f"outbox-reader:{self.name}")

    async def stop(self) -> None:
        """Finish the event in hand, release the lease, and stop."""
        self._stopping = True
        self._wake.set()
        if self._undo_wake is not None:
            self._undo_wake()
            self._undo_wake = None
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while not self._stopping:
            self._wake.clear()
            try:
                handled = await self.run_once()
                await self._maybe_prune()
            except Exception:
                log.exception("outbox reader %s failed; retrying in %.1f s", self.name, self.poll_s)
                handled = 0
            if handled:
                continue  # more may be waiting behind a full batch
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll_s)

    async def run_once(self) -> int:
        """Handle what is waiting now; how many events went to the handler."""
        return await (self._consume_group() if self.durable else self._consume_tail())

    # --- a consumer group ----------------------------------------------------------------------------

    async def _consume_group(self) -> int:
        assert self.topics is not None
        if not await asyncio.to_thread(self.outbox.pending, self.name, self.topics):
            return 0
        claim = await asyncio.to_thread(
            self.outbox.claim, self.name, self.owner, self.topics, limit=self.batch, lease_s=self.lease_s
        )
        if claim is None:
            return 0
        handled = 0
        try:
            for stored in claim.events:
                if self._stopping:
                    # Stop between events: the cursor stays before this one, so the next run has it.
                    await asyncio.to_thread(self.outbox.ack, claim, stored.id - 1, release=True)
                    return handled
                await self._handle(to_event(stored))
                handled += 1
                await asyncio.to_thread(self.outbox.ack, claim, stored.id, lease_s=self.lease_s)
            await asyncio.to_thread(self.outbox.ack, claim, claim.scanned_to, release=True)
        except LeaseLost:
            log.warning("outbox consumer %s: lease taken by another instance; leaving the batch to it", self.name)
        except BaseException:
            await self._release_quietly(claim)
            raise
        return handled

    async def _release_quietly(self, claim: Claim) -> None:
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.outbox.ack, claim, 0, release=True)

    # --- a tail --------------------------------------------------------------------------------------

    async def _consume_tail(self) -> int:
        events = await asyncio.to_thread(self.outbox.read, self.position, topics=self.topics, limit=self.batch)
        for stored in events:
            await self._handle(to_event(stored))
            self.position = stored.id
        return len(events)

    # --- handling ------------------------------------------------------------------------------------

    async def _handle(self, event: Event) -> None:
        for attempt in range(1, self.attempts + 1):
            self.stats.calls += 1
            try:
                if inspect.iscoroutinefunction(self.handler):
                    await self.handler(event)
                else:
                    await asyncio.to_thread(self.handler, event)
                return
            except Exception:
                self.stats.failures += 1
                if attempt == self.attempts:
                    log.exception("outbox reader %s gave up on event %s (%s)", self.name, event.id, event.type)
                    return
                log.warning("outbox reader %s: event %s failed (attempt %d); retrying", self.name, event.id, attempt)
                await asyncio.sleep(0.2 * attempt)

    async def _maybe_prune(self) -> None:
        if self.prune_every_s is None or time.monotonic() - self._last_prune < self.prune_every_s:
            return
        self._last_prune = time.monotonic()
        pruned = await asyncio.to_thread(self.outbox.prune)
        if pruned:
            log.info("event outbox: pruned %d old events", pruned)
