"""Persistence of the skills server: usage, feedback, disabled skills, suggestions, session counters.

One SQLite file (``$CAIRN_HOME/skills/skills.db``) by default, the ``skills`` schema of a PostgreSQL
database when ``CAIRN_DATABASE_URL`` is set (:func:`open_store`), so several instances share what they
learn. Skills themselves stay files on disk; only what the server learns about them lives here.

The SQL is written once for both engines. Several instances may write at once, so counters are bumped
and read back in one statement (``… RETURNING``), "once" checks rest on a key (``ON CONFLICT DO
NOTHING``), and check-then-insert steps without a key run under :meth:`SkillsStore.serialise`.
"""

from __future__ import annotations

import json
from typing import Any

from servers.core.storage import Migration
from servers.core.storage.component import ComponentStore, postgres_migrations
from servers.core.storage.ids import now_iso, time_id
from servers.skills.models import Suggestion
from servers.skills.settings import SkillsServerSettings
from servers.skills.storage.rows import Feedback, SessionCounts, Usage

_SCHEMA_V1 = """
CREATE TABLE usage (
    id INTEGER PRIMARY KEY,
    skill TEXT NOT NULL,
    session_id TEXT,
    activated_by TEXT NOT NULL,          -- auto | manual | chain
    score REAL,
    signals TEXT NOT NULL DEFAULT '[]',
    task TEXT,
    adopted INTEGER,                     -- NULL until skill_report_usage says
    adoption_confidence REAL,
    created_at TEXT NOT NULL
);
CREATE INDEX usage_skill ON usage (skill);
CREATE INDEX usage_session ON usage (session_id, skill);
CREATE TABLE feedback (
    id INTEGER PRIMARY KEY,
    skill TEXT NOT NULL,
    session_id TEXT,
    rating TEXT NOT NULL,
    comment TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX feedback_skill ON feedback (skill);
CREATE TABLE disabled (
    name TEXT NOT NULL,
    scope TEXT NOT NULL,                 -- system | user | project | all
    created_at TEXT NOT NULL,
    PRIMARY KEY (name, scope)
);
CREATE TABLE suggestions (
    id TEXT PRIMARY KEY,
    skill TEXT NOT NULL,
    type TEXT NOT NULL,
    current TEXT NOT NULL,
    suggested TEXT NOT NULL,
    reason TEXT NOT NULL,
    confidence REAL NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    created_at TEXT NOT NULL
);
CREATE TABLE unmatched (
    id INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL,
    task TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX unmatched_session ON unmatched (session_id);
CREATE TABLE sessions (
    session_id TEXT PRIMARY KEY,
    messages INTEGER NOT NULL DEFAULT 0,
    recommendations INTEGER NOT NULL DEFAULT 0,
    last_recommendation_at INTEGER       -- message count when the last recommendation was made
);
CREATE TABLE vectors (
    key TEXT PRIMARY KEY,                -- sha256 of model + text
    vector BLOB NOT NULL
);
CREATE TABLE feedback_asks (
    session_id TEXT NOT NULL,
    skill TEXT NOT NULL,
    PRIMARY KEY (session_id, skill)
);
"""

# A suggestion quoting a user's tasks belongs to that user (see servers/skills/owners.py); NULL: nobody's.
_SUGGESTION_OWNER = "ALTER TABLE suggestions ADD COLUMN owner TEXT;"

MIGRATIONS = [
    Migration(1, "usage, feedback, disabled, suggestions, sessions", _SCHEMA_V1),
    Migration(2, "suggestions have an owner", _SUGGESTION_OWNER),
]
PG_MIGRATIONS = postgres_migrations(MIGRATIONS)
PG_SCHEMA = "skills"


def new_id(prefix: str) -> str:
    """A suggestion's id: ``prefix``, milliseconds, 8 random hex digits."""
    return time_id(prefix)


def open_store(settings: SkillsServerSettings) -> SkillsStore:
    return SkillsStore.open(settings)


