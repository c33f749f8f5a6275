"""Persistence of jobs, runs and notifications: one SQLite file (``<home>/scheduler/scheduler.db``) by default,
the ``scheduler`` schema of a PostgreSQL database when ``CAIRN_DATABASE_URL`` is set (:func:`open_store`).

Times are stored as POSIX seconds (REAL) so that due-time comparisons are plain numeric index scans;
they are turned into ISO 8601 only at the edge (:func:`job_model`, ``rows.run_model``).

Rows leave this package decoded (:mod:`servers.scheduler.storage.rows`): a job as a ``JobRow`` (its JSON
columns parsed, its trigger built), and go in typed (``NewJob``, ``JobChange``);
a run as a :class:`RunRow` or the API's :class:`~servers.scheduler.models.Run`, a notification as the
API's :class:`~servers.scheduler.models.Notification`.

A job row carries ``next_run_at`` and ``advance_pending``: claiming an occurrence sets
``advance_pending`` in the same transaction that creates its run, so no second process can claim it;
the next occurrence is computed afterwards (cron math is the slow part of a claim).

The SQL is written once for both engines. Where they differ is how concurrent writers meet: SQLite lets one
writer in at a time (``BEGIN IMMEDIATE``), so nothing below changes anything there; PostgreSQL runs writers
side by side, so claims read with :meth:`SchedulerStore.skip_locked` (instances take disjoint rows instead of
queueing behind each other), and transactions that wait for locks take job rows first, in id order
(:meth:`SchedulerStore.lock_jobs`), so two instances never deadlock.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from servers.core.storage import Migration
from servers.core.storage.component import ComponentStore, postgres_ddl
from servers.core.storage.ids import time_id
from servers.scheduler.clock import iso
from servers.scheduler.models import Job, Notification, Run
from servers.scheduler.settings import SchedulerServerSettings
from servers.scheduler.storage.rows import JobChange, JobRow, NewJob, notification_model, run_model

_SCHEMA_V1 = """
CREATE TABLE jobs (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    source TEXT NOT NULL,
    status TEXT NOT NULL,
    status_reason TEXT,
    schedule TEXT NOT NULL,
    trigger_kind TEXT NOT NULL,
    trigger_data TEXT NOT NULL,
    timezone TEXT NOT NULL,
    action TEXT NOT NULL,
    options TEXT NOT NULL,
    max_concurrency INTEGER NOT NULL,
    cooldown_seconds INTEGER NOT NULL,
    misfire_grace_seconds INTEGER NOT NULL,
    catch_up TEXT NOT NULL,
    approval_required INTEGER NOT NULL,
    next_run_at REAL,
    advance_pending INTEGER NOT NULL DEFAULT 0,
    last_run_at REAL,
    last_run_status TEXT,
    consec_failures INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    UNIQUE (user_id, name)
);
CREATE INDEX jobs_due ON jobs (next_run_at) WHERE status = 'active' AND advance_pending = 0;
CREATE INDEX jobs_advance ON jobs (next_run_at) WHERE advance_pending = 1;
CREATE TABLE runs (
    id TEXT PRIMARY KEY,
    job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    trigger TEXT NOT NULL,
    status TEXT NOT NULL,
    scheduled_for REAL NOT NULL,
    due_at REAL NOT NULL,
    attempt INTEGER NOT NULL DEFAULT 1,
    covers INTEGER NOT NULL DEFAULT 1,
    reason TEXT,
    claimed_by TEXT,
    lease_until REAL,
    started_at REAL,
    finished_at REAL,
    output TEXT,
    error TEXT,
    created_at REAL NOT NULL
);
CREATE UNIQUE INDEX runs_occurrence ON runs (job_id, trigger, scheduled_for, attempt);
CREATE INDEX runs_job ON runs (job_id, created_at);
CREATE INDEX runs_open ON runs (status, due_at) WHERE status IN ('pending', 'running', 'pending_approval');
CREATE INDEX runs_finished ON runs (finished_at) WHERE finished_at IS NOT NULL;
CREATE TABLE notifications (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    type TEXT NOT NULL,
    title TEXT,
    message TEXT NOT NULL,
    priority REAL NOT NULL,
    status TEXT NOT NULL,
    reason TEXT,
    job_id TEXT,
    run_id TEXT,
    created_at REAL NOT NULL,
    deliver_after REAL,
    delivered_at REAL,
    acked_at REAL
);
CREATE INDEX notifications_user ON notifications (user_id, status, created_at);
CREATE INDEX notifications_delivered ON notifications (user_id, delivered_at) WHERE delivered_at IS NOT NULL;
CREATE INDEX notifications_deferred ON notifications (deliver_after) WHERE status = 'deferred';
"""

# Who a job acts for: the subject and scopes of the token that created (or last changed) it, as JSON;
# NULL for jobs created without authentication (stdio, --auth none, the static jobs file).
_JOB_PRINCIPAL = "ALTER TABLE jobs ADD COLUMN principal TEXT"

MIGRATIONS = [
    Migration(1, "jobs, runs, notifications", _SCHEMA_V1),
    Migration(2, "the principal a job acts for", _JOB_PRINCIPAL),
]

# PostgreSQL's REAL is 4 bytes (seconds since 1970 would lose minutes, and the compare-and-set on
# next_run_at needs the exact float back); DOUBLE PRECISION is SQLite's REAL. Everything else is shared.
PG_MIGRATIONS = [
    Migration(1, "jobs, runs, notifications", postgres_ddl(_SCHEMA_V1)),
    # Instances sharing the database must sign webhooks with one key; SQLite keeps it in a 0600 file instead.
    Migration(
        2,
        "secrets shared by instances",
        "CREATE TABLE shared_secrets ("
        " name TEXT PRIMARY KEY, value TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL)",
    ),
    Migration(3, "the principal a job acts for", _JOB_PRINCIPAL),
]
PG_SCHEMA = "scheduler"


def new_id(prefix: str) -> str:
    """Time-ordered, unique across processes, and strictly increasing within one: a run and its retry made
    in the same millisecond still list in creation order when their timestamps tie."""
    return time_id(prefix, strictly_increasing=True)


def job_model(job: JobRow) -> Job:
    """The job as the tools show it: times in ISO 8601 in the job's timezone, the schedule in words."""
    options, tz = job.options, job.timezone
    # While a claimed occurrence waits for its successor to be computed, next_run_at still names it.
    upcoming = None if job.advance_pending else job.next_run_at
    return Job(
        id=job.id,
        name=job.name,
        user_id=job.user_id,
        source=job.source,
        status=job.status,
        status_reason=job.status_reason,
        schedule=job.schedule,
        schedule_text=job.trigger.describe(),
        timezone=tz,
        action=job.action,
        description=options.description,
        max_concurrency=options.max_concurrency,
        cooldown_seconds=options.cooldown_seconds,
        retry=options.retry,
        misfire_grace_seconds=options.misfire_grace_seconds,
        catch_up=options.catch_up,
        approval_required=options.approval_required,
        next_run_at=iso(upcoming, tz),
        last_run_at=iso(job.last_run_at, tz),
        last_run_status=job.last_run_status,
        consec_failures=job.consec_failures,
        created_at=iso(job.created_at, tz) or "",
        updated_at=iso(job.updated_at, tz) or "",
    )


