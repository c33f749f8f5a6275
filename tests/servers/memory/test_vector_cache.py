"""Recall's vector search from each user's vectors held in memory: the same hits as an exact search of the
store, never stale (changes by another process's store included), per-user isolation, and a memory budget.

Every store test runs on SQLite (sqlite-vec, exact) and on PostgreSQL (where the index is approximate HNSW
and the copy in memory is what makes a search exact). Vectors are random unit vectors (the embedder plays
no part in what is tested), except in the last test, which compares whole recalls with the cache on and off.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import numpy as np
import psycopg
import pytest

from servers.core.storage import Database
from servers.memory.models import Entry
from servers.memory.storage.rows import new_id, now_iso
from servers.memory.storage.schema import PG_VECTOR_LOG_KEEP, PG_VECTOR_LOG_PRUNE_EVERY, SCHEMA
from servers.memory.storage.store import VECTOR_LOG_KEEP, VECTOR_LOG_PRUNE_EVERY, MemoryStore
from servers.memory.storage.store_pg import PgMemoryStore, _vector_literal

Store = MemoryStore | PgMemoryStore

DIM = 32
MODEL = "test-model"


def unit(rng: np.random.Generator) -> np.ndarray:
    v = rng.normal(size=DIM).astype(np.float32)
    return v / np.linalg.norm(v)


def add(store: Store, user: str, vector: np.ndarray | None, content: str = "") -> int:
    stamp = now_iso()
    rowid = store.insert(
        Entry(id=new_id(), user_id=user, type="note", content=content or new_id(), created_at=stamp, updated_at=stamp)
    )
    if vector is not None:
        store.set_vector(rowid, user, vector, MODEL)
    return rowid


def cached_search(store: Store, user: str, query: np.ndarray, k: int) -> list[tuple[int, float]]:
    """A search that must be answered from memory (loaded first when needed)."""
    if user not in store.vector_cache.cached_users():
        assert store.vector_cache.load(user)
    before = store.vector_cache.stats.searches
    hits = store.vector_search(user, query, k)
    assert store.vector_cache.stats.searches == before + 1, "the search was not answered from memory"
    return hits


def exact(store: Store, user: str, query: np.ndarray, k: int) -> list[tuple[int, float]]:
    """The user's exact top ``k`` from the database: sqlite-vec is exact; on PostgreSQL a scan the HNSW index
    cannot answer (the OFFSET 0 fence keeps the ORDER BY out of its reach)."""
    if isinstance(store, MemoryStore):
        return store.index_search(user, query, k)
    rows = store.db.query(
        "SELECT rowid, distance FROM (SELECT rowid, embedding <=> ?::vector AS distance FROM entries_vec"
        " WHERE user_id = ? OFFSET 0) s ORDER BY distance, rowid LIMIT ?",
        (_vector_literal(query), user, k),
    )
    return [(int(r["rowid"]), 1.0 - float(r["distance"])) for r in rows]


def assert_same_hits(got: list[tuple[int, float]], want: list[tuple[int, float]]) -> None:
    """The same rowids in the same order with the same scores (float32 rounding aside); rowids with the
    very same score (equal vectors) may come in any order, as sqlite-vec's order among them is arbitrary."""
    assert len(got) == len(want)
    assert np.allclose([s for _, s in got], [s for _, s in want], atol=1e-5)
    start = 0
    for end in range(1, len(want) + 1):
        if end == len(want) or want[end][1] < want[start][1] - 1e-6:  # a run of equal scores ends
            assert {r for r, _ in got[start:end]} == {r for r, _ in want[start:end]}
            start = end


def loaded(store: Store, rng: np.random.Generator, n: int, k: int) -> tuple[list[int], np.ndarray]:
    """``n`` random vectors of alice's and a query, her vectors held in memory by a first search for ``k`` hits."""
    rows = [add(store, "alice", unit(rng)) for _ in range(n)]
    query = unit(rng)
    cached_search(store, "alice", query, k)
    return rows, query


class OpenStore(Protocol):
    engine: str

    def __call__(self, budget: int = ..., file: str = ...) -> Store: ...


