"""Persistence of the reflection server: JSON documents beside the columns queried.

One SQLite file (``$CAIRN_HOME/reflection/reflection.db``) by default, the ``reflection`` schema of a
PostgreSQL database when ``CAIRN_DATABASE_URL`` is set (:func:`open_store`); the SQL is written once.

Every table carries ``user_id`` and every read filters on it. The audit log (``strategy_log``)
is append-only: triggers refuse UPDATE and DELETE (and, on PostgreSQL, TRUNCATE), so history cannot be
rewritten by a bug either.

Several instances may reflect for the same user at once. A user's writes are read-modify-write on JSON
documents (rules, beliefs, mutations), so they run in :meth:`ReflectionStore.writing`: one transaction,
and on PostgreSQL one instance at a time per user (SQLite's write transactions take turns anyway).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from pydantic import BaseModel

from servers.core.storage import Migration
from servers.core.storage.component import ComponentStore, postgres_ddl
from servers.core.storage.ids import now_iso as now_iso  # re-exported: reflection's modules stamp rows with it
from servers.core.storage.ids import random_id
from servers.reflection.models import AuditEntry
from servers.reflection.settings import ReflectionServerSettings
from servers.reflection.storage.documents import StoredDocument

Doc = TypeVar("Doc", bound=BaseModel)

_TABLES = """
CREATE TABLE reflections (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL, task_id TEXT NOT NULL, trigger TEXT NOT NULL,
  created_at TEXT NOT NULL, doc TEXT NOT NULL);
CREATE INDEX reflections_user ON reflections(user_id, created_at);
CREATE TABLE traces (
  task_id TEXT NOT NULL, user_id TEXT NOT NULL, task TEXT NOT NULL, success INTEGER NOT NULL,
  tools TEXT NOT NULL, doc TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (user_id, task_id));
CREATE TABLE strategies (
  id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, reflection_id TEXT NOT NULL,
  task_id TEXT NOT NULL, text TEXT NOT NULL, doc TEXT NOT NULL, rule_id TEXT, created_at TEXT NOT NULL);
CREATE INDEX strategies_user ON strategies(user_id, rule_id);
CREATE TABLE rules (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL, status TEXT NOT NULL, doc TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE INDEX rules_user ON rules(user_id, status);
CREATE TABLE outcomes (
  id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, target TEXT NOT NULL, task_id TEXT,
  success INTEGER NOT NULL, mutation_id TEXT, arm TEXT, at TEXT NOT NULL);
CREATE INDEX outcomes_target ON outcomes(user_id, target, id);
CREATE TABLE contradictions (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL, status TEXT NOT NULL, doc TEXT NOT NULL);
CREATE TABLE mutations (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL, target TEXT NOT NULL, status TEXT NOT NULL, doc TEXT NOT NULL);
CREATE INDEX mutations_target ON mutations(user_id, target, status);
CREATE TABLE ab_assignments (
  mutation_id TEXT NOT NULL, task_id TEXT NOT NULL, arm TEXT NOT NULL, PRIMARY KEY (mutation_id, task_id));
CREATE TABLE beliefs (
  user_id TEXT NOT NULL, dimension TEXT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (user_id, dimension));
CREATE TABLE signals (
  id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, dimension TEXT NOT NULL, value TEXT NOT NULL,
  kind TEXT NOT NULL, strength REAL NOT NULL, applied INTEGER NOT NULL, at TEXT NOT NULL);
CREATE TABLE suggestions (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL, seq_key TEXT NOT NULL, status TEXT NOT NULL, doc TEXT NOT NULL,
  UNIQUE (user_id, seq_key));
CREATE TABLE detections (
  user_id TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL, frequency INTEGER NOT NULL,
  first_seen TEXT NOT NULL, last_seen TEXT NOT NULL, PRIMARY KEY (user_id, kind, key));
CREATE TABLE experiences (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL, signature TEXT NOT NULL, chain TEXT NOT NULL, status TEXT NOT NULL,
  doc TEXT NOT NULL, UNIQUE (user_id, signature, chain));
CREATE TABLE strategy_log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, user_id TEXT NOT NULL, subject TEXT NOT NULL,
  subject_id TEXT NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL);
CREATE INDEX strategy_log_subject ON strategy_log(user_id, subject, subject_id);
"""

_SQLITE_APPEND_ONLY = """
CREATE TRIGGER strategy_log_no_update BEFORE UPDATE ON strategy_log
  BEGIN SELECT RAISE(ABORT, 'strategy_log is append-only'); END;
CREATE TRIGGER strategy_log_no_delete BEFORE DELETE ON strategy_log
  BEGIN SELECT RAISE(ABORT, 'strategy_log is append-only'); END;
"""

_PG_APPEND_ONLY = """
CREATE FUNCTION strategy_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'strategy_log is append-only' USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER strategy_log_no_change BEFORE UPDATE OR DELETE ON strategy_log
  FOR EACH ROW EXECUTE FUNCTION strategy_log_append_only();
CREATE TRIGGER strategy_log_no_truncate BEFORE TRUNCATE ON strategy_log
  FOR EACH STATEMENT EXECUTE FUNCTION strategy_log_append_only();
