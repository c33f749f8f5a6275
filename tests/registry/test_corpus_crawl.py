"""A catalogue of every corpus skill (../shared/corpus/skills, skipped without it), published as
`cairn skills publish DIR` does (no version given: SKILL.md's, else the next one), then crawled: no link a
rendered skill page or reference file makes into the skill's own files leads to a 404."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio
from starlette.testclient import TestClient

from registry.app import create_app
from registry.seed import pack
from tests.registry.conftest import BASE, REPO, Site, registry_settings

CORPUS = REPO.parent / "shared" / "corpus" / "skills"
LINK = re.compile(r'<(?:a href|img src)="([^"]*)"')
# What may keep a real skill out: the spec's description limits, and a link to a file the skill lacks.
SPEC_REFUSALS = {"SR113", "SR114", "SR301"}
LIMITS: dict[str, Any] = {
    "max_archive_bytes": 5_000_000,
    "max_unpacked_bytes": 20_000_000,
    "max_files": 500,
    "publish_per_hour": 0,
}


@pytest.fixture(scope="module")
def corpus_folders() -> list[Path]:
    if not CORPUS.is_dir():
        pytest.skip(f"the public skills corpus is not at {CORPUS}")
    return sorted(p.parent for p in CORPUS.rglob("SKILL.md"))


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory, corpus_folders: list[Path]) -> tuple[Path, dict[str, Any]]:
    """Every corpus folder sent to the API as the CLI sends it (next_version=true), once for the module."""
    home = tmp_path_factory.mktemp("catalogue")
    site = build(home)
    token = site.token("corpus")
    outcome: dict[str, Any] = {"published": set(), "refused": {}}
    with TestClient(site.app, base_url=BASE) as http:
        for folder in corpus_folders:
            response = http.post(
                "/api/v1/skills",
                headers=token,
                data={"next_version": "true"},
                files={"archive": (f"{folder.name}.tar.gz", pack(folder), "application/gzip")},
            )
            if response.status_code == 201:
                outcome["published"].add(response.json()["name"])
            else:
                outcome["refused"][str(folder.relative_to(CORPUS))] = response.json()
    site.reg.store.close()
    return home, outcome


def build(home: Path) -> Site:
    app = create_app(registry_settings(home, **LIMITS), base_url=BASE, builtin_skills=REPO / "skills")
    return Site(app, app.state.registry, httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE))


@pytest_asyncio.fixture
async def catalogue(published: tuple[Path, dict[str, Any]]) -> AsyncIterator[tuple[Site, dict[str, Any]]]:
    home, outcome = published
    site = build(home)
    async with site.http:
        yield site, outcome
    site.reg.store.close()


def markdown_links(html: str) -> list[str]:
    """The links of the rendered Markdown on a skill or file page (not the site's own navigation)."""
    start = html.find('class="markdown"')
    if start < 0:
        return []
    end = html.find('id="h-lint"', start)
    return LINK.findall(html[start : end if end > 0 else len(html)])


async def test_every_corpus_skill_is_published_or_refused_for_a_spec_reason(
    catalogue: tuple[Site, dict[str, Any]], corpus_folders: list[Path]
) -> None:
    _, outcome = catalogue
    assert len(corpus_folders) == 153
    copies = {folder for folder, body in outcome["refused"].items() if body["error"] == "already_published"}
    for folder, body in outcome["refused"].items():
        if folder not in copies:
            assert body["error"] == "lint_errors", (folder, body)
            assert {f["code"] for f in body["findings"]} <= SPEC_REFUSALS, (folder, body["findings"])
    # Nothing is refused for lacking a field the spec does not require (a version, a licence, …).
    assert len(outcome["refused"]) - len(copies) <= 4, sorted(outcome["refused"])
    assert len(copies) <= 3 and len(outcome["published"]) >= 140, sorted(copies)


async def test_no_rendered_link_into_a_skill_leads_to_a_404(catalogue: tuple[Site, dict[str, Any]]) -> None:
    site, outcome = catalogue
    followed: set[str] = set()
    broken: list[tuple[str, str]] = []
    for name in sorted(outcome["published"]):
        page = await site.http.get(f"/skills/{name}")
        assert page.status_code == 200, name
        own = f"/skills/{name}/v/"
        queue = [(f"/skills/{name}", href) for href in markdown_links(page.text)]
        while queue:
            source, href = queue.pop()
            target = href.split("#", 1)[0]
            if not target.startswith(own) or target in followed:
                continue  # the web, a sibling skill, or a page already fetched
            followed.add(target)
            response = await site.http.get(target)
            if response.status_code != 200:
                broken.append((source, href))
            elif "/files/" in target and target.endswith(".md"):
                queue += [(target, link) for link in markdown_links(response.text)]
    assert broken == []
    # Not vacuous: the corpus links its files a lot, through host placeholders too, and from reference files.
    assert len(followed) >= 150
    assert "/skills/fp-check/v/1.0.0/files/references/standard-verification.md" in followed  # {baseDir}/…
    assert "/skills/claude-security/v/1.0.0/files/jobs/scan-codebase.md" in followed  # ${CLAUDE_SKILL_DIR}/…
    assert "/skills/fp-check/v/1.0.0/files/references/gate-reviews.md" in followed  # {baseDir}/… in a reference