class SkillsStore(ComponentStore):
    """SQL for what the skills server learns; migrates the schema when opened."""

    component = "skills"
    migrations = MIGRATIONS
    pg_migrations = PG_MIGRATIONS

    # --- usage and feedback ---------------------------------------------------------------------

    def record_usage(
        self,
        skill: str,
        session_id: str | None,
        activated_by: str,
        score: float | None = None,
        signals: list[dict[str, Any]] | None = None,
        task: str | None = None,
    ) -> int:
        row = self.db.query_one(
            "INSERT INTO usage (skill, session_id, activated_by, score, signals, task, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (skill, session_id, activated_by, score, json.dumps(signals or []), task, now_iso()),
        )
        assert row is not None
        return int(row["id"])

    def last_usage(self, skill: str, session_id: str) -> Usage | None:
        row = self.db.query_one(
            "SELECT * FROM usage WHERE skill = ? AND session_id = ? ORDER BY id DESC LIMIT 1", (skill, session_id)
        )
        return None if row is None else Usage.model_validate(row)

    def activated_in_session(self, session_id: str) -> set[str]:
        rows = self.db.query("SELECT DISTINCT skill FROM usage WHERE session_id = ?", (session_id,))
        return {str(r["skill"]) for r in rows}

    def set_adoption(self, usage_id: int, adopted: bool, confidence: float) -> None:
        with self.db.transaction():
            self.db.execute(
                "UPDATE usage SET adopted = ?, adoption_confidence = ? WHERE id = ?",
                (int(adopted), confidence, usage_id),
            )

    def add_feedback(self, skill: str, rating: str, comment: str | None, session_id: str | None) -> None:
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO feedback (skill, session_id, rating, comment, created_at) VALUES (?, ?, ?, ?, ?)",
                (skill, session_id, rating, comment, now_iso()),
            )

    def counts(self, skill: str | None = None) -> dict[str, dict[str, int]]:
        """Per skill: activations by kind, adoption, and feedback by rating."""
        where, params = ("WHERE skill = ?", (skill,)) if skill else ("", ())
        out: dict[str, dict[str, int]] = {}
        for row in self.db.query(
            "SELECT skill, activated_by AS k, COUNT(*) AS n, SUM(COALESCE(adopted, 0)) AS a, "
            f"COUNT(adopted) AS r FROM usage {where} GROUP BY skill, activated_by",
            params,
        ):
            c = out.setdefault(row["skill"], {})
            c[row["k"]] = int(row["n"])
            c["adopted"] = c.get("adopted", 0) + int(row["a"] or 0)
            c["reported"] = c.get("reported", 0) + int(row["r"] or 0)
        for row in self.db.query(
            f"SELECT skill, rating AS k, COUNT(*) AS n FROM feedback {where} GROUP BY skill, rating", params
        ):
            out.setdefault(row["skill"], {})[row["k"]] = int(row["n"])
        return out

    def feedback_for(self, skill: str) -> list[Feedback]:
        rows = self.db.query("SELECT * FROM feedback WHERE skill = ? ORDER BY id", (skill,))
        return [Feedback.model_validate(r) for r in rows]

    def usages_for(self, skill: str) -> list[Usage]:
        return [
            Usage.model_validate(r) for r in self.db.query("SELECT * FROM usage WHERE skill = ? ORDER BY id", (skill,))
        ]

    # --- disabled skills ---------------------------------------------------------------------------

    def disabled(self) -> set[tuple[str, str]]:
        return {(r["name"], r["scope"]) for r in self.db.query("SELECT name, scope FROM disabled")}

    def set_disabled(self, name: str, scope: str, disabled: bool) -> None:
        with self.db.transaction():
            if disabled:
                self.db.execute(
                    "INSERT INTO disabled (name, scope, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    (name, scope, now_iso()),
                )
            elif scope == "all":
                self.db.execute("DELETE FROM disabled WHERE name = ?", (name,))
            else:
                self.db.execute("DELETE FROM disabled WHERE name = ? AND scope IN (?, 'all')", (name, scope))

    # --- suggestions -------------------------------------------------------------------------------

    def add_suggestion(self, s: Suggestion, owner: str | None = None) -> Suggestion:
        """Store ``s`` (owned by ``owner``) unless the same change is already pending for that owner;
        returns the stored one."""
        with self.db.transaction():
            # No key says "the same pending change" (drafts are long texts), so instances take turns per skill.
            self.serialise(f"suggestion:{s.skill}")
            same_owner, owner_params = ("owner IS NULL", ()) if owner is None else ("owner = ?", (owner,))
            existing = self.db.query_one(
                "SELECT * FROM suggestions WHERE skill = ? AND type = ? AND suggested = ? AND status = 'pending'"
                f" AND {same_owner}",
                (s.skill, s.type, s.suggested, *owner_params),
            )
            if existing is not None:
                return Suggestion.model_validate(existing)
            self.db.execute(
                "INSERT INTO suggestions"
                " (id, skill, type, current, suggested, reason, confidence, status, created_at, owner)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (s.id, s.skill, s.type, s.current, s.suggested, s.reason, s.confidence, s.status, now_iso(), owner),
            )
        return s

    def suggestions(
        self, skill: str | None = None, status: str | None = "pending", viewer: str | None = None
    ) -> list[Suggestion]:
        """Suggestions, oldest first; with ``viewer``, only that subject's and unowned ones."""
        sql, params = "SELECT * FROM suggestions WHERE 1 = 1", list[str]()
        if skill:
            sql, params = sql + " AND skill = ?", [*params, skill]
        if status:
            sql, params = sql + " AND status = ?", [*params, status]
        if viewer is not None:
            sql, params = sql + " AND (owner IS NULL OR owner = ?)", [*params, viewer]
        return [Suggestion.model_validate(r) for r in self.db.query(sql + " ORDER BY created_at", params)]

    def suggestion(self, suggestion_id: str, viewer: str | None = None) -> Suggestion | None:
        """One suggestion by id; ``None`` also when ``viewer`` may not see it (it is someone else's)."""
        row = self.db.query_one("SELECT * FROM suggestions WHERE id = ?", (suggestion_id,))
        if row is None or (viewer is not None and row.get("owner") not in (None, viewer)):
            return None
        return Suggestion.model_validate(row)

    def set_suggestion_status(self, suggestion_id: str, status: str) -> bool:
        """Settle a pending suggestion; False when it was not pending (another instance settled it first)."""
        row = self.db.query_one(
            "UPDATE suggestions SET status = ? WHERE id = ? AND status = 'pending' RETURNING id",
            (status, suggestion_id),
        )
        return row is not None

    # --- cached description vectors --------------------------------------------------------------

    def vectors(self, keys: list[str]) -> dict[str, bytes]:
        out: dict[str, bytes] = {}
        for i in range(0, len(keys), 500):
            chunk = keys[i : i + 500]
            marks = ",".join("?" * len(chunk))
            for row in self.db.query(f"SELECT key, vector FROM vectors WHERE key IN ({marks})", chunk):
                out[str(row["key"])] = bytes(row["vector"])
        return out

    def put_vectors(self, items: dict[str, bytes]) -> None:
        with self.db.transaction():
            # In key order: two instances caching overlapping vectors lock the same keys in the same order.
            self.db.executemany(
                "INSERT INTO vectors (key, vector) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET vector = excluded.vector",
                sorted(items.items()),
            )

    # --- sessions: message counts, unmatched tasks, feedback asks ---------------------------------

    def bump_messages(self, session_id: str, count: int = 1) -> int:
        """Add ``count`` messages to the session; the new total (one statement: no lost update between instances)."""
        row = self.db.query_one(
            "INSERT INTO sessions (session_id, messages) VALUES (?, ?) ON CONFLICT (session_id)"
            " DO UPDATE SET messages = sessions.messages + excluded.messages RETURNING messages",
            (session_id, count),
        )
        assert row is not None
        return int(row["messages"])

    def session(self, session_id: str) -> SessionCounts:
        row = self.db.query_one("SELECT * FROM sessions WHERE session_id = ?", (session_id,))
        return SessionCounts(session_id=session_id) if row is None else SessionCounts.model_validate(row)

    def note_recommendation(self, session_id: str, at_message: int) -> None:
        with self.db.transaction():
            self.db.execute(
                "UPDATE sessions SET recommendations = recommendations + 1, last_recommendation_at = ?"
                " WHERE session_id = ?",
                (at_message, session_id),
            )

    def add_unmatched(self, session_id: str, task: str) -> None:
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO unmatched (session_id, task, created_at) VALUES (?, ?, ?)", (session_id, task, now_iso())
            )

    def unmatched(self, session_id: str, limit: int = 50) -> list[str]:
        rows = self.db.query(
            "SELECT task FROM unmatched WHERE session_id = ? ORDER BY id DESC LIMIT ?", (session_id, limit)
        )
        return [str(r["task"]) for r in rows]

    def ask_feedback_once(self, session_id: str, skill: str) -> bool:
        """True the first time per (session, skill): the user is asked at most once per skill per session."""
        # The key decides, not a read before the write: of two instances asking at once, one inserts.
        row = self.db.query_one(
            "INSERT INTO feedback_asks (session_id, skill) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING skill",
            (session_id, skill),
        )
        return row is not None
