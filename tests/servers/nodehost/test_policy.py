"""Tool policy: deny-first rules, groups, profiles by client/role/transport, list filtering."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from fastmcp import Client
from fastmcp.exceptions import ToolError
from mcp_types import Implementation

from servers.nodehost.host import NodeHost
from servers.nodehost.paths import ConfigError
from servers.nodehost.policy import Caller, PolicyFile, Rule, ToolPolicy, load_policy
from servers.nodehost.server import create_server


def test_deny_wins_over_allow_and_empty_allow_allows_everything() -> None:
    assert ToolPolicy().access("system_run") == "allowed"
    both = ToolPolicy(deny=[Rule(tool="fs_write")], allow=[Rule(group="fs")])
    assert both.access("fs_write") == "denied" and both.access("fs_read") == "allowed"
    assert both.access("system_run") == "denied"  # allow list present and not matched
    assert ToolPolicy(deny=[Rule(group="group:exec")]).access("system_output") == "denied"
    assert ToolPolicy(ask=[Rule(group="write")]).access("fs_edit") == "ask"
    everything = ToolPolicy(deny=[Rule(group=g) for g in ("fs", "search", "exec", "desktop", "meta")])
    assert {everything.access(t) for t in ("fs_read", "fs_glob", "system_run", "clipboard", "permissions")} == {
        "denied"
    }


def test_a_rule_names_exactly_one_target() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        Rule()
    with pytest.raises(ValueError, match="exactly one"):
        Rule(group="fs", tool="fs_read")


def test_profile_selection_first_match_then_default() -> None:
    policy = PolicyFile.model_validate(
        {
            "profiles": [
                {"name": "default", "policy": {"deny": [{"tool": "clipboard"}]}},
                {"name": "desktop-app", "match": {"clients": ["claude-*"]}, "policy": {"deny": [{"group": "exec"}]}},
                {"name": "gateway", "match": {"transports": ["rest"], "roles": ["gateway"]}},
            ]
        }
    )
    assert policy.profile_for(Caller(client="claude-desktop")).name == "desktop-app"
    assert policy.profile_for(Caller(client="x", transport="rest", role="gateway")).name == "gateway"
    assert policy.profile_for(Caller(client="x", transport="rest", role=None)).name == "default"
    assert PolicyFile().profile_for(Caller()).name == "default"  # built in: desktop tools ask
    assert PolicyFile().profile_for(Caller()).policy.access("screen_capture") == "ask"


def test_policy_file_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "policy.yaml"
    bad.write_text("version: 1\nprofiles:\n  - name: x\n    policy: {deny: [{groop: fs}]}\n")
    with pytest.raises(ConfigError, match=r"policy\.yaml is not valid"):
        load_policy(bad)
    assert load_policy(tmp_path / "absent.yaml") == PolicyFile()
    good = tmp_path / "policy.json"
    good.write_text('{"version": 1, "allow_shell": true, "executables": ["ls"]}')
    assert load_policy(good).allow_shell is True


async def test_denied_tools_are_hidden_and_refused_per_client(
    make_host: Callable[..., NodeHost], cairn_home: Path
) -> None:
    (cairn_home / "nodehost").mkdir(parents=True)
    (cairn_home / "nodehost" / "policy.yaml").write_text(
        "version: 1\n"
        "profiles:\n"
        "  - name: readonly\n"
        "    match: {clients: [reader]}\n"
        "    policy: {deny: [{group: write}, {group: exec}]}\n"
    )
    server = create_server(host=make_host())
    async with Client(server, client_info=Implementation(name="reader", version="1")) as client:
        names = {t.name for t in await client.list_tools()}
        assert "fs_write" not in names and "system_run" not in names and "fs_read" in names
        with pytest.raises(ToolError, match="denied by the 'readonly' policy profile"):
            await client.call_tool("fs_write", {"path": "a.txt", "content": "x"})
        perms = (await client.call_tool("permissions", {})).structured_content
        assert perms["profile"] == "readonly" and perms["tools"]["fs_edit"] == "denied"
    async with Client(server) as client:
        assert "fs_write" in {t.name for t in await client.list_tools()}
