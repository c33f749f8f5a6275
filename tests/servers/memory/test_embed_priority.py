"""The background batcher runs behind writers and recalls: in the idle scheduling class on Linux."""

from __future__ import annotations

import os
import sys
import threading

import pytest

from servers.memory.embed_queue import EmbedQueue, Pending, background_priority

linux_only = pytest.mark.skipif(sys.platform != "linux", reason="per-thread scheduling classes are Linux's")


@linux_only
def test_the_batcher_thread_alone_runs_in_the_idle_class() -> None:
    seen: list[int] = []
    done = threading.Event()

    def work(batch: list[Pending]) -> None:
        seen.append(os.sched_getscheduler(0))  # 0: the calling thread
        done.set()

    queue = EmbedQueue(work)
    with queue.slot() as submit:
        submit(Pending(rowid=1, user_id="u", content="a note", dedupe=False))
    assert done.wait(30), "the batcher never ran"
    queue.close(timeout=30)
    assert seen == [os.SCHED_IDLE]
    # The writer's thread (this one) and so the server's request threads keep their normal class.
    assert os.sched_getscheduler(0) == os.SCHED_OTHER


@linux_only
def test_background_priority_reports_the_idle_class() -> None:
    got: list[tuple[str, int]] = []

    def lower() -> None:
        got.append((background_priority(), os.sched_getscheduler(0)))

    thread = threading.Thread(target=lower)
    thread.start()
    thread.join(30)
    assert got == [("idle", os.SCHED_IDLE)]
