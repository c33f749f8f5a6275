"""Statements on tables that one domain module each uses: traces (the service), pattern detections
(suggestions), belief signals (the user model), A/B assignments (mutations), experiences."""

from __future__ import annotations

from servers.reflection.storage.rows import TraceRow
from servers.reflection.storage.store import ReflectionStore, now_iso

# --- traces -------------------------------------------------------------------------------------------


def has_trace(store: ReflectionStore, user_id: str, task_id: str) -> bool:
    return bool(store.db.scalar("SELECT 1 FROM traces WHERE user_id = ? AND task_id = ?", (user_id, task_id)))


def traces_between(store: ReflectionStore, user_id: str, since: str, until: str) -> list[TraceRow]:
    """Up to 2000 of the user's traces created in [since, until], oldest first."""
    rows = store.db.query(
        "SELECT task_id, task, success, doc, created_at FROM traces WHERE user_id = ? AND created_at >= ? "
        "AND created_at <= ? ORDER BY created_at LIMIT 2000",
        (user_id, since, until),
    )
    return [TraceRow.model_validate(r) for r in rows]


def recent_tasks(store: ReflectionStore, user_id: str, limit: int) -> list[str]:
    """The texts of the user's ``limit`` latest traced tasks, newest first."""
    rows = store.db.query(
        "SELECT task FROM traces WHERE user_id = ? ORDER BY created_at DESC LIMIT ?", (user_id, limit)
    )
    return [str(r["task"]) for r in rows]


# --- pattern detections -----------------------------------------------------------------------------


def detection_frequency(store: ReflectionStore, user_id: str, kind: str, key: str) -> int | None:
    """How often a pattern was seen when last announced; None when it never was."""
    row = store.db.query_one(
        "SELECT frequency FROM detections WHERE user_id = ? AND kind = ? AND key = ?", (user_id, kind, key)
    )
    return None if row is None else int(row["frequency"])


def add_detection(store: ReflectionStore, user_id: str, kind: str, key: str, frequency: int) -> None:
    at = now_iso()
    store.db.execute("INSERT INTO detections VALUES (?, ?, ?, ?, ?, ?)", (user_id, kind, key, frequency, at, at))


def raise_detection(store: ReflectionStore, user_id: str, kind: str, key: str, frequency: int) -> None:
    store.db.execute(
        "UPDATE detections SET frequency = ?, last_seen = ? WHERE user_id = ? AND kind = ? AND key = ?",
        (frequency, now_iso(), user_id, kind, key),
    )


# --- belief signals ---------------------------------------------------------------------------------


def add_signal(
    store: ReflectionStore, user_id: str, dimension: str, value: str, kind: str, strength: float, applied: bool
) -> None:
    store.db.execute(
        "INSERT INTO signals (user_id, dimension, value, kind, strength, applied, at) VALUES (?,?,?,?,?,?,?)",
        (user_id, dimension, value, kind, strength, int(applied), now_iso()),
    )


def delete_belief(store: ReflectionStore, user_id: str, dimension: str) -> None:
    store.db.execute("DELETE FROM beliefs WHERE user_id = ? AND dimension = ?", (user_id, dimension))


# --- A/B assignments --------------------------------------------------------------------------------


def assigned_arm(store: ReflectionStore, mutation_id: str, task_id: str) -> str | None:
    row = store.db.query_one(
        "SELECT arm FROM ab_assignments WHERE mutation_id = ? AND task_id = ?", (mutation_id, task_id)
    )
    return None if row is None else str(row["arm"])


def assignment_count(store: ReflectionStore, mutation_id: str) -> int:
    return int(store.db.scalar("SELECT COUNT(*) FROM ab_assignments WHERE mutation_id = ?", (mutation_id,)))


def assign(store: ReflectionStore, mutation_id: str, task_id: str, arm: str) -> None:
    store.db.execute("INSERT INTO ab_assignments VALUES (?, ?, ?)", (mutation_id, task_id, arm))


# --- experiences ------------------------------------------------------------------------------------


def delete_experience(store: ReflectionStore, user_id: str, exp_id: str) -> None:
    store.db.execute("DELETE FROM experiences WHERE id = ? AND user_id = ?", (exp_id, user_id))
