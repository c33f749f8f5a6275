"""The event outbox of a home or database, opened once per process and attached to an event bus.

Servers that share a process (``cairn serve all``) share one bus, and so must share one outbox: each
server's lifespan takes a reference with :func:`attached`, and the outbox closes when the last one ends.
The SQLite outbox is its own file, ``$CAIRN_HOME/events/events.db``, not a table in one server's database:
every server process on the home opens it, and none of them owns it. On PostgreSQL it is the ``events``
schema of ``CAIRN_DATABASE_URL``, shared the same way by every instance.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from servers.core.events import EventBus, default_bus
from servers.core.settings import CoreSettings
from servers.core.storage.outbox import Outbox


def open_outbox(settings: CoreSettings) -> Outbox:
    """A new connection to the outbox ``settings`` name (the caller closes it)."""
    return Outbox.open(settings)


def _location(settings: CoreSettings) -> str:
    return settings.database_url or str(settings.home.resolve())


@dataclass
class _Shared:
    outbox: Outbox
    users: int = 0


_lock = threading.Lock()
_shared: dict[str, _Shared] = {}
_attached: dict[int, int] = {}  # id(bus) -> lifespans that attached it


def acquire(settings: CoreSettings) -> Outbox:
    with _lock:
        key = _location(settings)
        shared = _shared.get(key)
        if shared is None:
            shared = _shared[key] = _Shared(open_outbox(settings))
        shared.users += 1
        return shared.outbox


def release(outbox: Outbox) -> None:
    with _lock:
        for key, shared in list(_shared.items()):
            if shared.outbox is outbox:
                shared.users -= 1
                if shared.users <= 0:
                    del _shared[key]
                    outbox.close()
                return


@asynccontextmanager
async def attached(bus: EventBus, settings: CoreSettings) -> AsyncIterator[Outbox]:
    """The shared outbox, attached to ``bus`` until the block ends (and the last attacher leaves)."""
    outbox = acquire(settings)
    with _lock:
        if bus.outbox is not None and bus.outbox is not outbox:
            # Another home's outbox (tests build servers for many homes in one process): the newest wins.
            _attached[id(bus)] = 0
        bus.outbox = outbox
        _attached[id(bus)] = _attached.get(id(bus), 0) + 1
    try:
        yield outbox
    finally:
        with _lock:
            _attached[id(bus)] = _attached.get(id(bus), 1) - 1
            if _attached[id(bus)] <= 0 and bus.outbox is outbox:
                bus.outbox = None
                _attached.pop(id(bus), None)
        release(outbox)


@asynccontextmanager
async def shared(bus: EventBus, settings: CoreSettings) -> AsyncIterator[Outbox | None]:
    """The outbox attached to the process's shared bus while the block runs; None (and nothing attached) for
    a private bus, which tests and in-process callers use to keep events to themselves."""
    if bus is not default_bus():
        yield None
        return
    async with attached(bus, settings) as outbox:
        yield outbox
