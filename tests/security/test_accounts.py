"""Accounts and clients, attacked through a real ``cairn serve all`` process with its skills registry: a registry
sign-up used as an MCP account, a removed user's tokens, introspection by a stranger's client, a redirect URI
with a fragment, skill names that pass for the project's own, and sign-in limits on a shared address."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastmcp import Client
from mcp.shared.auth import OAuthClientInformationFull

from servers.auth.authserver import open_store
from tests.conftest import REPO_ROOT
from tests.registry.kit import skill_archive
from tests.security.conftest import PASSWORDS, child_env, sign_in
from tests.support import cairn_process, free_port
from tests.support_oauth import REDIRECT, authorize_params, code_of, consent_form, pkce, public_client

pytestmark = pytest.mark.slow

ADMIN_PASSWORD = "the operator's long password"
# A resource server the operator registered and named in CAIRN_AUTH__INTROSPECTION_CLIENTS.
RESOURCE_SERVER = ("resource-server", "a secret only the resource server holds")
SPRAY_LIMIT = 8  # failed sign-ins per address and window


@dataclass
class Site:
    base: str
    registry: str
    home: Path
    env: dict[str, str]

    @property
    def mcp(self) -> str:
        return f"{self.base}/mcp"

    @property
    def api(self) -> str:
        return f"{self.registry}/api/v1"

    def cairn(self, *argv: str, password: str | None = None) -> subprocess.CompletedProcess[bytes]:
        """``cairn *argv`` as the operator runs it on this home (asserted to succeed)."""
        return subprocess.run(
            [sys.executable, "-m", "servers.suite.cli.main", *argv],
            input=password.encode() if password is not None else None,
            env=self.env,
            cwd=REPO_ROOT,
            check=True,
            capture_output=True,
        )

    def add_user(self, name: str, password: str, *scopes: str) -> None:
        self.cairn("auth", "add-user", name, "--password-stdin", *scopes, password=password)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """``cairn serve all`` with its registry (sign-up open: it is on loopback), alice and bob holding every
    scope, the operator's ``admin``, and a resource server entitled to introspect."""
    root = tmp_path_factory.mktemp("accounts")
    home, workspace = root / "home", root / "work"
    workspace.mkdir()
    env = child_env(
        home,
        workspace,
        CAIRN_AUTH__INTROSPECTION_CLIENTS=json.dumps([RESOURCE_SERVER[0]]),
        # As behind a proxy on this machine: the address a sign-in counts under is X-Forwarded-For's.
        CAIRN_AUTH__FORWARDED_ALLOW_IPS="127.0.0.1",
        CAIRN_AUTH__LOGIN_ATTEMPTS_PER_ADDRESS=str(SPRAY_LIMIT),
    )
    port, registry_port = free_port(), free_port()
    made = Site(f"http://127.0.0.1:{port}", f"http://127.0.0.1:{registry_port}", home, env)
    for user, password in PASSWORDS.items():
        made.add_user(user, password, "--scopes", "all")
    made.add_user("admin", ADMIN_PASSWORD)
    store, _ = open_store(home / "auth")
    try:  # what registering it at /register did, with a secret of the test's choosing
        store.save_client(
            RESOURCE_SERVER[0],
            OAuthClientInformationFull.model_validate(
                {
                    "client_id": RESOURCE_SERVER[0],
                    "client_secret": RESOURCE_SERVER[1],
                    "redirect_uris": [REDIRECT],
                    "token_endpoint_auth_method": "client_secret_post",
                    "grant_types": ["authorization_code", "refresh_token"],
                    "response_types": ["code"],
                }
            ),
        )
    finally:
        store.close()
    argv = ["serve", "all", "--port", str(port), "--registry-port", str(registry_port)]
    with cairn_process(argv, env=env, cwd=workspace, port=port):
        yield made


# --- helpers ------------------------------------------------------------------------------------------------------


def sign_up(site: Site, username: str, password: str) -> httpx.Response:
    """Create an account at the registry's /signup as an anonymous visitor does."""
    with httpx.Client(base_url=site.registry, timeout=30) as http:
        form = http.get("/signup")
        token = re.search(r'name="form_token" value="([^"]+)"', form.text)
        assert form.status_code == 200 and token, form.text
        return http.post(
            "/signup",
            data={"form_token": token.group(1), "username": username, "password": password, "password2": password},
        )


def consent_as(site: Site, user: str, password: str, scopes: str, http: httpx.Client | None = None) -> httpx.Response:
    """Sign in at the MCP endpoint's consent page and allow: the page's answer (a redirect with a code, or not).
    ``http`` is the browser (its cookies and headers); a fresh one by default."""
    with httpx.Client(timeout=30) if http is None else nullcontext(http) as browser:
        client_id = browser.post(f"{site.base}/register", json=public_client("a host")).json()["client_id"]
        _, challenge = pkce()
        authorize = browser.get(
            f"{site.base}/authorize", params=authorize_params(client_id, challenge, scope=scopes, resource=site.mcp)
        )
        form = consent_form(browser.get(authorize.headers["location"]))
        return browser.post(
            form.action, data={**form.fields, "username": user, "password": password, "decision": "allow"}
        )


