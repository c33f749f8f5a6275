"""Recovery codes: how someone who forgot their password gets back in without e-mail or the operator.

Ten codes are shown once (at sign-up, or made anew from the registry's account page or `cairn auth
recovery-codes NAME`); each resets the password once. A code is 16 characters of Crockford's base32 (80 random
bits) in four groups, ``k7m2-9fqx-3hdp-wc4t``; what is typed is read leniently (any case, spaces or dashes,
``o`` for ``0``, ``i``/``l`` for ``1``). Only a scrypt hash of each code is kept, beside its first group, which
finds the one row to check: a wrong guess costs one hash, whatever the user has.

| call                                   | does                                                        |
|----------------------------------------|-------------------------------------------------------------|
| ``issue(store, "ada")``                | ten new codes (the old ones stop working); [] for no user    |
| ``left(store, "ada")``                 | how many are unused                                          |
| ``redeem(store, "ada", code, hash)``   | spends the code and sets the password; False if no good      |
"""

from __future__ import annotations

import secrets

from servers.auth.passwords import check_code, hash_code
from servers.auth.storage import recovery as rows
from servers.auth.storage.store import MAX_ACCESS_TTL_S, AuthStore

CODES = 10
ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"  # Crockford's base32: no i, l, o, u to misread
_GROUP, _GROUPS = 4, 4
_TYPOS = str.maketrans({"o": "0", "i": "1", "l": "1"})


def normalise(typed: str) -> str | None:
    """The code as stored, from what a person typed; None when it cannot be one."""
    plain = "".join(typed.lower().split()).replace("-", "").translate(_TYPOS)
    if len(plain) != _GROUP * _GROUPS or any(c not in ALPHABET for c in plain):
        return None
    return plain


def _shown(code: str) -> str:
    return "-".join(code[i : i + _GROUP] for i in range(0, len(code), _GROUP))


def issue(store: AuthStore, username: str, count: int = CODES) -> list[str]:
    """``count`` new codes for the active user ``username``, to show once; [] when there is no such user."""
    codes: dict[str, str] = {}
    while len(codes) < count:
        code = "".join(secrets.choice(ALPHABET) for _ in range(_GROUP * _GROUPS))
        codes.setdefault(code[:_GROUP], code)  # one code per first group: that group finds its row
    stored = [(lookup, hash_code(code)) for lookup, code in codes.items()]
    return [_shown(code) for code in codes.values()] if rows.replace(store, username, stored) else []


def left(store: AuthStore, username: str) -> int:
    return rows.left(store, username)


def redeem(
    store: AuthStore, username: str, typed: str, password_hash: str, access_ttl_s: float = MAX_ACCESS_TTL_S
) -> bool:
    """Whether ``typed`` was an unused code of the active user ``username``; if so it is spent, the password is
    now ``password_hash`` and every earlier login of theirs has ended. Costs one scrypt check either way, so the
    answer's timing does not tell whether the user exists or has codes."""
    code = normalise(typed) or ""
    stored = rows.unused_hash(store, username, code[:_GROUP]) if code else None
    if not check_code(code, stored) or stored is None:
        return False
    return rows.redeem(store, username, code[:_GROUP], stored, password_hash, access_ttl_s)