"""

MIGRATIONS = [Migration(1, "reflection schema", _TABLES + _SQLITE_APPEND_ONLY)]
PG_MIGRATIONS = [Migration(1, "reflection schema", postgres_ddl(_TABLES) + _PG_APPEND_ONLY)]
PG_SCHEMA = "reflection"

_ORDER = re.compile(r"\w+( DESC)?")


def parse_iso(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)


def days_ago(days: float, now: datetime | None = None) -> str:
    return now_iso((now or datetime.now(UTC)) - timedelta(days=days))


def new_id(prefix: str) -> str:
    """Reflection's ids: ``prefix``, an underscore, 12 random hex digits."""
    return random_id(prefix)


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def open_store(settings: ReflectionServerSettings) -> ReflectionStore:
    return ReflectionStore.open(settings)


class ReflectionStore(ComponentStore):
    """SQL for reflections, rules, outcomes and the audit log; migrates the schema when opened."""

    component = "reflection"
    migrations = MIGRATIONS
    pg_migrations = PG_MIGRATIONS

    @contextmanager
    def writing(self, user_id: str) -> Iterator[None]:
        """One transaction for a user's read-modify-write; nested use joins the outer one.

        On PostgreSQL an advisory lock per user, held until commit, makes instances take turns, as SQLite's
        ``BEGIN IMMEDIATE`` does: a rule's counters, a belief's evidence or an A/B arm count read by one
        instance cannot be overwritten by another that read them at the same time.
        """
        with self.db.transaction():
            self.serialise(user_id)
            yield

    # --- generic documents ---------------------------------------------------------------------------

    def put(self, row: StoredDocument) -> None:
        """Insert or replace one row by its table's key (see :mod:`servers.reflection.storage.documents`)."""
        self.db.execute(*row.upsert())

    def docs(
        self, table: str, model: type[Doc], *, order_by: str = "", limit: int | None = None, **equal: Any
    ) -> list[Doc]:
        """The documents of ``table`` whose columns equal ``equal`` (a tuple: any of its values; None: no
        condition on that column), ordered by ``order_by`` (a column, optionally ``DESC``), each read as
        ``model`` (a model of part of the document reads only that part)."""
        if order_by and not _ORDER.fullmatch(order_by):
            raise ValueError(f"order_by {order_by!r} is not a column, optionally followed by DESC")
        conditions: list[str] = []
        params: list[Any] = []
        for column, value in equal.items():
            if value is None:
                continue
            if isinstance(value, tuple):
                conditions.append(f"{column} IN ({', '.join('?' * len(value))})")
                params.extend(value)
            else:
                conditions.append(f"{column} = ?")
                params.append(value)
        sql = f"SELECT doc FROM {table} WHERE {' AND '.join(conditions) or '1 = 1'}"
        if order_by:
            sql += f" ORDER BY {order_by}"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        return [model.model_validate(json.loads(r["doc"])) for r in self.db.query(sql, params)]

    def doc(self, table: str, model: type[Doc], **equal: Any) -> Doc | None:
        """The first document :meth:`docs` finds, or None."""
        found = self.docs(table, model, limit=1, **equal)
        return found[0] if found else None

    # --- audit ---------------------------------------------------------------------------------------

    def audit(self, user_id: str, subject: str, subject_id: str, action: str, detail: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT INTO strategy_log (at, user_id, subject, subject_id, action, detail) VALUES (?, ?, ?, ?, ?, ?)",
            (now_iso(), user_id, subject, subject_id, action, dumps(detail)),
        )

    def audit_entries(self, user_id: str, subject_id: str | None, limit: int) -> list[AuditEntry]:
        """Newest first; ``subject_id`` None: every subject's."""
        where, params = "user_id = ?", [user_id]
        if subject_id:
            where += " AND subject_id = ?"
            params.append(subject_id)
        rows = self.db.query(f"SELECT * FROM strategy_log WHERE {where} ORDER BY seq DESC LIMIT ?", (*params, limit))
        return [AuditEntry.model_validate({**r, "detail": json.loads(r["detail"])}) for r in rows]

    # --- outcomes ------------------------------------------------------------------------------------

    def add_outcome(
        self, user_id: str, target: str, task_id: str | None, success: bool, mutation_id: str | None, arm: str | None
    ) -> None:
        self.db.execute(
            "INSERT INTO outcomes (user_id, target, task_id, success, mutation_id, arm, at) VALUES (?,?,?,?,?,?,?)",
            (user_id, target, task_id, int(success), mutation_id, arm, now_iso()),
        )

    def recent_outcomes(self, user_id: str, target: str, limit: int, *, plain_only: bool = False) -> list[bool]:
        """Newest first; ``plain_only`` leaves out uses made inside an A/B test."""
        extra = " AND mutation_id IS NULL" if plain_only else ""
        rows = self.db.query(
            f"SELECT success FROM outcomes WHERE user_id = ? AND target = ?{extra} ORDER BY id DESC LIMIT ?",
            (user_id, target, limit),
        )
        return [bool(r["success"]) for r in rows]

    def outcome_counts(self, user_id: str, target: str) -> tuple[int, int]:
        row = self.db.query_one(
            "SELECT COUNT(*) AS n, COALESCE(SUM(success), 0) AS s FROM outcomes WHERE user_id = ? AND target = ?",
            (user_id, target),
        )
        return (int(row["n"]), int(row["s"])) if row else (0, 0)

    def arm_counts(self, mutation_id: str) -> dict[str, tuple[int, int]]:
        rows = self.db.query(
            "SELECT arm, COUNT(*) AS n, SUM(success) AS s FROM outcomes WHERE mutation_id = ? GROUP BY arm",
            (mutation_id,),
        )
        return {str(r["arm"]): (int(r["n"]), int(r["s"] or 0)) for r in rows}
