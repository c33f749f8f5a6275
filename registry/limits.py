"""Rate limits shared by every instance: publishes per publisher, sign-ups per address.

Each allowed action is a row of ``rate_events`` (key, time); an action is refused while ``limit`` rows of
its key fall inside the window. The count and the insert happen in one write transaction (SQLite lets one
writer in at a time; on PostgreSQL the key's advisory lock serialises instances), so two requests at once
cannot both take the last slot.
"""

from __future__ import annotations

import time

from registry.store import RegistryStore

KEEP_S = 86_400.0  # nothing is limited over more than a day; older rows are deleted as new ones come


class RateLimited(Exception):
    def __init__(self, retry_after_s: int) -> None:
        super().__init__(f"retry after {retry_after_s} s")
        self.retry_after_s = retry_after_s


def take(store: RegistryStore, key: str, limit: int, window_s: float) -> None:
    """Count one action under ``key``, or raise :class:`RateLimited` (nothing counted) when ``limit`` actions
    already happened within ``window_s``. A limit of 0 means no limit."""
    if limit <= 0:
        return
    now = time.time()
    db = store.db
    with db.transaction():
        if store.postgres:
            db.execute("SELECT pg_advisory_xact_lock(hashtext(?))", (f"cairn:registry:rate:{key}",))
        rows = db.query(
            "SELECT at FROM rate_events WHERE key = ? AND at > ? ORDER BY at LIMIT ?", (key, now - window_s, limit)
        )
        if len(rows) >= limit:
            raise RateLimited(max(1, int(float(rows[0]["at"]) + window_s - now) + 1))
        db.execute("INSERT INTO rate_events (key, at) VALUES (?, ?)", (key, now))
        db.execute("DELETE FROM rate_events WHERE key = ? AND at < ?", (key, now - KEEP_S))
