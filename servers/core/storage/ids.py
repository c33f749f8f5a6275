"""Row ids and timestamps as the component stores write them.

Each component keeps the format its rows already hold (stored data is compared, sorted and copied as
text), so the choices are parameters here rather than one format for all:

| call                                               | gives                             | used by            |
|----------------------------------------------------|-----------------------------------|--------------------|
| ``now_iso()``                                      | ``2026-01-31T12:00:00.123456Z``   | most components    |
| ``now_iso(timespec="seconds")``                    | ``2026-01-31T12:00:00Z``          | registry           |
| ``time_id("s")``                                   | ``s`` + 12 hex ms + 8 hex random  | skills             |
| ``time_id("m", random_bytes=5)``                   | ``m`` + 12 hex ms + 10 hex random | memory             |
| ``time_id("j", strictly_increasing=True)``         | as ``time_id``, ms never repeats  | scheduler          |
| ``random_id("rule")``                              | ``rule_`` + 12 hex random         | reflection         |
"""

from __future__ import annotations

import os
import secrets
import threading
import time
from datetime import UTC, datetime
from typing import Literal

_FORMATS = {"microseconds": "%Y-%m-%dT%H:%M:%S.%fZ", "seconds": "%Y-%m-%dT%H:%M:%SZ"}

_last_ms = 0
_last_ms_lock = threading.Lock()


def now_iso(at: datetime | None = None, *, timespec: Literal["microseconds", "seconds"] = "microseconds") -> str:
    """``at`` (default: now) as UTC ISO 8601 text with a ``Z``: fixed width, so text order is time order."""
    return (at or datetime.now(UTC)).strftime(_FORMATS[timespec])


def time_id(prefix: str, *, random_bytes: int = 4, strictly_increasing: bool = False) -> str:
    """Time-ordered and unique across processes: ``prefix``, milliseconds (12 hex digits), then random bits.

    With ``strictly_increasing`` the millisecond part never repeats within the process, so two rows made
    in the same millisecond (a run and its retry) still list in creation order when their timestamps tie.
    It is off by default because a burst of ids then runs ahead of the clock (a bulk import would).
    """
    ms = int(time.time() * 1000)
    if strictly_increasing:
        global _last_ms
        with _last_ms_lock:
            _last_ms = ms = max(ms, _last_ms + 1)
    return f"{prefix}{ms:012x}{os.urandom(random_bytes).hex()}"


def random_id(prefix: str) -> str:
    """``prefix``, an underscore and 12 random hex digits: for rows whose order comes from another column."""
    return f"{prefix}_{secrets.token_hex(6)}"
