"""Shapes of the API's JSON, as pydantic models: the OpenAPI document is generated from these."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field


class Error(BaseModel):
    error: str = Field(description="Stable code, e.g. not_found, unauthorized, lint_errors, version_exists")
    message: str = Field(description="What was wrong and what to do")
    findings: list[dict[str, Any]] | None = None
    details: list[dict[str, Any]] | None = None


class SkillSummary(BaseModel):
    name: str
    description: str
    latest: str | None
    owner: str
    owner_kind: Literal["user", "org"]
    is_system: bool
    category: str | None
    tags: list[str]
    compatibility: str | None
    downloads: int
    deprecated: str | None
    updated_at: str
    repository: str | None = Field(description="The source repository (http(s)), from SKILL.md or the publish field")
    homepage: str | None
    license: str | None = Field(
        description="An SPDX identifier when known (MIT, Apache-2.0, Proprietary), else as written"
    )
    verified: Literal["publisher", "repository"] | None = Field(
        description="publisher: the operator confirmed the owner; repository: the owner proved the repository "
        "link with a token placed in it; null: not verified"
    )


class SkillList(BaseModel):
    items: list[SkillSummary]
    total: int
    page: int
    per_page: int
    degraded: str | None
    corrected: list[str] = Field(description='Spellings also searched, e.g. "powerpiont→powerpoint"')
    did_you_mean: str | None = Field(description="The query with its misspelt words corrected, when that found skills")
    suggestions: list[SkillSummary] = Field(description="When nothing was found: the most downloaded skills")


class VersionEntry(BaseModel):
    version: str
    sha256: str = Field(pattern="^[0-9a-f]{64}$")
    archive_url: str = Field(description="Relative to the registry's base URL")
    yanked: bool
    yank_reason: str | None
    size: int
    published_at: str
    downloads: int


class Rating(BaseModel):
    average: float | None
    count: int


class SkillDetail(SkillSummary):
    created_at: str
    rating: Rating
    versions: list[VersionEntry]


class Finding(BaseModel):
    path: str
    line: int
    col: int
    severity: str
    code: str
    message: str


class FileEntry(BaseModel):
    path: str
    size: int


class VersionDetail(VersionEntry):
    name: str
    publisher: str
    format: Literal["tar.gz", "zip"]
    frontmatter: dict[str, Any]
    files: list[FileEntry]
    findings: list[Finding]
    repository: str | None
    homepage: str | None
    license: str | None
    license_file: str | None = Field(description="The licence text the skill ships (a path inside it)")


class PublishResult(BaseModel):
    name: str
    version: str
    sha256: str
    size: int
    owner: str
    published: bool
    warnings: list[Finding]
    archive_url: str
    version_from: Literal["given", "skill_md", "next"] = Field(
        description="Where the version came from: the `version` field, SKILL.md's metadata.version, "
        "or the next one after the highest published (`next_version=true`)"
    )
    repository: str | None
    homepage: str | None
    license: str | None


class RepositoryLink(BaseModel):
    repository: str
    verified_at: str | None


class Publisher(BaseModel):
    owner: str
    kind: Literal["user", "org"]
    verified: bool = Field(description="The registry's operator confirmed this publisher")
    verified_at: str | None
    repositories: list[RepositoryLink] = Field(description="Repository links the publisher proved")


class RepositoryClaim(BaseModel):
    owner: str
    repository: str
    verified: bool
    verified_at: str | None
    file: str = Field(description="Where in the repository to place the proof file")
    line: str = Field(description="The line the proof file must hold")
    checked_at: str | None = Field(
        description="The address this registry reads the file from; null: it fetches "
        "nothing and the operator confirms the claim"
    )


class Report(BaseModel):
    id: str
    name: str
    version: str
    username: str
    reason: str
    text: str
    status: Literal["open", "resolved"]
    outcome: str | None
    note: str | None
    created_at: str
    resolved_at: str | None
    resolved_by: str | None


class ReportList(BaseModel):
    reports: list[Report]


class RatingEntry(BaseModel):
    username: str
    stars: int
    comment: str
    created_at: str


class Ratings(Rating):
    ratings: list[RatingEntry]


class Category(BaseModel):
    name: str
    count: int


class Categories(BaseModel):
    categories: list[Category]


class IndexSkill(BaseModel):
    name: str
    description: str
    owner: str
    category: str | None
    tags: list[str]
    compatibility: str | None
    latest: str | None
    deprecated: str | None
    page_url: str
    versions: list[VersionEntry]


class Index(BaseModel):
    format: Literal["cairn-registry-index/1"]
    registry: str
    generated_at: str
    skills: list[IndexSkill]


class Me(BaseModel):
    username: str
    orgs: list[str]


class TokenInfo(BaseModel):
    id: str
    label: str
    created_at: str
    last_used_at: str | None


class NewToken(TokenInfo):
    token: str = Field(description="Shown once; only its hash is stored")


class TokenList(BaseModel):
    tokens: list[TokenInfo]


class Revoked(BaseModel):
    revoked: str


class OrgSkill(SkillSummary):
    scope: Literal["system", "org"]
    is_system_skill: bool
    is_disabled: bool
    is_overridden: bool
    override_skill: str | None


class OrgSkills(BaseModel):
    org: str
    skills: list[OrgSkill]


class OrgConfig(BaseModel):
    system_skill_name: str
    skill_name: str
    action: Literal["disable", "override"]
    override_skill: str | None
    updated_at: str


class OrgConfigs(BaseModel):
    configs: list[OrgConfig]


class Member(BaseModel):
    username: str
    role: Literal["admin", "member"]


class Members(BaseModel):
    org: str
    members: list[Member]


class DiffSummary(BaseModel):
    added: int
    removed: int
    changed: int
    unchanged: int


class FieldDiff(BaseModel):
    key: str = Field(description="A top-level frontmatter field of SKILL.md")
    from_: Any = Field(alias="from", description="null when the field was added")
    to: Any = Field(description="null when the field was removed")


class FileDiff(BaseModel):
    path: str
    status: Literal["added", "removed", "changed"]
    from_size: int | None
    to_size: int | None
    binary: bool = Field(description="Binary files are compared by checksum only")
    from_mode: str | None = Field(description='"0644" or "0755" when only the execute bit differs too, else null')
    to_mode: str | None
    additions: int | None = Field(description="null when the file was not diffed")
    deletions: int | None
    diff: str | None = Field(description="Unified diff (3 lines of context); null for binary or too large files")
    note: str | None = Field(description="Why the diff is missing or cut (binary, too large, too long)")


class VersionDiff(BaseModel):
    name: str
    from_version: str
    to_version: str
    summary: DiffSummary
    frontmatter: list[FieldDiff]
    files: list[FileDiff] = Field(description="Added, removed and changed files, SKILL.md first")
    truncated: bool = Field(description="Some text diff was cut or left out to bound the answer; see each note")
