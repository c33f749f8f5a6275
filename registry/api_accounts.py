"""Accounts over the API: who am I, personal API tokens, organisations and their skill settings
(an organisation disables or overrides system skills for its members)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from registry import models as m
from registry.accounts import AccountError
from registry.api import require_user
from registry.context import Registry, skill_summary
from registry.http import NAME, ORG, HTTPProblem, OrgName, json_model
from registry.openapi import Operation, Reply
from registry.params import QueryModel, query


class OrgPath(BaseModel):
    org: OrgName


class TokenPath(BaseModel):
    token_id: str


class OrgSkillsQuery(QueryModel):
    scope: Literal["system", "org", "all"] | None = Field(None, description="Which skills")


class TokenBody(BaseModel):
    label: str = Field("cli", min_length=1, max_length=80)


class SkillNameBody(BaseModel):
    skill_name: str = Field(min_length=1, max_length=64, pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class OverrideBody(SkillNameBody):
    override_skill: str = Field(min_length=1, max_length=64, pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class MemberBody(BaseModel):
    username: str = Field(min_length=1, max_length=64)
    role: Literal["admin", "member"] = "member"


def org_skills(reg: Registry, org: str, scope: str = "all") -> list[dict[str, Any]]:
    """System skills with this org's disable/override flags, then the org's own skills."""
    configs = reg.accounts.configs(org)
    marks = reg.trust.marks()
    out: list[dict[str, Any]] = []
    if scope in ("system", "all"):
        for skill in reg.store.skills_of("cairn"):
            if not skill.is_system:
                continue
            config = configs.get(skill.name)
            action = config.action if config else None
            out.append(
                {
                    **skill_summary(reg, skill, marks),
                    "scope": "system",
                    "is_system_skill": True,
                    "is_disabled": action == "disable",
                    "is_overridden": action == "override",
                    "override_skill": config.override_skill if config else None,
                }
            )
    if scope in ("org", "all"):
        for skill in reg.store.skills_of(org):
            out.append(
                {
                    **skill_summary(reg, skill, marks),
                    "scope": "org",
                    "is_system_skill": False,
                    "is_disabled": False,
                    "is_overridden": False,
                    "override_skill": None,
                }
            )
    return out


def change_config(reg: Registry, org: str, action: str, skill_name: str, override: str | None = None) -> None:
    """Disable, enable or override one system skill for ``org``; HTTPProblem says what was wrong."""
    if action not in ("disable", "enable", "override"):
        raise HTTPProblem(400, "bad_parameter", "the action is one of disable, enable, override")
    system = reg.store.skill(skill_name)
    if system is None or not system.is_system:
        raise HTTPProblem(404, "not_found", f"{skill_name!r} is not a system skill")
    if action == "enable":
        reg.accounts.set_config(org, skill_name, None)
        return
    if action == "override":
        replacement = reg.store.skill(override or "")
        if replacement is None or replacement.owner != org:
            raise HTTPProblem(400, "bad_override", f"{override!r} is not one of {org}'s own skills; publish it first")
        reg.accounts.set_config(org, skill_name, "override", override)
        return
    reg.accounts.set_config(org, skill_name, "disable")


def routes(reg: Registry) -> list[Route]:
    async def member(request: Request, admin: bool = False) -> tuple[str, str]:
        user = await require_user(reg, request)
        org = request.path_params["org"]
        role = reg.accounts.role(org, user) if ORG.match(org) else None
        if role is None or (admin and role != "admin"):
            if not ORG.match(org) or not reg.accounts.org_exists(org):
                raise HTTPProblem(404, "not_found", f"no organisation named {org!r}")
            raise HTTPProblem(403, "forbidden", f"you are not {'an admin' if admin else 'a member'} of {org!r}")
        return user, org

    async def me(request: Request) -> Response:
        user = await require_user(reg, request)
        return JSONResponse({"username": user, "orgs": reg.accounts.orgs_of(user)})

    async def tokens(request: Request) -> Response:
        user = await require_user(reg, request)
        if request.method == "POST":
            body = await json_model(request, TokenBody)
            token, info = reg.accounts.create_token(user, body.label)
            return JSONResponse({**info.model_dump(), "token": token}, status_code=201)
        return JSONResponse({"tokens": [t.model_dump() for t in reg.accounts.tokens(user)]})

    async def revoke(request: Request) -> Response:
        user = await require_user(reg, request)
        if not reg.accounts.revoke_token(user, request.path_params["token_id"]):
            raise HTTPProblem(404, "not_found", "no such token of yours")
        return JSONResponse({"revoked": request.path_params["token_id"]})

    async def skills(request: Request) -> Response:
        _, org = await member(request)
        scope = query(request, OrgSkillsQuery).scope or "all"
        return JSONResponse({"org": org, "skills": org_skills(reg, org, scope)})

    async def config(request: Request) -> Response:
        _, org = await member(request)
        rows = reg.accounts.configs(org).values()
        return JSONResponse({"configs": [{"system_skill_name": r.skill_name, **r.model_dump()} for r in rows]})

    async def change(request: Request) -> Response:
        _, org = await member(request, admin=True)
        action = request.path_params["action"]
        if action not in ("disable", "enable", "override"):
            raise HTTPProblem(404, "not_found", "actions are disable, enable and override")
        if action == "override":
            body: SkillNameBody = await json_model(request, OverrideBody)
            change_config(reg, org, action, body.skill_name, getattr(body, "override_skill", None))
        else:
            body = await json_model(request, SkillNameBody)
            change_config(reg, org, action, body.skill_name)
        return JSONResponse({"org": org, "skills": org_skills(reg, org, "system")})

    async def members(request: Request) -> Response:
        if request.method == "POST":
            user, org = await member(request, admin=True)
            body = await json_model(request, MemberBody)
            if not NAME.match(body.username.replace("_", "-").replace(".", "-")):
                raise HTTPProblem(400, "bad_parameter", "usernames are letters, digits, -, _ and .")
            try:
                reg.accounts.add_member(org, user, body.username, body.role)
            except AccountError as exc:
                raise HTTPProblem(403, "forbidden", str(exc)) from None
        else:
            _, org = await member(request)
        return JSONResponse({"org": org, "members": [m.model_dump() for m in reg.accounts.members(org)]})

    return [
        Route("/api/v1/me", me, methods=["GET"]),
        Route("/api/v1/tokens", tokens, methods=["GET", "POST"]),
        Route("/api/v1/tokens/{token_id}", revoke, methods=["DELETE"]),
        Route("/api/v1/orgs/{org}/skills", skills, methods=["GET"]),
        Route("/api/v1/orgs/{org}/config", config, methods=["GET"]),
        Route("/api/v1/orgs/{org}/config/{action}", change, methods=["POST"]),
        Route("/api/v1/orgs/{org}/members", members, methods=["GET", "POST"]),
    ]


OPERATIONS = [
    Operation("get", "/api/v1/me", "Who the token belongs to", Reply(m.Me, "The caller"), errors=(401,), auth=True),
    Operation(
        "get", "/api/v1/tokens", "Your personal API tokens", Reply(m.TokenList, "Tokens"), errors=(401,), auth=True
    ),
    Operation(
        "post",
        "/api/v1/tokens",
        "Create a personal API token",
        Reply(m.NewToken, "Created; the secret is shown once"),
        status=201,
        errors=(401, 422),
        body=TokenBody,
        auth=True,
    ),
    Operation(
        "delete",
        "/api/v1/tokens/{token_id}",
        "Revoke a token",
        Reply(m.Revoked, "Revoked"),
        errors=(401, 404),
        path_params=TokenPath,
        auth=True,
    ),
    Operation(
        "get",
        "/api/v1/orgs/{org}/skills",
        "System skills with the org's disable/override flags, and the org's own skills",
        Reply(m.OrgSkills, "Skills"),
        errors=(400, 401, 403, 404),
        path_params=OrgPath,
        query=OrgSkillsQuery,
        auth=True,
    ),
    Operation(
        "get",
        "/api/v1/orgs/{org}/config",
        "The org's skill configuration",
        Reply(m.OrgConfigs, "Configs"),
        errors=(401, 403, 404),
        path_params=OrgPath,
        auth=True,
    ),
    Operation(
        "get",
        "/api/v1/orgs/{org}/members",
        "Members",
        Reply(m.Members, "Members"),
        errors=(401, 403, 404),
        path_params=OrgPath,
        auth=True,
    ),
    Operation(
        "post",
        "/api/v1/orgs/{org}/members",
        "Add a member (admins)",
        Reply(m.Members, "Members"),
        errors=(400, 401, 403, 404, 422),
        path_params=OrgPath,
        body=MemberBody,
        auth=True,
    ),
    *(
        Operation(
            "post",
            f"/api/v1/orgs/{{org}}/config/{action}",
            f"{action.capitalize()} a system skill for the org (admins)",
            Reply(m.OrgSkills, "Updated"),
            errors=(400, 401, 403, 404, 422),
            path_params=OrgPath,
            body=body,
            auth=True,
        )
        for action, body in (("disable", SkillNameBody), ("enable", SkillNameBody), ("override", OverrideBody))
    ),
]
