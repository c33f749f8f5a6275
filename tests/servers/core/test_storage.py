from __future__ import annotations

import threading
from pathlib import Path

import apsw
import pytest

from servers.core.storage import Database, Migration, StorageError, migrate


def test_database_runs_wal_with_fts5_and_sqlite_vec(tmp_path: Path) -> None:
    db = Database(tmp_path / "x.db")
    assert db.scalar("PRAGMA journal_mode") == "wal"
    assert db.scalar("SELECT vec_version()").startswith("v0.1")
    db.execute("CREATE VIRTUAL TABLE t USING fts5(body)")
    db.execute("INSERT INTO t (body) VALUES ('hello world')")
    assert db.scalar("SELECT COUNT(*) FROM t WHERE t MATCH 'world'") == 1


def test_transaction_rolls_back_on_error(tmp_path: Path) -> None:
    db = Database(tmp_path / "x.db")
    db.execute("CREATE TABLE t (a INTEGER)")
    with pytest.raises(RuntimeError), db.transaction():
        db.execute("INSERT INTO t VALUES (1)")
        raise RuntimeError("boom")
    assert db.scalar("SELECT COUNT(*) FROM t") == 0
    with db.transaction():
        db.execute("INSERT INTO t VALUES (2)")
        with db.transaction():  # nested: joins the outer one
            db.execute("INSERT INTO t VALUES (3)")
    assert db.scalar("SELECT SUM(a) FROM t") == 5


def test_migrations_apply_once_and_in_order(tmp_path: Path) -> None:
    db = Database(tmp_path / "x.db")
    steps = [
        Migration(1, "create", "CREATE TABLE t (a INTEGER)"),
        Migration(2, "add column", lambda d: d.execute("ALTER TABLE t ADD COLUMN b TEXT")),
    ]
    assert migrate(db, "demo", steps[:1]) == 1
    assert migrate(db, "demo", steps) == 2
    assert migrate(db, "demo", steps) == 2  # idempotent
    db.execute("INSERT INTO t (a, b) VALUES (1, 'x')")
    assert db.scalar("SELECT COUNT(*) FROM schema_migrations WHERE component = 'demo'") == 2


def test_newer_schema_than_code_is_a_clear_error(tmp_path: Path) -> None:
    db = Database(tmp_path / "x.db")
    migrate(db, "demo", [Migration(1, "a", "CREATE TABLE a (x)"), Migration(2, "b", "CREATE TABLE b (x)")])
    with pytest.raises(StorageError, match="newer than this Cairn knows"):
        migrate(db, "demo", [Migration(1, "a", "CREATE TABLE a (x)")])


def test_migration_versions_must_increase(tmp_path: Path) -> None:
    db = Database(tmp_path / "x.db")
    with pytest.raises(ValueError, match="unique and increasing"):
        migrate(db, "demo", [Migration(2, "b", "SELECT 1"), Migration(1, "a", "SELECT 1")])


def test_opening_a_connection_waits_out_another_process_writer(tmp_path: Path) -> None:
    """A new connection (e.g. on a fresh worker thread) must not fail while another process writes."""
    import subprocess
    import sys
    import threading

    path = tmp_path / "x.db"
    db = Database(path)
    db.execute("CREATE TABLE t (a INTEGER)")
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from servers.core.storage import Database;"
            f"d = Database(Path({str(path)!r})); c = d.connection(); c.execute('BEGIN EXCLUSIVE');"
            "c.execute('INSERT INTO t VALUES (1)'); print('locked', flush=True); time.sleep(0.8); c.execute('COMMIT')",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    errors: list[BaseException] = []

    def fresh_connection() -> None:
        try:
            other = Database(path)
            with other.transaction():  # waits for the other process's write lock, then writes
                other.execute("INSERT INTO t VALUES (2)")
        except BaseException as exc:
            errors.append(exc)

    thread = threading.Thread(target=fresh_connection)
    thread.start()
    thread.join(15)
    holder.wait(15)
    assert not errors, errors
    assert db.scalar("SELECT SUM(a) FROM t") == 3


def test_close_leaves_a_connection_busy_in_another_thread(tmp_path: Path) -> None:
    import threading

    db = Database(tmp_path / "x.db")
    entered, release = threading.Event(), threading.Event()
    result: list[object] = []

    def worker() -> None:
        conn = db.connection()

        def block() -> int:
            entered.set()
            release.wait(10)
            return 1

        conn.create_scalar_function("block", block, 0)
        result.append(db.scalar("SELECT block()"))

    thread = threading.Thread(target=worker)
    thread.start()
    assert entered.wait(10)
    db.close()  # must not raise although the worker's statement is running
    release.set()
    thread.join(10)
    assert result == [1]


def test_opening_waits_for_another_process_holding_the_write_lock_on_a_new_file(tmp_path: Path) -> None:
    # The moment two servers start on a new home: one holds a write lock on a file still in rollback
    # mode; SQLite then answers the other's switch to WAL with BUSY at once, without a busy handler.
    path = tmp_path / "new.db"
    other = apsw.Connection(str(path))
    other.execute("CREATE TABLE t (x)")
    other.execute("BEGIN IMMEDIATE")
    release = threading.Timer(0.3, lambda: other.execute("ROLLBACK"))
    release.start()
    try:
        db = Database(path)
        assert db.scalar("PRAGMA journal_mode") == "wal"
        db.close()
    finally:
        release.join()
        other.close()
