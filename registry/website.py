"""Browsing pages: home, search with filters, skill pages with files and versions, publishers,
the marketplace export. Server-rendered, no JavaScript needed."""

from __future__ import annotations

import posixpath
from functools import lru_cache
from typing import Literal
from urllib.parse import quote, urlencode

from markupsafe import Markup
from pydantic import Field, field_validator
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from registry import marketplace
from registry.archive import Limits, read_archive
from registry.badge import badge_markdown
from registry.changes import compare_versions
from registry.context import Registry
from registry.feeds import feed_links
from registry.highlight import file_html
from registry.http import NAME, HTTPProblem
from registry.pages import render
from registry.params import QueryModel, query
from registry.render import file_link, markdown_html
from registry.reports import REASONS
from registry.storage.rows import FullVersion, Skill

TEXT_LIMIT = 200_000
# Only raster images are served as themselves (for a SKILL.md's relative <img>); anything else a skill
# ships — HTML, SVG, scripts — could act on this origin if served raw, so it is shown on its file page.
IMAGE_TYPES = {
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
}


ORDERS = ("relevance", "popular", "recent", "name")


class SearchPageQuery(QueryModel):
    """The search page's form. Lenient where the JSON API is strict, as a page a person typed into should be:
    an order it does not know shows by relevance, a page number left blank the first page."""

    q: str | None = Field(None, max_length=200)
    category: str | None = Field(None, max_length=80)
    tag: str | None = Field(None, max_length=80)
    compatibility: str | None = Field(None, max_length=80)
    license: str | None = Field(None, max_length=80)
    sort: Literal["relevance", "popular", "recent", "name"] | None = None
    page: int | None = Field(None, ge=1, le=10_000)

    @field_validator("sort", mode="before")
    @classmethod
    def _known_order(cls, value: object) -> object:
        return value if value in ORDERS else None


class CompareQuery(QueryModel):
    """The "compare" form of a skill's page: the two versions chosen."""

    from_: str | None = Field(None, alias="from", max_length=64)
    to: str | None = Field(None, max_length=64)


def version_base(name: str, version: str) -> str:
    return f"/skills/{name}/v/{quote(version)}"


