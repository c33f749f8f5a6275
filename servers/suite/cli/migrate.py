"""``cairn migrate``: create or upgrade every component's schema, then say where each one lives.

Servers also migrate when they start; this command does it ahead of time (before rolling out a new
version to several instances, or to check that ``CAIRN_DATABASE_URL`` works). It is safe to repeat
and safe to run on several machines at once.

| component                                       | with ``CAIRN_DATABASE_URL`` | without                 |
|-------------------------------------------------|-----------------------------|-------------------------|
| memory, scheduler, auth, skills, reflection     | PostgreSQL, schema <name>   | ``$CAIRN_HOME/<name>``  |
| registry (metadata; archives stay in its blobs) | PostgreSQL, schema registry | ``$CAIRN_HOME/registry``|
| events (the durable event outbox)               | PostgreSQL, schema events   | ``$CAIRN_HOME/events``  |
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import TYPE_CHECKING, Any

from servers.suite.settings import CairnSettings

if TYPE_CHECKING:
    from servers.core.storage.component import ComponentStore


def add_migrate_command(sub: Any) -> None:
    sub.add_parser("migrate", help="create or upgrade the schema of every component (SQLite or PostgreSQL)")


def _postgres(url: str, component: str, store: Any) -> dict[str, Any]:
    """Report on a store that migrated its schema when it opened; closes it."""
    from servers.core.storage.migrations import schema_version
    from servers.core.storage.postgres import redact

    try:
        version = schema_version(store.db, component)
    finally:
        store.close()
    return {"backend": "postgresql", "where": f"{redact(url)} (schema {component})", "version": version}


def _memory(settings: CairnSettings) -> dict[str, Any]:
    from servers.memory.storage.schema import COMPONENT, MIGRATIONS

    if settings.database_url:
        from servers.memory.storage.backend import open_store  # checks pgvector too: the vector table needs it

        return _postgres(settings.database_url, COMPONENT, open_store(settings))
    return _sqlite(settings, COMPONENT, f"{COMPONENT}.db", MIGRATIONS)


def _auth(settings: CairnSettings) -> dict[str, Any]:
    from servers.auth.storage import store as auth_store

    if settings.database_url:
        from servers.auth.authserver import open_store

        store, _ = open_store(settings.data_dir("auth"), settings.database_url, database=settings.database)
        return _postgres(settings.database_url, "auth", store)
    return _sqlite(settings, "auth", "auth.db", auth_store.MIGRATIONS)


# Components on the store base: module and store class; each keeps ``<component>.db`` under CAIRN_HOME/<component>
# on SQLite and schema <component> on PostgreSQL, where the store's ``open`` puts it.
_STORES = {
    "scheduler": ("servers.scheduler.storage.store", "SchedulerStore"),
    "skills": ("servers.skills.storage.store", "SkillsStore"),
    "reflection": ("servers.reflection.storage.store", "ReflectionStore"),
    "registry": ("registry.storage.store", "RegistryStore"),
    "events": ("servers.core.storage.outbox", "Outbox"),
}


def _store_component(settings: CairnSettings, component: str) -> dict[str, Any]:
    module_name, class_name = _STORES[component]
    store: type[ComponentStore] = getattr(importlib.import_module(module_name), class_name)
    if settings.database_url:
        return _postgres(settings.database_url, component, store.open(settings))
    # SQLite: the migration runner alone, on the file the store opens.
    return _sqlite(settings, component, f"{component}.db", store.migrations)


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
    report = {
        "memory": _memory(settings),
        "scheduler": _store_component(settings, "scheduler"),
        "auth": _auth(settings),
    }
    report.update({c: _store_component(settings, c) for c in ("skills", "reflection", "registry")})
    report["events"] = _store_component(settings, "events")
    return report


def run_migrate_command(args: argparse.Namespace) -> int:
    from servers.core.storage import StorageError
    from servers.suite.settings import get_settings

    try:
        print(json.dumps(migrate_all(get_settings()), indent=2))
    except StorageError as exc:
        print(f"cairn migrate: {exc}", file=sys.stderr)
        return 1
    return 0
