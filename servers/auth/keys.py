"""RS256 signing keys, rotated by adding a key.

The newest key signs; every key not retired stays in the JWKS so tokens signed before a rotation
keep verifying until they expire. ``kid`` is the key's RFC 7638 thumbprint.

Two homes for the keys, one behaviour:

- :class:`FileKeyStore` (the SQLite default): one JWK file per key, mode 0600, under ``$CAIRN_HOME/auth/keys``.
- :class:`DbKeyStore` (with ``CAIRN_DATABASE_URL``): the ``signing_keys`` table, so that every instance signs
  with the same key and verifies what the others signed, and a rotation on one is seen by all. Access to
  that table is access to the keys: it is as sensitive as the password hashes beside it.
"""

from __future__ import annotations

import json
import os
import threading
import time
from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Any

from joserfc.jwk import KeySet, RSAKey

from servers.auth.storage import signing_keys

if TYPE_CHECKING:
    from servers.auth.storage.store import AuthStore


def _new_jwk() -> dict[str, Any]:
    key = RSAKey.generate_key(2048, private=True)
    jwk = key.as_dict(private=True)
    jwk.update({"kid": key.thumbprint(), "use": "sig", "alg": "RS256"})
    return jwk


class KeyStore(ABC):
    """Signing and verification keys; subclasses say where they are kept.

    Every token check lists the keys afresh (another process may have rotated or retired one), but parsed keys
    are cached by kid: importing an RSA private key validates it, ~60 ms, which would otherwise be paid on
    every request.
    """

    def __init__(self) -> None:
        self._parsed: dict[str, RSAKey] = {}
        self._lock = threading.Lock()

    def _import(self, kid: str, jwk: dict[str, Any] | str) -> RSAKey:
        with self._lock:
            key = self._parsed.get(kid)
            if key is None:
                key = self._parsed[kid] = RSAKey.import_key(json.loads(jwk) if isinstance(jwk, str) else jwk)
            return key

    @abstractmethod
    def keys(self) -> list[tuple[RSAKey, dict[str, Any]]]:
        """Every key, oldest first, with its metadata (``retired``, ``created_at``)."""

    @abstractmethod
    def generate(self) -> RSAKey:
        """Store a new key and return it; it becomes the signing key."""

    @abstractmethod
    def retire(self, kid: str) -> bool:
        """Stop signing and verifying with ``kid``; False when there is no such active key."""

    def _active(self) -> list[RSAKey]:
        return [k for k, meta in self.keys() if not meta.get("retired")]

    def signing_key(self) -> RSAKey:
        """The newest active key (one is created on first use)."""
        active = self._active()
        return active[-1] if active else self.generate()

    def rotate(self) -> str:
        """Add a new signing key; older keys keep verifying. Returns the new kid."""
        return str(self.generate().kid)

    def public_jwks(self) -> dict[str, Any]:
        self.signing_key()
        return {"keys": [k.as_dict(private=False) for k in self._active()]}

    def verification_keys(self) -> KeySet:
        return KeySet([k for k in self._active()])


class FileKeyStore(KeyStore):
    def __init__(self, directory: Path) -> None:
        super().__init__()
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)
        os.chmod(directory, 0o700)

    def _files(self) -> list[Path]:
        return sorted(self.directory.glob("*.json"))

    def _load(self, path: Path) -> tuple[RSAKey, dict[str, Any]]:
        data = json.loads(path.read_text())
        return self._import(str(data["jwk"]["kid"]), data["jwk"]), data

    def keys(self) -> list[tuple[RSAKey, dict[str, Any]]]:
        return [self._load(p) for p in self._files()]

    def generate(self) -> RSAKey:
        jwk = _new_jwk()
        path = self.directory / f"{int(time.time() * 1000):013d}-{jwk['kid']}.json"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            json.dump({"jwk": jwk, "created_at": time.time(), "retired": False}, handle)
        return self._import(jwk["kid"], jwk)

    def retire(self, kid: str) -> bool:
        for path in self._files():
            key, meta = self._load(path)
            if key.kid == kid and not meta.get("retired"):
                meta["retired"] = True
                path.write_text(json.dumps(meta))
                return True
        return False


class DbKeyStore(KeyStore):
    """Keys in the auth store's ``signing_keys`` table; every call reads the (small) table, so a key another
    instance added or retired counts at once."""

    def __init__(self, store: AuthStore) -> None:
        super().__init__()
        self.store = store

    def keys(self) -> list[tuple[RSAKey, dict[str, Any]]]:
        rows = signing_keys.all_keys(self.store)
        return [(self._import(r.kid, r.jwk), {"created_at": r.created_at, "retired": r.retired}) for r in rows]

    def _insert(self) -> RSAKey:
        jwk = _new_jwk()
        signing_keys.add_key(self.store, jwk["kid"], json.dumps(jwk), time.time())
        return self._import(jwk["kid"], jwk)

    def generate(self) -> RSAKey:
        with self.store.db.transaction():
            self.store.lock("signing-keys")
            return self._insert()

    def signing_key(self) -> RSAKey:
        active = self._active()
        if active:
            return active[-1]
        # Instances starting together must agree on one first key, not each make its own.
        with self.store.db.transaction():
            self.store.lock("signing-keys")
            row = signing_keys.newest_active(self.store)
            return self._import(row.kid, row.jwk) if row else self._insert()

    def retire(self, kid: str) -> bool:
        with self.store.db.transaction():
            return signing_keys.retire(self.store, kid)
