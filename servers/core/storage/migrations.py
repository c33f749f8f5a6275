"""Forward-only schema migrations, recorded per component in ``schema_migrations``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from servers.core.storage.database import Database, StorageError

if TYPE_CHECKING:
    from servers.core.storage.postgres import PgDatabase


@dataclass(frozen=True)
class Migration:
    version: int
    description: str
    apply: str | Callable[[Database], None]


def schema_version(db: Database | PgDatabase, component: str) -> int | None:
    """The newest migration recorded for ``component``; None when it has none (on SQLite or PostgreSQL)."""
    version = db.scalar("SELECT MAX(version) FROM schema_migrations WHERE component = ?", (component,))
    return None if version is None else int(version)


def migrate(db: Database, component: str, migrations: Sequence[Migration]) -> int:
    """Apply every migration of ``component`` newer than the database; return the resulting version."""
    versions = [m.version for m in migrations]
    if versions != sorted(set(versions)):
        raise ValueError(f"{component}: migration versions must be unique and increasing: {versions}")
    with db.transaction():
        db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " component TEXT NOT NULL, version INTEGER NOT NULL, description TEXT NOT NULL,"
            " applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),"
            " PRIMARY KEY (component, version))"
        )
    current = int(
        db.scalar("SELECT COALESCE(MAX(version), 0) FROM schema_migrations WHERE component = ?", (component,))
    )
    known = versions[-1] if versions else 0
    if current > known:
        raise StorageError(
            f"{db.path} holds {component} schema version {current}, newer than this Cairn knows ({known}). "
            "Upgrade Cairn, or point CAIRN_HOME at another data directory."
        )
    for migration in migrations:
        if migration.version <= current:
            continue
        with db.transaction():
            # Another process may have applied it while we waited for the write lock.
            done = db.scalar(
                "SELECT 1 FROM schema_migrations WHERE component = ? AND version = ?",
                (component, migration.version),
            )
            if done:
                continue
            if isinstance(migration.apply, str):
                db.execute(migration.apply)
            else:
                migration.apply(db)
            db.execute(
                "INSERT INTO schema_migrations (component, version, description) VALUES (?, ?, ?)",
                (component, migration.version, migration.description),
            )
        current = migration.version
    return current
