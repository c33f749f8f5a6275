"""Removing a user ends their logins at once: the store's revocation list and the check every request makes,
on SQLite and on PostgreSQL (the one query both must answer alike), and what the CLI grants a self-service
account."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from servers.auth.authserver import open_store
from servers.auth.grants import DEFAULT_USER_SCOPES, SELF_SERVICE_SCOPES, parse_scopes
from servers.auth.passwords import hash_password
from servers.auth.storage.rows import RefreshRecord
from servers.auth.storage.store import AuthStore


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[AuthStore]:
    url = request.getfixturevalue("postgres_url") if request.param == "postgresql" else None
    opened, _ = open_store(tmp_path / "auth", url)
    yield opened
    opened.close()


def login(store: AuthStore, username: str, family: str) -> None:
    store.save_refresh(
        f"crt_{family}",
        RefreshRecord(
            token_hash="",
            family_id=family,
            client_id="c",
            username=username,
            scopes=["memory:read"],
            resource=None,
            expires_at=time.time() + 3600,
            rotated_at=None,
            revoked_at=None,
        ),
    )


def test_removing_a_user_refuses_every_token_of_theirs_from_the_next_request(store: AuthStore) -> None:
    for name in ("ada", "bo"):
        store.add_user(name, hash_password("a long password"))
    login(store, "ada", "f1")
    login(store, "ada", "f2")
    login(store, "bo", "f3")
    assert not store.token_refused("j1", "f1", "ada") and not store.token_refused("j9", None, "nobody-known")

    assert store.remove_user("ada", access_ttl_s=60)
    assert store.removed("ada") and not store.removed("bo") and not store.removed("nobody-known")
    # Every login of hers is on the revocation list, as a replayed refresh token puts one ...
    assert store.is_revoked("j1", "f1") and store.is_revoked("j2", "f2") and not store.is_revoked("j3", "f3")
    # ... and a token of hers from a login it could not see (one finishing at that moment) is refused too.
    assert store.token_refused("j4", "f-late", "ada") and store.token_refused("j5", None, "ada")
    assert not store.token_refused("j3", "f3", "bo")

    # Added again, she starts afresh: the old logins stay ended.
    store.add_user("ada", hash_password("a new long password"))
    assert not store.token_refused("j6", "f-new", "ada") and store.token_refused("j1", "f1", "ada")


def test_default_in_a_list_of_scopes_is_what_a_new_user_gets() -> None:
    assert parse_scopes("default") == frozenset(DEFAULT_USER_SCOPES)
    assert parse_scopes("default nodehost:exec") == frozenset([*DEFAULT_USER_SCOPES, "nodehost:exec"])
    assert "nodehost:exec" not in DEFAULT_USER_SCOPES
    assert frozenset({"registry:publish"}) == SELF_SERVICE_SCOPES
    with pytest.raises(ValueError, match="'default' for those a new user gets"):
        parse_scopes("defaults")