class RunRow(BaseModel):
    """A row of ``runs``, times as POSIX seconds (what the engine's lease sweep reads)."""

    model_config = ConfigDict(frozen=True)

    id: str
    job_id: str
    trigger: str
    status: str
    scheduled_for: float
    due_at: float
    attempt: int
    covers: int
    reason: str | None
    claimed_by: str | None
    lease_until: float | None
    started_at: float | None
    finished_at: float | None
    output: str | None
    error: str | None
    created_at: float


def open_store(settings: SchedulerServerSettings) -> SchedulerStore:
    return SchedulerStore.open(settings)


class SchedulerStore(ComponentStore):
    """SQL for jobs, runs and notifications; callers group writes with ``db.transaction()``.

    :meth:`serialise` guards check-then-insert steps that read no row they could lock: a user's daily
    notification cap, the job limit and unique names (a clear error instead of a constraint violation).
    :meth:`shared_secret` (PostgreSQL) holds the webhook signing key every instance must use.
    """

    component = "scheduler"
    migrations = MIGRATIONS
    pg_migrations = PG_MIGRATIONS

    # --- concurrency (no-ops on SQLite, where writers take turns) ----------------------------------------

    @property
    def locks_rows(self) -> bool:
        """Whether a claim can skip rows other instances hold (PostgreSQL) rather than wait its turn."""
        return self.postgres

    def skip_locked(self, of: str = "") -> str:
        """The clause that ends a claim's SELECT: lock the rows read, skipping those another instance holds.

        NO KEY UPDATE rather than UPDATE: inserting a run checks its job's key with a KEY SHARE lock, which
        UPDATE would block (a manual run queued while the job is being claimed) and NO KEY UPDATE does not.
        """
        if not self.postgres:
            return ""
        return f" FOR NO KEY UPDATE{' OF ' + of if of else ''} SKIP LOCKED"

    def lock_jobs(self, job_ids: Sequence[str]) -> None:
        """Inside a transaction: wait for and lock these jobs, in id order, before touching their runs.

        Every transaction that waits for locks takes them in this one order (job rows by id, then their
        runs), so two instances finishing, sweeping or advancing overlapping jobs cannot deadlock.
        """
        if self.postgres and job_ids:
            self.db.execute(
                "SELECT id FROM jobs WHERE id = ANY(?) ORDER BY id FOR NO KEY UPDATE", (sorted(set(job_ids)),)
            )

    # --- jobs -------------------------------------------------------------------------------------------

    def job(self, job_id: str) -> JobRow | None:
        row = self.db.query_one("SELECT * FROM jobs WHERE id = ?", (job_id,))
        return JobRow.model_validate(row) if row else None

    def job_for_user(self, key: str, user_id: str) -> JobRow | None:
        """By id, else by name: agents remember names better than ids."""
        row = self.db.query_one("SELECT * FROM jobs WHERE id = ? AND user_id = ?", (key, user_id))
        row = row or self.db.query_one("SELECT * FROM jobs WHERE name = ? AND user_id = ?", (key, user_id))
        return JobRow.model_validate(row) if row else None

    def job_named(self, user_id: str, name: str, *, other_than: str | None = None) -> JobRow | None:
        """The user's job called ``name`` (a job's name is unique per user), leaving out ``other_than``."""
        if other_than is None:
            row = self.db.query_one("SELECT * FROM jobs WHERE user_id = ? AND name = ?", (user_id, name))
        else:
            row = self.db.query_one(
                "SELECT * FROM jobs WHERE user_id = ? AND name = ? AND id != ?", (user_id, name, other_than)
            )
        return JobRow.model_validate(row) if row else None

    def static_jobs(self) -> list[JobRow]:
        """Every job the jobs file made."""
        return [JobRow.model_validate(r) for r in self.db.query("SELECT * FROM jobs WHERE source = 'static'")]

    def jobs(self, user_id: str | None, status: str | None = None, limit: int = 1000) -> list[JobRow]:
        sql, params = "SELECT * FROM jobs WHERE 1 = 1", []
        if user_id is not None:
            sql += " AND user_id = ?"
            params.append(user_id)
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        sql += " ORDER BY created_at, id LIMIT ?"
        return [JobRow.model_validate(r) for r in self.db.query(sql, [*params, limit])]

    def count_jobs(self) -> int:
        return int(self.db.scalar("SELECT COUNT(*) FROM jobs"))

    def insert_job(self, job: NewJob) -> None:
        self.db.execute(*job.insert())

    def update_job(self, job_id: str, change: JobChange) -> None:
        self.db.execute(*change.update(job_id))

    def delete_job(self, job_id: str) -> None:
        self.db.execute("DELETE FROM jobs WHERE id = ?", (job_id,))

    def next_due(self) -> float | None:
        value = self.db.scalar("SELECT MIN(next_run_at) FROM jobs WHERE status = 'active' AND advance_pending = 0")
        return float(value) if value is not None else None

    # --- runs -------------------------------------------------------------------------------------------

    def insert_run(
        self,
        job_id: str,
        *,
        trigger: str,
        status: str,
        scheduled_for: float,
        now: float,
        due_at: float | None = None,
        attempt: int = 1,
        covers: int = 1,
        reason: str | None = None,
        claimed_by: str | None = None,
        lease_until: float | None = None,
    ) -> str:
        run_id = new_id("r")
        started = now if status == "running" else None
        finished = now if status in ("missed", "skipped") else None
        self.db.execute(
            "INSERT INTO runs (id, job_id, trigger, status, scheduled_for, due_at, attempt, covers, reason,"
            " claimed_by, lease_until, started_at, finished_at, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                run_id,
                job_id,
                trigger,
                status,
                scheduled_for,
                scheduled_for if due_at is None else due_at,
                attempt,
                covers,
                reason,
                claimed_by,
                lease_until,
                started,
                finished,
                now,
            ),
        )
        return run_id

    def run(self, run_id: str) -> RunRow | None:
        row = self.db.query_one("SELECT * FROM runs WHERE id = ?", (run_id,))
        return RunRow.model_validate(row) if row else None

    def run_for_user(self, run_id: str, user_id: str) -> Run | None:
        """The run if its job is the user's, its times in the job's timezone."""
        row = self.db.query_one(
            "SELECT r.*, j.timezone AS tz FROM runs r JOIN jobs j ON j.id = r.job_id WHERE r.id = ? AND j.user_id = ?",
            (run_id, user_id),
        )
        return run_model(row, row["tz"]) if row else None

    def decide_run(self, run_id: str, status: str, reason: str, now: float, *, final: bool) -> bool:
        """Move a run waiting for approval to ``status`` (finished now when ``final``); False when it was
        decided by someone else first."""
        self.db.execute(
            "UPDATE runs SET status = ?, reason = ?, due_at = ?, finished_at = ?"
            " WHERE id = ? AND status = 'pending_approval'",
            (status, reason, now, now if final else None, run_id),
        )
        return self.changes() == 1

    def runs(self, job_id: str, limit: int, status: str | None = None, *, tz: str | None = None) -> list[Run]:
        """The job's latest runs, newest first, their times in ``tz``."""
        if status:
            rows = self.db.query(
                "SELECT * FROM runs WHERE job_id = ? AND status = ? ORDER BY created_at DESC, id DESC LIMIT ?",
                (job_id, status, limit),
            )
        else:
            rows = self.db.query(
                "SELECT * FROM runs WHERE job_id = ? ORDER BY created_at DESC, id DESC LIMIT ?", (job_id, limit)
            )
        return [run_model(r, tz) for r in rows]

    def running_counts(self, job_ids: Sequence[str]) -> dict[str, int]:
        if not job_ids:
            return {}
        marks = ", ".join("?" for _ in job_ids)
        rows = self.db.query(
            f"SELECT job_id, COUNT(*) AS n FROM runs WHERE status = 'running' AND job_id IN ({marks}) GROUP BY job_id",
            list(job_ids),
        )
        return {r["job_id"]: r["n"] for r in rows}

    def changes(self) -> int:
        """Rows changed by this thread's last write: 1 means a compare-and-set won."""
        return self.db.changes()

    def prune_runs(self, before: float) -> int:
        """Forget finished runs older than ``before`` (the history a person may still look at stays)."""
        with self.db.transaction():
            self.db.execute("DELETE FROM runs WHERE finished_at IS NOT NULL AND finished_at < ?", (before,))
            deleted = self.changes()
            self.db.execute(
                "DELETE FROM notifications WHERE status IN ('acked', 'suppressed') AND created_at < ?", (before,)
            )
        return deleted

    # --- notifications ----------------------------------------------------------------------------------

    def notification(self, notification_id: str, user_id: str, tz: str | None = None) -> Notification | None:
        row = self.db.query_one("SELECT * FROM notifications WHERE id = ? AND user_id = ?", (notification_id, user_id))
        return notification_model(row, tz) if row else None

    def ack_notification(self, notification_id: str, now: float) -> None:
        """A delivered notification seen by its user."""
        self.db.execute(
            "UPDATE notifications SET status = 'acked', acked_at = ? WHERE id = ? AND status = 'delivered'",
            (now, notification_id),
        )

    def notifications(
        self, user_id: str, statuses: Sequence[str], limit: int, tz: str | None = None
    ) -> list[Notification]:
        marks = ", ".join("?" for _ in statuses)
        rows = self.db.query(
            f"SELECT * FROM notifications WHERE user_id = ? AND status IN ({marks})"
            " ORDER BY created_at DESC, id DESC LIMIT ?",
            [user_id, *statuses, limit],
        )
        return [notification_model(r, tz) for r in rows]
