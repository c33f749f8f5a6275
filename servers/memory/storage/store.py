"""Persistence of memory entries in SQLite: rows, the FTS5 index and the sqlite-vec index, kept in step.

Only active (not archived) entries are indexed, so every search sees live entries only. The vector
table is created for the embedder's dimension and remembers which model made its vectors.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from servers.core.storage import Database
from servers.core.text import fts_match_expression, index_text, owner_token
from servers.memory.storage.entries import EntryTable
from servers.memory.storage.rows import new_id, now_iso
from servers.memory.storage.schema import HORIZON_KEY, MIGRATIONS, VECTOR_LOG_KEEP, VECTOR_LOG_PRUNE_EVERY
from servers.memory.vector_cache import DEFAULT_VECTOR_CACHE_BYTES, VectorCache

# numpy is imported inside the functions that compute with vectors: a start that has none never loads it.
if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "DEFAULT_VECTOR_CACHE_BYTES",
    "MIGRATIONS",
    "VECTOR_LOG_KEEP",
    "VECTOR_LOG_PRUNE_EVERY",
    "MemoryStore",
    "new_id",
    "now_iso",
]

# bm25 weights per FTS column: owner (a partition token, not relevance), body, keywords.
_BM25 = "bm25(entries_fts, 0.0, 1.0, 2.0)"


class MemoryStore(EntryTable):
    """The embedded default (see :mod:`servers.memory.storage.backend`)."""

    db: Database

    def __init__(self, db: Database, vector_cache_bytes: int = DEFAULT_VECTOR_CACHE_BYTES) -> None:
        if not isinstance(db, Database):
            raise TypeError(f"MemoryStore keeps its entries in SQLite, not in {type(db).__name__}")
        super().__init__(db)  # migrates the SQLite schema (servers/memory/storage/schema.py)
        # Vector searches answer from memory when they can (servers/memory/vector_cache.py); 0 turns it off.
        # Always float32 here: the int8 copy's exact re-score reads its shortlist from the store, and sqlite-vec
        # finds one rowid per lookup, which cost more than the int8 scan saves (bench/memory/RESULTS-postgresql.md).
        self.vector_cache = VectorCache(self, vector_cache_bytes, quantise=False)

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
        import numpy as np

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
        import numpy as np

        rows = self.db.query(
            "SELECT rowid, distance FROM entries_vec WHERE embedding MATCH ? AND k = ? AND user_id = ?",
            (np.asarray(vector, dtype=np.float32).tobytes(), k, user_id),
        )
        return [(r["rowid"], 1.0 - float(r["distance"])) for r in rows]

    # --- what the vector cache reads (servers.memory.vector_cache.VectorSource) -------------------

    def vector_generation(self, user_id: str) -> int:
        return int(self.db.scalar("SELECT COALESCE(MAX(seq), 0) FROM vector_log WHERE user_id = ?", (user_id,)))

    def vector_log_horizon(self, user_id: str = "") -> int:
        # One horizon for every user here: the log's sequence is global and pruned as a whole.
        value = self.db.scalar("SELECT value FROM memory_meta WHERE key = ?", (HORIZON_KEY,))
        return int(value) if value is not None else 0

    def vector_changes(self, user_id: str, after: int) -> list[int]:
        rows = self.db.query(
            "SELECT DISTINCT entry_rowid FROM vector_log WHERE user_id = ? AND seq > ?", (user_id, after)
        )
        return [int(r["entry_rowid"]) for r in rows]

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
        import numpy as np

        if not self.has_vector_table():
            return None
        blob = self.db.scalar("SELECT embedding FROM entries_vec WHERE rowid = ?", (rowid,))
        return None if blob is None else np.frombuffer(blob, dtype=np.float32)

    def has_vector_table(self) -> bool:
        return bool(self.db.scalar("SELECT 1 FROM sqlite_master WHERE name = 'entries_vec'"))