def publish(site: Site, token: str, name: str, **fields: str) -> httpx.Response:
    return httpx.post(
        f"{site.api}/skills",
        headers={"Authorization": f"Bearer {token}"},
        data=fields,
        files={"archive": ("s.tar.gz", skill_archive(name), "application/gzip")},
        timeout=30,
    )


def registry_token(site: Site, user: str, password: str) -> str:
    return str(sign_in(site.registry, site.api, user, password, "registry:publish")["access_token"])


def mcp_status(site: Site, token: str) -> httpx.Response:
    """An MCP ``initialize`` over raw HTTP with ``token``: 200 when the endpoint takes the token."""
    return httpx.post(
        site.mcp,
        headers={"Authorization": f"Bearer {token}", "Accept": "application/json, text/event-stream"},
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
        timeout=30,
    )


def confidential_sign_in(site: Site, user: str, password: str, scopes: str) -> tuple[str, str, str]:
    """(client_id, client_secret, access token) of a confidential client that ``user`` signed in to."""
    with httpx.Client(timeout=30) as http:
        registered = http.post(
            f"{site.base}/register",
            json={**public_client("a web app"), "token_endpoint_auth_method": "client_secret_post"},
        )
        assert registered.status_code == 201, registered.text
        client_id, secret = registered.json()["client_id"], registered.json()["client_secret"]
        verifier, challenge = pkce()
        authorize = http.get(
            f"{site.base}/authorize", params=authorize_params(client_id, challenge, scope=scopes, resource=site.mcp)
        )
        form = consent_form(http.get(authorize.headers["location"]))
        done = http.post(form.action, data={**form.fields, "username": user, "password": password, "decision": "allow"})
        exchanged = http.post(
            f"{site.base}/token",
            data={
                "grant_type": "authorization_code",
                "client_id": client_id,
                "client_secret": secret,
                "code": code_of(done),
                "redirect_uri": REDIRECT,
                "code_verifier": verifier,
            },
        )
        assert exchanged.status_code == 200, exchanged.text
        return client_id, secret, str(exchanged.json()["access_token"])


def introspect(site: Site, token: str, client_id: str, secret: str) -> dict[str, Any]:
    answer = httpx.post(
        f"{site.base}/introspect", data={"token": token, "client_id": client_id, "client_secret": secret}, timeout=30
    )
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


# --- 1. a registry account is not an MCP account --------------------------------------------------------------------


async def test_a_registry_sign_up_is_not_an_mcp_account_until_the_operator_says_so(site: Site) -> None:
    password = "mallory's long password"
    assert sign_up(site, "mallory", password).status_code == 201  # the page with the recovery codes
    # The anonymous visitor's new account signs in at /mcp and is given nothing of the MCP servers.
    refused = consent_as(site, "mallory", password, "memory:read memory:write scheduler:write reflection:write")
    assert refused.status_code == 403 and "location" not in refused.headers
    assert "may not hold any of the scopes" in refused.text
    # It is a registry account: it publishes under its own name.
    published = publish(site, registry_token(site, "mallory", password), "mallory-notes")
    assert published.status_code == 201, published.text

    # The operator grants it what a user they add would hold; then it is an MCP account.
    shown = site.cairn("auth", "scopes", "mallory", "--add", "default").stdout.decode()
    assert "memory:read" in shown and "nodehost:exec" not in shown
    tokens = sign_in(site.base, site.mcp, "mallory", password, "memory:read memory:write nodehost:exec")
    assert tokens["scope"] == "memory:read memory:write"
    async with Client(site.mcp, auth=tokens["access_token"]) as client:
        await client.call_tool("memory_write", {"content": "granted by the operator"})


# --- 2. removal is immediate ----------------------------------------------------------------------------------------


async def test_a_removed_users_tokens_are_refused_from_their_next_request(site: Site) -> None:
    password = "erin's long password"
    site.add_user("erin", password)
    access = sign_in(site.base, site.mcp, "erin", password, "memory:read memory:write")["access_token"]
    jwt = registry_token(site, "erin", password)
    api_token = httpx.post(
        f"{site.api}/tokens", headers={"Authorization": f"Bearer {jwt}"}, json={"label": "cli"}, timeout=30
    ).json()["token"]
    async with Client(site.mcp, auth=access) as open_session:
        await open_session.call_tool("memory_write", {"content": "before removal"})
        removed = site.cairn("auth", "remove-user", "erin").stdout.decode()
        assert "disabled and signed out" in removed
        # The session she already had open: its next request is refused.
        with pytest.raises(Exception):  # noqa: B017 - the transport's 401, whatever the client turns it into
            await open_session.call_tool("memory_write", {"content": "after removal"})
    refused = mcp_status(site, access)
    assert refused.status_code == 401 and 'error="invalid_token"' in refused.headers["www-authenticate"]
    for credential in (jwt, api_token):  # the registry's own tokens of hers too
        me = httpx.get(f"{site.api}/me", headers={"Authorization": f"Bearer {credential}"}, timeout=30)
        assert me.status_code == 401, me.text

    # Added again, she signs in anew; the tokens of the login that was ended stay refused.
    site.add_user("erin", password)
    assert mcp_status(site, access).status_code == 401
    fresh = sign_in(site.base, site.mcp, "erin", password, "memory:read")["access_token"]
    assert mcp_status(site, fresh).status_code == 200


