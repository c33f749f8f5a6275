"""Search: the text match decides, popularity only breaks ties.

| stage     | finds                                                     | how                                  |
|-----------|-----------------------------------------------------------|--------------------------------------|
| exact     | the skill whose name is the query                         | always first                         |
| fuzzy     | typos and partial names (``pdf-tols`` → ``pdf-tools``)    | rapidfuzz ratio ≥ 75, partial ≥ 85    |
| keyword   | words in name, description, tags, body (BM25, CJK-safe)   | FTS5/tsvector; typos fixed by vocabulary |
| semantic  | paraphrases and other languages (optional, e5)            | cosine ≥ the model's relevance floor |

Each stage ranks its hits; Reciprocal Rank Fusion sums 1/(60 + rank). Results sort by (exact match,
fused score, downloads, name), so downloads only order skills the text ranks equally. Filters
(category, tag, compatibility) apply to the fused list, then it is paginated.

The index (names, vocabulary, optional embeddings) is kept in memory and rebuilt when the store's
``generation`` changes; the generation is read from the database on every search, so a registry instance
sees what another instance sharing its PostgreSQL database published at its next search.
"""

from __future__ import annotations

import logging
import threading
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from rapidfuzz import fuzz, process

from registry.store import RegistryStore
from servers.core.embedding import EmbedderUnavailable, LazyEmbedder
from servers.memory.text import content_terms, terms

log = logging.getLogger(__name__)
RRF_K = 60
POOL = 200
FUZZY_MIN = 75.0
TYPO_MIN = 80.0


@dataclass
class SearchPage:
    items: list[dict[str, Any]]
    total: int
    page: int
    per_page: int
    degraded: str | None = None
    corrected: list[str] = field(default_factory=list)


@dataclass
class _Index:
    generation: int
    skills: list[dict[str, Any]]
    by_rowid: dict[int, int]
    names: list[str]
    by_name: dict[str, int]
    vocab: set[str]
    vocab_list: list[str]
    matrix: np.ndarray | None = None


