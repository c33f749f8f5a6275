"""The copying behind ``cairn data copy`` (see :mod:`servers.cli.data`): memory through its stores, the
scheduler and auth table by table, auth's key files and ``session.key`` into their tables; then the checks."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from servers.core.progress import Progress
from servers.core.settings import CairnSettings
from servers.core.storage import Database, StorageError
from servers.core.storage.copy import TableCheck, check_table, copy_table, fingerprint, sqlite_columns
from servers.core.storage.postgres import PgDatabase, redact

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
}
ENTRY_BATCH = 200  # memory entries per transaction
SESSION_SECRET = "consent-session"


class _Silent(Progress):
    def _draw(self) -> None:
        pass


def _bar(label: str, total: int, quiet: bool) -> Progress:
    return _Silent(total, label) if quiet else Progress(total, label)


# --- memory ------------------------------------------------------------------------------------------------


def _vector_rows(db: Any, postgres: bool) -> list[dict[str, Any]]:
    import numpy as np

    if postgres:
        if not db.scalar("SELECT to_regclass('entries_vec') IS NOT NULL"):
            return []
        rows = db.query(
            "SELECT e.id, v.user_id, v.embedding::text AS embedding"
            " FROM entries_vec v JOIN entries e ON e.rowid = v.rowid"
        )
        return [
            {
                "id": r["id"],
                "user_id": r["user_id"],
                "embedding": np.array(str(r["embedding"]).strip("[]").split(","), dtype=np.float32).tobytes(),
            }
            for r in rows
        ]
    if not db.scalar("SELECT 1 FROM sqlite_master WHERE name = 'entries_vec'"):
        return []
    rows = db.query("SELECT rowid, user_id, embedding FROM entries_vec")
    ids = {r["rowid"]: r["id"] for r in db.query("SELECT rowid, id FROM entries")}
    return [{"id": ids[r["rowid"]], "user_id": r["user_id"], "embedding": bytes(r["embedding"])} for r in rows]


def copy_memory(path: Path, url: str, quiet: bool) -> dict[str, TableCheck]:
    from servers.memory.store import MemoryStore
    from servers.memory.store_pg import PgMemoryStore

    source = MemoryStore(Database(path))
    target = PgMemoryStore.connect(url)
    try:
        model = source.vector_model()
        if model is not None:
            current = target.vector_model()
            if current is not None and current[1] != model[1] and _vector_rows(target.db, True):
                raise StorageError(
                    f"{target.db.path} holds {current[1]}-dimensional vectors ({current[0]}); this installation's "
                    f"are {model[1]}-dimensional ({model[0]}). Copy into an empty database."
                )
            target.ensure_vector_table(*model)
        meta_copied = copy_table(source.db, target.db, "memory_meta", ("key",))
        columns = [c for c in sqlite_columns(source.db, "entries") if c != "rowid"]
        present = {str(r["id"]) for r in target.db.query("SELECT id FROM entries")}
        total = int(source.db.scalar("SELECT COUNT(*) FROM entries"))
        copied = 0
        bar = _bar("memory entries", total, quiet)
        last = 0
        while True:
            rows = source.db.query("SELECT * FROM entries WHERE rowid > ? ORDER BY rowid LIMIT ?", (last, ENTRY_BATCH))
            if not rows:
                break
            last = int(rows[-1]["rowid"])
            wanted = [r for r in rows if r["id"] not in present]
            entries = source.get_many(int(r["rowid"]) for r in wanted)
            with target.db.transaction():  # one batch at a time: entry, vector and index together or not at all
                for row in wanted:
                    entry = entries[int(row["rowid"])]
                    rowid = target.insert(entry)
                    vector = source.get_vector(int(row["rowid"]))
                    if vector is not None and row["archived_at"] is None:
                        target.set_vector(rowid, entry.user_id, vector, str(row["embedding_model"] or ""))
                    if row["archived_at"] is not None:
                        target.archive(rowid, str(row["archive_reason"] or ""), str(row["archived_at"]))
                    # Every column exactly as stored (the store API normalises some of them on the way in).
                    target.db.execute(
                        f"UPDATE entries SET {', '.join(f'{c} = ?' for c in columns)} WHERE rowid = ?",
                        [*(row[c] for c in columns), rowid],
                    )
            copied += len(wanted)
            present.update(r["id"] for r in wanted)
            bar.advance(len(rows))
        if not quiet:
            bar.close()

        src_rows = source.db.query(f"SELECT {', '.join(columns)} FROM entries")
        dst_rows = target.db.query(f"SELECT {', '.join(columns)} FROM entries")
        entries_check = TableCheck(
            len(src_rows),
            len(dst_rows),
            copied,
            fingerprint(src_rows, columns, ("id",)),
            fingerprint(dst_rows, columns, ("id",)),
        )
        vec_columns = ("id", "user_id", "embedding")
        src_vec, dst_vec = _vector_rows(source.db, False), _vector_rows(target.db, True)
        vectors_check = TableCheck(
            len(src_vec),
            len(dst_vec),
            0,
            fingerprint(src_vec, vec_columns, ("id",)),
            fingerprint(dst_vec, vec_columns, ("id",)),
        )
        indexed = int(target.db.scalar("SELECT COUNT(*) FROM entries_fts"))
        live = int(source.db.scalar("SELECT COUNT(*) FROM entries WHERE archived_at IS NULL"))
        keyword_check = TableCheck(live, indexed, 0, "", "")
        meta_check = check_table(source.db, target.db, "memory_meta", ("key",))
        meta_check.copied = meta_copied
        return {
            "memory.entries": entries_check,
            "memory.entries_vec": vectors_check,
            "memory.entries_fts (live entries indexed)": keyword_check,
            "memory.memory_meta": meta_check,
        }
    finally:
        source.close()
        target.close()


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


def copy_scheduler(path: Path, url: str, quiet: bool) -> dict[str, TableCheck]:
    from servers.scheduler.store import PG_SCHEMA, SchedulerStore

    source = SchedulerStore(Database(path))
    target = SchedulerStore(PgDatabase(url, PG_SCHEMA))
    try:
        assert isinstance(source.db, Database) and isinstance(target.db, PgDatabase)
        return _copy_tables(source.db, target.db, "scheduler", SCHEDULER_TABLES, quiet)
    finally:
        source.close()
        target.close()


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
    from servers.auth.store import PG_SCHEMA, AuthStore

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

        session = directory / "session.key"
        secrets = []
        if session.is_file():
            secrets.append({"name": SESSION_SECRET, "value": session.read_bytes().strip().decode("ascii")})
            target.db.execute(
                "INSERT INTO shared_secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
                (SESSION_SECRET, secrets[0]["value"], session.stat().st_mtime),
            )
        copied = target.db.changes() if secrets else 0
        shared = target.db.query("SELECT name, value FROM shared_secrets")
        report["auth.shared_secrets (from session.key)"] = TableCheck(
            len(secrets),
            len(shared),
            copied,
            fingerprint(secrets, ("name", "value"), ("name",)),
            fingerprint(shared, ("name", "value"), ("name",)),
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
    if memory.is_file():
        checks.update(copy_memory(memory, url, quiet))
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
    return {
        "from": str(settings.home),
        "to": redact(url),
        "ok": all(c.ok for c in checks.values()),
        "seconds": round(time.monotonic() - started, 2),
        "skipped (no SQLite file)": skipped,
        "tables": {name: check.as_dict() for name, check in checks.items()},
    }
