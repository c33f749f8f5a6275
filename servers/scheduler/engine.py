"""The scheduler loop: find due occurrences, claim them, run them, record what happened.

Guarantees, and how they are kept:

* **Never twice.** An occurrence becomes a run inside one transaction that also sets ``advance_pending``
  on the job with a compare-and-set (``WHERE advance_pending = 0 AND next_run_at = ?``); a queued run
  (retry, manual, approved, catch-up) is claimed with ``UPDATE … WHERE status = 'pending'`` and only the
  process whose update changed the row runs it. On SQLite the transaction is ``BEGIN IMMEDIATE`` (one
  writer at a time); on PostgreSQL the claim's SELECT also locks the rows it reads ``FOR NO KEY UPDATE
  SKIP LOCKED``, so instances claim disjoint batches side by side, and the compare-and-set still decides.
  Results are written back only while the writer still holds the claim (``claimed_by`` and status
  ``running``), so a worker that lost its lease cannot overwrite the run's fate.
* **Never silently lost.** A claim carries a lease that the running worker renews; when a worker dies,
  the lease expires, the run is marked failed and retried by its policy. Occurrences found later than
  ``misfire_grace_seconds`` (the machine slept, the scheduler was down) follow the job's catch-up policy,
  and each one that does not run is recorded as ``missed``.
* **Never a flood.** ``max_concurrency`` and ``cooldown_seconds`` skip (and record) runs due too soon;
  after ``max_failures`` consecutive failures a job stops in status ``error``; notifications pass the
  attention gate.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from servers.core.events import EventBus
from servers.scheduler.actions import ActionFailed, RunContext
from servers.scheduler.attention import AttentionGate
from servers.scheduler.clock import Clock, iso
from servers.scheduler.settings import SchedulerSettings
from servers.scheduler.storage import claims
from servers.scheduler.storage.rows import JobChange, JobRow
from servers.scheduler.storage.store import SchedulerStore

log = logging.getLogger(__name__)

MAX_MISSED_ROWS = 100  # missed occurrences recorded one by one; the rest of a long outage as one summary row
MAX_ENUMERATED = 10_000  # occurrences counted after an outage before we stop counting
SHUTDOWN_GRACE_S = 5.0


class Executor(Protocol):
    async def run(self, ctx: RunContext) -> str: ...


@dataclass
class Outcome:
    """What a step decided: runs to start, events to publish and notifications to send, after commit."""

    claimed: list[RunContext] = field(default_factory=list)
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    notices: list[dict[str, Any]] = field(default_factory=list)

    def merge(self, other: Outcome) -> None:
        self.claimed += other.claimed
        self.events += other.events
        self.notices += other.notices


class Engine:
    def __init__(
        self,
        store: SchedulerStore,
        settings: SchedulerSettings,
        clock: Clock,
        executor: Executor,
        gate: AttentionGate,
        bus: EventBus,
        *,
        worker_id: str | None = None,
    ) -> None:
        self.store = store
        self.db = store.db
        self.settings = settings
        self.clock = clock
        self.executor = executor
        self.gate = gate
        self.bus = bus
        self.worker_id = worker_id or f"{socket.gethostname()}:{os.getpid()}:{os.urandom(3).hex()}"
        self._wake = asyncio.Event()
        self._inflight: dict[str, asyncio.Task[None]] = {}
        self._results: list[tuple[tuple[RunContext, bool, str | None, str | None], asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    # --- one pass ---------------------------------------------------------------------------------------

    async def run_once(self) -> list[str]:
        """One full pass, waiting for the runs it started (tests, and a CLI without a loop)."""
        started: list[asyncio.Task[None]] = []
        ids: list[str] = []

        def spawn(ctx: RunContext) -> None:
            ids.append(ctx.run_id)
            started.append(asyncio.create_task(self.execute(ctx)))

        await self.tick(spawn)
        await asyncio.gather(*started)
        return ids

    async def tick(self, spawn: Callable[[RunContext], None]) -> None:
        now = self.clock.now()
        self._emit(await asyncio.to_thread(self.sweep_leases, now))
        await asyncio.to_thread(self.gate.release_due)
        while True:
            # Claim in batches and start each batch at once: jobs due together start in order, without
            # waiting for the cron math of the whole set (that happens in advance(), after they started).
            outcome, more = await asyncio.to_thread(self.claim_due, now)
            for ctx in outcome.claimed:
                spawn(ctx)
            self._emit(outcome)
            if not more:
                break
        outcome = await asyncio.to_thread(self.claim_pending, now)
        for ctx in outcome.claimed:
            spawn(ctx)
        self._emit(outcome)
        await asyncio.to_thread(self.advance)

    # --- claims -------------------------------------------------------------------------------------------

    def claim_due(self, now: float) -> tuple[Outcome, bool]:
        """Claim one batch of jobs whose next occurrence is due; True when more may be waiting."""
        out = Outcome()
        batch = self.settings.claim_batch
        with self.db.transaction():
            jobs = claims.due_jobs(self.store, now, batch)
            running = self.store.running_counts([j.id for j in jobs])
            for job in jobs:
                assert job.next_run_at is not None
                if now - job.next_run_at > job.options.misfire_grace_seconds:
                    self._misfire(job, now, running, out)
                    continue
                if claims.claim_occurrence(self.store, job.id, job.next_run_at):
                    self._fire(job, job.next_run_at, "schedule", now, running, out)
        return out, claims.more_may_be_due(self.store, len(jobs), batch)

    def _fire(
        self, job: JobRow, occurrence: float, trigger: str, now: float, running: dict[str, int], out: Outcome
    ) -> None:
        """An occurrence this process owns: ask for approval, skip it with a reason, or start it."""
        opts = job.options
        base = {"job_id": job.id, "job_name": job.name, "user_id": job.user_id, "trigger": trigger}
        if opts.approval_required:
            run_id = self.store.insert_run(
                job.id, trigger=trigger, status="pending_approval", scheduled_for=occurrence, now=now
            )
            out.events.append(("approval.requested", {**base, "run_id": run_id}))
            out.notices.append(
                {
                    "user_id": job.user_id,
                    "type": "scheduler.approval",
                    "title": f"Approve '{job.name}'?",
                    "message": f"Job '{job.name}' is due and waits for approval: run_approve('{run_id}') "
                    f"or run_reject('{run_id}').",
                    "priority": 0.8,
                    "job_id": job.id,
                    "run_id": run_id,
                }
            )
            return
        reason = None
        if opts.cooldown_seconds and job.last_run_at is not None and now - job.last_run_at < opts.cooldown_seconds:
            reason = (
                f"cooldown: the last run started {now - job.last_run_at:.0f} s ago; "
                f"cooldown_seconds is {opts.cooldown_seconds}"
            )
        elif running.get(job.id, 0) >= opts.max_concurrency:
            reason = f"max_concurrency {opts.max_concurrency} reached: {running.get(job.id, 0)} run(s) still running"
        if reason:
            run_id = self.store.insert_run(
                job.id, trigger=trigger, status="skipped", scheduled_for=occurrence, now=now, reason=reason
            )
            out.events.append(("job.run.skipped", {**base, "run_id": run_id, "reason": reason}))
            return
        run_id = self.store.insert_run(
            job.id,
            trigger=trigger,
            status="running",
            scheduled_for=occurrence,
            now=now,
            claimed_by=self.worker_id,
            lease_until=now + self.settings.lease_seconds,
        )
        running[job.id] = running.get(job.id, 0) + 1
        self.store.update_job(job.id, JobChange(last_run_at=now))
        out.claimed.append(
            RunContext(
                run_id, job.id, job.name, job.user_id, occurrence, 1, trigger, job.action, principal=job.principal
            )
        )

    def _misfire(self, job: JobRow, now: float, running: dict[str, int], out: Outcome) -> None:
        """The job's next occurrence is older than its grace: apply its catch-up policy to all it missed."""
        opts = job.options
        assert job.next_run_at is not None
        found: list[float] = []
        t: float | None = job.next_run_at
        while t is not None and t <= now and len(found) < MAX_ENUMERATED:
            found.append(t)
            t = job.trigger.next_after(t)
        uncounted = t is not None and t <= now
        following = job.trigger.next_after(now) if uncounted else t
        on_time = [o for o in found if now - o <= opts.misfire_grace_seconds]
        to_run: list[float] = []
        if on_time:  # the latest occurrence is still within its grace: it runs as scheduled
            self._fire(job, on_time[-1], "schedule", now, running, out)
            found.remove(on_time[-1])
        elif opts.catch_up == "once":
            to_run = [found.pop()]
        elif opts.catch_up == "all":
            to_run, found = found[: self.settings.max_catch_up_runs], found[self.settings.max_catch_up_runs :]
        if opts.catch_up == "once" and to_run:
            self._fire(job, to_run[0], "catch_up", now, running, out)
        elif to_run:
            status = "pending_approval" if opts.approval_required else "pending"
            for occurrence in to_run:
                self.store.insert_run(job.id, trigger="catch_up", status=status, scheduled_for=occurrence, now=now)
        self._record_missed(job, found, uncounted, now)
        status = "completed" if following is None else "active"
        self.store.update_job(job.id, JobChange(next_run_at=following, advance_pending=False, status=status))
        if found or to_run:
            out.events.append(
                (
                    "job.run.missed",
                    {
                        "job_id": job.id,
                        "job_name": job.name,
                        "user_id": job.user_id,
                        "missed": len(found),
                        "more_than_counted": uncounted,
                        "caught_up": len(to_run),
                        "catch_up": opts.catch_up,
                        "first": iso(job.next_run_at),
                    },
                )
            )

    def _record_missed(self, job: JobRow, missed: list[float], uncounted: bool, now: float) -> None:
        opts = job.options
        why = (
            f"found {{late}} after its time (the scheduler was not running); misfire_grace_seconds is "
            f"{opts.misfire_grace_seconds}, catch_up is '{opts.catch_up}'"
        )
        for occurrence in missed[:MAX_MISSED_ROWS]:
            reason = why.format(late=_ago(now - occurrence))
            self.store.insert_run(
                job.id, trigger="schedule", status="missed", scheduled_for=occurrence, now=now, reason=reason
            )
        rest = missed[MAX_MISSED_ROWS:]
        if rest:
            count = f"{len(rest)}{'+' if uncounted else ''}"
            self.store.insert_run(
                job.id,
                trigger="schedule",
                status="missed",
                scheduled_for=rest[0],
                now=now,
                covers=len(rest),
                reason=f"{count} more occurrences from {iso(rest[0], job.timezone)} to "
                f"{iso(rest[-1], job.timezone)} missed; " + why.format(late=_ago(now - rest[-1])),
            )

    def claim_pending(self, now: float) -> Outcome:
        """Claim queued runs (retries, manual, approved, catch-up) whose time has come."""
        out = Outcome()
        with self.db.transaction():
            pending = claims.pending_runs(self.store, now, self.settings.claim_batch)
            running = self.store.running_counts(list({p.job.id for p in pending}))
            for queued in pending:
                job = queued.job
                if running.get(job.id, 0) >= job.options.max_concurrency:
                    continue  # a queued run waits for a free slot rather than being dropped
                lease_until = now + self.settings.lease_seconds
                if not claims.claim_run(self.store, queued.run_id, self.worker_id, lease_until, now):
                    continue
                running[job.id] = running.get(job.id, 0) + 1
                self.store.update_job(job.id, JobChange(last_run_at=now))
                out.claimed.append(
                    RunContext(
                        queued.run_id,
                        job.id,
                        job.name,
                        job.user_id,
                        queued.scheduled_for,
                        queued.attempt,
                        queued.trigger,
                        job.action,
                        principal=job.principal,
                    )
                )
        return out

    def advance(self) -> int:
        """Compute the next occurrence of every job whose last one was claimed; returns how many.

        On PostgreSQL batches are first read inside their write transaction with SKIP LOCKED, so instances
        sharing the database advance disjoint batches (each job's cron math done once) instead of all reading
        the same rows and queueing on each other's row locks. Rows skipped that way may be held by something
        else (results being written), so the pass ends with batches that wait for their locks, as on SQLite:
        when it returns, every job claimed before it started has its next occurrence. On SQLite (one writer
        at a time) a batch is read before its write transaction, keeping the cron math out of the write lock.
        """
        done = 0
        skip = self.store.locks_rows
        while True:
            with claims.advance_reads(self.store):
                claimed = claims.jobs_to_advance(self.store, skip_locked=skip)
                if not claimed and skip:
                    skip = False  # whatever is left is locked: wait for it (the compare-and-set drops what others did)
                    continue
                if not claimed:
                    return done
                updates = [(c.job_id, c.trigger.next_after(c.previous), c.previous) for c in claimed]
                updates.sort()  # job rows are locked in id order by every waiting writer (SchedulerStore.lock_jobs)
                with self.db.transaction():  # on PostgreSQL, the one above
                    for job_id, following, previous in updates:
                        done += claims.advance_job(self.store, job_id, following, previous)

    # --- results ------------------------------------------------------------------------------------------

    def finish(self, results: list[tuple[RunContext, bool, str | None, str | None]]) -> Outcome:
        """Record the results of finished runs, many in one transaction (10,000 runs due together finish
        in a few transactions instead of 10,000)."""
        out = Outcome()
        now = self.clock.now()
        with self.db.transaction():
            self.store.lock_jobs([ctx.job_id for ctx, *_ in results])
            for ctx, ok, output, error in results:
                self._finish_one(ctx, ok, output, error, now, out)
        return out

    def _finish_one(
        self, ctx: RunContext, ok: bool, output: str | None, error: str | None, now: float, out: Outcome
    ) -> None:
        if not claims.finish_run(self.store, ctx.run_id, self.worker_id, ok, output, error, now):
            log.warning("run %s finished after its claim was lost (lease expired or job deleted)", ctx.run_id)
            return
        job = self.store.job(ctx.job_id)
        if job is None:
            return
        base = {"job_id": ctx.job_id, "job_name": ctx.job_name, "user_id": ctx.user_id, "run_id": ctx.run_id}
        if ok:
            self.store.update_job(ctx.job_id, JobChange(last_run_status="succeeded", consec_failures=0))
            out.events.append(("job.run.succeeded", {**base, "output": (output or "")[:500]}))
        else:
            self._failed(job, ctx.run_id, ctx.attempt, ctx.scheduled_for, error or "failed", now, out)

    def _failed(
        self, job: JobRow, run_id: str, attempt: int, scheduled_for: float, error: str, now: float, out: Outcome
    ) -> None:
        failures = job.consec_failures + 1
        self.store.update_job(job.id, JobChange(last_run_status="failed", consec_failures=failures))
        base = {"job_id": job.id, "job_name": job.name, "user_id": job.user_id, "run_id": run_id}
        out.events.append(("job.run.failed", {**base, "error": error[:500], "consec_failures": failures}))
        live = job.status in ("active", "completed")
        if live and failures >= self.settings.max_failures:
            reason = f"stopped after {failures} consecutive failures; last error: {error[:300]}"
            self.store.update_job(job.id, JobChange(status="error", status_reason=reason, updated_at=now))
            claims.cancel_queued(self.store, job.id, f"job {reason}", now)
            out.events.append(("job.paused", {**base, "status": "error", "reason": reason}))
            out.notices.append(
                {
                    "user_id": job.user_id,
                    "type": "scheduler.job_error",
                    "title": f"Job '{job.name}' stopped",
                    "message": f"Job '{job.name}' {reason}. Fix it, then job_resume('{job.id}').",
                    "priority": 0.9,
                    "job_id": job.id,
                    "run_id": run_id,
                }
            )
            return
        policy = job.options.retry
        if live and attempt <= policy.max_retries:
            delay = policy.delay(attempt)
            self.store.insert_run(
                job.id,
                trigger="retry",
                status="pending",
                scheduled_for=scheduled_for,
                due_at=now + delay,
                attempt=attempt + 1,
                now=now,
                reason=f"retry {attempt} of {policy.max_retries} after: {error[:300]}",
            )

    def sweep_leases(self, now: float) -> Outcome:
        """Mark runs whose worker stopped renewing its lease as failed, and retry them by policy."""
        out = Outcome()
        if not claims.any_lease_expired(self.store, now):
            return out
        with self.db.transaction():
            runs = claims.expired_runs(self.store, now)
            self.store.lock_jobs([run.job_id for run in runs])
            for run in runs:
                error = f"lease expired: worker {run.claimed_by} stopped renewing its claim (crashed or killed)"
                failed = claims.fail_expired(self.store, run.id, error, now)
                job = self.store.job(run.job_id)
                if failed and job is not None:
                    self._failed(job, run.id, run.attempt, run.scheduled_for, error, now, out)
        return out

    def renew(self, run_id: str) -> bool:
        now = self.clock.now()
        with self.db.transaction():
            return claims.renew_lease(self.store, run_id, self.worker_id, now + self.settings.lease_seconds)

    def requeue(self, run_id: str) -> None:
        """Give back a run interrupted by our own shutdown: it was not the job's fault, so no failure."""
        with self.db.transaction():
            claims.requeue_run(self.store, run_id, self.worker_id, self.clock.now())

    # --- execution ----------------------------------------------------------------------------------------

    async def execute(self, ctx: RunContext, slots: asyncio.Semaphore | None = None) -> None:
        """Run one claimed run; with ``slots``, the action waits for a free slot (the lease is kept
        meanwhile), and the slot is given back before the result is written."""
        renewer = asyncio.create_task(self._keep_lease(ctx.run_id))
        holding = False
        output: str | None = None
        error: str | None = None
        try:
            if slots is not None:
                await slots.acquire()
                holding = True
            self.bus.publish_nowait("job.run.started", _run_payload(ctx))
            output = await self.executor.run(ctx)
        except ActionFailed as exc:
            error = str(exc)
        except asyncio.CancelledError:
            renewer.cancel()
            await asyncio.to_thread(self.requeue, ctx.run_id)
            raise
        except Exception as exc:  # an action's bug must fail its run, not the scheduler
            log.exception("run %s of job %s raised", ctx.run_id, ctx.job_name)
            error = f"{type(exc).__name__}: {exc}"
        finally:
            renewer.cancel()
            if holding and slots is not None:
                slots.release()
        await self._record(ctx, error is None, output, error)

    async def _record(self, ctx: RunContext, ok: bool, output: str | None, error: str | None) -> None:
        """Queue a result for the next batched write and wait until it is written."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._results.append(((ctx, ok, output, error), done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_results())
        await done

    async def _write_results(self) -> None:
        while self._results:
            batch, self._results = self._results[:1000], self._results[1000:]
            try:
                outcome = await asyncio.to_thread(self.finish, [result for result, _ in batch])
            except Exception as exc:
                for _, done in batch:
                    done.set_exception(exc)
                continue
            self._emit(outcome)
            for _, done in batch:
                done.set_result(None)

    async def _keep_lease(self, run_id: str) -> None:
        interval = self.settings.lease_seconds / 3
        while True:
            await asyncio.sleep(interval)
            if not await asyncio.to_thread(self.renew, run_id):
                log.warning("run %s lost its lease while running", run_id)
                return

    def _emit(self, outcome: Outcome) -> None:
        for event_type, payload in outcome.events:
            self.bus.publish_nowait(event_type, payload)
        for notice in outcome.notices:
            try:
                self.gate.submit(**notice)
            except Exception:  # a notification about a job must never stop the scheduler
                log.exception("could not record notification %s", notice.get("type"))

    # --- the loop -------------------------------------------------------------------------------------------

    def wake(self) -> None:
        """Look for due work now (a job was created or a run queued in this process)."""
        self._wake.set()

    async def run_forever(self, stop: asyncio.Event) -> None:
        slots = asyncio.Semaphore(self.settings.max_parallel_runs)

        def spawn(ctx: RunContext) -> None:
            task = asyncio.create_task(self.execute(ctx, slots))
            self._inflight[ctx.run_id] = task
            task.add_done_callback(lambda _: self._inflight.pop(ctx.run_id, None))

        last_prune = 0.0
        while not stop.is_set():
            self._wake.clear()
            try:
                await self.tick(spawn)
                now = self.clock.now()
                if now - last_prune > 3600:
                    last_prune = now
                    await asyncio.to_thread(self.store.prune_runs, now - self.settings.run_retention_days * 86400)
                wait = await asyncio.to_thread(self._idle_seconds)
            except Exception:
                log.exception("scheduler pass failed; trying again")
                wait = self.settings.poll_interval_seconds
            waiters = [asyncio.ensure_future(stop.wait()), asyncio.ensure_future(self._wake.wait())]
            await asyncio.wait(waiters, timeout=wait, return_when=asyncio.FIRST_COMPLETED)
            for waiter in waiters:
                waiter.cancel()
        await self._drain()

    def _idle_seconds(self) -> float:
        poll = self.settings.poll_interval_seconds
        due = self.store.next_due()
        return poll if due is None else max(0.0, min(poll, due - self.clock.now()))

    async def _drain(self) -> None:
        tasks = list(self._inflight.values())
        if not tasks:
            return
        _, pending = await asyncio.wait(tasks, timeout=SHUTDOWN_GRACE_S)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)


def _run_payload(ctx: RunContext) -> dict[str, Any]:
    return {
        "job_id": ctx.job_id,
        "job_name": ctx.job_name,
        "user_id": ctx.user_id,
        "run_id": ctx.run_id,
        "trigger": ctx.trigger,
        "attempt": ctx.attempt,
        "scheduled_for": iso(ctx.scheduled_for),
    }


def _ago(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 172800:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"
