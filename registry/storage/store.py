"""The registry's storage: skills, immutable versions, accounts — and, by sha256, the archives' bytes.

Metadata lives in one SQLite file (``$CAIRN_HOME/registry/registry.db``) by default, in the ``registry``
schema of a PostgreSQL database when ``CAIRN_DATABASE_URL`` is set (:func:`open_store`), so several
registry instances share it. Archive bytes live in a :class:`~registry.blobs.BlobStore` (files under
``blobs/<first two hex>/<sha256>`` unless configured otherwise), written once and never changed, so a
mirror or a cache can key on the hash alone.

Every change that search must see bumps ``generation`` in the database: each instance's in-memory search
index compares it on every search and rebuilds when another instance (or this one) published, yanked or
deprecated something.

The SQL is written once for both engines; where they meet concurrent writers differently, SQLite lets one
writer in at a time (``BEGIN IMMEDIATE``), and on PostgreSQL a write to a skill first locks its row
(:meth:`RegistryStore._lock_skill`), so two instances publishing versions of one skill take turns and
``latest`` is computed from every committed version.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Self
from urllib.parse import urlsplit

from registry import provenance, semver
from registry.blobs import BlobStore, open_blob_store
from registry.metadata import listing_fields, trigger_words
from registry.settings import RegistryServerSettings
from registry.storage.rows import ArchiveRef, CategoryCount, FullVersion, RecentVersion, Skill, Version
from registry.storage.schema import MIGRATIONS, PG_MIGRATIONS, PG_SCHEMA
from servers.core.settings import CoreSettings
from servers.core.storage.component import AnyDatabase, ComponentStore, built, open_database
from servers.core.storage.ids import now_iso
from servers.core.text import fts_match_expression, index_text

if TYPE_CHECKING:
    pass

__all__ = ["MIGRATIONS", "PG_MIGRATIONS", "PG_SCHEMA", "NewVersion", "RegistryStore", "open_store"]


def now() -> str:
    """The registry's timestamps: whole seconds, the form its rows and pages have always shown."""
    return now_iso(timespec="seconds")


class VersionTaken(ValueError):
    """Another upload recorded this version first (two instances, or two requests, raced)."""


class OwnerChanged(ValueError):
    """The skill was created by someone else between the publisher's checks and the write."""


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
    repository: str | None = None
    homepage: str | None = None
    license: str | None = None
    license_file: str | None = None


def _provenance_words(detail: FullVersion) -> str:
    """What search finds a skill by from its provenance: the repository's owner and name (``anthropics
    skills``) and the licence (``apache 2.0``)."""
    words = []
    if detail.repository:
        words.append(urlsplit(detail.repository).path.replace("/", " ").replace("-", " "))
    if detail.license:
        words.append(detail.license.replace("-", " "))
    return " ".join(words)


def open_store(settings: RegistryServerSettings) -> RegistryStore:
    return RegistryStore.open(settings)


