"""When two statements are the same memory (seed 000 §3.2) — and when they only look alike.

Cosine similarity alone cannot decide: "prefers dark mode" and "prefers light mode" embed at 0.97.
Two entries merge only when the vectors are close *and* the words agree: same numbers, codes and
identifiers, no opposite polarity, and no word swapped for another. One text may add a little detail
to the other ("uses a standing desk" / "uses a standing desk at work"), but a substitution — dark for
light, alice for bob — always means two memories.
"""

from __future__ import annotations

import numpy as np

from servers.memory.backend import EntryStore
from servers.memory.models import Entry
from servers.memory.text import contradicts, normalize, statement_terms

MAX_ADDED_TERMS = 3
NEIGHBOURS = 5


def canonical(text: str) -> str:
    return " ".join(normalize(text).lower().split())


def _stem(term: str) -> str:
    return term[:-1] if len(term) > 3 and term.endswith("s") and not term.endswith("ss") else term


def same_statement(a: str, b: str) -> bool:
    if canonical(a) == canonical(b):
        return True
    if contradicts(a, b):
        return False
    terms_a = {_stem(t) for t in statement_terms(a)}
    terms_b = {_stem(t) for t in statement_terms(b)}
    if terms_a == terms_b:
        return True
    smaller, larger = sorted((terms_a, terms_b), key=len)
    return bool(smaller) and smaller < larger and len(larger - smaller) <= MAX_ADDED_TERMS


def find_duplicate(
    store: EntryStore,
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
    recent = store.recent_rowids(user_id, 10)
    entries = store.get_many([*rowids, *recent])
    key = canonical(content)
    for rowid in [*rowids, *recent]:
        entry = entries.get(rowid)
        if entry is None or rowid == exclude_rowid or entry.archived_at or entry.type == "daily_summary":
            continue
        if canonical(entry.content) == key or (rowid in rowids and same_statement(content, entry.content)):
            return rowid, entry
    return None
