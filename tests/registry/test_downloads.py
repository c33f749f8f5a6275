"""Download counts are people's and installers' downloads: a crawler following the page's download link, or
a request naming no user agent, gets the archive but is not counted."""

from __future__ import annotations

from tests.registry.conftest import Site, on_both
from tests.registry.kit import skill_archive

pytestmark = on_both
CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"
CRAWLERS = (
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "facebookexternalhit/1.1",
    "Mozilla/5.0 (compatible; AhrefsBot/7.0)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)",
    "Wget/1.21",
    "",
)


async def test_only_browsers_and_installers_count(site: Site) -> None:
    assert (await site.publish(skill_archive("count-me"), site.token("ada"))).status_code == 201
    url = "/api/v1/skills/count-me/1.0.0/archive.tar.gz"
    for agent in CRAWLERS:
        response = await site.http.get(url, headers={"User-Agent": agent})
        assert response.status_code == 200 and response.content[:2] == b"\x1f\x8b"
    assert (await site.http.get("/api/v1/skills/count-me")).json()["downloads"] == 0
    await site.http.get(url, headers={"User-Agent": CHROME})
    await site.http.get(url)  # httpx, as the CLI and the skills server's installer send
    skill = (await site.http.get("/api/v1/skills/count-me")).json()
    assert skill["downloads"] == 2 and skill["versions"][0]["downloads"] == 2
