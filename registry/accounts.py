"""People and organisations: API tokens (hashed at rest), org membership, ratings, org skill settings.

Organisations follow 004 §8.4: the built-in skills are the system scope, an organisation (a tenant)
can disable or override any of them for its members, and publishes its own skills.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from registry.store import RegistryStore, now

TOKEN_PREFIX = "crk_"  # recognisable in logs and secret scanners
SYSTEM_ORG = "cairn"


class AccountError(ValueError):
    """A request about accounts that cannot be honoured; the message says why."""


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Accounts:
    def __init__(self, store: RegistryStore) -> None:
        self.db = store.db

    # --- personal API tokens ---------------------------------------------------------------------

    def create_token(self, username: str, label: str) -> tuple[str, dict[str, Any]]:
        """A new token; the secret is returned once and only its hash is kept."""
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        token_id = secrets.token_hex(6)
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO api_tokens (id, username, label, token_hash, created_at) VALUES (?, ?, ?, ?, ?)",
                (token_id, username, label[:80] or "token", token_digest(token), now()),
            )
        info = self.db.query_one("SELECT id, label, created_at, last_used_at FROM api_tokens WHERE id = ?", (token_id,))
        assert info is not None
        return token, info

    def tokens(self, username: str) -> list[dict[str, Any]]:
        return self.db.query(
            "SELECT id, label, created_at, last_used_at FROM api_tokens WHERE username = ? AND revoked_at IS NULL "
            "ORDER BY created_at DESC",
            (username,),
        )

    def revoke_token(self, username: str, token_id: str) -> bool:
        with self.db.transaction():
            found = self.db.scalar(
                "SELECT 1 FROM api_tokens WHERE id = ? AND username = ? AND revoked_at IS NULL", (token_id, username)
            )
            if found:
                self.db.execute("UPDATE api_tokens SET revoked_at = ? WHERE id = ?", (now(), token_id))
        return bool(found)

    def user_for_token(self, token: str) -> str | None:
        if not token.startswith(TOKEN_PREFIX):
            return None
        digest = token_digest(token)
        row = self.db.query_one(
            "SELECT id, username, token_hash FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL", (digest,)
        )
        if row is None or not hmac.compare_digest(row["token_hash"], digest):
            return None
        with self.db.transaction():
            self.db.execute("UPDATE api_tokens SET last_used_at = ? WHERE id = ?", (now(), row["id"]))
        return str(row["username"])

    # --- organisations ---------------------------------------------------------------------------------

    def org_exists(self, org: str) -> bool:
        return bool(self.db.scalar("SELECT 1 FROM orgs WHERE name = ?", (org,)))

    def is_user(self, name: str) -> bool:
        """A name that has published or holds a token belongs to a person, not an organisation."""
        return bool(
            self.db.scalar("SELECT 1 FROM skills WHERE owner = ? AND owner_kind = 'user' LIMIT 1", (name,))
            or self.db.scalar("SELECT 1 FROM api_tokens WHERE username = ? LIMIT 1", (name,))
        )

    def ensure_org(self, org: str, username: str) -> None:
        """Join-or-create: the first person to publish under an org name founds it and administers it.

        Insert-if-absent rather than check-then-insert: when two instances found one org at once, one
        insert wins and the other publisher is checked for membership like anyone else."""
        with self.db.transaction():
            if org != SYSTEM_ORG or username == SYSTEM_ORG:
                self.db.execute(
                    "INSERT INTO orgs (name, created_by, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
                    (org, username, now()),
                )
                if self.db.changes():
                    self.db.execute(
                        "INSERT INTO org_members (org, username, role) VALUES (?, ?, 'admin')", (org, username)
                    )
                    return
            if not self.org_exists(org):
                raise AccountError(f"the organisation {org!r} is reserved for the built-in skills")
            if not self.role(org, username):
                raise AccountError(f"you are not a member of the organisation {org!r}; ask one of its admins")

    def role(self, org: str, username: str) -> str | None:
        value = self.db.scalar("SELECT role FROM org_members WHERE org = ? AND username = ?", (org, username))
        return None if value is None else str(value)

    def orgs_of(self, username: str) -> list[str]:
        rows = self.db.query("SELECT org FROM org_members WHERE username = ? ORDER BY org", (username,))
        return [str(r["org"]) for r in rows]

    def members(self, org: str) -> list[dict[str, Any]]:
        return self.db.query("SELECT username, role FROM org_members WHERE org = ? ORDER BY username", (org,))

    def add_member(self, org: str, admin: str, username: str, role: str) -> None:
        if self.role(org, admin) != "admin":
            raise AccountError(f"only an admin of {org!r} can add members")
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

    def rating(self, name: str, username: str) -> dict[str, Any] | None:
        return self.db.query_one(
            "SELECT stars, comment, created_at FROM ratings WHERE name = ? AND username = ?", (name, username)
        )

    def ratings(self, name: str, limit: int = 50) -> list[dict[str, Any]]:
        return self.db.query(
            "SELECT username, stars, comment, created_at FROM ratings WHERE name = ? ORDER BY created_at DESC LIMIT ?",
            (name, limit),
        )

    # --- org skill configuration (004 §14.4.2) ------------------------------------------------------

    def configs(self, org: str) -> dict[str, dict[str, Any]]:
        rows = self.db.query(
            "SELECT skill_name, action, override_skill, updated_at FROM org_skill_config WHERE org = ? "
            "ORDER BY skill_name",
            (org,),
        )
        return {str(r["skill_name"]): r for r in rows}

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

    def hold_upload(self, username: str, org: str | None, sha256: str, fmt: str, data: bytes) -> str:
        """Keep a previewed upload (its bytes too, in the database: the confirmation may reach another
        instance) until the publisher confirms it; returns its id."""
        upload_id = secrets.token_urlsafe(16)
        with self.db.transaction():
            # Only the newest few stay: an abandoned preview must not pin storage forever.
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
        return upload_id

    def take_upload(self, upload_id: str, username: str) -> dict[str, Any] | None:
        """The held upload, removed as it is read: of two confirmations racing, only one gets it."""
        with self.db.transaction():
            row = self.db.query_one(
                "DELETE FROM pending_uploads WHERE id = ? AND username = ? RETURNING *", (upload_id, username)
            )
        if row is not None and row["data"] is not None:
            row["data"] = bytes(row["data"])
        return row
