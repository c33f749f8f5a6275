"""The remaining boundaries, attacked through a real ``cairn serve all`` process: an approval prompt whose target
is swapped while it is open, sign-in limits dodged with ``X-Forwarded-For``, public-client revocation, and the
modes of everything the running suite keeps under CAIRN_HOME."""

from __future__ import annotations

import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from servers.auth.client import _FormParser
from tests.security.conftest import PASSWORDS, Suite, register_client, running_suite, sign_in
from tests.support_oauth import REDIRECT

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Suite]:
    with running_suite(tmp_path_factory.mktemp("suite"), CAIRN_NODEHOST__SANDBOX="off") as running:
        yield running


async def test_an_approved_write_lands_only_where_it_was_approved(suite: Suite, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    link = suite.workspace / "out.txt"
    link.symlink_to(outside / "a.txt")
    asked: list[str] = []

    async def swap_then_allow(message: str, response_type: Any, params: Any, context: Any) -> dict[str, str]:
        asked.append(message)
        link.unlink()
        link.symlink_to(outside / "b.txt")  # swapped while the user reads the prompt
        return {"decision": "allow_once"}

    token = suite.token("nodehost:exec")
    async with Client(suite.mcp, auth=token, elicitation_handler=swap_then_allow, mode="legacy") as client:
        with pytest.raises(ToolError, match="changed while waiting for approval"):
            await client.call_tool("nodehost_fs_write", {"path": "out.txt", "content": "approved for a.txt only"})
    assert asked and str(outside / "a.txt") in asked[0]
    assert list(outside.iterdir()) == []  # neither the approved nor the swapped-in target was written


def failed_sign_in(http: httpx.Client, base: str, mcp: str, user: str, forwarded_for: str) -> int:
    client_id = register_client(http, base)
    authorize = http.get(
        f"{base}/authorize",
        params={
            "response_type": "code",
            "client_id": client_id,
            "redirect_uri": REDIRECT,
            "code_challenge": "x" * 43,
            "code_challenge_method": "S256",
            "scope": "memory:read",
            "resource": mcp,
        },
    )
    page = http.get(authorize.headers["location"])
    form = _FormParser()
    form.feed(page.text)
    assert form.action
    done = http.post(
        form.action,
        data={**form.fields, "username": user, "password": "wrong", "decision": "allow"},
        headers={"X-Forwarded-For": forwarded_for},
    )
    return done.status_code


def test_rotating_forwarded_for_does_not_dodge_the_sign_in_limit(suite: Suite) -> None:
    with httpx.Client(timeout=30) as http:
        statuses = [failed_sign_in(http, suite.base, suite.mcp, "bob", f"203.0.113.{i}") for i in range(1, 8)]
    assert statuses[:5] == [401] * 5 and statuses[5:] == [429, 429]


def test_a_public_client_revokes_with_its_client_id_alone(suite: Suite) -> None:
    tokens = sign_in(suite.base, suite.mcp, "alice", PASSWORDS["alice"], "memory:read")
    with httpx.Client(timeout=30) as http:
        revoked = http.post(
            f"{suite.base}/revoke", data={"token": tokens["refresh_token"], "client_id": tokens["client_id"]}
        )
        assert revoked.status_code == 200, revoked.text
        refreshed = http.post(
            f"{suite.base}/token",
            data={
                "grant_type": "refresh_token",
                "refresh_token": tokens["refresh_token"],
                "client_id": tokens["client_id"],
            },
        )
    assert refreshed.status_code == 400 and refreshed.json()["error"] == "invalid_grant"


def test_everything_under_cairn_home_is_private(suite: Suite) -> None:
    suite.token("memory:read")  # keys and tokens exist once someone signed in
    seen = 0
    for path in [suite.home, *suite.home.rglob("*")]:
        mode = stat.S_IMODE(path.lstat().st_mode)
        if path.is_symlink():
            continue
        seen += 1
        assert mode & 0o077 == 0, f"{path} is {oct(mode)}"
        if path.is_dir():
            assert mode == 0o700, f"{path} is {oct(mode)}"
    assert seen > 10
