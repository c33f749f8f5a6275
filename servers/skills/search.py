"""search_skills: fuzzy names, keywords and meaning, fused by Reciprocal Rank Fusion.

| retriever | finds                                                    | relevant when                  |
|-----------|----------------------------------------------------------|--------------------------------|
| fuzzy     | typos and partial names (``debuging`` → systematic-debugging) | rapidfuzz WRatio ≥ 70     |
| keyword   | the query's words in name + description + trigger keywords | any word, IDF-weighted         |
| semantic  | paraphrases and other languages (e5 embeddings)          | cosine ≥ the embedder's floor  |

Each retriever ranks its hits; a skill's fused score is Σ 1/(60 + rank), shown relative to the best
possible (first in every retriever that ran). When the embedder is unavailable the other two still
answer and ``degraded`` says why. Description vectors are cached in skills.db by text hash, so a
restart or a reload embeds only new or edited descriptions.
"""

from __future__ import annotations

import hashlib
import logging
from collections import defaultdict
from collections.abc import Sequence

import numpy as np
from rapidfuzz import fuzz, process

from servers.core.embedding import EmbedderUnavailable, LazyEmbedder
from servers.skills.matcher import DescriptionIndex
from servers.skills.meaning import passage
from servers.skills.models import SearchHit, SearchResult, Skill
from servers.skills.storage.store import SkillsStore
from servers.skills.text import terms

log = logging.getLogger(__name__)
RRF_K = 60
POOL = 50
FUZZY_MIN = 70.0


class SkillSearch:
    def __init__(self, store: SkillsStore, embedder: LazyEmbedder | None) -> None:
        self.store = store
        self.embedder = embedder
        self._built: tuple[int, list[Skill], DescriptionIndex, list[str]] | None = None
        self._matrix: tuple[int, np.ndarray] | None = None

    def _index(self, generation: int, skills: Sequence[Skill]) -> tuple[list[Skill], DescriptionIndex, list[str]]:
        if self._built is None or self._built[0] != generation:
            listed = list(skills)
            self._built = (generation, listed, DescriptionIndex(listed), [s.name for s in listed])
        return self._built[1], self._built[2], self._built[3]

    def coverage(self, query: str, skills: Sequence[Skill], generation: int) -> dict[str, float]:
        """Skill name → share of the query's words its name and description hold (any skill, no minimum)."""
        listed, index, _ = self._index(generation, skills)
        return {listed[i].name: c for i, (c, _) in index.score(terms(query), min_words=1).items()}

    def search(self, query: str, skills: Sequence[Skill], generation: int, limit: int, semantic: bool) -> SearchResult:
        listed, index, names = self._index(generation, skills)
        rankings: list[list[tuple[int, str]]] = []
        fuzzy = process.extract(query.lower(), names, scorer=fuzz.WRatio, limit=POOL, score_cutoff=FUZZY_MIN)
        rankings.append([(i, f"name ~{score:.0f}") for _, score, i in fuzzy])
        words = index.score(terms(query), min_words=1)
        by_cover = sorted(words.items(), key=lambda kv: -kv[1][0])[:POOL]
        rankings.append([(i, f"words: {', '.join(w)}") for i, (_, w) in by_cover])
        degraded = None
        if semantic:
            sem, degraded = self._semantic(query, listed, generation)
            rankings.append(sem)
        else:
            degraded = "semantic search is turned off (CAIRN_SKILLS__SEMANTIC_SEARCH=false)"
        fused: dict[int, float] = defaultdict(float)
        why: dict[int, list[str]] = defaultdict(list)
        for ranking in rankings:
            for rank, (i, reason) in enumerate(ranking, start=1):
                fused[i] += 1.0 / (RRF_K + rank)
                why[i].append(reason)
        best = sum(1.0 / (RRF_K + 1) for _ in rankings) or 1.0
        top = sorted(fused.items(), key=lambda kv: (-kv[1], listed[kv[0]].name))[:limit]
        return SearchResult(
            results=[
                SearchHit(
                    name=listed[i].name,
                    description=listed[i].description,
                    scope=listed[i].scope,
                    score=round(score / best, 4),
                    why=why[i],
                )
                for i, score in top
            ],
            degraded=degraded,
        )

    def _semantic(self, query: str, listed: list[Skill], generation: int) -> tuple[list[tuple[int, str]], str | None]:
        if self.embedder is None:
            return [], "no embedder configured; fuzzy and keyword search only"
        try:
            model = self.embedder.get()
        except EmbedderUnavailable as exc:
            return [], f"{exc}; fuzzy and keyword search only"
        try:
            matrix = self._vectors(model.name, listed, generation)
            q = model.embed_query(query)
        except Exception as exc:  # a remote embedder may fail per call; search still answers
            log.warning("semantic skill search failed: %s", exc)
            return [], f"embedding failed ({exc}); fuzzy and keyword search only"
        sims = matrix @ q
        floor = model.calibration.relevant
        order = [int(i) for i in np.argsort(-sims)[:POOL] if sims[i] >= floor]
        return [(i, f"meaning {sims[i]:.2f}") for i in order], None

    def _vectors(self, model: str, listed: list[Skill], generation: int) -> np.ndarray:
        if self._matrix is not None and self._matrix[0] == generation:
            return self._matrix[1]
        assert self.embedder is not None
        keys = [hashlib.sha256(f"{model}\n{passage(s)}".encode()).hexdigest() for s in listed]
        cached = self.store.vectors(keys)
        missing = [i for i, k in enumerate(keys) if k not in cached]
        if missing:
            fresh = self.embedder.get().embed_passages([passage(listed[i]) for i in missing])
            new = {keys[i]: np.asarray(fresh[j], dtype=np.float32).tobytes() for j, i in enumerate(missing)}
            self.store.put_vectors(new)
            cached.update(new)
        matrix = np.vstack([np.frombuffer(cached[k], dtype=np.float32) for k in keys]) if keys else np.zeros((0, 1))
        self._matrix = (generation, matrix)
        return matrix
