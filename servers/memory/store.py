"""Persistence of memory entries in SQLite: rows, the FTS5 index and the sqlite-vec index, kept in step.

Only active (not archived) entries are indexed, so every search sees live entries only. The vector
table is created for the embedder's dimension and remembers which model made its vectors.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import numpy as np

from servers.core.storage import Database, Migration, migrate
from servers.core.text import fts_match_expression, index_text, owner_token
from servers.memory.entries import EntryTable
from servers.memory.rows import new_id, now_iso
from servers.memory.vector_cache import VectorCache

__all__ = ["DEFAULT_VECTOR_CACHE_BYTES", "MIGRATIONS", "MemoryStore", "new_id", "now_iso"]

# 100k vectors of 384 dimensions (154 MB with their rowids) and room for them to grow.
DEFAULT_VECTOR_CACHE_BYTES = 160 * 2**20

_SCHEMA_V1 = """
CREATE TABLE entries (
    rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL,
    type TEXT NOT NULL,
    content TEXT NOT NULL,
    keywords TEXT NOT NULL DEFAULT '[]',
    slots TEXT NOT NULL DEFAULT '{}',
    source TEXT NOT NULL DEFAULT 'tool',
    session_id TEXT,
    trace TEXT,
    seen_count INTEGER NOT NULL DEFAULT 1,
    longterm INTEGER NOT NULL DEFAULT 0,
    longterm_suppressed INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    expires_at TEXT,
    archived_at TEXT,
    archive_reason TEXT,
    embedding_model TEXT
);
CREATE INDEX entries_user_live ON entries (user_id, archived_at, created_at);
CREATE INDEX entries_user_type ON entries (user_id, type);
CREATE VIRTUAL TABLE entries_fts USING fts5 (
    owner, body, keywords, tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TABLE memory_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

# The change log the in-process vector cache reads (servers/memory/vector_cache.py). Triggers write it,
# so every change to what entries_vec may hold for an entry is logged in the transaction that makes it,
# by any process and any code path: a vector stored or cleared (both set embedding_model), the content
# changed, the entry archived or deleted. A user's generation is their newest seq (one index lookup).
# AUTOINCREMENT: a seq is never reused, even after pruning. Pruning keeps each user's newest row (their
# generation must not go back) and records the horizon below which the log is incomplete.
_SCHEMA_V2 = """
CREATE TABLE vector_log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    entry_rowid INTEGER NOT NULL
);
CREATE INDEX vector_log_user ON vector_log (user_id, seq);
CREATE TRIGGER vector_log_update AFTER UPDATE OF embedding_model, content, archived_at, user_id ON entries
BEGIN
    INSERT INTO vector_log (user_id, entry_rowid) VALUES (NEW.user_id, NEW.rowid);
    INSERT INTO vector_log (user_id, entry_rowid) SELECT OLD.user_id, OLD.rowid WHERE OLD.user_id != NEW.user_id;
END;
CREATE TRIGGER vector_log_delete AFTER DELETE ON entries
BEGIN
    INSERT INTO vector_log (user_id, entry_rowid) VALUES (OLD.user_id, OLD.rowid);
END;
CREATE TRIGGER vector_log_prune AFTER INSERT ON vector_log WHEN NEW.seq % {every} = 0
BEGIN
    DELETE FROM vector_log WHERE seq <= NEW.seq - {keep}
        AND seq NOT IN (SELECT MAX(seq) FROM vector_log GROUP BY user_id);
    INSERT OR REPLACE INTO memory_meta (key, value) VALUES ('{horizon}', CAST(NEW.seq - {keep} AS TEXT));
END;
"""
VECTOR_LOG_PRUNE_EVERY = 4096  # log rows between prunes
VECTOR_LOG_KEEP = 65536  # log rows kept (a cache further behind reloads its user)
_HORIZON_KEY = "vector_log_horizon"

MIGRATIONS = [
    Migration(1, "entries, FTS5 index, meta", _SCHEMA_V1),
    Migration(
        2,
        "vector change log for the in-process vector cache",
        _SCHEMA_V2.format(every=VECTOR_LOG_PRUNE_EVERY, keep=VECTOR_LOG_KEEP, horizon=_HORIZON_KEY),
    ),
]

# bm25 weights per FTS column: owner (a partition token, not relevance), body, keywords.
_BM25 = "bm25(entries_fts, 0.0, 1.0, 2.0)"


class MemoryStore(EntryTable):
    """The embedded default (see :mod:`servers.memory.backend`)."""

    db: Database

    def __init__(self, db: Database, vector_cache_bytes: int = DEFAULT_VECTOR_CACHE_BYTES) -> None:
        self.db = db
        migrate(db, "memory", MIGRATIONS)
        # Vector searches answer from memory when they can (servers/memory/vector_cache.py); 0 turns it off.
        self.vector_cache = VectorCache(self, vector_cache_bytes)

    def close(self) -> None:
        self.vector_cache.close()
        super().close()

    # --- vector table -------------------------------------------------------------------------

    def ensure_vector_table(self, model: str, dim: int) -> None:
        """Create the vector table for this model, or re-create it (emptied) for a new dimension."""
        with self.db.transaction():
            current = self.vector_model()
            exists = self.db.scalar("SELECT 1 FROM sqlite_master WHERE name = 'entries_vec'")
            if current is not None and current[1] == dim and exists:
                if current[0] != model:
                    self._set_meta("vector_model", json.dumps([model, dim]))
                return
            self.db.execute("DROP TABLE IF EXISTS entries_vec")
            self.db.execute(
                "CREATE VIRTUAL TABLE entries_vec USING vec0("
                f" user_id TEXT PARTITION KEY, embedding float[{dim}] distance_metric=cosine)"
            )
            self.db.execute("UPDATE entries SET embedding_model = NULL")
            self._set_meta("vector_model", json.dumps([model, dim]))

    def set_vector(self, rowid: int, user_id: str, vector: np.ndarray, model: str) -> None:
        blob = np.asarray(vector, dtype=np.float32).tobytes()
        with self.db.transaction():
            self.db.execute("DELETE FROM entries_vec WHERE rowid = ?", (rowid,))
            self.db.execute(
                "INSERT INTO entries_vec (rowid, user_id, embedding) VALUES (?, ?, ?)", (rowid, user_id, blob)
            )
            self.db.execute("UPDATE entries SET embedding_model = ? WHERE rowid = ?", (model, rowid))

    def _index(self, rowid: int, user_id: str, content: str, keywords: Sequence[str]) -> None:
        self.db.execute("DELETE FROM entries_fts WHERE rowid = ?", (rowid,))
        self.db.execute(
            "INSERT INTO entries_fts (rowid, owner, body, keywords) VALUES (?, ?, ?, ?)",
            (rowid, owner_token(user_id), index_text(content), index_text(" ".join(keywords))),
        )

    def _unindex(self, rowid: int) -> None:
        self.db.execute("DELETE FROM entries_fts WHERE rowid = ?", (rowid,))
        if self.has_vector_table():
            self.db.execute("DELETE FROM entries_vec WHERE rowid = ?", (rowid,))

    def keyword_search(self, user_id: str, query: str, limit: int) -> list[tuple[int, float]]:
        """(rowid, bm25) best first; bm25 is negative, lower is better. Query syntax is never interpreted."""
        match = fts_match_expression(query)
        if match is None:
            return []
        rows = self.db.query(
            f"SELECT rowid, {_BM25} AS rank FROM entries_fts WHERE entries_fts MATCH ? ORDER BY rank LIMIT ?",
            (f'owner : "{owner_token(user_id)}" AND ({match})', limit),
        )
        return [(r["rowid"], float(r["rank"])) for r in rows]

    def vector_search(self, user_id: str, vector: np.ndarray, k: int) -> list[tuple[int, float]]:
        """(rowid, cosine similarity) best first, within one user's partition: from the in-memory copy of
        the user's vectors when it is held and current, else from sqlite-vec (the same hits)."""
        hits = self.vector_cache.search(user_id, vector, k)
        return hits if hits is not None else self.index_search(user_id, vector, k)

    def index_search(self, user_id: str, vector: np.ndarray, k: int) -> list[tuple[int, float]]:
        """:meth:`vector_search` through sqlite-vec alone."""
        rows = self.db.query(
            "SELECT rowid, distance FROM entries_vec WHERE embedding MATCH ? AND k = ? AND user_id = ?",
            (np.asarray(vector, dtype=np.float32).tobytes(), k, user_id),
        )
        return [(r["rowid"], 1.0 - float(r["distance"])) for r in rows]

    # --- what the vector cache reads (servers.memory.vector_cache.VectorSource) -------------------

    def vector_generation(self, user_id: str) -> int:
        return int(self.db.scalar("SELECT COALESCE(MAX(seq), 0) FROM vector_log WHERE user_id = ?", (user_id,)))

    def vector_log_horizon(self) -> int:
        value = self.db.scalar("SELECT value FROM memory_meta WHERE key = ?", (_HORIZON_KEY,))
        return int(value) if value is not None else 0

    def vector_changes(self, user_id: str, after: int) -> list[int]:
        rows = self.db.query(
            "SELECT DISTINCT entry_rowid FROM vector_log WHERE user_id = ? AND seq > ?", (user_id, after)
        )
        return [int(r["entry_rowid"]) for r in rows]

    def vector_count(self, user_id: str) -> int:
        return int(
            self.db.scalar(
                "SELECT COUNT(*) FROM entries WHERE user_id = ? AND archived_at IS NULL"
                " AND embedding_model IS NOT NULL",
                (user_id,),
            )
        )

    def user_vectors(self, user_id: str) -> list[tuple[int, bytes]]:
        # Through the entries index, one vec0 lookup by rowid each: vec0 cannot narrow a plain scan to a
        # partition, so "WHERE user_id = ?" on entries_vec would read every user's vectors.
        if not self.has_vector_table():
            return []
        rows = self.db.query(
            "SELECT v.rowid AS rowid, v.user_id AS owner, v.embedding AS embedding"
            " FROM entries e JOIN entries_vec v ON v.rowid = e.rowid"
            " WHERE e.user_id = ? AND e.archived_at IS NULL AND e.embedding_model IS NOT NULL",
            (user_id,),
        )
        return [(int(r["rowid"]), bytes(r["embedding"])) for r in rows if r["owner"] == user_id]

    def vectors_of(self, user_id: str, rowids: list[int]) -> list[tuple[int, bytes]]:
        if not rowids or not self.has_vector_table():
            return []
        found: list[tuple[int, bytes]] = []
        for rowid in rowids:  # vec0 finds one rowid at once; an IN list would scan the table
            row = self.db.query_one("SELECT user_id, embedding FROM entries_vec WHERE rowid = ?", (rowid,))
            if row is not None and row["user_id"] == user_id:
                found.append((rowid, bytes(row["embedding"])))
        return found

    def in_transaction(self) -> bool:
        return bool(self.db.connection().in_transaction)

    def get_vector(self, rowid: int) -> np.ndarray | None:
        if not self.has_vector_table():
            return None
        blob = self.db.scalar("SELECT embedding FROM entries_vec WHERE rowid = ?", (rowid,))
        return None if blob is None else np.frombuffer(blob, dtype=np.float32)

    def has_vector_table(self) -> bool:
        return bool(self.db.scalar("SELECT 1 FROM sqlite_master WHERE name = 'entries_vec'"))
