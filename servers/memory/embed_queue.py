"""Embedding off the write path: a bounded backlog of stored entries waiting for their vectors.

A write stores its entry (text, keyword index, metadata) and returns; one background thread per
service embeds what waits here in batches. The backlog is bounded: a writer reserves room *before*
its entry is stored and waits while the backlog is full, so a flood of writes slows writers instead of
growing without end, and a writer that gives up has stored nothing. An entry is never lost by this
queue: a row without a vector is what a killed process leaves behind, and the next server start
embeds those (the sweep), as `cairn memory reembed` does.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from servers.memory.models import MemoryBusy

log = logging.getLogger(__name__)

# At about 20 passages a second on a busy 2-core machine, 256 waiting entries are some 13 s of work.
MAX_BACKLOG = 256
ADMIT_WAIT_S = 10.0  # how long a write waits for room before it fails (nothing stored)
BATCH = 32  # passages per embedding call: batching is ~15 % cheaper than one at a time
CLOSE_WAIT_S = 30.0  # on shutdown, how long the backlog may take to finish before it is left to the next start
EMBED_NICENESS = 10  # where the idle scheduling class is not available


@dataclass(frozen=True)
class Pending:
    """A stored entry whose vector is still to be made; ``dedupe`` asks for the paraphrase check after."""

    rowid: int
    user_id: str
    content: str
    dedupe: bool


Work = Callable[[list[Pending]], None]
Sweep = Callable[[int, int], list[Pending]]  # (after rowid, limit) -> entries stored without a vector


def background_priority() -> str:
    """Put the calling thread behind writers and recalls; returns how ("idle", "nice" or "normal").

    Linux schedules threads one by one, so this lowers only the batcher. The idle class is preferred to
    niceness: a niceness-10 thread is still let finish its time slice when a request's thread wakes up on
    the same core (an embedding batch is seconds of CPU), while an idle-class thread is preempted at once;
    measured under 30 concurrent writers in bench/RESULTS.md. The batcher then runs on what writers and
    recalls leave, which is the point: its work may wait, theirs may not. Lowering one's own priority
    needs no privilege; where neither is possible (another OS) it runs at normal priority.
    """
    tid = threading.get_native_id()
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setscheduler(tid, os.SCHED_IDLE, os.sched_param(0))
        return "idle"
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, tid, EMBED_NICENESS)
        return "nice"
    return "normal"


class EmbedQueue:
    def __init__(
        self,
        work: Work,
        *,
        max_backlog: int = MAX_BACKLOG,
        admit_wait_s: float = ADMIT_WAIT_S,
        batch: int = BATCH,
        name: str = "memory-embed",
    ) -> None:
        if max_backlog < 1 or batch < 1:
            raise ValueError("max_backlog and batch must be at least 1")
        self.max_backlog = max_backlog
        self.admit_wait_s = admit_wait_s
        self.batch = batch
        self._work = work
        self._name = name
        self._items: deque[Pending] = deque()
        self._reserved = 0  # writers between their reservation and their submit
        self._in_flight = 0
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._sweep: Sweep | None = None
        self._sweep_after = 0

    # --- writers ----------------------------------------------------------------------------------

    def backlog(self) -> int:
        """Entries reserved, waiting or being embedded now."""
        with self._cond:
            return self._backlog()

    def _backlog(self) -> int:
        return len(self._items) + self._reserved + self._in_flight

    @contextmanager
    def slot(self) -> Iterator[Callable[[Pending], None]]:
        """Room for one entry, reserved before it is stored; yields the function that queues it.

        Waits up to ``admit_wait_s`` while the backlog is full, then raises :class:`MemoryBusy`. A
        reservation not used (the store failed) is given back.
        """
        deadline = time.monotonic() + self.admit_wait_s
        with self._cond:
            if self._closed:
                raise MemoryBusy("the memory service is shutting down; try again in a moment")
            while self._backlog() >= self.max_backlog:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise MemoryBusy(
                        f"memory is busy: {self._backlog()} entries are waiting to be embedded (the limit is "
                        f"{self.max_backlog}) and no room came free within {self.admit_wait_s:g} s. "
                        "Nothing was stored; write again shortly."
                    )
                self._cond.wait(remaining)
            self._reserved += 1
        used = False

        def submit(item: Pending) -> None:
            nonlocal used
            with self._cond:
                used = True
                self._reserved -= 1
                self._items.append(item)
                self._start()
                self._cond.notify_all()

        try:
            yield submit
        finally:
            if not used:
                with self._cond:
                    self._reserved -= 1
                    self._cond.notify_all()

    # --- the background thread --------------------------------------------------------------------

    def sweep(self, source: Sweep) -> None:
        """Also embed entries stored without a vector (a killed process, an embedder that was down),
        after the writes waiting here, until ``source`` returns none."""
        with self._cond:
            self._sweep, self._sweep_after = source, 0
            self._start()
            self._cond.notify_all()

    def _start(self) -> None:
        if self._thread is None and not self._closed:
            self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
            self._thread.start()

    def _next(self) -> tuple[list[Pending], Sweep | None]:
        with self._cond:
            while not self._items and self._sweep is None:
                if self._closed:
                    return [], None
                self._cond.wait()
            if self._items:  # writes first: the sweep only fills idle time
                count = min(self.batch, len(self._items))
                taken = [self._items.popleft() for _ in range(count)]
                self._in_flight = count
                return taken, None
            return [], self._sweep

    def _run(self) -> None:
        background_priority()
        while True:
            taken, sweep = self._next()
            if not taken and sweep is None:
                return
            if sweep is not None:
                try:
                    taken = sweep(self._sweep_after, self.batch)
                except Exception:
                    log.exception("could not list entries without a vector")
                    taken = []
                with self._cond:
                    if not taken:
                        self._sweep = None
                        continue
                    self._sweep_after = max(p.rowid for p in taken)
                    self._in_flight = len(taken)
            try:
                self._work(taken)
            except Exception:  # an entry without a vector is still stored; reembed or the next start fixes it
                log.exception("embedding %d memory entries failed", len(taken))
            finally:
                with self._cond:
                    self._in_flight = 0
                    self._cond.notify_all()

    def drain(self, timeout: float | None = None) -> bool:
        """Wait until every entry queued so far has its vector (and its paraphrase check); False on timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self._items or self._in_flight or self._reserved:
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return False
                self._cond.wait(remaining)
            return True

    def close(self, timeout: float = CLOSE_WAIT_S) -> None:
        """Finish the queued writes (up to ``timeout``), then stop; what is left is embedded at the next start."""
        with self._cond:
            self._sweep = None
        if not self.drain(timeout):
            log.warning("stopping with %d memory entries not yet embedded; the next start embeds them", self.backlog())
        with self._cond:
            self._closed = True
            self._items.clear()
            self._cond.notify_all()
