"""The ``recovery_codes`` table, where :mod:`servers.auth.recovery` keeps each user's codes (hashed).

A row is one code: its ``lookup`` (first group, in the clear), the scrypt hash of the whole code, and when it
was used. Only codes of active users count.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from servers.auth.storage.store import MAX_ACCESS_TTL_S, AuthStore


def replace(store: AuthStore, username: str, codes: Sequence[tuple[str, str]]) -> bool:
    """``codes`` ((lookup, hash) pairs) become the only codes of the active user ``username``: earlier ones,
    used or not, stop working. False when there is no such user."""
    now = time.time()
    with store.db.transaction():
        if not store.db.scalar("SELECT 1 FROM users WHERE username = ? AND disabled = 0", (username,)):
            return False
        store.db.execute("DELETE FROM recovery_codes WHERE username = ?", (username,))
        store.db.executemany(
            "INSERT INTO recovery_codes (username, lookup, code_hash, created_at) VALUES (?, ?, ?, ?)",
            [(username, lookup, code_hash, now) for lookup, code_hash in codes],
        )
    return True


def unused_hash(store: AuthStore, username: str, lookup: str) -> str | None:
    """The hash of the active user's unused code that starts with ``lookup``, if there is one."""
    value = store.db.scalar(
        "SELECT r.code_hash FROM recovery_codes r JOIN users u ON u.username = r.username"
        " WHERE r.username = ? AND r.lookup = ? AND r.used_at IS NULL AND u.disabled = 0",
        (username, lookup),
    )
    return None if value is None else str(value)


def left(store: AuthStore, username: str) -> int:
    """How many unused codes ``username`` has."""
    return int(
        store.db.scalar("SELECT COUNT(*) FROM recovery_codes WHERE username = ? AND used_at IS NULL", (username,)) or 0
    )


def redeem(
    store: AuthStore,
    username: str,
    lookup: str,
    code_hash: str,
    password_hash: str,
    access_ttl_s: float = MAX_ACCESS_TTL_S,
) -> bool:
    """Spend the code and set the new password, both or neither. The spend is a compare-and-set: of two
    instances given the same code at once, one wins and the other is told the code is no good."""
    with store.db.transaction():
        store.db.execute(
            "UPDATE recovery_codes SET used_at = ?"
            " WHERE username = ? AND lookup = ? AND code_hash = ? AND used_at IS NULL"
            " AND username IN (SELECT username FROM users WHERE disabled = 0)",
            (time.time(), username, lookup, code_hash),
        )
        if store.db.changes() != 1:
            return False
        return store.reset_password(username, password_hash, access_ttl_s)