class RegistryStore(ComponentStore):
    """Registry metadata in ``db`` and archive bytes in ``blobs``."""

    component = "registry"
    migrations = MIGRATIONS
    pg_migrations = PG_MIGRATIONS

    def __init__(self, db: AnyDatabase, blobs: BlobStore) -> None:
        self.blobs = blobs
        super().__init__(db)

    @classmethod
    def open(cls, settings: CoreSettings) -> Self:
        """The store the settings ask for: PostgreSQL when a database URL is set, else the SQLite file; the
        blobs where ``CAIRN_REGISTRY__BLOB_DIR`` says (default ``$CAIRN_HOME/registry/blobs``) either way."""
        if not isinstance(settings, RegistryServerSettings):
            raise TypeError("the registry store needs settings with its section (RegistryServerSettings)")
        blobs = open_blob_store(settings)
        return built(open_database(settings, cls.component), lambda db: cls(db, blobs))

    # --- generation and settings -----------------------------------------------------------------------

    def generation(self) -> int:
        value = self.db.scalar("SELECT value FROM meta WHERE key = 'generation'")
        return 0 if value is None else int(value)

    def counters(self) -> tuple[int, int]:
        """(generation, downloads counter): what an in-memory index compares to know what it must reload."""
        rows = self.db.query("SELECT key, value FROM meta WHERE key IN ('generation', 'downloads')")
        values = {str(r["key"]): int(r["value"]) for r in rows}
        return values.get("generation", 0), values.get("downloads", 0)

    def download_counts(self) -> dict[int, int]:
        """Every listed skill's downloads by rowid: cheaper than rereading the skills when only counts moved."""
        rows = self.db.query("SELECT rowid AS id, downloads FROM skills WHERE latest IS NOT NULL")
        return {int(r["id"]): int(r["downloads"]) for r in rows}

    def _bump(self) -> None:
        self.db.execute(
            "INSERT INTO meta (key, value) VALUES ('generation', '1') ON CONFLICT (key) DO UPDATE "
            "SET value = CAST(CAST(meta.value AS INTEGER) + 1 AS TEXT)"
        )

    def get_meta(self, key: str) -> str | None:
        value = self.db.scalar("SELECT value FROM meta WHERE key = ?", (key,))
        return None if value is None else str(value)

    def set_meta(self, key: str, value: str) -> None:
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    def secret_created_at(self) -> str:
        return now()  # the registry's shared_secrets.created_at is text

    # --- skills and versions ---------------------------------------------------------------------------

    def skill(self, name: str) -> Skill | None:
        row = self.db.query_one("SELECT rowid AS id, * FROM skills WHERE name = ?", (name,))
        return Skill.model_validate(row) if row else None

    def versions(self, name: str) -> list[Version]:
        """The skill's versions, the highest first."""
        rows = self.db.query(
            "SELECT name, version, sha256, size, format, publisher, published_at, yanked, yank_reason, downloads "
            "FROM versions WHERE name = ?",
            (name,),
        )
        versions = [Version.model_validate(r) for r in rows]
        return sorted(versions, key=lambda v: semver.sort_key(v.version), reverse=True)

    def version(self, name: str, version: str) -> FullVersion | None:
        row = self.db.query_one("SELECT * FROM versions WHERE name = ? AND version = ?", (name, version))
        return FullVersion.model_validate(row) if row else None

    def _lock_skill(self, name: str) -> dict[str, Any] | None:
        """Inside a transaction: the skill's row, locked until the end of it on PostgreSQL (SQLite's write
        transaction already excludes every other writer). NO KEY UPDATE lets ratings and versions that only
        reference the skill go on meanwhile."""
        lock = " FOR NO KEY UPDATE" if self.postgres else ""
        return self.db.query_one(f"SELECT rowid AS id, owner, owner_kind FROM skills WHERE name = ?{lock}", (name,))

    def add_version(self, new: NewVersion, *, owner: str, owner_kind: str, is_system: bool = False) -> None:
        """Record a version (and the skill on its first version).

        The caller checked ownership and that the version is new, but another instance may have written in
        between: under the skill's lock this raises :class:`OwnerChanged` or :class:`VersionTaken` then.
        """
        stamp = now()
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO skills (name, owner, owner_kind, is_system, description, category, tags, "
                "compatibility, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (name) DO NOTHING",
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
            skill = self._lock_skill(new.name)
            assert skill is not None
            if (skill["owner"], skill["owner_kind"]) != (owner, owner_kind):
                raise OwnerChanged(f"{new.name} now belongs to {skill['owner_kind']} {skill['owner']!r}")
            core = semver.core(new.version)
            for row in self.db.query("SELECT version FROM versions WHERE name = ?", (new.name,)):
                if semver.core(str(row["version"])) == core:
                    raise VersionTaken(f"{new.name} {row['version']} was just published")
            self.db.execute(
                "INSERT INTO versions (name, version, sha256, size, format, publisher, published_at, frontmatter, "
                "body, files, findings, repository, homepage, license, license_file) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                    new.repository,
                    new.homepage,
                    new.license,
                    new.license_file,
                ),
            )
            self._refresh_latest(new.name, int(skill["id"]))

    def _refresh_latest(self, name: str, rowid: int, *, touch: bool = True) -> None:
        """``latest`` is the highest live release (a pre-release only when nothing else is live); the
        listing fields and the keyword index follow it, so search shows what an install would get."""
        live = [v for v in self.versions(name) if not v.yanked]
        releases = [v for v in live if "-" not in v.version.split("+")[0]]
        chosen = (releases or live)[0] if live else None
        fields: dict[str, Any] = {"latest": chosen.version if chosen else None}
        if touch:
            fields["updated_at"] = now()
        if chosen is not None:
            detail = self.version(name, chosen.version)
            assert detail is not None
            fields.update(listing_fields(detail.frontmatter, name, detail.body))
            source = (detail.repository, detail.homepage, detail.license)
            if source == (None, None, None):
                # A version published before provenance was recorded: what its SKILL.md says.
                read = provenance.read(detail.frontmatter, {})
                source = (read.repository, read.homepage, read.license)
            fields.update(zip(("repository", "homepage", "license"), source, strict=True))
            self._index(rowid, name, detail)
        assignments = ", ".join(f"{k} = ?" for k in fields)
        self.db.execute(f"UPDATE skills SET {assignments} WHERE name = ?", (*fields.values(), name))
        self._bump()

    def _index(self, rowid: int, name: str, detail: FullVersion) -> None:
        """(Re)write the skill's keyword-index entry from one of its versions."""
        fm = detail.frontmatter
        listing = listing_fields(fm, name, detail.body)
        texts = (
            name.replace("-", " "),
            listing["description"],
            " ".join(
                [*json.loads(listing["tags"]), listing["category"] or "", trigger_words(fm), _provenance_words(detail)]
            ),
            detail.body[:20_000],
        )
        if self.postgres:
            from registry.tsearch import skill_document

            self.db.execute(
                "INSERT INTO skills_fts (rowid, doc) VALUES (?, ?::tsvector) "
                "ON CONFLICT (rowid) DO UPDATE SET doc = excluded.doc",
                (rowid, skill_document(*texts)),
            )
            return
        self.db.execute("DELETE FROM skills_fts WHERE rowid = ?", (rowid,))
        self.db.execute(
            "INSERT INTO skills_fts (rowid, name, description, tags, body) VALUES (?, ?, ?, ?, ?)",
            (rowid, *(index_text(t) for t in texts)),
        )

    def reindex(self) -> int:
        """Rebuild the keyword index of every listed skill from its latest version (after ``cairn data copy``,
        which moves rows but not SQLite's FTS5 index); how many skills were indexed. Search reads the index
        directly, so ``generation`` is left as it is."""
        count = 0
        for skill in self.all_skills():
            with self.db.transaction():
                detail = self.version(skill.name, skill.latest) if skill.latest else None
                if detail is not None:
                    self._index(skill.id, skill.name, detail)
                    count += 1
        return count

    def refresh_listings(self, rules: str) -> int:
        """Recompute every skill's category, tags and index entry once per version of the listing rules
        (``rules``), so skills published before the rules changed are filtered like new ones; how many."""
        if self.get_meta("listing_rules") == rules:
            return 0
        count = 0
        for skill in self.all_skills():
            with self.db.transaction():
                if self._lock_skill(skill.name) is not None:
                    self._refresh_latest(skill.name, skill.id, touch=False)
                    count += 1
        self.set_meta("listing_rules", rules)
        return count

    def set_yanked(self, name: str, version: str, yanked: bool, reason: str | None) -> None:
        with self.db.transaction():
            skill = self._lock_skill(name)
            if skill is None:
                return
            self.db.execute(
                "UPDATE versions SET yanked = ?, yank_reason = ? WHERE name = ? AND version = ?",
                (int(yanked), reason if yanked else None, name, version),
            )
            self._refresh_latest(name, int(skill["id"]))

    def set_deprecated(self, name: str, message: str | None) -> None:
        with self.db.transaction():
            self.db.execute("UPDATE skills SET deprecated = ?, updated_at = ? WHERE name = ?", (message, now(), name))
            self._bump()

    def count_download(self, name: str, version: str) -> None:
        """One more download. Each counter is incremented in the database (never read, added to and written
        back here), so downloads counted at once by several instances are all kept."""
        with self.db.transaction():
            self.db.execute("UPDATE skills SET downloads = downloads + 1 WHERE name = ?", (name,))
            self.db.execute(
                "UPDATE versions SET downloads = downloads + 1 WHERE name = ? AND version = ?", (name, version)
            )
            # Search keeps counts in memory for its "popular" order and ties; this tells it they moved.
            self.db.execute(
                "INSERT INTO meta (key, value) VALUES ('downloads', '1') ON CONFLICT (key) DO UPDATE "
                "SET value = CAST(CAST(meta.value AS INTEGER) + 1 AS TEXT)"
            )

    def version_by_sha(self, sha256: str) -> ArchiveRef | None:
        row = self.db.query_one("SELECT name, version, format FROM versions WHERE sha256 = ? LIMIT 1", (sha256,))
        return ArchiveRef.model_validate(row) if row else None

    def all_skills(self) -> list[Skill]:
        rows = self.db.query("SELECT rowid AS id, * FROM skills WHERE latest IS NOT NULL ORDER BY rowid")
        return [Skill.model_validate(r) for r in rows]

    def skills_of(self, owner: str) -> list[Skill]:
        rows = self.db.query("SELECT rowid AS id, * FROM skills WHERE owner = ? ORDER BY name", (owner,))
        return [Skill.model_validate(r) for r in rows]

    def recent_versions(self, limit: int, *, name: str | None = None, owner: str | None = None) -> list[RecentVersion]:
        """Live versions of listed skills, newest first (the updates feeds): all, one skill's, or an owner's.
        Each row has the skill's description and owner beside the version's own fields."""
        where, args = "v.yanked = 0 AND s.latest IS NOT NULL", []
        if name is not None:
            where, args = where + " AND s.name = ?", [name]
        if owner is not None:
            where, args = where + " AND s.owner = ?", [*args, owner]
        rows = self.db.query(
            "SELECT v.name, v.version, v.publisher, v.published_at, v.size, s.description, s.owner, s.owner_kind "
            f"FROM versions v JOIN skills s ON s.name = v.name WHERE {where} "
            "ORDER BY v.published_at DESC, v.name, v.version DESC LIMIT ?",
            (*args, limit),
        )
        return [RecentVersion.model_validate(r) for r in rows]

    def recent_skills(self, limit: int) -> list[Skill]:
        """Listed skills, the newest first (the new-skills feed)."""
        rows = self.db.query(
            "SELECT rowid AS id, * FROM skills WHERE latest IS NOT NULL ORDER BY created_at DESC, name LIMIT ?",
            (limit,),
        )
        return [Skill.model_validate(r) for r in rows]

    def categories(self) -> list[CategoryCount]:
        rows = self.db.query(
            "SELECT category AS name, COUNT(*) AS count FROM skills WHERE category IS NOT NULL AND latest IS NOT NULL "
            "GROUP BY category ORDER BY count DESC, category"
        )
        return [CategoryCount.model_validate(r) for r in rows]

    def licenses(self) -> list[CategoryCount]:
        """The licences of listed skills with how many have each, the most common first (the licence filter)."""
        rows = self.db.query(
            "SELECT license AS name, COUNT(*) AS count FROM skills WHERE license IS NOT NULL AND latest IS NOT NULL "
            "GROUP BY license ORDER BY count DESC, license"
        )
        return [CategoryCount.model_validate(r) for r in rows]

    # --- keyword search ------------------------------------------------------------------------------------

    def keyword_search(self, text: str, limit: int) -> list[tuple[int, float]]:
        """(skill rowid, score) of skills matching any term of ``text``, best first; lower scores are better
        (BM25 on SQLite, the negated ``ts_rank`` on PostgreSQL). The name counts most, then the description,
        the tags, the body."""
        if self.postgres:
            from registry.tsearch import RANK_WEIGHTS
            from servers.core.tsearch import tsquery_literal

            tsquery = tsquery_literal(text)
            if tsquery is None:
                return []
            rows = self.db.query(
                "SELECT f.rowid, ts_rank(?::float4[], f.doc, q.q, 1) AS rank FROM skills_fts f, "
                "(SELECT ?::tsquery AS q) q WHERE f.doc @@ q.q ORDER BY rank DESC, f.rowid LIMIT ?",
                (RANK_WEIGHTS, tsquery, limit),
            )
            return [(int(r["rowid"]), -float(r["rank"])) for r in rows]
        expression = fts_match_expression(text)
        if expression is None:
            return []
        rows = self.db.query(
            "SELECT rowid, bm25(skills_fts, 8.0, 3.0, 2.0, 1.0) AS score FROM skills_fts WHERE skills_fts MATCH ? "
            "ORDER BY score LIMIT ?",
            (expression, limit),
        )
        return [(int(r["rowid"]), float(r["score"])) for r in rows]

    def vocabulary(self, limit: int = 200_000) -> list[str]:
        """Distinct indexed terms in byte order, for correcting typos in a query before the keyword search."""
        if self.postgres:
            # ts_stat reads every document; it runs only when the search index is rebuilt (a new generation).
            sql = "SELECT word AS term FROM ts_stat('SELECT doc FROM skills_fts') ORDER BY word COLLATE \"C\" LIMIT ?"
        else:
            sql = "SELECT term FROM skills_vocab LIMIT ?"
        return [str(r["term"]) for r in self.db.query(sql, (limit,))]

    def rating_summary(self, name: str) -> tuple[float | None, int]:
        row = self.db.query_one("SELECT AVG(stars) AS avg, COUNT(*) AS n FROM ratings WHERE name = ?", (name,))
        if not row or not row["n"]:
            return None, 0
        return round(float(row["avg"]), 2), int(row["n"])
