"""Copying tables from a SQLite file into a PostgreSQL schema, resumably, and checking the result.

Rows go in batches, each batch one transaction, with ``ON CONFLICT DO NOTHING``: a copy that stops half
way is finished by running it again, and a second run changes nothing. A table without a primary key
(``key=()``) is copied in one transaction, and only into an empty table, so it is never doubled.

:func:`fingerprint` is the check at the end: a SHA-256 over the rows, projected on the copied columns and
sorted by key, with values normalised so the two engines' types compare (SQLite may return an integral
REAL as an int; PostgreSQL may return a bool for 0/1).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from servers.core.storage.database import Database, Row
from servers.core.storage.postgres import PgDatabase

_BATCH = 500


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


def _normal(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).hex()
    return value


def fingerprint(rows: Iterable[Row], columns: Sequence[str], key: Sequence[str]) -> str:
    """SHA-256 of ``rows`` projected on ``columns``, in ``key`` order (every column when ``key`` is empty)."""
    order = list(key) or list(columns)
    projected = [
        (json.dumps([_normal(r[c]) for c in order]), json.dumps([_normal(r[c]) for c in columns])) for r in rows
    ]
    digest = hashlib.sha256()
    for _, line in sorted(projected):
        digest.update(line.encode("utf-8") + b"\n")
    return digest.hexdigest()


def sqlite_columns(db: Database, table: str) -> list[str]:
    return [str(r["name"]) for r in db.query(f'PRAGMA table_info("{table}")')]


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
    rows = source.query(f"SELECT {names} FROM {table}")
    if transform is not None:
        rows = [transform(r) for r in rows]
    insert = f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(columns))})"
    params = [tuple(r[c] for c in columns) for r in rows]
    before = int(target.scalar(f"SELECT COUNT(*) FROM {table}"))
    if not key:
        with target.transaction():
            if not target.scalar(f"SELECT COUNT(*) FROM {table}") and params:
                target.executemany(insert, params)
        if tick is not None:
            tick.advance(len(rows))
        return int(target.scalar(f"SELECT COUNT(*) FROM {table}")) - before
    for start in range(0, len(params), _BATCH):
        batch = params[start : start + _BATCH]
        with target.transaction():
            target.executemany(insert + " ON CONFLICT DO NOTHING", batch)
        if tick is not None:
            tick.advance(len(batch))
    return int(target.scalar(f"SELECT COUNT(*) FROM {table}")) - before


def check_table(source: Database, target: PgDatabase, table: str, key: Sequence[str]) -> TableCheck:
    """Row counts and checksums of ``table`` on both sides, over the columns the SQLite table has."""
    columns = sqlite_columns(source, table)
    names = ", ".join(columns)
    src = source.query(f"SELECT {names} FROM {table}")
    dst = target.query(f"SELECT {names} FROM {table}")
    return TableCheck(
        source=len(src),
        target=len(dst),
        source_sum=fingerprint(src, columns, key),
        target_sum=fingerprint(dst, columns, key),
    )
