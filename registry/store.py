"""The registry's storage: skills, immutable versions, and artifacts content-addressed by sha256.

Metadata lives in one SQLite file (``registry.db``); archive bytes live on disk under
``blobs/<first two hex>/<sha256>``, written once and never changed, so a mirror or a cache can key
on the hash alone. Every change that search must see bumps ``generation``, which lets the search
index rebuild only when something was published, yanked or deprecated.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from registry.metadata import listing_fields, trigger_words
from registry.semver import sort_key
from servers.core.storage import Database, Migration, migrate
from servers.memory.text import index_text

SCHEMA = """
CREATE TABLE skills (
    name TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    owner_kind TEXT NOT NULL CHECK (owner_kind IN ('user', 'org')),
    is_system INTEGER NOT NULL DEFAULT 0,
    description TEXT NOT NULL,
    category TEXT,
    tags TEXT NOT NULL DEFAULT '[]',
    compatibility TEXT,
    latest TEXT,
    downloads INTEGER NOT NULL DEFAULT 0,
    deprecated TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE versions (
    name TEXT NOT NULL REFERENCES skills(name),
    version TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    size INTEGER NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('tar.gz', 'zip')),
    publisher TEXT NOT NULL,
    published_at TEXT NOT NULL,
    yanked INTEGER NOT NULL DEFAULT 0,
    yank_reason TEXT,
    frontmatter TEXT NOT NULL,
    body TEXT NOT NULL,
    files TEXT NOT NULL,
    findings TEXT NOT NULL,
    downloads INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (name, version)
);
CREATE INDEX versions_sha ON versions(sha256);
CREATE VIRTUAL TABLE skills_fts USING fts5(name, description, tags, body, tokenize='unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE skills_vocab USING fts5vocab(skills_fts, row);
CREATE TABLE ratings (
    name TEXT NOT NULL REFERENCES skills(name),
    username TEXT NOT NULL,
    stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
    comment TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    PRIMARY KEY (name, username)
);
CREATE TABLE orgs (name TEXT PRIMARY KEY, created_by TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE org_members (
    org TEXT NOT NULL REFERENCES orgs(name),
    username TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('admin', 'member')),
    PRIMARY KEY (org, username)
);
CREATE TABLE org_skill_config (
    org TEXT NOT NULL REFERENCES orgs(name),
    skill_name TEXT NOT NULL,
    action TEXT NOT NULL CHECK (action IN ('disable', 'override')),
    override_skill TEXT,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (org, skill_name)
);
CREATE TABLE api_tokens (
    id TEXT PRIMARY KEY,
    username TEXT NOT NULL,
    label TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    last_used_at TEXT,
    revoked_at TEXT
);
CREATE TABLE pending_uploads (
    id TEXT PRIMARY KEY,
    username TEXT NOT NULL,
    org TEXT,
    sha256 TEXT NOT NULL,
    format TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO meta (key, value) VALUES ('generation', '0');
"""


def _create(db: Database) -> None:
    db.connection().execute(SCHEMA)


MIGRATIONS = [Migration(1, "registry schema", _create)]


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class NewVersion:
    """Everything publishing has checked and extracted, ready to be recorded."""

    name: str
    version: str
    sha256: str
    size: int
    format: str
    publisher: str
    description: str
    category: str | None
    tags: list[str]
    compatibility: str | None
    frontmatter: dict[str, Any]
    body: str
    files: list[dict[str, Any]]
    findings: list[dict[str, Any]] = field(default_factory=list)


class RegistryStore:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.blob_dir = directory / "blobs"
        self.blob_dir.mkdir(parents=True, exist_ok=True)
        self.db = Database(directory / "registry.db")
        migrate(self.db, "registry", MIGRATIONS)

    def close(self) -> None:
        self.db.close()

    # --- artifacts ---------------------------------------------------------------------------------

    def blob_path(self, sha256: str) -> Path:
        return self.blob_dir / sha256[:2] / sha256

    def put_blob(self, sha256: str, data: bytes) -> Path:
        """Write once: an existing blob with this hash already holds these bytes."""
        path = self.blob_path(sha256)
        if path.exists():
            return path
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".incoming-")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)  # atomic: readers see all of the blob or none of it
        return path

    def read_blob(self, sha256: str) -> bytes | None:
        path = self.blob_path(sha256)
        return path.read_bytes() if path.is_file() else None

    # --- generation ------------------------------------------------------------------------------------

    def generation(self) -> int:
        return int(self.db.scalar("SELECT value FROM meta WHERE key = 'generation'"))

    def _bump(self) -> None:
        self.db.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation'")

    def get_meta(self, key: str) -> str | None:
        value = self.db.scalar("SELECT value FROM meta WHERE key = ?", (key,))
        return None if value is None else str(value)

    def set_meta(self, key: str, value: str) -> None:
        with self.db.transaction():
            self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    # --- skills and versions ---------------------------------------------------------------------------

    def skill(self, name: str) -> dict[str, Any] | None:
        row = self.db.query_one("SELECT rowid AS id, * FROM skills WHERE name = ?", (name,))
        return _decode_skill(row) if row else None

    def versions(self, name: str) -> list[dict[str, Any]]:
        rows = self.db.query(
            "SELECT name, version, sha256, size, format, publisher, published_at, yanked, yank_reason, downloads "
            "FROM versions WHERE name = ?",
            (name,),
        )
        for row in rows:
            row["yanked"] = bool(row["yanked"])
        return sorted(rows, key=lambda r: sort_key(r["version"]), reverse=True)

    def version(self, name: str, version: str) -> dict[str, Any] | None:
        row = self.db.query_one("SELECT * FROM versions WHERE name = ? AND version = ?", (name, version))
        if row is None:
            return None
        row["yanked"] = bool(row["yanked"])
        for key in ("frontmatter", "files", "findings"):
            row[key] = json.loads(row[key])
        return row

    def add_version(self, new: NewVersion, *, owner: str, owner_kind: str, is_system: bool = False) -> None:
        """Record a version (and the skill on its first version). The caller checked ownership and
        that the version is new; the primary key still refuses a duplicate if two uploads race."""
        stamp = now()
        with self.db.transaction():
            existing = self.db.query_one("SELECT rowid AS id FROM skills WHERE name = ?", (new.name,))
            if existing is None:
                self.db.execute(
                    "INSERT INTO skills (name, owner, owner_kind, is_system, description, category, tags, "
                    "compatibility, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        new.name,
                        owner,
                        owner_kind,
                        int(is_system),
                        new.description,
                        new.category,
                        json.dumps(new.tags),
                        new.compatibility,
                        stamp,
                        stamp,
                    ),
                )
            self.db.execute(
                "INSERT INTO versions (name, version, sha256, size, format, publisher, published_at, frontmatter, "
                "body, files, findings) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    new.name,
                    new.version,
                    new.sha256,
                    new.size,
                    new.format,
                    new.publisher,
                    stamp,
                    json.dumps(new.frontmatter, default=str),
                    new.body,
                    json.dumps(new.files),
                    json.dumps(new.findings),
                ),
            )
            self._refresh_latest(new.name)

    def _refresh_latest(self, name: str) -> None:
        """``latest`` is the highest live release (a pre-release only when nothing else is live); the
        listing fields follow it so search shows what an install would get."""
        live = [v for v in self.versions(name) if not v["yanked"]]
        releases = [v for v in live if "-" not in v["version"].split("+")[0]]
        chosen = (releases or live)[0] if live else None
        latest = chosen["version"] if chosen else None
        fields: dict[str, Any] = {"latest": latest, "updated_at": now()}
        row = self.db.query_one("SELECT rowid AS id FROM skills WHERE name = ?", (name,))
        assert row is not None
        if chosen is not None:
            detail = self.version(name, chosen["version"])
            assert detail is not None
            fm = detail["frontmatter"]
            fields.update(listing_fields(fm))
            self.db.execute("DELETE FROM skills_fts WHERE rowid = ?", (row["id"],))
            self.db.execute(
                "INSERT INTO skills_fts (rowid, name, description, tags, body) VALUES (?, ?, ?, ?, ?)",
                (
                    row["id"],
                    index_text(name.replace("-", " ")),
                    index_text(fields["description"]),
                    index_text(" ".join([*json.loads(fields["tags"]), fields["category"] or "", trigger_words(fm)])),
                    index_text(detail["body"][:20_000]),
                ),
            )
        assignments = ", ".join(f"{k} = ?" for k in fields)
        self.db.execute(f"UPDATE skills SET {assignments} WHERE name = ?", (*fields.values(), name))
        self._bump()

    def set_yanked(self, name: str, version: str, yanked: bool, reason: str | None) -> None:
        with self.db.transaction():
            self.db.execute(
                "UPDATE versions SET yanked = ?, yank_reason = ? WHERE name = ? AND version = ?",
                (int(yanked), reason if yanked else None, name, version),
            )
            self._refresh_latest(name)

    def set_deprecated(self, name: str, message: str | None) -> None:
        with self.db.transaction():
            self.db.execute("UPDATE skills SET deprecated = ?, updated_at = ? WHERE name = ?", (message, now(), name))
            self._bump()

    def count_download(self, name: str, version: str) -> None:
        with self.db.transaction():
            self.db.execute("UPDATE skills SET downloads = downloads + 1 WHERE name = ?", (name,))
            self.db.execute(
                "UPDATE versions SET downloads = downloads + 1 WHERE name = ? AND version = ?", (name, version)
            )

    def version_by_sha(self, sha256: str) -> dict[str, Any] | None:
        return self.db.query_one("SELECT name, version, format FROM versions WHERE sha256 = ? LIMIT 1", (sha256,))

    def all_skills(self) -> list[dict[str, Any]]:
        rows = self.db.query("SELECT rowid AS id, * FROM skills WHERE latest IS NOT NULL")
        return [_decode_skill(r) for r in rows]

    def skills_of(self, owner: str) -> list[dict[str, Any]]:
        rows = self.db.query("SELECT rowid AS id, * FROM skills WHERE owner = ? ORDER BY name", (owner,))
        return [_decode_skill(r) for r in rows]

    def categories(self) -> list[dict[str, Any]]:
        return self.db.query(
            "SELECT category AS name, COUNT(*) AS count FROM skills WHERE category IS NOT NULL AND latest IS NOT NULL "
            "GROUP BY category ORDER BY count DESC, category"
        )

    def fts(self, expression: str, limit: int) -> list[tuple[int, float]]:
        """rowid and BM25 score (lower is better) of skills matching an FTS5 expression; name counts most."""
        rows = self.db.query(
            "SELECT rowid, bm25(skills_fts, 8.0, 3.0, 2.0, 1.0) AS score FROM skills_fts WHERE skills_fts MATCH ? "
            "ORDER BY score LIMIT ?",
            (expression, limit),
        )
        return [(int(r["rowid"]), float(r["score"])) for r in rows]

    def vocabulary(self, limit: int = 200_000) -> list[str]:
        """Distinct indexed terms, for correcting typos in a query before it reaches FTS5."""
        return [str(r["term"]) for r in self.db.query("SELECT term FROM skills_vocab LIMIT ?", (limit,))]

    def rating_summary(self, name: str) -> tuple[float | None, int]:
        row = self.db.query_one("SELECT AVG(stars) AS avg, COUNT(*) AS n FROM ratings WHERE name = ?", (name,))
        if not row or not row["n"]:
            return None, 0
        return round(float(row["avg"]), 2), int(row["n"])


def _decode_skill(row: dict[str, Any]) -> dict[str, Any]:
    row["tags"] = json.loads(row["tags"])
    row["is_system"] = bool(row["is_system"])
    return row
