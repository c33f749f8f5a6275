"""JSON API under ``/api/v1``: list/search, skill and version metadata, downloads, publish, yank,
deprecate, ratings. Errors are always ``{"error": <code>, "message": <what to do>}`` (plus details)."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from registry import limits, marketplace
from registry import models as m
from registry.changes import compare_versions
from registry.context import Registry, skill_detail, skill_summary, version_detail
from registry.http import NAME, ORG, SHA256, HTTPProblem, SkillName, VersionText, json_model, multipart
from registry.openapi import Operation, Reply
from registry.params import QueryModel, query
from registry.publish import PublishError
from registry.storage.rows import FullVersion, Skill

PROVENANCE_FIELDS = ("repository", "homepage", "license")
MEDIA = {"tar.gz": "application/gzip", "zip": "application/zip"}


class SearchQuery(QueryModel):
    sort: Literal["relevance", "popular", "recent", "name"] = Field("relevance", description="Order")
    q: str | None = Field(None, max_length=200, description="Words, a name, or a name with typos")
    category: str | None = Field(None, max_length=40, description="Only this category")
    tag: str | None = Field(None, max_length=30, description="Only skills with this tag")
    compatibility: str | None = Field(None, max_length=200, description="Substring of the compatibility field")
    license: str | None = Field(None, max_length=80, description="Only skills under this licence (MIT, Apache-2.0, …)")
    page: int = Field(1, ge=1, le=10_000, description="Page number")
    per_page: int = Field(20, ge=1, le=100, description="Results per page")


_FLAG = Literal["true", "false"]


class PublishForm(BaseModel):
    """The multipart fields of a publish (``archive`` is the file)."""

    archive: bytes
    org: str = ""
    version: str = ""
    next_version: _FLAG = Field(
        "false",
        description="with no `version` and no metadata.version: the next patch after the highest published, "
        "1.0.0 for a new name",
    )
    override: _FLAG = Field("false", description="`version` wins over a different metadata.version in SKILL.md")
    dry_run: _FLAG = "false"
    repository: str = Field("", max_length=300, description="the source repository (http(s)); wins over SKILL.md's")
    homepage: str = Field("", max_length=300)
    license: str = Field("", max_length=300, description="an SPDX identifier; wins over SKILL.md's license field")


class SkillPath(BaseModel):
    name: SkillName


class VersionPath(SkillPath):
    version: VersionText


class ArchivePath(VersionPath):
    ext: Literal["tar.gz", "zip"]


class DiffPath(SkillPath):
    from_version: VersionText
    to_version: VersionText


class ArtifactPath(BaseModel):
    sha256: str


class YankBody(BaseModel):
    reason: str | None = Field(None, max_length=500)


class DeprecateBody(BaseModel):
    message: str | None = Field(None, max_length=500, description="null removes the deprecation")


class RatingBody(BaseModel):
    stars: int = Field(ge=1, le=5)
    comment: str = Field("", max_length=2000)


def _skill(reg: Registry, name: str) -> Skill:
    skill = reg.store.skill(name) if NAME.match(name) else None
    if skill is None:
        raise HTTPProblem(404, "not_found", f"the registry has no skill named {name!r}")
    return skill


def _version(reg: Registry, name: str, version: str) -> FullVersion:
    _skill(reg, name)
    row = reg.store.version(name, version)
    if row is None:
        raise HTTPProblem(404, "not_found", f"{name} has no version {version!r}")
    return row


async def _owner_of(reg: Registry, request: Request, skill: Skill) -> str:
    user = await require_user(reg, request)
    owner, kind = skill.owner, skill.owner_kind
    if (kind == "user" and owner != user) or (kind == "org" and reg.accounts.role(owner, user) is None):
        raise HTTPProblem(403, "not_owner", f"{skill.name} belongs to {kind} {owner!r}")
    return user


async def require_user(reg: Registry, request: Request) -> str:
    user, reason = await reg.identity.api_user(request)
    if user is None:
        raise HTTPProblem(401, "unauthorized", reason or "sign in first")
    return user


def _flag(value: object) -> bool:
    """A multipart yes/no field: true, 1, yes or on."""
    return str(value or "").lower() in ("1", "true", "yes", "on")


def limit_publishes(reg: Registry, user: str, *, count: bool = True) -> None:
    """One more publish by ``user``, or 429 when they reached this hour's limit (a runaway script or a
    stolen token cannot flood the registry with versions); ``count=False`` only asks (the web preview)."""
    try:
        (limits.take if count else limits.check)(reg.store, f"publish:{user}", reg.settings.publish_per_hour, 3600)
    except limits.RateLimited as exc:
        raise HTTPProblem(
            429,
            "rate_limited",
            f"{user} published {reg.settings.publish_per_hour} versions within the last hour; try again in {exc.wait}",
            retry_after=exc.retry_after_s,
        ) from None


# Crawlers, link previewers and archivers follow a page's download link without installing anything.
_BOT = re.compile(
    r"bot\b|bot/|crawl|spider|slurp|scrap|archiver|facebookexternalhit|bingpreview|embedly|preview|"
    r"headless|lighthouse|wget|monitor|check|validator",
    re.IGNORECASE,
)


def counts_as_download(request: Request) -> bool:
    """A download is counted when a person's browser or an installer (the CLI, the skills server: httpx) asks;
    a request that names no user agent, or a crawler's, is served but not counted."""
    agent = request.headers.get("user-agent", "").strip()
    return bool(agent) and _BOT.search(agent) is None


