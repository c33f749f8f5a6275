"""Trust over the API: a publisher's verification and repository claims, and reports of skills."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from registry import models as m
from registry.api import VersionPath, require_user
from registry.context import Registry
from registry.http import NAME, HTTPProblem, json_model
from registry.openapi import Operation, Reply
from registry.params import QueryModel, query
from registry.reports import ReportError, file_report
from registry.storage.rows import Report, RepositoryClaim
from registry.trust import PROOF_PATH, TrustError, proof_line


class OwnerPath(BaseModel):
    owner: str = Field(max_length=64)


class ReportsQuery(QueryModel):
    problems: ClassVar[dict[str, str]] = {"status": "status is one of open, resolved, all"}

    status: Literal["open", "resolved", "all"] | None = Field(None, description="Which reports")


class RepositoryBody(BaseModel):
    repository: str = Field(min_length=1, max_length=300)


class ReportBody(BaseModel):
    reason: Literal["malicious", "impersonation", "copyright", "spam", "broken", "other"]
    text: str = Field("", max_length=2000)


def claim_json(reg: Registry, claim: RepositoryClaim) -> dict[str, Any]:
    return {
        "owner": claim.owner,
        "repository": claim.repository,
        "verified": claim.verified_at is not None,
        "verified_at": claim.verified_at,
        "file": PROOF_PATH,
        "line": proof_line(claim),
        "checked_at": reg.trust.proof_url(claim.repository),
    }


def report_json(report: Report) -> dict[str, Any]:
    return report.model_dump()


def may_act_for(reg: Registry, user: str, owner: str) -> bool:
    """A person acts for themselves; an organisation's administrators act for it."""
    return user == owner or reg.accounts.role(owner, user) == "admin"


def is_operator(reg: Registry, user: str) -> bool:
    return user in reg.settings.admins


def routes(reg: Registry) -> list[Route]:
    def trust_problem(exc: TrustError | ReportError) -> HTTPProblem:
        extra = {"retry_after": exc.retry_after} if isinstance(exc, ReportError) and exc.retry_after else {}
        return HTTPProblem(exc.status, exc.code, exc.message, **extra)

    async def publisher(request: Request) -> Response:
        owner = request.path_params["owner"]
        if not reg.trust.publisher_exists(owner):
            raise HTTPProblem(404, "not_found", f"no person or organisation named {owner!r} has published here")
        verified = {p.owner: p for p in reg.trust.rows.verified_publishers()}.get(owner)
        claims = [c for c in reg.trust.rows.claims(owner) if c.verified_at]
        return JSONResponse(
            {
                "owner": owner,
                "kind": "org" if reg.accounts.org_exists(owner) else "user",
                "verified": verified is not None,
                "verified_at": verified.verified_at if verified else None,
                "repositories": [{"repository": c.repository, "verified_at": c.verified_at} for c in claims],
            }
        )

    async def claim(request: Request) -> Response:
        owner = request.path_params["owner"]
        user = await require_user(reg, request)
        if not may_act_for(reg, user, owner):
            raise HTTPProblem(403, "not_owner", f"only {owner} (or its administrators) can claim repositories for it")
        body = await json_model(request, RepositoryBody)
        try:
            existing = reg.trust.find_claim(owner, body.repository)
            made = existing or reg.trust.claim(owner, body.repository, user)
        except TrustError as exc:
            raise trust_problem(exc) from None
        return JSONResponse(claim_json(reg, made), status_code=200 if existing else 201)

    async def check(request: Request) -> Response:
        owner = request.path_params["owner"]
        user = await require_user(reg, request)
        if not may_act_for(reg, user, owner):
            raise HTTPProblem(403, "not_owner", f"only {owner} (or its administrators) can check its repositories")
        body = await json_model(request, RepositoryBody)
        try:
            checked = await run_in_threadpool(reg.trust.check, owner, body.repository, "repository-token")
        except TrustError as exc:
            raise trust_problem(exc) from None
        return JSONResponse(claim_json(reg, checked))

    async def report(request: Request) -> Response:
        name, version = request.path_params["name"], request.path_params["version"]
        user = await require_user(reg, request)
        if not NAME.match(name) or reg.store.version(name, version) is None:
            raise HTTPProblem(404, "not_found", f"the registry has no {name} {version}")
        body = await json_model(request, ReportBody)
        try:
            made = file_report(reg.store, reg.settings, user, name, version, body.reason, body.text)
        except ReportError as exc:
            raise trust_problem(exc) from None
        return JSONResponse(report_json(made), status_code=201)

    async def reports(request: Request) -> Response:
        user = await require_user(reg, request)
        if not is_operator(reg, user):
            raise HTTPProblem(403, "not_operator", "only the registry's operators (CAIRN_REGISTRY__ADMINS) see reports")
        status = query(request, ReportsQuery).status or "open"
        found = reg.trust.rows.reports(status=None if status == "all" else status)
        return JSONResponse({"reports": [report_json(r) for r in found]})

    return [
        Route("/api/v1/publishers/{owner}", publisher, methods=["GET"]),
        Route("/api/v1/publishers/{owner}/repositories", claim, methods=["POST"]),
        Route("/api/v1/publishers/{owner}/repositories/check", check, methods=["POST"]),
        Route("/api/v1/skills/{name}/{version}/reports", report, methods=["POST"]),
        Route("/api/v1/reports", reports, methods=["GET"]),
    ]


OPERATIONS = [
    Operation(
        "get",
        "/api/v1/publishers/{owner}",
        "A publisher: verified or not, and its proven repositories",
        Reply(m.Publisher, "The publisher"),
        errors=(404,),
        path_params=OwnerPath,
    ),
    Operation(
        "post",
        "/api/v1/publishers/{owner}/repositories",
        "Claim a repository for a publisher (itself, or an org it administers): the token to place in it",
        Reply(m.RepositoryClaim, "Created"),
        status=201,
        also={200: Reply(m.RepositoryClaim, "The existing claim")},
        errors=(400, 401, 403, 422),
        path_params=OwnerPath,
        body=RepositoryBody,
        auth=True,
    ),
    Operation(
        "post",
        "/api/v1/publishers/{owner}/repositories/check",
        "Prove a claim: the registry reads the proof file from the repository",
        Reply(m.RepositoryClaim, "Proven"),
        errors=(401, 403, 404, 409, 422, 502),
        path_params=OwnerPath,
        body=RepositoryBody,
        auth=True,
    ),
    Operation(
        "post",
        "/api/v1/skills/{name}/{version}/reports",
        "Report a skill version to the registry's operator (one open report per user and skill)",
        Reply(m.Report, "Reported"),
        status=201,
        errors=(401, 404, 409, 422, 429),
        path_params=VersionPath,
        body=ReportBody,
        auth=True,
    ),
    Operation(
        "get",
        "/api/v1/reports",
        "Reports of skills (the registry's operators only)",
        Reply(m.ReportList, "Reports"),
        errors=(400, 401, 403),
        query=ReportsQuery,
        auth=True,
    ),
]