@pytest.fixture(params=["sqlite", "postgresql"])
def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[OpenStore]:
    """Opens a store on `memory.db` (or ``file``; on PostgreSQL schema ``memory`` or one named after ``file``)
    with a vector cache of ``budget`` bytes; each call is a new store, so two on one file stand for two
    processes. Every store opened is closed when the test ends."""
    opened: list[Store] = []
    url = request.getfixturevalue("postgres_url") if request.param == "postgresql" else None

    def open_(budget: int = 64 * 2**20, file: str = "memory.db") -> Store:
        store: Store
        if url is None:
            store = MemoryStore(Database(tmp_path / file), vector_cache_bytes=budget)
        else:
            from servers.core.storage.postgres import PgDatabase

            schema = SCHEMA if file == "memory.db" else f"{SCHEMA}_{Path(file).stem}"
            store = PgMemoryStore(PgDatabase(url, schema), vector_cache_bytes=budget)
        store.ensure_vector_table(MODEL, DIM)
        opened.append(store)
        return store

    open_.engine = request.param  # type: ignore[attr-defined]
    yield open_  # type: ignore[misc]
    for store in reversed(opened):
        store.close()


def test_hits_equal_an_exact_search_on_a_random_set(open_store: OpenStore) -> None:
    rng = np.random.default_rng(7)
    store = open_store()
    users = ["alice", "bob", "carol"]
    for i in range(900):
        add(store, users[i % 3], unit(rng))
    for user in users:
        assert store.vector_cache.load(user)
    for i in range(60):
        user, query = users[i % 3], unit(rng)
        for k in (1, 5, 50, 400):  # 400 > the user's 300 vectors: every one comes back
            assert_same_hits(cached_search(store, user, query, k), exact(store, user, query, k))


def test_changes_after_loading_are_seen(open_store: OpenStore) -> None:
    rng = np.random.default_rng(1)
    store = open_store()
    rows, query = loaded(store, rng, 50, 5)
    # A new entry with the query's own vector, a replaced vector, an archive, a delete, a cleared vector.
    new = add(store, "alice", query)
    store.set_vector(rows[0], "alice", query, MODEL)
    store.archive(rows[1], "test")
    store.delete(rows[2])
    store.update(rows[3], content="changed", clear_vector=True)
    hits = cached_search(store, "alice", query, 60)
    assert_same_hits(hits, exact(store, "alice", query, 60))
    assert {new, rows[0]} == {r for r, s in hits if s > 0.999}
    assert not {rows[1], rows[2], rows[3]} & {r for r, _ in hits}


def test_many_entries_changed_in_one_transaction_are_all_seen(open_store: OpenStore) -> None:
    """On PostgreSQL one transaction's changes share one generation: every one of them must be caught up."""
    rng = np.random.default_rng(12)
    store = open_store()
    rows, query = loaded(store, rng, 40, 5)
    with store.db.transaction():
        for rowid in rows[:3]:
            store.archive(rowid, "test")
        for rowid in rows[3:6]:
            store.set_vector(rowid, "alice", query, MODEL)
    hits = cached_search(store, "alice", query, 40)
    assert {r for r, s in hits if s > 0.999} == set(rows[3:6])
    assert not set(rows[:3]) & {r for r, _ in hits}
    assert_same_hits(hits, exact(store, "alice", query, 40)[: len(hits)])


def test_a_second_store_on_the_same_file_is_seen_at_the_next_search(open_store: OpenStore) -> None:
    """Two stores on one file stand for two processes: neither sees the other's memory, only the file."""
    rng = np.random.default_rng(2)
    first = open_store()
    rows, query = loaded(first, rng, 30, 5)

    second = open_store()
    written = add(second, "alice", query)
    assert cached_search(first, "alice", query, 1) == [(written, pytest.approx(1.0, abs=1e-5))]

    second.set_vector(rows[5], "alice", query, MODEL)  # content re-embedded elsewhere
    assert {r for r, _ in cached_search(first, "alice", query, 2)} == {written, rows[5]}

    second.archive(written, "archived elsewhere")
    second.delete(rows[5])
    hits = cached_search(first, "alice", query, 30)
    assert written not in {r for r, _ in hits} and rows[5] not in {r for r, _ in hits}
    assert_same_hits(hits, exact(first, "alice", query, 30))

    changed = rows[6]
    second.update(changed, content="new words", clear_vector=True)  # the content changed, no vector yet
    assert changed not in {r for r, _ in cached_search(first, "alice", query, 30)}


