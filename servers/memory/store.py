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

__all__ = ["MIGRATIONS", "MemoryStore", "new_id", "now_iso"]

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

MIGRATIONS = [Migration(1, "entries, FTS5 index, meta", _SCHEMA_V1)]

# bm25 weights per FTS column: owner (a partition token, not relevance), body, keywords.
_BM25 = "bm25(entries_fts, 0.0, 1.0, 2.0)"


class MemoryStore(EntryTable):
    """The embedded default (see :mod:`servers.memory.backend`)."""

    db: Database

    def __init__(self, db: Database) -> None:
        self.db = db
        migrate(db, "memory", MIGRATIONS)

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
        """(rowid, cosine similarity) best first, within one user's partition."""
        rows = self.db.query(
            "SELECT rowid, distance FROM entries_vec WHERE embedding MATCH ? AND k = ? AND user_id = ?",
            (np.asarray(vector, dtype=np.float32).tobytes(), k, user_id),
        )
        return [(r["rowid"], 1.0 - float(r["distance"])) for r in rows]

    def get_vector(self, rowid: int) -> np.ndarray | None:
        if not self.has_vector_table():
            return None
        blob = self.db.scalar("SELECT embedding FROM entries_vec WHERE rowid = ?", (rowid,))
        return None if blob is None else np.frombuffer(blob, dtype=np.float32)

    def has_vector_table(self) -> bool:
        return bool(self.db.scalar("SELECT 1 FROM sqlite_master WHERE name = 'entries_vec'"))
