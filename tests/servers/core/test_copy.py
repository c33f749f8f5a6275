"""The SQLite -> PostgreSQL copy engine: batched, resumable, identity-safe, checked by a streaming checksum."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from servers.core.storage import Database
from servers.core.storage.copy import Checksum, check_table, copy_table, fingerprint
from servers.core.storage.postgres import PgDatabase


class Ticks:
    def __init__(self) -> None:
        self.done = 0

    def advance(self, n: int = 1) -> None:
        self.done += n


@pytest.fixture
def source(tmp_path: Path) -> Iterator[Database]:
    db = Database(tmp_path / "source.db")
    yield db
    db.close()


@pytest.fixture
def target(postgres_url: str) -> Iterator[PgDatabase]:
    db = PgDatabase(postgres_url, "copytest")
    yield db
    db.close()


def test_checksum_ignores_order_but_not_content() -> None:
    rows = [(1, "a", 0.5), (2, "b", None), (3, "ü", 2.0)]
    digest = Checksum().add_all(rows).hexdigest()
    assert Checksum().add_all(reversed(rows)).hexdigest() == digest
    # The engines' types compare: an integral float is an int, True is 1.
    assert Checksum().add_all([(1, "a", 0.5), (2, "b", None), (3, "ü", 2)]).hexdigest() == digest
    assert Checksum().add_all([(True, b"\x01")]).hexdigest() == Checksum().add_all([(1, b"\x01")]).hexdigest()
    assert Checksum().add_all([(1, "a", 0.5), (2, "b", None), (3, "u", 2.0)]).hexdigest() != digest
    doubled = Checksum().add_all([*rows, rows[0]])
    assert doubled.count == 4 and doubled.hexdigest() != digest
    # Two equal rows do not cancel out (as they would under XOR).
    assert Checksum().add_all([rows[0], rows[0]]).hexdigest() != Checksum().hexdigest()
    assert fingerprint([{"k": 1, "v": "x"}], ["k", "v"], ["k"]) == Checksum().add_all([(1, "x")]).hexdigest()


def test_a_table_copies_in_batches_and_a_rerun_adds_nothing(
    source: Database, target: PgDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("servers.core.storage.copy.BATCH_ROWS", 7)
    source.execute("CREATE TABLE items (id TEXT PRIMARY KEY, n INTEGER, x REAL, blob BLOB, note TEXT)")
    with source.transaction():
        source.executemany(
            "INSERT INTO items VALUES (?, ?, ?, ?, ?)",
            [
                (f"i{i:03d}", i, i / 3, bytes([i % 256, 0, 255]), "tab\there\nand 'quotes' \\ é" if i % 5 else None)
                for i in range(50)
            ],
        )
    target.execute(
        "CREATE TABLE items (id TEXT PRIMARY KEY, n INTEGER, x DOUBLE PRECISION, blob BYTEA, note TEXT,"
        " extra TEXT NOT NULL DEFAULT 'pg only')"
    )
    ticks = Ticks()
    assert copy_table(source, target, "items", ("id",), ticks) == 50
    assert ticks.done == 50
    check = check_table(source, target, "items", ("id",))
    assert check.ok and check.source == check.target == 50
    assert target.scalar("SELECT note FROM items WHERE id = 'i001'") == "tab\there\nand 'quotes' \\ é"
    assert bytes(target.scalar("SELECT blob FROM items WHERE id = 'i003'")) == bytes([3, 0, 255])
    assert copy_table(source, target, "items", ("id",)) == 0
    assert check_table(source, target, "items", ("id",)).target_sum == check.target_sum


def test_an_interrupted_table_copy_is_finished_by_a_rerun(
    source: Database, target: PgDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("servers.core.storage.copy.BATCH_ROWS", 10)
    source.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, v TEXT)")
    with source.transaction():
        source.executemany("INSERT INTO items VALUES (?, ?)", [(i, f"v{i}") for i in range(1, 36)])
    target.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, v TEXT)")
    # A real failure inside PostgreSQL, in the middle of the third batch (rows 21-30).
    target.execute(
        "CREATE FUNCTION refuse_25() RETURNS trigger LANGUAGE plpgsql AS"
        " $$ BEGIN IF NEW.id = 25 THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$"
    )
    target.execute("CREATE TRIGGER fault BEFORE INSERT ON items FOR EACH ROW EXECUTE FUNCTION refuse_25()")
    with pytest.raises(psycopg.errors.RaiseException, match="disk full"):
        copy_table(source, target, "items", ("id",))
    assert target.scalar("SELECT COUNT(*) FROM items") == 20  # two whole batches, nothing of the third
    assert not check_table(source, target, "items", ("id",)).ok
    target.execute("DROP TRIGGER fault ON items")
    assert copy_table(source, target, "items", ("id",)) == 15
    assert check_table(source, target, "items", ("id",)).ok


def test_a_row_that_differs_is_caught_by_the_checksum_alone(source: Database, target: PgDatabase) -> None:
    source.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, v TEXT)")
    source.executemany("INSERT INTO items VALUES (?, ?)", [(1, "a"), (2, "b")])
    target.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, v TEXT)")
    target.execute("INSERT INTO items VALUES (2, 'changed')")  # already there: the copy keeps it
    assert copy_table(source, target, "items", ("id",)) == 1
    check = check_table(source, target, "items", ("id",))
    assert check.source == check.target == 2
    assert check.source_sum != check.target_sum and not check.ok


def test_identity_sequences_continue_after_the_copied_ids(source: Database, target: PgDatabase) -> None:
    source.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, what TEXT NOT NULL)")
    source.executemany("INSERT INTO events (id, what) VALUES (?, ?)", [(1, "a"), (2, "b"), (40, "c")])
    target.execute("CREATE TABLE events (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, what TEXT NOT NULL)")
    assert copy_table(source, target, "events", ("id",)) == 3
    target.execute("INSERT INTO events (what) VALUES ('new')")  # would collide with id 1 without the fix
    assert target.scalar("SELECT id FROM events WHERE what = 'new'") == 41


def test_a_table_without_key_goes_only_into_an_empty_table(source: Database, target: PgDatabase) -> None:
    source.execute("CREATE TABLE log (who TEXT, at REAL)")
    source.executemany("INSERT INTO log VALUES (?, ?)", [("ada", 1.5), ("ada", 1.5), ("bob", 2.0)])
    target.execute("CREATE TABLE log (who TEXT, at DOUBLE PRECISION)")
    ticks = Ticks()
    assert copy_table(source, target, "log", (), ticks) == 3
    assert copy_table(source, target, "log", (), ticks) == 0  # never doubled
    assert ticks.done == 6
    assert check_table(source, target, "log", ()).ok


def test_a_transform_rewrites_rows_on_the_way(source: Database, target: PgDatabase) -> None:
    source.execute("CREATE TABLE kv (k TEXT PRIMARY KEY, v TEXT)")
    source.executemany("INSERT INTO kv VALUES (?, ?)", [("a", "x"), ("b", "y")])
    target.execute("CREATE TABLE kv (k TEXT PRIMARY KEY, v TEXT)")
    assert copy_table(source, target, "kv", ("k",), transform=lambda r: {**r, "v": r["v"].upper()}) == 2
    assert [r["v"] for r in target.query("SELECT v FROM kv ORDER BY k")] == ["X", "Y"]
