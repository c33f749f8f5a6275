"""One scheduler instance of the multi-instance benchmark (:mod:`bench.scheduler.multi`): the production loop
(``Engine.run_forever``, the real clock) against a shared database, logging when each run's action starts.

    python -m bench.scheduler.worker HOME LOG READY STOP --database-url URL [--action noop|notify]

Each executed run appends ``run_id job_id scheduled_for started pid`` to ``LOG`` (a file of its own, so the
instances never write to one file). Once ``STOP.pool`` exists, ``LOG.pool`` (``LOG`` with that suffix) gets
``time open in_use`` every 0.1 s: this instance's pooled connections, by psycopg_pool's own counts (the
server cannot tell instances apart: every one names its connections ``cairn:scheduler``). ``READY`` is
created once the store is connected and migrated; the loop stops, finishing or handing back what it runs,
once ``STOP`` exists.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import time
from pathlib import Path
from typing import TextIO

from servers.core.events import EventBus
from servers.scheduler.actions import RunContext
from servers.scheduler.service import SchedulerService
from servers.suite.settings import CairnSettings


class StampLog:
    """The executor: writes one line per run as its action starts; ``notify`` then runs the real action."""

    def __init__(self, out: TextIO, inner: SchedulerService | None) -> None:
        self.out = out
        self.inner = inner

    async def run(self, ctx: RunContext) -> str:
        started = time.time()
        # repr() keeps the float exact: the orchestrator matches scheduled_for against what it wrote
        self.out.write(f"{ctx.run_id} {ctx.job_id} {ctx.scheduled_for!r} {started!r} {os.getpid()}\n")
        return await self.inner.actions.run(ctx) if self.inner else "noop"


async def main(args: argparse.Namespace) -> None:
    settings = CairnSettings(
        home=args.home,
        embedder="none",
        database_url=args.database_url,
        scheduler={
            "timezone": "UTC",
            "run_loop": False,  # the loop is started below, as the server's lifespan would
            "attention": {"quiet_hours": None, "daily_cap": 10**9, "min_interval_seconds": 0},
        },
    )
    with args.log.open("a", buffering=1) as out:  # line-buffered: lines survive a crash of this process
        stamp = StampLog(out, None)
        service = SchedulerService(settings, bus=EventBus(), executor=stamp)
        if args.action == "notify":
            stamp.inner = service
        args.ready.touch()
        stop = asyncio.Event()

        async def watch() -> None:
            # Pool counts are sampled every 0.1 s only once STOP.pool exists (after the idle phase, whose CPU
            # figure the sampling would inflate); until then this wakes twice a second to look for the files.
            pool = getattr(service.store.db, "pool", None)
            sample = args.stop.with_suffix(".pool")
            with args.log.with_suffix(".pool").open("a", buffering=1) as stats:
                while not args.stop.exists():
                    if pool is None or not sample.exists():
                        await asyncio.sleep(0.5)
                        continue
                    now = pool.get_stats()
                    stats.write(f"{time.time()!r} {now['pool_size']} {now['pool_size'] - now['pool_available']}\n")
                    await asyncio.sleep(0.1)
            stop.set()

        watcher = asyncio.create_task(watch())
        await service.engine.run_forever(stop)
        await watcher
        service.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("home", type=Path)
    parser.add_argument("log", type=Path)
    parser.add_argument("ready", type=Path)
    parser.add_argument("stop", type=Path)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--action", choices=["noop", "notify"], default="noop")
    asyncio.run(main(parser.parse_args()))
