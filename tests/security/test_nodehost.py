"""Attacks through nodehost with a real ``nodehost:exec`` token: reading Cairn's own secrets (the signing
keys, the REST token, the databases) by every argument shape a program accepts. Without an OS sandbox (set
off here, so the argument checks alone are what is tested), each must be refused and leak nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError

from tests.security.conftest import Suite, running_suite

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Suite]:
    with running_suite(tmp_path_factory.mktemp("suite"), CAIRN_NODEHOST__SANDBOX="off") as running:
        yield running


def secrets_of(suite: Suite) -> list[str]:
    """Lines of every secret file under CAIRN_HOME that must never come back to a caller."""
    token = (suite.home / "nodehost" / "token").read_text().strip()
    keys = sorted((suite.home / "auth" / "keys").glob("*.json"))
    assert token and keys
    # A private key file names its private exponent; any 32 characters of it would be a leak.
    return [token[:32], *(json.loads(p.read_text())["jwk"]["d"][:32] for p in keys)]


def private_key(suite: Suite) -> Path:
    return sorted((suite.home / "auth" / "keys").glob("*.json"))[0]


def attacks(suite: Suite) -> list[tuple[str, dict[str, Any]]]:
    key = private_key(suite)
    relative_home = "../" + suite.home.name
    return [
        ("system_run", {"argv": ["cat", str(key)]}),
        ("system_run", {"argv": ["cat", f"{relative_home}/auth/keys/{key.name}"]}),
        ("system_run", {"argv": ["date", f"-f{relative_home}/nodehost/token"]}),
        ("system_run", {"argv": ["grep", f"--file={relative_home}/nodehost/token", "README.md"]}),
        ("system_run", {"argv": ["grep", "-r", "-h", "", relative_home]}),
        ("system_run", {"argv": ["grep", "-r", "-h", "", ".."]}),
        ("system_run", {"argv": ["head", "-c", "4096", str(suite.home / "auth" / "auth.db")]}),
        ("system_run", {"argv": ["cat", "keys-link/" + key.name]}),
        ("fs_read", {"path": str(key)}),
        ("fs_read", {"path": "keys-link/" + key.name}),
        ("fs_grep", {"pattern": "kty", "path": relative_home}),
        ("fs_glob", {"pattern": "**/*.json", "path": relative_home}),
        ("fs_write", {"path": f"{relative_home}/nodehost/token", "content": "attacker-chosen"}),
    ]


async def test_nodehost_never_reads_or_writes_cairns_own_data(suite: Suite) -> None:
    token = suite.token("nodehost:exec")  # signing it makes the key files exist
    (suite.workspace / "keys-link").symlink_to(suite.home / "auth" / "keys")
    secrets = secrets_of(suite)
    token_before = (suite.home / "nodehost" / "token").read_bytes()
    async with Client(suite.mcp, auth=token) as client:
        for tool, arguments in attacks(suite):
            result = await client.call_tool(f"nodehost_{tool}", arguments, raise_on_error=False)
            text = "\n".join(getattr(block, "text", "") for block in result.content)
            assert result.is_error, f"{tool} {arguments} was not refused: {text[:300]}"
            assert "Cairn's own data" in text or "protected" in text, f"{tool} {arguments}: {text[:300]}"
            assert not any(secret in text for secret in secrets), f"{tool} {arguments} leaked a secret"
    assert (suite.home / "nodehost" / "token").read_bytes() == token_before


async def test_the_workspace_still_works(suite: Suite) -> None:
    async with Client(suite.mcp, auth=suite.token("nodehost:exec")) as client:
        shown = await client.call_tool("nodehost_system_run", {"argv": ["cat", "README.md"]})
        assert "hello from the workspace" in str(shown.structured_content)
        found = await client.call_tool("nodehost_system_run", {"argv": ["grep", "-r", "hello", "."]})
        assert "README.md" in str(found.structured_content)


async def test_exec_needs_the_exec_scope(suite: Suite) -> None:
    async with Client(suite.mcp, auth=suite.token("memory:read memory:write scheduler:write")) as client:
        assert not [t for t in await client.list_tools() if t.name.startswith("nodehost_")]
        with pytest.raises(ToolError):
            await client.call_tool("nodehost_system_run", {"argv": ["id"]})
