"""Matching by meaning: e5 vectors of skills that declare no Cairn triggers, and how a task's vector meets them.

A task matches a skill's *name + description* (the text hosts show the model to choose a skill). Raw
cosines of the bundled embedder bunch together (0.75-0.90 for anything in the same broad field), and
some skills sit near every task: a description full of general words ("Claude", "code", "API") is a
*hub* that outranks the right skill for unrelated requests. Each skill therefore carries a bias: how
close the other skills' descriptions, read as queries, come to it on average, minus the library's
mean. Subtracting it ranks a skill by how much closer the task is to it than typical requests are.
Libraries of a few skills have too little to average over, so the bias shrinks towards zero there.

With a second encoder (USE) loaded beside e5, each skill also has a USE vector of its name, description and the
start of its body, and the two models' fits are fused (:meth:`MeaningIndex.fit`).

Vectors (of both models) are cached in skills.db by text hash (shared with search_skills), so a restart or a reload
embeds only new or edited descriptions; query vectors of recent tasks are kept in memory.
"""

from __future__ import annotations

import contextlib
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
# How much of a skill's body (whitespace collapsed) the second encoder reads after name + description: on the
# tuning split 600 characters beat none and 1,500-4,000 (USE averages its tokens; a long body dilutes them).
BODY_CHARS = 600
# Mean and standard deviation of each model's library-adjusted cosine over all scores of the tuning split of
# bench/skills/user_skills_eval.jsonl against the 153 corpus skills (every task × every skill).
SPREAD = {"e5": (0.782, 0.0272), "use": (0.0831, 0.0932)}


def passage(skill: Skill) -> str:
    """The text a skill is embedded as: its name in words, then its description."""
    return f"{skill.declared_name.replace('-', ' ')}: {skill.description}"


def second_passage(skill: Skill) -> str:
    """The text the second encoder embeds: the passage, then the start of the body (when BODY_CHARS > 0)."""
    if BODY_CHARS <= 0:
        return passage(skill)
    return f"{passage(skill)}\n{' '.join(skill.body.split())[:BODY_CHARS]}"


