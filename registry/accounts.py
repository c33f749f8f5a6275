"""People and organisations: API tokens (hashed at rest), org membership, ratings, org skill settings.

Organisations mirror the skill scopes: the built-in skills are the system scope, an organisation (a tenant)
can disable or override any of them for its members, and publishes its own skills. The statements are
:class:`registry.storage.accounts.AccountRows`; this class adds the rules (who may do what, tokens).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from registry.storage.accounts import AccountRows
from registry.storage.rows import TokenInfo

TOKEN_PREFIX = "crk_"  # recognisable in logs and secret scanners
SYSTEM_ORG = "cairn"


class AccountError(ValueError):
    """A request about accounts that cannot be honoured; the message says why."""


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Accounts(AccountRows):
    # --- personal API tokens ---------------------------------------------------------------------

    def create_token(self, username: str, label: str) -> tuple[str, TokenInfo]:
        """A new token; the secret is returned once and only its hash is kept."""
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        info = self.insert_token(secrets.token_hex(6), username, label[:80] or "token", token_digest(token))
        return token, info

    def user_for_token(self, token: str) -> str | None:
        if not token.startswith(TOKEN_PREFIX):
            return None
        digest = token_digest(token)
        row = self.live_token(digest)
        if row is None or not hmac.compare_digest(row.token_hash, digest):
            return None
        self.token_used(row.id)
        return row.username

    # --- organisations ---------------------------------------------------------------------------------

    def ensure_org(self, org: str, username: str) -> None:
        """Join-or-create: the first person to publish under an org name founds it and administers it.

        Insert-if-absent rather than check-then-insert: when two instances found one org at once, one
        insert wins and the other publisher is checked for membership like anyone else."""
        with self.db.transaction():
            if (org != SYSTEM_ORG or username == SYSTEM_ORG) and self.found_org(org, username):
                return
            if not self.org_exists(org):
                raise AccountError(f"the organisation {org!r} is reserved for the built-in skills")
            if not self.role(org, username):
                raise AccountError(f"you are not a member of the organisation {org!r}; ask one of its admins")

    def add_member(self, org: str, admin: str, username: str, role: str) -> None:
        if self.role(org, admin) != "admin":
            raise AccountError(f"only an admin of {org!r} can add members")
        self.set_member(org, username, role)

    # --- uploads waiting for confirmation (web publish form) -------------------------------------------

    def hold_upload(self, username: str, org: str | None, sha256: str, fmt: str, data: bytes) -> str:
        """Keep a previewed upload (its bytes too, in the database: the confirmation may reach another
        instance) until the publisher confirms it; returns its id."""
        upload_id = secrets.token_urlsafe(16)
        self.keep_upload(upload_id, username, org, sha256, fmt, data)
        return upload_id
