"""OAuth end to end with real parts: Cairn's authorization server, a protected memory endpoint on
127.0.0.1, the fastmcp OAuth client (headless consent), and raw HTTP for the negative cases."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio
from fastmcp import Client
from fastmcp.exceptions import ToolError

from servers.auth.client import HeadlessOAuth, _FormParser, token_storage
from servers.auth.passwords import hash_password
from servers.auth.tokens import issue_access_token
from servers.suite.endpoint import Endpoint, build_endpoint
from tests.support import free_port, serving_app
from tests.support_oauth import REDIRECT, authorize_params, code_of, consent_form, pkce, public_client

pytestmark = pytest.mark.slow
USER, PASSWORD = "ada", "correct horse battery"


@pytest.fixture
def backend() -> str:
    """Where the authorization server keeps its state; tests marked ``on_both`` run on SQLite and PostgreSQL."""
    return "sqlite"


# The flows where the storage does the work (codes, refresh families, revocation, keys, consent sessions).
on_both = pytest.mark.parametrize("backend", ["sqlite", "postgresql"])


@pytest_asyncio.fixture
async def site(settings, embedder, backend: str, request: pytest.FixtureRequest) -> AsyncIterator[tuple[Endpoint, str]]:  # type: ignore[no-untyped-def]
    transport = getattr(request, "param", "http")
    if backend == "postgresql":
        settings = settings.model_copy(update={"database_url": request.getfixturevalue("postgres_url")})
    port = free_port()
    endpoint = build_endpoint("memory", settings, transport=transport, host="127.0.0.1", port=port, auth="cairn")
    assert endpoint.notices and "admin" in endpoint.notices[0]  # first start creates a user
    assert endpoint.authorization_server is not None
    endpoint.authorization_server.provider.store.add_user(USER, hash_password(PASSWORD))
    try:
        async with serving_app(endpoint.app, port) as base:
            yield endpoint, base
    finally:
        endpoint.authorization_server.provider.store.close()
        if backend == "postgresql":
            # The memory server's pool too: left open, it would keep reconnecting to the dropped test
            # database, and /health tests later in the session would see it.
            from servers.core.storage.postgres import open_databases

            for db in open_databases():
                db.close()


async def register(http: httpx.AsyncClient, base: str, redirect: str = REDIRECT) -> str:
    response = await http.post(f"{base}/register", json=public_client("test client", redirect))
    assert response.status_code == 201, response.text
    return str(response.json()["client_id"])


async def get_code(
    http: httpx.AsyncClient,
    base: str,
    client_id: str,
    challenge: str,
    *,
    scope: str,
    resource: str,
    method: str = "S256",
    redirect: str = REDIRECT,
) -> httpx.Response:
    """Runs /authorize and the consent form; returns the final response (a redirect when it worked)."""
    params = authorize_params(
        client_id, challenge, scope=scope, resource=resource, state="st4te", method=method, redirect=redirect
    )
    response = await http.get(f"{base}/authorize", params=params)
    if response.status_code != 302 or "/consent" not in response.headers["location"]:
        return response
    page = await http.get(response.headers["location"])
    if page.status_code == 302:  # signed in already and consent remembered: no page
        return page
    form = consent_form(page)
    return await http.post(
        form.action, data={**form.fields, "username": USER, "password": PASSWORD, "decision": "allow"}
    )


async def open_consent(http: httpx.AsyncClient, base: str, client_id: str, *, scope: str, resource: str) -> _FormParser:
    """/authorize and the consent page it leads to, parsed: the form a person would fill in."""
    _, challenge = pkce()
    start = await http.get(
        f"{base}/authorize", params=authorize_params(client_id, challenge, scope=scope, resource=resource, state=None)
    )
    return consent_form(await http.get(start.headers["location"]))


async def token(http: httpx.AsyncClient, base: str, **form: str) -> httpx.Response:
    return await http.post(f"{base}/token", data=form)


async def login(http: httpx.AsyncClient, base: str, client_id: str, *, scope: str, resource: str) -> dict[str, Any]:
    """A whole sign-in: PKCE, the consent page, and the code exchanged for a token pair."""
    verifier, challenge = pkce()
    code = code_of(await get_code(http, base, client_id, challenge, scope=scope, resource=resource))
    response = await token(
        http,
        base,
        grant_type="authorization_code",
        client_id=client_id,
        code=code,
        redirect_uri=REDIRECT,
        code_verifier=verifier,
    )
    return dict(response.json())


@on_both
async def test_full_flow_with_the_fastmcp_client(site: tuple[Endpoint, str], tmp_path: Path) -> None:
    endpoint, _ = site
    oauth = HeadlessOAuth(
        endpoint.url,
        username=USER,
        password=PASSWORD,
        scopes=["memory:read", "memory:write"],
        client_name="e2e",
        token_storage=token_storage(tmp_path),
    )
    async with Client(endpoint.url, auth=oauth) as client:
        written = (await client.call_tool("memory_write", {"content": "OAuth works end to end"})).structured_content
        entry = (await client.call_tool("memory_get", {"id": written["id"]})).structured_content
        assert entry["user_id"] == USER  # the token's subject is the user
        with pytest.raises(ToolError, match="memory:admin"):
            await client.call_tool("memory_recall", {"query": "x", "user_id": "someone-else"})
    # a second client reuses the stored tokens: no consent step this time
    again = HeadlessOAuth(
        endpoint.url,
        username=USER,
        password="wrong",
        scopes=["memory:read", "memory:write"],
        client_name="e2e",
        token_storage=token_storage(tmp_path),
    )
    async with Client(endpoint.url, auth=again) as client:
        assert (await client.call_tool("memory_recall", {"query": "OAuth"})).structured_content["results"]
    assert again.last_page_status is None
    stored = list((tmp_path / "client" / "tokens").rglob("*"))
    assert any(p.is_file() for p in stored)
    assert all(b"access_token" not in p.read_bytes() for p in stored if p.is_file())  # encrypted at rest


async def test_metadata_and_challenges(site: tuple[Endpoint, str]) -> None:
    endpoint, base = site
    async with httpx.AsyncClient() as http:
        prm = (await http.get(f"{base}/.well-known/oauth-protected-resource/mcp")).json()
        assert prm["resource"] == endpoint.url and prm["authorization_servers"] == [base]
        assert prm["scopes_supported"] == ["memory:read", "memory:write"]
        meta = (await http.get(f"{base}/.well-known/oauth-authorization-server")).json()
        assert meta["issuer"] == base  # no trailing slash (exact-match comparison by clients)
        assert meta["code_challenge_methods_supported"] == ["S256"]
        assert "none" in meta["token_endpoint_auth_methods_supported"]  # public clients, as registered
        assert meta["jwks_uri"] == f"{base}/jwks.json" and meta["authorization_response_iss_parameter_supported"]
        assert (await http.get(meta["jwks_uri"])).json()["keys"][0]["kty"] == "RSA"

        bare = await http.post(endpoint.url, json={})
        assert bare.status_code == 401
        assert 'resource_metadata="' in bare.headers["www-authenticate"]
        garbage = await http.post(endpoint.url, json={}, headers={"Authorization": "Bearer not-a-token"})
        assert garbage.status_code == 401 and 'error="invalid_token"' in garbage.headers["www-authenticate"]


async def test_wrong_audience_and_expired_tokens_are_refused(site: tuple[Endpoint, str]) -> None:
    endpoint, base = site
    provider = endpoint.authorization_server.provider  # type: ignore[union-attr]

    def make(audience: str, ttl: int) -> str:
        value, _ = issue_access_token(
            provider.keys,
            issuer=base,
            subject=USER,
            client_id="c",
            scopes=["memory:read"],
            audience=audience,
            ttl_s=ttl,
            family_id=None,
        )
        return value

    async with httpx.AsyncClient() as http:
        for bad in (make("http://127.0.0.1:1/mcp", 60), make(endpoint.url, -5)):
            response = await http.post(endpoint.url, json={}, headers={"Authorization": f"Bearer {bad}"})
            assert response.status_code == 401


async def test_missing_scope_hides_and_refuses_write_tools(site: tuple[Endpoint, str]) -> None:
    endpoint, base = site
    async with httpx.AsyncClient() as http:
        client_id = await register(http, base)
        pair = await login(http, base, client_id, scope="memory:read", resource=endpoint.url)
    assert pair["scope"] == "memory:read"
    async with Client(endpoint.url, auth=pair["access_token"]) as client:
        names = {t.name for t in await client.list_tools()}
        assert "memory_recall" in names and "memory_write" not in names
        with pytest.raises(ToolError, match="memory:write"):
            await client.call_tool("memory_write", {"content": "x"})


@on_both
async def test_code_flow_negative_cases(site: tuple[Endpoint, str]) -> None:
    endpoint, base = site
    async with httpx.AsyncClient() as http:
        client_id = await register(http, base)
        verifier, challenge = pkce()
        code = code_of(await get_code(http, base, client_id, challenge, scope="memory:read", resource=endpoint.url))
        common = {"grant_type": "authorization_code", "client_id": client_id, "redirect_uri": REDIRECT}

        wrong = await token(http, base, **common, code=code, code_verifier="x" * 50)
        assert wrong.status_code in (400, 401) and wrong.json()["error"] == "invalid_grant"

        ok = await token(http, base, **common, code=code, code_verifier=verifier)
        assert ok.status_code == 200, ok.text
        pair: dict[str, Any] = ok.json()
        assert pair["token_type"] == "Bearer" and pair["refresh_token"]
        call = await http.post(
            endpoint.url,
            headers={
                "Authorization": f"Bearer {pair['access_token']}",
                "Accept": "application/json, text/event-stream",
            },
            json={
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "t", "version": "1"},
                },
            },
        )
        assert call.status_code == 200

        reused = await token(http, base, **common, code=code, code_verifier=verifier)
        assert reused.status_code in (400, 401) and reused.json()["error"] == "invalid_grant"
        # replaying the code revoked what it bought
        revoked = await http.post(endpoint.url, json={}, headers={"Authorization": f"Bearer {pair['access_token']}"})
        assert revoked.status_code == 401

        plain = await get_code(
            http, base, client_id, "a" * 43, scope="memory:read", resource=endpoint.url, method="plain"
        )
        assert plain.status_code in (302, 400)
        if plain.status_code == 302:
            assert "error=invalid_request" in plain.headers["location"]

        mismatch = await http.get(
            f"{base}/authorize",
            params={
                "response_type": "code",
                "client_id": client_id,
                "redirect_uri": "http://127.0.0.1:9/elsewhere",
                "code_challenge": challenge,
                "code_challenge_method": "S256",
            },
        )
        assert mismatch.status_code == 400

        unknown = await http.get(
            f"{base}/authorize",
            params={
                "response_type": "code",
                "client_id": "nobody",
                "redirect_uri": REDIRECT,
                "code_challenge": challenge,
                "code_challenge_method": "S256",
            },
        )
        assert unknown.status_code == 400

        evil = await http.post(
            f"{base}/register", json={"redirect_uris": ["http://evil.example/cb"], "token_endpoint_auth_method": "none"}
        )
        assert evil.status_code == 400 and evil.json()["error"] == "invalid_redirect_uri"


@on_both
async def test_refresh_rotation_reuse_detection_and_revocation(site: tuple[Endpoint, str]) -> None:
    endpoint, base = site
    async with httpx.AsyncClient() as http:
        client_id = await register(http, base)
        first = await login(http, base, client_id, scope="memory:read memory:write", resource=endpoint.url)
        second = await token(
            http, base, grant_type="refresh_token", client_id=client_id, refresh_token=first["refresh_token"]
        )
        assert second.status_code == 200, second.text
        rotated = second.json()
        assert rotated["refresh_token"] != first["refresh_token"]

        replay = await token(
            http, base, grant_type="refresh_token", client_id=client_id, refresh_token=first["refresh_token"]
        )
        assert replay.status_code in (400, 401) and replay.json()["error"] == "invalid_grant"
        # the replay revoked the family: the rotated token is dead too
        after = await token(
            http, base, grant_type="refresh_token", client_id=client_id, refresh_token=rotated["refresh_token"]
        )
        assert after.status_code in (400, 401)
        dead = await http.post(endpoint.url, json={}, headers={"Authorization": f"Bearer {rotated['access_token']}"})
        assert dead.status_code == 401

        # a fresh login, then explicit revocation (RFC 7009)
        fresh = await login(http, base, client_id, scope="memory:read", resource=endpoint.url)
        gone = await http.post(
            f"{base}/revoke", data={"token": fresh["refresh_token"], "client_id": client_id, "client_secret": ""}
        )
        assert gone.status_code == 200
        assert (
            await token(
                http, base, grant_type="refresh_token", client_id=client_id, refresh_token=fresh["refresh_token"]
            )
        ).status_code in (400, 401)


@on_both
async def test_public_clients_revoke_with_client_id_alone(site: tuple[Endpoint, str]) -> None:
    """RFC 7009: a public client identifies itself with client_id, and has no secret to send."""
    endpoint, base = site
    async with httpx.AsyncClient() as http:
        metadata = (await http.get(f"{base}/.well-known/oauth-authorization-server")).json()
        assert "none" in metadata["revocation_endpoint_auth_methods_supported"]
        client_id = await register(http, base)
        tokens = await login(http, base, client_id, scope="memory:read", resource=endpoint.url)
        gone = await http.post(f"{base}/revoke", data={"token": tokens["refresh_token"], "client_id": client_id})
        assert gone.status_code == 200, gone.text
        refreshed = await token(
            http, base, grant_type="refresh_token", client_id=client_id, refresh_token=tokens["refresh_token"]
        )
        assert refreshed.status_code in (400, 401) and refreshed.json()["error"] == "invalid_grant"


async def test_confidential_clients_still_authenticate_to_revoke(site: tuple[Endpoint, str]) -> None:
    endpoint, base = site
    async with httpx.AsyncClient() as http:
        for method in ("client_secret_post", "client_secret_basic"):
            registered = await http.post(
                f"{base}/register",
                json={
                    "redirect_uris": [REDIRECT],
                    "token_endpoint_auth_method": method,
                    "grant_types": ["authorization_code", "refresh_token"],
                    "response_types": ["code"],
                },
            )
            assert registered.status_code == 201, registered.text
            client_id, secret = registered.json()["client_id"], registered.json()["client_secret"]
            basic = httpx.BasicAuth(client_id, secret) if method == "client_secret_basic" else None
            sent_secret = {"client_secret": secret} if basic is None else {}
            verifier, challenge = pkce()
            code = code_of(await get_code(http, base, client_id, challenge, scope="memory:read", resource=endpoint.url))
            exchanged = await http.post(
                f"{base}/token",
                data={
                    "grant_type": "authorization_code",
                    "client_id": client_id,
                    "code": code,
                    "redirect_uri": REDIRECT,
                    "code_verifier": verifier,
                    **sent_secret,
                },
                auth=basic or httpx.USE_CLIENT_DEFAULT,
            )
            assert exchanged.status_code == 200, exchanged.text
            refresh = exchanged.json()["refresh_token"]

            for refused in ({}, {"client_secret": ""}, {"client_secret": "wrong"}):
                answer = await http.post(f"{base}/revoke", data={"token": refresh, "client_id": client_id, **refused})
                assert answer.status_code == 401 and answer.json()["error"] == "unauthorized_client", (method, refused)
            revoked = await http.post(
                f"{base}/revoke",
                data={"token": refresh, "client_id": client_id, **sent_secret},
                auth=basic or httpx.USE_CLIENT_DEFAULT,
            )
            assert revoked.status_code == 200, (method, revoked.text)
            again = await http.post(
                f"{base}/token",
                data={"grant_type": "refresh_token", "client_id": client_id, "refresh_token": refresh, **sent_secret},
                auth=basic or httpx.USE_CLIENT_DEFAULT,
            )
            assert again.status_code in (400, 401) and again.json()["error"] == "invalid_grant", (method, again.text)


@on_both
async def test_login_is_rate_limited_and_csrf_checked(site: tuple[Endpoint, str], settings) -> None:  # type: ignore[no-untyped-def]
    endpoint, base = site
    async with httpx.AsyncClient() as http:
        client_id = await register(http, base)
        form = await open_consent(http, base, client_id, scope="memory:read", resource=endpoint.url)
        forged = await httpx.AsyncClient().post(
            form.action, data={**form.fields, "username": USER, "password": PASSWORD, "decision": "allow"}
        )
        assert forged.status_code == 403  # no CSRF cookie: not our page
        statuses = []
        for _ in range(settings.auth.login_attempts + 1):
            bad = await http.post(
                form.action, data={**form.fields, "username": USER, "password": "nope", "decision": "allow"}
            )
            statuses.append(bad.status_code)
        assert statuses[:-1] == [401] * settings.auth.login_attempts and statuses[-1] == 429


@pytest.mark.parametrize("site", ["sse"], indirect=True)
async def test_same_flow_over_sse(site: tuple[Endpoint, str], tmp_path: Path) -> None:
    from fastmcp.client.transports import SSETransport

    endpoint, _ = site
    assert endpoint.url.endswith("/sse")
    oauth = HeadlessOAuth(
        endpoint.url,
        username=USER,
        password=PASSWORD,
        scopes=["memory:read", "memory:write"],
        client_name="sse",
        token_storage=token_storage(tmp_path),
    )
    async with Client(SSETransport(endpoint.url, auth=oauth)) as client:
        await client.call_tool("memory_write", {"content": "over sse with oauth"})
        found = (await client.call_tool("memory_recall", {"query": "sse oauth"})).structured_content
        assert found["results"]


async def test_serve_all_guards_each_mounted_server(settings, embedder) -> None:  # type: ignore[no-untyped-def]
    port = free_port()
    endpoint = build_endpoint("all", settings, transport="http", host="127.0.0.1", port=port, auth="cairn")
    provider = endpoint.authorization_server.provider  # type: ignore[union-attr]
    async with serving_app(endpoint.app, port) as base:
        async with httpx.AsyncClient() as http:
            prm = (await http.get(f"{base}/.well-known/oauth-protected-resource/mcp")).json()
            assert {"memory:read", "memory:write"} <= set(prm["scopes_supported"])
        reader, _ = issue_access_token(
            provider.keys,
            issuer=base,
            subject=USER,
            client_id="c",
            scopes=["memory:read"],
            audience=endpoint.url,
            ttl_s=60,
            family_id=None,
        )
        async with Client(endpoint.url, auth=reader) as client:
            names = {t.name for t in await client.list_tools()}
            assert "memory_recall" in names and "memory_write" not in names
            with pytest.raises(ToolError, match="insufficient scope"):
                await client.call_tool("memory_write", {"content": "x"})


async def test_serve_all_mounts_an_oauth_protected_remote(site: tuple[Endpoint, str], tmp_path: Path) -> None:
    """`cairn connect` signs in once; `serve all --remote NAME=URL` then reuses the stored tokens."""
    from servers.suite.serving import build_server
    from servers.suite.settings import CairnSettings

    endpoint, _ = site
    local_home = tmp_path / "gateway-home"
    signin = HeadlessOAuth(
        endpoint.url,
        username=USER,
        password=PASSWORD,
        client_name="cairn connect",
        token_storage=token_storage(local_home),
    )
    async with Client(endpoint.url, auth=signin) as client:
        await client.call_tool("memory_write", {"content": "stored on the remote server"})
    gateway = build_server("all", CairnSettings(home=local_home), remotes={"office": endpoint.url})
    async with Client(gateway) as client:
        names = {t.name for t in await client.list_tools()}
        assert {"office_memory_recall", "memory_recall"} <= names
        remote = (await client.call_tool("office_memory_recall", {"query": "remote server"})).structured_content
        assert remote["results"][0]["content"] == "stored on the remote server"
        local = (await client.call_tool("memory_recall", {"query": "remote server"})).structured_content
        assert local["results"] == []  # a different data directory: the gateway's own memory


async def test_external_issuer_by_jwks(settings, embedder, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """--auth external: the endpoint trusts another issuer (here a standalone Cairn AS) through its JWKS."""
    from starlette.applications import Starlette

    from servers.auth.authserver import create_authorization_server
    from servers.auth.settings import AuthSettings

    issuer_port, port = free_port(), free_port()
    issuer = f"http://127.0.0.1:{issuer_port}"
    standalone = create_authorization_server(tmp_path / "issuer", issuer, AuthSettings())
    standalone.provider.store.add_user(USER, hash_password(PASSWORD))
    settings.auth.external_issuer = issuer
    settings.auth.external_jwks_url = f"{issuer}/jwks.json"
    endpoint = build_endpoint("memory", settings, transport="http", host="127.0.0.1", port=port, auth="external")
    async with serving_app(Starlette(routes=standalone.routes), issuer_port), serving_app(endpoint.app, port):
        async with httpx.AsyncClient() as http:
            prm = (await http.get(f"http://127.0.0.1:{port}/.well-known/oauth-protected-resource/mcp")).json()
            assert prm["authorization_servers"] == [issuer]
            client_id = await register(http, issuer)
            pair = await login(http, issuer, client_id, scope="memory:read memory:write", resource=endpoint.url)
            elsewhere, _ = issue_access_token(
                standalone.provider.keys,
                issuer=issuer,
                subject=USER,
                client_id="c",
                scopes=["memory:read"],
                audience=f"{issuer}/mcp",
                ttl_s=60,
                family_id=None,
            )
            refused = await http.post(endpoint.url, json={}, headers={"Authorization": f"Bearer {elsewhere}"})
            assert refused.status_code == 401
        async with Client(endpoint.url, auth=pair["access_token"]) as client:
            written = (await client.call_tool("memory_write", {"content": "trusted via JWKS"})).structured_content
            entry = (await client.call_tool("memory_get", {"id": written["id"]})).structured_content
            assert entry["user_id"] == USER


def test_every_scope_an_endpoint_advertises_can_be_granted(tmp_path: Path) -> None:
    """Clients request the scopes a resource's metadata lists; the authorization server must know each one
    (the context server's scopes were once advertised and refused as invalid_scope). A remote server mounted
    under ``serve all`` brings its own scopes, which the endpoint's authorization server then knows too."""
    from servers.auth.authserver import create_authorization_server
    from servers.auth.grants import remote_scope_descriptions
    from servers.auth.provider import ALL_SCOPES
    from servers.auth.settings import AuthSettings
    from servers.suite import catalog
    from servers.suite.endpoint import endpoint_scopes

    for name in [*catalog.names(), "all"]:
        assert set(endpoint_scopes(name)) <= set(ALL_SCOPES), name
    remotes = {"office": "http://127.0.0.1:9/mcp"}
    server = create_authorization_server(
        tmp_path, "http://127.0.0.1:8765", AuthSettings(), extra_scopes=remote_scope_descriptions(remotes)
    )
    try:
        assert {"office:read", "office:write"} <= set(endpoint_scopes("all", remotes)) <= set(server.provider.scopes)
        assert not set(server.provider.scopes) - set(ALL_SCOPES) - {"office:read", "office:write"}
    finally:
        server.provider.store.close()
