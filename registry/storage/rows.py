"""What the registry's store returns: one pydantic model per kind of row, validated from the database's row
(``Skill.model_validate(row)``) inside storage, so the API, the website and the exports read attributes,
never columns. JSON text columns (a skill's tags, a version's frontmatter, files and findings) arrive
parsed, and 0/1 flags as booleans, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict


def _parsed(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value


JsonText = BeforeValidator(_parsed)  # a TEXT column holding JSON; an already parsed value passes as it is


class Row(BaseModel):
    """A row as read; columns a model does not name (PostgreSQL's explicit ``rowid``) are left out."""

    model_config = ConfigDict(frozen=True)


class Skill(Row):
    """A row of ``skills``; ``id`` is its rowid (the keyword index's key)."""

    id: int
    name: str
    owner: str
    owner_kind: Literal["user", "org"]
    is_system: bool
    description: str
    category: str | None
    tags: Annotated[list[str], JsonText]
    compatibility: str | None
    latest: str | None
    downloads: int
    deprecated: str | None
    created_at: str
    updated_at: str
    repository: str | None = None
    homepage: str | None = None
    license: str | None = None


class Version(Row):
    """A version as its skill's version list shows it."""

    name: str
    version: str
    sha256: str
    size: int
    format: Literal["tar.gz", "zip"]
    publisher: str
    published_at: str
    yanked: bool
    yank_reason: str | None
    downloads: int


class StoredFile(Row):
    """One file of a version's archive (``versions.files``)."""

    model_config = ConfigDict(frozen=True, extra="allow")  # anything else recorded is kept and shown

    path: str
    size: int


class StoredFinding(Row):
    """A linter warning recorded with a version (``versions.findings``)."""

    model_config = ConfigDict(frozen=True, extra="allow")

    path: str
    line: int
    col: int
    severity: str
    code: str
    message: str


class FullVersion(Version):
    """A version with what publishing extracted from its archive."""

    frontmatter: Annotated[dict[str, Any], JsonText]
    body: str
    files: Annotated[list[StoredFile], JsonText]
    findings: Annotated[list[StoredFinding], JsonText]
    repository: str | None = None
    homepage: str | None = None
    license: str | None = None
    license_file: str | None = None


class ArchiveRef(Row):
    """Which version an archive (by sha256) is."""

    name: str
    version: str
    format: Literal["tar.gz", "zip"]


class RecentVersion(Row):
    """A live version with its skill's description and owner (the updates feeds)."""

    name: str
    version: str
    publisher: str
    published_at: str
    size: int
    description: str
    owner: str
    owner_kind: Literal["user", "org"]


class CategoryCount(Row):
    name: str
    count: int


class TokenInfo(Row):
    """A personal API token's public fields."""

    id: str
    label: str
    created_at: str
    last_used_at: str | None


class LiveToken(Row):
    id: str
    username: str
    token_hash: str


class Member(Row):
    username: str
    role: Literal["admin", "member"]


class RatingRow(Row):
    username: str
    stars: int
    comment: str
    created_at: str


class OrgSkillConfig(Row):
    """An organisation's setting for one system skill."""

    skill_name: str
    action: Literal["disable", "override"]
    override_skill: str | None
    updated_at: str


class HeldUpload(Row):
    """An upload previewed on the web form, waiting for its confirmation."""

    id: str
    username: str
    org: str | None
    sha256: str
    format: str
    created_at: str
    data: bytes | None


class VerifiedPublisher(Row):
    """A publisher (a person or an organisation) the operator vouches for."""

    owner: str
    verified_by: str
    note: str
    verified_at: str


class RepositoryClaim(Row):
    """A publisher's claim to a repository: the token to place in it, and when the claim was proven."""

    owner: str
    repository: str
    token: str
    requested_by: str
    created_at: str
    verified_at: str | None
    verified_by: str | None


class Report(Row):
    """A user's report of a skill version, and what the operator did about it."""

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
