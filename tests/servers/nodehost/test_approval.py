"""Approval through MCP elicitation, on both protocol eras: granted, always, denied, unavailable."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastmcp import Client
from fastmcp.client.elicitation import ElicitResult
from fastmcp.exceptions import ToolError
from mcp_types import Implementation

from servers.nodehost.host import NodeHost
from servers.nodehost.server import create_server

MODES = ["auto", "legacy"]  # 2026-07-28 input-required rounds, and handshake-era ctx.elicit


class User:
    """A scripted person behind the host: answers every approval form with ``answer``."""

    def __init__(self, answer: str | None) -> None:
        self.answer = answer
        self.messages: list[str] = []

    async def __call__(self, message: str, response_type: Any, params: Any, context: Any) -> Any:
        self.messages.append(message)
        if self.answer is None:
            return ElicitResult(action="decline")
        return {"decision": self.answer}


@pytest.fixture
def shell_host(make_host: Callable[..., NodeHost]) -> NodeHost:
    return make_host(allow_shell=True, executables=["echo"])


@pytest.mark.parametrize("mode", MODES)
async def test_granted_once_runs_and_is_audited(shell_host: NodeHost, mode: str) -> None:
    user = User("allow_once")
    async with Client(create_server(host=shell_host), elicitation_handler=user, mode=mode) as client:  # type: ignore[arg-type]
        result = await client.call_tool("system_run", {"argv": ["sh", "-c", "echo approved"]})
        assert result.structured_content["stdout"] == "approved"
        await client.call_tool("system_run", {"argv": ["sh", "-c", "echo approved"]})
    assert len(user.messages) == 2  # allow_once is not remembered
    message = user.messages[0]
    assert '"sh", "-c", "echo approved"' in message and "executable" in message and "cwd" in message
    assert "shell/interpreter" in message
    decisions = [e["decision"] for e in shell_host.audit.entries() if e["tool"] == "system_run"]
    assert decisions[-1] == "approved"


@pytest.mark.parametrize("mode", MODES)
async def test_always_is_remembered_for_that_exact_binding_only(shell_host: NodeHost, mode: str) -> None:
    user = User("always")
    async with Client(create_server(host=shell_host), elicitation_handler=user, mode=mode) as client:  # type: ignore[arg-type]
        await client.call_tool("system_run", {"argv": ["sh", "-c", "echo one"]})
        await client.call_tool("system_run", {"argv": ["sh", "-c", "echo one"]})
        assert len(user.messages) == 1
        await client.call_tool("system_run", {"argv": ["sh", "-c", "echo two"]})  # other argv: asks again
        assert len(user.messages) == 2
    # Remembered for other clients too (a third identical call from the same client would be a loop).
    async with Client(create_server(host=shell_host), client_info=Implementation(name="other", version="1")) as client:
        result = await client.call_tool("system_run", {"argv": ["sh", "-c", "echo one"]})
        assert result.structured_content["stdout"] == "one"
        with pytest.raises(ToolError, match="cannot ask the user"):
            await client.call_tool("system_run", {"argv": ["sh", "-c", "echo three"]})
    assert shell_host.audit.entries()[-2]["decision"] == "remembered"


@pytest.mark.parametrize("mode", MODES)
async def test_denied_is_refused_and_nothing_runs(shell_host: NodeHost, root: Path, mode: str) -> None:
    async with Client(create_server(host=shell_host), elicitation_handler=User("deny"), mode=mode) as client:  # type: ignore[arg-type]
        with pytest.raises(ToolError, match="the user declined system_run"):
            await client.call_tool("system_run", {"argv": ["sh", "-c", "echo x > made.txt"]})
    async with Client(create_server(host=shell_host), elicitation_handler=User(None), mode=mode) as client:  # type: ignore[arg-type]
        with pytest.raises(ToolError, match="the user declined"):
            await client.call_tool("system_run", {"argv": ["sh", "-c", "echo x > made.txt"]})
    assert not (root / "made.txt").exists()
    assert shell_host.audit.entries()[-1]["decision"] == "approval_denied"


@pytest.mark.parametrize("mode", MODES)
async def test_no_elicitation_means_a_clear_refusal(shell_host: NodeHost, mode: str) -> None:
    async with Client(create_server(host=shell_host), mode=mode) as client:  # type: ignore[arg-type]
        with pytest.raises(ToolError, match=r"cannot ask the user \(no MCP elicitation support\): refused"):
            await client.call_tool("system_run", {"argv": ["sh", "-c", "echo x"]})
        perms = (await client.call_tool("permissions", {})).structured_content
        assert perms["approval"]["available"] is False
    assert shell_host.audit.entries()[-2]["decision"] == "approval_unavailable"


@pytest.mark.parametrize("mode", MODES)
async def test_writes_outside_the_workspace_ask_first(
    make_host: Callable[..., NodeHost], tmp_path: Path, mode: str
) -> None:
    outside = tmp_path / "elsewhere" / "note.txt"
    user = User("allow_once")
    async with Client(create_server(host=make_host()), elicitation_handler=user, mode=mode) as client:  # type: ignore[arg-type]
        written = await client.call_tool("fs_write", {"path": str(outside), "content": "hi"})
        assert written.structured_content["inside_workspace"] is False and outside.read_text() == "hi"
        assert "writes outside the workspace" in user.messages[0]
        await client.call_tool("fs_write", {"path": "inside.txt", "content": "no question"})
        assert len(user.messages) == 1
    async with Client(create_server(host=make_host(write_outside_roots="deny")), elicitation_handler=user) as client:
        with pytest.raises(ToolError, match="write_outside_roots: deny"):
            await client.call_tool("fs_write", {"path": str(outside), "content": "no"})


async def test_profile_ask_rules_use_the_same_approval(make_host: Callable[..., NodeHost], cairn_home: Path) -> None:
    (cairn_home / "nodehost").mkdir(parents=True)
    (cairn_home / "nodehost" / "policy.yaml").write_text(
        "version: 1\nprofiles:\n  - name: default\n    policy: {ask: [{tool: fs_read}]}\n"
    )
    host = make_host()
    (Path(host.workspace.primary) / "a.txt").write_text("secret-ish")
    user = User("allow_once")
    async with Client(create_server(host=host), elicitation_handler=user) as client:
        assert "secret-ish" in (await client.call_tool("fs_read", {"path": "a.txt"})).structured_content["content"]
    assert "'default' policy profile asks before each fs_read call" in user.messages[0]


class Swapper(User):
    """Approves, but first re-points ``link`` at ``to``: the symlink is swapped while the prompt is open."""

    def __init__(self, link: Path, to: Path) -> None:
        super().__init__("allow_once")
        self.link, self.to = link, to

    async def __call__(self, message: str, response_type: Any, params: Any, context: Any) -> Any:
        self.link.unlink()
        self.link.symlink_to(self.to)
        return await super().__call__(message, response_type, params, context)


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    return folder


@pytest.mark.parametrize("swap_to", ["b.txt", "token"])
async def test_a_write_lands_only_where_it_was_approved(
    make_host: Callable[..., NodeHost], root: Path, outside: Path, cairn_home: Path, swap_to: str
) -> None:
    host = make_host()
    server = create_server(host=host)  # creates the REST token under CAIRN_HOME
    token = cairn_home / "nodehost" / "token"
    before = token.read_bytes()
    b = token if swap_to == "token" else outside / "b.txt"
    (root / "out.txt").symlink_to(outside / "a.txt")
    user = Swapper(root / "out.txt", b)
    async with Client(server, elicitation_handler=user, mode="legacy") as client:
        with pytest.raises(ToolError) as caught:
            await client.call_tool("fs_write", {"path": "out.txt", "content": "approved for a.txt only"})
    assert str(outside / "a.txt") in user.messages[0]
    if swap_to == "token":
        assert "inside Cairn's own data" in str(caught.value)
    else:
        assert "the target changed while waiting for approval" in str(caught.value)
        assert "nothing written" in str(caught.value)
    assert not (outside / "a.txt").exists()
    assert not (outside / "b.txt").exists()
    assert token.read_bytes() == before
    assert sorted(p.name for p in outside.iterdir()) == [] and sorted(p.name for p in root.iterdir()) == ["out.txt"]


async def test_a_run_approved_for_one_file_does_not_read_another(
    make_host: Callable[..., NodeHost], root: Path, outside: Path, cairn_home: Path
) -> None:
    host = make_host()
    (outside / "a.txt").write_text("shown to the user\n")
    (outside / "b.txt").write_text("never approved\n")
    (root / "in.txt").symlink_to(outside / "a.txt")
    key = cairn_home / "auth" / "keys" / "k.json"
    key.parent.mkdir(parents=True)
    key.write_text("PRIVATE-KEY-MATERIAL\n")
    for target, expected in ((outside / "b.txt", "changed while waiting for approval"), (key, "Cairn's own data")):
        user = Swapper(root / "in.txt", target)
        async with Client(create_server(host=host), elicitation_handler=user, mode="legacy") as client:
            with pytest.raises(ToolError, match=expected) as caught:
                await client.call_tool("system_run", {"argv": ["cat", "in.txt"]})
        assert str(outside / "a.txt") in user.messages[0] and "outside the workspace" in user.messages[0]
        assert "never approved" not in str(caught.value) and "PRIVATE-KEY" not in str(caught.value)
        (root / "in.txt").unlink()
        (root / "in.txt").symlink_to(outside / "a.txt")
    runs = [e for e in host.audit.entries() if e["tool"] == "system_run"]
    assert all(e.get("exit_status") is None for e in runs)  # nothing ran
