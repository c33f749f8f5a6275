"""When two statements are the same memory (seed 000 §3.2) — and when they only look alike.

Cosine similarity alone cannot decide: "prefers dark mode" and "prefers light mode" embed at 0.97.
Two entries merge only when the vectors are close *and* the words agree: same numbers, codes and
identifiers, no opposite polarity, and most of the wording shared.
"""

from __future__ import annotations

import numpy as np
from rapidfuzz import fuzz

from servers.memory.models import Entry
from servers.memory.store import MemoryStore
from servers.memory.text import contradicts, normalize, terms

LEXICAL_AGREEMENT = 60.0  # rapidfuzz token_set_ratio (0-100) on search terms
NEIGHBOURS = 5


def canonical(text: str) -> str:
    return " ".join(normalize(text).lower().split())


def same_statement(a: str, b: str) -> bool:
    if canonical(a) == canonical(b):
        return True
    if contradicts(a, b):
        return False
    return fuzz.token_set_ratio(" ".join(terms(a)), " ".join(terms(b))) >= LEXICAL_AGREEMENT


def find_duplicate(
    store: MemoryStore,
    user_id: str,
    content: str,
    vector: np.ndarray | None,
    threshold: float,
    *,
    exclude_rowid: int | None = None,
) -> tuple[int, Entry] | None:
    """The user's live entry that ``content`` repeats, if any (nearest first)."""
    rowids: list[int] = []
    if vector is not None and store.has_vector_table():
        rowids = [r for r, sim in store.vector_search(user_id, vector, NEIGHBOURS + 1) if sim >= threshold]
    # Without vectors (embedder unavailable) only an exact repeat of a recent entry counts.
    recent = store.db.query(
        "SELECT rowid FROM entries WHERE user_id = ? AND archived_at IS NULL ORDER BY rowid DESC LIMIT 10",
        (user_id,),
    )
    entries = store.get_many([*rowids, *(r["rowid"] for r in recent)])
    key = canonical(content)
    for rowid in [*rowids, *(r["rowid"] for r in recent)]:
        entry = entries.get(rowid)
        if entry is None or rowid == exclude_rowid or entry.archived_at or entry.type == "daily_summary":
            continue
        if canonical(entry.content) == key or (rowid in rowids and same_statement(content, entry.content)):
            return rowid, entry
    return None
