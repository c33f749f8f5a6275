"""A small progress bar for long CLI jobs, on stderr so stdout stays clean for data."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    def __init__(self, total: int, label: str, stream: TextIO | None = None, width: int = 30) -> None:
        self.total = max(total, 0)
        self.label = label
        self.stream = stream or sys.stderr
        self.width = width
        self.done = 0
        self._started = time.monotonic()
        self._last_draw = 0.0

    def advance(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if now - self._last_draw >= 0.1 or self.done >= self.total:
            self._last_draw = now
            self._draw()

    def _draw(self) -> None:
        fraction = self.done / self.total if self.total else 1.0
        filled = int(self.width * min(fraction, 1.0))
        rate = self.done / max(time.monotonic() - self._started, 1e-6)
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total} ({rate:.0f}/s)")
        self.stream.flush()

    def close(self) -> None:
        self._draw()
        self.stream.write("\n")
        self.stream.flush()
