"""Search: the text match decides, popularity only breaks ties.

| stage    | finds                                                  | how                                          |
|----------|--------------------------------------------------------|----------------------------------------------|
| exact    | the skill whose name is the query                      | always first                                 |
| fuzzy    | typos and partial names (``pdf-tols`` → ``pdf-tools``) | rapidfuzz ratio ≥ 75, partial ≥ 85           |
| keyword  | words in name, description, tags, body (BM25)          | FTS5/tsvector, spellings from ``query.py``   |
| semantic | paraphrases and other languages (USE, else e5)         | cosine ≥ the model's floor (``semantic.py``) |

Each stage ranks its hits; Reciprocal Rank Fusion sums 1/(60 + rank). Results sort by (exact match,
fused score, downloads, name), so downloads only order skills the text ranks equally.

Not every hit is a result. A search that finds nothing must say so ("xyzzyplugh", "cheap flights to
paris"), and an any-word keyword search always finds a skill whose body says "tomorrow" or "pattern".
With the semantic stage answering, a skill is a result when some stage vouches for it: its name (exact or
fuzzy), its meaning (similarity above the floor), or its words — a keyword hit that matches every word of
the query (each under any of its spellings: ``Query.units``). Keyword hits that match only some words
still add to the ranking of skills vouched for otherwise. Without the semantic stage (loading, failed,
off) every keyword hit stays a result, as meaning cannot be checked. An empty answer carries the most
downloaded skills as suggestions, and a corrected spelling comes back as ``did_you_mean``.

The semantic stage joins in once its model and vectors are ready (``registry/semantic.py``); until then
results say so. With the fast encoder configured (USE beside e5, ``CAIRN_SECOND_EMBEDDER``) it ranks once its
vectors are ready, since a new query costs a few milliseconds there instead of e5's tens; until then e5 ranks and
``degraded`` says the fast encoder is not there yet. Filters (category, tag, compatibility, licence) apply to the
fused list, then it is paginated.

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

import threading
import time
from collections import OrderedDict, defaultdict
from concurrent.futures import Future
from dataclasses import dataclass, field, replace

import numpy as np
from rapidfuzz import fuzz, process

from registry.query import Query, Vocabulary, analyse
from registry.semantic import SemanticRanker
from registry.storage.rows import Skill
from registry.storage.store import RegistryStore
from servers.core.crosslang import language_of
from servers.core.embedding import LazyEmbedder

RRF_K = 60
POOL = 200
FUZZY_MIN = 75.0
RANKED_CACHE = 512
COVERAGE_UNITS = 8  # a longer query is checked on its first words only: one keyword search per word
SUGGESTIONS = 5


@dataclass
class SearchPage:
    items: list[Skill]
    total: int
    page: int
    per_page: int
    degraded: str | None = None
    corrected: list[str] = field(default_factory=list)
    did_you_mean: str | None = None
    suggestions: list[Skill] = field(default_factory=list)  # when nothing was found


@dataclass
class _Ranked:
    order: list[int]
    degraded: str | None
    corrected: list[str]
    did_you_mean: str | None


@dataclass
class _Index:
    generation: int
    downloads: int
    skills: list[Skill]
    by_rowid: dict[int, int]
    names: list[str]
    by_name: dict[str, int]
    vocabulary: Vocabulary
    matrix: np.ndarray | None = None
    fast_matrix: np.ndarray | None = None  # the same skills' vectors from the fast encoder (USE)
    # query → its ranking: valid for this index only, so it goes when the index does.
    ranked: OrderedDict[str, _Ranked] = field(default_factory=OrderedDict)


class RegistrySearch:
    def __init__(
        self,
        store: RegistryStore,
        embedder: LazyEmbedder | None = None,
        *,
        semantic_wait_ms: float | None = None,
        fast: LazyEmbedder | None = None,
    ) -> None:
        self.store = store
        self.semantic = SemanticRanker(embedder) if embedder is not None else None
        # The fast encoder (USE) ranks by meaning once it has loaded and embedded the skills: a new query costs
        # 2-6 ms there against e5's 11-37 ms. Until then e5 ranks alone and ``degraded`` says so.
        self.fast = SemanticRanker(fast) if fast is not None and self.semantic is not None else None
        self.semantic_wait_ms = semantic_wait_ms
        self._index: _Index | None = None
        self._lock = threading.Lock()
        self._ranked_lock = threading.Lock()

    def published(self) -> None:
        """A skill was published: its vectors are made now, on the rankers' threads, by each model already
        loaded (a model still loading embeds every skill when it is ready), not by the next search."""
        for ranker in (self.semantic, self.fast):
            if ranker is not None and ranker.embedder.is_loaded:
                ranker.warm(self.store.all_skills)

    def index(self) -> _Index:
        generation, downloads = self.store.counters()
        current = self._index
        if current is not None and (current.generation, current.downloads) == (generation, downloads):
            return current
        with self._lock:
            current = self._index
            if current is not None and current.generation == generation and current.downloads != downloads:
                counts = self.store.download_counts()
                skills = [_with_downloads(s, counts.get(s.id, s.downloads)) for s in current.skills]
                # Downloads break ties, so rankings made with the old counts are dropped.
                self._index = replace(current, downloads=downloads, skills=skills, ranked=OrderedDict())
            elif current is None or current.generation != generation:
                skills = self.store.all_skills()
                self._index = _Index(
                    generation,
                    downloads,
                    skills,
                    {s.id: i for i, s in enumerate(skills)},
                    [s.name for s in skills],
                    {s.name: i for i, s in enumerate(skills)},
                    Vocabulary.of(self.store.vocabulary()),
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
        license: str | None = None,
        sort: str = "relevance",
        page: int = 1,
        per_page: int = 20,
    ) -> SearchPage:
        idx = self.index()
        query = query.strip()[:200]
        ranked = _Ranked(list(range(len(idx.skills))), None, [], None)
        if query:
            ranked = self._rank(idx, query)
        else:
            sort = "popular" if sort == "relevance" else sort
        order = ranked.order
        if sort == "popular":
            order.sort(key=lambda i: (-idx.skills[i].downloads, idx.skills[i].name))
        elif sort == "recent":
            order.sort(key=lambda i: idx.skills[i].updated_at, reverse=True)
        elif sort == "name":
            order.sort(key=lambda i: idx.skills[i].name)
        wanted = [i for i in order if _passes(idx.skills[i], category, tag, compatibility, license)]
        start = (page - 1) * per_page
        items = [idx.skills[i] for i in wanted[start : start + per_page]]
        suggestions: list[Skill] = []
        if not wanted:
            # An empty page still offers somewhere to go: what most people install.
            suggestions = sorted(idx.skills, key=lambda s: (-s.downloads, s.name))[:SUGGESTIONS]
        return SearchPage(
            items, len(wanted), page, per_page, ranked.degraded, ranked.corrected, ranked.did_you_mean, suggestions
        )

    def _rank(self, idx: _Index, query: str) -> _Ranked:
        with self._ranked_lock:
            cached = idx.ranked.get(query)
            if cached is not None:
                idx.ranked.move_to_end(query)
                return replace(cached, order=list(cached.order))
        ranked, complete = self._rank_new(idx, query)
        # A ranking without its semantic stage or the dictionary is not kept: they may join soon.
        if ranked.degraded is None and complete:
            with self._ranked_lock:
                idx.ranked[query] = replace(ranked, order=list(ranked.order))
                while len(idx.ranked) > RANKED_CACHE:
                    idx.ranked.popitem(last=False)
        return ranked

    def _rank_new(self, idx: _Index, query: str) -> tuple[_Ranked, bool]:
        # Each ranking is (item, score) best first; equal scores share a rank, so a tie in the text
        # match stays a tie after fusion and popularity can decide it.
        started = time.perf_counter()
        rankings: list[list[tuple[int, float]]] = []
        degraded = None
        matrix: np.ndarray | None = None
        vector: Future[np.ndarray] | None = None
        ranker = self.semantic
        if self.semantic is not None:
            ranker, matrix, degraded = self._matrix(idx)
            if matrix is not None and matrix.size:
                vector = ranker.start_query(query)  # embedded while the other stages run
        lowered = query.lower()
        names = self._fuzzy_names(idx, lowered)
        rankings.append(names)
        asked = analyse(query, idx.vocabulary, dictionary=self.semantic is not None)
        keyword: list[tuple[int, float]] = []
        if asked.terms:
            hits = self.store.keyword_search(" ".join(asked.terms), POOL)
            keyword = [(idx.by_rowid[r], -round(s, 6)) for r, s in hits if r in idx.by_rowid]
            rankings.append(keyword)
        semantic: list[tuple[int, float]] | None = None
        answered = False  # the semantic stage ranked (its floor applies, so a result needs a voucher)
        if ranker is not None and matrix is not None and vector is not None:
            wait_s = None
            if self.semantic_wait_ms is not None and any(rankings):  # with no text hits, meaning is all there is
                wait_s = max(0.0, self.semantic_wait_ms / 1000 - (time.perf_counter() - started))
            semantic, why_not = ranker.rank(matrix, vector, wait_s, cjk=language_of(query) == "zh")
            answered = why_not is None
            degraded = why_not or degraded
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
            key=lambda i: (i not in exact, -round(fused[i], 9), -idx.skills[i].downloads, idx.names[i]),
        )
        if semantic is not None and answered:
            vouched = exact | {i for i, _ in names} | {i for i, _ in semantic}
            vouched |= self._covering(idx, asked, {i for i, _ in keyword} - vouched)
            ordered = [i for i in ordered if i in vouched]
        # A corrected spelling is worth proposing when it found something; "paris → parties" found nothing.
        did_you_mean = asked.did_you_mean if ordered else None
        return _Ranked(ordered, degraded, asked.corrected, did_you_mean), asked.complete

    def _covering(self, idx: _Index, asked: Query, found: set[int]) -> set[int]:
        """The keyword hits in ``found`` that match every word of the query, each under one of its spellings.
        One keyword search per word (none when every hit is vouched for already), each up to ``POOL`` hits:
        at 10k skills a skill far down a common word's list counts as not matching it, which only keeps it
        from being a result on its words alone."""
        if len(asked.units) < 2 or not found:
            return found
        for unit in asked.units[:COVERAGE_UNITS]:
            hits = self.store.keyword_search(" ".join(unit.variants), POOL)
            found &= {idx.by_rowid[r] for r, _ in hits if r in idx.by_rowid}
            if not found:
                break
        return found

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

    def _matrix(self, idx: _Index) -> tuple[SemanticRanker, np.ndarray | None, str | None]:
        """The ranker to use and the index's skill vectors from it (built once per index): the fast encoder's
        when they are ready, else e5's with a note why; (e5's ranker, None, why not) while neither is ready."""
        assert self.semantic is not None
        fast_why = None
        if self.fast is not None:
            if idx.fast_matrix is None:
                matrix, fast_why = self.fast.matrix(idx.skills)
                idx.fast_matrix = matrix
            if idx.fast_matrix is not None:
                return self.fast, idx.fast_matrix, None
            spec = self.fast.embedder.spec
            error = self.fast.embedder.error
            fast_why = (
                f"{error}; meaning ranked by e5 alone"
                if error
                else f"the fast encoder ({spec}) is still loading or embedding the skills; meaning ranked by e5 alone"
            )
        if idx.matrix is None:
            matrix, why_not = self.semantic.matrix(idx.skills)
            if matrix is None:
                return self.semantic, None, why_not
            idx.matrix = matrix
        return self.semantic, idx.matrix, fast_why


def _with_downloads(skill: Skill, downloads: int) -> Skill:
    return skill if skill.downloads == downloads else skill.model_copy(update={"downloads": downloads})


def _passes(
    skill: Skill, category: str | None, tag: str | None, compatibility: str | None, license: str | None = None
) -> bool:
    if license and (skill.license or "").lower() != license.lower():
        return False
    if category and skill.category != category.lower():
        return False
    if tag and tag.lower() not in skill.tags:
        return False
    return not compatibility or compatibility.lower() in (skill.compatibility or "").lower()