class RegistrySearch:
    def __init__(self, store: RegistryStore, embedder: LazyEmbedder | None = None) -> None:
        self.store = store
        self.embedder = embedder
        self._index: _Index | None = None
        self._lock = threading.Lock()

    def index(self) -> _Index:
        generation = self.store.generation()
        current = self._index
        if current is not None and current.generation == generation:
            return current
        with self._lock:
            if self._index is None or self._index.generation != generation:
                skills = self.store.all_skills()
                vocab = self.store.vocabulary()
                self._index = _Index(
                    generation,
                    skills,
                    {int(s["id"]): i for i, s in enumerate(skills)},
                    [s["name"] for s in skills],
                    {s["name"]: i for i, s in enumerate(skills)},
                    set(vocab),
                    [t for t in vocab if len(t) > 3 and not t.isdigit()],
                )
            return self._index

    def search(
        self,
        query: str,
        *,
        category: str | None = None,
        tag: str | None = None,
        compatibility: str | None = None,
        sort: str = "relevance",
        page: int = 1,
        per_page: int = 20,
    ) -> SearchPage:
        idx = self.index()
        query = query.strip()[:200]
        degraded: str | None = None
        corrected: list[str] = []
        if query:
            order, degraded, corrected = self._rank(idx, query)
        else:
            order = list(range(len(idx.skills)))
            sort = "popular" if sort == "relevance" else sort
        if sort == "popular":
            order.sort(key=lambda i: (-idx.skills[i]["downloads"], idx.skills[i]["name"]))
        elif sort == "recent":
            order.sort(key=lambda i: idx.skills[i]["updated_at"], reverse=True)
        elif sort == "name":
            order.sort(key=lambda i: idx.skills[i]["name"])
        wanted = [i for i in order if _passes(idx.skills[i], category, tag, compatibility)]
        start = (page - 1) * per_page
        items = [idx.skills[i] for i in wanted[start : start + per_page]]
        return SearchPage(items, len(wanted), page, per_page, degraded, corrected)

    def _rank(self, idx: _Index, query: str) -> tuple[list[int], str | None, list[str]]:
        # Each ranking is (item, score) best first; equal scores share a rank, so a tie in the text
        # match stays a tie after fusion and popularity can decide it.
        rankings: list[list[tuple[int, float]]] = []
        lowered = query.lower()
        rankings.append(self._fuzzy_names(idx, lowered))
        words, corrected = self._corrected_terms(idx, query)
        if words:
            hits = self.store.keyword_search(" ".join(words), POOL)
            rankings.append([(idx.by_rowid[r], -round(s, 6)) for r, s in hits if r in idx.by_rowid])
        degraded = None
        if self.embedder is not None:
            semantic, degraded = self._semantic(idx, query)
            rankings.append(semantic)
        fused: dict[int, float] = defaultdict(float)
        for ranking in rankings:
            rank, previous = 0, None
            for position, (i, score) in enumerate(ranking, start=1):
                if score != previous:
                    rank, previous = position, score
                fused[i] += 1.0 / (RRF_K + rank)
        exact_index = idx.by_name.get(lowered.replace(" ", "-"))
        exact = {exact_index} if exact_index is not None else set()
        for i in exact:
            fused.setdefault(i, 0.0)
        ordered = sorted(
            fused,
            key=lambda i: (i not in exact, -round(fused[i], 9), -idx.skills[i]["downloads"], idx.names[i]),
        )
        return ordered, degraded, corrected

    def _fuzzy_names(self, idx: _Index, lowered: str) -> list[tuple[int, float]]:
        """Near spellings of a whole name (ratio), and for a one-word query also a near spelling inside
        a longer name (partial ratio, "debuging" → "systematic-debugging"), weighted a little lower so a
        close whole-name spelling wins. rapidfuzz's WRatio does both but costs ~15× more at 10k names."""
        scores: dict[int, float] = {}
        for _, score, i in process.extract(lowered, idx.names, scorer=fuzz.ratio, limit=POOL, score_cutoff=FUZZY_MIN):
            scores[i] = float(score)
        if " " not in lowered and 3 <= len(lowered) <= 40:
            partial = process.extract(lowered, idx.names, scorer=fuzz.partial_ratio, limit=POOL, score_cutoff=85)
            for name, score, i in partial:
                if len(name) > len(lowered):  # the query inside a name, not a short name inside the query
                    scores[i] = max(scores.get(i, 0.0), round(0.9 * score, 2))
        return sorted(scores.items(), key=lambda pair: -pair[1])[:POOL]

    def _corrected_terms(self, idx: _Index, query: str) -> tuple[list[str], list[str]]:
        """Query terms, with each word the index has never seen replaced by its closest indexed word."""
        out: list[str] = []
        corrected: list[str] = []
        for term in content_terms(query) or terms(query):
            out.append(term)
            if term in idx.vocab or len(term) < 4 or not term.isascii() or not idx.vocab_list:
                continue
            best = process.extractOne(term, idx.vocab_list, scorer=fuzz.ratio, score_cutoff=TYPO_MIN)
            if best is not None:
                out.append(str(best[0]))
                corrected.append(f"{term}→{best[0]}")
        return out, corrected

    def _semantic(self, idx: _Index, query: str) -> tuple[list[tuple[int, float]], str | None]:
        assert self.embedder is not None
        try:
            model = self.embedder.get()
        except EmbedderUnavailable as exc:
            return [], f"{exc}; fuzzy and keyword search only"
        try:
            if idx.matrix is None:
                passages = [f"{s['name'].replace('-', ' ')}: {s['description']}" for s in idx.skills]
                vectors: list[list[float]] = list(model.embed_passages(passages)) if passages else []
                idx.matrix = np.asarray(vectors, dtype=np.float32).reshape(len(passages), -1)
            q = np.asarray(model.embed_query(query), dtype=np.float32)
        except Exception as exc:  # a remote embedder can fail per call; keyword search still answers
            log.warning("semantic registry search failed: %s", exc)
            return [], f"embedding failed ({exc}); fuzzy and keyword search only"
        if idx.matrix.size == 0:
            return [], None
        sims = idx.matrix @ q
        floor = model.calibration.relevant
        return [(int(i), round(float(sims[i]), 4)) for i in np.argsort(-sims)[:POOL] if sims[i] >= floor], None


def _passes(skill: dict[str, Any], category: str | None, tag: str | None, compatibility: str | None) -> bool:
    if category and skill.get("category") != category.lower():
        return False
    if tag and tag.lower() not in skill.get("tags", []):
        return False
    return not compatibility or compatibility.lower() in (skill.get("compatibility") or "").lower()
