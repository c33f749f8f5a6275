"""One SQLite file, opened through apsw so that sqlite-vec can be loaded.

The stdlib ``sqlite3`` of the interpreters we target cannot load extensions, and loading sqlite-vec
through two drivers in one process crashes, so apsw is the only driver in the suite.

Each thread gets its own connection: WAL lets readers run beside one writer, and sync MCP tools run in
worker threads. Writes go through :meth:`Database.transaction`, which takes the write lock up front
(``BEGIN IMMEDIATE``) so the busy timeout applies instead of failing on a read-to-write upgrade.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import apsw
import apsw.bestpractice
import sqlite_vec

Row = dict[str, Any]
Params = Sequence[Any] | dict[str, Any]


class StorageError(RuntimeError):
    """A database problem worth showing to a person (bad schema version, locked file, …)."""


class Database:
    """A WAL-mode SQLite database with sqlite-vec loaded on every connection."""

    def __init__(self, path: Path, *, busy_timeout_ms: int = 10_000) -> None:
        self.path = path
        self._busy_timeout_ms = busy_timeout_ms
        self._local = threading.local()
        self._all: list[apsw.Connection] = []
        self._all_lock = threading.Lock()
        path.parent.mkdir(parents=True, exist_ok=True)
        # Switching to WAL needs a moment of exclusive access; do it once, here, not on every connection.
        self.connection().execute("PRAGMA journal_mode=WAL")

    def connection(self) -> apsw.Connection:
        conn: apsw.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = apsw.Connection(str(self.path))
            conn.set_busy_timeout(self._busy_timeout_ms)
            conn.enable_load_extension(True)
            conn.load_extension(sqlite_vec.loadable_path())
            conn.enable_load_extension(False)
            conn.execute("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON; PRAGMA temp_store=MEMORY")
            self._local.conn = conn
            with self._all_lock:
                self._all.append(conn)
        return conn

    def query(self, sql: str, params: Params = ()) -> list[Row]:
        cursor = self.connection().cursor()
        cursor.execute(sql, params)
        try:
            names = [d[0] for d in cursor.get_description()]
        except apsw.ExecutionCompleteError:
            return []
        return [dict(zip(names, row, strict=True)) for row in cursor]

    def query_one(self, sql: str, params: Params = ()) -> Row | None:
        rows = self.query(sql, params)
        return rows[0] if rows else None

    def scalar(self, sql: str, params: Params = ()) -> Any:
        for row in self.connection().execute(sql, params):
            return row[0]
        return None

    def execute(self, sql: str, params: Params = ()) -> None:
        self.connection().execute(sql, params)

    def executemany(self, sql: str, rows: Sequence[Params]) -> None:
        self.connection().executemany(sql, rows)

    def last_rowid(self) -> int:
        return int(self.connection().last_insert_rowid())

    @contextmanager
    def transaction(self) -> Iterator[Database]:
        """A write transaction: committed on success, rolled back on any exception."""
        conn = self.connection()
        if not conn.in_transaction:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield self
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        else:
            # Nested use joins the outer transaction through a savepoint.
            with conn:
                yield self

    def close(self) -> None:
        with self._all_lock:
            conns, self._all = self._all, []
        for conn in conns:
            conn.close()
        self._local = threading.local()


# Log SQLite's own warnings through Python logging, and refuse patterns apsw knows to be bugs.
apsw.bestpractice.apply(apsw.bestpractice.recommended)
