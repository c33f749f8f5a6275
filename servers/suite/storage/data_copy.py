"""The copying behind ``cairn data copy`` (see :mod:`servers.suite.cli.data`): memory in bulk
(:mod:`servers.suite.storage.data_copy_memory`), the scheduler and auth table by table, auth's key files and
``session.key`` into their tables; then the checks."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from servers.core.progress import Progress
from servers.core.storage import Database
from servers.core.storage.copy import TableCheck, check_table, copy_table, fingerprint
from servers.core.storage.postgres import PgDatabase, redact
from servers.suite.settings import CairnSettings
from servers.suite.storage.data_copy_memory import copy_memory

# table: key columns (empty: no primary key), in an order that respects foreign keys
SCHEDULER_TABLES: dict[str, tuple[str, ...]] = {"jobs": ("id",), "runs": ("id",), "notifications": ("id",)}
AUTH_TABLES: dict[str, tuple[str, ...]] = {
    "users": ("username",),
    "clients": ("client_id",),
    "pending_requests": ("request_id",),
    "codes": ("code_hash",),
    "refresh_tokens": ("token_hash",),
    "revoked_access": ("jti",),
    "consents": ("username", "client_id", "scope"),
    "login_failures": (),
    "recovery_codes": ("username", "lookup"),
}
SKILLS_TABLES: dict[str, tuple[str, ...]] = {
    "usage": ("id",),
    "feedback": ("id",),
    "disabled": ("name", "scope"),
    "suggestions": ("id",),
    "unmatched": ("id",),
    "sessions": ("session_id",),
    "vectors": ("key",),
    "feedback_asks": ("session_id", "skill"),
}
REFLECTION_TABLES: dict[str, tuple[str, ...]] = {
    "reflections": ("id",),
    "traces": ("user_id", "task_id"),
    "strategies": ("id",),
    "rules": ("id",),
    "outcomes": ("id",),
    "contradictions": ("id",),
    "mutations": ("id",),
    "ab_assignments": ("mutation_id", "task_id"),
    "beliefs": ("user_id", "dimension"),
    "signals": ("id",),
    "suggestions": ("id",),
    "detections": ("user_id", "kind", "key"),
    "experiences": ("id",),
    "strategy_log": ("seq",),  # append-only on PostgreSQL too: copying only inserts
}
# Registry metadata; skills get new rowids from PostgreSQL's identity (nothing to reset), and the keyword index
# is rebuilt there (copy_registry). Archive bytes are not copied: the blob directory is used where it is.
REGISTRY_TABLES: dict[str, tuple[str, ...]] = {
    "skills": ("name",),
    "versions": ("name", "version"),
    "ratings": ("name", "username"),
    "orgs": ("name",),
    "org_members": ("org", "username"),
    "org_skill_config": ("org", "skill_name"),
    "api_tokens": ("id",),
    "pending_uploads": ("id",),
    "verified_publishers": ("owner",),
    "repository_claims": ("owner", "repository"),
    "reports": ("id",),
    "meta": ("key",),
}
SESSION_SECRET = "consent-session"


class _Silent(Progress):
    def _draw(self) -> None:
        pass


def _bar(label: str, total: int, quiet: bool) -> Progress:
    return _Silent(total, label) if quiet else Progress(total, label)


# --- secrets kept in files beside SQLite data ----------------------------------------------------------------


def _mtime(path: Path) -> float:
    return path.stat().st_mtime


def _mtime_iso(path: Path) -> str:
    return datetime.fromtimestamp(path.stat().st_mtime, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _copy_secret_file(db: PgDatabase, name: str, path: Path, created_at: Callable[[Path], object]) -> TableCheck:
    """The secret in ``path`` becomes row ``name`` of the target's ``shared_secrets``, so what was signed with
    it (cookies, webhooks) still verifies after the move. A row already there is kept, and the check then
    reports that it differs."""
    source: list[dict[str, Any]] = []
    if path.is_file():
        source.append({"name": name, "value": path.read_bytes().strip().decode("ascii")})
        db.execute(
            "INSERT INTO shared_secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
            (name, source[0]["value"], created_at(path)),
        )
    copied = db.changes() if source else 0
    stored = db.query("SELECT name, value FROM shared_secrets WHERE name = ?", (name,)) if source else []
    columns = ("name", "value")
    return TableCheck(len(source), len(stored), copied, fingerprint(source, columns), fingerprint(stored, columns))


# --- scheduler and auth ------------------------------------------------------------------------------------


def _copy_tables(
    source: Database, target: PgDatabase, component: str, tables: dict[str, tuple[str, ...]], quiet: bool
) -> dict[str, TableCheck]:
    totals = {t: int(source.scalar(f"SELECT COUNT(*) FROM {t}")) for t in tables}
    bar = _bar(component, sum(totals.values()), quiet)
    copied = {t: copy_table(source, target, t, key, bar) for t, key in tables.items()}
    if not quiet:
        bar.close()
    report: dict[str, TableCheck] = {}
    for table, key in tables.items():
        check = check_table(source, target, table, key)
        check.copied = copied[table]
        report[f"{component}.{table}"] = check
    return report


@contextmanager
def _store_pair(
    open_store: Callable[[Any], Any], path: Path, url: str, schema: str
) -> Iterator[tuple[Database, PgDatabase]]:
    """A component's store on its SQLite file and on PostgreSQL (opening each migrates it); their databases."""
    source = open_store(Database(path))
    try:
        target = open_store(PgDatabase(url, schema))
        try:
            yield source.db, target.db
        finally:
            target.close()
    finally:
        source.close()


