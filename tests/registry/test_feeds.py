"""Badges and Atom feeds over real HTTP requests: the content types and caching, markup that text cannot
break out of, 404s, and feeds that parse as XML with the elements RFC 4287 requires."""

from __future__ import annotations

from xml.etree import ElementTree as ET

from registry.badge import badge
from registry.feeds import Entry, Feed, atom
from tests.registry.conftest import BASE, Site, on_both
from tests.registry.kit import skill_archive, skill_md, tar_gz

A = "{http://www.w3.org/2005/Atom}"
SVG = "{http://www.w3.org/2000/svg}"


def check_atom(xml: bytes) -> ET.Element:
    """The feed, after checking what RFC 4287 requires of it and of each entry."""
    feed = ET.fromstring(xml)
    assert feed.tag == f"{A}feed"
    for tag in ("id", "title", "updated"):
        assert (feed.findtext(f"{A}{tag}") or "").strip(), tag
    assert feed.find(f"{A}link[@rel='self']") is not None
    has_author = feed.find(f"{A}author/{A}name") is not None
    for entry in feed.findall(f"{A}entry"):
        for tag in ("id", "title", "updated", "summary"):
            assert (entry.findtext(f"{A}{tag}") or "").strip(), tag
        assert entry.find(f"{A}link[@rel='alternate']").get("href", "").startswith(BASE)  # type: ignore[union-attr]
        assert has_author or entry.find(f"{A}author/{A}name") is not None
        assert entry.findtext(f"{A}updated", "").endswith("Z")
    return feed


@on_both
async def test_feeds_of_new_skills_and_new_versions(site: Site) -> None:
    ada, bob = site.token("ada"), site.token("bob")
    assert (await site.publish(skill_archive("alpha-notes", "1.0.0"), ada)).status_code == 201
    assert (await site.publish(skill_archive("alpha-notes", "1.1.0"), ada)).status_code == 201
    # (the linter refuses < and > in a description; the feed's own escaping is checked on text with them below)
    hostile = skill_md("beta-tool", "0.1.0", description="Fish & chips, 'quoted', &amp; left as written.")
    assert (await site.publish(tar_gz({"beta-tool/SKILL.md": hostile}), bob)).status_code == 201

    updates = await site.http.get("/feeds/updates.atom")
    assert updates.status_code == 200
    assert updates.headers["content-type"] == "application/atom+xml; charset=utf-8"
    assert updates.headers["cache-control"] == "public, max-age=300"
    feed = check_atom(updates.content)
    titles = [e.findtext(f"{A}title") for e in feed.findall(f"{A}entry")]
    assert {"alpha-notes 1.0.0", "alpha-notes 1.1.0", "beta-tool 0.1.0"} <= set(titles)
    beta = next(e for e in feed.findall(f"{A}entry") if e.findtext(f"{A}title") == "beta-tool 0.1.0")
    assert beta.findtext(f"{A}summary") == "Fish & chips, 'quoted', &amp; left as written."  # escaped once
    assert beta.findtext(f"{A}id") == f"{BASE}/skills/beta-tool/v/0.1.0"
    assert beta.findtext(f"{A}author/{A}name") == "bob"

    new = check_atom((await site.http.get("/feeds/skills.atom")).content)
    names = [e.findtext(f"{A}title") for e in new.findall(f"{A}entry")]
    assert names.count("alpha-notes") == 1 and "beta-tool" in names  # a skill once, however many versions

    mine = check_atom((await site.http.get("/feeds/publishers/ada.atom")).content)
    assert [e.findtext(f"{A}title") for e in mine.findall(f"{A}entry")] == ["alpha-notes 1.1.0", "alpha-notes 1.0.0"]
    one = check_atom((await site.http.get("/feeds/skills/beta-tool.atom")).content)
    assert [e.findtext(f"{A}title") for e in one.findall(f"{A}entry")] == ["beta-tool 0.1.0"]

    # a yanked version is no news to install: it leaves the feeds
    await site.http.post("/api/v1/skills/alpha-notes/1.1.0/yank", headers=ada, json={})
    after = check_atom((await site.http.get("/feeds/publishers/ada.atom")).content)
    assert [e.findtext(f"{A}title") for e in after.findall(f"{A}entry")] == ["alpha-notes 1.0.0"]

    for path in ("/feeds/skills/no-such-skill.atom", "/feeds/publishers/nobody.atom"):
        missing = await site.http.get(path)
        assert missing.status_code == 404 and missing.headers["content-type"].startswith("text/html")