@pytest.mark.parametrize("open_store", ["postgresql"], indirect=True)  # nothing copies into SQLite
def test_postgresql_logs_entries_inserted_with_their_vector(open_store: OpenStore) -> None:
    """``cairn data copy`` inserts an entry and its vector in one statement, with no later update: the
    insert itself must raise the user's generation, or a cache loaded before the copy would miss the entry."""
    rng = np.random.default_rng(11)
    first = open_store()
    _, query = loaded(first, rng, 10, 3)
    second = open_store()
    stamp = now_iso()
    with second.db.transaction():
        rowid = int(
            second.db.scalar(
                "INSERT INTO entries (id, user_id, type, content, created_at, updated_at, embedding_model)"
                " VALUES (?, 'alice', 'note', 'copied', ?, ?, ?) RETURNING rowid",
                (new_id(), stamp, stamp, MODEL),
            )
        )
        second.db.execute(
            "INSERT INTO entries_vec (rowid, user_id, embedding) VALUES (?, 'alice', ?::vector)",
            (rowid, _vector_literal(query)),
        )
    assert cached_search(first, "alice", query, 1) == [(rowid, pytest.approx(1.0, abs=1e-5))]


def test_users_never_see_each_others_vectors(open_store: OpenStore) -> None:
    rng = np.random.default_rng(3)
    store = open_store()
    shared = unit(rng)
    alice = [add(store, "alice", shared) for _ in range(3)] + [add(store, "alice", unit(rng)) for _ in range(20)]
    bob = [add(store, "bob", unit(rng)) for _ in range(20)]
    assert set(r for r, _ in cached_search(store, "bob", shared, 100)) == set(bob)
    assert set(r for r, _ in cached_search(store, "alice", shared, 100)) == set(alice)

    # On SQLite a rowid freed by a delete is given to the next entry, here another user's: each cache follows
    # it. (PostgreSQL never reuses one; the same steps must hold there too.)
    last = add(store, "alice", shared)
    cached_search(store, "alice", shared, 100)
    store.delete(last)
    reused = add(store, "bob", shared)
    assert reused == last or isinstance(store, PgMemoryStore)
    assert reused not in {r for r, _ in cached_search(store, "alice", shared, 100)}
    assert cached_search(store, "bob", shared, 1)[0][0] == reused


def test_a_search_inside_a_write_transaction_asks_the_index(open_store: OpenStore) -> None:
    """A rolled-back change must not reach the cache: its log sequence is given again to the next change."""
    rng = np.random.default_rng(4)
    store = open_store()
    rows, query = loaded(store, rng, 10, 3)
    with pytest.raises(RuntimeError), store.db.transaction():
        store.set_vector(rows[0], "alice", query, MODEL)
        fallbacks = store.vector_cache.stats.fallbacks
        assert store.vector_search("alice", query, 1)[0][0] == rows[0]  # its own uncommitted write, via the index
        assert store.vector_cache.stats.fallbacks == fallbacks + 1
        raise RuntimeError("roll back")
    other = add(store, "alice", unit(rng))  # takes the rolled-back change's sequence number
    hits = cached_search(store, "alice", query, 11)
    assert_same_hits(hits, exact(store, "alice", query, 11))
    assert other in {r for r, _ in hits} and hits[0][0] != rows[0]


