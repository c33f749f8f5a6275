"""The memory domain API: what the MCP tools, the CLI, hooks and benchmarks all call.

Nothing here knows about MCP. Bad input raises :class:`MemoryInputError`, unknown ids raise
:class:`EntryNotFound`; the server turns both into tool errors. Every read and write takes the
user id, and every query is scoped by it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from servers.core import crosslang
from servers.core.embedding import Embedder, EmbedderUnavailable, LazyEmbedder, create_embedder
from servers.core.embedding.batching import MAX_BATCH, BatchedQueries
from servers.core.events import EventBus, default_bus
from servers.core.llm import LLMClient, create_llm
from servers.core.recent import Recent
from servers.core.settings import CoreSettings
from servers.core.storage import Database
from servers.memory import search
from servers.memory.dedupe import find_duplicate, preference_threshold
from servers.memory.embed_queue import ADMIT_WAIT_S, MAX_BACKLOG, EmbedQueue, Pending
from servers.memory.extract import Message, ToolCall, classify_task, flush_candidates, normalize_outcome, task_summary
from servers.memory.files import UserFiles
from servers.memory.models import (
    ENTRY_TYPES,
    MAX_KEYWORD_CHARS,
    MAX_KEYWORDS,
    MAX_SLOT_KEY_CHARS,
    MAX_SLOT_VALUE_CHARS,
    MAX_SLOTS,
    CaptureResult,
    Entry,
    EntryNotFound,
    FlushResult,
    MemoryInputError,
    RecallHit,
    RecallResult,
    WriteResult,
    check_user_id,
)
from servers.memory.rewrite import QueryRewriter
from servers.memory.storage.backend import EntryStore, SqlDatabase, open_store
from servers.memory.storage.rows import new_id, now_iso

# numpy is imported inside the functions that compute with vectors: a start that has none never loads it.
if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger(__name__)

DURABLE_TYPES = frozenset({"preference", "decision", "fact"})
BROWSE_SCAN = 5000  # newest entries a filtered browse looks through
BROWSE_CHUNK = 250
Submit = Callable[[Pending], None]


class _Semantic(NamedTuple):
    """The vector half of a recall under way: its search, and the query embeddings it waits for."""

    job: Future[list[tuple[int, float]]]
    queries: list[Future[np.ndarray] | str]


def _merged_type(existing: str, new: str) -> str | None:
    """A repeat that says what kind of memory it is upgrades a generic note; otherwise the type stays."""
    return new if existing in ("note", "auto_flush", "auto_capture") and new in DURABLE_TYPES else None


@contextmanager
def _no_slot() -> Iterator[Submit | None]:
    yield None


def _same_session(entry: Entry, session_id: str | None) -> bool:
    """Whether ``session_id`` already saw ``entry``: a repeat within one session is not another sighting (the
    flush before compaction and the session's end may both store what one prompt stated)."""
    return session_id is not None and session_id in (entry.session_id, entry.slots.get("session_id"))


class MemoryService:
    def __init__(
        self,
        settings: CoreSettings,
        *,
        embedder: LazyEmbedder | None = None,
        bus: EventBus | None = None,
        db: Database | None = None,
        max_backlog: int = MAX_BACKLOG,
        admit_wait_s: float = ADMIT_WAIT_S,
        llm: LLMClient | None = None,
    ) -> None:
        self.settings = settings
        self.config = settings.memory
        self.root: Path = settings.data_dir("memory")
        # SQLite in the data dir unless CAIRN_DATABASE_URL names PostgreSQL (servers/memory/storage/backend.py).
        self.store: EntryStore = open_store(settings, db)
        self.db: SqlDatabase = self.store.db
        self.embedder = embedder or create_embedder(settings.embedder, query_batch_ms=settings.query_batch_ms)
        self.bus = bus or default_bus()
        self.fusion = search.FusionConfig(k=self.config.rrf_k)
        # The vector half of a recall runs here while the keyword half runs on the caller's thread. Most of a
        # worker's time is waiting for its query embedding, and concurrent recalls' embeddings share one forward
        # pass only when they wait together (servers/core/embedding/batching.py): as many workers as a batch
        # holds, or with micro-batching off the two cores.
        workers = MAX_BATCH if settings.query_batch_ms > 0 else 2
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="memory-semantic")
        self._vector_cache: Recent[tuple[str, str], np.ndarray] = Recent(256)
        # Writes return before their embedding: this per-process batcher makes the vectors (see embed_queue).
        self.embed_queue = EmbedQueue(self._embed_pending, max_backlog=max_backlog, admit_wait_s=admit_wait_s)
        # Other wordings of recall queries from an LLM, when asked for (servers/memory/rewrite.py).
        if llm is None and self.config.llm_query_rewrite:
            llm = create_llm(settings.llm_model, self.config.llm_rewrite_timeout_ms / 1000)
        self.rewriter = (
            QueryRewriter(llm, self.config.max_query_chars) if llm and self.config.llm_query_rewrite else None
        )

    def close(self) -> None:
        self.embed_queue.close()
        self._executor.shutdown(wait=False, cancel_futures=True)
        self.store.close()

    def wait_for_vectors(self, timeout: float | None = 60.0) -> bool:
        """Wait until every entry written so far by this process is embedded and dedupe-checked."""
        return self.embed_queue.drain(timeout)

    def embed_missing_in_background(self) -> None:
        """Embed, in the background, entries stored without a vector (a killed process leaves them)."""
        self.embed_queue.sweep(self._missing_vectors)

    # --- vectors ---------------------------------------------------------------------------------

    def vectors(self, *, wait_s: float | None = None) -> tuple[Embedder | None, str | None]:
        """The embedder when its vectors can be used, else (None, reason)."""
        if (
            not self.embedder.is_loaded
            and wait_s is not None
            and self.embedder.error is None
            and not self.embedder.wait_loaded(wait_s)
        ):
            self.embedder.start_background_load()
            return None, "the embedding model is still loading; keyword search only"
        crosslang.preload()  # the passage renderings' dictionary loads while the model does
        try:
            embedder = self.embedder.get()
        except EmbedderUnavailable as exc:
            return None, f"{exc}; keyword search only"
        stored = self.store.vector_model()
        if stored is None:
            self.store.ensure_vector_table(embedder.name, embedder.dim)
        elif stored != (embedder.name, embedder.dim):
            return None, (
                f"stored vectors were made by {stored[0]} ({stored[1]} dims) but the configured embedder is "
                f"{embedder.name} ({embedder.dim} dims): run `cairn memory reembed`; keyword search only"
            )
        return embedder, None

    def _queues_vectors(self) -> bool:
        """Whether a new entry will get a vector: not when the embedder failed to load or the stored
        vectors are another model's (then keyword recall only, until `cairn memory reembed`)."""
        if self.embedder.error is not None:
            return False
        if not self.embedder.is_loaded:
            return True  # still loading: the batcher waits for it
        return self.vectors()[0] is not None

    def _missing_vectors(self, after_rowid: int, limit: int) -> list[Pending]:
        embedder, _ = self.vectors()
        if embedder is None:
            return []
        rows = self.store.missing_vectors(embedder.name, limit, after_rowid)
        return [Pending(rowid, owner, content, dedupe=False) for rowid, owner, content in rows]

    def _embed_pending(self, batch: list[Pending]) -> None:
        """The batcher's work: one embedding call for the batch, then each vector and its paraphrase check."""
        embedder, reason = self.vectors()
        if embedder is None:
            log.warning("%d memory entries stored without a vector: %s", len(batch), reason)
            return
        rows = self.store.get_many(p.rowid for p in batch)
        todo = [
            p
            for p in batch
            if (e := rows.get(p.rowid)) is not None
            and e.archived_at is None
            and e.content == p.content
            and e.embedding_model != embedder.name
        ]
        if not todo:
            return
        # Embedded with a word-by-word rendering in the other language: cross-language recall.
        vectors = embedder.embed_passages([crosslang.passage(p.content) for p in todo])
        _, dup_threshold, _ = self.thresholds()
        wish_threshold = preference_threshold(embedder.name, dup_threshold)
        for item, vector in zip(todo, vectors, strict=True):
            preference = wish_threshold if rows[item.rowid].type == "preference" else None
            try:
                if self._store_vector(item, vector, embedder.name) and item.dedupe:
                    self._merge_paraphrase(item, vector, dup_threshold, preference)
            except Exception:  # one entry's failure (deleted meanwhile, a lost connection) spares the rest
                log.exception("could not store the vector of memory entry %d", item.rowid)

    def _store_vector(self, item: Pending, vector: np.ndarray, model: str) -> bool:
        """Store the vector unless the entry was changed, archived or deleted since it was queued."""
        return self.store.set_vector_if_current(item.rowid, item.user_id, item.content, vector, model)

    def _merge_paraphrase(
        self, item: Pending, vector: np.ndarray, threshold: float, preference: float | None = None
    ) -> None:
        """Fold a just-embedded entry into an older live entry of the same user that it repeats.

        The same test as a write's duplicate check (close vectors and the same numbers, names, codes and
        polarity); a preference (``preference`` is then its cosine bar) also folds into an older preference
        stating the same wish in other words. The newer entry is archived as "merged into <id>", so its id
        still reads.
        """
        found = find_duplicate(
            self.store,
            item.user_id,
            item.content,
            vector,
            threshold,
            exclude_rowid=item.rowid,
            older_than=item.rowid,
            preference=preference,
        )
        if found is None:
            return
        keep_rowid = found[0]
        with self.store.db.transaction():
            rows = self.store.get_many([keep_rowid, item.rowid])
            keep, new = rows.get(keep_rowid), rows.get(item.rowid)
            if keep is None or new is None or keep.archived_at or new.archived_at or keep.user_id != new.user_id:
                return  # changed meanwhile: nothing to merge
            self.store.update(
                keep_rowid,
                seen_count=keep.seen_count + (0 if _same_session(keep, new.session_id) else new.seen_count),
                keywords=list(dict.fromkeys([*keep.keywords, *new.keywords])),
                slots={**keep.slots, **new.slots},
                type=_merged_type(keep.type, new.type),
            )
            self.store.archive(item.rowid, f"merged into {keep.id}")
        self.bus.publish_nowait(
            "memory.written",
            {"id": keep.id, "user_id": keep.user_id, "merged": True, "merged_from": new.id},
            session_id=new.session_id,
        )

    def thresholds(self) -> tuple[float, float, float]:
        """(relevant, duplicate, merge) cosine thresholds: settings override the embedder's own."""
        embedder, _ = self.vectors()
        base = embedder.calibration if embedder else None
        relevant = (
            self.config.semantic_floor if self.config.semantic_floor is not None else (base.relevant if base else 0.0)
        )
        dup = (
            self.config.dedupe_similarity
            if self.config.dedupe_similarity is not None
            else (base.duplicate if base else 1.0)
        )
        merge = (
            self.config.merge_similarity if self.config.merge_similarity is not None else (base.merge if base else 1.0)
        )
        return relevant, dup, merge

    # --- validation --------------------------------------------------------------------------------

    def _check_content(self, content: str) -> str:
        text = content.strip()
        if not text:
            raise MemoryInputError("content is empty: write the text to remember")
        if len(text) > self.config.max_content_chars:
            raise MemoryInputError(
                f"content is {len(text):,} characters; the limit is {self.config.max_content_chars:,}. "
                "Split it into smaller memories or summarise it."
            )
        return text

    @staticmethod
    def _check_keywords(keywords: list[str] | None) -> list[str]:
        if keywords is None:
            return []
        if len(keywords) > MAX_KEYWORDS:
            raise MemoryInputError(f"{len(keywords)} keywords given; at most {MAX_KEYWORDS}")
        cleaned: list[str] = []
        for kw in keywords:
            kw = kw.strip()
            if not kw or len(kw) > MAX_KEYWORD_CHARS:
                raise MemoryInputError(f"keyword {kw!r} must be 1-{MAX_KEYWORD_CHARS} characters")
            if kw.lower() not in (c.lower() for c in cleaned):
                cleaned.append(kw)
        return cleaned

    @staticmethod
    def _check_slots(slots: dict[str, str] | None) -> dict[str, str]:
        if slots is None:
            return {}
        if len(slots) > MAX_SLOTS:
            raise MemoryInputError(f"{len(slots)} slots given; at most {MAX_SLOTS}")
        for key, value in slots.items():
            if not key or len(key) > MAX_SLOT_KEY_CHARS:
                raise MemoryInputError(f"slot name {key!r} must be 1-{MAX_SLOT_KEY_CHARS} characters")
            if len(value) > MAX_SLOT_VALUE_CHARS:
                raise MemoryInputError(f"slot {key!r} is longer than {MAX_SLOT_VALUE_CHARS} characters")
        return dict(slots)

    @staticmethod
    def _check_type(type_: str) -> str:
        if type_ not in ENTRY_TYPES:
            raise MemoryInputError(f"type {type_!r} is not one of {', '.join(ENTRY_TYPES)}")
        return type_

    def _expiry(self, type_: str, ttl_days: int | None) -> str | None:
        if ttl_days is not None:
            if not 1 <= ttl_days <= 36_500:
                raise MemoryInputError("ttl_days must be between 1 and 36500")
            return (datetime.now(UTC) + timedelta(days=ttl_days)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        return None

    # --- writing -----------------------------------------------------------------------------------

    def write(
        self,
        content: str,
        user_id: str = "default",
        *,
        keywords: list[str] | None = None,
        slots: dict[str, str] | None = None,
        type: str = "note",
        ttl_days: int | None = None,
        source: str = "tool",
        session_id: str | None = None,
        trace: list[dict[str, Any]] | None = None,
        dedupe: bool = True,
    ) -> WriteResult:
        user_id = check_user_id(user_id)
        text = self._check_content(content)
        kws = self._check_keywords(keywords)
        slot_map = self._check_slots(slots)
        type_ = self._check_type(type)
        expires_at = self._expiry(type_, ttl_days)
        if dedupe:
            # An exact repeat is merged now; a paraphrase once the entry is embedded (_merge_paraphrase).
            found = find_duplicate(self.store, user_id, text, None, 1.0)
            if found is not None:
                rowid, existing = found
                self.store.update(
                    rowid,
                    seen_count=existing.seen_count + (0 if _same_session(existing, session_id) else 1),
                    keywords=list(dict.fromkeys([*existing.keywords, *kws])),
                    slots={**existing.slots, **slot_map},
                    type=_merged_type(existing.type, type_),
                )
                self.bus.publish_nowait(
                    "memory.written", {"id": existing.id, "user_id": user_id, "merged": True}, session_id=session_id
                )
                return WriteResult(id=existing.id, merged_into=existing.id, vector="existing")
        stamp = now_iso()
        entry = Entry(
            id=new_id(),
            user_id=user_id,
            type=type_,
            content=text,
            keywords=kws,
            slots=slot_map,
            source=source,
            session_id=session_id,
            trace=trace,
            created_at=stamp,
            updated_at=stamp,
            expires_at=expires_at,
        )
        queued = self._queues_vectors()
        # Room in the backlog is taken before the entry is stored: a write that cannot get it stores nothing.
        with self._slot(queued) as submit:
            rowid = self.store.insert(entry)
            if submit is not None:
                submit(Pending(rowid, user_id, text, dedupe=dedupe))
        self.bus.publish_nowait(
            "memory.written", {"id": entry.id, "user_id": user_id, "merged": False}, session_id=session_id
        )
        return WriteResult(id=entry.id, merged_into=None, vector="pending" if queued else "unavailable")

    def _slot(self, queued: bool) -> AbstractContextManager[Submit | None]:
        return self.embed_queue.slot() if queued else _no_slot()

    # --- recall --------------------------------------------------------------------------------------

    def _query_vector(self, embedder: Embedder, query: str) -> np.ndarray:
        """Query vectors are cached: hosts repeat the same recall within a session."""
        key = (embedder.name, query)
        cached = self._vector_cache.get(key)
        if cached is not None:
            return cached
        vector = embedder.embed_query(query)
        self._vector_cache.put(key, vector)
        return vector

    def _submit_queries(self, model: Embedder, wordings: list[str]) -> list[Future[np.ndarray] | str]:
        """Hand each new wording to the micro-batcher now, so it can share a forward pass with other recalls'
        and be dropped from its batch if this recall gives up; a cached one (or, without batching, every one)
        stays a text that the semantic worker embeds itself."""
        if not isinstance(model, BatchedQueries):
            return list(wordings)
        out: list[Future[np.ndarray] | str] = []
        for text in wordings:
            key = (model.name, text)
            if self._vector_cache.get(key) is not None:
                out.append(text)
                continue
            future = model.submit_query(text)
            future.add_done_callback(partial(self._keep_query_vector, key))
            out.append(future)
        return out

    def _overloaded(self, model: Embedder, wordings: list[str]) -> str | None:
        """Why the vector half is skipped at once, if the queries ahead in the batcher would already take longer
        than this recall may wait: it would time out anyway, and its embedding would only slow the others."""
        if not isinstance(model, BatchedQueries) or not model.batcher.busy():
            return None  # nothing ahead: a lone slow query is given its chance and times out as any would
        if all(self._vector_cache.get((model.name, text)) is not None for text in wordings):
            return None
        budget_s = self.config.semantic_timeout_ms / 1000 * len(wordings)
        expected = model.batcher.expected_wait_s() * len(wordings)
        if expected <= budget_s:
            return None
        return (
            f"semantic search is overloaded (queries waiting for the model would take ~{expected * 1000:.0f} ms, over "
            f"the {budget_s * 1000:.0f} ms allowed); keyword search only"
        )

    def _keep_query_vector(self, key: tuple[str, str], future: Future[np.ndarray]) -> None:
        if not future.cancelled() and future.exception() is None:
            self._vector_cache.put(key, future.result())

    def _start_semantic(self, user_id: str, wordings: list[str], k: int) -> tuple[_Semantic | None, str | None]:
        """Start the vector half of a recall in the background, so keyword search runs meanwhile."""
        embedder, reason = self.vectors(wait_s=self.config.semantic_timeout_ms / 1000)
        if embedder is None:
            return None, reason
        shed = self._overloaded(embedder, wordings)
        if shed is not None:
            return None, shed
        queries = self._submit_queries(embedder, wordings)
        return _Semantic(self._executor.submit(self._semantic_hits, user_id, embedder, queries, k), queries), None

    def _semantic_hits(
        self, user_id: str, model: Embedder, queries: list[Future[np.ndarray] | str], k: int
    ) -> list[tuple[int, float]]:
        """The user's ``k`` nearest entries to the query; with other wordings of it, by the mean similarity.

        The mean, not each entry's best: e5 similarities of different wordings are not on one scale (a
        Chinese translation lands closer to every Chinese note than the English query to its answer), so
        the best-of rule let one wording's near misses bury the others' hits (bench/RESULTS.md). The mean
        of cosines is the cosine with the mean vector, rescaled: one search, on the calibrated scale."""
        import numpy as np

        vectors = [q.result() if isinstance(q, Future) else self._query_vector(model, q) for q in queries]
        if len(vectors) == 1:
            return self.store.vector_search(user_id, vectors[0], k)
        mean = np.mean([v / (float(np.linalg.norm(v)) or 1.0) for v in vectors], axis=0)
        norm = float(np.linalg.norm(mean))
        if norm == 0.0:
            return []
        return [(rowid, similarity * norm) for rowid, similarity in self.store.vector_search(user_id, mean / norm, k)]

    def _finish_semantic(
        self, pending: _Semantic, started: float, budget_s: float
    ) -> tuple[list[tuple[int, float]] | None, str | None]:
        remaining = budget_s - (time.monotonic() - started)
        try:
            return pending.job.result(timeout=max(remaining, 0.001)), None
        except FutureTimeout:
            # Given up: a query still waiting for its batch is taken out of it, so an overloaded server does
            # not go on embedding queries nobody waits for any more.
            pending.job.cancel()
            for query in pending.queries:
                if isinstance(query, Future):
                    query.cancel()
            return None, f"semantic search took longer than {budget_s * 1000:.0f} ms; keyword search only"
        except Exception as exc:
            log.warning("semantic search failed: %s", exc)
            return None, f"semantic search failed ({exc}); keyword search only"

    def recall(
        self,
        query: str,
        user_id: str = "default",
        *,
        limit: int = 5,
        mode: str = "hybrid",
        filters: dict[str, Any] | None = None,
        min_score: float | None = None,
    ) -> RecallResult:
        user_id = check_user_id(user_id)
        query = query.strip()
        if not query:
            raise MemoryInputError("query is empty: say what to recall")
        if len(query) > self.config.max_query_chars:
            raise MemoryInputError(f"query is {len(query):,} characters; the limit is {self.config.max_query_chars:,}")
        if not 1 <= limit <= 50:
            raise MemoryInputError("limit must be between 1 and 50")
        if mode not in ("hybrid", "keyword", "semantic"):
            raise MemoryInputError("mode must be 'hybrid', 'keyword' or 'semantic'")
        if min_score is not None and not 0.0 <= min_score <= 1.0:
            raise MemoryInputError("min_score must be between 0 and 1")
        predicate = search.compile_filters(filters, self.config.daily_summary_days)
        pool = self.config.candidate_pool * (4 if predicate else 1)

        degraded: str | None = None
        relevant = 0.0  # the semantic floor the vector hits were cut at
        semantic: list[tuple[int, float]] | None = None
        keyword: list[tuple[int, float]] | None = None
        rewritten: list[str] = []
        rewrite_failed: str | None = None
        if self.rewriter is not None and mode != "keyword":
            rewritten, rewrite_failed = self.rewriter.variants(query)
        wordings = [query, *rewritten]
        # An LLM's translation links the languages itself: the calibration for the model's cross-language gap
        # would count that gap twice.
        bonus = 0.0 if rewritten else self.fusion.cross_language_bonus
        started = time.monotonic()
        pending, degraded = self._start_semantic(user_id, wordings, pool) if mode != "keyword" else (None, None)
        if mode != "semantic" or pending is None:
            keyword = self.store.keyword_search(user_id, query, pool)
        if pending is not None:
            # Each wording is one query embedding: the time allowed grows with them.
            budget_s = self.config.semantic_timeout_ms / 1000 * len(wordings)
            semantic, degraded = self._finish_semantic(pending, started, budget_s)
            if semantic is not None:
                relevant, _, _ = self.thresholds()
                # Hits the language calibration can lift over the floor are kept until it has run.
                semantic = [(r, s) for r, s in semantic if s >= relevant - bonus]
            elif mode == "semantic":  # fall back, and say so
                keyword = self.store.keyword_search(user_id, query, pool)

        rowids = {r for r, _ in keyword or []} | {r for r, _ in semantic or []}
        entries = self.store.get_many(rowids)
        if semantic is not None:
            semantic = search.calibrate_languages(query, semantic, entries, bonus)
            semantic = [(r, s) for r, s in semantic if s >= relevant]
        coverage = (
            search.keyword_coverage(query, {r: entries[r] for r, _ in keyword or [] if r in entries})
            if self.fusion.coverage_weighting
            else None
        )
        candidates = search.fuse(query, keyword, semantic, self.fusion, coverage, floor=relevant)
        best_bm25 = keyword[0][1] if keyword else None
        ceiling = search.best_possible(keyword is not None, semantic is not None, query, self.fusion)
        # An entry not embedded yet (just written, vector pending) cannot be in the vector list, so its absence
        # there says nothing: it is scored against what the keyword leg alone can give, or a fresh memory
        # would sit below every score floor until its embedding lands.
        keyword_ceiling = search.best_possible(keyword is not None, False, query, self.fusion)
        ranked: list[tuple[float, RecallHit]] = []
        for rowid, cand in candidates.items():
            entry = entries.get(rowid)
            if entry is None or entry.user_id != user_id or entry.archived_at is not None:
                continue
            if predicate is not None and not predicate(entry):
                continue
            layer = search.layer_of(entry, self.config.daily_summary_days)
            boost = {"longterm": self.fusion.longterm_boost, "daily": self.fusion.daily_boost}.get(layer, 1.0)
            if keyword is not None and semantic is not None:
                unembedded = entry.embedding_model is None and cand.semantic_rank is None
                score = cand.fused / (keyword_ceiling if unembedded else ceiling)
            elif semantic is not None:
                score = cand.similarity or 0.0
            else:
                score = (cand.bm25 / best_bm25) if (cand.bm25 is not None and best_bm25) else 0.0
            matched_by: list[Any] = [
                name for name, rank in (("keyword", cand.keyword_rank), ("semantic", cand.semantic_rank)) if rank
            ]
            hit = RecallHit(
                id=entry.id,
                content=entry.content,
                score=round(min(1.0, score), 4),
                matched_by=matched_by,
                type=entry.type,
                slots=entry.slots,
                created_at=entry.created_at,
                layer=layer,
                keywords=entry.keywords,
            )
            if min_score is not None and hit.score < min_score:
                continue
            ranked.append((score * boost, hit))
        ranked.sort(key=lambda pair: -pair[0])
        results = [hit for _, hit in ranked[:limit]]
        self._count_recall(user_id, bool(results))
        self.bus.publish_nowait(
            "memory.recalled",
            {"user_id": user_id, "query": query[:200], "count": len(results), "mode": mode, "degraded": degraded},
        )
        return RecallResult(
            results=results,
            degraded=degraded,
            rewritten_as=rewritten if semantic else [],
            rewrite_failed=rewrite_failed,
        )

    def _count_recall(self, user_id: str, found: bool) -> None:
        # Only for the dashboard's picture of recall over time: a failure to count never fails a recall.
        try:
            self.store.count_recall(user_id, datetime.now(UTC).strftime("%Y-%m-%d"), found)
        except Exception:
            log.warning("could not count a recall for %s", user_id, exc_info=True)

    def browse(
        self, user_id: str = "default", *, filters: dict[str, Any] | None = None, limit: int = 50
    ) -> list[Entry]:
        """The newest live entries first, for a person looking through them without a query (the dashboard).

        ``filters`` are recall's (type, layer, created_after, …). Without filters this reads ``limit`` rows;
        with them it looks through the newest :data:`BROWSE_SCAN` entries, so an old entry of a rare type is
        found by recall, not by browsing.
        """
        user_id = check_user_id(user_id)
        if not 1 <= limit <= 500:
            raise MemoryInputError("limit must be between 1 and 500")
        predicate = search.compile_filters(filters, self.config.daily_summary_days)
        rowids = self.store.recent_rowids(user_id, limit if predicate is None else BROWSE_SCAN)
        found: list[Entry] = []
        # Read in chunks and stop when the page is full: a common type fills it from the first chunk, and
        # reading all the scanned rows at once cost 150-300 ms at 10k memories (bench/dashboard).
        for start in range(0, len(rowids), BROWSE_CHUNK):
            chunk = rowids[start : start + BROWSE_CHUNK]
            entries = self.store.get_many(chunk)
            found += [entries[r] for r in chunk if r in entries and (predicate is None or predicate(entries[r]))]
            if len(found) >= limit:
                break
        return found[:limit]

    # --- single entries ----------------------------------------------------------------------------

    def _locate(self, entry_id: str, user_id: str) -> tuple[int, Entry]:
        user_id = check_user_id(user_id)
        rowid = self.store.rowid_of(entry_id, user_id)
        entry = self.store.get(entry_id, user_id) if rowid is not None else None
        if rowid is None or entry is None:
            raise EntryNotFound(entry_id)
        return rowid, entry

    def get(self, entry_id: str, user_id: str = "default") -> Entry:
        return self._locate(entry_id, user_id)[1]

    def update(
        self,
        entry_id: str,
        user_id: str = "default",
        *,
        content: str | None = None,
        keywords: list[str] | None = None,
        slots: dict[str, str] | None = None,
        type: str | None = None,
        ttl_days: int | None = None,
    ) -> Entry:
        rowid, entry = self._locate(entry_id, user_id)
        if entry.archived_at is not None:
            raise MemoryInputError(f"entry {entry_id!r} is archived; write a new memory instead")
        if content is None and keywords is None and slots is None and type is None and ttl_days is None:
            raise MemoryInputError("nothing to update: give content, keywords, slots, type or ttl_days")
        text = self._check_content(content) if content is not None else None
        changed_text = text is not None and text != entry.content
        with self._slot(changed_text and self._queues_vectors()) as submit:
            self.store.update(
                rowid,
                content=text,
                keywords=self._check_keywords(keywords) if keywords is not None else None,
                slots=self._check_slots(slots) if slots is not None else None,
                type=self._check_type(type) if type is not None else None,
                expires_at=self._expiry(entry.type, ttl_days),
                clear_vector=changed_text,
            )
            if submit is not None and text is not None:
                submit(Pending(rowid, entry.user_id, text, dedupe=False))
        return self.get(entry_id, user_id)

    def archive(self, entry_id: str, user_id: str = "default", reason: str = "archived by request") -> Entry:
        rowid, entry = self._locate(entry_id, user_id)
        if entry.archived_at is None:
            self.store.archive(rowid, reason[:200])
        return self.get(entry_id, user_id)

    def restore(self, entry_id: str, user_id: str = "default") -> Entry:
        """Undo an archive: the entry is recalled again, and gets its vector back."""
        rowid, entry = self._locate(entry_id, user_id)
        if entry.archived_at is not None:
            with self._slot(self._queues_vectors()) as submit:
                if self.store.restore(rowid) and submit is not None:
                    submit(Pending(rowid, entry.user_id, entry.content, dedupe=False))
        return self.get(entry_id, user_id)

    def archived(self, user_id: str = "default", limit: int = 50) -> list[Entry]:
        """The most recently archived entries first."""
        user_id = check_user_id(user_id)
        if not 1 <= limit <= 500:
            raise MemoryInputError("limit must be between 1 and 500")
        rowids = self.store.archived_rowids(user_id, limit)
        entries = self.store.get_many(rowids)
        return [entries[r] for r in rowids if r in entries]

    def written_per_day(self, user_id: str = "default") -> list[tuple[str, int]]:
        """How the user's memory grew: (day, live entries written that day), oldest first."""
        return self.store.written_per_day(check_user_id(user_id))

    def recalls_per_day(self, user_id: str = "default") -> list[tuple[str, int, int]]:
        """(day, recalls, recalls that found something), oldest first."""
        return self.store.recalls_per_day(check_user_id(user_id))

    def delete(self, entry_id: str, user_id: str = "default") -> str:
        rowid, _ = self._locate(entry_id, user_id)
        self.store.delete(rowid)
        return entry_id

    # --- conversation capture --------------------------------------------------------------------

    def flush(self, messages: list[Message], session_id: str, user_id: str = "default") -> FlushResult:
        """Keep what matters from messages about to be compacted: at most ``flush_max_entries``."""
        user_id = check_user_id(user_id)
        if not session_id.strip():
            raise MemoryInputError("session_id is empty")
        candidates = flush_candidates(messages)
        written: list[str] = []
        merged: list[str] = []
        for cand in candidates[: self.config.flush_max_entries]:
            result = self.write(
                cand.content[: self.config.max_content_chars],
                user_id,
                keywords=[k[:MAX_KEYWORD_CHARS] for k in cand.keywords][:MAX_KEYWORDS],
                slots={"source": "context_compact", "session_id": session_id[:MAX_SLOT_VALUE_CHARS]},
                type=cand.type,
                source="flush",
                session_id=session_id,
            )
            (merged if result.merged_into else written).append(result.id)
        self.bus.publish_nowait(
            "context.compact",
            {"user_id": user_id, "written": len(written), "merged": len(merged), "messages": len(messages)},
            session_id=session_id,
        )
        return FlushResult(written=written, merged=merged, considered=len(candidates))

    def capture_task(
        self,
        task: str,
        tool_calls: list[ToolCall],
        outcome: str,
        user_id: str = "default",
        session_id: str | None = None,
    ) -> CaptureResult:
        """Record a finished task with its workflow trace; a task that used no tools is not captured."""
        user_id = check_user_id(user_id)
        if not task.strip():
            raise MemoryInputError("task is empty: describe what was done")
        if not tool_calls:
            return CaptureResult(captured=False, reason="no tool calls: a conversation without tools is not captured")
        content, keywords, trace = task_summary(task, tool_calls, outcome or "done")
        result = self.write(
            content[: self.config.max_content_chars],
            user_id,
            keywords=[k[:MAX_KEYWORD_CHARS] for k in keywords][:MAX_KEYWORDS],
            slots={"task_type": classify_task(task), "outcome": normalize_outcome(outcome or "done")},
            type="task",
            source="capture",
            session_id=session_id,
            trace=trace,
        )
        # A recurring task (the same daily job) merges into one entry, but every run is its own task for
        # reflection: a merged capture gets a fresh capture id, a new entry keeps its own id.
        capture_id = new_id() if result.merged_into else result.id
        self.bus.publish_nowait(
            "memory.captured",
            {
                "id": result.id,
                "capture_id": capture_id,
                "user_id": user_id,
                "task": task[:500],
                "outcome": outcome[:500],
                "trace": trace,
            },
            session_id=session_id,
        )
        return CaptureResult(captured=True, id=result.id, merged_into=result.merged_into, task_id=capture_id)

    def files(self, user_id: str) -> UserFiles:
        return UserFiles(self.root, user_id)
