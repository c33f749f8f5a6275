"""Scheduler benchmark: 10,000 active jobs — idle CPU of the loop, and due-to-start delay for jobs due together.

    .venv/bin/python -m bench.scheduler.run [--jobs 10000] [--idle-seconds 30] [--action noop|notify]

Phase 1 (idle): every job's next run is an hour away; the loop runs for --idle-seconds and we read the
process CPU time it used. Phase 2 (due together): every job is made due at the same instant (as a shared
cron time such as 09:00 would), and we record, for each run, the delay from its due time to the moment
its action starts. ``noop`` measures the scheduler alone; ``notify`` adds the real notify action (the
attention gate and a notification row per run).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from servers.core.events import EventBus
from servers.scheduler.actions import RunContext
from servers.scheduler.models import JobSpec
from servers.scheduler.service import SchedulerService
from servers.suite.settings import CairnSettings


class Stamp:
    """Records when each action starts; optionally runs the real action afterwards."""

    def __init__(self, inner: SchedulerService | None) -> None:
        self.started: dict[str, tuple[float, float]] = {}
        self.inner = inner
        self.done = asyncio.Event()
        self.expected = 0

    async def run(self, ctx: RunContext) -> str:
        self.started[ctx.run_id] = (ctx.scheduled_for, time.time())
        output = await self.inner.actions.run(ctx) if self.inner else "noop"
        if len(self.started) >= self.expected:
            self.done.set()
        return output


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def main(jobs: int, idle_seconds: float, action: str) -> dict[str, object]:
    load_at_start = os.getloadavg()  # the machine may be shared: the figures depend on it
    home = Path(tempfile.mkdtemp(prefix="cairn-bench-"))
    settings = CairnSettings(
        home=home,
        embedder="none",
        scheduler={
            "timezone": "UTC",
            "run_loop": False,
            # the gate would cap notifications at 5 a day: open it so every run does the full work
            "attention": {"quiet_hours": None, "daily_cap": 10**9, "min_interval_seconds": 0},
        },
    )
    stamp = Stamp(None)
    service = SchedulerService(settings, bus=EventBus(), executor=stamp)
    if action == "notify":
        stamp.inner = service
    t0 = time.perf_counter()
    template = JobSpec.model_validate(
        {"name": "x", "schedule": {"cron": "0 9 * * *"}, "action": {"type": "notify", "message": "hi", "priority": 0.9}}
    )
    for i in range(jobs):
        await service.create(template.model_copy(update={"name": f"job-{i:05d}"}), "default")
    create_s = time.perf_counter() - t0
    db = service.store.db
    with db.transaction():  # every job an hour away: the loop has nothing to do
        db.execute("UPDATE jobs SET next_run_at = ?", (time.time() + 3600,))

    stop = asyncio.Event()
    loop_task = asyncio.create_task(service.engine.run_forever(stop))
    await asyncio.sleep(1.0)  # let the first pass (and thread pool start-up) pass
    cpu0, wall0 = time.process_time(), time.perf_counter()
    await asyncio.sleep(idle_seconds)
    idle_cpu = (time.process_time() - cpu0) / (time.perf_counter() - wall0)

    due = time.time() + 2.0
    with db.transaction():
        db.execute("UPDATE jobs SET next_run_at = ?", (due,))
    stamp.expected = jobs
    service.engine.wake()
    await asyncio.wait_for(stamp.done.wait(), timeout=600)
    delays = [start - scheduled for scheduled, start in stamp.started.values()]
    last_start = max(start for _, start in stamp.started.values())
    stop.set()
    await loop_task
    service.close()
    return {
        "jobs": jobs,
        "action": action,
        "create_seconds": round(create_s, 1),
        "idle_cpu_percent_of_one_core": round(idle_cpu * 100, 2),
        "idle_seconds": idle_seconds,
        "due_to_start_p50_ms": round(statistics.median(delays) * 1000, 1),
        "due_to_start_p95_ms": round(percentile(delays, 95) * 1000, 1),
        "due_to_start_max_ms": round(max(delays) * 1000, 1),
        "all_started_within_s": round(last_start - due, 2),
        "runs_started": len(delays),
        "cpus": os.cpu_count(),
        "load_at_start": load_at_start,
        "load_at_end": os.getloadavg(),
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=10_000)
    parser.add_argument("--idle-seconds", type=float, default=30.0)
    parser.add_argument("--action", choices=["noop", "notify"], default="noop")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main(args.jobs, args.idle_seconds, args.action)), indent=2))
