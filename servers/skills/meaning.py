"""Matching by meaning: e5 vectors of skills that declare no Cairn triggers, and how a task's vector meets them.

A task matches a skill's *name + description* (the text hosts show the model to choose a skill). Raw
cosines of the bundled embedder bunch together (0.75-0.90 for anything in the same broad field), and
some skills sit near every task: a description full of general words ("Claude", "code", "API") is a
*hub* that outranks the right skill for unrelated requests. Each skill therefore carries a bias: how
close the other skills' descriptions, read as queries, come to it on average, minus the library's
mean. Subtracting it ranks a skill by how much closer the task is to it than typical requests are.
Libraries of a few skills have too little to average over, so the bias shrinks towards zero there.

Vectors are cached in skills.db by text hash (shared with search_skills), so a restart or a reload
embeds only new or edited descriptions; query vectors of recent tasks are kept in memory.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from servers.core.embedding import EmbedderUnavailable, LazyEmbedder
from servers.core.recent import Recent
from servers.skills.models import Skill
from servers.skills.storage.store import SkillsStore

log = logging.getLogger(__name__)
# Below about this many other skills the average is noise; the bias is scaled by n / (n + SHRINK).
SHRINK = 10
QUERY_CACHE = 256


def passage(skill: Skill) -> str:
    """The text a skill is embedded as: its name in words, then its description."""
    return f"{skill.declared_name.replace('-', ' ')}: {skill.description}"


class MeaningIndex:
    """Passage vectors of ``skills`` (in order) and each skill's hub bias."""

    def __init__(self, skills: Sequence[Skill], passages: np.ndarray, as_queries: np.ndarray) -> None:
        self.skills = list(skills)
        self.matrix = np.ascontiguousarray(passages, dtype=np.float32)
        n = len(self.skills)
        if n < 2:
            self.bias = np.zeros(n, dtype=np.float32)
            return
        # Row i, column j: description i read as a request, against skill j. A skill's own row is left out.
        near = as_queries.astype(np.float32) @ self.matrix.T
        hub = (near.sum(axis=0) - np.diag(near)) / (n - 1)
        self.bias = ((hub - hub.mean()) * ((n - 1) / (n - 1 + SHRINK))).astype(np.float32)

    def cosines(self, query: np.ndarray) -> np.ndarray:
        return self.matrix @ query.astype(np.float32)


class Meaning:
    """Builds the :class:`MeaningIndex` of each library generation and embeds tasks, with caches."""

    def __init__(self, store: SkillsStore, embedder: LazyEmbedder | None) -> None:
        self.store = store
        self.embedder = embedder
        self._index: tuple[int, MeaningIndex] | None = None
        self._queries: Recent[str, np.ndarray] = Recent(QUERY_CACHE)
        self._lock = threading.Lock()

    def prepare(self, skills: Sequence[Skill], generation: int) -> tuple[MeaningIndex | None, str | None]:
        """The index for ``skills`` (embedding what is not cached yet), or None and why not."""
        cached = self._index
        if cached is not None and cached[0] == generation:
            return cached[1], None
        if self.embedder is None:
            return None, "no embedder configured; matched on keywords only"
        try:
            model = self.embedder.get()
        except EmbedderUnavailable as exc:
            return None, f"{exc}; matched on keywords only"
        with self._lock:  # one thread embeds; the others wait for its result instead of repeating it
            cached = self._index
            if cached is not None and cached[0] == generation:
                return cached[1], None
            try:
                texts = [passage(s) for s in skills]
                passages = self._cached(model.name, "", texts, model.embed_passages)
                as_queries = self._cached(model.name, "query\n", [s.description for s in skills], self._queries_of)
            except Exception as exc:  # a remote embedder may fail; matching still answers on keywords
                log.warning("embedding skills for matching failed: %s", exc)
                return None, f"embedding failed ({exc}); matched on keywords only"
            index = MeaningIndex(skills, passages, as_queries)
            self._index = (generation, index)
            return index, None

    def query(self, task: str) -> tuple[np.ndarray | None, str | None]:
        """The task's query vector (cached), or None and why not."""
        hit = self._queries.get(task)
        if hit is not None:
            return hit, None
        if self.embedder is None:
            return None, "no embedder configured; matched on keywords only"
        try:
            vector = np.asarray(self.embedder.get().embed_query(task), dtype=np.float32)
        except Exception as exc:
            log.warning("embedding a task for matching failed: %s", exc)
            return None, f"embedding the task failed ({exc}); matched on keywords only"
        self._queries.put(task, vector)
        return vector, None

    def _queries_of(self, texts: list[str]) -> np.ndarray:
        assert self.embedder is not None
        model = self.embedder.get()
        return np.vstack([model.embed_query(t) for t in texts]) if texts else np.zeros((0, model.dim))

    def _cached(self, model: str, kind: str, texts: list[str], embed: Callable[[list[str]], Any]) -> np.ndarray:
        """Vectors of ``texts``, from skills.db where possible. ``kind`` keeps query and passage vectors apart."""
        keys = [hashlib.sha256(f"{kind}{model}\n{t}".encode()).hexdigest() for t in texts]
        found = self.store.vectors(keys)
        missing = [i for i, k in enumerate(keys) if k not in found]
        if missing:
            fresh = embed([texts[i] for i in missing])
            new = {keys[i]: np.asarray(fresh[j], dtype=np.float32).tobytes() for j, i in enumerate(missing)}
            self.store.put_vectors(new)
            found.update(new)
        if not keys:
            return np.zeros((0, 1), dtype=np.float32)
        return np.vstack([np.frombuffer(found[k], dtype=np.float32) for k in keys])
