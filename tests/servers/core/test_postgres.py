"""The PostgreSQL access layer: placeholders, transactions, errors a person can act on."""

from __future__ import annotations

import socket
import time

import pytest

from servers.core.storage.postgres import DatabaseUnavailable, PgDatabase, redact, to_pyformat


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
