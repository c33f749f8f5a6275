"""Persistence of memory entries in PostgreSQL: rows, a ``tsvector`` index and a pgvector HNSW index.

The tables mirror the SQLite file (``entries``, ``entries_fts``, ``entries_vec``, ``memory_meta``, in
schema ``memory``) so the shared SQL of :class:`~servers.memory.storage.entries.EntryTable` runs unchanged and
``cairn data copy`` can map rows one to one. Keyword tokens are made by the application
(:mod:`servers.core.tsearch`) exactly as for FTS5, so Chinese text is found the same way.

Several Cairn instances may share the database: migrations and the vector table's (re)creation take
advisory locks, and every other write is one short transaction.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Sequence

import numpy as np
import psycopg

from servers.core.settings import DatabaseSettings
from servers.core.storage import StorageError
from servers.core.storage.component import built
from servers.core.storage.postgres import PgDatabase, pool_options
from servers.core.tsearch import RANK_WEIGHTS, query_lexemes, tsquery_of, tsvector_literal
from servers.memory.storage.entries import EntryTable
from servers.memory.storage.schema import PG_MIGRATIONS, SCHEMA
from servers.memory.vector_cache import DEFAULT_VECTOR_CACHE_BYTES, VectorCache

__all__ = ["BUILD_MEMORY_CEILING_MB", "PG_MIGRATIONS", "SCHEMA", "PgMemoryStore", "build_memory_mb"]

# A denser graph than pgvector's default (m 16, ef_construction 64): with many similar memories per user the
# default graph held 35 % of the exact top 5 at 100k entries and left 6-29 % of entries unreachable even by
# their own vector (so dedupe missed repeats); m 32 / ef_construction 128 with ef_search 200 held 91 % and
# reached every entry, for 2.6x the build time (bench/memory/RESULTS-postgresql.md).
_HNSW_M = 32
_HNSW_INDEX = (
    "CREATE INDEX {if_missing} entries_vec_hnsw ON entries_vec USING hnsw (embedding vector_cosine_ops)"
    f" WITH (m = {_HNSW_M}, ef_construction = 128)"
)
_EF_SEARCH = 200  # candidates per HNSW search; past the graph's limits more buys little (same file)
# Memory for one HNSW build (PostgreSQL's default is 64 MB). pgvector builds the graph in memory while it
# fits and then inserts the remaining vectors one by one into the on-disk index, several times slower: at
# 1M entries a 1 GB build slowed 3-5x past ~430k vectors. So the build gets what the graph needs, within
# a ceiling, and never less than the 1 GB that suits small stores.
_BUILD_MEMORY_FLOOR_MB = 1024
BUILD_MEMORY_CEILING_MB = 4096


# A query word in at least this share of all entries does not make an entry a keyword candidate on its own
# (see PgMemoryStore.keyword_search); the planner's statistics give the shares.
COMMON_LEXEME_SHARE = 0.05
_COMMON_LEXEMES_TTL_S = 300.0


def build_memory_mb(vectors: int, dim: int, ceiling_mb: int = BUILD_MEMORY_CEILING_MB) -> int:
    """``maintenance_work_mem`` (MB) for an HNSW build over ``vectors`` vectors of ``dim`` floats.

    Per element pgvector keeps the vector, its bottom layer's 2·m neighbours (a pointer and a distance
    each) and bookkeeping; upper layers add about 1/m more. A fifth is added for allocator slack.
    """
    per_element = dim * 4 + 2 * _HNSW_M * 16 + 256
    need_mb = -(-int(vectors * per_element * 1.2) // 2**20)
    return max(_BUILD_MEMORY_FLOOR_MB, min(need_mb, ceiling_mb))


def _vector_literal(vector: np.ndarray) -> str:
    # Nine significant digits bring every float32 back bit for bit (cairn data copy checks the vectors' bytes).
    return "[" + ",".join(format(float(x), ".9g") for x in np.asarray(vector, dtype=np.float32)) + "]"


def _ensure_pgvector(db: PgDatabase) -> None:
    if db.scalar("SELECT 1 FROM pg_extension WHERE extname = 'vector'"):
        return
    try:
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(hashtext('cairn:create-extension:vector'))")
            db.execute("CREATE EXTENSION IF NOT EXISTS vector WITH SCHEMA public")
    except psycopg.Error as exc:
        raise StorageError(
            f"the pgvector extension is not installed in {db.path} and this user cannot create it ({exc}). "
            "Install pgvector on the server and run `CREATE EXTENSION vector;` as a superuser."
        ) from exc


class PgMemoryStore(EntryTable):
    """Memory entries in PostgreSQL (see :mod:`servers.memory.storage.backend`)."""

    db: PgDatabase

    def __init__(
        self, db: PgDatabase, vector_cache_bytes: int = DEFAULT_VECTOR_CACHE_BYTES, vector_cache_int8: bool = True
    ) -> None:
        if not isinstance(db, PgDatabase):
            raise TypeError(f"PgMemoryStore keeps its entries in PostgreSQL, not in {type(db).__name__}")
        # The vector table needs pgvector; checked before migrating so a missing extension is the error shown.
        _ensure_pgvector(db)
        super().__init__(db)  # migrates schema ``memory`` (servers/memory/storage/schema.py)
        self._common: dict[str, float] = {}
        self._common_read_at = -_COMMON_LEXEMES_TTL_S
        self._common_lock = threading.Lock()
        # Users' vectors held in this process for exact search (servers/memory/vector_cache.py); 0 turns it off
        # and every search goes to the HNSW index. Large users are held as int8 codes with an exact re-score unless
        # ``vector_cache_int8`` is false (servers/memory/vector_int8.py).
        self.vector_cache = VectorCache(self, vector_cache_bytes, quantise=vector_cache_int8)

    @classmethod
    def connect(
        cls,
        url: str,
        database: DatabaseSettings | None = None,
        vector_cache_bytes: int = DEFAULT_VECTOR_CACHE_BYTES,
        vector_cache_int8: bool = True,
    ) -> PgMemoryStore:
        """The store in schema ``memory`` of ``url``, pooled as ``database`` (``CAIRN_DATABASE__…``) says."""
        db = PgDatabase(url, SCHEMA, **pool_options(database or DatabaseSettings()))
        return built(db, lambda opened: cls(opened, vector_cache_bytes, vector_cache_int8))

    def close(self) -> None:
        self.vector_cache.close()
        super().close()

    # --- vector table -------------------------------------------------------------------------

    def has_vector_table(self) -> bool:
        return bool(self.db.scalar("SELECT to_regclass('entries_vec') IS NOT NULL"))

    def ensure_vector_table(self, model: str, dim: int) -> None:
        """Create the vector table for this model, or re-create it (emptied) for a new dimension."""
        with self.db.transaction():
            self.db.execute("SELECT pg_advisory_xact_lock(hashtext(?))", (f"cairn:{self.db.schema}:entries_vec",))
            current = self.vector_model()
            if current is not None and current[1] == dim and self.has_vector_table():
                if current[0] != model:
                    self._set_meta("vector_model", json.dumps([model, dim]))
                return
            self.db.execute("DROP TABLE IF EXISTS entries_vec")
            self.db.execute(
                "CREATE TABLE entries_vec ("
                " rowid BIGINT PRIMARY KEY REFERENCES entries (rowid) ON DELETE CASCADE,"
                f" user_id TEXT NOT NULL, embedding vector({int(dim)}) NOT NULL)"
            )
            # One HNSW graph for everyone, filtered by user at query time (iterative scans keep going
            # until k rows of that user are found); the btree lets the planner scan a small user exactly.
            self.db.execute(_HNSW_INDEX.format(if_missing=""))
            self.db.execute("CREATE INDEX entries_vec_user ON entries_vec (user_id)")
            self.db.execute("UPDATE entries SET embedding_model = NULL")
            self._set_meta("vector_model", json.dumps([model, dim]))

    def drop_vector_index(self) -> None:
        """Before a bulk load: one HNSW build is far faster than growing the graph vector by vector.

        Searches stay correct meanwhile (an exact scan); :meth:`build_vector_index` puts the index back.
        """
        self.db.execute("DROP INDEX IF EXISTS entries_vec_hnsw")

    def build_vector_index(self, ceiling_mb: int = BUILD_MEMORY_CEILING_MB) -> bool:
        """Create the HNSW index if it is missing; whether it had to be built. Not limited by the statement
        timeout: a million vectors take minutes. The build's memory is sized to the graph (up to
        ``ceiling_mb``); a larger ``maintenance_work_mem`` set on the role or database is kept."""
        if not self.has_vector_table() or self.db.scalar("SELECT to_regclass('entries_vec_hnsw') IS NOT NULL"):
            return False
        with self.db.transaction():
            vectors = int(self.db.scalar("SELECT count(*) FROM entries_vec") or 0)
            dim = int(self.db.scalar("SELECT vector_dims(embedding) FROM entries_vec LIMIT 1") or 0)
            memory = f"{build_memory_mb(vectors, dim, ceiling_mb)}MB"
            self.db.execute("SELECT set_config('statement_timeout', '0', true)")
            self.db.execute(
                "SELECT set_config('maintenance_work_mem', ?, true)"
                " WHERE pg_size_bytes(current_setting('maintenance_work_mem')) < pg_size_bytes(?)",
                (memory, memory),
            )
            self.db.execute(_HNSW_INDEX.format(if_missing="IF NOT EXISTS"))
        return True

    def set_vector(self, rowid: int, user_id: str, vector: np.ndarray, model: str) -> None:
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO entries_vec (rowid, user_id, embedding) VALUES (?, ?, ?::vector)"
                " ON CONFLICT (rowid) DO UPDATE SET user_id = excluded.user_id, embedding = excluded.embedding",
                (rowid, user_id, _vector_literal(vector)),
            )
            self.db.execute("UPDATE entries SET embedding_model = ? WHERE rowid = ?", (model, rowid))

    def get_vector(self, rowid: int) -> np.ndarray | None:
        if not self.has_vector_table():
            return None
        text = self.db.scalar("SELECT embedding::text FROM entries_vec WHERE rowid = ?", (rowid,))
        return None if text is None else np.array(str(text).strip("[]").split(","), dtype=np.float32)

    # --- keyword index --------------------------------------------------------------------------

    def _index(self, rowid: int, user_id: str, content: str, keywords: Sequence[str]) -> None:
        self.db.execute(
            "INSERT INTO entries_fts (rowid, user_id, doc) VALUES (?, ?, ?::tsvector)"
            " ON CONFLICT (rowid) DO UPDATE SET user_id = excluded.user_id, doc = excluded.doc",
            (rowid, user_id, tsvector_literal(content, " ".join(keywords))),
        )

    def _unindex(self, rowid: int) -> None:
        self.db.execute("DELETE FROM entries_fts WHERE rowid = ?", (rowid,))
        if self.has_vector_table():
            self.db.execute("DELETE FROM entries_vec WHERE rowid = ?", (rowid,))

    # --- search ----------------------------------------------------------------------------------

    def keyword_search(self, user_id: str, query: str, limit: int) -> list[tuple[int, float]]:
        """(rowid, -rank) best first: negated so that, as with bm25, lower is better.

        ``ts_rank`` has no index support: every matching row of the user is fetched and ranked. A query
        word found in a large share of all entries ("user" in one of six at 1M) makes that tens of
        thousands of rows while saying little about which entry is meant (bm25 would weigh it near zero),
        so when the query also has rarer words, only entries with a rarer word are candidates; every word
        still counts in their rank.
        """
        lexemes = query_lexemes(query)
        if not lexemes:
            return []
        common = self._common_lexemes()
        rare = [t for t in lexemes if len(t) > 1 or common.get(t[0], 0.0) < COMMON_LEXEME_SHARE]
        rank_query, match_query = tsquery_of(lexemes), tsquery_of(rare or lexemes)
        rows = self.db.query(
            "SELECT f.rowid, ts_rank(?::float4[], f.doc, q.rank, 1) AS rank"
            " FROM entries_fts f, (SELECT ?::tsquery AS rank, ?::tsquery AS match) q"
            " WHERE f.user_id = ? AND f.doc @@ q.match ORDER BY rank DESC, f.rowid LIMIT ?",
            (RANK_WEIGHTS, rank_query, match_query, user_id, limit),
        )
        return [(int(r["rowid"]), -float(r["rank"])) for r in rows]

    def analyze(self) -> None:
        """Refresh the planner's statistics of the store's tables (autovacuum does it in time; a bulk load
        wants it now) and re-read the common words keyword search takes from them."""
        tables = ["entries", "entries_fts"] + (["entries_vec"] if self.has_vector_table() else [])
        self.db.execute("ANALYZE " + ", ".join(tables))
        with self._common_lock:
            self._common_read_at = -_COMMON_LEXEMES_TTL_S

    def _common_lexemes(self) -> dict[str, float]:
        """Lexemes in at least :data:`COMMON_LEXEME_SHARE` of all entries, with that share, from the
        planner's statistics of ``entries_fts.doc`` (none until the table was first analysed; re-read
        every :data:`_COMMON_LEXEMES_TTL_S` seconds)."""
        now = time.monotonic()
        with self._common_lock:
            if now - self._common_read_at < _COMMON_LEXEMES_TTL_S:
                return self._common
            self._common_read_at = now
        row = self.db.query_one(
            "SELECT most_common_elems::text::text[] AS lexemes, most_common_elem_freqs AS shares FROM pg_stats"
            " WHERE schemaname = current_schema() AND tablename = 'entries_fts' AND attname = 'doc'"
        )
        common: dict[str, float] = {}
        if row is not None and row["lexemes"] and row["shares"]:
            # The shares list ends with three summary numbers (least, most, null share) after one per lexeme.
            for lexeme, share in zip(row["lexemes"], row["shares"][: len(row["lexemes"])], strict=True):
                if share >= COMMON_LEXEME_SHARE:
                    common[str(lexeme)] = float(share)
        with self._common_lock:
            self._common = common
        return common

    def vector_search(self, user_id: str, vector: np.ndarray, k: int) -> list[tuple[int, float]]:
        """(rowid, cosine similarity) best first, among one user's vectors: exact from the in-memory copy of the
        user's vectors when it is held and current, else from the HNSW index (approximate for large users)."""
        hits = self.vector_cache.search(user_id, vector, k)
        return hits if hits is not None else self.index_search(user_id, vector, k)

    def index_search(self, user_id: str, vector: np.ndarray, k: int) -> list[tuple[int, float]]:
        """:meth:`vector_search` through the database alone (HNSW, or an exact scan the planner prefers)."""
        literal = _vector_literal(vector)
        with self.db.transaction():
            # The HNSW candidate list must hold at least k rows, or a search returns fewer than asked.
            self.db.execute("SELECT set_config('hnsw.ef_search', ?, true)", (str(min(1000, max(_EF_SEARCH, k))),))
            rows = self.db.query(
                "SELECT rowid, embedding <=> ?::vector AS distance FROM entries_vec WHERE user_id = ?"
                " ORDER BY embedding <=> ?::vector LIMIT ?",
                (literal, user_id, literal, k),
            )
        return [(int(r["rowid"]), 1.0 - float(r["distance"])) for r in rows]

    # --- what the vector cache reads (servers.memory.vector_cache.VectorSource) -------------------

    def vector_generation(self, user_id: str) -> int:
        return int(
            self.db.scalar("SELECT COALESCE(MAX(generation), 0) FROM vector_generation WHERE user_id = ?", (user_id,))
        )

    def vector_log_horizon(self, user_id: str) -> int:
        return int(
            self.db.scalar("SELECT COALESCE(MAX(horizon), 0) FROM vector_generation WHERE user_id = ?", (user_id,))
        )

    def vector_changes(self, user_id: str, after: int) -> list[int]:
        rows = self.db.query(
            "SELECT DISTINCT entry_rowid FROM vector_log WHERE user_id = ? AND generation > ?", (user_id, after)
        )
        return [int(r["entry_rowid"]) for r in rows]

    def user_vectors(self, user_id: str) -> list[tuple[int, bytes]]:
        if not self.has_vector_table():
            return []
        rows = self.db.stream(
            "SELECT v.rowid, vector_send(v.embedding) FROM entries e JOIN entries_vec v ON v.rowid = e.rowid"
            " WHERE e.user_id = ? AND v.user_id = ? AND e.archived_at IS NULL AND e.embedding_model IS NOT NULL",
            (user_id, user_id),
        )
        return [(int(rowid), _float32_bytes(blob)) for rowid, blob in rows]

    def vectors_of(self, user_id: str, rowids: list[int]) -> list[tuple[int, bytes]]:
        if not rowids or not self.has_vector_table():
            return []
        # In binary: the int8 cache's re-score reads a shortlist of vectors on every search it answers.
        rows = self.db.query_binary(
            "SELECT rowid, vector_send(embedding) FROM entries_vec WHERE rowid = ANY(?) AND user_id = ?",
            (rowids, user_id),
        )
        return [(int(rowid), _float32_bytes(blob)) for rowid, blob in rows]

    def in_transaction(self) -> bool:
        return self.db.in_transaction()


def _float32_bytes(blob: bytes) -> bytes:
    """pgvector's binary form (dimension, 0, big-endian floats) as native little-endian float32 bytes."""
    return np.frombuffer(blob, dtype=">f4", offset=4).astype("<f4").tobytes()