def routes(reg: Registry) -> list[Route]:
    async def list_skills(request: Request) -> Response:
        asked = query(request, SearchQuery, per_page=reg.settings.page_size)
        page = reg.search.search(
            asked.q or "",
            category=asked.category,
            tag=asked.tag,
            compatibility=asked.compatibility,
            license=asked.license,
            sort=asked.sort,
            page=asked.page,
            per_page=asked.per_page,
        )
        marks = reg.trust.marks()
        return JSONResponse(
            {
                "items": [skill_summary(reg, s, marks) for s in page.items],
                "total": page.total,
                "page": page.page,
                "per_page": page.per_page,
                "degraded": page.degraded,
                "corrected": page.corrected,
                "did_you_mean": page.did_you_mean,
                "suggestions": [skill_summary(reg, s, marks) for s in page.suggestions],
            }
        )

    async def publish(request: Request) -> Response:
        user = await require_user(reg, request)
        form = await multipart(request, reg.settings.max_archive_bytes)
        upload = form.get("archive")
        if not isinstance(upload, UploadFile):
            raise HTTPProblem(400, "bad_request", "the multipart body needs a file field named `archive`")
        data = await upload.read()
        org = str(form.get("org") or "").strip() or None
        if org is not None and not ORG.match(org):
            raise HTTPProblem(400, "bad_parameter", "org must be 1-39 lower-case letters, digits, - or _")
        version = str(form.get("version") or "").strip() or None
        dry_run, next_version, override = (_flag(form.get(k)) for k in ("dry_run", "next_version", "override"))
        given = {k: str(form.get(k) or "").strip()[:300] or None for k in PROVENANCE_FIELDS}
        try:
            prepared = reg.prepare_publish(
                data, publisher=user, org=org, version=version, suggest=next_version, override=override, given=given
            )
            if not dry_run:
                limit_publishes(reg, user)
                reg.commit_publish(prepared)
        except PublishError as exc:
            raise HTTPProblem(exc.status, exc.code, exc.message, findings=exc.findings) from None
        new = prepared.new
        body = {
            "name": new.name,
            "version": new.version,
            "sha256": new.sha256,
            "size": new.size,
            "owner": prepared.owner,
            "published": not dry_run,
            "warnings": prepared.warnings,
            "archive_url": reg.archive_path(new.name, new.version, new.format),
            "version_from": prepared.version_from,
            "repository": new.repository,
            "homepage": new.homepage,
            "license": new.license,
        }
        return JSONResponse(body, status_code=200 if dry_run else 201)

    async def skills_root(request: Request) -> Response:
        return await (publish(request) if request.method == "POST" else list_skills(request))

    async def get_skill(request: Request) -> Response:
        skill = _skill(reg, request.path_params["name"])
        return JSONResponse(skill_detail(reg, skill))

    async def get_version(request: Request) -> Response:
        row = _version(reg, request.path_params["name"], request.path_params["version"])
        return JSONResponse(version_detail(reg, row))

    async def diff(request: Request) -> Response:
        name, old, new = (request.path_params[k] for k in ("name", "from_version", "to_version"))
        comparison = await run_in_threadpool(compare_versions, reg, name, old, new)
        return JSONResponse(comparison.as_json(), headers={"Cache-Control": "public, max-age=3600"})

    async def archive(request: Request) -> Response:
        name, version, ext = (request.path_params[k] for k in ("name", "version", "ext"))
        row = _version(reg, name, version)
        if ext != row.format:
            raise HTTPProblem(404, "not_found", f"{name} {version} is a .{row.format} archive")
        counted = (name, version) if counts_as_download(request) else None
        response = _blob_response(reg, row.sha256, row.format, f"{name}-{version}.{ext}", count=counted)
        if row.yanked:
            # Still served (whoever pinned it keeps working), but an installer can tell and warn.
            reason = "".join(c if " " <= c <= "~" else "?" for c in row.yank_reason or "no reason given")
            response.headers["X-Cairn-Yanked"] = reason
            response.headers["Cache-Control"] = "public, max-age=300"  # the bytes never change; the yank may
        return response

    async def artifact(request: Request) -> Response:
        sha = request.path_params["sha256"]
        found = reg.store.version_by_sha(sha) if SHA256.match(sha) else None
        if found is None:
            raise HTTPProblem(404, "not_found", f"no published artifact has sha256 {sha[:64]!r}")
        return _blob_response(reg, sha, found.format, f"{found.name}-{found.version}.{found.format}")

    async def yank(request: Request) -> Response:
        name, version = request.path_params["name"], request.path_params["version"]
        await _owner_of(reg, request, _skill(reg, name))
        _version(reg, name, version)
        body = await json_model(request, YankBody)
        reg.store.set_yanked(name, version, True, body.reason)
        return JSONResponse(version_detail(reg, _version(reg, name, version)))

    async def unyank(request: Request) -> Response:
        name, version = request.path_params["name"], request.path_params["version"]
        await _owner_of(reg, request, _skill(reg, name))
        _version(reg, name, version)
        reg.store.set_yanked(name, version, False, None)
        return JSONResponse(version_detail(reg, _version(reg, name, version)))

    async def deprecate(request: Request) -> Response:
        skill = _skill(reg, request.path_params["name"])
        await _owner_of(reg, request, skill)
        body = await json_model(request, DeprecateBody)
        reg.store.set_deprecated(skill.name, body.message or None)
        return JSONResponse(skill_detail(reg, _skill(reg, skill.name)))

    async def ratings(request: Request) -> Response:
        skill = _skill(reg, request.path_params["name"])
        if request.method == "POST":
            user = await require_user(reg, request)
            body = await json_model(request, RatingBody)
            reg.accounts.rate(skill.name, user, body.stars, body.comment)
        average, count = reg.store.rating_summary(skill.name)
        ratings = [r.model_dump() for r in reg.accounts.ratings(skill.name)]
        return JSONResponse(
            {"average": average, "count": count, "ratings": ratings},
            status_code=201 if request.method == "POST" else 200,
        )

    async def categories(_: Request) -> Response:
        return JSONResponse({"categories": [c.model_dump() for c in reg.store.categories()]})

    async def index(_: Request) -> Response:
        return JSONResponse(marketplace.index(reg), headers={"Cache-Control": "public, max-age=60"})

    return [
        # One route per path, so a 405 lists every method the path has in its Allow header.
        Route("/api/v1/skills", skills_root, methods=["GET", "POST"]),
        Route("/api/v1/index.json", index, methods=["GET"]),
        Route("/api/v1/categories", categories, methods=["GET"]),
        Route("/api/v1/artifacts/{sha256}", artifact, methods=["GET"]),
        Route("/api/v1/skills/{name}", get_skill, methods=["GET"]),
        Route("/api/v1/skills/{name}/ratings", ratings, methods=["GET", "POST"]),
        Route("/api/v1/skills/{name}/deprecate", deprecate, methods=["POST"]),
        Route("/api/v1/skills/{name}/{version}", get_version, methods=["GET"]),
        Route("/api/v1/skills/{name}/{version}/archive.{ext}", archive, methods=["GET"]),
        Route("/api/v1/skills/{name}/diff/{from_version}/{to_version}", diff, methods=["GET"]),
        Route("/api/v1/skills/{name}/{version}/yank", yank, methods=["POST"]),
        Route("/api/v1/skills/{name}/{version}/unyank", unyank, methods=["POST"]),
    ]


