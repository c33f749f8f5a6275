"""Advancing jobs whose occurrence was claimed, on both stores: thousands due at one instant (a shared cron
time such as 09:00) all move on, each compare-and-set finding its row by primary key; on PostgreSQL a pass
goes around jobs another transaction holds, then waits for them.

Regression: on PostgreSQL the compare-and-set of ``Engine.advance`` was planned on the partial index
``jobs_advance`` (its statistics, taken while nothing was pending, called it empty), so each update walked
every job with the same ``next_run_at``: 10,000 jobs due together took 48 s to advance instead of ~2 s.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from servers.scheduler.clock import FakeClock
from servers.scheduler.models import JobSpec
from servers.scheduler.service import SchedulerService
from servers.scheduler.storage.claims import ADVANCE_SQL
from servers.scheduler.storage.store import new_id

BACKENDS = ("sqlite", "postgresql")
JOBS = 2000


async def fill(service: SchedulerService, count: int) -> None:
    """``count`` daily cron jobs: one through the service, the rest copies of its row (fast to insert)."""
    spec = {"name": "job-0", "schedule": {"cron": "0 9 * * *"}, "action": {"type": "notify", "message": "x"}}
    job = await service.create(JobSpec.model_validate(spec), "default")
    db = service.store.db
    row = db.query_one("SELECT * FROM jobs WHERE id = ?", (job.id,))
    assert row is not None
    names = list(row)
    copies = [
        [new_id("j") if n == "id" else f"job-{i}" if n == "name" else row[n] for n in names] for i in range(1, count)
    ]
    with db.transaction():
        db.executemany(f"INSERT INTO jobs ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})", copies)


def time_advance(service: SchedulerService, next_runs: list[float]) -> float:
    """Give the jobs these due times, refresh the planner's statistics while none is pending (as they are
    between runs), mark every job claimed, and time ``advance``; checks that every job moved on."""
    db = service.store.db
    ids = [r["id"] for r in db.query("SELECT id FROM jobs ORDER BY id")]
    with db.transaction():
        db.executemany(
            "UPDATE jobs SET next_run_at = ?, advance_pending = 0 WHERE id = ?", list(zip(next_runs, ids, strict=True))
        )
    db.execute("ANALYZE jobs")
    db.execute("UPDATE jobs SET advance_pending = 1")
    started = time.perf_counter()
    advanced = service.engine.advance()
    elapsed = time.perf_counter() - started
    assert advanced == len(ids)
    assert db.scalar("SELECT COUNT(*) FROM jobs WHERE advance_pending = 0 AND next_run_at > ?", (max(next_runs),)) == (
        len(ids)
    )
    return elapsed


def advance_plan(service: SchedulerService, job_id: str, previous: float) -> str:
    """How the database finds the row for the engine's advance compare-and-set of this job."""
    db = service.store.db
    sql = ADVANCE_SQL.format(status="status")
    params = (previous + 86400, job_id, previous)
    if service.store.postgres:
        return "\n".join(r["QUERY PLAN"] for r in db.query("EXPLAIN " + sql, params))
    return "\n".join(r["detail"] for r in db.query("EXPLAIN QUERY PLAN " + sql, params))


async def test_jobs_due_together_are_advanced_by_primary_key(
    make_service: Callable[..., SchedulerService], clock: FakeClock
) -> None:
    service = make_service()
    await fill(service, JOBS)
    base = clock.now() - 60
    apart = time_advance(service, [base + i for i in range(JOBS)])
    together = time_advance(service, [base] * JOBS)
    print(f"\n{JOBS} jobs advanced: due apart {apart:.2f} s, due together {together:.2f} s")  # shown with -s

    # The statistics say no job is pending, then every job is claimed at the same time, as at 09:00.
    db = service.store.db
    db.execute("UPDATE jobs SET next_run_at = ?, advance_pending = 0", (base,))
    db.execute("ANALYZE jobs")
    db.execute("UPDATE jobs SET advance_pending = 1")
    job_id = db.scalar("SELECT MAX(id) FROM jobs")
    plan = advance_plan(service, job_id, base)
    # Found by id, never by scanning the pending jobs (which all share next_run_at): one row per update.
    assert "jobs_advance" not in plan, plan
    assert ("jobs_pkey" if service.store.postgres else "(id=?)") in plan, plan


async def test_advance_goes_around_jobs_another_transaction_holds_then_waits_for_them(
    make_service: Callable[..., SchedulerService], clock: FakeClock
) -> None:
    """Instances sharing PostgreSQL split the advancing (SKIP LOCKED) instead of queueing on one another,
    and a pass still ends with every claimed job advanced."""
    service = make_service()
    if not service.store.postgres:
        pytest.skip("row locks: SQLite has one writer at a time")
    await fill(service, 20)
    db = service.store.db
    db.execute("UPDATE jobs SET next_run_at = ?, advance_pending = 1", (clock.now() - 60,))
    held = db.scalar("SELECT MIN(id) FROM jobs")  # first in id order: the old code queued on it at once
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:  # another instance writing results for this job
        with db.transaction():
            service.store.lock_jobs([held])
            locked.set()
            release.wait(30)

    holder = threading.Thread(target=hold)
    holder.start()
    assert locked.wait(10)
    advanced: list[int] = []
    worker = threading.Thread(target=lambda: advanced.append(service.engine.advance()))
    worker.start()
    try:
        deadline = time.monotonic() + 20
        while db.scalar("SELECT COUNT(*) FROM jobs WHERE advance_pending = 0") < 19:
            assert time.monotonic() < deadline, "the jobs nobody holds were not advanced while one was held"
            time.sleep(0.05)
        time.sleep(0.2)
        assert worker.is_alive()  # ... and the pass waits for the held one rather than leaving it pending
    finally:
        release.set()
        holder.join()
        worker.join(20)
    assert advanced == [20]
    assert db.scalar("SELECT COUNT(*) FROM jobs WHERE advance_pending = 0") == 20
