"""The PostgreSQL access layer: placeholders, transactions, errors a person can act on."""

from __future__ import annotations

import socket
import struct
import threading
import time

import pytest

from servers.core.storage import StorageError
from servers.core.storage.postgres import (
    DatabaseUnavailable,
    PgDatabase,
    StatementTimeout,
    close_all,
    connect,
    open_databases,
    redact,
    to_pyformat,
)
from servers.suite.settings import CairnSettings


def test_placeholders_become_pyformat_outside_quotes_only() -> None:
    assert to_pyformat("SELECT ? WHERE a LIKE '50%?' AND b = ?") == "SELECT %s WHERE a LIKE '50%%?' AND b = %s"
    assert to_pyformat("SELECT 'it''s ?', ?") == "SELECT 'it''s ?', %s"


def test_passwords_never_reach_messages() -> None:
    assert redact("postgresql://cairn:s3cret@db.example:5432/cairn") == "postgresql://cairn:***@db.example:5432/cairn"


def test_unreachable_database_fails_fast_with_what_to_check() -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    started = time.monotonic()
    with pytest.raises(DatabaseUnavailable, match=r"cannot connect to PostgreSQL.*\*\*\*@.*CAIRN_DATABASE_URL"):
        PgDatabase(f"postgresql://cairn:pw@127.0.0.1:{port}/cairn", "memory", connect_timeout_s=1)
    assert time.monotonic() - started < 5


def test_transaction_rolls_back_and_nests(postgres_url: str) -> None:
    db = PgDatabase(postgres_url, "scratch")
    try:
        db.execute("CREATE TABLE t (v INTEGER)")
        with pytest.raises(RuntimeError), db.transaction():
            db.execute("INSERT INTO t VALUES (?)", (1,))
            raise RuntimeError("boom")
        with db.transaction():
            db.execute("INSERT INTO t VALUES (?)", (2,))
            with db.transaction():
                db.execute("INSERT INTO t VALUES (?)", (3,))
        assert [r["v"] for r in db.query("SELECT v FROM t ORDER BY v")] == [2, 3]
        assert db.scalar("SELECT COUNT(*) FROM t WHERE v > ?", (1,)) == 2
    finally:
        db.close()


def test_an_exhausted_pool_says_so_and_how_to_fix_it(postgres_url: str) -> None:
    db = PgDatabase(postgres_url, "scratch", min_size=1, max_size=1, connect_timeout_s=0.5)
    holding, release = threading.Event(), threading.Event()

    def hold_the_only_connection() -> None:
        with db.transaction():
            db.execute("SELECT 1")
            holding.set()
            release.wait(10)

    holder = threading.Thread(target=hold_the_only_connection)
    holder.start()
    try:
        assert holding.wait(10)
        started = time.monotonic()
        with pytest.raises(DatabaseUnavailable, match=r"all 1 connections .* busy for 0.5 s.*CAIRN_DATABASE__POOL_MAX"):
            db.scalar("SELECT 1")
        assert time.monotonic() - started < 3
    finally:
        release.set()
        holder.join()
    assert db.scalar("SELECT 1") == 1  # the connection came back: the pool works again
    db.close()


def test_statements_past_the_timeout_are_cancelled(postgres_url: str) -> None:
    db = PgDatabase(postgres_url, "scratch", statement_timeout_ms=200)
    try:
        started = time.monotonic()
        with pytest.raises(StatementTimeout, match=r"after 200 ms \(CAIRN_DATABASE__STATEMENT_TIMEOUT_MS\)"):
            db.scalar("SELECT pg_sleep(5)")
        assert time.monotonic() - started < 3
        with pytest.raises(StatementTimeout), db.transaction():
            db.execute("SELECT pg_sleep(5)")
        assert db.scalar("SELECT 1") == 1  # the cancelled transaction was rolled back, the pool is fine
    finally:
        db.close()


def test_a_statement_cancelled_by_an_operator_is_not_called_a_timeout(postgres_url: str) -> None:
    import psycopg

    db = PgDatabase(postgres_url, "scratch", min_size=1, max_size=1)  # the sleep runs on this one connection
    try:
        pid = db.scalar("SELECT pg_backend_pid()")

        def cancel_it() -> None:
            with psycopg.connect(postgres_url) as admin:
                admin.execute("SELECT pg_cancel_backend(%s)", (pid,))

        cancel = threading.Timer(0.5, cancel_it)
        cancel.start()
        with pytest.raises(StorageError, match="user request") as raised:
            db.scalar("SELECT pg_sleep(10)")
        cancel.join()
        assert not isinstance(raised.value, StatementTimeout)
    finally:
        db.close()


