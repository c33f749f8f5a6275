"""What visitors and publishers notice on the site and the API: consistent download counts, clear errors,
pagination past the end, a favicon, auth challenges, yank warnings, ratings, marketplace authors, the
publish rate limit — each on SQLite and on PostgreSQL."""

from __future__ import annotations

import io
import json
import re
import tarfile
from collections.abc import Callable
from typing import Any

from tests.registry.conftest import Site, on_both
from tests.registry.kit import skill_archive, skill_md, tar_gz

pytestmark = on_both


async def test_download_counts_agree_in_search_popular_order_and_pages(site: Site) -> None:
    ada = site.token("ada")
    for name in ("alpha-tool", "beta-tool"):
        assert (await site.publish(skill_archive(name), ada)).status_code == 201
    await site.http.get("/api/v1/skills?sort=popular")  # the search index is built before the downloads
    for _ in range(3):
        await site.http.get("/api/v1/skills/beta-tool/1.0.0/archive.tar.gz")
    popular = (await site.http.get("/api/v1/skills", params={"q": "tool", "sort": "popular"})).json()["items"]
    assert [i["name"] for i in popular[:2]] == ["beta-tool", "alpha-tool"]
    assert popular[0]["downloads"] == 3 == (await site.http.get("/api/v1/skills/beta-tool")).json()["downloads"]
    await site.http.get("/api/v1/skills/alpha-tool/1.0.0/archive.tar.gz")
    page = (await site.http.get("/search", params={"q": "alpha-tool"})).text
    assert "1 download<" in page or "1 download\n" in page
    assert "1 downloads" not in (await site.http.get("/skills/alpha-tool")).text


async def test_bad_queries_and_pages_past_the_end_say_what_is_wrong(site: Site) -> None:
    nul = await site.http.get("/api/v1/skills", params={"q": "a\x00b"})
    assert nul.status_code == 400 and "control character" in nul.json()["message"]
    long = await site.http.get("/api/v1/skills", params={"q": "x" * 201})
    assert "longer than 200" in long.json()["message"]
    past = await site.http.get("/search", params={"q": "", "page": "999"})
    assert past.status_code == 404
    assert "There is no page 999" in past.text and "No skill matches" not in past.text
    assert 'href="/search?q=&amp;page=1"' in past.text


async def test_favicon_and_api_challenges(site: Site) -> None:
    icon = await site.http.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert 'rel="icon"' in (await site.http.get("/")).text
    anonymous = await site.publish(skill_archive("x-skill"), {})
    assert anonymous.status_code == 401 and anonymous.headers["www-authenticate"].startswith("Bearer realm=")
    wrong = await site.publish(skill_archive("x-skill"), {"Authorization": "Bearer crk_nope"})
    assert 'error="invalid_token"' in wrong.headers["www-authenticate"]


async def test_a_yanked_archive_says_so(site: Site) -> None:
    ada = site.token("ada")
    await site.publish(skill_archive("old-tool"), ada)
    live = await site.http.get("/api/v1/skills/old-tool/1.0.0/archive.tar.gz")
    assert "x-cairn-yanked" not in live.headers and live.headers["x-content-type-options"] == "nosniff"
    await site.http.post("/api/v1/skills/old-tool/1.0.0/yank", headers=ada, json={"reason": "unsafe\nsteps"})
    yanked = await site.http.get("/api/v1/skills/old-tool/1.0.0/archive.tar.gz")
    assert yanked.status_code == 200 and yanked.headers["x-cairn-yanked"] == "unsafe?steps"


async def test_your_rating_is_shown_in_the_form(site: Site) -> None:
    cookies = site.session("ada")
    site.reg.accounts.rate("deep-research", "ada", 4, "handy")
    page = (await site.http.get("/skills/deep-research", cookies=cookies)).text
    assert 'value="4" required checked' in page and ">handy</textarea>" in page and "You rated this 4 of 5" in page


