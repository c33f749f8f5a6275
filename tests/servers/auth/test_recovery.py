"""The sign-in page and password recovery over real HTTP: Cairn's authorization server beside a memory endpoint
on 127.0.0.1 (as `cairn serve` runs it), the forms parsed and posted as a browser would, and `cairn auth …`
through ``main()`` on the same data directory.

What is checked: the sign-in page names the app and what it asks in words, links to "forgot password?" and
carries a hash-only style policy; a recovery code resets the password once and not twice, and ends every login
(refresh tokens, access tokens, signed-in sessions); a wrong code reads the same for a real user, an unknown one
and one without codes; wrong codes are rate-limited; the CLI resets and issues codes, and its reset ends logins.
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio

from servers.auth import recovery
from servers.auth.passwords import hash_password
from servers.auth.storage.store import AuthStore
from servers.suite.cli.main import main
from servers.suite.endpoint import build_endpoint
from servers.suite.settings import get_settings
from tests.support import free_port, serving_app
from tests.support_oauth import REDIRECT, authorize_params, code_of, consent_form, pkce, public_client

pytestmark = pytest.mark.slow
USER, PASSWORD, NEW_PASSWORD = "ada", "correct horse battery", "a brand new passphrase"
WRONG_CODE = "0000-0000-0000-0000"


@dataclass
class Server:
    base: str
    resource: str
    store: AuthStore


@pytest.fixture
def backend() -> str:
    """Where the authorization server keeps its state; tests marked ``on_both`` run on SQLite and PostgreSQL."""
    return "sqlite"


# The flows where storage does the work: spending a code, resetting, ending logins.
on_both = pytest.mark.parametrize("backend", ["sqlite", "postgresql"])


@pytest_asyncio.fixture
async def server(settings, embedder, backend: str, request: pytest.FixtureRequest) -> AsyncIterator[Server]:  # type: ignore[no-untyped-def]
    if backend == "postgresql":
        settings = settings.model_copy(update={"database_url": request.getfixturevalue("postgres_url")})
    port = free_port()
    endpoint = build_endpoint("memory", settings, transport="http", host="127.0.0.1", port=port, auth="cairn")
    assert endpoint.authorization_server is not None
    store = endpoint.authorization_server.provider.store
    store.add_user(USER, hash_password(PASSWORD))
    try:
        async with serving_app(endpoint.app, port) as base:
            yield Server(base, endpoint.url, store)
    finally:
        store.close()
        if backend == "postgresql":
            # The memory server's pool too: left open, it would keep reconnecting to the dropped test database.
            from servers.core.storage.postgres import open_databases

            for db in open_databases():
                db.close()


def with_limits(settings: Any, **limits: int) -> Any:
    return settings.model_copy(update={"auth": settings.auth.model_copy(update=limits)})


async def consent_page(http: httpx.AsyncClient, server: Server, scope: str = "memory:read") -> httpx.Response:
    """/authorize for a freshly registered client "Notes app", and what it leads to (the page, or a redirect)."""
    client_id = (await http.post(f"{server.base}/register", json=public_client("Notes app"))).json()["client_id"]
    _, challenge = pkce()
    params = authorize_params(client_id, challenge, scope=scope, resource=server.resource)
    start = await http.get(f"{server.base}/authorize", params=params)
    assert start.status_code == 302, start.text
    return await http.get(start.headers["location"])


async def sign_in(http: httpx.AsyncClient, server: Server, password: str) -> dict[str, Any]:
    """A whole sign-in with ``password``; the token pair, or {} when the page refused it."""
    client_id = (await http.post(f"{server.base}/register", json=public_client("Notes app"))).json()["client_id"]
    verifier, challenge = pkce()
    params = authorize_params(client_id, challenge, scope="memory:read", resource=server.resource)
    page = await http.get((await http.get(f"{server.base}/authorize", params=params)).headers["location"])
    if page.status_code != 302:
        form = consent_form(page)
        page = await http.post(
            form.action, data={**form.fields, "username": USER, "password": password, "decision": "allow"}
        )
        if page.status_code != 302:
            return {}
    exchange = {
        "grant_type": "authorization_code",
        "client_id": client_id,
        "code": code_of(page),
        "redirect_uri": REDIRECT,
        "code_verifier": verifier,
    }
    response = await http.post(f"{server.base}/token", data=exchange)
    assert response.status_code == 200, response.text
    return {**response.json(), "client_id": client_id}


async def refresh(http: httpx.AsyncClient, server: Server, tokens: dict[str, Any]) -> httpx.Response:
    form = {"grant_type": "refresh_token", "client_id": tokens["client_id"], "refresh_token": tokens["refresh_token"]}
    return await http.post(f"{server.base}/token", data=form)


async def recover(
    http: httpx.AsyncClient, server: Server, username: str, code: str, password: str = NEW_PASSWORD, **extra: str
) -> httpx.Response:
    """The "forgot password?" form filled in and sent, as a browser does (its CSRF cookie included)."""
    page = await http.get(f"{server.base}/recover")
    assert page.status_code == 200
    form = consent_form(page)
    data = {**form.fields, "username": username, "code": code, "password": password, "password2": password}
    return await http.post(form.action, data={**data, **extra})


def without_secrets(page: str) -> str:
    """A page with its per-form token and the echoed username blanked: what is left is what it tells."""
    page = re.sub(r"name='csrf' value='[^']*'", "name='csrf' value=''", page)
    return re.sub(r"name='username' value='[^']*'", "name='username' value=''", page)


async def test_the_sign_in_page_names_the_app_and_what_it_asks_in_words(server: Server) -> None:
    async with httpx.AsyncClient(timeout=60) as http:
        page = await consent_page(http, server, scope="memory:read memory:write")
    assert page.status_code == 200
    text = page.text
    assert "<header class='top'><span class='brand'>▲ Cairn</span></header>" in text  # neutral header
    assert "Sign in to allow Notes app" in text
    assert "Read your memories" in text and "Write, change and delete your memories" in text
    assert "<label for='u'>Username</label>" in text and "<label for='p'>Password</label>" in text
    assert re.search(rf"href='{re.escape(server.base)}/recover\?request=[\w-]+'>Forgot password\?</a>", text)
    assert "/signup" not in text  # `cairn serve` has no sign-up
    # Style only by its hash, no script at all, forms only to this origin, no framing.
    policy = page.headers["content-security-policy"]
    style = re.search(r"<style>(.*?)</style>", text, re.S)
    assert style is not None
    digest = base64.b64encode(hashlib.sha256(style.group(1).encode()).digest()).decode()
    assert f"style-src 'sha256-{digest}'" in policy and "unsafe-inline" not in policy
    assert "default-src 'none'" in policy and "form-action 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "<script" not in text


@on_both
async def test_a_recovery_code_resets_the_password_once_and_ends_every_login(server: Server) -> None:
    codes = recovery.issue(server.store, USER)
    assert len(codes) == 10 and len(set(codes)) == 10
    assert all(re.fullmatch(r"[0-9a-z]{4}(-[0-9a-z]{4}){3}", c) for c in codes)
    kept = str(server.store.db.query("SELECT * FROM recovery_codes"))
    assert "scrypt$" in kept and not any(code.replace("-", "") in kept or code in kept for code in codes)
    async with httpx.AsyncClient(timeout=60) as browser, httpx.AsyncClient(timeout=60) as other:
        before = await sign_in(browser, server, PASSWORD)
        assert before and "Signed in as" in (await consent_page(browser, server)).text  # the browser's session

        # Typed as a person might: upper case, spaces for dashes.
        done = await recover(other, server, USER, codes[0].upper().replace("-", " "))
        assert done.status_code == 200, done.text
        assert "Your password is changed" in done.text and "You have 9 recovery codes left." in done.text

        # Every earlier login has ended: the refresh token, the access token, the signed-in session.
        assert (await refresh(other, server, before)).json()["error"] == "invalid_grant"
        mcp = await other.post(
            server.resource,
            headers={"Authorization": f"Bearer {before['access_token']}", "Accept": "application/json"},
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        )
        assert mcp.status_code == 401
        page = await consent_page(browser, server)
        assert page.status_code == 200 and "Signed in as" not in page.text and "name='password'" in page.text

        # The old password is gone, the new one works.
        assert await sign_in(other, server, PASSWORD) == {}
        assert await sign_in(other, server, NEW_PASSWORD)

        # The same code a second time is refused, as any wrong code is.
        again = await recover(other, server, USER, codes[0], "yet another passphrase")
        assert again.status_code == 401 and "does not match that username, or it was used already" in again.text
        assert await sign_in(other, server, NEW_PASSWORD)
    assert recovery.left(server.store, USER) == 9


async def test_a_wrong_code_reads_the_same_whoever_the_user_is(server: Server) -> None:
    recovery.issue(server.store, USER)
    server.store.add_user("bob", hash_password("bob's long password"))  # an account from before codes
    async with httpx.AsyncClient(timeout=60) as http:
        answers = [await recover(http, server, name, WRONG_CODE) for name in (USER, "bob", "nobody-here")]
        malformed = await recover(http, server, USER, "not a code")
    assert {a.status_code for a in [*answers, malformed]} == {401}
    assert len({without_secrets(a.text) for a in [*answers, malformed]}) == 1
    text = answers[0].text
    assert "role='alert'" in text and "aria-invalid='true'" in text
    assert "Accounts made before recovery codes existed have none" in text  # the way for bob, said to everyone


async def test_wrong_codes_are_limited_like_sign_ins(settings, embedder) -> None:  # type: ignore[no-untyped-def]
    settings = with_limits(settings, login_attempts=3, login_attempts_per_account=100, login_attempts_per_address=100)
    port = free_port()
    endpoint = build_endpoint("memory", settings, transport="http", host="127.0.0.1", port=port, auth="cairn")
    assert endpoint.authorization_server is not None
    store = endpoint.authorization_server.provider.store
    store.add_user(USER, hash_password(PASSWORD))
    codes = recovery.issue(store, USER)
    try:
        async with serving_app(endpoint.app, port) as base, httpx.AsyncClient(timeout=60) as http:
            server = Server(base, endpoint.url, store)
            for _ in range(3):
                assert (await recover(http, server, USER, WRONG_CODE)).status_code == 401
            locked = await recover(http, server, USER, codes[1])  # even the right code waits now
            assert locked.status_code == 429 and "Too many failed attempts" in locked.text
            for _ in range(3):
                assert (await recover(http, server, "ghost", WRONG_CODE)).status_code == 401
            ghost = await recover(http, server, "ghost", WRONG_CODE)
            assert ghost.status_code == 429 and without_secrets(ghost.text) == without_secrets(locked.text)
            # Counted apart from sign-ins: someone who mistyped the code can still sign in with the password.
            assert await sign_in(http, server, PASSWORD)
            assert recovery.left(store, USER) == 10
    finally:
        store.close()


async def test_the_form_is_refused_without_its_cookie_and_checks_the_new_password(server: Server) -> None:
    codes = recovery.issue(server.store, USER)
    async with httpx.AsyncClient(timeout=60) as http:
        form = consent_form(await http.get(f"{server.base}/recover"))
        data = {**form.fields, "username": USER, "code": codes[0], "password": NEW_PASSWORD, "password2": NEW_PASSWORD}
        http.cookies.clear()
        forged = await http.post(form.action, data=data)
        assert forged.status_code == 403 and "came from another site" in forged.text
        differ = await recover(http, server, USER, codes[0], NEW_PASSWORD, password2="something else entirely")
        assert differ.status_code == 400 and "differ" in differ.text
        short = await recover(http, server, USER, codes[0], "short")
        assert short.status_code == 400 and "at least 10 characters" in short.text
    assert recovery.left(server.store, USER) == 10  # none of these spent the code


# --- the operator's commands ---------------------------------------------------------------------------------


@pytest.fixture
def cairn(
    cairn_home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., tuple[int, str, str]]:
    """``cairn(*argv, stdin=…)`` runs the CLI in this process on the server's data: (status, stdout, stderr)."""

    def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        get_settings.cache_clear()
        try:
            status = main(list(argv))
        finally:
            get_settings.cache_clear()
        out, err = capsys.readouterr()
        return status, out, err

    return run


