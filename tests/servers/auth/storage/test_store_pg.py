"""The authorization server's state in PostgreSQL: two providers on one database (two instances behind a
load balancer) sign with the same keys, accept each other's tokens, and see each other's clients, codes,
refresh families and revocations. The store's SQL runs on both engines."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp.shared.auth import OAuthClientInformationFull

from servers.auth.authserver import AuthorizationServer, create_authorization_server, open_store, session_key
from servers.auth.keys import DbKeyStore, FileKeyStore
from servers.auth.settings import AuthSettings
from servers.auth.storage.rows import AuthorizeParams, CodeRecord, PendingRequest, RefreshRecord
from servers.auth.storage.store import AuthStore
from servers.auth.tokens import issue_access_token, load_access_token, verify_access_token

ISSUER = "http://127.0.0.1:8765"
RESOURCE = f"{ISSUER}/mcp"


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[AuthStore]:
    url = request.getfixturevalue("postgres_url") if request.param == "postgresql" else None
    opened, _ = open_store(tmp_path / "auth", url)
    yield opened
    opened.close()


@pytest.fixture
def pair(postgres_url: str, tmp_path: Path) -> Iterator[tuple[AuthorizationServer, AuthorizationServer]]:
    """Two instances: their own directories, one database."""
    made = [
        create_authorization_server(
            tmp_path / name, ISSUER, AuthSettings(), resources={RESOURCE}, database_url=postgres_url
        )
        for name in ("a", "b")
    ]
    yield made[0], made[1]
    for server in made:
        server.provider.store.close()


def _token(server: AuthorizationServer, family: str | None = None) -> str:
    value, _ = issue_access_token(
        server.provider.keys,
        issuer=ISSUER,
        subject="ada",
        client_id="c",
        scopes=["memory:read"],
        audience=RESOURCE,
        ttl_s=60,
        family_id=family,
    )
    return value


def _accepts(server: AuthorizationServer, token: str) -> bool:
    provider = server.provider
    return load_access_token(provider.keys, provider.store, token, issuer=ISSUER, audiences={RESOURCE}) is not None


def test_keys_live_in_the_database_and_are_shared(
    pair: tuple[AuthorizationServer, AuthorizationServer], tmp_path: Path
) -> None:
    a, b = pair
    assert isinstance(a.provider.keys, DbKeyStore)
    assert a.provider.keys.public_jwks() == b.provider.keys.public_jwks()  # one first key, not one each
    assert not list(tmp_path.rglob("*.json")) and not list(tmp_path.rglob("session.key"))  # nothing on disk
    signed_by_a = _token(a)
    assert _accepts(b, signed_by_a) and _accepts(a, signed_by_a)

    old_kid = a.provider.keys.signing_key().kid
    new_kid = b.provider.keys.rotate()
    assert a.provider.keys.signing_key().kid == new_kid  # a rotation on one instance is seen by the other
    signed_after = _token(a)
    assert _accepts(b, signed_after) and _accepts(b, signed_by_a)  # the old key verifies until retired
    assert a.provider.keys.retire(str(old_kid)) and not b.provider.keys.retire(str(old_kid))
    assert not _accepts(b, signed_by_a) and _accepts(b, signed_after)
    assert [k["kid"] for k in b.provider.keys.public_jwks()["keys"]] == [new_kid]


def test_instances_share_clients_codes_refresh_families_and_revocations(
    pair: tuple[AuthorizationServer, AuthorizationServer],
) -> None:
    a, b = pair
    sa, sb = a.provider.store, b.provider.store
    sa.save_client("c1", OAuthClientInformationFull(client_id="c1", redirect_uris=["http://127.0.0.1:9/cb"]))
    client = sb.client("c1", OAuthClientInformationFull)
    assert client is not None and [str(u) for u in client.redirect_uris or []] == ["http://127.0.0.1:9/cb"]

    code = CodeRecord(
        client_id="c1",
        username="ada",
        scopes=["memory:read"],
        code_challenge="x" * 43,
        redirect_uri="http://127.0.0.1:9/cb",
        redirect_explicit=True,
        resource=RESOURCE,
        expires_at=1e12,
    )
    sa.save_code("the-code", code)
    assert sb.code("the-code") == code  # exact floats back (DOUBLE PRECISION)
    assert sb.use_code("the-code") and not sa.use_code("the-code")

    refresh = RefreshRecord(
        token_hash="",
        family_id="fam1",
        client_id="c1",
        username="ada",
        scopes=["memory:read"],
        resource=RESOURCE,
        expires_at=time.time() + 60,
    )
    sa.save_refresh("r1", refresh)
    stored = sb.refresh("r1")
    assert stored is not None and sb.rotate_refresh(stored.token_hash) and not sa.rotate_refresh(stored.token_hash)

    in_family = _token(a, family="fam1")
    assert _accepts(b, in_family)
    sb.revoke_family("fam1", access_ttl_s=60)
    assert not _accepts(a, in_family)  # revoked on b: refused by a
    assert sa.refresh("r1").revoked_at is not None  # type: ignore[union-attr]

    assert session_key(sa, Path("/nonexistent")) == session_key(sb, Path("/elsewhere"))
    for _ in range(3):
        sb.record_failures(["pair:ada|127.0.0.1", "account:ada"])
    sb.record_failures(["account:ada"])
    # the login rate limits count every instance's failures
    assert sa.failure_counts(["pair:ada|127.0.0.1", "account:ada", "address:x"], 60) == {
        "pair:ada|127.0.0.1": 3,
        "account:ada": 4,
        "address:x": 0,
    }


def test_single_use_holds_under_concurrency(pair: tuple[AuthorizationServer, AuthorizationServer]) -> None:
    """Eight threads on two instances present one code and one refresh token at once: one wins each."""
    a, b = pair
    record = CodeRecord(
        client_id="c",
        username="ada",
        scopes=[],
        code_challenge="x" * 43,
        redirect_uri="http://127.0.0.1:9/cb",
        redirect_explicit=True,
        resource=None,
        expires_at=1e12,
    )
    a.provider.store.save_code("raced", record)
    refresh = RefreshRecord(
        token_hash="",
        family_id="fam",
        client_id="c",
        username="ada",
        scopes=[],
        resource=None,
        expires_at=time.time() + 60,
    )
    a.provider.store.save_refresh("raced-refresh", refresh)
    token_hash = a.provider.store.refresh("raced-refresh").token_hash  # type: ignore[union-attr]
    stores = [a.provider.store, b.provider.store] * 4
    start = threading.Barrier(len(stores))
    codes: list[bool] = []
    rotations: list[bool] = []

    def present(store: AuthStore) -> None:
        start.wait()
        codes.append(store.use_code("raced"))
        rotations.append(store.rotate_refresh(token_hash))

    threads = [threading.Thread(target=present, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(codes) == [False] * 7 + [True] and sorted(rotations) == [False] * 7 + [True]


def test_only_one_first_user(postgres_url: str, tmp_path: Path) -> None:
    stores = [open_store(tmp_path / str(i), postgres_url)[0] for i in range(4)]
    start = threading.Barrier(len(stores))
    created: list[bool] = []

    def first(store: AuthStore, i: int) -> None:
        start.wait()
        created.append(store.add_first_user("admin", f"hash-{i}"))

    threads = [threading.Thread(target=first, args=(s, i)) for i, s in enumerate(stores)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert created.count(True) == 1 and stores[0].users() == ["admin"]
    for store in stores:
        store.close()


def test_store_sql_on_both_engines(store: AuthStore) -> None:
    """The statements that differ between dialects ("insert or replace", NULL tests) behave the same."""
    store.save_client("c", OAuthClientInformationFull(client_id="c", redirect_uris=None, client_name="v1"))
    store.save_client("c", OAuthClientInformationFull(client_id="c", redirect_uris=None, client_name="v2"))
    client = store.client("c", OAuthClientInformationFull)
    assert client is not None and client.client_name == "v2" and store.client("c2", OAuthClientInformationFull) is None
    store.grant_consent("ada", "c", ["memory:read", "memory:write"])
    store.grant_consent("ada", "c", ["memory:read"])
    assert store.consented("ada", "c", ["memory:read", "memory:write"]) and not store.consented("ada", "c2", [])
    store.revoke_access("j1", time.time() + 60)
    store.revoke_access("j1", time.time() + 120)
    assert store.is_revoked("j1", None) and not store.is_revoked("j2", None) and not store.is_revoked("j2", "f")
    store.revoke_family("f", 60)
    store.revoke_family("f", 60)
    assert store.is_revoked("j2", "f")
    assert store.add_first_user("admin", "h") and not store.add_first_user("eve", "h")
    store.add_user("ada", "h2")
    assert store.users() == ["ada", "admin"] and store.remove_user("ada") and store.users() == ["admin"]
    params = AuthorizeParams(
        scopes=[], code_challenge="x" * 43, redirect_uri="http://127.0.0.1:9/cb", redirect_uri_provided_explicitly=True
    )
    request_id, csrf = store.save_request("c", params, ttl_s=60)
    assert store.request(request_id) == PendingRequest(client_id="c", params=params, csrf=csrf)
    assert not store.use_code("never-issued")
    assert store.shared_secret("s") == store.shared_secret("s") and len(store.shared_secret("s")) >= 32


def test_sqlite_default_keeps_keys_in_files(tmp_path: Path) -> None:
    store, keys = open_store(tmp_path / "auth")
    assert isinstance(keys, FileKeyStore) and not store.postgres
    kid = keys.signing_key().kid
    assert [p.name.endswith(f"-{kid}.json") for p in (tmp_path / "auth" / "keys").iterdir()] == [True]
    assert verify_access_token(keys, "not-a-token", issuer=ISSUER, audiences=None) is None
    store.close()
