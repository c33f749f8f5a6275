"""The first user of a new authorization server: created on a first start, its password shown once."""

from __future__ import annotations

import secrets

from servers.auth.authserver import AuthorizationServer
from servers.auth.passwords import hash_password


def ensure_first_user(authorization_server: AuthorizationServer) -> list[str]:
    """On a first start there is nobody to sign in as: create ``admin`` and show its password once."""
    store = authorization_server.provider.store
    if store.users():
        return []
    password = secrets.token_urlsafe(12)
    if not store.add_first_user("admin", hash_password(password)):
        return []  # another instance sharing the database created the first user meanwhile
    return [
        "First start: created user 'admin' with password " + password,
        "  (shown once; change it with `cairn auth reset-password admin`)",
    ]


def first_user_hint(authorization_server: AuthorizationServer) -> list[str]:
    """While ``admin`` is the only user, how to get in without its first-start password: a first start
    stopped (Ctrl-C) before the password reached the screen leaves no other way to learn it."""
    if authorization_server.provider.store.users() != ["admin"]:
        return []
    return ["Sign in as 'admin'. Lost its first-start password? `cairn auth reset-password admin` sets a new one."]
