"""JSON API under ``/api/v1``: list/search, skill and version metadata, downloads, publish, yank,
deprecate, ratings. Errors are always ``{"error": <code>, "message": <what to do>}`` (plus details)."""

from __future__ import annotations

import re

from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from registry import limits, marketplace
from registry.changes import compare_versions
from registry.context import Registry, skill_detail, skill_summary, version_detail
from registry.http import NAME, ORG, SHA256, HTTPProblem, int_param, json_model, multipart, str_param
from registry.publish import PublishError
from registry.storage.rows import FullVersion, Skill

SORTS = ("relevance", "popular", "recent", "name")
PROVENANCE_FIELDS = ("repository", "homepage", "license")
MEDIA = {"tar.gz": "application/gzip", "zip": "application/zip"}


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
        sort = request.query_params.get("sort", "relevance")  # given empty is no order either
        if sort not in SORTS:
            raise HTTPProblem(400, "bad_parameter", f"sort must be one of {', '.join(SORTS)}")
        page = reg.search.search(
            str_param(request, "q") or "",
            category=str_param(request, "category", 40),
            tag=str_param(request, "tag", 30),
            compatibility=str_param(request, "compatibility"),
            license=str_param(request, "license", 80),
            sort=sort,
            page=int_param(request, "page", 1, 1, 10_000, empty_ok=False),
            per_page=int_param(request, "per_page", reg.settings.page_size, 1, 100, empty_ok=False),
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
