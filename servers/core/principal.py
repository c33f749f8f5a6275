"""Who a call acts for, and with which scopes — the same answer over HTTP and inside the suite.

A request over an OAuth-protected endpoint acts for its token's subject with the token's scopes. A call that
one Cairn server makes into another in the same process (a scheduled job calling a tool, a prompt job
recalling memory) has no HTTP request of its own: it runs inside :func:`acting_as`, which names the principal
it acts for, and every check below reads that principal first. So a job runs as its owner with the scopes
stored when it was created, and an in-process call meets the same scope and user checks as a remote one.

| situation                                   | ``current_principal()``                       |
|---------------------------------------------|-----------------------------------------------|
| stdio, ``--auth none``, tests of the domain | ``None``: the host is trusted to name the user |
| HTTP with a token                           | the token's subject and scopes                |
| inside ``acting_as(p)``                     | ``p`` (an ambient token is ignored)           |
| inside ``acting_as(None)``                  | ``None``, even inside an HTTP request         |

Revocation: a stored principal (a job's owner) is checked again before it acts. Whoever can tell whether a
subject may still act (Cairn's authorization server, when it runs in this process) registers a
:data:`PrincipalCheck` (:func:`recheck`); with none registered, the stored scopes are used as they are.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Principal:
    """An authenticated subject and the scopes it holds."""

    subject: str
    scopes: frozenset[str] = field(default_factory=frozenset)
    client_id: str | None = None

    def has(self, scope: str) -> bool:
        return scope in self.scopes

    def narrowed(self, scopes: frozenset[str] | set[str]) -> Principal:
        """The same subject with only the scopes also in ``scopes``."""
        return Principal(self.subject, self.scopes & frozenset(scopes), self.client_id)

    def to_json(self) -> str:
        return json.dumps(
            {"subject": self.subject, "scopes": sorted(self.scopes), "client_id": self.client_id},
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, raw: str) -> Principal:
        data: dict[str, Any] = json.loads(raw)
        return cls(str(data["subject"]), frozenset(str(s) for s in data.get("scopes") or []), data.get("client_id"))


@dataclass(frozen=True)
class _Acting:
    principal: Principal | None


_acting: ContextVar[_Acting | None] = ContextVar("cairn_acting_principal", default=None)


AmbientReader = Callable[[], "Principal | None"]
"""Reads the principal of the request being served (over HTTP: its bearer token's), or ``None``."""

_ambient_readers: list[AmbientReader] = []


def read_requests_with(reader: AmbientReader) -> None:
    """Let :func:`current_principal` see who a request is for. The MCP layer registers the reader of its
    access tokens (:mod:`servers.core.scopes`), so this module, which domain code uses, never loads it."""
    if reader not in _ambient_readers:
        _ambient_readers.append(reader)


def current_principal() -> Principal | None:
    """The principal this call acts for; ``None`` when nothing is authenticated (the host is trusted)."""
    acting = _acting.get()
    if acting is not None:
        return acting.principal
    for reader in _ambient_readers:
        found = reader()
        if found is not None:
            return found
    return None


@contextmanager
def acting_as(principal: Principal | None) -> Iterator[None]:
    """Run the block (and every task it starts) as ``principal``; ``None`` means unauthenticated, as on stdio.

    Context variables are copied into tasks when they are created, so an in-memory MCP client opened inside
    this block carries the principal into the server it talks to.
    """
    reset = _acting.set(_Acting(principal))
    try:
        yield
    finally:
        _acting.reset(reset)


PrincipalCheck = Callable[[Principal], "Principal | str"]
"""Given a stored principal, returns it as it may act now (the same, or with fewer scopes when its user lost
some), or a sentence saying why it may no longer act at all (e.g. its user was removed)."""

_checks: list[PrincipalCheck] = []


def register_principal_check(check: PrincipalCheck) -> None:
    if check not in _checks:
        _checks.append(check)


def unregister_principal_check(check: PrincipalCheck) -> None:
    if check in _checks:
        _checks.remove(check)


def recheck(principal: Principal) -> Principal | str:
    """A stored principal as every registered check lets it act now: narrowed, or the reason it may not."""
    for check in list(_checks):
        verdict = check(principal)
        if isinstance(verdict, str):
            return verdict
        # A check may only take scopes away: never add any, nor change who acts.
        principal = principal.narrowed(verdict.scopes) if verdict.subject == principal.subject else principal
    return principal
