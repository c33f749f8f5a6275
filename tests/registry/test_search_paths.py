"""The fast paths of registry search give the answers the slow ones do: a repeated query's kept ranking, the
query embedded beside the keyword stages, the similarity ranking without BLAS. A small word-hashing
embedder stands in for e5, so the semantic stage runs in every test without the model."""

from __future__ import annotations

import hashlib
import re
import threading
import time
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from registry.search import RegistrySearch
from registry.semantic import POOL, SLOW, SemanticRanker
from registry.storage.store import RegistryStore
from servers.core.embedding import LazyEmbedder
from servers.core.embedding.base import Calibration
from tests.registry.conftest import Site
from tests.registry.kit import skill_archive

DIM = 64
# What only the semantic stage can find: no skill's text has the word, and the dictionary that gives Chinese
# words their English senses (发票 → invoice) has no Spanish.
SYNONYMS = {"factura": "invoice"}


class WordEmbedder:
    """Each word a fixed random direction; a text the normalised sum of its words. Counts its queries."""

    name = "test/words"
    dim = DIM
    calibration = Calibration(relevant=0.2, duplicate=0.95, merge=0.9)

    def __init__(self) -> None:
        self.queries: list[str] = []
        self.fail = False
        self.delay_s = 0.0

    def _vector(self, text: str) -> np.ndarray:
        total = np.zeros(DIM, dtype=np.float32)
        for word in re.findall(r"\w+", text.lower()):
            word = SYNONYMS.get(word, word)
            seed = int.from_bytes(hashlib.sha256(word.encode()).digest()[:4], "little")
            total += np.random.default_rng(seed).standard_normal(DIM).astype(np.float32)
        norm = float(np.linalg.norm(total))
        return total / norm if norm else total

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return np.stack([self._vector(t) for t in texts]) if texts else np.zeros((0, DIM), dtype=np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        if self.fail:
            raise RuntimeError("the embedding service is down")
        time.sleep(self.delay_s)
        self.queries.append(text)
        return self._vector(text)


@pytest.fixture
def words(monkeypatch: pytest.MonkeyPatch) -> Iterator[WordEmbedder]:
    model = WordEmbedder()
    monkeypatch.setattr("servers.core.embedding.base._build", lambda spec: model)
    yield model


async def publish_some(site: Site) -> None:
    ada = site.token("ada")
    for name, description in (
        ("invoice-reader", "Reads invoices and receipts. Use when asked to total an invoice."),
        ("invoice-writer", "Writes invoices for customers. Use when asked to bill someone."),
        ("slide-maker", "Builds presentation slides. Use when asked for a deck."),
        ("receipt-scanner", "Scans paper receipts into tables. Use when asked about receipts."),
    ):
        response = await site.publish(skill_archive(name, description=description), ada)
        assert response.status_code == 201, response.text


def semantic_search(store: RegistryStore, wait_ms: float | None = None) -> RegistrySearch:
    search = RegistrySearch(store, LazyEmbedder("words"), semantic_wait_ms=wait_ms)
    assert search.semantic is not None
    search.semantic.warm(store.all_skills)
    assert search.semantic.wait_ready(30)
    return search


def names(search: RegistrySearch, query: str, **options: Any) -> tuple[list[str], int, list[str]]:
    page = search.search(query, **options)
    assert page.degraded is None
    return [item.name for item in page.items], page.total, page.corrected


QUERIES = ("invoice", "invoise totals", "paper receipts", "presentation deck", "bill a customer")


async def test_a_repeated_search_answers_like_a_fresh_one_without_searching_again(
    site: Site, words: WordEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    await publish_some(site)
    search = semantic_search(site.reg.store)
    first = {q: names(search, q, per_page=3) for q in QUERIES}
    assert any(first[q][0] for q in QUERIES) and words.queries == list(QUERIES)

    keyword_calls: list[str] = []
    real = site.reg.store.keyword_search
    monkeypatch.setattr(site.reg.store, "keyword_search", lambda text, n: keyword_calls.append(text) or real(text, n))
    kept = {
        q: (names(search, q, per_page=3), names(search, q, per_page=3, page=2), names(search, q, sort="name"))
        for q in QUERIES
    }
    assert keyword_calls == [] and words.queries == list(QUERIES)  # neither stage ran again
    for q in QUERIES:
        fresh = semantic_search(site.reg.store)
        assert kept[q] == (first[q], names(fresh, q, per_page=3, page=2), names(fresh, q, sort="name"))
        assert kept[q][0] == names(semantic_search(site.reg.store), q, per_page=3)


async def test_a_publish_or_a_download_is_seen_by_a_repeated_search(site: Site, words: WordEmbedder) -> None:
    await publish_some(site)
    search = semantic_search(site.reg.store)
    assert "invoice-checker" not in names(search, "invoice")[0]
    checker = skill_archive("invoice-checker", description="Checks an invoice. Use for invoice audits.")
    assert (await site.publish(checker, site.token("bo"))).status_code == 201
    assert "invoice-checker" in names(search, "invoice")[0]  # its vector is embedded inline by this search

    # Two skills the text ranks alike (no semantic hits above this floor): downloads decide their order,
    # in a ranking kept from before the download too.
    words.calibration = Calibration(relevant=0.99, duplicate=0.995, merge=0.99)
    same = "Formats ledgers neatly. Use when asked about ledgers."
    for name in ("alpha-kit", "beta-kit"):
        assert (await site.publish(skill_archive(name, description=same), site.token("cy"))).status_code == 201
    assert names(search, "ledgers")[0][:2] == ["alpha-kit", "beta-kit"]
    await site.http.get("/api/v1/skills/beta-kit/1.0.0/archive.tar.gz")
    assert names(search, "ledgers")[0][:2] == ["beta-kit", "alpha-kit"]


async def test_an_embedding_failure_still_answers_from_keywords(site: Site, words: WordEmbedder) -> None:
    await publish_some(site)
    search = semantic_search(site.reg.store)
    words.fail = True
    page = search.search("receipts")
    assert page.degraded is not None and "embedding failed" in page.degraded
    assert "receipt-scanner" in [i.name for i in page.items]
    words.fail = False
    again = search.search("receipts")  # a degraded answer is not kept: the semantic stage joins again
    assert again.degraded is None and words.queries == ["receipts"]


async def test_a_slow_embedding_is_not_waited_for_past_the_budget_unless_nothing_else_matched(
    site: Site, words: WordEmbedder
) -> None:
    await publish_some(site)
    search = semantic_search(site.reg.store, wait_ms=20)
    words.delay_s = 0.3
    hurried = search.search("receipts")
    assert hurried.degraded == SLOW and "receipt-scanner" in [i.name for i in hurried.items]
    assert search.semantic is not None
    search.semantic.start_query("receipts").result()  # the embedding went on and was kept
    assert names(search, "receipts") == names(semantic_search(site.reg.store), "receipts")
    # nothing but the semantic stage matches "factura": the search waits for it
    assert "invoice-reader" in names(search, "factura")[0]

    # new queries faster than the model: the ones that never began are dropped, not queued up
    words.queries.clear()
    burst = ["invoice totals", "paper receipts", "presentation deck", "bill a customer"]
    assert all(search.search(q).degraded == SLOW for q in burst)
    search.semantic.start_query("drained").result()
    assert words.queries == ["invoice totals", "drained"]


def test_similarity_ranking_is_the_brute_force_one(words: WordEmbedder) -> None:
    rng = np.random.default_rng(3)
    vocabulary = [f"w{i}" for i in range(300)]
    texts = [" ".join(rng.choice(vocabulary, 6)) for _ in range(5000)]
    matrix = words.embed_passages(texts)
    ranker = SemanticRanker(LazyEmbedder("words"))
    query = words.embed_query("w1 w2 w3")
    for floor in (0.2, -1.0):  # a floor some rows pass; one every row passes (more than POOL)
        words.calibration = Calibration(relevant=floor, duplicate=0.95, merge=0.9)
        got, degraded = ranker.rank(matrix, ranker.start_query("w1 w2 w3"))
        sims = matrix @ query
        wanted = [int(i) for i in np.argsort(-sims, kind="stable") if sims[i] >= floor][:POOL]
        assert degraded is None and [i for i, _ in got] == wanted
        assert all(abs(score - float(sims[i])) < 1e-4 for i, score in got)


def test_skills_published_while_the_warm_up_runs_are_embedded_by_it(words: WordEmbedder) -> None:
    """A request for vectors that arrives while the warm-up thread is busy runs next on that thread: the
    skills published during a model load were once left unembedded until some later search asked again."""
    ranker = SemanticRanker(LazyEmbedder("words"))
    release = threading.Event()
    early = [SimpleNamespace(name="alpha", description="First skill.")]

    def skills_at_start() -> list[SimpleNamespace]:
        assert release.wait(30)
        return early

    ranker.warm(skills_at_start)  # the thread loads the model, then waits inside its job
    published = early + [SimpleNamespace(name=f"skill-{n}", description=f"Skill number {n}.") for n in range(40)]
    assert ranker.embedder.wait_loaded(30)  # the model loads first; the job is not released yet
    matrix, why_not = ranker.matrix(published)  # too many to embed inline: asked of the busy thread
    assert matrix is None and why_not is not None
    release.set()
    assert ranker.wait_ready(30)
    matrix, why_not = ranker.matrix(published)
    assert why_not is None and matrix is not None and matrix.shape == (41, DIM)
