"""Cairn's authorization server hosted inside another app (the registry's website): the server and its
routes, the verifier of the tokens it issues, the first user it needs, the look of its sign-in pages, and the
scopes a new user gets (one the operator adds, and one made by self-service sign-up).

Imported only by an app that hosts the issuer: it loads the OAuth routes (the MCP SDK's auth module).
"""

from __future__ import annotations

from servers.auth.authserver import AuthorizationServer, create_authorization_server
from servers.auth.first_user import ensure_first_user
from servers.auth.grants import DEFAULT_USER_SCOPES, SELF_SERVICE_SCOPES
from servers.auth.look import SiteLook
from servers.auth.resource import CairnTokenVerifier

__all__ = [
    "DEFAULT_USER_SCOPES",
    "SELF_SERVICE_SCOPES",
    "AuthorizationServer",
    "CairnTokenVerifier",
    "SiteLook",
    "create_authorization_server",
    "ensure_first_user",
]
