"""Waiting for a run queued by ``job_run_now`` to end, saying how it goes.

The run's row is the truth: it is read again whenever this process's engine publishes a run event (started,
succeeded, failed) and at least every ``poll_interval_seconds``, so a run claimed by another process (same
home or database) is followed too, only less promptly. Progress goes 0 (queued, or waiting for approval),
1 (running), 2 (ended) of 2.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable

import anyio

from servers.core.events import Event, EventBus
from servers.core.progress import AsyncReport
from servers.scheduler.models import FINAL_RUN_STATUSES, Run

RUN_EVENTS = ("job.run.started", "job.run.succeeded", "job.run.failed")
TOTAL = 2
_names = itertools.count()


def _step(run: Run) -> tuple[int, str]:
    if run.status in FINAL_RUN_STATUSES:
        return TOTAL, run.status + (f": {run.error or run.reason}" if run.error or run.reason else "")
    if run.status == "running":
        return 1, "running"
    return 0, "waiting for approval" if run.status == "pending_approval" else "queued"


async def follow(
    bus: EventBus,
    queue: Callable[[], Awaitable[Run]],
    reread: Callable[[str], Awaitable[Run]],
    *,
    wait_s: float,
    poll_s: float,
    progress: AsyncReport | None = None,
) -> Run:
    """``queue()`` a run, then report and re-read it until it ends or ``wait_s`` pass; returns its last state.

    The bus is listened to before the run is queued, so an engine quick enough to finish it first is not missed.
    """
    loop = asyncio.get_running_loop()
    changed = asyncio.Event()

    def wake(event: Event) -> None:  # may be called from a worker thread: the engine records results there
        loop.call_soon_threadsafe(changed.set)

    name = f"run-now:{next(_names)}"
    for event_type in RUN_EVENTS:
        bus.subscribe(event_type, wake, name=name)
    try:
        run = await queue()
        with anyio.move_on_after(wait_s):
            while True:
                done, message = _step(run)
                if progress is not None:
                    await progress(done, TOTAL, message)
                if done == TOTAL:
                    break
                with anyio.move_on_after(poll_s):
                    await changed.wait()
                changed.clear()
                run = await reread(run.id)
        return run
    finally:
        for event_type in RUN_EVENTS:
            bus.unsubscribe(event_type, name)
