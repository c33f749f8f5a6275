"""Bulk fill of the PostgreSQL memory store: ``COPY`` into the store's own tables, indexes built afterwards.

Filling 1M entries through ``PgMemoryStore.insert`` + ``set_vector`` (three statements and a commit
per entry, and an HNSW insert each) takes hours. This loader writes exactly the rows those two calls
write, but with ``COPY … FROM STDIN``:

| table         | columns written                        | made by                                              |
|---------------|----------------------------------------|------------------------------------------------------|
| ``entries``   | rowid, the insert columns, model name  | :func:`servers.memory.storage.rows.insert_params`    |
| ``entries_fts``| rowid, user_id, doc                   | :func:`servers.core.tsearch.tsvector_literal`      |
| ``entries_vec``| rowid, user_id, embedding             | the float32 vector, sent in pgvector's binary format |

The store sends vectors as text with nine significant digits, which PostgreSQL parses back to the same
float32; the binary format sends those float32s directly, so the stored vector is the same bit for bit
(:func:`check_loader` compares rows loaded both ways before every fill).

The store's secondary indexes (GIN, HNSW, btrees) are dropped before the load and re-created from their
own definitions (``pg_indexes.indexdef``) afterwards: building an HNSW graph once over all rows is far
faster than inserting into it row by row, and the result is the index the store defined.

    .venv/bin/python -m bench.memory.pg_load --check     # compare rows loaded both ways, then exit
"""

from __future__ import annotations

import argparse
import json
import struct
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import psycopg

from servers.core.tsearch import tsvector_literal
from servers.memory.models import Entry
from servers.memory.storage.rows import insert_params, new_id, now_iso
from servers.memory.storage.store_pg import SCHEMA, PgMemoryStore

ENTRY_COLUMNS = (
    "rowid, id, user_id, type, content, keywords, slots, source, session_id, trace,"
    " seen_count, longterm, created_at, updated_at, expires_at, embedding_model"
)
TABLES = ("entries", "entries_fts", "entries_vec")
FILL_META = "bench_fill"  # memory_meta key recording what the database was filled with


@dataclass
class BuildSettings:
    """Session settings for the index builds (PostgreSQL defaults: 64 MB and 2 workers)."""

    # The 1M-row HNSW graph is about 2 GB; a graph that does not fit makes the build far slower.
    maintenance_work_mem: str = "3GB"
    # Workers besides the leader: 0 keeps the build on one of this shared machine's two cores.
    max_parallel_maintenance_workers: int = 0


@dataclass
class LoadReport:
    rows: int = 0
    copy_s: float = 0.0
    index_s: dict[str, float] = field(default_factory=dict)
    analyze_s: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "rows": self.rows,
            "copy_s": round(self.copy_s, 1),
            "copy_rows_per_s": round(self.rows / self.copy_s) if self.copy_s else None,
            "index_s": {k: round(v, 1) for k, v in self.index_s.items()},
            "analyze_s": round(self.analyze_s, 1),
        }


def connect(url: str) -> psycopg.Connection[Any]:
    return psycopg.connect(url, options=f"-c search_path={SCHEMA},public")


def secondary_indexes(conn: psycopg.Connection[Any]) -> list[tuple[str, str]]:
    """(name, CREATE INDEX statement) of the memory tables' indexes that back no constraint."""
    rows = conn.execute(
        "SELECT i.indexname, i.indexdef FROM pg_indexes i"
        " JOIN pg_class c ON c.relname = i.indexname"
        " JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = i.schemaname"
        " WHERE i.schemaname = %s AND i.tablename = ANY(%s)"
        " AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid)"
        " ORDER BY i.tablename, i.indexname",
        (SCHEMA, list(TABLES)),
    ).fetchall()
    return [(str(r[0]), str(r[1])) for r in rows]


def _vector_copy(rows: Sequence[tuple[int, str, np.ndarray]]) -> bytes:
    """A whole ``COPY … (FORMAT binary)`` stream for (rowid, user_id, vector) rows.

    pgvector's binary form is int16 dimensions, int16 zero, then the float32s, all big-endian.
    """
    parts = [b"PGCOPY\n\xff\r\n\x00", struct.pack("!ii", 0, 0)]
    for rowid, user_id, vector in rows:
        user = user_id.encode()
        floats = np.asarray(vector, dtype=">f4")
        parts.append(struct.pack("!hiqi", 3, 8, rowid, len(user)))
        parts.append(user)
        parts.append(struct.pack("!ihh", 4 + 4 * len(floats), len(floats), 0))
        parts.append(floats.tobytes())
    parts.append(struct.pack("!h", -1))
    return b"".join(parts)