def _blob_response(reg: Registry, sha: str, fmt: str, filename: str, count: tuple[str, str] | None = None) -> Response:
    data = reg.store.blobs.get(sha)
    if data is None:
        raise HTTPProblem(500, "artifact_missing", "the archive is missing from storage; tell the operator")
    if count is not None:
        reg.store.count_download(*count)
    headers = {
        "X-Content-Type-Options": "nosniff",
        "ETag": f'"{sha}"',
        "X-Checksum-Sha256": sha,
        "Cache-Control": "public, max-age=31536000, immutable",
        "Content-Disposition": f'attachment; filename="{filename}"',
    }
    return Response(data, media_type=MEDIA[fmt], headers=headers)


_ARCHIVE = Reply(None, "The archive bytes; sha256 equals the listed checksum")
OPERATIONS = [
    Operation(
        "get",
        "/api/v1/skills",
        "List or search skills",
        Reply(m.SkillList, "A page of skills"),
        errors=(400,),
        query=SearchQuery,
    ),
    Operation(
        "post",
        "/api/v1/skills",
        "Publish a skill archive (multipart: archive, org?, version?, next_version?, override?, dry_run?, "
        "repository?, homepage?, license?)",
        Reply(m.PublishResult, "Published"),
        status=201,
        also={200: Reply(m.PublishResult, "Dry run: checked, not stored")},
        errors=(400, 401, 403, 409, 413, 415, 422),
        form=PublishForm,
        auth=True,
    ),
    Operation(
        "get",
        "/api/v1/skills/{name}",
        "A skill with all versions (the install contract)",
        Reply(m.SkillDetail, "The skill"),
        errors=(404,),
        path_params=SkillPath,
    ),
    Operation(
        "get",
        "/api/v1/skills/{name}/{version}",
        "One version: frontmatter, files, lint findings",
        Reply(m.VersionDetail, "The version"),
        errors=(404,),
        path_params=VersionPath,
    ),
    Operation(
        "get",
        "/api/v1/skills/{name}/diff/{from_version}/{to_version}",
        "What changed between two versions: files added, removed and changed, frontmatter fields, and "
        "a size-bounded unified diff of each changed text file",
        Reply(m.VersionDiff, "The comparison"),
        errors=(400, 404),
        path_params=DiffPath,
    ),
    Operation(
        "get",
        "/api/v1/skills/{name}/{version}/archive.{ext}",
        "Download an archive (counts a download)",
        _ARCHIVE,
        errors=(404,),
        path_params=ArchivePath,
    ),
    Operation(
        "post",
        "/api/v1/skills/{name}/{version}/yank",
        "Yank a version (still installable by exact version)",
        Reply(m.VersionDetail, "Yanked"),
        errors=(401, 403, 404, 422),
        path_params=VersionPath,
        body=YankBody,
        auth=True,
    ),
    Operation(
        "post",
        "/api/v1/skills/{name}/{version}/unyank",
        "Undo a yank",
        Reply(m.VersionDetail, "Live again"),
        errors=(401, 403, 404),
        path_params=VersionPath,
        auth=True,
    ),
    Operation(
        "post",
        "/api/v1/skills/{name}/deprecate",
        "Deprecate a skill (message null = undo)",
        Reply(m.SkillDetail, "Updated"),
        errors=(401, 403, 404, 422),
        path_params=SkillPath,
        body=DeprecateBody,
        auth=True,
    ),
    Operation(
        "get",
        "/api/v1/skills/{name}/ratings",
        "Ratings and feedback",
        Reply(m.Ratings, "Ratings"),
        errors=(404,),
        path_params=SkillPath,
    ),
    Operation(
        "post",
        "/api/v1/skills/{name}/ratings",
        "Rate a skill (one rating per user, replaced on re-rating)",
        Reply(m.Ratings, "Saved"),
        status=201,
        errors=(401, 404, 422),
        path_params=SkillPath,
        body=RatingBody,
        auth=True,
    ),
    Operation(
        "get",
        "/api/v1/artifacts/{sha256}",
        "Download by content address",
        _ARCHIVE,
        errors=(404,),
        path_params=ArtifactPath,
    ),
    Operation("get", "/api/v1/categories", "Categories with counts", Reply(m.Categories, "Categories")),
    Operation("get", "/api/v1/index.json", "Mirrorable index of every version", Reply(m.Index, "The index")),
]
