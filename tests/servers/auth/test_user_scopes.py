"""Per-user scope grants: the migration, the `cairn auth` commands, consent, refresh, jobs and remote scopes.

Real parts throughout: the SQLite file or PostgreSQL schema the CLI and the endpoint share, `cairn auth …`
through ``main()``, a protected endpoint served by uvicorn on 127.0.0.1, and the OAuth flow over raw HTTP
(the consent form parsed and posted as a browser would).
"""

from __future__ import annotations

import io
import re
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio
from fastmcp import Client, FastMCP
from fastmcp.exceptions import ToolError
from mcp.types import ToolAnnotations

from servers.auth.grants import DEFAULT_USER_SCOPES
from servers.auth.passwords import hash_password
from servers.auth.provider import ALL_SCOPES
from servers.auth.storage.store import MIGRATIONS, PG_MIGRATIONS, PG_SCHEMA, AuthStore, UserRecord
from servers.core.principal import Principal, recheck
from servers.core.storage import Database, migrate
from servers.suite.cli.main import main
from servers.suite.endpoint import Endpoint, build_endpoint
from servers.suite.settings import CairnSettings, get_settings
from tests.servers.auth.test_oauth_e2e import register, token
from tests.support import free_port, serving_app
from tests.support_oauth import REDIRECT, authorize_params, code_of, consent_form, pkce

EVE, EVE_PASSWORD = "eve", "eve's long password"
on_both = pytest.mark.parametrize("backend", ["sqlite", "postgresql"])


@pytest.fixture
def backend() -> str:
    return "sqlite"


