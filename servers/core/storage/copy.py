"""Copying tables from a SQLite file into a PostgreSQL schema, fast and resumably, and checking the result.

Rows travel in batches of :data:`BATCH_ROWS`. Each batch is one transaction: ``COPY`` into a temporary
table, then ``INSERT … SELECT … ON CONFLICT DO NOTHING`` into the real one. So a copy that stops half
way is finished by running it again, and a second run changes nothing. A table without a primary key
(``key=()``) is copied in one transaction, and only into an empty table, so it is never doubled.

:func:`check_table` is the check at the end. Both sides are read as streams (a SQLite cursor, a
PostgreSQL server-side cursor), never a whole table in memory, into a :class:`Checksum`: the row count
and the sum, modulo 2**256, of every row's SHA-256. The sum does not depend on row order, so neither
engine has to sort (their text collations differ anyway), yet a changed, missing or doubled row changes
it. Values are normalised first so the two engines' types compare (SQLite may return an integral REAL
as an int; PostgreSQL may return a bool for 0/1).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Protocol

from servers.core.storage.database import Database, Params, Row
from servers.core.storage.postgres import PgDatabase

BATCH_ROWS = 5000
_MODULUS = 2**256


class Tick(Protocol):
    def advance(self, n: int = 1) -> None: ...


@dataclass
class TableCheck:
    """The verdict on one copied table (or other unit of data)."""

    source: int
    target: int
    copied: int = 0
    source_sum: str = ""
    target_sum: str = ""
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.source == self.target and self.source_sum == self.target_sum and not self.notes

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ok": self.ok,
            "source_rows": self.source,
            "target_rows": self.target,
            "copied": self.copied,
            "checksum_equal": self.source_sum == self.target_sum,
            "checksum": self.target_sum[:16],
        }
        if self.notes:
            out["notes"] = self.notes
        return out


_PLAIN = frozenset({str, int, type(None)})
_BYTES = (bytes, bytearray, memoryview)


def _normal(value: Any) -> Any:
    kind = type(value)
    if kind is float:
        return int(value) if value.is_integer() and -(2**53) < value < 2**53 else value
    if kind is bool:
        return int(value)
    if kind in _BYTES:
        return bytes(value).hex()
    return value


class Checksum:
    """Row count and order-independent digest of a stream of rows (value tuples, one column order).

    A row is hashed as the ``repr`` of its normalised values (unambiguous for str, int, float, None),
    which at a million rows is several times cheaper than JSON.
    """

    def __init__(self) -> None:
        self.count = 0
        self._sum = 0

    def add(self, values: Sequence[Any]) -> None:
        self.add_all([values])

    def add_all(self, rows: Iterable[Sequence[Any]], tick: Tick | None = None, every: int = 2000) -> Checksum:
        total, count, pending = self._sum, self.count, 0
        sha256, from_bytes, plain, normal = hashlib.sha256, int.from_bytes, _PLAIN, _normal
        for row in rows:
            line = repr([v if type(v) in plain else normal(v) for v in row]).encode("utf-8")
            total += from_bytes(sha256(line).digest(), "big")
            count += 1
            pending += 1
            if pending == every and tick is not None:
                tick.advance(pending)
                pending = 0
        if pending and tick is not None:
            tick.advance(pending)
        self._sum, self.count = total % _MODULUS, count
        return self

    def hexdigest(self) -> str:
        return f"{self._sum:064x}"


def fingerprint(rows: Iterable[Row], columns: Sequence[str], key: Sequence[str] = ()) -> str:
    """The :class:`Checksum` digest of dict ``rows`` projected on ``columns``.

    ``key`` is accepted for callers that name it; the digest does not depend on row order.
    """
    return Checksum().add_all(tuple(r[c] for c in columns) for r in rows).hexdigest()


def sqlite_columns(db: Database, table: str) -> list[str]:
    return [str(r["name"]) for r in db.query(f'PRAGMA table_info("{table}")')]


def sqlite_rows(db: Database, sql: str, params: Params = ()) -> Iterator[tuple[Any, ...]]:
    """The rows of a query as tuples, read as they are consumed (apsw cursors are lazy)."""
    yield from db.connection().execute(sql, params)


def batches(rows: Iterable[Sequence[Any]], size: int) -> Iterator[list[Sequence[Any]]]:
    it = iter(rows)
    while batch := list(islice(it, size)):
        yield batch


def copy_table(
    source: Database,
    target: PgDatabase,
    table: str,
    key: Sequence[str],
    tick: Tick | None = None,
    transform: Callable[[Row], Row] | None = None,
) -> int:
    """Insert the rows of ``table`` that ``target`` lacks; how many it inserted."""
    columns = sqlite_columns(source, table)
    names = ", ".join(columns)
    rows: Iterable[Sequence[Any]] = sqlite_rows(source, f"SELECT {names} FROM {table}")
    if transform is not None:
        rows = (_transformed(transform, columns, r) for r in rows)
    copied = 0
    if not key:
        with target.transaction():
            counted = _Counted(rows)
            if not target.scalar(f"SELECT COUNT(*) FROM {table}"):
                target.copy_in(f"COPY {table} ({names}) FROM STDIN", counted)
                copied = target.changes()
            else:
                for _ in counted:  # only counted, for the progress bar
                    pass
        if tick is not None:
            tick.advance(counted.n)
    else:
        for batch in batches(rows, BATCH_ROWS):
            with target.transaction():
                copied += merge_batch(target, table, columns, batch)
            if tick is not None:
                tick.advance(len(batch))
    _advance_sequences(target, table, columns)
    return copied


def merge_batch(target: PgDatabase, table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> int:
    """Inside a transaction: add ``rows`` to ``table`` except those whose key is taken; how many went in."""
    names = ", ".join(columns)
    stage = f"_cairn_copy_{table}"
    begin_bulk(target)
    # Column types only, no constraints: the target's own constraints judge the rows on the way in.
    target.execute(f"CREATE TEMP TABLE {stage} ON COMMIT DROP AS SELECT {names} FROM {table} WITH NO DATA")
    target.copy_in(f"COPY {stage} ({names}) FROM STDIN", rows)
    target.execute(f"INSERT INTO {table} ({names}) SELECT {names} FROM {stage} ON CONFLICT DO NOTHING")
    return target.changes()


def begin_bulk(target: PgDatabase) -> None:
    """Inside a transaction: commit without waiting for the WAL flush. A crash can then lose the last few
    batches, and running the copy again copies them again; nothing else depends on them yet."""
    target.execute("SELECT set_config('synchronous_commit', 'off', true)")


def check_table(
    source: Database, target: PgDatabase, table: str, key: Sequence[str], tick: Tick | None = None
) -> TableCheck:
    """Row counts and checksums of ``table`` on both sides, over the columns the SQLite table has."""
    columns = sqlite_columns(source, table)
    sql = f"SELECT {', '.join(columns)} FROM {table}"
    src = Checksum().add_all(sqlite_rows(source, sql), tick)
    dst = Checksum().add_all(target.stream(sql), tick)
    return TableCheck(source=src.count, target=dst.count, source_sum=src.hexdigest(), target_sum=dst.hexdigest())


class _Counted:
    def __init__(self, rows: Iterable[Sequence[Any]]) -> None:
        self._rows = rows
        self.n = 0

    def __iter__(self) -> Iterator[Sequence[Any]]:
        for row in self._rows:
            self.n += 1
            yield row


def _transformed(transform: Callable[[Row], Row], columns: Sequence[str], values: Sequence[Any]) -> tuple[Any, ...]:
    row = transform(dict(zip(columns, values, strict=True)))
    return tuple(row[c] for c in columns)


def _advance_sequences(target: PgDatabase, table: str, columns: Sequence[str]) -> None:
    # Rows copied with their ids leave an identity/serial sequence behind them: the next ordinary
    # insert would be handed an id that is already taken.
    sequences = target.query(
        "SELECT attname, pg_get_serial_sequence(?, attname) AS seq FROM pg_attribute"
        " WHERE attrelid = ?::regclass AND attnum > 0 AND NOT attisdropped",
        (table, table),
    )
    for row in sequences:
        column, sequence = row["attname"], row["seq"]
        if sequence and column in columns:
            target.execute(
                f"SELECT setval(?, m) FROM (SELECT MAX({column}) AS m FROM {table}) t"
                " WHERE m > COALESCE(pg_sequence_last_value(?::regclass), 0)",
                (sequence, sequence),
            )
