"""The tables of people and organisations: API tokens (their hashes), org membership, ratings, org skill
settings and uploads waiting for confirmation. :class:`registry.accounts.Accounts` adds the rules."""

from __future__ import annotations

from registry.storage.rows import HeldUpload, LiveToken, Member, OrgSkillConfig, RatingRow, TokenInfo
from registry.storage.store import RegistryStore, now


class AccountRows:
    """Statements on the account tables; each write is its own transaction unless the caller holds one."""

    def __init__(self, store: RegistryStore) -> None:
        self.db = store.db

    # --- personal API tokens ---------------------------------------------------------------------

    def insert_token(self, token_id: str, username: str, label: str, token_hash: str) -> TokenInfo:
        """Keep a new token's hash; its public fields."""
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO api_tokens (id, username, label, token_hash, created_at) VALUES (?, ?, ?, ?, ?)",
                (token_id, username, label, token_hash, now()),
            )
        info = self.db.query_one("SELECT id, label, created_at, last_used_at FROM api_tokens WHERE id = ?", (token_id,))
        assert info is not None
        return TokenInfo.model_validate(info)

    def tokens(self, username: str) -> list[TokenInfo]:
        rows = self.db.query(
            "SELECT id, label, created_at, last_used_at FROM api_tokens WHERE username = ? AND revoked_at IS NULL "
            "ORDER BY created_at DESC",
            (username,),
        )
        return [TokenInfo.model_validate(r) for r in rows]

    def revoke_token(self, username: str, token_id: str) -> bool:
        with self.db.transaction():
            found = self.db.scalar(
                "SELECT 1 FROM api_tokens WHERE id = ? AND username = ? AND revoked_at IS NULL", (token_id, username)
            )
            if found:
                self.db.execute("UPDATE api_tokens SET revoked_at = ? WHERE id = ?", (now(), token_id))
        return bool(found)

    def live_token(self, token_hash: str) -> LiveToken | None:
        """The unrevoked token with this hash."""
        row = self.db.query_one(
            "SELECT id, username, token_hash FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL", (token_hash,)
        )
        return LiveToken.model_validate(row) if row else None

    def token_used(self, token_id: str) -> None:
        with self.db.transaction():
            self.db.execute("UPDATE api_tokens SET last_used_at = ? WHERE id = ?", (now(), token_id))

    # --- organisations ---------------------------------------------------------------------------------

    def org_exists(self, org: str) -> bool:
        return bool(self.db.scalar("SELECT 1 FROM orgs WHERE name = ?", (org,)))

    def is_user(self, name: str) -> bool:
        """A name that has published or holds a token belongs to a person, not an organisation."""
        return bool(
            self.db.scalar("SELECT 1 FROM skills WHERE owner = ? AND owner_kind = 'user' LIMIT 1", (name,))
            or self.db.scalar("SELECT 1 FROM api_tokens WHERE username = ? LIMIT 1", (name,))
        )

    def found_org(self, org: str, username: str) -> bool:
        """Inside a transaction: create ``org`` with ``username`` as its admin unless it exists; True when
        this call created it. Insert-if-absent, so of two instances founding one org at once, one wins."""
        self.db.execute(
            "INSERT INTO orgs (name, created_by, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
            (org, username, now()),
        )
        if not self.db.changes():
            return False
        self.db.execute("INSERT INTO org_members (org, username, role) VALUES (?, ?, 'admin')", (org, username))
        return True

    def role(self, org: str, username: str) -> str | None:
        value = self.db.scalar("SELECT role FROM org_members WHERE org = ? AND username = ?", (org, username))
        return None if value is None else str(value)

    def orgs_of(self, username: str) -> list[str]:
        rows = self.db.query("SELECT org FROM org_members WHERE username = ? ORDER BY org", (username,))
        return [str(r["org"]) for r in rows]

    def members(self, org: str) -> list[Member]:
        rows = self.db.query("SELECT username, role FROM org_members WHERE org = ? ORDER BY username", (org,))
        return [Member.model_validate(r) for r in rows]

    def set_member(self, org: str, username: str, role: str) -> None:
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO org_members (org, username, role) VALUES (?, ?, ?) "
                "ON CONFLICT (org, username) DO UPDATE SET role = excluded.role",
                (org, username, role),
            )

    # --- ratings ---------------------------------------------------------------------------------------

    def rate(self, name: str, username: str, stars: int, comment: str) -> None:
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO ratings (name, username, stars, comment, created_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (name, username) DO UPDATE SET stars = excluded.stars, comment = excluded.comment, "
                "created_at = excluded.created_at",
                (name, username, stars, comment, now()),
            )

    def rating(self, name: str, username: str) -> RatingRow | None:
        row = self.db.query_one(
            "SELECT username, stars, comment, created_at FROM ratings WHERE name = ? AND username = ?", (name, username)
        )
        return RatingRow.model_validate(row) if row else None

    def ratings(self, name: str, limit: int = 50) -> list[RatingRow]:
        rows = self.db.query(
            "SELECT username, stars, comment, created_at FROM ratings WHERE name = ? ORDER BY created_at DESC LIMIT ?",
            (name, limit),
        )
        return [RatingRow.model_validate(r) for r in rows]

    # --- org skill configuration --------------------------------------------------------------------

    def configs(self, org: str) -> dict[str, OrgSkillConfig]:
        """The organisation's settings by system skill name."""
        rows = self.db.query(
            "SELECT skill_name, action, override_skill, updated_at FROM org_skill_config WHERE org = ? "
            "ORDER BY skill_name",
            (org,),
        )
        configs = [OrgSkillConfig.model_validate(r) for r in rows]
        return {c.skill_name: c for c in configs}

    def set_config(self, org: str, skill_name: str, action: str | None, override_skill: str | None = None) -> None:
        with self.db.transaction():
            if action is None:
                self.db.execute("DELETE FROM org_skill_config WHERE org = ? AND skill_name = ?", (org, skill_name))
                return
            self.db.execute(
                "INSERT INTO org_skill_config (org, skill_name, action, override_skill, updated_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (org, skill_name) DO UPDATE SET action = excluded.action, "
                "override_skill = excluded.override_skill, updated_at = excluded.updated_at",
                (org, skill_name, action, override_skill, now()),
            )

    # --- uploads waiting for confirmation (web publish form) -------------------------------------------

    def keep_upload(self, upload_id: str, username: str, org: str | None, sha256: str, fmt: str, data: bytes) -> None:
        """Hold an upload's bytes under ``upload_id``; only the user's newest few stay."""
        with self.db.transaction():
            # An abandoned preview must not pin storage forever.
            self.db.execute(
                "DELETE FROM pending_uploads WHERE username = ? AND id NOT IN (SELECT id FROM pending_uploads "
                "WHERE username = ? ORDER BY created_at DESC LIMIT 4)",
                (username, username),
            )
            self.db.execute(
                "INSERT INTO pending_uploads (id, username, org, sha256, format, created_at, data) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (upload_id, username, org, sha256, fmt, now(), data),
            )

    def take_upload(self, upload_id: str, username: str) -> HeldUpload | None:
        """The held upload, removed as it is read: of two confirmations racing, only one gets it."""
        with self.db.transaction():
            row = self.db.query_one(
                "DELETE FROM pending_uploads WHERE id = ? AND username = ? RETURNING *", (upload_id, username)
            )
        if row is None:
            return None
        if row["data"] is not None:
            row["data"] = bytes(row["data"])  # whichever buffer type the driver hands over
        return HeldUpload.model_validate(row)
