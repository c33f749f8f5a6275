"""How far a long job got: the callbacks domain code reports to, and a small progress bar for CLI jobs.

Domain code takes an optional :class:`Report` (or :class:`AsyncReport` on the event loop) and calls it as
it goes; an MCP tool turns the calls into progress notifications (:mod:`servers.core.mcp_progress`), and
the work is the same whether anyone listens or not.

| call                                  | means                                   |
|---------------------------------------|-----------------------------------------|
| ``report(0, 6, "archiving expired")`` | step 1 of 6 starts                      |
| ``report(6, 6, "done")``              | finished                                |
| ``report(4096, None, "4 KB read")``   | a count whose end is not known          |

The progress value only grows: a value not above the last one sent is dropped, as the protocol asks.
"""

from __future__ import annotations

import sys
import time
from typing import Protocol, TextIO


class Report(Protocol):
    def __call__(self, progress: float, total: float | None, message: str) -> None: ...


class AsyncReport(Protocol):
    async def __call__(self, progress: float, total: float | None, message: str) -> None: ...


class Steps:
    """A job of named steps: ``next()`` reports step i of n as it starts (progress i), ``finish()`` n of n.

    >>> steps = Steps(report, ("fetching", "linting", "installing"))
    >>> steps.next()  # report(0, 3, "fetching")
    """

    def __init__(self, report: Report | None, names: tuple[str, ...]) -> None:
        self.report = report
        self.names = names
        self.done = 0

    def next(self, detail: str = "") -> None:
        if self.report is not None:
            self.report(self.done, len(self.names), self.names[self.done] + detail)
        self.done += 1

    def finish(self, message: str) -> None:
        if self.report is not None:
            self.report(len(self.names), len(self.names), message)


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