async def test_marketplace_plugins_name_their_author(site: Site) -> None:
    ada = site.token("ada")
    await site.publish(skill_archive("pdf-tools"), ada)
    data = (await site.http.get("/marketplace.tar.gz")).content
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        manifest = json.load(tar.extractfile("cairn-skills/.claude-plugin/marketplace.json"))  # type: ignore[arg-type]
        plugin = json.load(tar.extractfile("cairn-skills/plugins/pdf-tools/.claude-plugin/plugin.json"))  # type: ignore[arg-type]
    entry = next(p for p in manifest["plugins"] if p["name"] == "pdf-tools")
    assert entry["author"] == plugin["author"] == {"name": "ada", "url": f"{site.reg.base_url}/publishers/ada"}


async def test_publishing_is_rate_limited_per_publisher(make_site: Callable[..., Site]) -> None:
    site = make_site(publish_per_hour=2)
    async with site.http:
        ada, bob = site.token("ada"), site.token("bob")
        for version in ("1.0.0", "1.0.1"):
            assert (await site.publish(skill_archive("busy-tool", version), ada)).status_code == 201
        dry = await site.publish(skill_archive("busy-tool", "1.0.2"), ada, dry_run="true")
        assert dry.status_code == 200  # a dry run publishes nothing and counts for nothing
        third = await site.publish(skill_archive("busy-tool", "1.0.2"), ada)
        assert third.status_code == 429 and third.json()["error"] == "rate_limited"
        assert 1 <= int(third.headers["retry-after"]) <= 3601
        assert (await site.publish(skill_archive("bob-tool"), bob)).status_code == 201  # per publisher
    site.reg.store.close()


async def test_the_web_form_offers_the_next_version(site: Site) -> None:
    ada = site.token("ada")
    await site.publish(tar_gz({"notes/SKILL.md": skill_md("notes", "1.2.0")}), ada)
    form = (await site.http.get("/publish", params={"skill": "notes"}, cookies=site.session("ada"))).text
    assert 'name="version" maxlength="64" value="1.2.1"' in form


async def _signup(site: Site, username: str, password: str = "a long passphrase", again: str | None = None) -> Any:
    form = await site.http.get("/signup", params={"next": "/publish"})
    token = re.search(r'name="form_token" value="([^"]+)"', form.text)
    assert form.status_code == 200 and token
    return await site.http.post(
        "/signup",
        data={
            "form_token": token.group(1),
            "next": "/publish",
            "username": username,
            "password": password,
            "password2": password if again is None else again,
        },
    )


async def test_sign_up_creates_a_registry_account_and_signs_in(make_site: Callable[..., Site]) -> None:
    site = make_site(signup_per_hour=3)
    async with site.http:
        assert 'href="/signup?next=/"' in (await site.http.get("/")).text  # loopback: open by default
        made = await _signup(site, "grace")
        # The recovery codes are shown once, then the way on to where the visitor was going.
        assert made.status_code == 201 and '<a href="/publish">' in made.text
        assert len(re.findall(r"\b[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}\b", made.text)) == 10
        assert "no-store" in made.headers["cache-control"]
        assert (await site.http.get("/account")).text.count("grace") >= 1  # the session cookie was set
        assert site.reg.users is not None
        record = site.reg.users.user("grace")
        # Anyone may create one: it publishes to the registry and reaches no MCP server until the operator says so.
        assert record is not None and record.scopes == frozenset({"registry:publish"})
        site.http.cookies.clear()
        taken = await _signup(site, "grace", "another passphrase")
        assert taken.status_code == 400 and "is taken" in taken.text
        assert (await _signup(site, "admin")).status_code == 400  # reserved
        assert "differ" in (await _signup(site, "hopper", again="something else")).text
        limited = await _signup(site, "hopper")  # the 4th attempt that got as far as creating an account
        assert limited.status_code == 429 and "retry-after" in limited.headers
        forged = await site.http.post("/signup", data={"form_token": "x", "username": "eve", "password": "p" * 12})
        assert forged.status_code == 403 and site.reg.users.user("eve") is None
    site.reg.store.close()


async def test_sign_up_is_closed_on_a_public_site_unless_the_operator_opens_it(make_site: Callable[..., Site]) -> None:
    closed = make_site(base="https://skills.example.org")
    async with closed.http:
        assert (await closed.http.get("/signup")).status_code == 404
        assert "/signup" not in (await closed.http.get("/")).text
    closed.reg.store.close()
    opened = make_site(base="https://skills.example.org", signup=True)
    async with opened.http:
        assert (await opened.http.get("/signup")).status_code == 200
    opened.reg.store.close()
