"""Two registry instances sharing one PostgreSQL database and one blob directory, as behind a load balancer.

Each instance has its own data directory, connection pools and in-memory search index; only
``CAIRN_DATABASE_URL`` and ``CAIRN_REGISTRY__BLOB_DIR`` are shared. What one instance does, the other
serves: a publish is found by the other's search and downloaded from it, a token made on one is accepted by
the other, a web session and a held upload started on one are honoured by the other.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import pytest_asyncio

from tests.registry.conftest import REPO, Site
from tests.registry.kit import skill_archive, skill_md, tar_gz


@pytest.fixture
def backend() -> str:
    return "postgresql"


@pytest_asyncio.fixture
async def pair(make_site: Callable[..., Site], tmp_path: Path) -> AsyncIterator[tuple[Site, Site]]:
    shared = tmp_path / "shared-blobs"
    a = make_site(home=tmp_path / "a", blob_dir=shared)
    b = make_site(home=tmp_path / "b", blob_dir=shared)
    async with a.http, b.http:
        yield a, b
    a.reg.store.close()
    b.reg.store.close()


async def names(site: Site, query: str) -> list[str]:
    items = (await site.http.get("/api/v1/skills", params={"q": query})).json()["items"]
    return [i["name"] for i in items]


async def test_publish_through_one_search_and_download_through_the_other(pair: tuple[Site, Site]) -> None:
    a, b = pair
    assert "invoice-parser" not in await names(b, "invoice parser")  # b's search index is built now
    token = a.token("ada")  # made on a, stored in the shared database

    data = tar_gz(
        {"invoice-parser/SKILL.md": skill_md("invoice-parser", "1.0.0", description="Parses supplier invoices.")}
    )
    published = await a.publish(data, token)
    assert published.status_code == 201, published.text

    assert (await names(b, "supplier invoices"))[0] == "invoice-parser"  # b noticed a's publish
    assert (await names(b, "invoce"))[0] == "invoice-parser"  # and its vocabulary (typo correction)
    detail = (await b.http.get("/api/v1/skills/invoice-parser")).json()
    archive = await b.http.get(detail["versions"][0]["archive_url"])
    assert archive.status_code == 200 and archive.content == data
    assert hashlib.sha256(archive.content).hexdigest() == detail["versions"][0]["sha256"]
    by_hash = await b.http.get(f"/api/v1/artifacts/{published.json()['sha256']}")
    assert by_hash.content == data
    assert (await a.http.get("/api/v1/skills/invoice-parser")).json()["downloads"] == 1

    again = await b.publish(data, b.token("ada"))  # the version is taken, whichever instance is asked
    assert again.status_code == 409 and again.json()["error"] == "version_exists"
    second = await b.publish(skill_archive("invoice-parser", "1.1.0"), token)  # a's token works on b
    assert second.status_code == 201
    assert (await a.http.get("/api/v1/skills/invoice-parser")).json()["latest"] == "1.1.0"


async def test_an_instance_with_another_blob_directory_cannot_serve_the_archives(
    pair: tuple[Site, Site], make_site: Callable[..., Site], tmp_path: Path
) -> None:
    a, _ = pair
    assert (await a.publish(skill_archive("lonely", "1.0.0"), a.token("ada"))).status_code == 201
    stray = make_site(home=tmp_path / "c")  # forgot CAIRN_REGISTRY__BLOB_DIR: its blobs are its own
    async with stray.http:
        assert (await stray.http.get("/api/v1/skills/lonely")).status_code == 200  # the metadata is shared
        missing = await stray.http.get("/api/v1/skills/lonely/1.0.0/archive.tar.gz")
        assert missing.status_code == 500 and missing.json()["error"] == "artifact_missing"
    stray.reg.store.close()


async def test_a_web_session_and_a_held_upload_move_between_instances(pair: tuple[Site, Site]) -> None:
    a, b = pair
    # A browser signed in through a: the cookie (and its CSRF token) are signed with a's key.
    session = {"user": "ada", "sid": "s1"}
    cookie = {"cairn_registry_session": a.reg.identity.signer.sign(session, 600)}
    csrf = a.reg.identity.signer.csrf(session)
    b.http.cookies.update(cookie)
    a.http.cookies.update(cookie)
    assert (await b.http.get("/account")).status_code == 200  # b's key is the same key

    data = tar_gz({"web-tool/SKILL.md": skill_md("web-tool", "2.0.0")})
    preview = await a.http.post(
        "/publish", data={"csrf": csrf}, files={"archive": ("w.tar.gz", data, "application/gzip")}
    )
    assert preview.status_code == 200, preview.text
    match = re.search(r'name="upload" value="([^"]+)"', preview.text)
    assert match is not None
    confirmed = await b.http.post("/publish/confirm", data={"csrf": csrf, "upload": match.group(1)})
    assert confirmed.status_code == 303 and confirmed.headers["location"] == "/skills/web-tool/v/2.0.0"
    assert (await a.http.get("/api/v1/skills/web-tool")).json()["owner"] == "ada"
    replay = await a.http.post("/publish/confirm", data={"csrf": csrf, "upload": match.group(1)})
    assert replay.status_code == 410  # taken once, by whichever instance got the confirmation


def test_instances_starting_together_seed_the_built_in_skills_once(
    make_site: Callable[..., Site], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    sites: list[Site] = []
    errors: list[BaseException] = []
    gate = threading.Barrier(3)

    def start(i: int) -> None:
        gate.wait()
        try:
            sites.append(make_site(home=tmp_path / f"i{i}", blob_dir=tmp_path / "shared"))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=start, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert errors == [] and len(sites) == 3
    store = sites[0].reg.store
    seeded = store.skills_of("cairn")
    assert len(seeded) == len([p for p in (REPO / "skills").iterdir() if (p / "SKILL.md").is_file()])
    assert all(len(store.versions(s.name)) == 1 for s in seeded)
    assert store.db.scalar("SELECT COUNT(*) FROM org_members WHERE org = 'cairn'") == 1
    assert not [r for r in caplog.records if r.name == "registry.seed"]  # losing a seeding race is no warning
    for site in sites:
        site.reg.store.close()
