"""Who is calling: the user a request acts for.

Over stdio or an unauthenticated loopback endpoint, the host is trusted to name the user
(``user_id``, default ``"default"``). When a request carries an access token — or an in-process call
acts for a stored principal (:mod:`servers.core.principal`) — its subject is the user: ``user_id`` may be
left as default or repeat the subject, and naming anyone else is refused unless the principal holds the
server's admin scope.
"""

from __future__ import annotations

from fastmcp.exceptions import ToolError

from servers.core.principal import current_principal


def resolve_user(requested: str | None, *, admin_scope: str) -> str:
    principal = current_principal()
    if principal is None:
        return requested or "default"
    if requested in (None, "default", principal.subject):
        return principal.subject
    if principal.has(admin_scope):
        return str(requested)
    raise ToolError(
        f"this token acts for {principal.subject!r}; reading or writing user {requested!r} needs the "
        f"{admin_scope!r} scope"
    )
