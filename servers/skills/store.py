"""Persistence of the skills server: usage, feedback, disabled skills, suggestions, session counters.

One SQLite file (``$CAIRN_HOME/skills/skills.db``) through the suite's apsw ``Database``. Skills
themselves stay files on disk; only what the server learns about them lives here.
"""

from __future__ import annotations

import json
import os
import time
from datetime import UTC, datetime
from typing import Any

from servers.core.storage import Database, Migration, migrate
from servers.skills.models import Suggestion

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

MIGRATIONS = [Migration(1, "usage, feedback, disabled, suggestions, sessions", _SCHEMA_V1)]


def now_iso() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def new_id(prefix: str) -> str:
    return f"{prefix}{int(time.time() * 1000):012x}{os.urandom(4).hex()}"


class SkillsStore:
    def __init__(self, db: Database) -> None:
        self.db = db
        migrate(db, "skills", MIGRATIONS)

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
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO usage (skill, session_id, activated_by, score, signals, task, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (skill, session_id, activated_by, score, json.dumps(signals or []), task, now_iso()),
            )
            return self.db.last_rowid()

    def last_usage(self, skill: str, session_id: str) -> dict[str, Any] | None:
        return self.db.query_one(
            "SELECT * FROM usage WHERE skill = ? AND session_id = ? ORDER BY id DESC LIMIT 1", (skill, session_id)
        )

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
            f"SUM(adopted IS NOT NULL) AS r FROM usage {where} GROUP BY skill, activated_by",
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

    def feedback_for(self, skill: str) -> list[dict[str, Any]]:
        return self.db.query("SELECT * FROM feedback WHERE skill = ? ORDER BY id", (skill,))

    def usages_for(self, skill: str) -> list[dict[str, Any]]:
        return self.db.query("SELECT * FROM usage WHERE skill = ? ORDER BY id", (skill,))

    # --- disabled skills ---------------------------------------------------------------------------

    def disabled(self) -> set[tuple[str, str]]:
        return {(r["name"], r["scope"]) for r in self.db.query("SELECT name, scope FROM disabled")}

    def set_disabled(self, name: str, scope: str, disabled: bool) -> None:
        with self.db.transaction():
            if disabled:
                self.db.execute(
                    "INSERT OR IGNORE INTO disabled (name, scope, created_at) VALUES (?, ?, ?)",
                    (name, scope, now_iso()),
                )
            elif scope == "all":
                self.db.execute("DELETE FROM disabled WHERE name = ?", (name,))
            else:
                self.db.execute("DELETE FROM disabled WHERE name = ? AND scope IN (?, 'all')", (name, scope))

    # --- suggestions -------------------------------------------------------------------------------

    def add_suggestion(self, s: Suggestion) -> Suggestion:
        """Store ``s`` unless the same change is already pending; returns the stored one."""
        existing = self.db.query_one(
            "SELECT * FROM suggestions WHERE skill = ? AND type = ? AND suggested = ? AND status = 'pending'",
            (s.skill, s.type, s.suggested),
        )
        if existing is not None:
            return _suggestion(existing)
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO suggestions (id, skill, type, current, suggested, reason, confidence, status, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (s.id, s.skill, s.type, s.current, s.suggested, s.reason, s.confidence, s.status, now_iso()),
            )
        return s

    def suggestions(self, skill: str | None = None, status: str | None = "pending") -> list[Suggestion]:
        sql, params = "SELECT * FROM suggestions WHERE 1 = 1", list[str]()
        if skill:
            sql, params = sql + " AND skill = ?", [*params, skill]
        if status:
            sql, params = sql + " AND status = ?", [*params, status]
        return [_suggestion(r) for r in self.db.query(sql + " ORDER BY created_at", params)]

    def suggestion(self, suggestion_id: str) -> Suggestion | None:
        row = self.db.query_one("SELECT * FROM suggestions WHERE id = ?", (suggestion_id,))
        return _suggestion(row) if row else None

    def set_suggestion_status(self, suggestion_id: str, status: str) -> None:
        with self.db.transaction():
            self.db.execute("UPDATE suggestions SET status = ? WHERE id = ?", (status, suggestion_id))

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
            self.db.executemany("INSERT OR REPLACE INTO vectors (key, vector) VALUES (?, ?)", list(items.items()))

    # --- sessions: message counts, unmatched tasks, feedback asks ---------------------------------

    def bump_messages(self, session_id: str, count: int = 1) -> int:
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO sessions (session_id, messages) VALUES (?, ?) "
                "ON CONFLICT(session_id) DO UPDATE SET messages = messages + excluded.messages",
                (session_id, count),
            )
            return int(self.db.scalar("SELECT messages FROM sessions WHERE session_id = ?", (session_id,)))

    def session(self, session_id: str) -> dict[str, Any]:
        row = self.db.query_one("SELECT * FROM sessions WHERE session_id = ?", (session_id,))
        return row or {"session_id": session_id, "messages": 0, "recommendations": 0, "last_recommendation_at": None}

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
        """True the first time per (session, skill): 001 §1 asks at most once per skill per session."""
        with self.db.transaction():
            if self.db.scalar("SELECT 1 FROM feedback_asks WHERE session_id = ? AND skill = ?", (session_id, skill)):
                return False
            self.db.execute("INSERT INTO feedback_asks (session_id, skill) VALUES (?, ?)", (session_id, skill))
            return True


def _suggestion(row: dict[str, Any]) -> Suggestion:
    return Suggestion(
        id=row["id"],
        skill=row["skill"],
        type=row["type"],
        current=row["current"],
        suggested=row["suggested"],
        reason=row["reason"],
        confidence=row["confidence"],
        status=row["status"],
    )
