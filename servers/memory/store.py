"""Persistence of memory entries: rows, the FTS5 index and the sqlite-vec index, kept in step.

Only active (not archived) entries are indexed, so every search sees live entries only. The vector
table is created for the embedder's dimension and remembers which model made its vectors.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

import numpy as np

from servers.core.storage import Database, Migration, migrate
from servers.memory.models import Entry
from servers.memory.text import index_text, owner_token

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


def now_iso() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def new_id() -> str:
    """Time-ordered and unique across processes: milliseconds, then random bits."""
    return f"m{int(time.time() * 1000):012x}{os.urandom(5).hex()}"


def _entry(row: dict[str, Any]) -> Entry:
    return Entry(
        id=row["id"],
        user_id=row["user_id"],
        type=row["type"],
        content=row["content"],
        keywords=json.loads(row["keywords"]),
        slots=json.loads(row["slots"]),
        source=row["source"],
        session_id=row["session_id"],
        trace=json.loads(row["trace"]) if row["trace"] else None,
        seen_count=row["seen_count"],
        longterm=bool(row["longterm"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        expires_at=row["expires_at"],
        archived_at=row["archived_at"],
        archive_reason=row["archive_reason"],
        embedding_model=row["embedding_model"],
    )


class MemoryStore:
    def __init__(self, db: Database) -> None:
        self.db = db
        migrate(db, "memory", MIGRATIONS)

    # --- vector table -------------------------------------------------------------------------

    def vector_model(self) -> tuple[str, int] | None:
        row = self.db.query_one("SELECT value FROM memory_meta WHERE key = 'vector_model'")
        if row is None:
            return None
        name, dim = json.loads(row["value"])
        return str(name), int(dim)

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

    def _set_meta(self, key: str, value: str) -> None:
        self.db.execute(
            "INSERT INTO memory_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def get_meta(self, key: str) -> str | None:
        value = self.db.scalar("SELECT value FROM memory_meta WHERE key = ?", (key,))
        return None if value is None else str(value)

    def set_meta(self, key: str, value: str) -> None:
        with self.db.transaction():
            self._set_meta(key, value)

    def set_vector(self, rowid: int, user_id: str, vector: np.ndarray, model: str) -> None:
        blob = np.asarray(vector, dtype=np.float32).tobytes()
        with self.db.transaction():
            self.db.execute("DELETE FROM entries_vec WHERE rowid = ?", (rowid,))
            self.db.execute(
                "INSERT INTO entries_vec (rowid, user_id, embedding) VALUES (?, ?, ?)", (rowid, user_id, blob)
            )
            self.db.execute("UPDATE entries SET embedding_model = ? WHERE rowid = ?", (model, rowid))

    # --- rows -----------------------------------------------------------------------------------

    def insert(self, entry: Entry) -> int:
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO entries (id, user_id, type, content, keywords, slots, source, session_id, trace,"
                " seen_count, longterm, created_at, updated_at, expires_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    entry.id,
                    entry.user_id,
                    entry.type,
                    entry.content,
                    json.dumps(entry.keywords, ensure_ascii=False),
                    json.dumps(entry.slots, ensure_ascii=False),
                    entry.source,
                    entry.session_id,
                    json.dumps(entry.trace, ensure_ascii=False) if entry.trace is not None else None,
                    entry.seen_count,
                    int(entry.longterm),
                    entry.created_at,
                    entry.updated_at,
                    entry.expires_at,
                ),
            )
            rowid = self.db.last_rowid()
            self._index(rowid, entry.user_id, entry.content, entry.keywords)
        return rowid

    def _index(self, rowid: int, user_id: str, content: str, keywords: Sequence[str]) -> None:
        self.db.execute("DELETE FROM entries_fts WHERE rowid = ?", (rowid,))
        self.db.execute(
            "INSERT INTO entries_fts (rowid, owner, body, keywords) VALUES (?, ?, ?, ?)",
            (rowid, owner_token(user_id), index_text(content), index_text(" ".join(keywords))),
        )

    def _unindex(self, rowid: int) -> None:
        self.db.execute("DELETE FROM entries_fts WHERE rowid = ?", (rowid,))
        if self.db.scalar("SELECT 1 FROM sqlite_master WHERE name = 'entries_vec'"):
            self.db.execute("DELETE FROM entries_vec WHERE rowid = ?", (rowid,))

    def rowid_of(self, entry_id: str, user_id: str) -> int | None:
        value = self.db.scalar("SELECT rowid FROM entries WHERE id = ? AND user_id = ?", (entry_id, user_id))
        return int(value) if value is not None else None

    def get(self, entry_id: str, user_id: str) -> Entry | None:
        row = self.db.query_one("SELECT * FROM entries WHERE id = ? AND user_id = ?", (entry_id, user_id))
        return _entry(row) if row else None

    def get_many(self, rowids: Iterable[int]) -> dict[int, Entry]:
        ids = list(rowids)
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = self.db.query(f"SELECT * FROM entries WHERE rowid IN ({marks})", ids)
        return {row["rowid"]: _entry(row) for row in rows}

    def update(
        self,
        rowid: int,
        *,
        content: str | None = None,
        keywords: list[str] | None = None,
        slots: dict[str, str] | None = None,
        type: str | None = None,
        seen_count: int | None = None,
        expires_at: str | None = None,
        longterm: bool | None = None,
        longterm_suppressed: bool | None = None,
        clear_vector: bool = False,
    ) -> None:
        sets: list[str] = ["updated_at = ?"]
        params: list[Any] = [now_iso()]
        for column, value in (
            ("content", content),
            ("keywords", json.dumps(keywords, ensure_ascii=False) if keywords is not None else None),
            ("slots", json.dumps(slots, ensure_ascii=False) if slots is not None else None),
            ("type", type),
            ("seen_count", seen_count),
            ("expires_at", expires_at),
            ("longterm", int(longterm) if longterm is not None else None),
            ("longterm_suppressed", int(longterm_suppressed) if longterm_suppressed is not None else None),
        ):
            if value is not None:
                sets.append(f"{column} = ?")
                params.append(value)
        if clear_vector:
            sets.append("embedding_model = NULL")
        with self.db.transaction():
            self.db.execute(f"UPDATE entries SET {', '.join(sets)} WHERE rowid = ?", [*params, rowid])
            row = self.db.query_one(
                "SELECT user_id, content, keywords, archived_at FROM entries WHERE rowid = ?", (rowid,)
            )
            if row and row["archived_at"] is None and (content is not None or keywords is not None):
                self._index(rowid, row["user_id"], row["content"], json.loads(row["keywords"]))
            if clear_vector and self.db.scalar("SELECT 1 FROM sqlite_master WHERE name = 'entries_vec'"):
                self.db.execute("DELETE FROM entries_vec WHERE rowid = ?", (rowid,))

    def archive(self, rowid: int, reason: str) -> None:
        with self.db.transaction():
            self.db.execute(
                "UPDATE entries SET archived_at = ?, archive_reason = ?, longterm = 0 WHERE rowid = ?"
                " AND archived_at IS NULL",
                (now_iso(), reason, rowid),
            )
            self._unindex(rowid)

    def delete(self, rowid: int) -> None:
        with self.db.transaction():
            self._unindex(rowid)
            self.db.execute("DELETE FROM entries WHERE rowid = ?", (rowid,))

    # --- listing -------------------------------------------------------------------------------

    def live_rows(self, user_id: str, where: str = "", params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        sql = "SELECT * FROM entries WHERE user_id = ? AND archived_at IS NULL"
        if where:
            sql += f" AND ({where})"
        return self.db.query(sql + " ORDER BY created_at", [user_id, *params])

    def live_entries(self, user_id: str, where: str = "", params: Sequence[Any] = ()) -> list[tuple[int, Entry]]:
        return [(row["rowid"], _entry(row)) for row in self.live_rows(user_id, where, params)]

    def iter_all(self, user_id: str | None = None, batch: int = 500) -> Iterator[tuple[int, Entry]]:
        last = 0
        while True:
            if user_id is None:
                rows = self.db.query("SELECT * FROM entries WHERE rowid > ? ORDER BY rowid LIMIT ?", (last, batch))
            else:
                rows = self.db.query(
                    "SELECT * FROM entries WHERE rowid > ? AND user_id = ? ORDER BY rowid LIMIT ?",
                    (last, user_id, batch),
                )
            if not rows:
                return
            for row in rows:
                yield row["rowid"], _entry(row)
            last = rows[-1]["rowid"]

    def users(self) -> list[str]:
        return [r["user_id"] for r in self.db.query("SELECT DISTINCT user_id FROM entries ORDER BY user_id")]

    def missing_vectors(self, model: str, limit: int) -> list[tuple[int, str, str]]:
        rows = self.db.query(
            "SELECT rowid, user_id, content FROM entries WHERE archived_at IS NULL"
            " AND (embedding_model IS NULL OR embedding_model != ?) ORDER BY rowid LIMIT ?",
            (model, limit),
        )
        return [(r["rowid"], r["user_id"], r["content"]) for r in rows]

    def count_missing_vectors(self, model: str) -> int:
        return int(
            self.db.scalar(
                "SELECT COUNT(*) FROM entries WHERE archived_at IS NULL"
                " AND (embedding_model IS NULL OR embedding_model != ?)",
                (model,),
            )
        )

    # --- search ----------------------------------------------------------------------------------

    def keyword_search(self, user_id: str, match: str, limit: int) -> list[tuple[int, float]]:
        """(rowid, bm25) best first; bm25 is negative, lower is better."""
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

    def has_vector_table(self) -> bool:
        return bool(self.db.scalar("SELECT 1 FROM sqlite_master WHERE name = 'entries_vec'"))
