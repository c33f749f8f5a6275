"""The tables of trust: publishers the operator vouches for, repository links proven by a token, and users'
reports of skills. :mod:`registry.trust` and :mod:`registry.reports` add the rules."""

from __future__ import annotations

from registry.storage.rows import Report, RepositoryClaim, VerifiedPublisher
from registry.storage.store import RegistryStore, now


class AlreadyReported(ValueError):
    """The user already has an open report of this skill."""


class TrustRows:
    """Statements on the trust tables; each write is its own transaction."""

    def __init__(self, store: RegistryStore) -> None:
        self.db = store.db

    # --- verified publishers -----------------------------------------------------------------------------

    def publisher_exists(self, owner: str) -> bool:
        """An organisation, or a person who has published or holds a token here."""
        return bool(
            self.db.scalar("SELECT 1 FROM orgs WHERE name = ?", (owner,))
            or self.db.scalar("SELECT 1 FROM skills WHERE owner = ? LIMIT 1", (owner,))
            or self.db.scalar("SELECT 1 FROM api_tokens WHERE username = ? LIMIT 1", (owner,))
        )

    def verify_publisher(self, owner: str, by: str, note: str) -> None:
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO verified_publishers (owner, verified_by, note, verified_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (owner) DO UPDATE SET verified_by = excluded.verified_by, note = excluded.note, "
                "verified_at = excluded.verified_at",
                (owner, by, note, now()),
            )

    def unverify_publisher(self, owner: str) -> bool:
        with self.db.transaction():
            self.db.execute("DELETE FROM verified_publishers WHERE owner = ?", (owner,))
            return bool(self.db.changes())

    def verified_publishers(self) -> list[VerifiedPublisher]:
        rows = self.db.query("SELECT owner, verified_by, note, verified_at FROM verified_publishers ORDER BY owner")
        return [VerifiedPublisher.model_validate(r) for r in rows]

    # --- repository claims -------------------------------------------------------------------------------

    def claim(self, owner: str, repository: str, token: str, requested_by: str) -> RepositoryClaim:
        """The owner's claim to ``repository``: the existing one, or a new one with ``token``."""
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO repository_claims (owner, repository, token, requested_by, created_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (owner, repository) DO NOTHING",
                (owner, repository, token, requested_by, now()),
            )
        found = self.find_claim(owner, repository)
        assert found is not None
        return found

    def find_claim(self, owner: str, repository: str) -> RepositoryClaim | None:
        row = self.db.query_one(
            "SELECT * FROM repository_claims WHERE owner = ? AND repository = ?", (owner, repository)
        )
        return RepositoryClaim.model_validate(row) if row else None

    def claims(self, owner: str | None = None) -> list[RepositoryClaim]:
        if owner is None:
            rows = self.db.query("SELECT * FROM repository_claims ORDER BY owner, repository")
        else:
            rows = self.db.query("SELECT * FROM repository_claims WHERE owner = ? ORDER BY repository", (owner,))
        return [RepositoryClaim.model_validate(r) for r in rows]

    def set_claim_verified(self, owner: str, repository: str, by: str | None) -> bool:
        """Mark the claim proven by ``by`` (None withdraws it); False when there is no such claim."""
        with self.db.transaction():
            self.db.execute(
                "UPDATE repository_claims SET verified_at = ?, verified_by = ? WHERE owner = ? AND repository = ?",
                (now() if by else None, by, owner, repository),
            )
            return bool(self.db.changes())

    def verified_repositories(self) -> list[tuple[str, str]]:
        rows = self.db.query("SELECT owner, repository FROM repository_claims WHERE verified_at IS NOT NULL")
        return [(str(r["owner"]), str(r["repository"])) for r in rows]

    # --- reports -----------------------------------------------------------------------------------------

    def add_report(self, report_id: str, name: str, version: str, username: str, reason: str, text: str) -> Report:
        """Record a report, or raise :class:`AlreadyReported` while the user's last one of the skill is open.
        The unique index on open reports decides when two arrive at once."""
        with self.db.transaction():
            if self.db.scalar(
                "SELECT 1 FROM reports WHERE name = ? AND username = ? AND status = 'open'", (name, username)
            ):
                raise AlreadyReported(name)
            self.db.execute(
                "INSERT INTO reports (id, name, version, username, reason, text, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (report_id, name, version, username, reason, text, now()),
            )
        found = self.report(report_id)
        assert found is not None
        return found

    def report(self, report_id: str) -> Report | None:
        row = self.db.query_one("SELECT * FROM reports WHERE id = ?", (report_id,))
        return Report.model_validate(row) if row else None

    def reports(self, *, status: str | None = "open", name: str | None = None, limit: int = 200) -> list[Report]:
        where, args = [], []
        if status is not None:
            where, args = ["status = ?"], [status]
        if name is not None:
            where, args = [*where, "name = ?"], [*args, name]
        clause = f"WHERE {' AND '.join(where)} " if where else ""
        rows = self.db.query(f"SELECT * FROM reports {clause}ORDER BY created_at, id LIMIT ?", (*args, limit))
        return [Report.model_validate(r) for r in rows]

    def resolve_report(self, report_id: str, outcome: str, note: str, by: str) -> bool:
        with self.db.transaction():
            self.db.execute(
                "UPDATE reports SET status = 'resolved', outcome = ?, note = ?, resolved_at = ?, resolved_by = ? "
                "WHERE id = ? AND status = 'open'",
                (outcome, note, now(), by, report_id),
            )
            return bool(self.db.changes())
