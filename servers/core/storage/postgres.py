"""PostgreSQL access with the same small surface as :class:`~servers.core.storage.Database`.

Callers write SQL once, with ``?`` placeholders, in the subset both engines accept; this module turns the
placeholders into psycopg's ``%s``. Each component lives in its own PostgreSQL schema (``memory``,
``scheduler``, …) so table names stay the ones the SQLite files use and components never collide.

Connections come from a pool. Outside :meth:`PgDatabase.transaction` every statement takes a connection,
runs and commits; inside it, the thread keeps one connection until the block ends, like SQLite's
per-thread connection.

Components open their database with :func:`connect`, which applies the pool settings
(``CAIRN_DATABASE__POOL_MIN``/``POOL_MAX``/``CONNECT_TIMEOUT_S``/``STATEMENT_TIMEOUT_MS``):

>>> db = connect(settings, "scheduler")   # settings.database_url, pool sized by settings.database
"""

from __future__ import annotations

import logging
import re
import threading
import uuid
import weakref
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypedDict

import psycopg
from psycopg import errors as pg_errors
from psycopg.adapt import Dumper
from psycopg.pq import Format
from psycopg.rows import dict_row, tuple_row
from psycopg_pool import ConnectionPool, PoolTimeout

from servers.core.storage.database import Params, Row, StorageError
from servers.core.storage.migrations import Migration

if TYPE_CHECKING:
    from servers.core.settings import CoreSettings, DatabaseSettings

log = logging.getLogger(__name__)

CLOSE_WAIT_S = 5.0  # how long closing waits for connections still in use (a statement, a transaction)
_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


class DatabaseUnavailable(StorageError):
    """PostgreSQL could not be reached in time, or every pooled connection stayed busy."""


class StatementTimeout(StorageError):
    """PostgreSQL cancelled a statement that ran past ``statement_timeout_ms``."""


# Every PgDatabase open in this process, so /health can check them without each server wiring its stores in.
_OPEN: weakref.WeakSet[PgDatabase] = weakref.WeakSet()


def open_databases() -> list[PgDatabase]:
    """The PostgreSQL databases this process has open (one per component that uses PostgreSQL)."""
    return list(_OPEN)