def copy_scheduler(path: Path, url: str, quiet: bool) -> dict[str, TableCheck]:
    from servers.scheduler.actions import WEBHOOK_SECRET
    from servers.scheduler.storage.store import PG_SCHEMA, SchedulerStore

    with _store_pair(SchedulerStore, path, url, PG_SCHEMA) as (source, target):
        report = _copy_tables(source, target, "scheduler", SCHEDULER_TABLES, quiet)
        # Webhook receivers verify signatures with the key generated beside the SQLite file: keep signing with it.
        report["scheduler.shared_secrets (from webhook.secret)"] = _copy_secret_file(
            target, WEBHOOK_SECRET, path.parent / "webhook.secret", _mtime
        )
        return report


def _key_file_rows(directory: Path) -> list[dict[str, Any]]:
    rows = []
    for path in sorted((directory / "keys").glob("*.json")):
        data = json.loads(path.read_text())
        rows.append(
            {
                "kid": str(data["jwk"]["kid"]),
                "jwk": json.dumps(data["jwk"], sort_keys=True),
                "created_at": float(data.get("created_at") or path.stat().st_mtime),
                "retired": int(bool(data.get("retired"))),
            }
        )
    return rows


def copy_auth(directory: Path, url: str, quiet: bool) -> dict[str, TableCheck]:
    from servers.auth.storage.store import PG_SCHEMA, AuthStore

    source = AuthStore(Database(directory / "auth.db"))
    target = AuthStore(PgDatabase(url, PG_SCHEMA))
    try:
        assert isinstance(source.db, Database) and isinstance(target.db, PgDatabase)
        report = _copy_tables(source.db, target.db, "auth", AUTH_TABLES, quiet)

        keys = _key_file_rows(directory)
        before = int(target.db.scalar("SELECT COUNT(*) FROM signing_keys"))
        if keys:
            with target.db.transaction():
                target.db.executemany(
                    "INSERT INTO signing_keys (kid, jwk, created_at, retired) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (kid) DO NOTHING",
                    [(k["kid"], k["jwk"], k["created_at"], k["retired"]) for k in keys],
                )
        stored = [
            {**r, "jwk": json.dumps(json.loads(r["jwk"]), sort_keys=True)}
            for r in target.db.query("SELECT kid, jwk, created_at, retired FROM signing_keys")
        ]
        key_columns = ("kid", "jwk", "created_at", "retired")
        report["auth.signing_keys (from keys/*.json)"] = TableCheck(
            len(keys),
            len(stored),
            len(stored) - before,
            fingerprint(keys, key_columns, ("kid",)),
            fingerprint(stored, key_columns, ("kid",)),
        )

        report["auth.shared_secrets (from session.key)"] = _copy_secret_file(
            target.db, SESSION_SECRET, directory / "session.key", _mtime
        )
        return report
    finally:
        source.close()
        target.close()


# --- skills and reflection ---------------------------------------------------------------------------------


def copy_skills(path: Path, url: str, quiet: bool) -> dict[str, TableCheck]:
    from servers.skills.storage.store import PG_SCHEMA, SkillsStore

    with _store_pair(SkillsStore, path, url, PG_SCHEMA) as (source, target):
        # Copied rows keep their ids; copy_table moves the identity sequences past them (tested after a copy).
        return _copy_tables(source, target, "skills", SKILLS_TABLES, quiet)


