"""RS256 signing keys: stored as JWK files with mode 0600, rotated by adding a key.

The newest key signs; every key not retired stays in the JWKS so tokens signed before a rotation
keep verifying until they expire. ``kid`` is the key's RFC 7638 thumbprint.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from joserfc.jwk import KeySet, RSAKey


class KeyStore:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)
        os.chmod(directory, 0o700)

    def _files(self) -> list[Path]:
        return sorted(self.directory.glob("*.json"))

    def _load(self, path: Path) -> tuple[RSAKey, dict[str, Any]]:
        data = json.loads(path.read_text())
        key = RSAKey.import_key(data["jwk"])
        return key, data

    def keys(self) -> list[tuple[RSAKey, dict[str, Any]]]:
        return [self._load(p) for p in self._files()]

    def generate(self) -> RSAKey:
        key = RSAKey.generate_key(2048, private=True)
        kid = key.thumbprint()
        jwk = key.as_dict(private=True)
        jwk.update({"kid": kid, "use": "sig", "alg": "RS256"})
        path = self.directory / f"{int(time.time() * 1000):013d}-{kid}.json"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            json.dump({"jwk": jwk, "created_at": time.time(), "retired": False}, handle)
        return RSAKey.import_key(jwk)

    def signing_key(self) -> RSAKey:
        """The newest active key (one is created on first use)."""
        active = [k for k, meta in self.keys() if not meta.get("retired")]
        return active[-1] if active else self.generate()

    def rotate(self) -> str:
        """Add a new signing key; older keys keep verifying. Returns the new kid."""
        return str(self.generate().kid)

    def retire(self, kid: str) -> bool:
        for path in self._files():
            key, meta = self._load(path)
            if key.kid == kid and not meta.get("retired"):
                meta["retired"] = True
                path.write_text(json.dumps(meta))
                return True
        return False

    def public_jwks(self) -> dict[str, Any]:
        self.signing_key()
        return {"keys": [k.as_dict(private=False) for k, meta in self.keys() if not meta.get("retired")]}

    def verification_keys(self) -> KeySet:
        return KeySet([k for k, meta in self.keys() if not meta.get("retired")])
