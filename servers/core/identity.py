"""Who is calling: the user a request acts for.

Over stdio or an unauthenticated loopback endpoint, the host is trusted to name the user
(``user_id``, default ``"default"``). When a request carries an access token, its subject is the
user: ``user_id`` may be left as default or repeat the subject, and naming anyone else is refused
unless the token holds the server's admin scope.
"""

from __future__ import annotations

from fastmcp.exceptions import ToolError


def _token_subject_and_scopes() -> tuple[str | None, set[str]]:
    try:
        from fastmcp.server.dependencies import get_access_token

        token = get_access_token()
    except Exception:  # outside a request (tests calling the domain directly): nobody is authenticated
        return None, set()
    if token is None:
        return None, set()
    subject = token.claims.get("sub") if token.claims else None
    return (str(subject) if subject else token.client_id), set(token.scopes or [])


def resolve_user(requested: str | None, *, admin_scope: str) -> str:
    subject, scopes = _token_subject_and_scopes()
    if subject is None:
        return requested or "default"
    if requested in (None, "default", subject) or admin_scope in scopes:
        return subject if requested in (None, "default") else str(requested)
    raise ToolError(
        f"this token acts for {subject!r}; reading or writing user {requested!r} needs the {admin_scope!r} scope"
    )
