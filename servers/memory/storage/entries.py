"""Entry persistence in the SQL both engines share: rows, metadata and listings of ``entries``.

:class:`EntryTable` is memory's component store (:class:`~servers.core.storage.component.ComponentStore`):
the base picks nothing here (each subclass takes one engine) but runs the migrations of
:mod:`servers.memory.storage.schema` for whichever engine the database is.
:class:`~servers.memory.storage.store.MemoryStore` (SQLite) and :class:`~servers.memory.storage.store_pg.PgMemoryStore`
(PostgreSQL) add what differs: their keyword index and their vector index.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from servers.core.storage.component import ComponentStore
from servers.memory.models import Entry
from servers.memory.storage.rows import entry_from_row as _entry
from servers.memory.storage.rows import insert_params, now_iso
from servers.memory.storage.schema import COMPONENT, MIGRATIONS, PG_MIGRATIONS

# numpy is imported inside the functions that compute with vectors: a start that has none never loads it.
if TYPE_CHECKING:
    import numpy as np

# Conditions of the named listings below (each on live entries of one user).
_NOT_SUMMARY = "type != 'daily_summary'"


class EntryTable(ComponentStore, ABC):
    """The engine-neutral half of an :class:`~servers.memory.storage.backend.EntryStore`."""

    component = COMPONENT
    migrations = MIGRATIONS
    pg_migrations = PG_MIGRATIONS

    # --- what each engine provides ----------------------------------------------------------------

    @abstractmethod
    def _index(self, rowid: int, user_id: str, content: str, keywords: Sequence[str]) -> None:
        """(Re)index a live entry for keyword search."""

    @abstractmethod
    def _unindex(self, rowid: int) -> None:
        """Drop an entry from the keyword and vector indexes."""

    @abstractmethod
    def has_vector_table(self) -> bool: ...

    @abstractmethod
    def set_vector(self, rowid: int, user_id: str, vector: np.ndarray, model: str) -> None: ...

    def set_vector_if_current(self, rowid: int, user_id: str, content: str, vector: np.ndarray, model: str) -> bool:
        """Store a vector made from ``content`` unless the entry was changed, archived or deleted since: a
        background embedding must not attach a stale vector. True when stored."""
        with self.db.transaction():
            row = self.db.query_one("SELECT content, archived_at FROM entries WHERE rowid = ?", (rowid,))
            if row is None or row["archived_at"] is not None or row["content"] != content:
                return False
            self.set_vector(rowid, user_id, vector, model)
        return True

    @abstractmethod
    def vector_search(self, user_id: str, vector: np.ndarray, k: int) -> list[tuple[int, float]]: ...

    # --- metadata ---------------------------------------------------------------------------------

    def vector_model(self) -> tuple[str, int] | None:
        row = self.db.query_one("SELECT value FROM memory_meta WHERE key = 'vector_model'")
        if row is None:
            return None
        name, dim = json.loads(row["value"])
        return str(name), int(dim)

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

    # --- rows -------------------------------------------------------------------------------------

    def insert(self, entry: Entry) -> int:
        with self.db.transaction():
            row = self.db.query_one(
                "INSERT INTO entries (id, user_id, type, content, keywords, slots, source, session_id, trace,"
                " seen_count, longterm, created_at, updated_at, expires_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING rowid",
                insert_params(entry),
            )
            assert row is not None  # RETURNING always yields the inserted row
            rowid = int(row["rowid"])
            self._index(rowid, entry.user_id, entry.content, entry.keywords)
        return rowid

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
        sets, params = _update_assignments(
            content=content,
            keywords=keywords,
            slots=slots,
            type=type,
            seen_count=seen_count,
            expires_at=expires_at,
            longterm=longterm,
            longterm_suppressed=longterm_suppressed,
            clear_vector=clear_vector,
        )
        with self.db.transaction():
            self.db.execute(f"UPDATE entries SET {', '.join(sets)} WHERE rowid = ?", [*params, rowid])
            row = self.db.query_one(
                "SELECT user_id, content, keywords, archived_at FROM entries WHERE rowid = ?", (rowid,)
            )
            if row and row["archived_at"] is None and (content is not None or keywords is not None):
                self._index(rowid, row["user_id"], row["content"], json.loads(row["keywords"]))
            if clear_vector and self.has_vector_table():
                self.db.execute("DELETE FROM entries_vec WHERE rowid = ?", (rowid,))

    def archive(self, rowid: int, reason: str, at: str | None = None) -> None:
        with self.db.transaction():
            self.db.execute(
                "UPDATE entries SET archived_at = ?, archive_reason = ?, longterm = 0 WHERE rowid = ?"
                " AND archived_at IS NULL",
                (at or now_iso(), reason, rowid),
            )
            self._unindex(rowid)

    def restore(self, rowid: int) -> bool:
        """Bring an archived entry back into recall; its vector is made again (archiving dropped it)."""
        with self.db.transaction():
            row = self.db.query_one(
                "SELECT user_id, content, keywords FROM entries WHERE rowid = ? AND archived_at IS NOT NULL", (rowid,)
            )
            if row is None:
                return False
            self.db.execute(
                "UPDATE entries SET archived_at = NULL, archive_reason = NULL, embedding_model = NULL WHERE rowid = ?",
                (rowid,),
            )
            self._index(rowid, row["user_id"], row["content"], json.loads(row["keywords"]))
        return True

    def delete(self, rowid: int) -> None:
        with self.db.transaction():
            self._unindex(rowid)
            self.db.execute("DELETE FROM entries WHERE rowid = ?", (rowid,))

    # --- listing ----------------------------------------------------------------------------------

    def live_entries(self, user_id: str, where: str = "", params: Sequence[Any] = ()) -> list[tuple[int, Entry]]:
        """A user's live entries, oldest first; ``where`` (SQL both engines accept) narrows them. Domain code
        uses the named listings below instead."""
        sql = "SELECT * FROM entries WHERE user_id = ? AND archived_at IS NULL"
        if where:
            sql += f" AND ({where})"
        return [(row["rowid"], _entry(row)) for row in self.db.query(sql + " ORDER BY created_at", [user_id, *params])]

    def live_entries_updated_since(self, user_id: str, since: str | None) -> list[tuple[int, Entry]]:
        """Live entries, daily summaries aside, changed at or after ``since`` (all of them when None)."""
        if since is None:
            return self.live_entries(user_id, _NOT_SUMMARY)
        return self.live_entries(user_id, f"updated_at >= ? AND {_NOT_SUMMARY}", (since,))

    def live_entries_of_day(self, user_id: str, day: str) -> list[tuple[int, Entry]]:
        """Live entries, daily summaries aside, created on ``day`` (YYYY-MM-DD)."""
        return self.live_entries(user_id, f"substr(created_at, 1, 10) = ? AND {_NOT_SUMMARY}", (day,))

    def live_entries_of_type(self, user_id: str, type: str) -> list[tuple[int, Entry]]:
        return self.live_entries(user_id, "type = ?", (type,))

    def longterm_entries(self, user_id: str) -> list[tuple[int, Entry]]:
        """Live entries marked long-term (what MEMORY.md holds)."""
        return self.live_entries(user_id, "longterm = 1")

    def promotion_candidates(self, user_id: str, min_seen: int) -> list[tuple[int, Entry]]:
        """Live entries seen at least ``min_seen`` times, not long-term yet, not suppressed by a person and
        not daily summaries."""
        return self.live_entries(
            user_id,
            f"longterm = 0 AND longterm_suppressed = 0 AND seen_count >= ? AND {_NOT_SUMMARY}",
            (min_seen,),
        )

    def entry_dates(self, user_id: str, prefix: str = "") -> list[str]:
        """The days (YYYY-MM-DD, newest first) of a user's live entries, daily summaries aside, that start
        with ``prefix``: what a date completion offers, without loading the entries."""
        pattern = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = self.db.query(
            "SELECT DISTINCT substr(created_at, 1, 10) AS day FROM entries WHERE user_id = ? AND archived_at IS NULL"
            " AND type != 'daily_summary' AND created_at LIKE ? ESCAPE '\\' ORDER BY day DESC",
            (user_id, pattern),
        )
        return [str(r["day"]) for r in rows]

    def recent_rowids(self, user_id: str, limit: int) -> list[int]:
        rows = self.db.query(
            "SELECT rowid FROM entries WHERE user_id = ? AND archived_at IS NULL ORDER BY rowid DESC LIMIT ?",
            (user_id, limit),
        )
        return [int(r["rowid"]) for r in rows]

    def archived_rowids(self, user_id: str, limit: int) -> list[int]:
        rows = self.db.query(
            "SELECT rowid FROM entries WHERE user_id = ? AND archived_at IS NOT NULL"
            " ORDER BY archived_at DESC, rowid DESC LIMIT ?",
            (user_id, limit),
        )
        return [int(r["rowid"]) for r in rows]

    def written_per_day(self, user_id: str) -> list[tuple[str, int]]:
        """(YYYY-MM-DD, live entries written that day), oldest first; daily summaries aside."""
        rows = self.db.query(
            "SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS n FROM entries WHERE user_id = ?"
            " AND archived_at IS NULL AND type != 'daily_summary' GROUP BY substr(created_at, 1, 10) ORDER BY day",
            (user_id,),
        )
        return [(str(r["day"]), int(r["n"])) for r in rows]

    def count_recall(self, user_id: str, day: str, found: bool) -> None:
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO recall_days (user_id, day, recalls, found) VALUES (?, ?, 1, ?)"
                " ON CONFLICT (user_id, day) DO UPDATE SET recalls = recall_days.recalls + 1,"
                " found = recall_days.found + excluded.found",
                (user_id, day, int(found)),
            )

    def recalls_per_day(self, user_id: str) -> list[tuple[str, int, int]]:
        """(YYYY-MM-DD, recalls, recalls that found something), oldest first."""
        rows = self.db.query("SELECT day, recalls, found FROM recall_days WHERE user_id = ? ORDER BY day", (user_id,))
        return [(str(r["day"]), int(r["recalls"]), int(r["found"])) for r in rows]

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

    def missing_vectors(self, model: str, limit: int, after_rowid: int = 0) -> list[tuple[int, str, str]]:
        """Live entries after ``after_rowid`` without a vector of ``model``: (rowid, user, content), rowid order."""
        rows = self.db.query(
            "SELECT rowid, user_id, content FROM entries WHERE archived_at IS NULL AND rowid > ?"
            " AND (embedding_model IS NULL OR embedding_model != ?) ORDER BY rowid LIMIT ?",
            (after_rowid, model, limit),
        )
        return [(r["rowid"], r["user_id"], r["content"]) for r in rows]

    def live_contents(self, after_rowid: int, limit: int) -> list[tuple[int, str, str]]:
        """Live entries after ``after_rowid`` in rowid order: (rowid, user, content), for re-embedding all."""
        rows = self.db.query(
            "SELECT rowid, user_id, content FROM entries WHERE archived_at IS NULL AND rowid > ?"
            " ORDER BY rowid LIMIT ?",
            (after_rowid, limit),
        )
        return [(r["rowid"], r["user_id"], r["content"]) for r in rows]

    def count_live(self) -> int:
        return int(self.db.scalar("SELECT COUNT(*) FROM entries WHERE archived_at IS NULL"))

    def vector_count(self, user_id: str) -> int:
        """The user's live entries that have a vector (what the vector cache would hold)."""
        return int(
            self.db.scalar(
                "SELECT COUNT(*) FROM entries WHERE user_id = ? AND archived_at IS NULL"
                " AND embedding_model IS NOT NULL",
                (user_id,),
            )
        )

    def count_missing_vectors(self, model: str) -> int:
        return int(
            self.db.scalar(
                "SELECT COUNT(*) FROM entries WHERE archived_at IS NULL"
                " AND (embedding_model IS NULL OR embedding_model != ?)",
                (model,),
            )
        )


def _update_assignments(
    *,
    content: str | None,
    keywords: list[str] | None,
    slots: dict[str, str] | None,
    type: str | None,
    seen_count: int | None,
    expires_at: str | None,
    longterm: bool | None,
    longterm_suppressed: bool | None,
    clear_vector: bool,
) -> tuple[list[str], list[Any]]:
    """``SET`` clauses (with ``?``) and their values for the fields given; ``updated_at`` always moves."""
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
    return sets, params