def test_a_cache_behind_the_pruned_log_reloads(open_store: OpenStore) -> None:
    rng = np.random.default_rng(5)
    first = open_store()
    rows, query = loaded(first, rng, 20, 3)
    second = open_store()
    second.set_vector(rows[0], "alice", query, MODEL)
    second.set_vector(rows[1], "alice", unit(rng), MODEL)  # alice's newest log row, which the prune keeps
    held = first.vector_cache._parts["alice"].generation
    if isinstance(second, MemoryStore):
        # Then enough log traffic (another user's: the log is one sequence) for the prune to drop alice's row.
        with second.db.transaction():
            second.db.execute(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)"
                " INSERT INTO vector_log (user_id, entry_rowid) SELECT 'bob', 0 FROM n",
                (VECTOR_LOG_KEEP + VECTOR_LOG_PRUNE_EVERY,),
            )
        # alice's newest row (her generation) survives the prune; the one naming rows[0] does not.
        assert second.vector_changes("alice", held) == [rows[1]]
    else:
        # Each user's log is pruned on its own: enough of alice's own traffic (naming no entry) drops both rows.
        # A generation is one transaction's changes, so each change here commits on its own.
        with psycopg.connect(second.db.url, autocommit=True) as conn:
            conn.execute(f"SET search_path = {second.db.schema}, public")
            conn.execute(
                "DO $$ BEGIN FOR i IN 1..%s LOOP PERFORM log_vector_change('alice', 0); COMMIT; END LOOP; END $$"
                % (PG_VECTOR_LOG_KEEP + PG_VECTOR_LOG_PRUNE_EVERY)
            )
        assert second.vector_changes("alice", held) == [0]
        assert second.vector_changes("bob", 0) == []
    assert second.vector_log_horizon("alice") > held
    assert first.vector_search("alice", query, 1)[0][0] == rows[0]  # dropped and answered by the index
    first.vector_cache.wait_for_loads()
    assert cached_search(first, "alice", query, 1)[0][0] == rows[0]


def test_memory_budget_falls_back_and_evicts_least_recent(
    open_store: OpenStore, caplog: pytest.LogCaptureFixture
) -> None:
    rng = np.random.default_rng(6)
    per_user = 300
    one_user = (per_user + 256) * (4 * DIM + 8)  # a user's vectors, rowids and room to grow
    store = open_store(budget=one_user * 2 + 1)
    store.vector_cache.min_residency_s = 0  # any user may be evicted for another (see the next test)
    for i in range(per_user * 3):
        add(store, ["alice", "bob", "carol"][i % 3], unit(rng))
    query = unit(rng)
    for user in ("alice", "bob", "carol"):
        cached_search(store, user, query, 5)
    assert store.vector_cache.cached_users() == ["bob", "carol"]  # alice, least recent, went
    assert store.vector_cache.stats.evictions == 1
    assert store.vector_cache.nbytes <= store.vector_cache.budget_bytes

    small = open_store(budget=one_user - 1, file="small.db")
    rows = [add(small, "dave", unit(rng)) for _ in range(per_user)]
    with caplog.at_level(logging.WARNING, logger="servers.memory.vector_cache"):
        assert not small.vector_cache.load("dave")  # too large: never held, searched through the index
        assert not small.vector_cache.load("dave")
    # Said once, with the setting to change and a value that would hold the user.
    assert [r.getMessage() for r in caplog.records] == [
        "user 'dave' has 1 MiB of memory vectors, more than CAIRN_MEMORY__VECTOR_CACHE_MB=0: their recall searches"
        " the store's index (approximate on PostgreSQL). Set it to at least 2 to keep their recall exact."
    ]
    hits = small.vector_search("dave", query, 5)
    small.vector_cache.wait_for_loads()
    assert small.vector_cache.cached_users() == []
    assert_same_hits(hits, exact(small, "dave", query, 5))
    assert set(r for r, _ in hits) <= set(rows)


def test_users_searched_recently_are_not_evicted_for_another(
    open_store: OpenStore, caplog: pytest.LogCaptureFixture
) -> None:
    """More large users than the budget holds must not load each other out in turn: the one without room
    is searched on the index, and gets its turn once a held user has been idle long enough."""
    rng = np.random.default_rng(10)
    per_user = 300
    one_user = (per_user + 256) * (4 * DIM + 8)
    store = open_store(budget=one_user * 2 + 1)
    for i in range(per_user * 3):
        add(store, ["alice", "bob", "carol"][i % 3], unit(rng))
    query = unit(rng)
    cached_search(store, "alice", query, 5)
    cached_search(store, "bob", query, 5)
    with caplog.at_level(logging.WARNING, logger="servers.memory.vector_cache"):
        assert not store.vector_cache.load("carol")
    assert store.vector_cache.stats.no_room == 1
    assert "user 'carol' (1 MiB of vectors) is searched through the store's index meanwhile" in caplog.text
    assert_same_hits(store.vector_search("carol", query, 5), exact(store, "carol", query, 5))  # the index
    store.vector_cache.wait_for_loads()
    assert store.vector_cache.cached_users() == ["alice", "bob"]
    assert store.vector_cache.stats.evictions == 0 and store.vector_cache.stats.loads == 2

    store.vector_cache._parts["alice"].searched_at -= store.vector_cache.min_residency_s  # alice went idle
    assert store.vector_cache.load("carol")
    assert store.vector_cache.cached_users() == ["bob", "carol"]
    assert_same_hits(cached_search(store, "carol", query, 5), exact(store, "carol", query, 5))


