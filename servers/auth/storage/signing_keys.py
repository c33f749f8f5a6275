"""The ``signing_keys`` table, where :class:`servers.auth.keys.DbKeyStore` keeps the keys on a shared database.

A row holds a key's JWK (private part included: the table is as sensitive as the password hashes), when it
was made, and whether it was retired.
"""

from __future__ import annotations

from servers.auth.storage.rows import SigningKey
from servers.auth.storage.store import AuthStore


def all_keys(store: AuthStore) -> list[SigningKey]:
    """Every key, oldest first."""
    rows = store.db.query("SELECT kid, jwk, created_at, retired FROM signing_keys ORDER BY created_at, kid")
    return [SigningKey.model_validate(r) for r in rows]


def add_key(store: AuthStore, kid: str, jwk: str, created_at: float) -> None:
    store.db.execute("INSERT INTO signing_keys (kid, jwk, created_at) VALUES (?, ?, ?)", (kid, jwk, created_at))


def newest_active(store: AuthStore) -> SigningKey | None:
    """The newest key not retired, or None."""
    row = store.db.query_one(
        "SELECT kid, jwk, created_at, retired FROM signing_keys WHERE retired = 0"
        " ORDER BY created_at DESC, kid DESC LIMIT 1"
    )
    return None if row is None else SigningKey.model_validate(row)


def retire(store: AuthStore, kid: str) -> bool:
    """Retire a key; False when there was no such key still active."""
    store.db.execute("UPDATE signing_keys SET retired = 1 WHERE kid = ? AND retired = 0", (kid,))
    return store.db.changes() == 1