@pytest.fixture
def home(cairn_home: Path, backend: str, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Path:
    """CAIRN_HOME (and CAIRN_DATABASE_URL on PostgreSQL): what `cairn auth …` and the endpoint both use."""
    if backend == "postgresql":
        monkeypatch.setenv("CAIRN_DATABASE_URL", request.getfixturevalue("postgres_url"))
    return cairn_home


@pytest.fixture
def cairn(home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``cairn(*argv, stdin=…)`` runs the CLI in this process: (exit status, stdout, stderr)."""

    def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        get_settings.cache_clear()  # main() reads the environment through this cache
        try:
            status = main(list(argv))
        finally:
            get_settings.cache_clear()
        out, err = capsys.readouterr()
        return status, out, err

    yield run


def add_eve(cairn: Any, *options: str) -> str:
    status, out, err = cairn("auth", "add-user", EVE, "--password-stdin", *options, stdin=EVE_PASSWORD + "\n")
    assert status == 0, err
    return str(out)


@pytest_asyncio.fixture
async def site(home: Path, embedder: Any) -> AsyncIterator[tuple[Endpoint, str]]:
    """A protected memory endpoint with Cairn's authorization server, on the same data as the CLI."""
    settings = CairnSettings(home=home, memory={"semantic_timeout_ms": 5000})
    port = free_port()
    endpoint = build_endpoint("memory", settings, transport="http", host="127.0.0.1", port=port, auth="cairn")
    assert endpoint.authorization_server is not None
    try:
        async with serving_app(endpoint.app, port) as base:
            yield endpoint, base
    finally:
        endpoint.authorization_server.provider.store.close()
        if settings.database_url:
            from servers.core.storage.postgres import open_databases

            for db in open_databases():
                db.close()


async def authorize(http: httpx.AsyncClient, base: str, client_id: str, scope: str, resource: str) -> tuple[Any, str]:
    """/authorize, then the consent page it sends the browser to: (that page's response, PKCE verifier)."""
    verifier, challenge = pkce()
    start = await http.get(
        f"{base}/authorize", params=authorize_params(client_id, challenge, scope=scope, resource=resource)
    )
    assert start.status_code == 302 and "/consent" in start.headers["location"], start.text
    return await http.get(start.headers["location"]), verifier


async def post_form(
    http: httpx.AsyncClient, page: httpx.Response, decision: str = "allow", *, user: str | None = None
) -> httpx.Response:
    """Submit the consent form as a browser would; ``user`` signs in (every user here has eve's password)."""
    form = consent_form(page)
    credentials = {"username": user, "password": EVE_PASSWORD} if user else {}
    return await http.post(form.action, data={**form.fields, **credentials, "decision": decision})


async def exchange(http: httpx.AsyncClient, base: str, client_id: str, done: httpx.Response, verifier: str) -> Any:
    return await token(
        http,
        base,
        grant_type="authorization_code",
        client_id=client_id,
        code=code_of(done),
        redirect_uri=REDIRECT,
        code_verifier=verifier,
    )


async def sign_in(http: httpx.AsyncClient, base: str, client_id: str, scope: str, resource: str) -> dict[str, Any]:
    """Eve's whole sign-in with a fresh cookie jar: the token response (asserted 200)."""
    page, verifier = await authorize(http, base, client_id, scope, resource)
    response = await exchange(http, base, client_id, await post_form(http, page, user=EVE), verifier)
    assert response.status_code == 200, response.text
    return dict(response.json())


def listed(page: httpx.Response, heading: str) -> list[str]:
    """The scope names in the list that follows ``heading`` on a consent page."""
    after = page.text.split(heading, 1)[1]
    return re.findall(r"<span class='scope-id'>\(([^)]+)\)</span>", after.split("</ul>", 1)[0])


# --- the migration --------------------------------------------------------------------------------------------


@on_both
def test_existing_users_keep_every_scope_across_the_migration(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if backend == "postgresql":
        from servers.core.storage.postgres import PgDatabase, migrate_pg

        db: Any = PgDatabase(request.getfixturevalue("postgres_url"), PG_SCHEMA)
        migrate_pg(db, "auth", PG_MIGRATIONS[:2])
    else:
        db = Database(tmp_path / "auth.db")
        migrate(db, "auth", MIGRATIONS[:2])
    with db.transaction():  # a user of the version before per-user grants
        db.execute(
            "INSERT INTO users (username, password_hash, created_at) VALUES (?, ?, ?)", ("old", "h", time.time())
        )
    store = AuthStore(db)  # migrates to the current version
    try:
        assert db.scalar("SELECT MAX(version) FROM schema_migrations WHERE component = 'auth'") == 4
        old = store.user("old")
        assert old is not None and old.scopes is None and old.allows("nodehost:exec") and old.allows("docs:write")
        assert store.add_first_user("admin", "h") is False  # somebody was there already
        assert store.add_user("new", "h", ["memory:read"]) is True
        assert store.user("new") == UserRecord("new", frozenset({"memory:read"}))
        assert store.add_user("new", "h2") is False and store.user("new").scopes == {"memory:read"}  # type: ignore[union-attr]
        assert store.set_scopes("new", []) and store.user("new").scopes == frozenset()  # type: ignore[union-attr]
        assert store.set_scopes("new", None) and store.user("new").scopes is None  # type: ignore[union-attr]
        assert store.remove_user("new") and store.user("new") is None and not store.set_scopes("new", ["x:read"])
    finally:
        store.close()


def test_the_first_user_holds_every_scope(tmp_path: Path) -> None:
    store = AuthStore(Database(tmp_path / "auth.db"))
    try:
        assert store.add_first_user("admin", "h")
        assert store.user("admin") is not None and store.user("admin").scopes is None  # type: ignore[union-attr]
    finally:
        store.close()


# --- the commands ---------------------------------------------------------------------------------------------


def test_add_user_without_scopes_holds_all_but_the_operators(cairn: Any, home: Path) -> None:
    out = add_eve(cairn)
    assert "nodehost:exec" not in out and "memory:read" in out and "registry:publish" in out
    status, out, _ = cairn("auth", "scopes", EVE)
    assert status == 0 and out.strip() == f"user 'eve' may hold: {' '.join(DEFAULT_USER_SCOPES)}"
    assert set(DEFAULT_USER_SCOPES) == set(ALL_SCOPES) - {"nodehost:exec"}

    # Given on purpose; a new password (add-user again) keeps what was given.
    assert cairn("auth", "scopes", EVE, "--add", "nodehost:exec docs:read")[0] == 0
    assert add_eve(cairn).strip().endswith("nodehost:exec registry:publish docs:read")
    assert add_eve(cairn, "--scopes", "memory:read").strip().endswith("may hold: memory:read")
    status, out, err = cairn(
        "auth", "add-user", "root", "--password-stdin", "--scopes", "all", stdin="root's long password\n"
    )
    assert status == 0 and out.strip() == "user 'root' saved; may hold: all", err
    status, out, _ = cairn("auth", "users")
    assert status == 0 and out.splitlines() == ["eve\tmemory:read", "root\tall"]

    # 'all' less one: Cairn's own scopes less it, with a word about remote servers' scopes.
    status, out, err = cairn("auth", "scopes", "root", "--remove", "nodehost:exec")
    assert status == 0 and out.strip() == f"user 'root' may hold: {' '.join(DEFAULT_USER_SCOPES)}"
    assert "remote servers' NAME:read / NAME:write" in err
    assert cairn("auth", "scopes", EVE, "--set", "memory:read memory:write")[1].strip().endswith("memory:write")
    assert cairn("auth", "scopes", EVE, "--remove", "memory:write")[1].strip().endswith("may hold: memory:read")
    assert cairn("auth", "scopes", EVE, "--set", "")[1].strip().endswith("may hold: (none)")
    assert cairn("auth", "scopes", EVE, "--add", "all")[1].strip().endswith("may hold: all")

    store = AuthStore(Database(home / "auth" / "auth.db"))  # what the endpoint will read
    try:
        assert store.user(EVE) == UserRecord(EVE, None)
        assert store.user("root") == UserRecord("root", frozenset(DEFAULT_USER_SCOPES))
    finally:
        store.close()


def test_unknown_scopes_are_refused_with_the_known_ones(cairn: Any, home: Path) -> None:
    for bad in ("memory:admin", "nodehost:read", "docs:exec", "all memory:read"):
        status, _, err = cairn("auth", "add-user", "mallory", "--password-stdin", "--scopes", bad, stdin="x" * 12)
        assert status == 1, bad
        assert ("Known scopes: memory:read" in err and "--remote NAME=URL" in err) or "stands alone" in err, err
    assert cairn("auth", "users")[1] == ""  # nothing was created, no password was read
    add_eve(cairn)
    status, _, err = cairn("auth", "scopes", EVE, "--add", "memory:admin")
    assert status == 1 and "unknown scope(s): memory:admin" in err
    assert cairn("auth", "scopes", "nobody")[0] == 1
    with pytest.raises(SystemExit):  # one change at a time
        main(["auth", "scopes", EVE, "--add", "memory:read", "--remove", "memory:write"])


# --- consent ---------------------------------------------------------------------------------------------------


@on_both
async def test_consent_grants_only_what_the_account_may_hold(cairn: Any, site: tuple[Endpoint, str]) -> None:
    endpoint, base = site
    add_eve(cairn)
    async with httpx.AsyncClient() as http:
        client_id = await register(http, base)
        # Not signed in: the account is not known yet, so the page lists what was asked and says the rest is
        # left out; the token then carries only what eve may hold, and says so.
        page, verifier = await authorize(http, base, client_id, "memory:read nodehost:exec", endpoint.url)
        assert page.status_code == 200 and "left out" in page.text
        assert listed(page, "asks to:") == ["memory:read", "nodehost:exec"]
        granted = await exchange(http, base, client_id, await post_form(http, page, user=EVE), verifier)
        assert granted.status_code == 200 and granted.json()["scope"] == "memory:read", granted.text

        # Signed in now: the page says what will be granted, and apart what is not available to eve.
        page, verifier = await authorize(http, base, client_id, "memory:write nodehost:exec", endpoint.url)
        assert "Signed in as <b>eve</b>" in page.text
        assert listed(page, "be allowed to:") == ["memory:write"]
        assert listed(page, "not available to your account") == ["nodehost:exec"]
        assert "Run commands and change files on this machine" in page.text
        granted = await exchange(http, base, client_id, await post_form(http, page), verifier)
        assert granted.json()["scope"] == "memory:write"

        # Nothing asked for is available: refused, and the only way on is back to the app.
        page, _ = await authorize(http, base, client_id, "nodehost:exec", endpoint.url)
        assert page.status_code == 403 and "role='alert'" in page.text and "may not hold any" in page.text
        assert listed(page, "may not hold any") == ["nodehost:exec"] and "value='allow'" not in page.text
        back = await post_form(http, page, "deny")
        assert back.status_code == 302 and "error=access_denied" in back.headers["location"]

    async with httpx.AsyncClient() as http:  # a fresh browser: the refusal comes after the sign-in
        client_id = await register(http, base)
        page, _ = await authorize(http, base, client_id, "nodehost:exec", endpoint.url)
        refused = await post_form(http, page, user=EVE)
        assert refused.status_code == 403 and "may not hold any" in refused.text


# --- refresh and exchange ----------------------------------------------------------------------------------------


@on_both
async def test_refresh_narrows_after_cairn_auth_scopes_remove(cairn: Any, site: tuple[Endpoint, str]) -> None:
    endpoint, base = site
    add_eve(cairn)
    async with httpx.AsyncClient() as http:
        client_id = await register(http, base)
        pair = await sign_in(http, base, client_id, "memory:read memory:write", endpoint.url)
        assert set(pair["scope"].split()) == {"memory:read", "memory:write"}

        def refresh(refresh_token: str) -> Any:
            return token(http, base, grant_type="refresh_token", client_id=client_id, refresh_token=refresh_token)

        assert cairn("auth", "scopes", EVE, "--remove", "memory:write")[0] == 0
        narrowed = await refresh(pair["refresh_token"])
        assert narrowed.status_code == 200 and narrowed.json()["scope"] == "memory:read", narrowed.text
        async with Client(endpoint.url, auth=narrowed.json()["access_token"]) as client:
            names = {t.name for t in await client.list_tools()}
            assert "memory_recall" in names and "memory_write" not in names
            with pytest.raises(ToolError, match="memory:write"):
                await client.call_tool("memory_write", {"content": "x"})

        # Holding none of them now: refused, without spending the refresh token ...
        latest = narrowed.json()["refresh_token"]
        assert cairn("auth", "scopes", EVE, "--remove", "memory:read")[0] == 0
        none_left = await refresh(latest)
        assert none_left.status_code == 400 and none_left.json()["error"] == "invalid_scope", none_left.text
        # ... so a scope given back returns at the next refresh, as far as the consent went.
        assert cairn("auth", "scopes", EVE, "--add", "memory:write nodehost:exec")[0] == 0
        restored = await refresh(latest)
        assert restored.status_code == 200 and restored.json()["scope"] == "memory:write", restored.text

        # A code is narrowed too when the user's scopes change between consent and exchange.
        assert cairn("auth", "scopes", EVE, "--set", "memory:read memory:write")[0] == 0
        page, verifier = await authorize(http, base, client_id, "memory:read memory:write", endpoint.url)
        assert page.status_code == 302  # signed in, and both consented to already: no page
        done = page
        assert cairn("auth", "scopes", EVE, "--remove", "memory:write")[0] == 0
        late = await exchange(http, base, client_id, done, verifier)
        assert late.status_code == 200 and late.json()["scope"] == "memory:read", late.text


# --- scheduled jobs --------------------------------------------------------------------------------------------


async def test_a_stored_principal_is_narrowed_to_its_users_scopes(cairn: Any, site: tuple[Endpoint, str]) -> None:
    """What the scheduler calls before a job runs: the owner's stored scopes, less what they lost since."""
    endpoint, _ = site  # serving: the endpoint's lifespan registered its check
    add_eve(cairn)
    store = endpoint.authorization_server.provider.store  # type: ignore[union-attr]
    store.add_user("ops", hash_password(EVE_PASSWORD))  # every scope, as admin and earlier users
    stored = frozenset({"memory:read", "memory:write", "nodehost:exec"})

    assert recheck(Principal(EVE, stored, "c")) == Principal(EVE, frozenset({"memory:read", "memory:write"}), "c")
    assert recheck(Principal("ops", stored)) == Principal("ops", stored)
    assert cairn("auth", "scopes", EVE, "--remove", "memory:write")[0] == 0
    assert recheck(Principal(EVE, stored)).scopes == {"memory:read"}  # type: ignore[union-attr]
    assert cairn("auth", "remove-user", EVE)[0] == 0
    assert "no longer" in str(recheck(Principal(EVE, stored)))


# --- remote servers' scopes ----------------------------------------------------------------------------------------


def remote_server() -> FastMCP:
    remote = FastMCP("office")

    @remote.tool(annotations=ToolAnnotations(readOnlyHint=True))
    def look(topic: str) -> str:
        """Read something on the remote server."""
        return f"about {topic}"

    @remote.tool
    def change(topic: str) -> str:
        """Change something on the remote server."""
        return f"changed {topic}"

    return remote


async def test_remote_scopes_are_advertised_and_grantable(cairn: Any, home: Path, embedder: Any) -> None:
    settings = CairnSettings(home=home)
    remote_port, port = free_port(), free_port()
    remotes = {"office": f"http://127.0.0.1:{remote_port}/mcp"}
    with pytest.raises(ValueError, match="one of Cairn's own servers"):
        build_endpoint(
            "all",
            settings,
            transport="http",
            host="127.0.0.1",
            port=port,
            auth="cairn",
            remotes={"memory": remotes["office"]},
        )
    endpoint = build_endpoint(
        "all", settings, transport="http", host="127.0.0.1", port=port, auth="cairn", remotes=remotes
    )
    store = endpoint.authorization_server.provider.store  # type: ignore[union-attr]
    store.add_user("ops", hash_password(EVE_PASSWORD))  # every scope
    add_eve(cairn)  # the default: not the remote's
    async with serving_app(remote_server().http_app(), remote_port), serving_app(endpoint.app, port) as base:
        async with httpx.AsyncClient() as http:
            prm = (await http.get(f"{base}/.well-known/oauth-protected-resource/mcp")).json()
            assert prm["scopes_supported"][-2:] == ["office:read", "office:write"]
            metadata = (await http.get(f"{base}/.well-known/oauth-authorization-server")).json()
            assert set(prm["scopes_supported"]) <= set(metadata["scopes_supported"])
            registered = await http.post(
                f"{base}/register",
                json={
                    "redirect_uris": [REDIRECT],
                    "token_endpoint_auth_method": "none",
                    "scope": " ".join(prm["scopes_supported"]),
                },
            )
            assert registered.status_code == 201, registered.text
            client_id = registered.json()["client_id"]

            page, verifier = await authorize(http, base, client_id, "office:read memory:read", endpoint.url)
            assert "acts with the operator&#x27;s account there" in page.text
            as_eve = await exchange(http, base, client_id, await post_form(http, page, user=EVE), verifier)
            assert as_eve.json()["scope"] == "memory:read"

        async with httpx.AsyncClient() as http:
            page, verifier = await authorize(http, base, client_id, "office:read memory:read", endpoint.url)
            as_ops = await exchange(http, base, client_id, await post_form(http, page, user="ops"), verifier)
            assert set(as_ops.json()["scope"].split()) == {"office:read", "memory:read"}

        async with Client(endpoint.url, auth=as_ops.json()["access_token"]) as client:
            names = {t.name for t in await client.list_tools()}
            assert {"office_look", "memory_recall"} <= names and "office_change" not in names
            assert (await client.call_tool("office_look", {"topic": "rota"})).data == "about rota"
        async with Client(endpoint.url, auth=as_eve.json()["access_token"]) as client:
            assert not {t.name for t in await client.list_tools()} & {"office_look", "office_change"}


async def test_a_sign_in_that_names_no_scope_gets_the_accounts_scopes_but_the_operators(
    cairn: Any, site: tuple[Endpoint, str]
) -> None:
    endpoint, base = site
    add_eve(cairn)
    assert cairn("auth", "scopes", EVE, "--add", "nodehost:exec")[0] == 0  # held, but never given unasked
    async with httpx.AsyncClient() as http:
        client_id = await register(http, base)
        verifier, challenge = pkce()
        params = authorize_params(client_id, challenge, scope="", resource=endpoint.url)
        del params["scope"]  # as hosts that send none do
        start = await http.get(f"{base}/authorize", params=params)
        assert start.status_code == 302, start.text
        page = await http.get(start.headers["location"])
        assert listed(page, "asks to:") == DEFAULT_USER_SCOPES  # the page says what the sign-in will give
        granted = await exchange(http, base, client_id, await post_form(http, page, user=EVE), verifier)
    assert granted.status_code == 200, granted.text
    assert granted.json()["scope"].split() == DEFAULT_USER_SCOPES
    async with Client(endpoint.url, auth=granted.json()["access_token"]) as client:
        assert {"memory_write", "memory_recall"} <= {tool.name for tool in await client.list_tools()}


def test_add_user_with_nothing_on_standard_input_points_to_password_stdin(cairn: Any) -> None:
    status, _, err = cairn("auth", "add-user", "carol")  # stdin is empty and not a terminal, as with < /dev/null
    assert status == 1
    assert "no password on standard input" in err and "cairn auth add-user carol --password-stdin" in err
    assert "8 characters" not in err
    status, _, err = cairn("auth", "add-user", "carol", "--password-stdin", stdin="short\n")
    assert status == 1 and "at least 8 characters" in err  # a password too short is still told as such