def test_connect_applies_the_pool_settings(postgres_url: str) -> None:
    settings = CairnSettings(
        database_url=postgres_url,
        database={"pool_min": 0, "pool_max": 2, "connect_timeout_s": 1, "statement_timeout_ms": 1234},
    )
    db = connect(settings, "scratch")
    try:
        assert db.pool.max_size == 2 and db.pool.min_size == 0
        assert db.scalar("SELECT current_setting('statement_timeout')") == "1234ms"
        # Components show up by name to whoever looks at the server.
        names = {r["application_name"] for r in db.query("SELECT application_name FROM pg_stat_activity")}
        assert "cairn:scratch" in names
    finally:
        db.close()
    with pytest.raises(ValueError, match="CAIRN_DATABASE_URL"):
        connect(CairnSettings(), "scratch")


def test_close_all_closes_every_open_database(postgres_url: str) -> None:
    first, second = PgDatabase(postgres_url, "one"), PgDatabase(postgres_url, "two")
    assert {first, second} <= set(open_databases())
    assert close_all() >= 2
    assert open_databases() == []
    assert first.pool.closed and second.pool.closed


def test_stream_reads_a_large_result_a_page_at_a_time(postgres_url: str) -> None:
    db = PgDatabase(postgres_url, "scratch")
    try:
        rows = db.stream("SELECT g, g * 2 FROM generate_series(1, ?) g", (5000,), size=100)
        first = next(rows)
        assert first == (1, 2)
        # A server-side cursor, read 100 rows at a time, not the whole result at once.
        fetching = db.scalar(
            "SELECT query FROM pg_stat_activity WHERE application_name = 'cairn:scratch' AND query LIKE 'FETCH%'"
        )
        assert fetching is not None and fetching.startswith("FETCH FORWARD 100 FROM")
        assert sum(1 for _ in rows) == 4999
    finally:
        db.close()


def test_copy_in_text_and_binary(postgres_url: str) -> None:
    db = PgDatabase(postgres_url, "scratch")
    try:
        db.execute("CREATE EXTENSION IF NOT EXISTS vector WITH SCHEMA public")
        db.execute("CREATE TABLE t (id BIGINT, name TEXT, v vector(2))")
        db.copy_in("COPY t (id, name) FROM STDIN", [(1, "tab\there"), (2, None)])
        assert db.changes() == 2
        types = [int(db.scalar(f"SELECT '{t}'::regtype::oid")) for t in ("bigint", "text", "vector")]
        vector = struct.pack(">hhff", 2, 0, 0.5, -1.25)  # pgvector's binary form
        db.copy_in("COPY t (id, name, v) FROM STDIN (FORMAT BINARY)", [(3, "vec", vector)], types)
        rows = db.query("SELECT id, name, v::text AS v FROM t ORDER BY id")
        assert [(r["id"], r["name"], r["v"]) for r in rows] == [
            (1, "tab\there", None),
            (2, None, None),
            (3, "vec", "[0.5,-1.25]"),
        ]
    finally:
        db.close()


def test_closing_waits_for_a_transaction_in_progress_to_end(postgres_url: str) -> None:
    """A background thread inside a transaction when the server stops: its work commits and its connection goes
    back before the pool closes (PostgreSQL sees a goodbye, not a socket dropped with the transaction open)."""
    db = PgDatabase(postgres_url, "closing")
    db.execute("CREATE TABLE IF NOT EXISTS t (v INTEGER)")
    inside = threading.Event()

    def work() -> None:
        with db.transaction():
            db.execute("INSERT INTO t VALUES (1)")
            inside.set()
            time.sleep(0.5)
            db.execute("INSERT INTO t VALUES (2)")

    worker = threading.Thread(target=work)
    worker.start()
    assert inside.wait(10)
    db.close()
    assert not worker.is_alive(), "close returned while the transaction was still open"
    worker.join()
    check = PgDatabase(postgres_url, "closing")
    try:
        assert check.scalar("SELECT COUNT(*) FROM t") == 2
    finally:
        check.execute("DROP TABLE t")
        check.close()
