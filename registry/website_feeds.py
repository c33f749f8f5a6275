"""What other sites embed or subscribe to: SVG badges of a skill's latest version and downloads, and the
Atom feeds of new skills and new versions (every skill's, one skill's, one publisher's).

| URL | what |
|---|---|
| ``/badge/{name}.svg`` · ``/badge/{name}/downloads.svg`` (``?label=``) | a badge (a grey 404 one if no such skill) |
| ``/feeds/skills.atom`` · ``/feeds/updates.atom`` | new skills · new versions |
| ``/feeds/skills/{name}.atom`` · ``/feeds/publishers/{owner}.atom`` | one skill's versions · a publisher's versions |
"""

from __future__ import annotations

import hashlib
from urllib.parse import quote

from pydantic import Field
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from registry.badge import LIVE, NOT_FOUND, YANKED, badge
from registry.context import Registry
from registry.feeds import ENTRIES, MEDIA_TYPE, Entry, Feed, atom
from registry.http import NAME, HTTPProblem
from registry.params import QueryModel, query
from registry.storage.rows import RecentVersion, Skill

# A badge or feed changes only when something is published, yanked or downloaded: minutes of staleness are
# fine, and README viewers (image proxies) and feed readers then ask far less often.
CACHE = "public, max-age=300"
BADGE_LABEL = "cairn"


class BadgeQuery(QueryModel):
    label: str | None = Field(None, max_length=40, description="The badge's left-hand text")


def routes(reg: Registry) -> list[Route]:
    def svg(request: Request, label: str, message: str, color: str, status: int = 200) -> Response:
        body = badge(query(request, BadgeQuery).label or label, message, color).encode("utf-8")
        etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        headers = {
            "Cache-Control": CACHE if status == 200 else "public, max-age=60",
            "ETag": etag,
            "X-Content-Type-Options": "nosniff",
            # Opened on its own, an SVG is a document of this origin: this one may not run or fetch anything.
            "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
        }
        if status == 200 and request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(body, status_code=status, media_type="image/svg+xml; charset=utf-8", headers=headers)

    def skill_or_none(name: str) -> Skill | None:
        return reg.store.skill(name) if NAME.match(name) else None

    async def version_badge(request: Request) -> Response:
        skill = skill_or_none(request.path_params["name"])
        if skill is None:
            return svg(request, BADGE_LABEL, "not found", NOT_FOUND, 404)
        if skill.latest is None:
            return svg(request, BADGE_LABEL, "yanked", YANKED)
        deprecated = bool(skill.deprecated)
        message = f"{skill.latest}{' deprecated' if deprecated else ''}"
        return svg(request, BADGE_LABEL, message, YANKED if deprecated else LIVE)

    async def downloads_badge(request: Request) -> Response:
        skill = skill_or_none(request.path_params["name"])
        if skill is None:
            return svg(request, "downloads", "not found", NOT_FOUND, 404)
        return svg(request, "downloads", _count(skill.downloads), LIVE)

    def xml(feed: Feed, entries: list[Entry]) -> Response:
        return Response(atom(feed, entries), media_type=MEDIA_TYPE, headers={"Cache-Control": CACHE})

    def version_entries(rows: list[RecentVersion]) -> list[Entry]:
        return [
            Entry(
                id=f"{reg.base_url}/skills/{r.name}/v/{quote(r.version)}",
                title=f"{r.name} {r.version}",
                link=f"{reg.base_url}/skills/{r.name}/v/{quote(r.version)}",
                updated=r.published_at,
                author=r.publisher,
                author_uri=f"{reg.base_url}/publishers/{quote(r.owner)}",
                summary=r.description,
            )
            for r in rows
        ]

    async def new_skills(_: Request) -> Response:
        entries = [
            Entry(
                id=f"{reg.base_url}/skills/{s.name}",
                title=s.name,
                link=f"{reg.base_url}/skills/{s.name}",
                updated=s.created_at,
                author=s.owner,
                author_uri=f"{reg.base_url}/publishers/{quote(s.owner)}",
                summary=s.description,
                category=s.category,
            )
            for s in reg.store.recent_skills(ENTRIES)
        ]
        feed = Feed(f"{reg.base_url}/feeds/skills.atom", "Cairn skills: new skills", f"{reg.base_url}/")
        return xml(feed, entries)

    async def updates(_: Request) -> Response:
        base = reg.base_url
        feed = Feed(f"{base}/feeds/updates.atom", "Cairn skills: new versions", f"{base}/search?sort=recent")
        return xml(feed, version_entries(reg.store.recent_versions(ENTRIES)))

    async def skill_feed(request: Request) -> Response:
        name = request.path_params["name"]
        if skill_or_none(name) is None:
            raise HTTPProblem(404, "not_found", f"There is no skill named “{name}”.")
        feed = Feed(
            f"{reg.base_url}/feeds/skills/{name}.atom", f"Cairn skills: {name}", f"{reg.base_url}/skills/{name}"
        )
        return xml(feed, version_entries(reg.store.recent_versions(ENTRIES, name=name)))

    async def publisher_feed(request: Request) -> Response:
        owner = request.path_params["owner"]
        if not reg.store.skills_of(owner) and not reg.accounts.org_exists(owner):
            raise HTTPProblem(404, "not_found", f"“{owner}” has not published any skills.")
        feed = Feed(
            f"{reg.base_url}/feeds/publishers/{quote(owner)}.atom",
            f"Cairn skills by {owner}",
            f"{reg.base_url}/publishers/{quote(owner)}",
        )
        return xml(feed, version_entries(reg.store.recent_versions(ENTRIES, owner=owner)))

    return [
        Route("/badge/{name}.svg", version_badge, methods=["GET"]),
        Route("/badge/{name}/downloads.svg", downloads_badge, methods=["GET"]),
        Route("/feeds/skills.atom", new_skills, methods=["GET"]),
        Route("/feeds/updates.atom", updates, methods=["GET"]),
        Route("/feeds/skills/{name}.atom", skill_feed, methods=["GET"]),
        Route("/feeds/publishers/{owner}.atom", publisher_feed, methods=["GET"]),
    ]


def _count(n: int) -> str:
    """1234 → "1.2k", as badges show counts."""
    for size, unit in ((1_000_000_000, "G"), (1_000_000, "M"), (1_000, "k")):
        if n >= size:
            return f"{n / size:.1f}".removesuffix(".0") + unit
    return str(n)
