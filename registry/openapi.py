"""The OpenAPI 3.1 document of ``/api/v1``, served at ``/openapi.json``; schemas come from the models."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import JsonSchemaMode, models_json_schema

from registry import models as m
from registry.api import DeprecateBody, RatingBody, YankBody
from registry.api_accounts import MemberBody, OverrideBody, SkillNameBody, TokenBody
from registry.api_trust import ReportBody, RepositoryBody

_RESPONSES: list[type[BaseModel]] = [
    m.Error,
    m.SkillList,
    m.SkillDetail,
    m.VersionDetail,
    m.PublishResult,
    m.Ratings,
    m.Categories,
    m.Index,
    m.Me,
    m.NewToken,
    m.TokenList,
    m.Revoked,
    m.OrgSkills,
    m.OrgConfigs,
    m.Members,
    m.VersionDiff,
    m.Publisher,
    m.RepositoryClaim,
    m.Report,
    m.ReportList,
]
_BODIES: list[type[BaseModel]] = [
    YankBody,
    DeprecateBody,
    RatingBody,
    TokenBody,
    SkillNameBody,
    OverrideBody,
    MemberBody,
    RepositoryBody,
    ReportBody,
]
_NAME = {
    "name": "name",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$", "maxLength": 64},
}
_VERSION = {"name": "version", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 64}}
_ORG = {
    "name": "org",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": "^[a-z0-9][a-z0-9_-]{0,38}$"},
}


def _ref(model: type[BaseModel]) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{model.__name__}"}


def _json(model: type[BaseModel], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": _ref(model)}}}


def _errors(*codes: int) -> dict[str, Any]:
    text = {
        400: "Bad parameter",
        401: "No valid token",
        403: "Not allowed",
        404: "Not found",
        409: "Conflict",
        413: "Too large",
        429: "Too many requests",
        502: "The repository could not be read",
        415: "Wrong media type",
        422: "Invalid input",
    }
    return {str(c): _json(m.Error, text[c]) for c in codes}


def _op(
    summary: str,
    ok: dict[str, Any],
    *errors: int,
    params: list[dict[str, Any]] | None = None,
    body: type[BaseModel] | None = None,
    auth: bool = False,
    status: str = "200",
) -> dict[str, Any]:
    op: dict[str, Any] = {"summary": summary, "responses": {status: ok, **_errors(*errors)}}
    if params:
        op["parameters"] = params
    if body is not None:
        # A body whose fields all have defaults may be left out entirely.
        required = bool(body.model_json_schema().get("required"))
        op["requestBody"] = {"required": required, "content": {"application/json": {"schema": _ref(body)}}}
    if auth:
        op["security"] = [{"bearer": []}]
    return op


def _query(name: str, schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": False, "schema": schema, "description": description}


def document(base_url: str) -> dict[str, Any]:
    wanted: list[tuple[type[BaseModel], JsonSchemaMode]] = [(x, "serialization") for x in _RESPONSES]
    wanted += [(x, "validation") for x in _BODIES]
    _, defs = models_json_schema(
        wanted,
        ref_template="#/components/schemas/{model}",
    )
    search_params = [
        _query("q", {"type": "string", "maxLength": 200}, "Words, a name, or a name with typos"),
        _query("category", {"type": "string", "maxLength": 40}, "Only this category"),
        _query("tag", {"type": "string", "maxLength": 30}, "Only skills with this tag"),
        _query("compatibility", {"type": "string", "maxLength": 200}, "Substring of the compatibility field"),
        _query("license", {"type": "string", "maxLength": 80}, "Only skills under this licence (MIT, Apache-2.0, …)"),
        _query("sort", {"type": "string", "enum": ["relevance", "popular", "recent", "name"]}, "Order"),
        _query("page", {"type": "integer", "minimum": 1, "maximum": 10000}, "Page number"),
        _query("per_page", {"type": "integer", "minimum": 1, "maximum": 100}, "Results per page"),
    ]
    archive = {
        "description": "The archive bytes; sha256 equals the listed checksum",
        "content": {
            "application/gzip": {"schema": {"type": "string", "format": "binary"}},
            "application/zip": {"schema": {"type": "string", "format": "binary"}},
        },
    }
    publish = _op(
        "Publish a skill archive (multipart: archive, org?, version?, next_version?, override?, dry_run?, "
        "repository?, homepage?, license?)",
        _json(m.PublishResult, "Published"),
        400,
        401,
        403,
        409,
        413,
        415,
        422,
        auth=True,
        status="201",
    )
    publish["responses"]["200"] = _json(m.PublishResult, "Dry run: checked, not stored")
    publish["requestBody"] = {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["archive"],
                    "properties": {
                        "archive": {"type": "string", "format": "binary"},
                        "org": {"type": "string"},
                        "version": {"type": "string"},
                        "next_version": {
                            "type": "string",
                            "enum": ["true", "false"],
                            "description": "with no `version` and no metadata.version: the next patch "
                            "after the highest published, 1.0.0 for a new name",
                        },
                        "override": {
                            "type": "string",
                            "enum": ["true", "false"],
                            "description": "`version` wins over a different metadata.version in SKILL.md",
                        },
                        "dry_run": {"type": "string", "enum": ["true", "false"]},
                        "repository": {
                            "type": "string",
                            "maxLength": 300,
                            "description": "the source repository (http(s)); wins over SKILL.md's",
                        },
                        "homepage": {"type": "string", "maxLength": 300},
                        "license": {
                            "type": "string",
                            "maxLength": 300,
                            "description": "an SPDX identifier; wins over SKILL.md's license field",
                        },
                    },
                }
            }
        },
    }
    paths: dict[str, Any] = {
        "/api/v1/skills": {
            "get": _op("List or search skills", _json(m.SkillList, "A page of skills"), 400, params=search_params),
            "post": publish,
        },
        "/api/v1/skills/{name}": {
            "get": _op(
                "A skill with all versions (the install contract)",
                _json(m.SkillDetail, "The skill"),
                404,
                params=[_NAME],
            )
        },
        "/api/v1/skills/{name}/{version}": {
            "get": _op(
                "One version: frontmatter, files, lint findings",
                _json(m.VersionDetail, "The version"),
                404,
                params=[_NAME, _VERSION],
            )
        },
        "/api/v1/skills/{name}/diff/{from_version}/{to_version}": {
            "get": _op(
                "What changed between two versions: files added, removed and changed, frontmatter fields, and "
                "a size-bounded unified diff of each changed text file",
                _json(m.VersionDiff, "The comparison"),
                400,
                404,
                params=[_NAME, {**_VERSION, "name": "from_version"}, {**_VERSION, "name": "to_version"}],
            )
        },
        "/api/v1/skills/{name}/{version}/archive.{ext}": {
            "get": _op(
                "Download an archive (counts a download)",
                archive,
                404,
                params=[
                    _NAME,
                    _VERSION,
                    {
                        "name": "ext",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string", "enum": ["tar.gz", "zip"]},
                    },
                ],
            )
        },
        "/api/v1/skills/{name}/{version}/yank": {
            "post": _op(
                "Yank a version (still installable by exact version)",
                _json(m.VersionDetail, "Yanked"),
                401,
                403,
                404,
                422,
                params=[_NAME, _VERSION],
                body=YankBody,
                auth=True,
            )
        },
        "/api/v1/skills/{name}/{version}/unyank": {
            "post": _op(
                "Undo a yank", _json(m.VersionDetail, "Live again"), 401, 403, 404, params=[_NAME, _VERSION], auth=True
            )
        },
        "/api/v1/skills/{name}/deprecate": {
            "post": _op(
                "Deprecate a skill (message null = undo)",
                _json(m.SkillDetail, "Updated"),
                401,
                403,
                404,
                422,
                params=[_NAME],
                body=DeprecateBody,
                auth=True,
            )
        },
        "/api/v1/skills/{name}/ratings": {
            "get": _op("Ratings and feedback", _json(m.Ratings, "Ratings"), 404, params=[_NAME]),
            "post": _op(
                "Rate a skill (one rating per user, replaced on re-rating)",
                _json(m.Ratings, "Saved"),
                401,
                404,
                422,
                params=[_NAME],
                body=RatingBody,
                auth=True,
                status="201",
            ),
        },
        "/api/v1/artifacts/{sha256}": {
            "get": _op(
                "Download by content address",
                archive,
                404,
                params=[{"name": "sha256", "in": "path", "required": True, "schema": {"type": "string"}}],
            )
        },
        "/api/v1/categories": {"get": _op("Categories with counts", _json(m.Categories, "Categories"))},
        "/api/v1/index.json": {"get": _op("Mirrorable index of every version", _json(m.Index, "The index"))},
        "/api/v1/me": {"get": _op("Who the token belongs to", _json(m.Me, "The caller"), 401, auth=True)},
        "/api/v1/tokens": {
            "get": _op("Your personal API tokens", _json(m.TokenList, "Tokens"), 401, auth=True),
            "post": _op(
                "Create a personal API token",
                _json(m.NewToken, "Created; the secret is shown once"),
                401,
                422,
                body=TokenBody,
                auth=True,
                status="201",
            ),
        },
        "/api/v1/tokens/{token_id}": {
            "delete": _op(
                "Revoke a token",
                _json(m.Revoked, "Revoked"),
                401,
                404,
                params=[{"name": "token_id", "in": "path", "required": True, "schema": {"type": "string"}}],
                auth=True,
            )
        },
        "/api/v1/orgs/{org}/skills": {
            "get": _op(
                "System skills with the org's disable/override flags, and the org's own skills",
                _json(m.OrgSkills, "Skills"),
                400,
                401,
                403,
                404,
                auth=True,
                params=[_ORG, _query("scope", {"type": "string", "enum": ["system", "org", "all"]}, "Which skills")],
            )
        },
        "/api/v1/orgs/{org}/config": {
            "get": _op(
                "The org's skill configuration", _json(m.OrgConfigs, "Configs"), 401, 403, 404, params=[_ORG], auth=True
            )
        },
        "/api/v1/orgs/{org}/members": {
            "get": _op("Members", _json(m.Members, "Members"), 401, 403, 404, params=[_ORG], auth=True),
            "post": _op(
                "Add a member (admins)",
                _json(m.Members, "Members"),
                400,
                401,
                403,
                404,
                422,
                params=[_ORG],
                body=MemberBody,
                auth=True,
            ),
        },
    }
    _OWNER = {"name": "owner", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 64}}
    paths["/api/v1/publishers/{owner}"] = {
        "get": _op(
            "A publisher: verified or not, and its proven repositories",
            _json(m.Publisher, "The publisher"),
            404,
            params=[_OWNER],
        )
    }
    paths["/api/v1/publishers/{owner}/repositories"] = {
        "post": _op(
            "Claim a repository for a publisher (itself, or an org it administers): the token to place in it",
            _json(m.RepositoryClaim, "Created"),
            400,
            401,
            403,
            422,
            params=[_OWNER],
            body=RepositoryBody,
            auth=True,
            status="201",
        )
    }
    paths["/api/v1/publishers/{owner}/repositories"]["post"]["responses"]["200"] = _json(
        m.RepositoryClaim, "The existing claim"
    )
    paths["/api/v1/publishers/{owner}/repositories/check"] = {
        "post": _op(
            "Prove a claim: the registry reads the proof file from the repository",
            _json(m.RepositoryClaim, "Proven"),
            401,
            403,
            404,
            409,
            422,
            502,
            params=[_OWNER],
            body=RepositoryBody,
            auth=True,
        )
    }
    paths["/api/v1/skills/{name}/{version}/reports"] = {
        "post": _op(
            "Report a skill version to the registry's operator (one open report per user and skill)",
            _json(m.Report, "Reported"),
            401,
            404,
            409,
            422,
            429,
            params=[_NAME, _VERSION],
            body=ReportBody,
            auth=True,
            status="201",
        )
    }
    paths["/api/v1/reports"] = {
        "get": _op(
            "Reports of skills (the registry's operators only)",
            _json(m.ReportList, "Reports"),
            400,
            401,
            403,
            auth=True,
            params=[_query("status", {"type": "string", "enum": ["open", "resolved", "all"]}, "Which reports")],
        )
    }
    for action, body in (("disable", SkillNameBody), ("enable", SkillNameBody), ("override", OverrideBody)):
        paths[f"/api/v1/orgs/{{org}}/config/{action}"] = {
            "post": _op(
                f"{action.capitalize()} a system skill for the org (admins)",
                _json(m.OrgSkills, "Updated"),
                400,
                401,
                403,
                404,
                422,
                params=[_ORG],
                body=body,
                auth=True,
            )
        }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Cairn skills registry",
            "version": "1.0.0",
            "description": "Browse, search, publish and install Agent Skills. Errors: {error, message}.",
        },
        "servers": [{"url": base_url}],
        "paths": paths,
        "components": {
            "schemas": defs["$defs"],
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A personal API token (crk_…) or an OAuth access token with scope registry:publish",
                }
            },
        },
    }