def _copy_batch(conn: psycopg.Connection[Any], batch: list[tuple[int, Entry, np.ndarray]], model: str) -> None:
    with conn.cursor() as cur:
        with cur.copy(f"COPY entries ({ENTRY_COLUMNS}) FROM STDIN") as copy:
            for rowid, entry, _ in batch:
                copy.write_row((rowid, *insert_params(entry), model))
        with cur.copy("COPY entries_fts (rowid, user_id, doc) FROM STDIN") as copy:
            for rowid, entry, _ in batch:
                copy.write_row((rowid, entry.user_id, tsvector_literal(entry.content, " ".join(entry.keywords))))
        with cur.copy("COPY entries_vec (rowid, user_id, embedding) FROM STDIN (FORMAT binary)") as copy:
            copy.write(_vector_copy([(rowid, entry.user_id, vector) for rowid, entry, vector in batch]))


def bulk_load(
    url: str,
    rows: Iterable[tuple[Entry, np.ndarray]],
    model: str,
    *,
    batch: int = 20_000,
    build: BuildSettings | None = None,
    progress: bool = True,
    vector_index: bool = True,
) -> LoadReport:
    """Append ``rows`` to the memory store at ``url`` (its vector table must exist), then rebuild indexes.

    With ``vector_index=False`` the HNSW index is dropped and left for the caller to build (e.g. with
    the store's own ``PgMemoryStore.build_vector_index``, to time what a user's build takes).

    Each batch is one transaction. Rowids continue after the largest one present, and the identity
    sequence is moved past them, so later ``store.insert`` calls go on from there.
    """
    build = build or BuildSettings()
    report = LoadReport()
    with connect(url) as conn:
        if conn.execute("SELECT to_regclass('entries_vec')").fetchone() == (None,):
            raise RuntimeError("no entries_vec table: open a MemoryService on this database and call vectors() first")
        indexes = secondary_indexes(conn)
        for name, _ in indexes:
            conn.execute(f'DROP INDEX "{name}"')
        conn.commit()
        next_rowid = int(conn.execute("SELECT COALESCE(MAX(rowid), 0) + 1 FROM entries").fetchone()[0])  # type: ignore[index]
        started = time.perf_counter()
        pending: list[tuple[int, Entry, np.ndarray]] = []
        for entry, vector in rows:
            pending.append((next_rowid, entry, vector))
            next_rowid += 1
            if len(pending) >= batch:
                _copy_batch(conn, pending, model)
                conn.commit()
                report.rows += len(pending)
                pending = []
                if progress:
                    rate = report.rows / (time.perf_counter() - started)
                    print(f"  copied {report.rows:,} rows ({rate:,.0f}/s)", flush=True)
        if pending:
            _copy_batch(conn, pending, model)
            report.rows += len(pending)
        conn.execute("SELECT setval(pg_get_serial_sequence('entries', 'rowid'), %s)", (next_rowid - 1,))
        conn.commit()
        report.copy_s = time.perf_counter() - started

        conn.execute(f"SET maintenance_work_mem = '{build.maintenance_work_mem}'")
        conn.execute(f"SET max_parallel_maintenance_workers = {int(build.max_parallel_maintenance_workers)}")
        for name, definition in indexes:
            if not vector_index and name == "entries_vec_hnsw":
                continue
            started = time.perf_counter()
            conn.execute(definition)
            conn.commit()
            report.index_s[name] = time.perf_counter() - started
            if progress:
                print(f"  built {name} in {report.index_s[name]:.0f} s", flush=True)
        started = time.perf_counter()
        for table in TABLES:
            conn.execute(f"ANALYZE {table}")
        conn.commit()
        report.analyze_s = time.perf_counter() - started
    return report


# --- the check: the loader writes what the store writes ------------------------------------------------


