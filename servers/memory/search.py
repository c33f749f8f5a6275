"""Hybrid recall: FTS5 BM25 and sqlite-vec KNN, fused, then filtered.

Union, not intersection: a hit from either retriever can be returned. Vectors find
paraphrases and other languages; BM25 keeps exact identifiers that vectors blur. When the query
carries identifiers (error codes, function names, versions), the keyword side counts for more: a
hypothesis measured in bench/memory (see bench/RESULTS.md).

Before fusion, the vector leg is calibrated by language (:func:`calibrate_languages`): an entry in
the other language than the query gets a small fixed addition to its cosine, because the bundled
multilingual embedder scores a right answer across languages lower than a near-miss in the query's own.

The default fusion is score-aware: each leg's scores are scaled to 0-1 (cosine above the calibrated
floor relative to the best hit; BM25 relative to the best hit, times the share of the query a hit
covers) and added with fixed shares. Reciprocal Rank Fusion (``method="rrf"``) is kept for
comparison: it rewards a near-miss that both retrievers rank low over the answer only the vector
side found, which on the evaluation set buried the top semantic hit of cross-language queries.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from servers.core.crosslang import language_of
from servers.core.text import query_terms, salient_tokens, terms
from servers.memory.models import ENTRY_TYPES, Entry, MemoryInputError

FILTER_KEYS = ("type", "slots", "keywords", "source", "session_id", "created_after", "created_before", "layer")


@dataclass(frozen=True)
class FusionConfig:
    method: str = "score"  # "score" (default) or "rrf"
    # Score fusion: the vector leg's share of the fused score. 0.9 since entries are embedded with a
    # second-language rendering (bench/RESULTS.md): the keyword leg only matches the query's own
    # language, and at 0.7 its votes for same-language near-misses pushed cross-language answers down.
    semantic_share: float = 0.9
    identifier_semantic_share: float = 0.4  # ... when the query names identifiers, which vectors blur
    k: int = 60
    keyword_weight: float = 0.5  # bench/RESULTS.md: lexical votes mostly add near-misses outside identifiers
    semantic_weight: float = 1.0
    identifier_keyword_weight: float = 2.0  # keyword weight when the query names identifiers
    coverage_weighting: bool = True  # scale each keyword vote by the share of the query it covers
    # Added to the cosine of an entry written in the other language than the query (Chinese vs not).
    # The embedder ranks a right answer across languages below same-language near-misses: on the
    # development split cross-language Recall@5 rose from 0.69 to 0.88 for any value in 0.015-0.02,
    # with no other kind lower; 0.0225 and up pushed other-language near-misses above English
    # paraphrase answers (bench/RESULTS.md). 0 turns the calibration off.
    cross_language_bonus: float = 0.0175
    longterm_boost: float = 1.25
    daily_boost: float = 1.10


@dataclass
class Candidate:
    rowid: int
    keyword_rank: int | None = None
    semantic_rank: int | None = None
    bm25: float | None = None
    similarity: float | None = None
    fused: float = 0.0


def _parse_time(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise MemoryInputError(f"filter {name!r} must be an ISO date or datetime string, got {value!r}")
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError as exc:
        raise MemoryInputError(f"filter {name!r}: {value!r} is not an ISO date or datetime") from exc
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def compile_filters(filters: dict[str, Any] | None, daily_days: int) -> Callable[[Entry], bool] | None:
    """Validate ``filters`` and turn them into a predicate; a bad filter is a clear error."""
    if not filters:
        return None
    unknown = sorted(set(filters) - set(FILTER_KEYS))
    if unknown:
        raise MemoryInputError(f"unknown filter {', '.join(map(repr, unknown))}; allowed: {', '.join(FILTER_KEYS)}")
    checks: list[Callable[[Entry], bool]] = []
    if "type" in filters:
        raw = filters["type"]
        wanted = {raw} if isinstance(raw, str) else set(raw) if isinstance(raw, list) else None
        if not wanted or not all(isinstance(t, str) for t in wanted):
            raise MemoryInputError("filter 'type' must be a type name or a list of them")
        bad = sorted(wanted - set(ENTRY_TYPES))
        if bad:
            raise MemoryInputError(f"filter 'type': unknown type(s) {bad}; known: {', '.join(ENTRY_TYPES)}")
        checks.append(lambda e: e.type in wanted)
    if "slots" in filters:
        slots = filters["slots"]
        if not isinstance(slots, dict) or not all(isinstance(v, str) for v in slots.values()):
            raise MemoryInputError('filter \'slots\' must be an object of string values, e.g. {"project": "cairn"}')
        checks.append(lambda e: all(e.slots.get(k) == v for k, v in slots.items()))
    if "keywords" in filters:
        kws = filters["keywords"]
        if not isinstance(kws, list) or not all(isinstance(k, str) for k in kws):
            raise MemoryInputError("filter 'keywords' must be a list of strings (an entry matches any of them)")
        wanted_kw = {k.lower() for k in kws}
        checks.append(lambda e: bool(wanted_kw & {k.lower() for k in e.keywords}))
    for key in ("source", "session_id"):
        if key in filters:
            value = filters[key]
            if not isinstance(value, str):
                raise MemoryInputError(f"filter {key!r} must be a string")
            checks.append(_attribute_equals(key, value))
    if "created_after" in filters:
        after = _parse_time("created_after", filters["created_after"])
        checks.append(lambda e: e.created_at >= after)
    if "created_before" in filters:
        before = _parse_time("created_before", filters["created_before"])
        checks.append(lambda e: e.created_at < before)
    if "layer" in filters:
        layer = filters["layer"]
        if layer not in ("longterm", "daily", "entry"):
            raise MemoryInputError("filter 'layer' must be 'longterm', 'daily' or 'entry'")
        checks.append(lambda e: layer_of(e, daily_days) == layer)
    return lambda e: all(check(e) for check in checks)


def _attribute_equals(name: str, value: str) -> Callable[[Entry], bool]:
    return lambda entry: bool(getattr(entry, name) == value)


def layer_of(entry: Entry, daily_days: int) -> str:
    if entry.longterm:
        return "longterm"
    if entry.type == "daily_summary":
        cutoff = (datetime.now(UTC) - timedelta(days=daily_days)).strftime("%Y-%m-%d")
        day = entry.slots.get("date", entry.created_at[:10])
        return "daily" if day >= cutoff else "entry"
    return "entry"


def calibrate_languages(
    query: str, semantic_hits: list[tuple[int, float]], entries: Mapping[int, Entry], bonus: float
) -> list[tuple[int, float]]:
    """``semantic_hits`` with ``bonus`` added to the cosine of each entry in the other language than
    the query, best first again. Hits whose entry is not in ``entries`` keep their cosine."""
    if bonus == 0.0 or not semantic_hits:
        return semantic_hits
    wanted = language_of(query)
    adjusted = [
        (rowid, sim + bonus if rowid in entries and language_of(entries[rowid].content) != wanted else sim)
        for rowid, sim in semantic_hits
    ]
    adjusted.sort(key=lambda hit: -hit[1])
    return adjusted


def keyword_coverage(query: str, entries: Mapping[int, Entry]) -> dict[int, float]:
    """Share of the query's terms each keyword hit contains (its keywords included).

    BM25 ranks a hit that shares one common word with the query; RRF alone would then reward a
    near-miss found by both retrievers over the answer found by one. Weighting the keyword vote by
    coverage keeps the vote for hits that match what the query is about.
    """
    wanted = set(query_terms(query))
    if not wanted:
        return {rowid: 1.0 for rowid in entries}
    return {
        rowid: len(wanted & set(terms(entry.content + " " + " ".join(entry.keywords)))) / len(wanted)
        for rowid, entry in entries.items()
    }


def fuse(
    query: str,
    keyword_hits: list[tuple[int, float]] | None,
    semantic_hits: list[tuple[int, float]] | None,
    config: FusionConfig,
    coverage: Mapping[int, float] | None = None,
    floor: float = 0.0,
) -> dict[int, Candidate]:
    """Fuse whichever lists ran (None = that retriever did not run), by ``config.method``.

    With ``coverage``, each keyword vote is scaled by how much of the query the hit covers. ``floor``
    is the cosine the semantic hits were cut at: score fusion measures a hit's similarity above it.
    """
    if config.method == "score":
        return _fuse_scores(query, keyword_hits, semantic_hits, config, coverage, floor)
    kw_weight = config.identifier_keyword_weight if salient_tokens(query) else config.keyword_weight
    candidates: dict[int, Candidate] = {}
    for rank, (rowid, bm25) in enumerate(keyword_hits or [], start=1):
        c = candidates.setdefault(rowid, Candidate(rowid))
        c.keyword_rank, c.bm25 = rank, bm25
        share = 1.0 if coverage is None else coverage.get(rowid, 0.0)
        c.fused += kw_weight * share / (config.k + rank)
    for rank, (rowid, sim) in enumerate(semantic_hits or [], start=1):
        c = candidates.setdefault(rowid, Candidate(rowid))
        c.semantic_rank, c.similarity = rank, sim
        c.fused += config.semantic_weight / (config.k + rank)
    return candidates


def _semantic_share(query: str, config: FusionConfig) -> float:
    return config.identifier_semantic_share if salient_tokens(query) else config.semantic_share


def _fuse_scores(
    query: str,
    keyword_hits: list[tuple[int, float]] | None,
    semantic_hits: list[tuple[int, float]] | None,
    config: FusionConfig,
    coverage: Mapping[int, float] | None,
    floor: float,
) -> dict[int, Candidate]:
    """Add each leg's scores scaled to 0-1, so being found by both lists only helps in proportion to
    how good the hit is on each: a near-miss low on both cannot outrank the clear top vector hit."""
    share = _semantic_share(query, config)
    candidates: dict[int, Candidate] = {}
    # The list is best first; its score scales the rest (FTS5's bm25() is negative, PostgreSQL's
    # ts_rank positive: the ratio is 0-1 either way).
    best_bm25 = keyword_hits[0][1] if keyword_hits else 0.0
    for rank, (rowid, bm25) in enumerate(keyword_hits or [], start=1):
        c = candidates.setdefault(rowid, Candidate(rowid))
        c.keyword_rank, c.bm25 = rank, bm25
        cover = 1.0 if coverage is None else coverage.get(rowid, 0.0)
        c.fused += (1.0 - share) * cover * (bm25 / best_bm25 if best_bm25 else 1.0)
    # e5 cosines bunch high, so similarity counts from the calibrated floor up to the best hit.
    top = max((sim for _, sim in semantic_hits or []), default=floor)
    span = max(top - floor, 1e-3)
    for rank, (rowid, sim) in enumerate(semantic_hits or [], start=1):
        c = candidates.setdefault(rowid, Candidate(rowid))
        c.semantic_rank, c.similarity = rank, sim
        c.fused += share * max(sim - floor, 0.0) / span
    return candidates


def best_possible(keyword_ran: bool, semantic_ran: bool, query: str, config: FusionConfig) -> float:
    if config.method == "score":
        share = _semantic_share(query, config)
        return (1.0 - share if keyword_ran else 0.0) + (share if semantic_ran else 0.0)
    kw_weight = config.identifier_keyword_weight if salient_tokens(query) else config.keyword_weight
    return ((kw_weight if keyword_ran else 0.0) + (config.semantic_weight if semantic_ran else 0.0)) / (config.k + 1)
