"""How an entry maps to a row of ``entries``: the same columns and encodings on SQLite and PostgreSQL.

Timestamps stay ISO-8601 text and JSON fields stay JSON text on both engines, so rows compare, sort
and export identically whichever store wrote them.
"""

from __future__ import annotations

import json
from typing import Any

from servers.core.storage.ids import now_iso as now_iso  # re-exported: memory's modules stamp rows with it
from servers.core.storage.ids import time_id
from servers.memory.models import Entry


def new_id() -> str:
    """An entry's id: ``m``, milliseconds, 10 random hex digits (time-ordered, unique across processes)."""
    return time_id("m", random_bytes=5)


def entry_from_row(row: dict[str, Any]) -> Entry:
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


def insert_params(entry: Entry) -> tuple[Any, ...]:
    """Values for ``INSERT INTO entries (id, user_id, type, content, keywords, slots, source, session_id,
    trace, seen_count, longterm, created_at, updated_at, expires_at)``."""
    return (
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
    )
