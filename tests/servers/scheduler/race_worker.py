"""One scheduler process of the multi-process tests: waits for the start signal, runs one engine pass per
given (fake) time against the shared store, and appends every run it executes to a shared log.

    python -m tests.servers.scheduler.race_worker HOME TIMES START LOG [--database-url URL] [--hang]

``TIMES`` is a comma-separated list of POSIX times (one pass at each, in order). Without ``--database-url``
the processes share ``HOME``'s SQLite file; with it, a PostgreSQL database. ``--hang`` makes every action
log ``started`` and then never finish, so the test can kill the process in the middle of a run. Once connected,
the process creates ``START.ready-<pid>``, so a test can start all processes at the same moment.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import time
from pathlib import Path

from servers.scheduler.actions import RunContext
from servers.scheduler.clock import FakeClock
from servers.scheduler.service import SchedulerService
from servers.suite.settings import CairnSettings


class AppendLog:
    def __init__(self, path: Path, *, hang: bool = False) -> None:
        self.path = path
        self.hang = hang

    def append(self, line: str) -> None:
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line.encode())  # one write per line with O_APPEND: lines from processes never interleave
        finally:
            os.close(fd)

    async def run(self, ctx: RunContext) -> str:
        if self.hang:
            self.append(f"started {ctx.run_id} {os.getpid()}\n")
            await asyncio.Event().wait()  # until the test kills this process
        self.append(f"{ctx.job_id} {ctx.scheduled_for} {os.getpid()}\n")
        return "logged"


async def main(args: argparse.Namespace) -> None:
    # Small claim batches make the processes interleave their claim transactions.
    settings = CairnSettings(
        home=args.home,
        embedder="none",
        database_url=args.database_url,
        scheduler={"timezone": "UTC", "run_loop": False, "claim_batch": 5},
    )
    times = [float(t) for t in args.times.split(",")]
    clock = FakeClock(times[0])
    service = SchedulerService(settings, clock=clock, executor=AppendLog(args.log, hang=args.hang))
    (args.start.parent / f"{args.start.name}.ready-{os.getpid()}").touch()  # imported and connected
    while not args.start.exists():
        time.sleep(0.005)
    for when in times:
        clock.set(when)
        await service.engine.run_once()
    service.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("home", type=Path)
    parser.add_argument("times")
    parser.add_argument("start", type=Path)
    parser.add_argument("log", type=Path)
    parser.add_argument("--database-url")
    parser.add_argument("--hang", action="store_true")
    asyncio.run(main(parser.parse_args()))