def copy_reflection(path: Path, url: str, quiet: bool) -> dict[str, TableCheck]:
    from servers.reflection.storage.store import PG_SCHEMA, ReflectionStore

    with _store_pair(ReflectionStore, path, url, PG_SCHEMA) as (source, target):
        return _copy_tables(source, target, "reflection", REFLECTION_TABLES, quiet)


# --- registry ----------------------------------------------------------------------------------------------


def copy_registry(settings: CairnSettings, url: str, quiet: bool) -> dict[str, TableCheck]:
    """Registry metadata table by table, then PostgreSQL's keyword index built from it; the archives stay in
    the blob directory (``CAIRN_REGISTRY__BLOB_DIR``), which is checked to hold every version's blob."""
    from registry.app import SESSION_SECRET as REGISTRY_SESSION_SECRET
    from registry.blobs import FileBlobStore, open_blob_store
    from registry.storage.store import PG_SCHEMA, RegistryStore

    blobs = open_blob_store(settings)
    source = RegistryStore(Database(settings.home / "registry" / "registry.db"), blobs)
    target = RegistryStore(PgDatabase(url, PG_SCHEMA), blobs)
    try:
        assert isinstance(source.db, Database) and isinstance(target.db, PgDatabase)
        report = _copy_tables(source.db, target.db, "registry", REGISTRY_TABLES, quiet)
        target.reindex()
        listed = int(source.db.scalar("SELECT COUNT(*) FROM skills WHERE latest IS NOT NULL"))
        indexed = int(target.db.scalar("SELECT COUNT(*) FROM skills_fts"))
        report["registry.skills_fts (listed skills indexed)"] = TableCheck(listed, indexed)
        shas = sorted({str(r["sha256"]) for r in source.db.query("SELECT sha256 FROM versions")})
        missing = [sha for sha in shas if not blobs.exists(sha)]
        where = blobs.root if isinstance(blobs, FileBlobStore) else blobs
        check = TableCheck(len(shas), len(shas) - len(missing))
        if missing:
            check.notes.append(f"{len(missing)} archive(s) missing from {where}, e.g. {missing[0]}")
        report[f"registry.blobs (not copied: {where} stays where it is)"] = check
        # The website's sign-in cookies were signed with this key: keep people signed in across the move.
        report["registry.shared_secrets (from session.key)"] = _copy_secret_file(
            target.db, REGISTRY_SESSION_SECRET, settings.home / "registry" / "session.key", _mtime_iso
        )
        return report
    finally:
        source.close()
        target.close()


# --- the command -------------------------------------------------------------------------------------------


def copy_all(settings: CairnSettings, url: str, quiet: bool = False) -> dict[str, Any]:
    """Copy every component whose SQLite file exists; the JSON-ready summary (``ok`` says whether all checks held)."""
    started = time.monotonic()
    checks: dict[str, TableCheck] = {}
    skipped: list[str] = []
    memory = settings.home / "memory" / "memory.db"
    scheduler = settings.home / "scheduler" / "scheduler.db"
    auth = settings.home / "auth"
    skills = settings.home / "skills" / "skills.db"
    reflection = settings.home / "reflection" / "reflection.db"
    if memory.is_file():
        checks.update(copy_memory(memory, url, quiet, settings.database))
    else:
        skipped.append("memory")
    if scheduler.is_file():
        checks.update(copy_scheduler(scheduler, url, quiet))
    else:
        skipped.append("scheduler")
    if (auth / "auth.db").is_file():
        checks.update(copy_auth(auth, url, quiet))
    else:
        skipped.append("auth")
    if skills.is_file():
        checks.update(copy_skills(skills, url, quiet))
    else:
        skipped.append("skills")
    if reflection.is_file():
        checks.update(copy_reflection(reflection, url, quiet))
    else:
        skipped.append("reflection")
    if (settings.home / "registry" / "registry.db").is_file():
        checks.update(copy_registry(settings, url, quiet))
    else:
        skipped.append("registry")
    return {
        "from": str(settings.home),
        "to": redact(url),
        "ok": all(c.ok for c in checks.values()),
        "seconds": round(time.monotonic() - started, 2),
        "skipped (no SQLite file)": skipped,
        "tables": {name: check.as_dict() for name, check in checks.items()},
    }
