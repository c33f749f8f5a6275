"""One scheduler process of the race test: waits for the start signal, runs one engine pass against the
shared data directory at a fixed (fake) time, and appends every run it executes to a shared log."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

from servers.core.settings import CairnSettings
from servers.scheduler.actions import RunContext
from servers.scheduler.clock import FakeClock
from servers.scheduler.service import SchedulerService


class AppendLog:
    def __init__(self, path: Path) -> None:
        self.path = path

    async def run(self, ctx: RunContext) -> str:
        line = f"{ctx.job_id} {ctx.scheduled_for} {os.getpid()}\n".encode()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line)  # one write per line with O_APPEND: lines from two processes never interleave
        finally:
            os.close(fd)
        return "logged"


async def main(home: Path, now: float, start: Path, log: Path) -> None:
    # Small claim batches make the two processes interleave their claim transactions.
    settings = CairnSettings(
        home=home, embedder="none", scheduler={"timezone": "UTC", "run_loop": False, "claim_batch": 5}
    )
    service = SchedulerService(settings, clock=FakeClock(now), executor=AppendLog(log))
    while not start.exists():
        time.sleep(0.005)
    await service.engine.run_once()
    service.close()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), float(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4])))
