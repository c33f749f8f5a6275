"""One SQLite file, opened through apsw so that sqlite-vec can be loaded.

The stdlib ``sqlite3`` of the interpreters we target cannot load extensions, and loading sqlite-vec
through two drivers in one process crashes, so apsw is the only driver in the suite.

Each thread gets its own connection: WAL lets readers run beside one writer, and sync MCP tools run in
worker threads. Writes go through :meth:`Database.transaction`, which takes the write lock up front
(``BEGIN IMMEDIATE``) so the busy timeout applies instead of failing on a read-to-write upgrade.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import apsw
import apsw.bestpractice

from servers.core.private import private_file, tighten

Row = dict[str, Any]
Params = Sequence[Any] | dict[str, Any]
_COMPANIONS = ("-wal", "-shm", "-journal")


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
        self._nowait: apsw.Connection | None = None
        self._nowait_lock = threading.Lock()
        path.parent.mkdir(parents=True, exist_ok=True)
        # SQLite gives its -wal/-shm/-journal files the mode of the database file, so a 0600 database keeps
        # every companion private too; companions left open by an older version are tightened here.
        private_file(path)
        for suffix in _COMPANIONS:
            tighten(path.with_name(path.name + suffix))
        self._switch_to_wal()

    def _switch_to_wal(self) -> None:
        """Switching to WAL needs a moment of exclusive access; done once, here, not on every connection.

        While another process holds a write lock on a file still in rollback mode (two servers starting
        together on a new home, one of them migrating), SQLite answers BUSY at once instead of calling the
        busy handler, so the switch is retried here until the busy timeout runs out.
        """
        deadline = time.monotonic() + self._busy_timeout_ms / 1000
        pause = 0.005
        while True:
            try:
                self.connection().execute("PRAGMA journal_mode=WAL")
                return
            except apsw.BusyError:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(pause)
                pause = min(pause * 2, 0.1)

    def connection(self) -> apsw.Connection:
        conn: apsw.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = apsw.Connection(str(self.path))
            # The busy timeout comes first: every later statement, even a pragma, may meet another
            # process's write lock. (apsw's global best-practice hooks run before our code with a
            # 100 ms timeout, which fails under a concurrent writer; their checks are applied here.)
            conn.set_busy_timeout(self._busy_timeout_ms)
            for practice in _PRACTICES:
                practice(conn)
            conn.enable_load_extension(True)
            conn.load_extension(_vec_extension())
            conn.enable_load_extension(False)
            conn.execute("PRAGMA synchronous=NORMAL; PRAGMA temp_store=MEMORY")
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

    def scalar_nowait(self, sql: str, params: Params = ()) -> tuple[bool, Any]:
        """A read that never waits, safe on the event loop: ``(True, value)``, or ``(False, None)`` when it
        would have to wait (a lock held by another connection, or this read already running in another
        thread); the caller then reads the usual way, in a worker thread.

        It runs on a connection of its own with no busy timeout (a thread's connection waits up to the busy
        timeout); meant for small indexed reads such as ``MAX(id)``.
        """
        if not self._nowait_lock.acquire(blocking=False):
            return False, None
        try:
            conn = self._nowait
            if conn is None:
                conn = apsw.Connection(str(self.path))
                conn.set_busy_timeout(0)
                for practice in _PRACTICES:
                    practice(conn)
                self._nowait = conn
                with self._all_lock:
                    self._all.append(conn)
            for row in conn.execute(sql, params):
                return True, row[0]
            return True, None
        except apsw.BusyError:
            return False, None
        finally:
            self._nowait_lock.release()

    def execute(self, sql: str, params: Params = ()) -> None:
        self.connection().execute(sql, params)

    def executemany(self, sql: str, rows: Sequence[Params]) -> None:
        self.connection().executemany(sql, rows)

    def changes(self) -> int:
        """Rows changed by this thread's last INSERT, UPDATE or DELETE (compare-and-set checks read it)."""
        return int(self.connection().changes())

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
        with contextlib.suppress(apsw.Error):  # refresh planner statistics; skipped if someone is writing
            self.connection().execute("PRAGMA optimize")
        with self._all_lock:
            conns, self._all = self._all, []
        with self._nowait_lock:
            self._nowait = None
        for conn in conns:
            # A connection in use by another thread (a background reload, a timed-out query) is left to
            # that thread; apsw closes it when the connection object is released.
            with contextlib.suppress(apsw.ThreadingViolationError):
                conn.close()
        self._local = threading.local()


# apsw's recommended connection settings: double-quoted strings are errors, foreign keys and recursive
# triggers on. Left out: its 100 ms busy timeout and per-open WAL switch (handled above), and its
# per-open `PRAGMA optimize`, which upgrades a read to a write and so fails at once, without waiting,
# whenever another process is writing.
_PRACTICES = (
    apsw.bestpractice.connection_dqs,
    apsw.bestpractice.connection_enable_foreign_keys,
    apsw.bestpractice.connection_recursive_triggers,
)
apsw.bestpractice.library_logging()  # SQLite's own warnings go to Python logging


@functools.cache
def _vec_extension() -> str:
    """The sqlite-vec extension's path, as ``sqlite_vec.loadable_path()`` gives it (the package's ``vec0``
    library, suffix left to SQLite), found without running the package's ``__init__``: that imports numpy,
    which opening a database (at every server start) does not otherwise need."""
    spec = importlib.util.find_spec("sqlite_vec")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("sqlite-vec is not installed: reinstall Cairn (it is one of its dependencies)")
    return str(Path(next(iter(spec.submodule_search_locations))) / "vec0")
