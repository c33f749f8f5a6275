"""Memory's store on the component-store base: where each engine keeps it, which migrations it records,
and the named listings the lifecycle asks for instead of SQL, on SQLite and PostgreSQL alike."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from servers.core.storage import Database, StorageError
from servers.core.storage.component import ComponentStore
from servers.memory.models import Entry
from servers.memory.storage.backend import EntryStore, open_store
from servers.memory.storage.rows import new_id
from servers.memory.storage.store import MemoryStore
from servers.suite.settings import CairnSettings


@pytest.fixture
def store(engine: CairnSettings) -> Iterator[EntryStore]:
    opened = open_store(engine)
    yield opened
    opened.close()


def test_open_store_is_a_component_store_where_the_base_puts_memory(engine: CairnSettings, cairn_home: Path) -> None:
    store = open_store(engine)
    try:
        assert isinstance(store, ComponentStore) and store.component == "memory"
        assert store.postgres == bool(engine.database_url)
        # The same file and schema memory always used: an existing home or database opens as it is.
        assert (cairn_home / "memory" / "memory.db").is_file() != store.postgres
        assert getattr(store.db, "schema", "memory") == "memory"
        versions = store.db.query(
            "SELECT version, description FROM schema_migrations WHERE component = 'memory' ORDER BY version"
        )
        recalls = (3, "recalls per user and day, for the dashboard's picture of recall over time")
        expected = (
            [
                (1, "entries, tsvector index, meta"),
                (2, "per-user vector change log for the in-process vector cache"),
                recalls,
            ]
            if store.postgres
            else [(1, "entries, FTS5 index, meta"), (2, "vector change log for the in-process vector cache"), recalls]
        )
        assert [(r["version"], r["description"]) for r in versions] == expected
    finally:
        store.close()
    open_store(engine).close()  # opening again applies nothing and fails nothing


def test_a_home_newer_than_this_cairn_is_refused(engine: CairnSettings) -> None:
    store = open_store(engine)
    try:
        with store.db.transaction():
            store.db.execute(
                "INSERT INTO schema_migrations (component, version, description) VALUES ('memory', 99, 'future')"
            )
    finally:
        store.close()
    with pytest.raises(StorageError, match="newer than this Cairn knows"):
        open_store(engine)


def test_each_store_takes_only_its_engine(tmp_path: Path) -> None:
    db = Database(tmp_path / "m.db")
    try:
        from servers.memory.storage.store_pg import PgMemoryStore

        with pytest.raises(TypeError, match="PostgreSQL"):
            PgMemoryStore(db)  # type: ignore[arg-type]
    finally:
        db.close()
    with pytest.raises(TypeError, match="SQLite"):
        MemoryStore(object())  # type: ignore[arg-type]


def _add(
    store: EntryStore, user: str, content: str, *, type: str = "note", day: str = "2026-03-01", **fields: object
) -> int:
    stamp = f"{day}T10:00:00.000Z"
    entry = Entry(id=new_id(), user_id=user, type=type, content=content, created_at=stamp, updated_at=stamp)
    return store.insert(entry.model_copy(update=fields))


def _contents(pairs: list[tuple[int, Entry]]) -> list[str]:
    return [entry.content for _, entry in pairs]


def test_named_listings_select_live_entries_of_one_user(store: EntryStore) -> None:
    _add(store, "ann", "march note", day="2026-03-01")
    _add(store, "ann", "april note", day="2026-04-02", seen_count=3)
    _add(store, "ann", "april fact", day="2026-04-02", seen_count=5, longterm=True)
    _add(store, "ann", "april summary", type="daily_summary", day="2026-04-02", seen_count=9)
    gone = _add(store, "ann", "archived april note", day="2026-04-02", seen_count=4)
    store.archive(gone, "test")
    hushed = _add(store, "ann", "suppressed april note", day="2026-04-02", seen_count=6)
    store.update(hushed, longterm_suppressed=True)
    _add(store, "bob", "bob's april note", day="2026-04-02", seen_count=7)

    assert _contents(store.live_entries_of_day("ann", "2026-04-02")) == [
        "april note",
        "april fact",
        "suppressed april note",
    ]
    assert _contents(store.live_entries_of_type("ann", "daily_summary")) == ["april summary"]
    assert _contents(store.longterm_entries("ann")) == ["april fact"]
    assert _contents(store.promotion_candidates("ann", 3)) == ["april note"]
    assert _contents(store.promotion_candidates("ann", 4)) == []
    everything = ["march note", "april note", "april fact", "suppressed april note"]
    assert _contents(store.live_entries_updated_since("ann", None)) == everything
    # update() moved the suppressed entry's updated_at to now; the others keep their creation stamps.
    assert _contents(store.live_entries_updated_since("ann", "2026-04-01")) == everything[1:]
    assert _contents(store.live_entries_updated_since("ann", "2099-01-01")) == []
