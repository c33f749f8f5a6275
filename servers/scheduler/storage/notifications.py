"""The attention gate's statements: recording notifications, the counts its rate limits read, and the
deferred ones whose quiet hours are over. Transactions are the caller's."""

from __future__ import annotations

from dataclasses import dataclass

from servers.scheduler.storage.store import SchedulerStore


@dataclass(frozen=True)
class Deferred:
    """A deferred notification, as the gate decides on it again."""

    id: str
    user_id: str
    type: str
    priority: float


def insert_notification(
    store: SchedulerStore,
    notification_id: str,
    *,
    user_id: str,
    type: str,
    title: str | None,
    message: str,
    priority: float,
    status: str,
    reason: str | None,
    job_id: str | None,
    run_id: str | None,
    now: float,
    deliver_after: float | None,
) -> None:
    """A notification as the gate decided it; delivered ones are delivered ``now``."""
    store.db.execute(
        "INSERT INTO notifications (id, user_id, type, title, message, priority, status, reason, job_id,"
        " run_id, created_at, deliver_after, delivered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            notification_id,
            user_id,
            type,
            title,
            message,
            priority,
            status,
            reason,
            job_id,
            run_id,
            now,
            deliver_after,
            now if status == "delivered" else None,
        ),
    )


def delivered_since(store: SchedulerStore, user_id: str, since: float) -> int:
    return int(
        store.db.scalar("SELECT COUNT(*) FROM notifications WHERE user_id = ? AND delivered_at >= ?", (user_id, since))
    )


def last_delivered(store: SchedulerStore, user_id: str, type: str) -> float | None:
    """When the user's latest notification of ``type`` was delivered, or None."""
    last = store.db.scalar(
        "SELECT MAX(delivered_at) FROM notifications WHERE user_id = ? AND type = ? AND delivered_at IS NOT NULL",
        (user_id, type),
    )
    return None if last is None else float(last)


def any_deferred_due(store: SchedulerStore, now: float) -> bool:
    return bool(
        store.db.scalar("SELECT 1 FROM notifications WHERE status = 'deferred' AND deliver_after <= ? LIMIT 1", (now,))
    )


def deferred_due(store: SchedulerStore, now: float) -> list[Deferred]:
    """Up to 500 deferred notifications due by ``now``, oldest first, locked on PostgreSQL (SKIP LOCKED)."""
    rows = store.db.query(
        "SELECT id, user_id, type, priority FROM notifications WHERE status = 'deferred' AND deliver_after <= ?"
        " ORDER BY created_at LIMIT 500" + store.skip_locked(),
        (now,),
    )
    return [Deferred(r["id"], r["user_id"], r["type"], r["priority"]) for r in rows]


def redecide(
    store: SchedulerStore, notification_id: str, status: str, reason: str, deliver_after: float | None, now: float
) -> None:
    """A deferred notification decided again (delivered ones are delivered ``now``)."""
    store.db.execute(
        "UPDATE notifications SET status = ?, reason = ?, deliver_after = ?, delivered_at = ?"
        " WHERE id = ? AND status = 'deferred'",
        (status, reason, deliver_after, now if status == "delivered" else None, notification_id),
    )
