"""Micro-batching of query embeddings: queries that arrive together share one forward pass.

Concurrent recalls (and skill matches) each embed a short query. One at a time, the N-th caller waits for
the N-1 before it; batched, a short query costs less per text (the model's weights are read once for the
batch: 16 queries took ~25 % less per query than one by one, bench/RESULTS.md) and every caller of a batch
gets its answer when the batch ends. A request waits at most ``window_s`` for companions after the first of
its batch arrived; while a batch runs, the next one fills on its own, so under load no request waits for the
window at all. Each text's vector is the one embedding it alone would give (the engine embeds each text of
a batch as its own sequence; checked by tests within float tolerance).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

from servers.core.embedding.base import DEFAULT_QUERY_BATCH_MS as DEFAULT_WINDOW_MS
from servers.core.embedding.base import BatchEmbedder, Calibration

if TYPE_CHECKING:
    from servers.core.embedding.base import Matrix, Vector

log = logging.getLogger(__name__)

MAX_BATCH = 16  # past this the gain per query flattens and the last caller's wait grows
BUSY_GAP_S = 0.05  # a query arriving within this of the one before waits for companions; one alone does not


class QueryBatcher:
    """Embeds texts handed in from any thread in batches, on one daemon thread of its own."""

    def __init__(
        self,
        embed_many: Callable[[list[str]], Matrix],
        *,
        window_s: float = DEFAULT_WINDOW_MS / 1000,
        max_batch: int = MAX_BATCH,
        name: str = "embed-queries",
    ) -> None:
        if window_s < 0 or max_batch < 1:
            raise ValueError("window_s must be >= 0 and max_batch >= 1")
        self._embed_many = embed_many
        self.window_s = window_s
        self.max_batch = max_batch
        self._name = name
        self._waiting: deque[tuple[str, Future[Vector], float]] = deque()
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._previous = float("-inf")  # when the last request taken into a batch arrived
        self._in_flight = 0  # texts in the batch being embedded now
        self._per_text_s: float | None = None  # recent seconds per text (a moving average), None before any
        self.batches = 0  # forward passes run, for benchmarks and tests
        self.largest = 0

    def submit(self, text: str) -> Future[Vector]:
        """The future of ``text``'s vector. Cancelling it before its batch starts drops it from the batch."""
        future: Future[Vector] = Future()
        with self._cond:
            if self._closed:
                raise RuntimeError("the query batcher is closed")
            self._waiting.append((text, future, time.monotonic()))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify_all()
        return future

    def embed(self, text: str) -> Vector:
        return self.submit(text).result()

    def expected_wait_s(self) -> float:
        """How long a query handed in now would likely wait for its vector: the texts ahead of it (and itself)
        at the recent time per text. 0 before the first batch. Lets a caller with a deadline skip a
        query embedding it could not get in time, instead of queueing work nobody will wait for."""
        with self._cond:
            if self._per_text_s is None:
                return 0.0
            return (len(self._waiting) + self._in_flight + 1) * self._per_text_s

    def busy(self) -> bool:
        """Whether any query is waiting or being embedded now."""
        with self._cond:
            return bool(self._waiting) or self._in_flight > 0

    def close(self) -> None:
        """Stop after the batches already waiting; later submissions fail."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def _take(self) -> list[tuple[str, Future[Vector]]] | None:
        with self._cond:
            while not self._waiting:
                if self._closed:
                    return None
                self._cond.wait()
            # The window counts from the first arrival, so a request that queued while a batch ran is not
            # held back again: under load batches fill by themselves. A request with no other one near it
            # (a lone user's search) goes at once: waiting for companions pays only when calls come close.
            first = self._waiting[0][2]
            deadline = first + self.window_s if first - self._previous < BUSY_GAP_S else first
            self._previous = self._waiting[-1][2]
            while len(self._waiting) < self.max_batch and not self._closed:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                self._cond.wait(remaining)
            count = min(self.max_batch, len(self._waiting))
            taken = [self._waiting.popleft() for _ in range(count)]
            self._in_flight = count
        # A future cancelled by its caller (a recall that gave up) is left out; the others go ahead.
        return [(text, future) for text, future, _ in taken if future.set_running_or_notify_cancel()]

    def _run(self) -> None:
        while True:
            batch = self._take()
            if batch is None:
                return
            began = time.monotonic()
            if batch:
                self._embed(batch)
            with self._cond:
                if batch:
                    took = (time.monotonic() - began) / len(batch)
                    self._per_text_s = took if self._per_text_s is None else 0.7 * self._per_text_s + 0.3 * took
                self._in_flight = 0

    def _embed(self, batch: list[tuple[str, Future[Vector]]]) -> None:
        self.batches += 1
        self.largest = max(self.largest, len(batch))
        try:
            try:
                vectors = self._embed_many([text for text, _ in batch])
                if len(vectors) != len(batch):
                    raise RuntimeError(f"the embedder returned {len(vectors)} vectors for {len(batch)} texts")
            except Exception as exc:
                if len(batch) == 1:
                    batch[0][1].set_exception(exc)
                    return
                # One bad text must not fail its companions: each is tried alone and only the culprit fails.
                log.warning("a batch of %d query embeddings failed (%s); embedding them one by one", len(batch), exc)
                for text, future in batch:
                    try:
                        future.set_result(self._embed_many([text])[0].copy())
                    except Exception as single:
                        future.set_exception(single)
                return
            for row, (_, future) in enumerate(batch):
                future.set_result(vectors[row].copy())
        finally:  # whatever went wrong, no caller is left waiting for ever
            for _, future in batch:
                if not future.done():
                    future.set_exception(RuntimeError("the query embedding was interrupted"))


class BatchedQueries:
    """An embedder whose query embeddings go through a :class:`QueryBatcher`; everything else is the inner one's."""

    def __init__(self, inner: BatchEmbedder, *, window_s: float = DEFAULT_WINDOW_MS / 1000) -> None:
        self.inner = inner
        self.batcher = QueryBatcher(inner.embed_queries, window_s=window_s, name=f"embed-queries-{inner.name}")

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dim(self) -> int:
        return self.inner.dim

    @property
    def calibration(self) -> Calibration:
        return self.inner.calibration

    def embed_passages(self, texts: list[str]) -> Matrix:
        return self.inner.embed_passages(texts)

    def embed_query(self, text: str) -> Vector:
        return self.batcher.embed(text)

    def submit_query(self, text: str) -> Future[Vector]:
        """The query's vector, later; cancel the future to take the query out of its batch."""
        return self.batcher.submit(text)

    def embed_queries(self, texts: list[str]) -> Matrix:
        return self.inner.embed_queries(texts)