async def test_pages_link_their_feeds(site: Site) -> None:
    assert (await site.publish(skill_archive("alpha-notes"), site.token("ada"))).status_code == 201
    home = (await site.http.get("/")).text
    assert '<link rel="alternate" type="application/atom+xml" title="New skills" href="/feeds/skills.atom">' in home
    assert 'href="/feeds/updates.atom">new versions</a>' in home  # visible in the footer too
    skill = (await site.http.get("/skills/alpha-notes")).text
    assert 'title="New versions of alpha-notes" href="/feeds/skills/alpha-notes.atom"' in skill
    publisher = (await site.http.get("/publishers/ada")).text
    assert 'title="New versions by ada" href="/feeds/publishers/ada.atom"' in publisher


def test_an_empty_feed_and_text_xml_cannot_carry_are_still_valid_atom() -> None:
    feed = Feed("https://r.example/feeds/x.atom", "Empty", "https://r.example/")
    check_atom(atom(feed, []))
    entry = Entry(
        "https://r.example/e",
        "a\x00b\x1bc",
        "https://r.example/e?a=1&b=2",
        "2025-01-01T00:00:00Z",
        "ada",
        "u",
        "</summary><script>x</script>\x07",
    )
    parsed = ET.fromstring(atom(feed, [entry]))
    assert parsed.findtext(f"{A}entry/{A}title") == "abc"
    assert parsed.findtext(f"{A}entry/{A}summary") == "</summary><script>x</script>"
    assert parsed.find(f"{A}entry/{A}link").get("href") == "https://r.example/e?a=1&b=2"  # type: ignore[union-attr]


@on_both
async def test_badges_show_the_latest_version_and_downloads(site: Site) -> None:
    ada = site.token("ada")
    for version in ("1.0.0", "1.2.0"):
        assert (await site.publish(skill_archive("alpha-notes", version), ada)).status_code == 201
    response = await site.http.get("/badge/alpha-notes.svg")
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/svg+xml; charset=utf-8"
    assert response.headers["cache-control"] == "public, max-age=300"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["content-security-policy"].startswith("default-src 'none'")
    svg = ET.fromstring(response.content)
    assert svg.tag == f"{SVG}svg" and svg.get("aria-label") == "cairn: 1.2.0"
    assert [t.text for t in svg.iter(f"{SVG}text")][-2:] == ["1.2.0", "1.2.0"]
    again = await site.http.get("/badge/alpha-notes.svg", headers={"If-None-Match": response.headers["etag"]})
    assert again.status_code == 304 and not again.content

    await site.http.get("/api/v1/skills/alpha-notes/1.2.0/archive.tar.gz")
    downloads = ET.fromstring((await site.http.get("/badge/alpha-notes/downloads.svg")).content)
    assert downloads.get("aria-label") == "downloads: 1"

    labelled = await site.http.get("/badge/alpha-notes.svg", params={"label": '"><script>alert(1)</script>'})
    assert b"<script>" not in labelled.content
    assert ET.fromstring(labelled.content).get("aria-label") == '"><script>alert(1)</script>: 1.2.0'

    await site.http.post("/api/v1/skills/alpha-notes/deprecate", headers=ada, json={"message": "use beta"})
    assert b"1.2.0 deprecated" in (await site.http.get("/badge/alpha-notes.svg")).content

    for path in ("/badge/no-such-skill.svg", "/badge/%3Cscript%3E.svg", "/badge/no-such-skill/downloads.svg"):
        missing = await site.http.get(path)
        assert missing.status_code == 404 and missing.headers["content-type"] == "image/svg+xml; charset=utf-8"
        unknown = ET.fromstring(missing.content)
        assert unknown.get("aria-label", "").endswith(": not found") and b"script" not in missing.content


async def test_the_skill_page_offers_the_badge_markdown(site: Site) -> None:
    assert (await site.publish(skill_archive("alpha-notes"), site.token("ada"))).status_code == 201
    page = (await site.http.get("/skills/alpha-notes")).text
    markdown = f"[![alpha-notes on Cairn skills]({BASE}/badge/alpha-notes.svg)]({BASE}/skills/alpha-notes)"
    assert f'<code id="badge-md">{markdown}</code>' in page
    assert 'data-copy="badge-md"' in page


def test_badge_text_is_escaped_and_bounded() -> None:
    svg = badge("a<b>&\"c'", "x" * 200 + "\x00")
    parsed = ET.fromstring(svg)
    texts = [t.text or "" for t in parsed.iter(f"{SVG}text")]
    assert texts[0] == "a<b>&\"c'" and len(texts[-1]) == 60 and texts[-1].endswith("…")
    wide, narrow = (float(ET.fromstring(badge("l", m)).get("width", 0)) for m in ("WWWW", "iiii"))
    assert wide > narrow
