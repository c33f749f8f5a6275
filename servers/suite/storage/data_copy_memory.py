"""Memory's part of ``cairn data copy``: entries with their vectors and keyword index, in bulk.

Entries go in source ``rowid`` order, :data:`ENTRY_BATCH` at a time. For each batch the entry ids the
target already holds are skipped (a re-run reads, but does not rewrite, what is there); the rest is
streamed with binary ``COPY`` into a temporary table — every column as stored, the ``tsvector`` text
made here with the same tokens as the live store, each vector as pgvector's binary form — and one
statement moves it into ``entries``, ``entries_fts`` and ``entries_vec``. One batch is one transaction,
so an interruption loses at most the batch under way, and running the copy again finishes it.

A large load first drops the HNSW index and builds it once at the end (far faster than growing the
graph vector by vector); a copy stopped before that point leaves it to the next run, which builds it.

The checks read both sides as streams into :class:`~servers.core.storage.copy.Checksum`: entries over
every column but ``rowid`` (which PostgreSQL assigns), vectors as ``(id, user, float32 bytes)``.
"""

from __future__ import annotations

import hashlib
import json
import struct
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from servers.core.progress import Progress
from servers.core.settings import DatabaseSettings
from servers.core.storage import Database, StorageError
from servers.core.storage.copy import (
    Checksum,
    TableCheck,
    begin_bulk,
    check_table,
    copy_table,
    sqlite_columns,
    sqlite_rows,
)
from servers.core.storage.postgres import PgDatabase
from servers.core.tsearch import tsvector_literal
from servers.memory.storage.store import MemoryStore
from servers.memory.storage.store_pg import PgMemoryStore

ENTRY_BATCH = 5000  # memory entries per transaction
# Below this many vectors to add (or fewer than the target holds already) the HNSW index stays.
REBUILD_INDEX_FROM = 1000
_STAGE = "_cairn_copy_entries"


class _Silent(Progress):
    def _draw(self) -> None:
        pass


def _bar(label: str, total: int, quiet: bool) -> Progress:
    return _Silent(total, label) if quiet else Progress(total, label)


def copy_memory(path: Path, url: str, quiet: bool, database: DatabaseSettings | None = None) -> dict[str, TableCheck]:
    """Copy the memory file at ``path`` into schema ``memory`` of ``url``; the checks, by table."""
    database = database or DatabaseSettings()
    # Batches are prepared on one connection while the last one is written on another, and the vector
    # index is built beside the checks: a pool of one would make them wait for each other.
    pool = database.model_copy(update={"pool_max": max(database.pool_max, 4)})
    source = MemoryStore(Database(path))
    target = PgMemoryStore.connect(url, pool)
    try:
        model = source.vector_model()
        if model is not None:
            current = target.vector_model()
            if current is not None and current[1] != model[1] and _vector_count(target.db, True):
                raise StorageError(
                    f"{target.db.path} holds {current[1]}-dimensional vectors ({current[0]}); this installation's "
                    f"are {model[1]}-dimensional ({model[0]}). Copy into an empty database."
                )
            target.ensure_vector_table(*model)
        meta_copied = copy_table(source.db, target.db, "memory_meta", ("key",))
        copied, vectors_copied = _copy_entries(source, target, quiet)
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="cairn-copy-index") as side:
            # The HNSW build is PostgreSQL's work and the checks are ours: they run side by side.
            build = None
            if _vector_index_missing(target):
                if not quiet:
                    vectors = _vector_count(target.db, True)
                    print(
                        f"memory: building the vector index over {vectors} vectors, beside the checks", file=sys.stderr
                    )
                build = side.submit(target.build_vector_index)
            report = _check(source, target, quiet)
            if build is not None:
                build.result()
        report["memory.entries"].copied = copied
        report["memory.entries_vec"].copied = vectors_copied
        report["memory.memory_meta"].copied = meta_copied
        return report
    finally:
        source.close()
        target.close()


# --- copying -----------------------------------------------------------------------------------------------


