"""Persistence of the authorization server: users, clients, codes, refresh-token families, consents.

Secrets are never stored in the clear: authorization codes and refresh tokens are kept as SHA-256
hashes, passwords as scrypt hashes. A refresh token belongs to a family (one login); presenting a
token that was already rotated revokes the whole family (OAuth 2.1 §4.3.1 reuse detection).

Each user holds a set of scopes (``users.scopes``, a JSON list): a token is never issued for more. NULL
means every scope, including ones this server only learns of later (a remote server mounted under a new name):
users from before per-user grants, and the first user ``admin``, keep what they could always do.

One SQLite file (``$CAIRN_HOME/auth/auth.db``) by default; the ``auth`` schema of a PostgreSQL database when
``CAIRN_DATABASE_URL`` is set, so that every instance sees the same users, clients, codes, tokens and
revocations. The SQL is written once for both. Single-use checks (a code, a refresh token) are compare-and-set
updates, not read-then-write: two instances receiving the same code at once must not both accept it.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

from servers.auth.storage.rows import AuthorizeParams, CodeRecord, PendingRequest, RefreshRecord
from servers.core.storage import Migration
from servers.core.storage.component import ComponentStore, postgres_migrations

_SCHEMA = """
CREATE TABLE users (
    username TEXT PRIMARY KEY,
    password_hash TEXT NOT NULL,
    created_at REAL NOT NULL,
    disabled INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE clients (
    client_id TEXT PRIMARY KEY,
    info TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE TABLE pending_requests (
    request_id TEXT PRIMARY KEY,
    client_id TEXT NOT NULL,
    params TEXT NOT NULL,
    csrf TEXT NOT NULL,
    expires_at REAL NOT NULL
);
CREATE TABLE codes (
    code_hash TEXT PRIMARY KEY,
    client_id TEXT NOT NULL,
    username TEXT NOT NULL,
    scopes TEXT NOT NULL,
    code_challenge TEXT NOT NULL,
    redirect_uri TEXT NOT NULL,
    redirect_explicit INTEGER NOT NULL,
    resource TEXT,
    expires_at REAL NOT NULL,
    used_at REAL
);
CREATE TABLE refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    family_id TEXT NOT NULL,
    client_id TEXT NOT NULL,
    username TEXT NOT NULL,
    scopes TEXT NOT NULL,
    resource TEXT,
    expires_at REAL NOT NULL,
    rotated_at REAL,
    revoked_at REAL
);
CREATE INDEX refresh_family ON refresh_tokens (family_id);
CREATE TABLE revoked_access (
    jti TEXT PRIMARY KEY,
    family_id TEXT,
    expires_at REAL NOT NULL
);
CREATE TABLE consents (
    username TEXT NOT NULL,
    client_id TEXT NOT NULL,
    scope TEXT NOT NULL,
    granted_at REAL NOT NULL,
    PRIMARY KEY (username, client_id, scope)
);
CREATE TABLE login_failures (
    key TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX login_failures_key ON login_failures (key, at);
"""

# Signing keys and shared secrets live here only with PostgreSQL (every instance must sign with the same key);
# the SQLite default keeps them as 0600 files beside auth.db, so these tables stay empty there.
_SCHEMA_V2 = """
CREATE TABLE signing_keys (
    kid TEXT PRIMARY KEY,
    jwk TEXT NOT NULL,
    created_at REAL NOT NULL,
    retired INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE shared_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    created_at REAL NOT NULL
);
"""

# NULL: every scope (see the module docstring), so the users already there keep what they have.
_SCHEMA_V3 = "ALTER TABLE users ADD COLUMN scopes TEXT"

# Recovery codes (:mod:`servers.auth.recovery`): ``lookup`` is a code's first group, kept in the clear to find
# its row without trying every hash; the rest is only in ``code_hash``. ``signed_out_at``: sessions signed
# before it (a password reset) no longer sign anyone in.
_SCHEMA_V4 = """
CREATE TABLE recovery_codes (
    username TEXT NOT NULL,
    lookup TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    created_at REAL NOT NULL,
    used_at REAL,
    PRIMARY KEY (username, lookup)
);
ALTER TABLE users ADD COLUMN signed_out_at REAL;
"""

MIGRATIONS = [
    Migration(1, "users, clients, codes, refresh tokens, consents", _SCHEMA),
    Migration(2, "signing keys and shared secrets (PostgreSQL)", _SCHEMA_V2),
    Migration(3, "the scopes each user may hold", _SCHEMA_V3),
    Migration(4, "recovery codes, and sign-outs of every session", _SCHEMA_V4),
]
# PostgreSQL's REAL is 4 bytes: POSIX seconds would lose minutes. DOUBLE PRECISION is SQLite's REAL.
PG_MIGRATIONS = postgres_migrations(MIGRATIONS)
PG_SCHEMA = "auth"
# The longest an access token may live (AuthSettings.access_token_ttl_s): how long a revocation must be kept
# when the caller does not say.
MAX_ACCESS_TTL_S = 86_400


M = TypeVar("M", bound=BaseModel)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def new_secret(prefix: str) -> str:
    return f"{prefix}_{secrets.token_urlsafe(32)}"


@dataclass(frozen=True)
class UserRecord:
    """An active user and the scopes they may hold; ``scopes`` None means every scope there is or will be."""

    username: str
    scopes: frozenset[str] | None

    def allows(self, scope: str) -> bool:
        return self.scopes is None or scope in self.scopes


def _scopes_column(scopes: Iterable[str] | None) -> str | None:
    return None if scopes is None else json.dumps(sorted(set(scopes)))


def _user_record(row: Any) -> UserRecord:
    raw = row["scopes"]
    return UserRecord(row["username"], None if raw is None else frozenset(json.loads(raw)))


class AuthStore(ComponentStore):
    component = "auth"
    migrations = MIGRATIONS
    pg_migrations = PG_MIGRATIONS

    def lock(self, name: str) -> None:
        """Inside a transaction: serialise with every other instance doing the same ``name``.

        SQLite needs nothing (``BEGIN IMMEDIATE`` already lets one writer in); PostgreSQL's READ COMMITTED
        would let two instances both see "nothing there yet" and both create it.
        """
        self.serialise(name)

    # --- users ---------------------------------------------------------------------------------

    def add_user(
        self,
        username: str,
        password_hash: str,
        scopes: Iterable[str] | None = None,
        *,
        replace_scopes: bool = False,
    ) -> bool:
        """Create ``username`` holding ``scopes`` (None: every scope), or give an existing user a new password.

        An existing (or disabled) user keeps the scopes they have unless ``replace_scopes``. True when the
        user is new.
        """
        update = "password_hash = excluded.password_hash, disabled = 0"
        if replace_scopes:
            update += ", scopes = excluded.scopes"
        with self.db.transaction():
            existed = self.db.scalar("SELECT 1 FROM users WHERE username = ?", (username,))
            self.db.execute(
                "INSERT INTO users (username, password_hash, created_at, scopes) VALUES (?, ?, ?, ?)"
                f" ON CONFLICT(username) DO UPDATE SET {update}",
                (username, password_hash, time.time(), _scopes_column(scopes)),
            )
        return not existed

    def add_new_user(self, username: str, password_hash: str, scopes: Iterable[str] | None) -> bool:
        """Create ``username`` only if no account of that name exists, removed ones included (self-service
        sign-up must never give an existing person a new password); False when the name is taken."""
        with self.db.transaction():
            self.lock("users")
            if self.db.scalar("SELECT 1 FROM users WHERE username = ?", (username,)):
                return False
            self.add_user(username, password_hash, scopes)
        return True

    def add_first_user(self, username: str, password_hash: str) -> bool:
        """Create ``username`` (holding every scope) when there is no user at all; False when someone was there
        already.

        Instances starting together must not each create ``admin`` with their own password.
        """
        with self.db.transaction():
            self.lock("users")
            if self.db.scalar("SELECT 1 FROM users LIMIT 1"):
                return False
            self.add_user(username, password_hash)
        return True

    def password_hash(self, username: str) -> str | None:
        value = self.db.scalar("SELECT password_hash FROM users WHERE username = ? AND disabled = 0", (username,))
        return str(value) if value is not None else None

    def users(self) -> list[str]:
        return [r["username"] for r in self.db.query("SELECT username FROM users WHERE disabled = 0 ORDER BY username")]

    def user(self, username: str) -> UserRecord | None:
        """The active user ``username`` and their scopes; None when there is none (or they were removed)."""
        row = self.db.query_one("SELECT username, scopes FROM users WHERE username = ? AND disabled = 0", (username,))
        return None if row is None else _user_record(row)

    def removed(self, username: str) -> bool:
        """Whether ``username`` was a user and was removed (a name never seen here is not)."""
        return bool(self.db.scalar("SELECT 1 FROM users WHERE username = ? AND disabled = 1", (username,)))

    def user_records(self) -> list[UserRecord]:
        rows = self.db.query("SELECT username, scopes FROM users WHERE disabled = 0 ORDER BY username")
        return [_user_record(row) for row in rows]

    def set_scopes(self, username: str, scopes: Iterable[str] | None) -> bool:
        """Let the active user ``username`` hold ``scopes`` from now on (None: every scope); False when there is
        no such user. Tokens already issued keep their scopes until they expire; refreshes and scheduled jobs
        are narrowed to the new set."""
        with self.db.transaction():
            self.db.execute(
                "UPDATE users SET scopes = ? WHERE username = ? AND disabled = 0", (_scopes_column(scopes), username)
            )
            return self.db.changes() == 1

    def remove_user(self, username: str, access_ttl_s: float = MAX_ACCESS_TTL_S) -> bool:
        """Disable ``username`` and end every login of theirs at once (:meth:`end_logins`); their recovery codes
        go too. ``access_ttl_s`` is how long access tokens may live. A user added again later starts with none
        of the old logins or codes."""
        with self.db.transaction():
            exists = self.db.scalar("SELECT 1 FROM users WHERE username = ?", (username,))
            self.db.execute("UPDATE users SET disabled = 1 WHERE username = ?", (username,))
            self.db.execute("DELETE FROM recovery_codes WHERE username = ?", (username,))
            self.end_logins(username, access_ttl_s)
        return bool(exists)

    def end_logins(self, username: str, access_ttl_s: float = MAX_ACCESS_TTL_S) -> None:
        """End every login of ``username``: refresh tokens are revoked, and each of their login families is put
        on the revocation list that verifiers check on every request (as a replayed refresh token does), so
        access tokens already issued stop working too; sessions signed until now stop signing them in."""
        now = time.time()
        with self.db.transaction():
            families = [
                row["family_id"]
                for row in self.db.query(
                    "SELECT DISTINCT family_id FROM refresh_tokens WHERE username = ?", (username,)
                )
            ]
            self.db.execute(
                "UPDATE refresh_tokens SET revoked_at = ? WHERE username = ? AND revoked_at IS NULL", (now, username)
            )
            for family_id in families:
                self.db.execute(
                    "INSERT INTO revoked_access (jti, family_id, expires_at) VALUES (?, ?, ?)" + _REPLACE_REVOKED,
                    (f"family:{family_id}", family_id, now + access_ttl_s),
                )
            self.db.execute("UPDATE users SET signed_out_at = ? WHERE username = ?", (now, username))

    def reset_password(self, username: str, password_hash: str, access_ttl_s: float = MAX_ACCESS_TTL_S) -> bool:
        """Give the active user ``username`` a new password and end every login of theirs (whoever knew the
        old one is signed out); False when there is no such user."""
        with self.db.transaction():
            self.db.execute(
                "UPDATE users SET password_hash = ? WHERE username = ? AND disabled = 0", (password_hash, username)
            )
            if self.db.changes() != 1:
                return False
            self.end_logins(username, access_ttl_s)
        return True

    def signed_out_at(self, username: str) -> float | None:
        """When every session of ``username`` was last ended (a password reset); None when never."""
        value = self.db.scalar("SELECT signed_out_at FROM users WHERE username = ?", (username,))
        return None if value is None else float(value)

    # --- login rate limit ------------------------------------------------------------------------

    def failure_counts(self, keys: Sequence[str], window_s: float) -> dict[str, int]:
        """Failed logins within the last ``window_s`` seconds, for each of ``keys`` (one query for all)."""
        counts = dict.fromkeys(keys, 0)
        if keys:
            marks = ",".join("?" * len(keys))
            for row in self.db.query(
                f"SELECT key, COUNT(*) AS n FROM login_failures WHERE key IN ({marks}) AND at > ? GROUP BY key",
                (*keys, time.time() - window_s),
            ):
                counts[row["key"]] = int(row["n"])
        return counts

    def record_failures(self, keys: Sequence[str]) -> None:
        """One failed login, counted under every key (user and address, user, address)."""
        now = time.time()
        with self.db.transaction():
            for key in keys:
                self.db.execute("INSERT INTO login_failures (key, at) VALUES (?, ?)", (key, now))
            self.db.execute("DELETE FROM login_failures WHERE at < ?", (now - 86_400,))

    # --- clients ---------------------------------------------------------------------------------

    def save_client(self, client_id: str, info: BaseModel) -> None:
        """Keep a registered client's metadata (fields left unset are not stored)."""
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO clients (client_id, info, created_at) VALUES (?, ?, ?)"
                " ON CONFLICT (client_id) DO UPDATE SET info = excluded.info, created_at = excluded.created_at",
                (client_id, info.model_dump_json(exclude_none=True), time.time()),
            )

    def client(self, client_id: str, model: type[M]) -> M | None:
        """A client's metadata read as ``model`` (the caller's client type: this module stays clear of the
        MCP package, which the command line would otherwise load for every ``cairn auth`` command)."""
        value = self.db.scalar("SELECT info FROM clients WHERE client_id = ?", (client_id,))
        return model.model_validate_json(value) if value else None

    # --- pending authorization requests (between /authorize and the consent page) -------------------

    def save_request(self, client_id: str, params: AuthorizeParams, ttl_s: float) -> tuple[str, str]:
        request_id, csrf = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        with self.db.transaction():
            self.db.execute("DELETE FROM pending_requests WHERE expires_at < ?", (time.time(),))
            self.db.execute(
                "INSERT INTO pending_requests (request_id, client_id, params, csrf, expires_at) VALUES (?, ?, ?, ?, ?)",
                (request_id, client_id, params.model_dump_json(), csrf, time.time() + ttl_s),
            )
        return request_id, csrf

    def request(self, request_id: str) -> PendingRequest | None:
        row = self.db.query_one(
            "SELECT client_id, params, csrf FROM pending_requests WHERE request_id = ? AND expires_at > ?",
            (request_id, time.time()),
        )
        return None if row is None else PendingRequest.model_validate(row)

    def drop_request(self, request_id: str) -> None:
        with self.db.transaction():
            self.db.execute("DELETE FROM pending_requests WHERE request_id = ?", (request_id,))

    # --- consents ---------------------------------------------------------------------------------

    def consented(self, username: str, client_id: str, scopes: list[str]) -> bool:
        if not scopes:
            return bool(
                self.db.scalar("SELECT 1 FROM consents WHERE username = ? AND client_id = ?", (username, client_id))
            )
        marks = ",".join("?" * len(scopes))
        count = self.db.scalar(
            f"SELECT COUNT(*) FROM consents WHERE username = ? AND client_id = ? AND scope IN ({marks})",
            (username, client_id, *scopes),
        )
        return int(count) == len(set(scopes))

    def grant_consent(self, username: str, client_id: str, scopes: list[str]) -> None:
        with self.db.transaction():
            for scope in scopes or [""]:
                self.db.execute(
                    "INSERT INTO consents (username, client_id, scope, granted_at) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (username, client_id, scope) DO UPDATE SET granted_at = excluded.granted_at",
                    (username, client_id, scope, time.time()),
                )

    # --- authorization codes -------------------------------------------------------------------------

    def save_code(self, code: str, record: CodeRecord) -> None:
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO codes (code_hash, client_id, username, scopes, code_challenge, redirect_uri,"
                " redirect_explicit, resource, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    digest(code),
                    record.client_id,
                    record.username,
                    json.dumps(record.scopes),
                    record.code_challenge,
                    record.redirect_uri,
                    int(record.redirect_explicit),
                    record.resource,
                    record.expires_at,
                ),
            )

    def code(self, code: str) -> CodeRecord | None:
        row = self.db.query_one("SELECT * FROM codes WHERE code_hash = ?", (digest(code),))
        if row is None:
            return None
        return CodeRecord.model_validate(row)

    def use_code(self, code: str) -> bool:
        """Mark a code used; False when it was used already (a replay)."""
        with self.db.transaction():
            self.db.execute(
                "UPDATE codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL", (time.time(), digest(code))
            )
            return self.db.changes() == 1

    # --- refresh tokens ---------------------------------------------------------------------------------

    def save_refresh(self, token: str, record: RefreshRecord) -> None:
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO refresh_tokens (token_hash, family_id, client_id, username, scopes, resource, expires_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    digest(token),
                    record.family_id,
                    record.client_id,
                    record.username,
                    json.dumps(record.scopes),
                    record.resource,
                    record.expires_at,
                ),
            )

    def refresh(self, token: str) -> RefreshRecord | None:
        row = self.db.query_one("SELECT * FROM refresh_tokens WHERE token_hash = ?", (digest(token),))
        if row is None:
            return None
        return RefreshRecord.model_validate(row)

    def rotate_refresh(self, token_hash: str) -> bool:
        """Mark a refresh token spent; False if it was spent already (reuse: the caller revokes the family)."""
        with self.db.transaction():
            self.db.execute(
                "UPDATE refresh_tokens SET rotated_at = ? WHERE token_hash = ? AND rotated_at IS NULL",
                (time.time(), token_hash),
            )
            return self.db.changes() == 1

    def revoke_family(self, family_id: str, access_ttl_s: float) -> None:
        now = time.time()
        with self.db.transaction():
            self.db.execute(
                "UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL", (now, family_id)
            )
            # Access tokens of the family stop working too: verifiers in this process check this list.
            self.db.execute(
                "INSERT INTO revoked_access (jti, family_id, expires_at) VALUES (?, ?, ?)" + _REPLACE_REVOKED,
                (f"family:{family_id}", family_id, now + access_ttl_s),
            )

    def revoke_access(self, jti: str, expires_at: float) -> None:
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO revoked_access (jti, family_id, expires_at) VALUES (?, NULL, ?)" + _REPLACE_REVOKED,
                (jti, expires_at),
            )

    def is_revoked(self, jti: str, family_id: str | None) -> bool:
        # Two plain keys rather than "? IS NOT NULL": PostgreSQL cannot type a parameter that is only tested for NULL.
        family_key = f"family:{family_id}" if family_id else jti
        return bool(self.db.scalar("SELECT 1 FROM revoked_access WHERE jti IN (?, ?)", (jti, family_key)))

    def token_refused(self, jti: str, family_id: str | None, subject: str) -> bool:
        """Whether an access token, valid by its signature, must be refused now: it or its login was revoked, or
        its user was removed. One indexed query, asked on every request: removing a user takes effect at
        their next request even for a login :meth:`remove_user` could not see (one finishing at that moment)."""
        family_key = f"family:{family_id}" if family_id else jti
        return bool(
            self.db.scalar(
                "SELECT 1 FROM revoked_access WHERE jti IN (?, ?)"
                " UNION ALL SELECT 1 FROM users WHERE username = ? AND disabled = 1 LIMIT 1",
                (jti, family_key, subject),
            )
        )


# Revoking twice keeps one row, with the later facts (the SQL both engines accept for "insert or replace").
_REPLACE_REVOKED = " ON CONFLICT (jti) DO UPDATE SET family_id = excluded.family_id, expires_at = excluded.expires_at"
