"""Time, injectable: the engine asks a clock instead of the OS so tests can jump hours without waiting.

>>> clock = FakeClock(datetime(2026, 3, 8, 6, 59, tzinfo=UTC))
>>> clock.advance(minutes=2)      # every due-time decision now sees 07:01 UTC
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch (UTC)."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()


class FakeClock:
    """A clock that only moves when told to (thread-safe: sync tools read it from worker threads)."""

    def __init__(self, start: datetime | float) -> None:
        self._now = start.timestamp() if isinstance(start, datetime) else float(start)
        self._lock = threading.Lock()

    def now(self) -> float:
        with self._lock:
            return self._now

    def set(self, when: datetime | float) -> None:
        with self._lock:
            self._now = when.timestamp() if isinstance(when, datetime) else float(when)

    def advance(self, seconds: float = 0, *, minutes: float = 0, hours: float = 0, days: float = 0) -> float:
        with self._lock:
            self._now += seconds + timedelta(minutes=minutes, hours=hours, days=days).total_seconds()
            return self._now


def to_datetime(ts: float, tz: str | None = None) -> datetime:
    from zoneinfo import ZoneInfo

    moment = datetime.fromtimestamp(ts, UTC)
    return moment.astimezone(ZoneInfo(tz)) if tz else moment


def iso(ts: float | None, tz: str | None = None) -> str | None:
    """ISO 8601 with the offset of ``tz`` (UTC when None), to the second."""
    if ts is None:
        return None
    return to_datetime(ts, tz).isoformat(timespec="seconds")