def _copy_entries(source: MemoryStore, target: PgMemoryStore, quiet: bool) -> tuple[int, int]:
    """Entries (with their keyword index and vectors) the target lacks; how many entries and vectors went in."""
    columns = [c for c in sqlite_columns(source.db, "entries") if c != "rowid"]
    with_vectors = source.has_vector_table()
    if with_vectors:
        missing = _vector_count(source.db, False) - _vector_count(target.db, True)
        if missing >= max(REBUILD_INDEX_FROM, _vector_count(target.db, True)):
            target.drop_vector_index()
    total = int(source.db.scalar("SELECT COUNT(*) FROM entries"))
    bar = _bar("memory entries", total, quiet)
    copied = vectors = 0

    def prepare(after: int) -> tuple[int, int, list[tuple[Any, ...]]]:
        """The batch after source rowid ``after``: (rows read, last rowid, staged rows the target lacks)."""
        rows = _source_batch(source.db, columns, after)
        if not rows:
            return 0, after, []
        present = _present(target.db, [r[1] for r in rows])
        wanted = [r for r in rows if r[1] not in present]
        return len(rows), int(rows[-1][0]), _staged(source.db, columns, wanted, with_vectors) if wanted else []

    # Batch n+1 is read and staged (SQLite, tokenising: our CPU) while batch n is written (PostgreSQL's CPU).
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="cairn-copy-read") as reader:
        ahead = reader.submit(prepare, 0)
        while True:
            read, last, staged = ahead.result()
            if not read:
                break
            ahead = reader.submit(prepare, last)
            if staged:
                with target.db.transaction():
                    entries, embedded = _insert(target.db, columns, staged, with_vectors)
                copied, vectors = copied + entries, vectors + embedded
            bar.advance(read)
    if not quiet:
        bar.close()
    return copied, vectors


def _vector_index_missing(target: PgMemoryStore) -> bool:
    """Dropped for this load, or by a run that stopped before building it again."""
    return target.has_vector_table() and bool(target.db.scalar("SELECT to_regclass('entries_vec_hnsw') IS NULL"))


def _source_batch(db: Database, columns: Sequence[str], after: int) -> list[tuple[Any, ...]]:
    """(rowid, *columns) of the next :data:`ENTRY_BATCH` entries after rowid ``after``, in rowid order."""
    assert columns[0] == "id", "entries starts with its id"  # r[1] is the entry id
    sql = f"SELECT rowid, {', '.join(columns)} FROM entries WHERE rowid > ? ORDER BY rowid LIMIT ?"
    return list(sqlite_rows(db, sql, (after, ENTRY_BATCH)))


def _present(target: PgDatabase, ids: list[str]) -> set[str]:
    return {str(r["id"]) for r in target.query("SELECT id FROM entries WHERE id = ANY(?)", (ids,))}


def _staged(
    db: Database, columns: Sequence[str], rows: list[tuple[Any, ...]], with_vectors: bool
) -> list[tuple[Any, ...]]:
    """(source rowid, *columns, tsvector text, vector owner, pgvector binary) per row; NULLs when archived."""
    content, keywords, archived = (columns.index(c) + 1 for c in ("content", "keywords", "archived_at"))
    vectors: dict[int, tuple[str, bytes]] = {}
    live = [int(r[0]) for r in rows if r[archived] is None]
    if with_vectors and live:
        marks = ",".join("?" * len(live))
        sql = f"SELECT rowid, user_id, embedding FROM entries_vec WHERE rowid IN ({marks})"
        vectors = {int(rowid): (str(user), _pgvector(blob)) for rowid, user, blob in sqlite_rows(db, sql, live)}
    staged = []
    for row in rows:
        if row[archived] is None:
            doc: str | None = tsvector_literal(str(row[content]), " ".join(json.loads(row[keywords] or "[]")))
            owner, vector = vectors.get(int(row[0]), (None, None))
        else:  # archived entries are in neither index
            doc, owner, vector = None, None, None
        staged.append((*row, doc, owner, vector))
    return staged


def _pgvector(blob: bytes) -> bytes:
    """sqlite-vec's little-endian float32 array as pgvector's binary form: dimension, 0, big-endian floats."""
    floats = np.frombuffer(blob, dtype="<f4")
    return struct.pack(">hh", len(floats), 0) + floats.astype(">f4").tobytes()