# --- 6. introspection ----------------------------------------------------------------------------------------------


def test_only_the_tokens_own_client_and_named_resource_servers_introspect(site: Site) -> None:
    alices = sign_in(site.base, site.mcp, "alice", PASSWORDS["alice"], "memory:read")["access_token"]
    # Anyone may register a confidential client: it learns nothing about another's token.
    stranger = httpx.post(
        f"{site.base}/register",
        json={**public_client("curious"), "token_endpoint_auth_method": "client_secret_post"},
        timeout=30,
    ).json()
    assert introspect(site, alices, stranger["client_id"], stranger["client_secret"]) == {"active": False}

    seen = introspect(site, alices, *RESOURCE_SERVER)
    assert seen["active"] is True and seen["sub"] == "alice" and seen["scope"] == "memory:read"

    client_id, secret, own = confidential_sign_in(site, "bob", PASSWORDS["bob"], "memory:read")
    mine = introspect(site, own, client_id, secret)
    assert mine["active"] is True and mine["sub"] == "bob" and mine["client_id"] == client_id
    assert introspect(site, alices, client_id, secret) == {"active": False}


# --- 10. redirect URIs --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("redirect", ["http://127.0.0.1:9/callback#steal", "https://app.example/cb#"])
def test_a_redirect_uri_with_a_fragment_is_refused(site: Site, redirect: str) -> None:
    answer = httpx.post(f"{site.base}/register", json=public_client("fragment", redirect), timeout=30)
    assert answer.status_code == 400, answer.text
    body = answer.json()
    assert body["error"] == "invalid_redirect_uri" and "fragment" in body["error_description"]


# --- 11. names that pass for the project's own ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def alices_registry_token(site: Site) -> str:
    return registry_token(site, "alice", PASSWORDS["alice"])


@pytest.mark.parametrize(
    ("name", "org"),
    [
        ("cairn", None),
        ("cairn-official", None),
        ("claude-official", None),
        ("anthropic-tools", None),
        ("team-notes", "cairn-team"),
    ],
)
def test_anyone_cannot_publish_under_the_projects_names(
    site: Site, alices_registry_token: str, name: str, org: str | None
) -> None:
    refused = publish(site, alices_registry_token, name, **({"org": org} if org else {}))
    assert refused.status_code == 403 and refused.json()["error"] == "reserved_name", refused.text
    assert "reserved" in refused.json()["message"]
    assert httpx.get(f"{site.api}/skills/{name}", timeout=30).status_code == 404


def test_the_operator_publishes_under_a_reserved_name_and_sign_up_cannot_take_one(site: Site) -> None:
    published = publish(site, registry_token(site, "admin", ADMIN_PASSWORD), "cairn-official")
    assert published.status_code == 201, published.text
    taken = sign_up(site, "cairn-team", "a long enough password")
    assert taken.status_code == 400 and "reserved" in taken.text


# --- sign-in limits on a shared address ------------------------------------------------------------------------------


def test_someone_spraying_usernames_from_a_shared_address_does_not_lock_out_a_known_browser(site: Site) -> None:
    shared = {"X-Forwarded-For": "198.51.100.7"}  # one office behind one NAT, as the proxy reports it
    with httpx.Client(timeout=30, headers=shared) as bobs, httpx.Client(timeout=30, headers=shared) as attacker:
        assert consent_as(site, "bob", PASSWORDS["bob"], "memory:read", bobs).status_code == 302
        bobs.cookies.delete("cairn_session")  # the 12-hour session ended; the browser is still known for bob

        guesses = [consent_as(site, f"guess{i}", "password1", "memory:read", attacker) for i in range(SPRAY_LIMIT)]
        assert [g.status_code for g in guesses] == [401] * SPRAY_LIMIT
        # The address is locked for everyone without a known browser, even with the right password ...
        assert consent_as(site, "alice", PASSWORDS["alice"], "memory:read", attacker).status_code == 429
        # ... but bob's browser still signs him in ...
        assert consent_as(site, "bob", PASSWORDS["bob"], "memory:read", bobs).status_code == 302
        bobs.cookies.delete("cairn_session")
        # ... and is known for bob only: as alice it meets the address's lock like anyone.
        assert consent_as(site, "alice", PASSWORDS["alice"], "memory:read", bobs).status_code == 429
