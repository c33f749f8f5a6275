"""PostgreSQL access with the same small surface as :class:`~servers.core.storage.Database`.

Callers write SQL once, with ``?`` placeholders, in the subset both engines accept; this module turns the
placeholders into psycopg's ``%s``. Each component lives in its own PostgreSQL schema (``memory``,
``scheduler``, …) so table names stay the ones the SQLite files use and components never collide.

Connections come from a pool. Outside :meth:`PgDatabase.transaction` every statement takes a connection,
runs and commits; inside it, the thread keeps one connection until the block ends, like SQLite's
per-thread connection.
"""

from __future__ import annotations

import re
import threading
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool, PoolTimeout

from servers.core.storage.database import Params, Row, StorageError
from servers.core.storage.migrations import Migration

_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


class DatabaseUnavailable(StorageError):
    """PostgreSQL could not be reached in time."""


# Every PgDatabase open in this process, so /health can check them without each server wiring its stores in.
_OPEN: weakref.WeakSet[PgDatabase] = weakref.WeakSet()


def open_databases() -> list[PgDatabase]:
    """The PostgreSQL databases this process has open (one per component that uses PostgreSQL)."""
    return list(_OPEN)


@lru_cache(maxsize=512)
def to_pyformat(sql: str) -> str:
    """``?`` placeholders become ``%s``; a literal ``%`` becomes ``%%``. ``?`` inside quotes is text."""
    out: list[str] = []
    quoted = False
    for char in sql:
        if char == "'":
            quoted = not quoted  # a doubled '' toggles twice, so escaped quotes need no special case
        if char == "%":
            out.append("%%")
        elif char == "?" and not quoted:
            out.append("%s")
        else:
            out.append(char)
    return "".join(out)


def redact(url: str) -> str:
    """The URL without its password, for error messages and logs."""
    return re.sub(r"(://[^:/@]+):[^@/]*@", r"\1:***@", url)


