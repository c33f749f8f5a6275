"""Who is looking: a signed session cookie, a CSRF token bound to it, and one-time sign-in tickets.

| value    | made by                                   | proves                                          |
|----------|-------------------------------------------|-------------------------------------------------|
| session  | sign-in (OAuth code + PKCE) or a ticket   | the user, and the scopes they were granted      |
| csrf     | HMAC of the session id                    | a form came from a page this session was shown  |
| ticket   | ``cairn dashboard`` (reads the key file)  | whoever can read ``$CAIRN_HOME`` asked for it    |

A ticket is the loopback path: the key sits in a 0600 file under ``$CAIRN_HOME``, so only the operating
system user who owns the data can make one, and that user can read every memory on disk anyway.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from servers.core.secretfiles import secret_file

SESSION_COOKIE = "cairn_dashboard"
FLOW_COOKIE = "cairn_dashboard_flow"
SESSION_TTL_S = 12 * 3600
TICKET_TTL_S = 120
KEY_FILE = "session.key"


def key_file(data_dir: Path) -> bytes:
    """The signing key beside the dashboard's data (``$CAIRN_HOME/dashboard/session.key``, 0600)."""
    return secret_file(data_dir / KEY_FILE)


@dataclass(frozen=True)
class Session:
    user: str
    sid: str
    scopes: frozenset[str]

    def may(self, scope: str) -> bool:
        return scope in self.scopes


class Signer:
    """HMAC-signed JSON with an expiry and a kind, so a ticket never passes for a session or back."""

    def __init__(self, key: bytes) -> None:
        self._key = key

    def _mac(self, payload: str) -> str:
        return hmac.new(self._key, payload.encode(), hashlib.sha256).hexdigest()

    def sign(self, kind: str, value: dict[str, Any], ttl_s: int) -> str:
        body = {**value, "kind": kind, "exp": int(time.time()) + ttl_s}
        payload = base64.urlsafe_b64encode(json.dumps(body, separators=(",", ":")).encode()).decode()
        return f"{payload}.{self._mac(payload)}"

    def verify(self, kind: str, signed: str | None) -> dict[str, Any] | None:
        if not signed or "." not in signed:
            return None
        payload, mac = signed.rsplit(".", 1)
        if not hmac.compare_digest(mac, self._mac(payload)):
            return None
        try:
            value = json.loads(base64.urlsafe_b64decode(payload.encode()))
        except (ValueError, UnicodeDecodeError):
            return None
        if not isinstance(value, dict) or value.get("kind") != kind or int(value.get("exp", 0)) < time.time():
            return None
        return value

    def csrf(self, sid: str) -> str:
        return self._mac(f"csrf|{sid}")


class Sessions:
    """Sessions, CSRF tokens and tickets under one key; tickets are spent once per process."""

    def __init__(self, key: bytes, *, secure: bool = False) -> None:
        self.signer = Signer(key)
        self.secure = secure
        self._spent: dict[str, float] = {}
        self._lock = threading.Lock()

    def new_session(self, user: str, scopes: frozenset[str] | set[str]) -> str:
        return self.signer.sign(
            "session", {"user": user, "sid": secrets.token_hex(8), "scopes": sorted(scopes)}, SESSION_TTL_S
        )

    def read(self, cookie: str | None) -> Session | None:
        value = self.signer.verify("session", cookie)
        if value is None:
            return None
        return Session(str(value["user"]), str(value["sid"]), frozenset(str(s) for s in value.get("scopes", [])))

    def csrf(self, session: Session) -> str:
        return self.signer.csrf(session.sid)

    def csrf_ok(self, session: Session, sent: str) -> bool:
        return hmac.compare_digest(sent.encode(), self.csrf(session).encode())

    def ticket(self, user: str | None = None) -> str:
        """A one-time sign-in link's ticket for ``user`` (None: whoever the server takes for the local user)."""
        return self.signer.sign("ticket", {"user": user, "nonce": secrets.token_hex(12)}, TICKET_TTL_S)

    def spend_ticket(self, ticket: str | None) -> tuple[bool, str | None]:
        """(True, the user it names or None) for a valid, unspent ticket; (False, None) for anything else, a
        replayed link included."""
        value = self.signer.verify("ticket", ticket)
        if value is None:
            return False, None
        now = time.time()
        with self._lock:
            self._spent = {n: exp for n, exp in self._spent.items() if exp >= now}
            nonce = str(value["nonce"])
            if nonce in self._spent:
                return False, None
            self._spent[nonce] = float(value["exp"])
        return True, (str(value["user"]) if value.get("user") else None)
