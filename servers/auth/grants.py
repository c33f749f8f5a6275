"""Which scopes a user of Cairn's authorization server may hold: the default, remote servers' scopes, names.

A new user (``cairn auth add-user NAME`` without ``--scopes``) holds every scope of Cairn's own servers
(``<server>:read`` / ``<server>:write``, ``registry:publish``) except those that act with someone else's
authority:

- ``nodehost:exec`` runs commands and changes files as the OS user the server runs as;
- ``NAME:read`` / ``NAME:write`` of a remote server mounted with ``cairn serve all --remote NAME=URL`` act
  with the operator's account on that server (the tokens ``cairn connect`` stored).

Those are given on purpose, by name or with ``--scopes all``. An account made by self-service sign-up on the
registry holds only ``registry:publish`` (:data:`SELF_SERVICE_SCOPES`): anyone may create one, so it is a
registry account, not an account of the MCP servers, until the operator gives it more (``cairn auth scopes
NAME --add default`` gives it what ``add-user`` gives). A remote server's scopes are known to an
authorization server only when it is built for an endpoint that mounts that remote (or ``cairn auth serve
--remote NAME``), so the CLI accepts any ``NAME:read`` / ``NAME:write`` whose NAME is not one of Cairn's own
servers.
"""

from __future__ import annotations

from collections.abc import Iterable

from servers.auth.provider import ALL_SCOPES, OPERATOR_SCOPES
from servers.core.scopes import server_scopes

DEFAULT_USER_SCOPES = [scope for scope in ALL_SCOPES if scope not in OPERATOR_SCOPES]
# What an account anyone may create (registry sign-up) holds: publishing to the registry, no MCP server.
SELF_SERVICE_SCOPES = frozenset({"registry:publish"})
EVERY_SCOPE = "all"
DEFAULT = "default"  # in a list of scopes: those of DEFAULT_USER_SCOPES
_REMOTE_ACTIONS = ("read", "write")


def reserved_namespaces() -> frozenset[str]:
    """Names a remote server may not be mounted under: its scopes would be those of one of Cairn's own (every
    Cairn server has scopes named after it, which tests/servers/auth check against the catalogue)."""
    return frozenset(scope.partition(":")[0] for scope in ALL_SCOPES)


def check_remote_name(namespace: str) -> None:
    if not namespace.isidentifier():
        raise ValueError(f"{namespace!r} cannot name a remote server: use letters, digits and _")
    if namespace in reserved_namespaces():
        raise ValueError(
            f"a remote server cannot be mounted as {namespace!r}: that is one of Cairn's own servers, and its "
            f"{namespace}:read / {namespace}:write scopes would then reach the remote too; choose another NAME"
        )


def remote_scope_descriptions(namespaces: Iterable[str]) -> dict[str, str]:
    """The consent page's words for the scopes of remote servers mounted under ``namespaces``."""
    descriptions: dict[str, str] = {}
    for namespace in namespaces:
        check_remote_name(namespace)
        read, write = server_scopes(namespace)
        acting = "acts with the operator's account there"
        descriptions[read] = f"Use the remote server {namespace}'s read-only tools ({acting})"
        descriptions[write] = f"Use all the tools of the remote server {namespace} ({acting})"
    return descriptions


def is_remote_scope(scope: str) -> bool:
    namespace, _, action = scope.partition(":")
    return namespace.isidentifier() and action in _REMOTE_ACTIONS and namespace not in reserved_namespaces()


def parse_scopes(text: str) -> frozenset[str] | None:
    """A space-separated list of scopes as the CLI takes it; ``all`` is every scope (None), ``""`` none, and
    ``default`` stands for what a new user gets (:data:`DEFAULT_USER_SCOPES`).

    Raises ValueError naming the scopes it does not know, and the ones it does.
    """
    names = text.replace(",", " ").split()
    if EVERY_SCOPE in names:
        if len(names) > 1:
            raise ValueError(f"{EVERY_SCOPE!r} stands alone: it already means every scope")
        return None
    unknown = [name for name in names if name not in ALL_SCOPES and name != DEFAULT and not is_remote_scope(name)]
    if unknown:
        raise ValueError(
            f"unknown scope(s): {' '.join(unknown)}. Known scopes: {' '.join(ALL_SCOPES)}; "
            "NAME:read and NAME:write for a remote server mounted with `cairn serve all --remote NAME=URL`; "
            f"{DEFAULT!r} for those a new user gets; or {EVERY_SCOPE!r} alone"
        )
    expanded = set(names) - {DEFAULT}
    return frozenset(expanded | (set(DEFAULT_USER_SCOPES) if DEFAULT in names else set()))


def describe(scopes: frozenset[str] | None) -> str:
    """A user's scopes for the CLI: Cairn's own in their usual order, then remote servers' scopes."""
    if scopes is None:
        return EVERY_SCOPE
    if not scopes:
        return "(none)"
    ordered = [scope for scope in ALL_SCOPES if scope in scopes]
    return " ".join([*ordered, *sorted(scopes - set(ordered))])