class PgDatabase:
    """One component's schema in a PostgreSQL database, reached through a connection pool."""

    def __init__(
        self,
        url: str,
        schema: str,
        *,
        min_size: int = 1,
        max_size: int = 8,
        connect_timeout_s: float = 5.0,
        statement_timeout_ms: int = 30_000,
    ) -> None:
        if not _SCHEMA_NAME.match(schema):
            raise ValueError(f"schema name {schema!r} must be lower-case letters, digits and underscores")
        self.url = url
        self.path = f"{redact(url)} (schema {schema})"  # what StorageError messages name, as for SQLite files
        self.schema = schema
        self._local = threading.local()
        options = f"-c search_path={schema},public -c statement_timeout={statement_timeout_ms}"
        self.pool = ConnectionPool(
            url,
            min_size=min_size,
            max_size=max_size,
            timeout=connect_timeout_s,
            kwargs={"options": options, "row_factory": dict_row, "connect_timeout": max(1, int(connect_timeout_s))},
            configure=self._configure,
            open=False,
        )
        try:
            self.pool.open(wait=True, timeout=connect_timeout_s)
        except PoolTimeout as exc:
            self.pool.close()
            raise DatabaseUnavailable(
                f"cannot connect to PostgreSQL at {redact(url)} within {connect_timeout_s:g} s: check "
                "CAIRN_DATABASE_URL, that the server is running and that this host may connect"
            ) from exc
        with self.transaction():
            # IF NOT EXISTS is not atomic: two instances starting together can both try to create it.
            self.execute("SELECT pg_advisory_xact_lock(hashtext(?))", (f"cairn:create-schema:{schema}",))
            self.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
        _OPEN.add(self)

    @staticmethod
    def _configure(conn: psycopg.Connection[Any]) -> None:
        # Filtered HNSW scans keep searching until enough rows pass the filter (pgvector >= 0.8);
        # older pgvector rejects the setting, and search then only sees ef_search candidates.
        try:
            conn.execute("SELECT set_config('hnsw.iterative_scan', 'strict_order', false)")
            conn.commit()
        except psycopg.Error:
            conn.rollback()

    @contextmanager
    def _conn(self) -> Iterator[psycopg.Connection[Any]]:
        held: psycopg.Connection[Any] | None = getattr(self._local, "conn", None)
        if held is not None:
            yield held
            return
        try:
            with self.pool.connection() as conn:
                yield conn
        except PoolTimeout as exc:
            raise DatabaseUnavailable(f"no PostgreSQL connection available from {redact(self.url)}: {exc}") from exc

    @staticmethod
    def _statement(sql: str, params: Params) -> tuple[str, Params | None]:
        # Without parameters psycopg sends the text as is (several statements allowed, `%` literal).
        return (to_pyformat(sql), params) if params else (sql, None)

    def query(self, sql: str, params: Params = ()) -> list[Row]:
        with self._conn() as conn:
            cursor = conn.execute(*self._statement(sql, params))
            return list(cursor.fetchall()) if cursor.description else []

    def query_one(self, sql: str, params: Params = ()) -> Row | None:
        rows = self.query(sql, params)
        return rows[0] if rows else None

    def scalar(self, sql: str, params: Params = ()) -> Any:
        row = self.query_one(sql, params)
        return None if row is None else next(iter(row.values()))

    def execute(self, sql: str, params: Params = ()) -> None:
        with self._conn() as conn:
            # Kept per thread, like SQLite's changes(): the connection may go back to the pool at once.
            self._local.changes = conn.execute(*self._statement(sql, params)).rowcount

    def executemany(self, sql: str, rows: Sequence[Params]) -> None:
        with self._conn() as conn, conn.cursor() as cursor:
            cursor.executemany(to_pyformat(sql), rows)
            self._local.changes = cursor.rowcount

    def changes(self) -> int:
        """Rows changed by this thread's last :meth:`execute` (compare-and-set checks read it)."""
        return max(0, int(getattr(self._local, "changes", 0)))

    @contextmanager
    def transaction(self) -> Iterator[PgDatabase]:
        """Committed on success, rolled back on any exception; nested use joins the outer block."""
        if getattr(self._local, "conn", None) is not None:
            yield self
            return
        with self._conn() as conn, conn.transaction():
            self._local.conn = conn
            try:
                yield self
            finally:
                self._local.conn = None

    def ping(self, timeout_s: float = 2.0) -> str | None:
        """None when a statement makes the round trip within ``timeout_s``; otherwise why not, for a person.

        A connection the server dropped (restart, network cut) fails here and the pool discards it, so the
        next ping after the server is back gets a fresh connection.
        """
        try:
            with self.pool.connection(timeout=timeout_s) as conn:
                conn.execute("SELECT 1")
        except PoolTimeout:
            return f"no connection to {redact(self.url)} within {timeout_s:g} s"
        except psycopg.Error as exc:
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            return redact(f"{type(exc).__name__}: {first}")
        return None

    def close(self) -> None:
        _OPEN.discard(self)
        self.pool.close()


def migrate_pg(db: PgDatabase, component: str, migrations: Sequence[Migration]) -> int:
    """Apply every migration of ``component`` newer than the schema; return the resulting version.

    An advisory lock serialises instances that start together, so each migration runs once.
    """
    versions = [m.version for m in migrations]
    if versions != sorted(set(versions)):
        raise ValueError(f"{component}: migration versions must be unique and increasing: {versions}")
    known = versions[-1] if versions else 0
    with db.transaction():
        db.execute("SELECT pg_advisory_xact_lock(hashtext(?))", (f"cairn:migrate:{db.schema}:{component}",))
        db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " component TEXT NOT NULL, version INTEGER NOT NULL, description TEXT NOT NULL,"
            " applied_at TIMESTAMPTZ NOT NULL DEFAULT now(), PRIMARY KEY (component, version))"
        )
        current = int(
            db.scalar("SELECT COALESCE(MAX(version), 0) FROM schema_migrations WHERE component = ?", (component,))
        )
        if current > known:
            raise StorageError(
                f"{db.path} holds {component} schema version {current}, newer than this Cairn knows ({known}). "
                "Upgrade Cairn, or point CAIRN_DATABASE_URL at another database."
            )
        for migration in migrations:
            if migration.version <= current:
                continue
            if not isinstance(migration.apply, str):
                raise TypeError(f"{component} migration {migration.version}: PostgreSQL migrations are SQL text")
            db.execute(migration.apply)
            db.execute(
                "INSERT INTO schema_migrations (component, version, description) VALUES (?, ?, ?)",
                (component, migration.version, migration.description),
            )
            current = migration.version
    return current
