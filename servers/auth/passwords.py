"""Password hashing with scrypt, a memory-hard KDF from the standard library (no extra dependency).

:func:`check_password` is what a login calls: it spends the same scrypt work whether or not the user
exists, so the answer's timing does not tell which usernames are real.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os

# 2**15 × 8 × 128 bytes = 32 MiB of memory per hash: costly to brute-force, fine for a login form.
_N, _R, _P = 2**15, 8, 1
_MAXMEM = 64 * 1024 * 1024


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


# Stands in for the hash of a user that does not exist: the same parameters as a real hash, so checking a
# password against it costs the same. No password matches it, and check_password says False regardless.
_DUMMY_HASH = f"scrypt${_N}${_R}${_P}${_b64(bytes(16))}${_b64(bytes(32))}"


# Recovery codes carry 80 random bits: no dictionary guesses them, so the memory-hard work that protects a
# human's password buys nothing there, while ten codes at that cost would add seconds to every sign-up. The
# same scheme with a smaller work factor (4 MiB); the parameters travel in the hash, so checking needs nothing else.
_CODE_N = 2**12
_DUMMY_CODE_HASH = f"scrypt${_CODE_N}${_R}${_P}${_b64(bytes(16))}${_b64(bytes(32))}"


def hash_password(password: str, *, n: int = _N) -> str:
    salt = os.urandom(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=_R, p=_P, maxmem=_MAXMEM, dklen=32)
    return f"scrypt${n}${_R}${_P}${_b64(salt)}${_b64(digest)}"


def hash_code(code: str) -> str:
    """A recovery code's hash (see ``_CODE_N`` for its work factor)."""
    return hash_password(code, n=_CODE_N)


def check_code(code: str, encoded: str | None) -> bool:
    """As :func:`check_password`, for a recovery code: ``None`` costs the same as a real code's hash."""
    if encoded is None:
        verify_password(code, _DUMMY_CODE_HASH)
        return False
    return verify_password(code, encoded)


def verify_password(password: str, encoded: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = encoded.split("$")
        if scheme != "scrypt":
            return False
        expected = base64.b64decode(digest)
        actual = hashlib.scrypt(
            password.encode("utf-8"),
            salt=base64.b64decode(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            maxmem=_MAXMEM,
            dklen=len(expected),
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(actual, expected)


def check_password(password: str, encoded: str | None) -> bool:
    """Whether ``password`` matches ``encoded``; ``None`` (no such user, or disabled) is checked against a
    stand-in hash, so that it takes as long as a real user's wrong password, and is always False."""
    if encoded is None:
        verify_password(password, _DUMMY_HASH)
        return False
    return verify_password(password, encoded)
