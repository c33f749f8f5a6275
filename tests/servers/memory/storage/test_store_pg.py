"""What only the PostgreSQL store has to prove: shared state between instances, the HNSW index filtered by
user, safe query literals, migrations that run once. (The behaviour both stores share is tested through the
parametrised ``memory`` fixture.)"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import psycopg
import pytest

from servers.core.events import EventBus
from servers.core.storage.postgres import PgDatabase
from servers.core.tsearch import tsquery_literal, tsvector_literal
from servers.memory.models import Entry
from servers.memory.service import MemoryService
from servers.memory.storage.store_pg import SCHEMA, PgMemoryStore, build_memory_mb
from servers.suite.settings import CairnSettings

HOSTILE = [
    "NEAR( \" ' \\ AND * OR NOT :",
    "a' | 'b",
    "x\\' & !y <-> (z",
    "');DROP TABLE entries;--",
    "日本語のテキスト 'quoted' \\",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_query_and_document_literals_never_raise(postgres_url: str, text: str) -> None:
    with psycopg.connect(postgres_url) as conn:
        query = tsquery_literal(text)
        assert query is not None
        conn.execute("SELECT %s::tsquery, %s::tsvector", (query, tsvector_literal(text, text)))
        found = conn.execute("SELECT %s::tsvector @@ %s::tsquery", (tsvector_literal(text, ""), query)).fetchone()
        assert found == (True,)


def test_a_write_on_one_instance_is_recalled_on_another(
    postgres_url: str, settings: CairnSettings, embedder: Any
) -> None:
    shared = settings.model_copy(update={"database_url": postgres_url})
    first = MemoryService(shared, embedder=embedder, bus=EventBus())
    second = MemoryService(shared, embedder=embedder, bus=EventBus())
    try:
        written = first.write("The release train leaves every second Thursday", user_id="ann")
        assert first.wait_for_vectors()
        hit = second.recall("when does the release train leave", user_id="ann").results[0]
        assert hit.id == written.id and hit.matched_by == ["keyword", "semantic"]
        assert second.recall("release train", user_id="bob").results == []
        second.archive(written.id, user_id="ann")
        assert first.recall("release train", user_id="ann").results == []
    finally:
        first.close()
        second.close()


def test_vector_search_uses_hnsw_and_stays_within_the_user(postgres_url: str) -> None:
    store = PgMemoryStore.connect(postgres_url)
    rng = np.random.default_rng(7)
    try:
        store.ensure_vector_table("test-model", 16)
        vectors: dict[int, tuple[str, np.ndarray]] = {}
        for i in range(400):
            user = "ann" if i % 4 == 0 else "bob"
            stamp = f"2026-01-01T00:00:{i % 60:02d}.000000Z"
            rowid = store.insert(
                Entry(id=f"e{i}", user_id=user, type="note", content=f"n{i}", created_at=stamp, updated_at=stamp)
            )
            vec = rng.normal(size=16).astype(np.float32)
            store.set_vector(rowid, user, vec, "test-model")
            vectors[rowid] = (user, vec / np.linalg.norm(vec))
        query = rng.normal(size=16).astype(np.float32)
        hits = store.vector_search("ann", query, 10)
        exact = sorted((r for r, (u, _) in vectors.items() if u == "ann"), key=lambda r: -float(vectors[r][1] @ query))[
            :10
        ]
        assert len(hits) == 10 and all(vectors[r][0] == "ann" for r, _ in hits)
        assert len({r for r, _ in hits} & set(exact)) >= 9  # approximate, but close on 100 rows
        assert hits[0][1] == pytest.approx(float(vectors[exact[0]][1] @ query / np.linalg.norm(query)), abs=1e-4)
        # At this size the planner rightly scans ann's 100 rows through the user index and sorts them.
        # Without that index (and without a sequential scan) the filtered ORDER BY must use HNSW.
        literal = "[" + ",".join(str(float(x)) for x in query) + "]"
        with psycopg.connect(postgres_url) as conn:
            conn.execute(f"DROP INDEX {SCHEMA}.entries_vec_user")
            conn.execute("SET LOCAL enable_seqscan = off")
            plan = conn.execute(
                f"EXPLAIN SELECT rowid FROM {SCHEMA}.entries_vec WHERE user_id = %s"
                " ORDER BY embedding <=> %s::vector LIMIT 10",
                ("ann", literal),
            ).fetchall()
            conn.rollback()
        assert "entries_vec_hnsw" in " ".join(row[0] for row in plan)
    finally:
        store.close()


def test_words_in_many_entries_do_not_make_candidates_alone_once_analysed(postgres_url: str) -> None:
    """ "user" in every entry would make each a keyword candidate to rank; once the planner's statistics say
    so, only entries with a rarer query word are candidates, and the common word still counts in their rank."""
    store = PgMemoryStore.connect(postgres_url)
    stamp = "2026-01-01T00:00:00.000000Z"

    def add(content: str) -> int:
        entry = Entry(id=f"e{add.n}", user_id="ann", type="note", content=content, created_at=stamp, updated_at=stamp)
        add.n += 1  # type: ignore[attr-defined]
        return store.insert(entry)

    add.n = 0  # type: ignore[attr-defined]
    try:
        filler = [add(f"The user opened ticket {i} about the printer") for i in range(300)]
        both = add("The user deploys the billing service on Fridays")
        rare_only = add("Deploys of the billing service are frozen in December")
        assert store._common_lexemes() == {}  # no statistics yet: every query word makes candidates
        before = {r for r, _ in store.keyword_search("ann", "user deploys", 400)}
        assert {both, rare_only} | set(filler) == before

        store.analyze()  # and the common words are re-read now, not in five minutes
        assert store._common_lexemes().get("user", 0.0) > 0.9
        hits = store.keyword_search("ann", "user deploys", 400)
        assert [r for r, _ in hits] == [both, rare_only]  # "user" ranks the entry that has both first
        only_common = {r for r, _ in store.keyword_search("ann", "user", 400)}
        assert only_common == {both, *filler}  # a query of common words alone still finds them
    finally:
        store.close()


def test_the_index_build_gets_memory_for_its_graph_within_the_ceiling() -> None:
    assert build_memory_mb(0, 0) == 1024  # small stores keep the 1 GB floor
    assert build_memory_mb(10_000, 384) == 1024
    one_million = build_memory_mb(1_000_000, 384)
    assert 2_500 <= one_million <= 4_096  # the m 32 graph of 1M 384-d vectors is about 3 GB
    assert build_memory_mb(1_000_000, 384, ceiling_mb=2_048) == 2_048
    assert build_memory_mb(10_000_000, 384) == 4_096


def test_a_rebuilt_index_is_the_stores_own_and_is_used(postgres_url: str) -> None:
    store = PgMemoryStore.connect(postgres_url)
    rng = np.random.default_rng(11)
    try:
        store.ensure_vector_table("test-model", 8)
        for i in range(50):
            stamp = f"2026-01-02T00:00:{i % 60:02d}.000000Z"
            rowid = store.insert(
                Entry(id=f"r{i}", user_id="ann", type="note", content=f"r{i}", created_at=stamp, updated_at=stamp)
            )
            store.set_vector(rowid, "ann", rng.normal(size=8).astype(np.float32), "test-model")
        assert store.build_vector_index() is False  # present: nothing to do
        store.drop_vector_index()
        assert store.db.scalar("SELECT to_regclass('entries_vec_hnsw')") is None
        assert store.build_vector_index() is True
        definition = str(store.db.scalar("SELECT indexdef FROM pg_indexes WHERE indexname = 'entries_vec_hnsw'"))
        assert "m='32'" in definition and "ef_construction='128'" in definition
        # The raised build memory was local to the build's transaction.
        assert store.db.scalar("SELECT current_setting('maintenance_work_mem')") != "1GB"
        assert len(store.vector_search("ann", rng.normal(size=8).astype(np.float32), 5)) == 5
    finally:
        store.close()


def test_instances_starting_together_migrate_once(postgres_url: str) -> None:
    stores: list[PgMemoryStore] = []
    errors: list[BaseException] = []

    def start() -> None:
        try:
            stores.append(PgMemoryStore.connect(postgres_url))
        except BaseException as exc:  # collected and asserted below, in the test thread
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert not errors and len(stores) == 4
        applied = stores[0].db.query("SELECT version FROM schema_migrations WHERE component = 'memory'")
        assert [r["version"] for r in applied] == [1, 2, 3]
    finally:
        for store in stores:
            store.close()


def test_tables_live_in_their_own_schema(postgres_url: str) -> None:
    PgMemoryStore.connect(postgres_url).close()
    db = PgDatabase(postgres_url, "other")
    try:
        assert db.scalar("SELECT to_regclass('entries')") is None  # not on this schema's search path
        assert db.scalar("SELECT to_regclass(?)", (f"{SCHEMA}.entries",)) is not None
    finally:
        db.close()