def _page_links(request: Request, page: int, per_page: int, total: int) -> dict[str, str | None]:
    def link(number: int) -> str:
        params = dict(request.query_params)
        params["page"] = str(number)
        return f"{request.url.path}?{urlencode(params)}"

    last = max(1, (total + per_page - 1) // per_page)
    return {
        "prev": link(page - 1) if page > 1 else None,
        "next": link(page + 1) if page < last else None,
        "last": str(last),
    }


def load_skill(reg: Registry, name: str, version: str | None = None) -> tuple[Skill, FullVersion]:
    skill = reg.store.skill(name) if NAME.match(name) else None
    if skill is None:
        raise HTTPProblem(404, "not_found", f"There is no skill named “{name}”.")
    versions = reg.store.versions(name)
    chosen = version or skill.latest or (versions[0].version if versions else None)
    row = reg.store.version(name, chosen) if chosen else None
    if row is None:
        raise HTTPProblem(404, "not_found", f"{name} has no version “{version}”.")
    return skill, row


def routes(reg: Registry) -> list[Route]:
    async def home(request: Request) -> Response:
        skills = reg.store.all_skills()
        featured = sorted((s for s in skills if s.is_system), key=lambda s: s.name)[:6]
        recent = sorted(skills, key=lambda s: s.updated_at, reverse=True)[:6]
        popular = sorted(skills, key=lambda s: (-s.downloads, s.name))[:6]
        return render(
            reg,
            request,
            "home.html",
            featured=featured,
            recent=recent,
            popular=popular,
            count=len(skills),
            categories=reg.store.categories(),
        )

    async def search(request: Request) -> Response:
        asked = query(request, SearchPageQuery)
        words = asked.q or ""
        filters = asked.model_dump(include={"category", "tag", "compatibility", "license"})
        sort = asked.sort or "relevance"
        page_number = asked.page or 1
        result = reg.search.search(words, sort=sort, page=page_number, per_page=reg.settings.page_size, **filters)
        links = _page_links(request, page_number, result.per_page, result.total)
        beyond = result.total > 0 and page_number > int(links["last"] or 1)
        kept = {k: v for k, v in filters.items() if v}
        return render(
            reg,
            request,
            "search.html",
            status=404 if beyond else 200,
            beyond=beyond,
            first_page=_page_links(request, 2, result.per_page, result.total)["prev"],
            query=words,
            filters=filters,
            sort=sort,
            result=result,
            links=links,
            categories=reg.store.categories(),
            licenses=reg.store.licenses(),
            did_you_mean_href="/search?" + urlencode({"q": result.did_you_mean or "", **kept, "sort": sort}),
            filtered=bool(kept),
            unfiltered_href="/search?" + urlencode({"q": words}),
        )

    async def skill_page(request: Request) -> Response:
        return skill_response(reg, request, request.path_params["name"], request.path_params.get("version"))

    async def diff_page(request: Request) -> Response:
        name, old, new = (request.path_params[k] for k in ("name", "from_version", "to_version"))
        # Unpacking and diffing two archives takes a while for a large skill: off the event loop.
        comparison = await run_in_threadpool(compare_versions, reg, name, old, new)
        return render(
            reg,
            request,
            "diff.html",
            skill=reg.store.skill(name),
            comparison=comparison,
            versions=reg.store.versions(name),
            feeds=feed_links(name=name),
        )

    async def diff_choice(request: Request) -> Response:
        # The page's "compare" form asks with a query; the comparison itself has one address to link to.
        name = request.path_params["name"]
        chosen = query(request, CompareQuery)
        old, new = chosen.from_, chosen.to
        if not old or not new:
            raise HTTPProblem(400, "bad_parameter", "Choose two versions to compare.")
        return RedirectResponse(f"/skills/{quote(name)}/diff/{quote(old)}/{quote(new)}", status_code=303)

    def skill_file(request: Request) -> tuple[Skill, FullVersion, str, bytes]:
        skill, row = load_skill(reg, request.path_params["name"], request.path_params["version"])
        path = request.path_params["path"]
        if path not in _paths(row):
            raise HTTPProblem(404, "not_found", f"{skill.name} {row.version} has no file “{path}”.")
        data = reg.store.blobs.get(row.sha256)
        files = read_archive(data, Limits.from_settings(reg.settings)).files if data else {}
        if path not in files:
            raise HTTPProblem(500, "artifact_missing", "The archive is missing from storage; tell the operator.")
        return skill, row, path, files[path]

    async def file_page(request: Request) -> Response:
        skill, row, path, content = skill_file(request)
        try:
            text: str | None = content[:TEXT_LIMIT].decode("utf-8")
        except UnicodeDecodeError:
            text = None
        html = None
        if text is not None and path.lower().endswith(".md") and path != "SKILL.md":
            # A reference document reads like the SKILL.md does, its own relative links resolved from its folder.
            base = version_base(skill.name, row.version)
            html = markdown_html(text, rewrite=file_link(base, _paths(row), posixpath.dirname(path), skill.name))
        return render(
            reg,
            request,
            "file.html",
            skill=skill,
            row=row,
            path=path,
            text=text,
            html=html,
            code_html=Markup(file_html(text, path)) if text is not None and html is None else None,
            size=len(content),
            truncated=len(content) > TEXT_LIMIT,
        )

    async def latest_file(request: Request) -> Response:
        # Where a skill's link into a sibling skill's folder leads: that file in the sibling's latest version.
        skill, row = load_skill(reg, request.path_params["name"])
        path = request.path_params["path"]
        if path not in _paths(row):
            raise HTTPProblem(404, "not_found", f"{skill.name} {row.version} has no file “{path}”.")
        return RedirectResponse(f"{version_base(skill.name, row.version)}/files/{quote(path)}", status_code=302)

    async def raw_file(request: Request) -> Response:
        _, _, path, content = skill_file(request)
        media = IMAGE_TYPES.get(posixpath.splitext(path.lower())[1])
        if media is None:
            raise HTTPProblem(404, "not_found", "Only images are served as files; open the file's page instead.")
        headers = {
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "default-src 'none'; sandbox",
            "Cache-Control": "public, max-age=3600",
        }
        return Response(content, media_type=media, headers=headers)

    async def publisher(request: Request) -> Response:
        owner = request.path_params["owner"]
        skills = reg.store.skills_of(owner)
        if not skills and not reg.accounts.org_exists(owner):
            raise HTTPProblem(404, "not_found", f"“{owner}” has not published any skills.")
        members = reg.accounts.members(owner) if reg.accounts.org_exists(owner) else []
        return render(
            reg, request, "publisher.html", owner=owner, skills=skills, members=members, feeds=feed_links(owner=owner)
        )

    async def marketplace_page(request: Request) -> Response:
        return render(reg, request, "marketplace.html", name=reg.settings.marketplace_name)

    async def marketplace_archive(_: Request) -> Response:
        data = marketplace.claude_marketplace(reg)
        filename = f"{reg.settings.marketplace_name}.tar.gz"
        return Response(
            data,
            media_type="application/gzip",
            headers={
                "Content-Disposition": f'attachment; filename="{filename}"',
                "Cache-Control": "public, max-age=60",
            },
        )

    return [
        Route("/", home, methods=["GET"]),
        Route("/search", search, methods=["GET"]),
        Route("/skills/{name}", skill_page, methods=["GET"]),
        Route("/skills/{name}/v/{version}", skill_page, methods=["GET"]),
        Route("/skills/{name}/v/{version}/files/{path:path}", file_page, methods=["GET"]),
        Route("/skills/{name}/v/{version}/raw/{path:path}", raw_file, methods=["GET"]),
        Route("/skills/{name}/files/{path:path}", latest_file, methods=["GET"]),
        Route("/skills/{name}/diff", diff_choice, methods=["GET"]),
        Route("/skills/{name}/diff/{from_version}/{to_version}", diff_page, methods=["GET"]),
        Route("/publishers/{owner}", publisher, methods=["GET"]),
        Route("/marketplace", marketplace_page, methods=["GET"]),
        Route("/marketplace.tar.gz", marketplace_archive, methods=["GET"]),
    ]


def skill_response(
    reg: Registry,
    request: Request,
    name: str,
    version: str | None = None,
    *,
    status: int = 200,
    report_error: str | None = None,
) -> Response:
    """A skill's page (its latest version, or ``version``); a refused report shows its reason in the form."""
    skill, row = load_skill(reg, name, version)
    average, count = reg.store.rating_summary(skill.name)
    user = reg.identity.web_user(request)
    owner = skill.owner
    can_manage = bool(user) and (
        owner == user if skill.owner_kind == "user" else reg.accounts.role(owner, user or "") is not None
    )
    versions = reg.store.versions(skill.name)
    shown_fm = {k: v for k, v in row.frontmatter.items() if k not in ("name", "description")}
    reported = next((r for r in reg.trust.rows.reports(name=skill.name) if r.username == user), None)
    return render(
        reg,
        request,
        "skill.html",
        status=status,
        skill=skill,
        row=row,
        body_html=_body_html(skill.name, row.version, row.sha256, row.body, _paths(row)),
        frontmatter=shown_fm,
        versions=versions,
        rating=(average, count),
        ratings=reg.accounts.ratings(skill.name, 20),
        mine=reg.accounts.rating(skill.name, user) if user else None,
        can_manage=can_manage,
        archive_url=reg.archive_path(skill.name, row.version, row.format),
        is_latest=row.version == skill.latest,
        badge_md=badge_markdown(reg.base_url, skill.name),
        feeds=feed_links(name=skill.name),
        mark=reg.trust.marks().of(skill),
        reasons=REASONS,
        reported=reported if user else None,
        report_error=report_error,
    )


@lru_cache(maxsize=128)
def _body_html(name: str, version: str, sha256: str, body: str, paths: frozenset[str]) -> str:
    """A version's SKILL.md as HTML. A published version never changes, and rendering a long SKILL.md
    (tens of KB) costs tens of milliseconds, most of its page's time: rendered once per version."""
    return markdown_html(body, rewrite=file_link(version_base(name, version), paths, skill=name))


def _paths(row: FullVersion) -> frozenset[str]:
    return frozenset(f.path for f in row.files)
