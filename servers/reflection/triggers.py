"""Where reflection's post-task and error triggers come from while a server runs.

On the process's shared bus (``cairn serve reflection``, ``cairn serve all``) they come from the durable
event outbox, as the consumer group ``reflection``: captures made by a memory server in another process,
or on another instance sharing PostgreSQL, are reflected on exactly once by one of the reflection
instances, and captures made while no reflection server ran are picked up when one starts. A private bus
(tests, the hooks' in-process services) keeps the direct, synchronous subscription.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from servers.core.delivery import OutboxReader
from servers.core.event_outbox import attached
from servers.core.events import default_bus
from servers.core.storage.outbox import Outbox
from servers.reflection.service import ReflectionService

CONSUMER = "reflection"
TOPICS = frozenset({"memory.captured", "tool.failed"})


def reader(svc: ReflectionService, outbox: Outbox) -> OutboxReader:
    # A reflection may wait on the LLM twice; the lease must outlast that, or another instance would take
    # over an event still being handled (harmless, see ReflectionService.on_event, but wasted work).
    lease_s = max(300.0, 4 * (svc.settings.llm_timeout_s * 2 + 10))
    return OutboxReader(outbox, CONSUMER, TOPICS, svc.on_event, lease_s=lease_s)


@asynccontextmanager
async def listening(svc: ReflectionService) -> AsyncIterator[OutboxReader | None]:
    """Deliver triggers to ``svc`` until the block ends; the outbox reader when it is the durable path."""
    if svc.bus is not default_bus():
        svc.subscribe()
        try:
            yield None
        finally:
            svc.unsubscribe()
        return
    async with attached(svc.bus, svc.settings) as outbox:
        consumer = reader(svc, outbox)
        await consumer.start()
        try:
            yield consumer
        finally:
            await consumer.stop()