def _insert(
    db: PgDatabase, columns: Sequence[str], staged: list[tuple[Any, ...]], with_vectors: bool
) -> tuple[int, int]:
    """Inside a transaction: the staged rows into entries and both indexes; how many entries and vectors went in."""
    names = ", ".join(columns)
    begin_bulk(db)
    db.execute(
        f"CREATE TEMP TABLE {_STAGE} ON COMMIT DROP AS SELECT 0::bigint AS source_rowid, {names},"
        " NULL::text AS doc, NULL::text AS vector_user, NULL::vector AS embedding FROM entries WITH NO DATA"
    )
    types = [
        int(r["atttypid"])
        for r in db.query(
            "SELECT atttypid FROM pg_attribute WHERE attrelid = ?::regclass AND attnum > 0 ORDER BY attnum",
            (_STAGE,),
        )
    ]
    db.copy_in(f"COPY {_STAGE} FROM STDIN (FORMAT BINARY)", staged, types)
    vectors = (
        ", embedded AS (INSERT INTO entries_vec (rowid, user_id, embedding)"
        f" SELECT a.rowid, s.vector_user, s.embedding FROM added a JOIN {_STAGE} s ON s.id = a.id"
        " WHERE s.embedding IS NOT NULL RETURNING 1)"
        if with_vectors
        else ""
    )
    # Entries keep their source order (recency reads rowids); the indexes follow the rowids just assigned.
    counted = "(SELECT COUNT(*) FROM embedded)" if with_vectors else "0"
    row = db.query_one(
        f"WITH added AS (INSERT INTO entries ({names}) SELECT {names} FROM {_STAGE} ORDER BY source_rowid"
        " ON CONFLICT DO NOTHING RETURNING rowid, id),"
        " indexed AS (INSERT INTO entries_fts (rowid, user_id, doc)"
        f" SELECT a.rowid, s.user_id, s.doc::tsvector FROM added a JOIN {_STAGE} s ON s.id = a.id"
        f" WHERE s.doc IS NOT NULL){vectors}"
        f" SELECT (SELECT COUNT(*) FROM added) AS entries, {counted} AS vectors"
    )
    assert row is not None  # an aggregate always yields its row
    return int(row["entries"]), int(row["vectors"])


# --- checking ----------------------------------------------------------------------------------------------


def _vector_count(db: Any, postgres: bool) -> int:
    if postgres:
        exists = db.scalar("SELECT to_regclass('entries_vec') IS NOT NULL")
    else:
        exists = db.scalar("SELECT 1 FROM sqlite_master WHERE name = 'entries_vec'")
    return int(db.scalar("SELECT COUNT(*) FROM entries_vec")) if exists else 0


def _source_vectors(db: Database) -> Iterator[tuple[Any, ...]]:
    """(entry id, user, digest of the float32 bytes) of every vector, looked up by rowid a batch of entries at a time
    (a full vec0 scan is slower than its rowid lookups)."""
    last = 0
    while ids := dict(
        sqlite_rows(db, "SELECT rowid, id FROM entries WHERE rowid > ? ORDER BY rowid LIMIT ?", (last, ENTRY_BATCH))
    ):
        marks = ",".join("?" * len(ids))
        sql = f"SELECT rowid, user_id, embedding FROM entries_vec WHERE rowid IN ({marks})"
        for rowid, user, blob in sqlite_rows(db, sql, list(ids)):
            yield ids[rowid], user, _digest(blob)
        last = max(ids)


def _target_vectors(db: PgDatabase) -> Iterator[tuple[Any, ...]]:
    rows = db.stream(
        "SELECT e.id, v.user_id, vector_send(v.embedding) FROM entries_vec v JOIN entries e ON e.rowid = v.rowid"
    )
    for entry_id, user, binary in rows:
        # pgvector's binary form back to sqlite-vec's bytes, so both sides hash the same thing
        yield entry_id, user, _digest(np.frombuffer(binary, dtype=">f4", offset=4).astype("<f4").tobytes())


def _digest(blob: bytes) -> str:
    # A vector enters its row's checksum as its own SHA-256: far cheaper than spelling 1.5 kB out in hex.
    return hashlib.sha256(blob).hexdigest()


def _check(source: MemoryStore, target: PgMemoryStore, quiet: bool) -> dict[str, TableCheck]:
    columns = [c for c in sqlite_columns(source.db, "entries") if c != "rowid"]
    entries = int(source.db.scalar("SELECT COUNT(*) FROM entries"))
    vectors = _vector_count(source.db, False)
    bar = _bar("checking memory", 2 * (entries + vectors), quiet)
    sql = f"SELECT {', '.join(columns)} FROM entries"
    src, dst = Checksum().add_all(sqlite_rows(source.db, sql), bar), Checksum().add_all(target.db.stream(sql), bar)
    entries_check = TableCheck(src.count, dst.count, 0, src.hexdigest(), dst.hexdigest())
    src_vec, dst_vec = Checksum(), Checksum()
    if vectors or _vector_count(target.db, True):
        src_vec.add_all(_source_vectors(source.db), bar)
        dst_vec.add_all(_target_vectors(target.db), bar)
    vectors_check = TableCheck(src_vec.count, dst_vec.count, 0, src_vec.hexdigest(), dst_vec.hexdigest())
    if not quiet:
        bar.close()
    indexed = int(target.db.scalar("SELECT COUNT(*) FROM entries_fts"))
    live = int(source.db.scalar("SELECT COUNT(*) FROM entries WHERE archived_at IS NULL"))
    return {
        "memory.entries": entries_check,
        "memory.entries_vec": vectors_check,
        "memory.entries_fts (live entries indexed)": TableCheck(live, indexed, 0, "", ""),
        "memory.memory_meta": check_table(source.db, target.db, "memory_meta", ("key",)),
    }
