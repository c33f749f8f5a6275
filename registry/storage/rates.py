"""The ``rate_events`` table: one row (key, time) per action a rate limit counted."""

from __future__ import annotations

from registry.storage.store import RegistryStore


def recent(store: RegistryStore, key: str, since: float, limit: int) -> list[float]:
    """Times of up to ``limit`` actions under ``key`` after ``since``, oldest first."""
    rows = store.db.query(
        "SELECT at FROM rate_events WHERE key = ? AND at > ? ORDER BY at LIMIT ?", (key, since, limit)
    )
    return [float(r["at"]) for r in rows]


def count(store: RegistryStore, key: str, at: float, forget_before: float) -> None:
    """Record one action under ``key``, forgetting those of the key older than ``forget_before``."""
    store.db.execute("INSERT INTO rate_events (key, at) VALUES (?, ?)", (key, at))
    store.db.execute("DELETE FROM rate_events WHERE key = ? AND at < ?", (key, forget_before))
