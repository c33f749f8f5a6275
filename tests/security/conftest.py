"""One real ``cairn serve all`` process with OAuth on, shared by the attacks of a module, and real tokens.

The process runs as users run it (``python -m servers.suite.cli.main serve all``) with its own CAIRN_HOME and a
nodehost workspace beside it. Tokens come from Cairn's own authorization server through the whole
authorization-code + PKCE flow over raw HTTP, signed in as alice or bob, with exactly the scopes a test asks.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import REPO_ROOT
from tests.support import cairn_process, free_port
from tests.support import child_env as support_child_env
from tests.support_oauth import REDIRECT, authorize_params, code_of, consent_form, pkce, public_client

PASSWORDS = {"alice": "alice's long password", "bob": "bob's long password"}


@dataclass
class Suite:
    base: str
    home: Path
    workspace: Path
    _tokens: dict[tuple[str, str], str] = field(default_factory=dict)

    @property
    def mcp(self) -> str:
        return f"{self.base}/mcp"

    def token(self, scopes: str, user: str = "alice") -> str:
        """An access token for ``user`` with ``scopes`` (space-separated), through the real sign-in flow."""
        key = (user, scopes)
        if key not in self._tokens:
            self._tokens[key] = sign_in(self.base, self.mcp, user, PASSWORDS[user], scopes)["access_token"]
        return self._tokens[key]


def register_client(http: httpx.Client, base: str) -> str:
    response = http.post(f"{base}/register", json=public_client("security test"))
    assert response.status_code == 201, response.text
    return str(response.json()["client_id"])


def sign_in(base: str, resource: str, user: str, password: str, scopes: str) -> dict[str, Any]:
    """Register a public client, consent as ``user`` and exchange the code: the token response."""
    with httpx.Client(timeout=30) as http:  # a fresh cookie jar: no one else's sign-in is remembered
        client_id = register_client(http, base)
        verifier, challenge = pkce()
        authorize = http.get(
            f"{base}/authorize", params=authorize_params(client_id, challenge, scope=scopes, resource=resource)
        )
        assert authorize.status_code == 302, authorize.text
        form = consent_form(http.get(authorize.headers["location"]))
        done = http.post(form.action, data={**form.fields, "username": user, "password": password, "decision": "allow"})
        code = code_of(done)
        response = http.post(
            f"{base}/token",
            data={
                "grant_type": "authorization_code",
                "client_id": client_id,
                "code": code,
                "redirect_uri": REDIRECT,
                "code_verifier": verifier,
            },
        )
        assert response.status_code == 200, response.text
        tokens: dict[str, Any] = response.json()
        tokens["client_id"] = client_id
        return tokens


def child_env(home: Path, workspace: Path, **extra: str) -> dict[str, str]:
    return support_child_env(home, CAIRN_EMBEDDER="none", CAIRN_NODEHOST__ROOTS=json.dumps([str(workspace)]), **extra)


@contextmanager
def running_suite(root: Path, *, cwd: Path | None = None, **extra_env: str) -> Iterator[Suite]:
    """``cairn serve all`` on a fresh home under ``root`` with alice and bob as users, until the block ends;
    the process runs in ``cwd`` (default: the workspace)."""
    home, workspace = root / "home", root / "work"
    workspace.mkdir(parents=True)
    (workspace / "README.md").write_text("# a project\nhello from the workspace\n")
    env = child_env(home, workspace, **extra_env)
    for user, password in PASSWORDS.items():
        # Every scope, nodehost:exec included: the attacks below need tokens with whatever they ask for.
        subprocess.run(
            [
                sys.executable,
                "-m",
                "servers.suite.cli.main",
                "auth",
                "add-user",
                user,
                "--password-stdin",
                "--scopes",
                "all",
            ],
            input=password.encode(),
            env=env,
            cwd=REPO_ROOT,
            check=True,
            capture_output=True,
        )
    port = free_port()
    argv = ["serve", "all", "--port", str(port), "--no-registry"]
    with cairn_process(argv, env=env, cwd=cwd or workspace, port=port) as base:
        yield Suite(base, home, workspace)


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Suite]:
    with running_suite(tmp_path_factory.mktemp("suite")) as running:
        yield running
