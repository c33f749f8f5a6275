"""Search: the text match decides, popularity only breaks ties.

| stage     | finds                                                     | how                                  |
|-----------|-----------------------------------------------------------|--------------------------------------|
| exact     | the skill whose name is the query                         | always first                         |
| fuzzy     | typos and partial names (``pdf-tols`` → ``pdf-tools``)    | rapidfuzz ratio ≥ 75, partial ≥ 85    |
| keyword   | words in name, description, tags, body (BM25, CJK-safe)   | FTS5/tsvector; typos fixed by vocabulary |
| semantic  | paraphrases and other languages (e5, on by default)       | cosine ≥ the model's relevance floor |

Each stage ranks its hits; Reciprocal Rank Fusion sums 1/(60 + rank). Results sort by (exact match,
fused score, downloads, name), so downloads only order skills the text ranks equally. The semantic stage
joins in once its model and vectors are ready (``registry/semantic.py``); until then results say so. Filters
(category, tag, compatibility) apply to the fused list, then it is paginated.

The semantic stage's query vector is computed on another thread while the fuzzy and keyword stages run
(``SemanticRanker.start_query``), and a query's fused ranking is kept until the index changes
(``RANKED_CACHE`` queries): the next page, another sort or filter reuse it. With ``semantic_wait_ms`` set,
a search whose query is not embedded by then answers from the other stages (``degraded`` says so) unless
they found nothing; an embedding already under way finishes and is kept, so the same query asked again gets
all stages, and one that had not begun is dropped.

The index (names, vocabulary, optional embeddings) is kept in memory and rebuilt when the store's
``generation`` changes; the generation is read from the database on every search, so a registry instance
sees what another instance sharing its PostgreSQL database published at its next search. Download counts
have their own counter: when only it moved, just the counts are reread, so "most downloaded" and the
counts shown in results always match the skill pages.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections import OrderedDict, defaultdict
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
from rapidfuzz import fuzz, process

from registry.semantic import SemanticRanker
from registry.store import RegistryStore
from servers.core.embedding import LazyEmbedder
from servers.core.text import content_terms, terms

# Product names people search by, and the words skills use instead: a skill for .pptx files rarely says
# "PowerPoint". Applied to the query only; what a skill is indexed under does not change.
ALIASES: dict[str, list[str]] = {
    "powerpoint": ["pptx", "slides"],
    "keynote": ["slides", "presentation"],
    "excel": ["xlsx", "spreadsheet"],
    "spreadsheets": ["xlsx"],
    "acrobat": ["pdf"],
}
RRF_K = 60
POOL = 200
FUZZY_MIN = 75.0
TYPO_MIN = 80.0
RANKED_CACHE = 512


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
    downloads: int
    skills: list[dict[str, Any]]
    by_rowid: dict[int, int]
    names: list[str]
    by_name: dict[str, int]
    vocab: set[str]
    vocab_list: list[str]
    by_initial: dict[str, list[str]]
    matrix: np.ndarray | None = None
    # query → (fused order, typo corrections): valid for this index only, so it goes when the index does.
    ranked: OrderedDict[str, tuple[list[int], list[str]]] = field(default_factory=OrderedDict)


class RegistrySearch:
    def __init__(
        self, store: RegistryStore, embedder: LazyEmbedder | None = None, *, semantic_wait_ms: float | None = None
    ) -> None:
        self.store = store
        self.semantic = SemanticRanker(embedder) if embedder is not None else None
        self.semantic_wait_ms = semantic_wait_ms
        self._index: _Index | None = None
        self._lock = threading.Lock()
        self._ranked_lock = threading.Lock()

    def index(self) -> _Index:
        generation, downloads = self.store.counters()
        current = self._index
        if current is not None and (current.generation, current.downloads) == (generation, downloads):
            return current
        with self._lock:
            current = self._index
            if current is not None and current.generation == generation and current.downloads != downloads:
                counts = self.store.download_counts()
                skills = [{**s, "downloads": counts.get(int(s["id"]), s["downloads"])} for s in current.skills]
                # Downloads break ties, so rankings made with the old counts are dropped.
                self._index = replace(current, downloads=downloads, skills=skills, ranked=OrderedDict())
            elif current is None or current.generation != generation:
                skills = self.store.all_skills()
                vocab = self.store.vocabulary()
                candidates = [t for t in vocab if len(t) > 3 and not t.isdigit()]
                self._index = _Index(
                    generation,
                    downloads,
                    skills,
                    {int(s["id"]): i for i, s in enumerate(skills)},
                    [s["name"] for s in skills],
                    {s["name"]: i for i, s in enumerate(skills)},
                    set(vocab),
                    candidates,
                    _by_initial(candidates),
                )
            assert self._index is not None
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
        with self._ranked_lock:
            cached = idx.ranked.get(query)
            if cached is not None:
                idx.ranked.move_to_end(query)
                return list(cached[0]), None, list(cached[1])
        order, degraded, corrected = self._rank_new(idx, query)
        if degraded is None:  # a ranking without its semantic stage is not kept: the stage may join soon
            with self._ranked_lock:
                idx.ranked[query] = (list(order), list(corrected))
                while len(idx.ranked) > RANKED_CACHE:
                    idx.ranked.popitem(last=False)
        return order, degraded, corrected

    def _rank_new(self, idx: _Index, query: str) -> tuple[list[int], str | None, list[str]]:
        # Each ranking is (item, score) best first; equal scores share a rank, so a tie in the text
        # match stays a tie after fusion and popularity can decide it.
        started = time.perf_counter()
        rankings: list[list[tuple[int, float]]] = []
        degraded = None
        matrix: np.ndarray | None = None
        vector: Future[np.ndarray] | None = None
        if self.semantic is not None:
            matrix, degraded = self._matrix(idx)
            if matrix is not None and matrix.size:
                vector = self.semantic.start_query(query)  # embedded while the other stages run
        lowered = query.lower()
        rankings.append(self._fuzzy_names(idx, lowered))
        words, corrected = self._corrected_terms(idx, query)
        if words:
            hits = self.store.keyword_search(" ".join(words), POOL)
            rankings.append([(idx.by_rowid[r], -round(s, 6)) for r, s in hits if r in idx.by_rowid])
        if self.semantic is not None and matrix is not None and vector is not None:
            wait_s = None
            if self.semantic_wait_ms is not None and any(rankings):  # with no text hits, meaning is all there is
                wait_s = max(0.0, self.semantic_wait_ms / 1000 - (time.perf_counter() - started))
            semantic, degraded = self.semantic.rank(matrix, vector, wait_s)
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
        """Query terms, plus the closest indexed word for each word the index has never seen.

        Two words the index knows only written together ("power point" → "powerpoint") are joined first,
        and are then not corrected one by one. A correction keeps the word's first letter: typos rarely
        hit it, and without that rule a short word finds a near but unrelated one ("power" → "owner")."""
        words = content_terms(query) or terms(query)
        out = list(words)
        corrected: list[str] = []
        joined: set[str] = set()
        for first, second in itertools.pairwise(words):
            if first + second in idx.vocab or first + second in ALIASES:
                out.append(first + second)
                joined |= {first, second}
                corrected.append(f"{first} {second}→{first + second}")
        for term in list(out):
            out += ALIASES.get(term, [])
        for term in words:
            if term in idx.vocab or term in joined or len(term) < 4 or not term.isascii() or not idx.vocab_list:
                continue
            candidates = idx.by_initial.get(term[0], [])
            best = process.extractOne(term, candidates, scorer=fuzz.ratio, score_cutoff=TYPO_MIN)
            if best is not None:
                out.append(str(best[0]))
                corrected.append(f"{term}→{best[0]}")
        return out, corrected

    def _matrix(self, idx: _Index) -> tuple[np.ndarray | None, str | None]:
        """The index's skill vectors (built once per index), or (None, why not) while they are not ready."""
        assert self.semantic is not None
        if idx.matrix is None:
            matrix, why_not = self.semantic.matrix(idx.skills)
            if matrix is None:
                return None, why_not
            idx.matrix = matrix
        return idx.matrix, None


def _by_initial(words: list[str]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = defaultdict(list)
    for word in words:
        groups[word[0]].append(word)
    return dict(groups)


def _passes(skill: dict[str, Any], category: str | None, tag: str | None, compatibility: str | None) -> bool:
    if category and skill.get("category") != category.lower():
        return False
    if tag and tag.lower() not in skill.get("tags", []):
        return False
    return not compatibility or compatibility.lower() in (skill.get("compatibility") or "").lower()
