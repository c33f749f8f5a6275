"""The storage seam of the memory server: one protocol, a SQLite and a PostgreSQL implementation.

| ``CAIRN_DATABASE_URL`` | store                                          | indexes          | where                 |
|------------------------|------------------------------------------------|------------------|-----------------------|
| unset (default)        | :class:`~servers.memory.store.MemoryStore`     | FTS5, sqlite-vec | ``$CAIRN_HOME/memory``|
| ``postgresql://…``     | :class:`~servers.memory.store_pg.PgMemoryStore`| tsvector, HNSW   | schema ``memory``     |

Both return the same things: rowids, entries, ``(rowid, keyword score)`` with lower = better and the
best one negative (FTS5's bm25 sign), and ``(rowid, cosine similarity)`` best first. ``where`` clauses
passed to :meth:`EntryStore.live_entries` are written once, with ``?`` placeholders, in the SQL both
engines accept.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

import numpy as np

from servers.core.settings import CairnSettings
from servers.core.storage import Database
from servers.memory.models import Entry

Row = dict[str, Any]


class SqlDatabase(Protocol):
    """What callers may do with a store's database directly (tests, benchmarks, small portable queries)."""

    def query(self, sql: str, params: Any = ()) -> list[Row]: ...
    def query_one(self, sql: str, params: Any = ()) -> Row | None: ...
    def scalar(self, sql: str, params: Any = ()) -> Any: ...
    def execute(self, sql: str, params: Any = ()) -> None: ...
    def transaction(self) -> AbstractContextManager[Any]: ...
    def close(self) -> None: ...


class EntryStore(Protocol):
    """Rows, keyword index and vector index of memory entries, kept in step; only live entries are indexed."""

    @property
    def db(self) -> SqlDatabase: ...

    # vectors and metadata
    def vector_model(self) -> tuple[str, int] | None: ...
    def ensure_vector_table(self, model: str, dim: int) -> None: ...
    def has_vector_table(self) -> bool: ...
    def set_vector(self, rowid: int, user_id: str, vector: np.ndarray, model: str) -> None: ...
    def get_vector(self, rowid: int) -> np.ndarray | None: ...
    def get_meta(self, key: str) -> str | None: ...
    def set_meta(self, key: str, value: str) -> None: ...

    # rows
    def insert(self, entry: Entry) -> int: ...
    def rowid_of(self, entry_id: str, user_id: str) -> int | None: ...
    def get(self, entry_id: str, user_id: str) -> Entry | None: ...
    def get_many(self, rowids: Iterable[int]) -> dict[int, Entry]: ...
    def update(
        self,
        rowid: int,
        *,
        content: str | None = None,
        keywords: list[str] | None = None,
        slots: dict[str, str] | None = None,
        type: str | None = None,
        seen_count: int | None = None,
        expires_at: str | None = None,
        longterm: bool | None = None,
        longterm_suppressed: bool | None = None,
        clear_vector: bool = False,
    ) -> None: ...
    def archive(self, rowid: int, reason: str, at: str | None = None) -> None: ...
    def delete(self, rowid: int) -> None: ...

    # listing
    def live_entries(self, user_id: str, where: str = "", params: Sequence[Any] = ()) -> list[tuple[int, Entry]]: ...
    def recent_rowids(self, user_id: str, limit: int) -> list[int]: ...
    def iter_all(self, user_id: str | None = None, batch: int = 500) -> Iterator[tuple[int, Entry]]: ...
    def users(self) -> list[str]: ...
    def missing_vectors(self, model: str, limit: int) -> list[tuple[int, str, str]]: ...
    def count_missing_vectors(self, model: str) -> int: ...

    # search
    def keyword_search(self, user_id: str, query: str, limit: int) -> list[tuple[int, float]]: ...
    def vector_search(self, user_id: str, vector: np.ndarray, k: int) -> list[tuple[int, float]]: ...

    def close(self) -> None: ...


def open_store(settings: CairnSettings, db: Database | None = None) -> EntryStore:
    """The store ``settings`` ask for: PostgreSQL when a database URL is set (and no SQLite db is given)."""
    if db is None and settings.database_url:
        from servers.memory.store_pg import PgMemoryStore  # psycopg loads only for PostgreSQL users

        return PgMemoryStore.connect(settings.database_url, settings.database)
    from servers.memory.store import MemoryStore

    return MemoryStore(db or Database(settings.data_dir("memory") / "memory.db"))
