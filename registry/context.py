"""The registry's parts, shared by the API, the website and the exports, and the JSON views of a skill."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any
from urllib.parse import quote

from registry.accounts import Accounts
from registry.auth import Identity, OAuthClient
from registry.publish import Prepared, commit, prepare
from registry.search import RegistrySearch
from registry.settings import RegistrySettings
from registry.storage.rows import FullVersion, Skill, Version
from registry.storage.store import RegistryStore
from registry.trust import Marks, Trust
from servers.auth.public import AuthStore


@dataclass
class Registry:
    settings: RegistrySettings
    store: RegistryStore
    accounts: Accounts
    search: RegistrySearch
    base_url: str
    identity: Identity
    oauth: OAuthClient | None = None
    users: AuthStore | None = None  # the built-in issuer's users, for sign-up; None with an external issuer

    @cached_property
    def trust(self) -> Trust:
        return Trust(self.store, self.settings)

    @property
    def api_url(self) -> str:
        return f"{self.base_url}/api/v1"

    def prepare_publish(
        self,
        data: bytes,
        *,
        publisher: str,
        org: str | None,
        version: str | None,
        suggest: bool = False,
        override: bool = False,
        given: dict[str, str | None] | None = None,
    ) -> Prepared:
        """Every check of a publish against this registry's settings, store and accounts, no writes
        (:func:`registry.publish.prepare`); :meth:`commit_publish` then writes it."""
        return prepare(
            data,
            publisher=publisher,
            org=org,
            version=version,
            settings=self.settings,
            store=self.store,
            accounts=self.accounts,
            suggest=suggest,
            override=override,
            given=given,
        )

    def commit_publish(self, prepared: Prepared) -> None:
        commit(prepared, self.store, self.accounts)
        self.search.published()

    def archive_path(self, name: str, version: str, fmt: str) -> str:
        return f"/api/v1/skills/{quote(name)}/{quote(version)}/archive.{fmt}"


def version_entry(reg: Registry, row: Version) -> dict[str, Any]:
    """One entry of ``versions`` in the install contract (servers/skills/README.md), plus dates."""
    return {
        "version": row.version,
        "sha256": row.sha256,
        "archive_url": reg.archive_path(row.name, row.version, row.format),
        "yanked": row.yanked,
        "yank_reason": row.yank_reason,
        "size": row.size,
        "published_at": row.published_at,
        "downloads": row.downloads,
    }


def skill_summary(reg: Registry, skill: Skill, marks: Marks | None = None) -> dict[str, Any]:
    """A skill as lists show it; ``marks`` (read once for a whole list) say who is verified."""
    marks = marks or reg.trust.marks()
    return {
        "name": skill.name,
        "description": skill.description,
        "latest": skill.latest,
        "owner": skill.owner,
        "owner_kind": skill.owner_kind,
        "is_system": skill.is_system,
        "category": skill.category,
        "tags": skill.tags,
        "compatibility": skill.compatibility,
        "downloads": skill.downloads,
        "deprecated": skill.deprecated,
        "updated_at": skill.updated_at,
        "repository": skill.repository,
        "homepage": skill.homepage,
        "license": skill.license,
        "verified": marks.of(skill),
    }


def skill_detail(reg: Registry, skill: Skill) -> dict[str, Any]:
    average, count = reg.store.rating_summary(skill.name)
    return {
        **skill_summary(reg, skill),
        "created_at": skill.created_at,
        "rating": {"average": average, "count": count},
        "versions": [version_entry(reg, v) for v in reg.store.versions(skill.name)],
    }


def version_detail(reg: Registry, row: FullVersion) -> dict[str, Any]:
    return {
        "name": row.name,
        **version_entry(reg, row),
        "publisher": row.publisher,
        "format": row.format,
        "frontmatter": row.frontmatter,
        "files": [f.model_dump() for f in row.files],
        "repository": row.repository,
        "homepage": row.homepage,
        "license": row.license,
        "license_file": row.license_file,
        "findings": [f.model_dump() for f in row.findings],
    }