def test_first_search_of_a_user_loads_in_the_background(open_store: OpenStore) -> None:
    rng = np.random.default_rng(8)
    store = open_store()
    for _ in range(40):
        add(store, "alice", unit(rng))
    query = unit(rng)
    want = exact(store, "alice", query, 5)
    assert_same_hits(store.vector_search("alice", query, 5), want)  # from the index, while loading
    store.vector_cache.wait_for_loads()
    before = store.vector_cache.stats.searches
    assert_same_hits(store.vector_search("alice", query, 5), want)
    assert store.vector_cache.stats.searches == before + 1


def test_searches_and_writes_from_many_threads(open_store: OpenStore) -> None:
    rng = np.random.default_rng(9)
    store = open_store()
    for i in range(200):
        add(store, ["alice", "bob"][i % 2], unit(rng))
    vectors = [unit(rng) for _ in range(120)]
    errors: list[BaseException] = []

    def write(user: str) -> None:
        try:
            for v in vectors[:60] if user == "alice" else vectors[60:]:
                rowid = add(store, user, v)
                if rowid % 3 == 0:
                    store.archive(rowid, "test")
        except BaseException as exc:
            errors.append(exc)

    def search() -> None:
        try:
            for i in range(150):
                user = ["alice", "bob"][i % 2]
                for rowid, _ in store.vector_search(user, vectors[i % 120], 10):
                    owner = store.db.scalar("SELECT user_id FROM entries WHERE rowid = ?", (rowid,))
                    assert owner in (user, None)  # never another user's (None: deleted meanwhile)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(u,)) for u in ("alice", "bob")]
    threads += [threading.Thread(target=search) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors
    store.vector_cache.wait_for_loads()
    for i, query in enumerate(vectors[::7]):
        user = ["alice", "bob"][i % 2]
        assert_same_hits(cached_search(store, user, query, 50), exact(store, user, query, 50))


def test_recall_is_the_same_with_and_without_the_cache(engine, embedder) -> None:  # type: ignore[no-untyped-def]
    from servers.core.events import EventBus
    from servers.memory.service import MemoryService

    settings = engine

    texts = [
        "The user prefers dark mode in every editor",
        "Deploys go out on Tuesdays after the standup",
        "用户喜欢在杭州的咖啡馆工作",
        "The staging database is PostgreSQL 16 on port 5433",
        "E_TIMEOUT_4102 means the bank gateway timed out",
        "Tea, not coffee, in the afternoon",
    ]
    on = MemoryService(settings, embedder=embedder, bus=EventBus())
    for text in texts:
        on.write(text, "alice")
    on.write("Alice's secret note about the staging database", "bob")
    assert on.wait_for_vectors()
    off = MemoryService(
        settings.model_copy(update={"memory": settings.memory.model_copy(update={"vector_cache_mb": 0})}),
        embedder=embedder,
        bus=EventBus(),
    )
    store = on.store
    assert isinstance(store, (MemoryStore, PgMemoryStore))
    assert store.vector_cache.load("alice")
    for query in ("editor theme", "which port does staging use", "杭州", "bank timeout code", "what do I drink"):
        for mode in ("hybrid", "semantic"):
            before = store.vector_cache.stats.searches
            got = on.recall(query, "alice", mode=mode, limit=6)
            assert store.vector_cache.stats.searches == before + 1
            want = off.recall(query, "alice", mode=mode, limit=6)
            assert [(h.id, h.score, h.matched_by) for h in got.results] == [
                (h.id, h.score, h.matched_by) for h in want.results
            ]
    off.close()
    on.close()