async def test_the_operator_resets_a_password_and_it_ends_every_login(
    server: Server, cairn: Callable[..., tuple[int, str, str]]
) -> None:
    async with httpx.AsyncClient(timeout=60) as browser, httpx.AsyncClient(timeout=60) as other:
        before = await sign_in(browser, server, PASSWORD)
        status, out, _ = cairn("auth", "reset-password", USER, "--password-stdin", stdin=NEW_PASSWORD + "\n")
        assert status == 0 and "signed out everywhere" in out and NEW_PASSWORD not in out
        assert (await refresh(other, server, before)).json()["error"] == "invalid_grant"
        assert "Signed in as" not in (await consent_page(browser, server)).text
        assert await sign_in(other, server, PASSWORD) == {}
        assert await sign_in(other, server, NEW_PASSWORD)

        # Without --password-stdin a password is made and shown once.
        status, out, _ = cairn("auth", "reset-password", USER)
        made = re.search(r"new password \(shown once\): (\S+)", out)
        assert status == 0 and made is not None
        assert await sign_in(other, server, made.group(1))

        # New recovery codes: printed, each one works on the page, the earlier ones no longer do.
        old = recovery.issue(server.store, USER)
        status, out, _ = cairn("auth", "recovery-codes", USER)
        codes = re.findall(r"^[0-9a-z]{4}(?:-[0-9a-z]{4}){3}$", out, re.M)
        assert status == 0 and len(codes) == 10
        assert (await recover(other, server, USER, old[0])).status_code == 401
        assert (await recover(other, server, USER, codes[0])).status_code == 200

    assert cairn("auth", "reset-password", "nobody")[0] == 1
    assert cairn("auth", "recovery-codes", "nobody")[0] == 1
    status, _, err = cairn("auth", "reset-password", USER, "--password-stdin")
    assert status == 1 and "no password on standard input" in err
    assert cairn("auth", "reset-password", USER, "--password-stdin", stdin="short\n")[0] == 1
