"""Provenance in the store: a version's repository and licence become its skill's (for lists and the licence
filter); a version recorded before provenance was, its columns empty, gets what its SKILL.md says when the
listings are next refreshed. On SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from registry.blobs import FileBlobStore
from registry.storage.schema import PG_SCHEMA
from registry.storage.store import RegistryStore
from servers.core.storage import Database
from tests.registry.conftest import on_both
from tests.registry.storage.test_store import new_version

pytestmark = on_both


@pytest.fixture
def store(tmp_path: Path, database_url: str | None) -> Iterator[RegistryStore]:
    blobs = FileBlobStore(tmp_path / "blobs")
    if database_url is None:
        opened = RegistryStore(Database(tmp_path / "registry.db"), blobs)
    else:
        from servers.core.storage.postgres import PgDatabase

        opened = RegistryStore(PgDatabase(database_url, PG_SCHEMA), blobs)
    yield opened
    opened.close()


def test_the_latest_versions_provenance_is_the_skills_and_old_rows_are_filled_from_skill_md(
    store: RegistryStore,
) -> None:
    first = new_version("pdf-kit")
    store.add_version(
        replace(first, repository="https://github.com/acme/pdf-kit", license="Apache-2.0", license_file="LICENSE"),
        owner="ada",
        owner_kind="user",
    )
    skill = store.skill("pdf-kit")
    assert skill is not None and (skill.repository, skill.license) == ("https://github.com/acme/pdf-kit", "Apache-2.0")
    assert [(c.name, c.count) for c in store.licenses()] == [("Apache-2.0", 1)]

    old = new_version("old-kit")
    old = replace(old, frontmatter={**old.frontmatter, "license": "MIT", "metadata": {"repository": "github.com/a/b"}})
    store.add_version(old, owner="ada", owner_kind="user")
    with store.db.transaction():  # as a version recorded before migration 4 has them
        store.db.execute("UPDATE skills SET repository = NULL, license = NULL WHERE name = 'old-kit'")
    assert store.refresh_listings("test-rules") >= 2
    refreshed = store.skill("old-kit")
    assert refreshed is not None and (refreshed.repository, refreshed.license) == ("https://github.com/a/b", "MIT")
    detail = store.version("pdf-kit", "1.0.0")
    assert detail is not None and detail.license_file == "LICENSE"