class MeaningIndex:
    """Passage vectors of ``skills`` (in order) and each skill's hub bias, for one model; optionally fused with a
    second model's index over the same skills (:meth:`fused`)."""

    def __init__(self, skills: Sequence[Skill], passages: np.ndarray, as_queries: np.ndarray) -> None:
        self.skills = list(skills)
        self.matrix = np.ascontiguousarray(passages, dtype=np.float32)
        self.second: MeaningIndex | None = None
        self.weight = 0.0
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

    def fused(self, second: MeaningIndex, weight: float) -> MeaningIndex:
        """This index with ``second`` (the other model's index of the same skills) fused in at ``weight``."""
        out = MeaningIndex.__new__(MeaningIndex)
        out.skills, out.matrix, out.bias = self.skills, self.matrix, self.bias
        out.second, out.weight = second, weight
        return out

    def fit(
        self, query: np.ndarray, second_query: np.ndarray | None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        """Raw cosines, the library-adjusted fit of every skill (in e5's units), and the second model's cosines.

        Fused: each model's adjusted cosine is standardised with that model's spread over all scores (fixed
        constants, :data:`SPREAD`, not per query: standardising per query lifts the best of a request that
        nothing fits, a near miss, to the level of a real match), the two are averaged with ``weight`` for the
        second, and the result is put back on e5's scale so keyword shares keep their meaning."""
        cosines = self.cosines(query)
        adjusted = cosines - self.bias
        if self.second is None or second_query is None:
            return cosines, adjusted, None
        other = self.second.cosines(second_query)
        (mean, spread), (mean2, spread2) = SPREAD["e5"], SPREAD["use"]
        z = (adjusted - mean) / spread + self.weight * (other - self.second.bias - mean2) / spread2
        return cosines, (mean + spread * z / (1 + self.weight)).astype(np.float32), other


class Meaning:
    """Builds the :class:`MeaningIndex` of each library generation and embeds tasks, with caches.

    With a ``second`` encoder (USE) the index is fused once that encoder has loaded and embedded the skills;
    until then matching uses e5 alone and says so, and no request waits for the second encoder: it loads and
    embeds on the warm-up thread (:meth:`warm_second`), or on a thread a request starts."""

    def __init__(
        self, store: SkillsStore, embedder: LazyEmbedder | None, second: LazyEmbedder | None = None, weight: float = 1.0
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.second = second if embedder is not None else None
        self.weight = weight
        self._index: tuple[int, MeaningIndex] | None = None
        self._fused: tuple[int, MeaningIndex] | None = None
        self._queries: Recent[str, np.ndarray] = Recent(QUERY_CACHE)
        self._second_queries: Recent[str, np.ndarray] = Recent(QUERY_CACHE)
        self._lock = threading.Lock()
        self._second_lock = threading.Lock()
        self._building: threading.Thread | None = None

    def prepare(self, skills: Sequence[Skill], generation: int) -> tuple[MeaningIndex | None, str | None]:
        """The index for ``skills`` (embedding what is not cached yet), or None and why not.

        The index is the fused one when the second encoder is ready for this generation; else e5's, with a note
        saying why the second encoder is not in it."""
        index, why = self._primary(skills, generation)
        if index is None or self.second is None:
            return index, why
        fused = self._fused
        if fused is not None and fused[0] == generation:
            return fused[1], None
        model = self.second.loaded()
        if model is None:
            if self.second.error is not None:
                return index, f"{self.second.error}; matched by meaning with e5 alone"
            self.second.start_background_load()  # idempotent: a load under way is not started twice
            return index, f"the second encoder ({self.second.spec}) is still loading; matched by meaning with e5 alone"
        self._build_later(skills, generation)
        return index, f"{model.name} is embedding the skills; matched by meaning with e5 alone"

    def warm_second(self, skills: Sequence[Skill], generation: int) -> None:
        """Load the second encoder and build the fused index now (on a warm-up thread: this takes seconds)."""
        if self.second is None or not skills:
            return
        with contextlib.suppress(EmbedderUnavailable):  # kept by the embedder, reported by prepare()
            self.second.get()
            self._build(skills, generation)

    def _build_later(self, skills: Sequence[Skill], generation: int) -> None:
        with self._second_lock:
            if self._building is not None and self._building.is_alive():
                return
            self._building = threading.Thread(
                target=self._build, args=(list(skills), generation), name="skills-meaning-use", daemon=True
            )
            self._building.start()

    def _build(self, skills: Sequence[Skill], generation: int) -> None:
        assert self.second is not None
        index, _ = self._primary(skills, generation)
        model = self.second.loaded()
        if index is None or model is None:
            return
        fused = self._fused
        if fused is not None and fused[0] == generation:
            return
        try:
            passages = self._cached(model.name, "", [second_passage(s) for s in skills], model.embed_passages)
            # USE is symmetric: a description read as a request is its passage vector, no second embedding.
            second = MeaningIndex(skills, passages, passages)
        except Exception as exc:  # matching stays on e5 alone; the next prepare() tries again
            log.warning("embedding skills with %s failed: %s", model.name, exc)
            return
        self._fused = (generation, index.fused(second, self.weight))

    def _primary(self, skills: Sequence[Skill], generation: int) -> tuple[MeaningIndex | None, str | None]:
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

    def second_query(self, task: str, index: MeaningIndex) -> tuple[np.ndarray | None, str | None]:
        """The task's vector from the second encoder when ``index`` is fused (cached), else None."""
        if index.second is None or self.second is None:
            return None, None
        hit = self._second_queries.get(task)
        if hit is not None:
            return hit, None
        model = self.second.loaded()
        if model is None:
            return None, None
        try:
            vector = np.asarray(model.embed_query(task), dtype=np.float32)
        except Exception as exc:
            log.warning("embedding a task with %s failed: %s", model.name, exc)
            return None, f"embedding the task with {model.name} failed ({exc}); matched by meaning with e5 alone"
        self._second_queries.put(task, vector)
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
