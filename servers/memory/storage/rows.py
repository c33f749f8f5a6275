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
    """The entry a row holds: its columns validated as the model, the JSON columns parsed first."""
    trace = row["trace"]
    parsed = {"keywords": json.loads(row["keywords"]), "slots": json.loads(row["slots"])}
    return Entry.model_validate(row | parsed | {"trace": json.loads(trace) if trace else None})


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
