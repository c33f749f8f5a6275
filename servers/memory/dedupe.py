"""When two statements are the same memory (seed 000 §3.2) — and when they only look alike.

Cosine similarity alone cannot decide: "prefers dark mode" and "prefers light mode" embed at 0.97.
Two entries merge only when the vectors are close *and* the words agree: same numbers, codes and
identifiers, no opposite polarity, and no word swapped for another. One text may add a little detail
to the other ("uses a standing desk" / "uses a standing desk at work"), but a substitution — dark for
light, alice for bob — always means two memories. Two relaxations, each kept only while the
near-miss audit in bench/memory stays at 0 false merges: a listed short form is the same word (env /
environment), and a new text that is a part of a stored one (every dictionary word of it is there, and
no number, code or polarity differs) repeats it, however much more the stored one says.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from servers.core import crosslang
from servers.core.text import contradicts, normalize, statement_terms
from servers.memory.backend import EntryStore
from servers.memory.models import Entry

MAX_ADDED_TERMS = 3
NEIGHBOURS = 5


# A write compares its text with the user's 10 most recent entries and best keyword matches: largely the
# same stored texts write after write. The word forms below are pure functions of the text, so remembering
# the last few hundred changes no answer and spares re-reading those texts on every write.
TEXT_CACHE = 512


@lru_cache(maxsize=TEXT_CACHE)
def canonical(text: str) -> str:
    return " ".join(normalize(text).lower().split())


# Short forms written for the same word: a restatement that swaps one for the other is the same memory
# ("env variables" / "environment variables"). Only these whole words count, not prefixes in general:
# Java and JavaScript are different facts.
SHORT_FORMS = {
    "env": "environment",
    "config": "configuration",
    "repo": "repository",
    "prod": "production",
    "db": "database",
    "docs": "documentation",
    "auth": "authentication",
    "app": "application",
    "info": "information",
    "k8s": "kubernetes",
}


def _stem(term: str) -> str:
    return term[:-1] if len(term) > 3 and term.endswith("s") and not term.endswith("ss") else term


@lru_cache(maxsize=TEXT_CACHE)
def _terms(text: str) -> frozenset[str]:
    return frozenset(_stem(SHORT_FORMS.get(t, t)) for t in statement_terms(text))


def same_statement(a: str, b: str) -> bool:
    if canonical(a) == canonical(b):
        return True
    if contradicts(a, b):
        return False
    terms_a, terms_b = _terms(a), _terms(b)
    if terms_a == terms_b:
        return True
    smaller, larger = sorted((terms_a, terms_b), key=len)
    return bool(smaller) and smaller < larger and len(larger - smaller) <= MAX_ADDED_TERMS


def same_words(a: str, b: str) -> bool:
    """The same statement by its words alone (order, case, punctuation and short forms aside): what a
    write merges before any vector exists. Adding even one word waits for the vector check."""
    return _Words(a).same_as(b)


class _Words:
    """One text's side of :func:`same_words`, worked out once for comparing it with many stored texts.

    A write compares its text with up to 15 candidates; most differ in their words, and then the costlier
    contradiction check (numbers, codes, polarity) is not needed: both conditions must hold.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.canonical = canonical(text)
        self.terms = _terms(text)

    def same_as(self, other: str) -> bool:
        if canonical(other) == self.canonical:
            return True
        return bool(self.terms) and _terms(other) == self.terms and not contradicts(self.text, other)


def repeats(new: str, existing: str) -> bool:
    """``new`` says nothing that ``existing`` does not: the same statement, or a part of it.

    Merging a part into the whole loses nothing (the stored text stays), so the size of the rest does
    not matter here. Chinese is compared by dictionary words for this, not characters or character
    pairs: "用户喜欢咖啡" is no part of "用户喜欢咖啡色的衣服" (咖啡色 is brown).
    """
    if same_statement(new, existing):
        return True
    if contradicts(new, existing):
        return False
    part_words, whole_words = crosslang.words(new), crosslang.words(existing)
    if part_words is None or whole_words is None:
        return False
    part = {_stem(SHORT_FORMS.get(w, w)) for w in part_words}
    whole = {_stem(SHORT_FORMS.get(w, w)) for w in whole_words}
    return len(part) >= 3 and part < whole


def find_duplicate(
    store: EntryStore,
    user_id: str,
    content: str,
    vector: np.ndarray | None,
    threshold: float,
    *,
    exclude_rowid: int | None = None,
    older_than: int | None = None,
) -> tuple[int, Entry] | None:
    """The user's live entry that ``content`` repeats, if any (nearest first).

    Without a vector (at write time, before the embedding) only a repeat in the same words counts
    (:func:`same_words`), among the user's recent entries and the best keyword matches.
    With one, a paraphrase among the nearest vectors counts too. ``older_than`` keeps only entries
    stored before that rowid, so two paraphrases checked in turn merge one way, never into each other.
    """
    rowids: list[int] = []
    if vector is not None and store.has_vector_table():
        rowids = [r for r, sim in store.vector_search(user_id, vector, NEIGHBOURS + 1) if sim >= threshold]
    lexical = [*store.recent_rowids(user_id, 10), *(r for r, _ in store.keyword_search(user_id, content, NEIGHBOURS))]
    order = list(dict.fromkeys([*rowids, *lexical]))
    entries = store.get_many(order)
    words = _Words(content)
    for rowid in order:
        entry = entries.get(rowid)
        if (
            entry is None
            or entry.user_id != user_id
            or rowid == exclude_rowid
            or (older_than is not None and rowid >= older_than)
            or entry.archived_at
            or entry.type == "daily_summary"
        ):
            continue
        if words.same_as(entry.content) or (rowid in rowids and repeats(content, entry.content)):
            return rowid, entry
    return None
