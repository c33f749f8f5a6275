"""``cairn migrate``: create or upgrade every component's schema, then say where each one lives.

Servers also migrate when they start; this command does it ahead of time (before rolling out a new
version to several instances, or to check that ``CAIRN_DATABASE_URL`` works). It is safe to repeat
and safe to run on several machines at once.

| component                                       | with ``CAIRN_DATABASE_URL`` | without                 |
|-------------------------------------------------|-----------------------------|-------------------------|
| memory, scheduler, auth                         | PostgreSQL, schema <name>   | ``$CAIRN_HOME/<name>``  |
| skills, reflection, registry                    | SQLite (PostgreSQL: #11)    | ``$CAIRN_HOME/<name>``  |
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any

from servers.core.settings import CairnSettings

# component: (folder under CAIRN_HOME, file, module that holds its MIGRATIONS)
SQLITE_COMPONENTS = {
    "skills": ("skills", "skills.db", "servers.skills.store"),
    "reflection": ("reflection", "reflection.db", "servers.reflection.store"),
    "registry": ("registry", "registry.db", "registry.store"),
}


def add_migrate_command(sub: Any) -> None:
    sub.add_parser("migrate", help="create or upgrade the schema of every component (SQLite or PostgreSQL)")


def _postgres(url: str, component: str, store: Any) -> dict[str, Any]:
    """Report on a store that migrated its schema when it opened; closes it."""
    from servers.core.storage.postgres import redact

    try:
        version = store.db.scalar("SELECT MAX(version) FROM schema_migrations WHERE component = ?", (component,))
    finally:
        store.close()
    return {"backend": "postgresql", "where": f"{redact(url)} (schema {component})", "version": version}


def _memory(settings: CairnSettings) -> dict[str, Any]:
    if settings.database_url:
        from servers.memory.store_pg import PgMemoryStore

        return _postgres(settings.database_url, "memory", PgMemoryStore.connect(settings.database_url))
    from servers.memory import store as sqlite_store

    return _sqlite(settings, "memory", "memory.db", sqlite_store.MIGRATIONS)


def _scheduler(settings: CairnSettings) -> dict[str, Any]:
    from servers.scheduler import store as scheduler_store

    if settings.database_url:
        return _postgres(settings.database_url, "scheduler", scheduler_store.open_store(settings))
    return _sqlite(settings, "scheduler", "scheduler.db", scheduler_store.MIGRATIONS)


def _auth(settings: CairnSettings) -> dict[str, Any]:
    from servers.auth import store as auth_store

    if settings.database_url:
        from servers.auth.authserver import open_store

        store, _ = open_store(settings.data_dir("auth"), settings.database_url)
        return _postgres(settings.database_url, "auth", store)
    return _sqlite(settings, "auth", "auth.db", auth_store.MIGRATIONS)


def _sqlite(settings: CairnSettings, folder: str, file: str, migrations: Any) -> dict[str, Any]:
    from servers.core.storage import Database, migrate

    path = settings.data_dir(folder) / file
    db = Database(path)
    try:
        version = migrate(db, folder, migrations)
    finally:
        db.close()
    return {"backend": "sqlite", "where": str(path), "version": version}


def migrate_all(settings: CairnSettings) -> dict[str, dict[str, Any]]:
    report = {"memory": _memory(settings), "scheduler": _scheduler(settings), "auth": _auth(settings)}
    for component, (folder, file, module) in SQLITE_COMPONENTS.items():
        report[component] = _sqlite(settings, folder, file, importlib.import_module(module).MIGRATIONS)
    return report


def run_migrate_command(args: argparse.Namespace) -> int:
    from servers.core.settings import get_settings
    from servers.core.storage import StorageError

    try:
        print(json.dumps(migrate_all(get_settings()), indent=2))
    except StorageError as exc:
        print(f"cairn migrate: {exc}", file=sys.stderr)
        return 1
    return 0
