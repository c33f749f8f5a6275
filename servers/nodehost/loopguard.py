"""Doom-loop guard: the same call, with the same arguments, from the same client, repeated
``threshold`` times within ``window_s`` seconds is refused with an explanation instead of run again.

Only calls that ran count; a refused call does not extend the refusal. Calls are counted per user (the
token's subject) and per MCP session where the connection keeps one: one user's loop never blocks
another's identical call, and a fresh session of the same agent starts afresh.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any


class LoopGuard:
    def __init__(self, threshold: int = 3, window_s: float = 60.0, clock: Callable[[], float] = time.monotonic):
        self.threshold = threshold
        self.window_s = window_s
        self._clock = clock
        self._calls: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    @staticmethod
    def key(
        client: str, tool: str, arguments: dict[str, Any], *, user: str | None = None, session: str | None = None
    ) -> str:
        canonical = json.dumps(
            [user, session, client, tool, arguments], sort_keys=True, default=str, ensure_ascii=False
        )
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()

    def _recent(self, key: str, now: float) -> deque[float]:
        stamps = self._calls.setdefault(key, deque())
        while stamps and now - stamps[0] >= self.window_s:
            stamps.popleft()
        return stamps

    def retry_after(self, key: str) -> float | None:
        """Seconds until this call is accepted again, or None when it may run now."""
        with self._lock:
            now = self._clock()
            stamps = self._recent(key, now)
            if len(stamps) < self.threshold - 1:
                return None
            return self.window_s - (now - stamps[-(self.threshold - 1)])

    def record(self, key: str) -> None:
        with self._lock:
            now = self._clock()
            self._recent(key, now).append(now)
            if len(self._calls) > 10_000:  # forget idle keys so a long-lived server stays small
                for idle in [k for k, v in self._calls.items() if not v or now - v[-1] >= self.window_s]:
                    del self._calls[idle]

    def explain(self, tool: str, wait_s: float) -> str:
        return (
            f"refused: this would be the {_ordinal(self.threshold)} identical {tool} call within {self.window_s:g} s "
            "(doom-loop guard). Repeating it will not change the result: change the arguments, try another "
            f"approach, or ask the user. The same call is accepted again in {max(wait_s, 0):.0f} s."
        )


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