def close_all() -> int:
    """Close every PostgreSQL database this process has open; how many (at shutdown, so the server sees
    each connection end cleanly instead of a dropped socket)."""
    databases = open_databases()
    for db in databases:
        db.close()
    return len(databases)


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
        self.max_size = max_size
        self.connect_timeout_s = connect_timeout_s
        self.statement_timeout_ms = statement_timeout_ms
        self._local = threading.local()
        # Connections handed out and not yet back: closing waits for them, so a transaction a background thread
        # is in at shutdown ends with a commit or rollback and a goodbye, not a socket dropped at exit.
        self._busy = 0
        self._returned = threading.Condition()
        options = f"-c search_path={schema},public -c statement_timeout={statement_timeout_ms}"
        self.pool = ConnectionPool(
            url,
            min_size=min_size,
            max_size=max_size,
            timeout=connect_timeout_s,
            kwargs={
                "options": options,
                "row_factory": dict_row,
                "connect_timeout": max(1, int(connect_timeout_s)),
                # Names the component in pg_stat_activity, for whoever looks after the database.
                "application_name": f"cairn:{schema}",
            },
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
            with self._translated():
                yield held
            return
        with self._returned:
            self._busy += 1
        try:
            with self.pool.connection() as conn, self._translated():
                yield conn
        except PoolTimeout as exc:
            raise DatabaseUnavailable(self._no_connection_reason()) from exc
        finally:
            with self._returned:
                self._busy -= 1
                self._returned.notify_all()

    def _no_connection_reason(self) -> str:
        stats = self.pool.get_stats()
        if stats.get("pool_size", 0) >= self.max_size and not stats.get("pool_available", 0):
            return (
                f"all {self.max_size} connections to {self.path} stayed busy for {self.connect_timeout_s:g} s: "
                "raise CAIRN_DATABASE__POOL_MAX (and the server's max_connections if needed), or look for slow "
                "statements in pg_stat_activity"
            )
        return (
            f"no connection to {self.path} within {self.connect_timeout_s:g} s: check that the server is "
            "running and reachable (CAIRN_DATABASE_URL)"
        )

    @contextmanager
    def _translated(self) -> Iterator[None]:
        # Only the timeout is translated: it is the one the settings control, and it reads as a crash otherwise.
        try:
            yield
        except pg_errors.QueryCanceled as exc:
            reason = (str(exc).strip().splitlines() or ["cancelled"])[0]
            if "statement timeout" not in reason:  # an operator's pg_cancel_backend, not the setting
                raise StorageError(f"PostgreSQL cancelled a statement on {self.path}: {reason}") from exc
            raise StatementTimeout(
                f"PostgreSQL cancelled a statement on {self.path} after {self.statement_timeout_ms} ms "
                f"(CAIRN_DATABASE__STATEMENT_TIMEOUT_MS): {reason}"
            ) from exc

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

    def query_binary(self, sql: str, params: Params = ()) -> list[tuple[Any, ...]]:
        """The rows as tuples, sent by the server in binary: ``bytea`` arrives as is instead of hex text that
        psycopg must decode (100-200 of pgvector's ``vector_send`` blobs: about half the time of :meth:`query`)."""
        with self._conn() as conn, conn.cursor(binary=True, row_factory=tuple_row) as cursor:
            cursor.execute(*self._statement(sql, params))
            return list(cursor.fetchall()) if cursor.description else []

    def stream(self, sql: str, params: Params = (), *, size: int = 2000) -> Iterator[tuple[Any, ...]]:
        """The rows of a query as tuples, fetched ``size`` at a time through a server-side cursor.

        Memory stays flat however large the result (checksums over a million rows). The connection is
        held until the iteration ends; inside :meth:`transaction` the block's own connection is used.
        """
        with self._conn() as conn:
            name = f"cairn_stream_{uuid.uuid4().hex[:12]}"
            with conn.cursor(name, row_factory=tuple_row) as cursor:
                cursor.itersize = size
                cursor.execute(*self._statement(sql, params))
                yield from cursor

    def copy_in(self, sql: str, rows: Iterable[Sequence[Any]], types: Sequence[int] | None = None) -> None:
        """``COPY … FROM STDIN``: ``rows`` streamed to the server, far faster than INSERTs.

        Without ``types`` the copy is textual and PostgreSQL parses each value as its column's type
        (``sql`` must not name a format). With ``types`` (one type oid per column) ``sql`` must say
        ``(FORMAT BINARY)``; values go in binary, and ``bytes`` for a type psycopg has no adapter for
        (pgvector's ``vector``) are sent as that type's binary form, as given.
        """
        with self._conn() as conn, conn.cursor() as cursor:
            with cursor.copy(sql) as copy:
                if types is not None:
                    for oid in set(types):
                        try:
                            cursor.adapters.get_dumper_by_oid(oid, Format.BINARY)
                        except psycopg.ProgrammingError:
                            cursor.adapters.register_dumper(None, _raw_dumper(oid))
                    copy.set_types(list(types))
                for row in rows:
                    copy.write_row(row)
            self._local.changes = cursor.rowcount

    def changes(self) -> int:
        """Rows changed by this thread's last :meth:`execute` (compare-and-set checks read it)."""
        return max(0, int(getattr(self._local, "changes", 0)))

    def in_transaction(self) -> bool:
        """Whether this thread is inside :meth:`transaction`."""
        return getattr(self._local, "conn", None) is not None

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

    def close(self, wait_s: float = CLOSE_WAIT_S) -> None:
        """Close the pool once the connections in use are back (at most ``wait_s`` seconds)."""
        _OPEN.discard(self)
        with self._returned:
            if not self._returned.wait_for(lambda: self._busy == 0, timeout=wait_s):
                log.warning("closing %s with %d connection(s) still in use after %g s", self.path, self._busy, wait_s)
        self.pool.close()


def _raw_dumper(oid: int) -> type[Dumper]:
    class Raw(Dumper):
        format = Format.BINARY

        def dump(self, obj: Any) -> bytes:
            return bytes(obj)

    Raw.oid = oid
    return Raw


class PoolOptions(TypedDict):
    min_size: int
    max_size: int
    connect_timeout_s: float
    statement_timeout_ms: int


def pool_options(database: DatabaseSettings) -> PoolOptions:
    """:class:`PgDatabase` keyword arguments from the ``CAIRN_DATABASE__…`` settings."""
    return PoolOptions(
        min_size=database.pool_min,
        max_size=database.pool_max,
        connect_timeout_s=database.connect_timeout_s,
        statement_timeout_ms=database.statement_timeout_ms,
    )


def connect(settings: CoreSettings, schema: str, *, url: str | None = None) -> PgDatabase:
    """One component's schema in ``settings.database_url`` (or ``url``), pooled as ``settings.database`` says.

    Every component opens its PostgreSQL database through here, so the pool settings apply to all.
    """
    target = url or settings.database_url
    if not target:
        raise ValueError("connect() needs CAIRN_DATABASE_URL (settings.database_url) or an explicit url")
    return PgDatabase(target, schema, **pool_options(settings.database))


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
