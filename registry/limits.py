"""Rate limits shared by every instance: publishes per publisher, sign-ups per address.

Each allowed action is a row of ``rate_events`` (key, time); an action is refused while ``limit`` rows of
its key fall inside the window. The count and the insert happen in one write transaction (SQLite lets one
writer in at a time; on PostgreSQL the key's advisory lock serialises instances), so two requests at once
cannot both take the last slot.
"""

from __future__ import annotations

import time

from registry.storage import rates
from registry.storage.store import RegistryStore

KEEP_S = 86_400.0  # nothing is limited over more than a day; older rows are deleted as new ones come


class RateLimited(Exception):
    def __init__(self, retry_after_s: int) -> None:
        super().__init__(f"retry after {retry_after_s} s")
        self.retry_after_s = retry_after_s

    @property
    def wait(self) -> str:
        """The wait as a person reads it: "1 minute", "41 minutes" (rounded up, never "0")."""
        minutes = max(1, -(-self.retry_after_s // 60))
        return f"{minutes} minute{'s' if minutes != 1 else ''}"


def take(store: RegistryStore, key: str, limit: int, window_s: float) -> None:
    """Count one action under ``key``, or raise :class:`RateLimited` (nothing counted) when ``limit`` actions
    already happened within ``window_s``. A limit of 0 means no limit."""
    if limit <= 0:
        return
    now = time.time()
    with store.db.transaction():
        store.serialise(f"rate:{key}")
        times = rates.recent(store, key, now - window_s, limit)
        if len(times) >= limit:
            raise RateLimited(max(1, int(times[0] + window_s - now) + 1))
        rates.count(store, key, now, now - KEEP_S)


def check(store: RegistryStore, key: str, limit: int, window_s: float) -> None:
    """Raise :class:`RateLimited` when :func:`take` would, counting nothing: a form can say so before the
    user has done the work the limit would then refuse."""
    if limit <= 0:
        return
    now = time.time()
    times = rates.recent(store, key, now - window_s, limit)
    if len(times) >= limit:
        raise RateLimited(max(1, int(times[0] + window_s - now) + 1))
