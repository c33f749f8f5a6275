"""Whose learning data a call touches, when a token names the caller.

Skills themselves are shared by everyone using a server, and so are their aggregate stats. What a user
typed is not: unmatched tasks, the tasks behind a missed-trigger suggestion and the wording and tool
arguments inside a new-skill draft belong to the user whose session produced them.

* **Sessions** are keyed by owner: over a token, the stored key is ``"<subject>/<session_id>"``. Session
  ids cannot contain ``/`` (see ``SESSION_PATTERN``), so a key made for one subject never equals a key made
  for another, nor a bare id stored without authentication. Two users choosing the same session id get two
  sessions: separate cooldowns, unmatched tasks and drafts.
* **Suggestions** carry the subject whose tasks they quote (``None`` when nobody was authenticated, or when
  they quote nobody, as a threshold change from aggregate ratings). A caller sees its own and unowned ones;
  the ``skills:admin`` scope sees all.

Without a principal (stdio, ``--auth none``) nothing changes: keys are the bare ids and every suggestion
is visible, as the host is trusted.
"""

from __future__ import annotations

from servers.core.principal import current_principal

ADMIN_SCOPE = "skills:admin"
_SEPARATOR = "/"


def caller() -> str | None:
    """The authenticated subject this call acts for, or ``None`` when the host is trusted."""
    principal = current_principal()
    return None if principal is None else principal.subject


def session_key(session_id: str | None, owner: str | None = None) -> str | None:
    """The stored key of the caller's (or ``owner``'s) session ``session_id``."""
    owner = owner if owner is not None else caller()
    if session_id is None or owner is None:
        return session_id
    return f"{owner}{_SEPARATOR}{session_id}"


def owns_session(key: str | None, owner: str) -> bool:
    return key is not None and key.startswith(f"{owner}{_SEPARATOR}")


def viewer() -> str | None:
    """Whose suggestions the caller may see: ``None`` means all (no authentication, or an admin)."""
    principal = current_principal()
    if principal is None or principal.has(ADMIN_SCOPE):
        return None
    return principal.subject