def _table_rows(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the three tables in a comparable form (rowids replaced by entry ids)."""
    with connect(url) as conn:
        entries = conn.execute("SELECT * FROM entries ORDER BY id").fetchall()
        fts = conn.execute("SELECT e.id, f.user_id, f.doc::text FROM entries_fts f JOIN entries e USING (rowid)")
        vec = conn.execute("SELECT e.id, v.user_id, v.embedding::text FROM entries_vec v JOIN entries e USING (rowid)")
        return {
            "entries": [tuple(r[1:]) for r in entries],  # without rowid
            "entries_fts": sorted(tuple(r) for r in fts.fetchall()),
            "entries_vec": sorted(tuple(r) for r in vec.fetchall()),
        }


def sample_rows(n: int, dim: int, seed: int = 0) -> list[tuple[Entry, np.ndarray]]:
    """Entries with the awkward cases: Chinese, mixed, quotes and backslashes, keywords, tabs, newlines."""
    rng = np.random.default_rng(seed)
    texts = [
        "The user deploys with `make ship`; ERR_CONN_RESET means the VPN dropped.",
        "用户不吃香菜，点外卖时要备注不要香菜。",
        "Mixed 混合 text with a path /usr/local/bin and version 1.2.3",
        "Quotes ' and \" and a backslash \\ and a tab\there\nand a new line.",
        "naïve café résumé — diacritics, and emoji 🚀",
    ]
    out = []
    for i in range(n):
        stamp = now_iso()
        vector = rng.normal(size=dim).astype(np.float32)
        vector /= np.linalg.norm(vector)
        entry = Entry(
            id=new_id(),
            user_id=f"u{i % 3}",
            type="note" if i % 2 else "fact",
            content=f"{texts[i % len(texts)]} #{i}",
            keywords=["kw-one", "关键词"] if i % 4 == 0 else [],
            created_at=stamp,
            updated_at=stamp,
        )
        out.append((entry, vector))
    return out


def check_loader(url_store: str, url_bulk: str, n: int = 60) -> dict[str, int]:
    """Write ``n`` sample entries through the store into one empty database and through :func:`bulk_load`
    into another; raise if any table differs. Returns the row counts compared."""
    dim, model = 384, "bench-check"
    rows = sample_rows(n, dim)
    for url in (url_store, url_bulk):
        store = PgMemoryStore.connect(url)
        store.ensure_vector_table(model, dim)
        if url == url_store:
            for entry, vector in rows:
                store.set_vector(store.insert(entry), entry.user_id, vector, model)
        store.close()
    bulk_load(url_bulk, rows, model, batch=25, progress=False)
    a, b = _table_rows(url_store), _table_rows(url_bulk)
    for table in a:
        if a[table] != b[table]:
            diff = next((x, y) for x, y in zip(a[table], b[table], strict=False) if x != y)
            raise AssertionError(f"bulk load differs from store writes in {table}: {diff}")
    with connect(url_store) as s, connect(url_bulk) as t:
        for q in ("SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'memory' ORDER BY 1",):
            if s.execute(q).fetchall() != t.execute(q).fetchall():
                raise AssertionError("the bulk-loaded tables do not have the store's indexes")
        # The next store.insert must get the next rowid, not collide with a copied one.
        s_next = s.execute("SELECT nextval(pg_get_serial_sequence('entries', 'rowid'))").fetchone()
        t_next = t.execute("SELECT nextval(pg_get_serial_sequence('entries', 'rowid'))").fetchone()
        if s_next != t_next:
            raise AssertionError(f"identity sequence after load: store {s_next}, bulk {t_next}")
    return {table: len(v) for table, v in a.items()}


def fill_meta(url: str) -> dict[str, Any] | None:
    """What this database was filled with (see :data:`FILL_META`), or None."""
    with connect(url) as conn:
        if conn.execute("SELECT to_regclass('memory_meta')").fetchone() == (None,):
            return None
        row = conn.execute("SELECT value FROM memory_meta WHERE key = %s", (FILL_META,)).fetchone()
        return json.loads(row[0]) if row else None


def main() -> None:
    from bench.memory.pgserver import bench_server, fresh_database_url

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare rows loaded both ways on a local server")
    args = parser.parse_args()
    if args.check:
        server = bench_server()
        urls = fresh_database_url(server, "cairn_check_store"), fresh_database_url(server, "cairn_check_bulk")
        print(f"identical rows, indexes and sequence: {check_loader(*urls)}")


if __name__ == "__main__":
    main()
